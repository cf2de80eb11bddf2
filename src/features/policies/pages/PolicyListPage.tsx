import { useDeferredValue, useMemo } from 'react';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { DataState } from '../../../shared/ui/DataState';
import { PageShell } from '../../../shared/ui/PageShell';
import { useEnactments, useNodes, usePolicies, usePolicyPermissions } from '../data/usePolicyData';
import { buildPolicyRows } from '../logic/policyList';
import { CreatePolicyButton, PolicyList } from '../components/PolicyList';

function PolicyListPage() {
  const { t } = usePluginTranslation();
  const policies = usePolicies();
  const enactments = useEnactments();
  const nodes = useNodes();
  const permissions = usePolicyPermissions();
  // Deferred: a long enactment list arrives page by page and a rollout changes hundreds of
  // enactments a second; React renders the newest list in the background and drops the
  // intermediate ones, so typing in the filter or opening a menu never waits for a recount.
  const enactmentList = useDeferredValue(enactments.data);
  const rows = useMemo(
    () => buildPolicyRows(policies.data, enactmentList, nodes.data),
    [policies.data, enactmentList, nodes.data],
  );
  // Ages change by the minute; a coarse clock lets unchanged rows skip re-rendering.
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  return (
    <PageShell
      title={t('Node network configuration policies')}
      testId="policy-list"
      actions={permissions.canCreate ? <CreatePolicyButton /> : undefined}
    >
      <DataState
        result={policies}
        missingApiMessage={t(
          'Install the Kubernetes NMState operator to configure node networking.',
        )}
      >
        <PolicyList rows={rows} permissions={permissions} now={now} />
      </DataState>
    </PageShell>
  );
}

export default withQueryClient(PolicyListPage);
