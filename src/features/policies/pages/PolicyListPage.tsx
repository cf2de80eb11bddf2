import { useMemo } from 'react';
import { Alert } from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { DataState } from '../../../shared/ui/DataState';
import { PageShell } from '../../../shared/ui/PageShell';
import { deniedVerbs, ReadOnlyNotice } from '../../../shared/ui/ReadOnlyNotice';
import { useNodes, usePolicies, usePolicyPermissions } from '../data/usePolicyData';
import { useEnactmentCounts } from '../data/useEnactmentCounts';
import { buildPolicyRowsFromCounts } from '../logic/policyList';
import { CreatePolicyButton, PolicyList } from '../components/PolicyList';

function PolicyListPage() {
  const { t } = usePluginTranslation();
  const policies = usePolicies();
  const nodes = useNodes();
  const permissions = usePolicyPermissions();
  const enactments = useEnactmentCounts(policies.data, nodes.data, !policies.isMissingApi);
  const rows = useMemo(
    () => buildPolicyRowsFromCounts(policies.data, enactments.counts, nodes.data),
    [policies.data, enactments.counts, nodes.data],
  );
  // Ages change by the minute; a coarse clock lets unchanged rows skip re-rendering.
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  return (
    <PageShell
      title={t('Node network configuration policies')}
      testId="policy-list"
      actions={permissions.canCreate ? <CreatePolicyButton /> : undefined}
      notice={
        <ReadOnlyNotice
          loading={permissions.loading}
          resource={t('policies')}
          denied={deniedVerbs([
            ['create', permissions.canCreate],
            ['update', permissions.canUpdate],
            ['delete', permissions.canDelete],
          ])}
        />
      }
    >
      <DataState
        result={policies}
        loadingView={<PolicyList rows={rows} permissions={permissions} now={now} loaded={false} />}
        missingApiMessage={t(
          'Install the Kubernetes NMState operator to configure node networking.',
        )}
      >
        {enactments.staleSince !== undefined && (
          <Alert
            variant="warning"
            isInline
            isPlain
            title={t(
              'Per-node status is from {{time}}: the connection to the cluster was lost and is being restored.',
              { time: new Date(enactments.staleSince).toLocaleTimeString() },
            )}
            data-test="enactment-counts-stale"
          />
        )}
        {enactments.error && (
          <Alert
            variant="warning"
            isInline
            isPlain
            title={t('Per-node status could not be loaded: {{message}}', {
              message: enactments.error.message,
            })}
            data-test="enactment-counts-error"
          />
        )}
        <PolicyList rows={rows} permissions={permissions} now={now} loaded={!policies.isLoading} />
      </DataState>
    </PageShell>
  );
}

export default PolicyListPage;
