import { useMemo } from 'react';
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
  const rows = useMemo(
    () => buildPolicyRows(policies.data, enactments.data, nodes.data),
    [policies.data, enactments.data, nodes.data],
  );
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
        <PolicyList rows={rows} permissions={permissions} now={Date.now()} />
      </DataState>
    </PageShell>
  );
}

export default withQueryClient(PolicyListPage);
