import { useParams } from 'react-router';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { DataState } from '../../../shared/ui/DataState';
import { PageShell } from '../../../shared/ui/PageShell';
import { deniedVerbs, ReadOnlyNotice } from '../../../shared/ui/ReadOnlyNotice';
import {
  useEnactments,
  useNodeNetworkStates,
  useNodes,
  usePolicy,
  usePolicyEventList,
  usePolicyPermissions,
} from '../data/usePolicyData';
import { PolicyActionButtons, PolicyDetails } from '../components/PolicyDetails';

function PolicyDetailsPage(props: { name?: string }) {
  const { t } = usePluginTranslation();
  const params = useParams<{ name?: string }>();
  const name = props.name ?? params.name;
  const policy = usePolicy(name);
  const nodes = useNodes();
  const hasCaptures = Object.keys(policy.data?.spec.capture ?? {}).length > 0;
  const states = useNodeNetworkStates(hasCaptures);
  const enactments = useEnactments(name);
  const events = usePolicyEventList(name);
  const permissions = usePolicyPermissions(name);
  return (
    <PageShell
      title={name ?? t('Policy')}
      testId="policy-details"
      actions={
        // A deleted policy is shown as its last copy; there is nothing left to act on.
        policy.data && !policy.isDeleted ? (
          <PolicyActionButtons policy={policy.data} permissions={permissions} />
        ) : undefined
      }
      notice={
        <ReadOnlyNotice
          loading={permissions.loading}
          resource={t('policies')}
          denied={deniedVerbs([
            ['update', permissions.canUpdate],
            ['delete', permissions.canDelete],
          ])}
        />
      }
    >
      <DataState result={policy}>
        {policy.data ? (
          <PolicyDetails
            policy={policy.data}
            nodes={nodes.data}
            nodeNetworkStates={states.data}
            enactments={enactments.data}
            events={events.data}
            permissions={permissions}
            now={Date.now()}
          />
        ) : (
          <p data-test="policy-not-found">{t('Policy {{name}} not found', { name: name ?? '' })}</p>
        )}
      </DataState>
    </PageShell>
  );
}

export default withQueryClient(PolicyDetailsPage);
