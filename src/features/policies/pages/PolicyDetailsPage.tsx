import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { NavPage } from '@openshift-console/dynamic-plugin-sdk';
import { Spinner } from '@patternfly/react-core';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { PolicyModel } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { DataState } from '../../../shared/ui/DataState';
import { DetailsPage, type DetailsAction, useStandardTabs } from '../../../shared/ui/DetailsPage';
import { deniedVerbs, ReadOnlyNotice } from '../../../shared/ui/ReadOnlyNotice';
import { ResourceYamlTab } from '../../../shared/ui/ResourceYamlTab';
import { threeWayMerge } from '../../../shared/logic/merge';
import { nmstateListIdentity } from '../../../shared/logic/nmstateMergeIdentity';
import type { KindMerge } from '../../../shared/logic/yamlDraft';
import { recordPolicyRevision } from '../../rollback/data/revisionStore';
import { getRolloutState } from '../../rollback/logic/rollout';
import {
  useEnactments,
  useNodeNetworkStates,
  useNodes,
  usePolicy,
  usePolicyEventList,
  usePolicyPermissions,
  type PolicyPermissions,
} from '../data/usePolicyData';
import {
  PolicyDetailsTab,
  PolicyEnactmentsTab,
  PolicyEventsTab,
  PolicyHistoryTab,
  type PolicyTabData,
} from '../components/PolicyDetails';
import { DeletePolicyModal } from '../components/DeletePolicyModal';
import { useResourceYamlCodec } from '../components/useResourceYamlCodec';
import {
  getPolicyCloneUrl,
  getPolicyEditUrl,
  getPolicyHistoryUrl,
  POLICY_LIST_URL,
} from '../components/urls';

/** The History tab's query parameter that opens its rollback or revert panel. */
const HISTORY_ACTION = 'action';

interface TabData extends PolicyTabData {
  permissions: PolicyPermissions;
  deleted: boolean;
}
interface TabProps {
  obj?: NodeNetworkConfigurationPolicy;
  customData?: TabData;
}

// The editor's merge, so the YAML tab re-applies a draft exactly as the policy editor does.
const mergePolicy: KindMerge<NodeNetworkConfigurationPolicy> = (base, mine, theirs, choices) =>
  threeWayMerge(base, mine, theirs, { identity: nmstateListIdentity, choices });
const recordRevision = (saved: NodeNetworkConfigurationPolicy) => {
  // Best effort, as after the editor's save: the save itself already succeeded.
  recordPolicyRevision(saved, { written: true }).catch(() => undefined);
};

// Stable tab components: HorizontalNav hands them the policy as `obj` and the page's customData.
const DetailsTab = ({ obj, customData }: TabProps) =>
  obj && customData ? (
    <div className="pf-v6-u-p-md">
      <PolicyDetailsTab policy={obj} data={customData} />
    </div>
  ) : null;
const EnactmentsTab = ({ obj, customData }: TabProps) =>
  obj && customData ? (
    <div className="pf-v6-u-p-md">
      <PolicyEnactmentsTab policy={obj} data={customData} />
    </div>
  ) : null;
const EventsTab = ({ obj, customData }: TabProps) =>
  obj && customData ? (
    <div className="pf-v6-u-p-md">
      <PolicyEventsTab policy={obj} data={customData} />
    </div>
  ) : null;
function HistoryTab({ obj }: TabProps) {
  const action = new URLSearchParams(useLocation().search).get(HISTORY_ACTION);
  return obj ? (
    <div className="pf-v6-u-p-md">
      <PolicyHistoryTab
        policy={obj}
        open={action === 'rollback' || action === 'revert' ? action : undefined}
      />
    </div>
  ) : null;
}
function YamlTab({ obj, customData }: TabProps) {
  const { t } = usePluginTranslation();
  const codec = useResourceYamlCodec<NodeNetworkConfigurationPolicy>({
    kind: 'NodeNetworkConfigurationPolicy',
    apiVersionPrefix: 'nmstate.io/',
  });
  if (!obj || !customData) return null;
  if (customData.permissions.loading) return <Spinner size="lg" aria-label={t('Loading')} />;
  return (
    <ResourceYamlTab
      obj={obj}
      model={PolicyModel}
      codec={codec}
      merge={mergePolicy}
      deleted={customData.deleted}
      onSaved={recordRevision}
      readOnly={
        customData.permissions.canUpdate
          ? null
          : {
              title: t(
                'Read only: your role does not allow you to change policies, so this YAML cannot be saved.',
              ),
            }
      }
    />
  );
}

function PolicyDetailsPage(props: { name?: string }) {
  const { t } = usePluginTranslation();
  const params = useParams<{ name?: string }>();
  const name = props.name ?? params.name ?? '';
  const policy = usePolicy(name);
  const nodes = useNodes();
  const hasCaptures = Object.keys(policy.data?.spec.capture ?? {}).length > 0;
  const states = useNodeNetworkStates(hasCaptures);
  const enactments = useEnactments(name);
  const events = usePolicyEventList(name);
  const permissions = usePolicyPermissions(name);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<NodeNetworkConfigurationPolicy | null>(null);
  const data = policy.data;
  const deleted = policy.isDeleted;

  const standard = useStandardTabs(DetailsTab, YamlTab, EventsTab);
  const pages = useMemo<NavPage[]>(
    () => [
      ...standard,
      { href: 'enactments', name: t('Enactments'), component: EnactmentsTab },
      { href: 'history', name: t('History'), component: HistoryTab },
    ],
    [standard, t],
  );
  const customData = useMemo<TabData>(
    () => ({
      nodes: nodes.data,
      nodeNetworkStates: states.data,
      enactments: enactments.data,
      events: events.data,
      now: Date.now(),
      permissions,
      deleted,
    }),
    [nodes.data, states.data, enactments.data, events.data, permissions, deleted],
  );

  // Why an action is off: the policy is gone, the user's role, or (revert) its rollout.
  const reason = useCallback(
    (allowed: boolean): string | undefined =>
      deleted
        ? t('The policy was deleted.')
        : allowed
          ? undefined
          : t('Your role does not allow it.'),
    [deleted, t],
  );
  const rollout = data ? getRolloutState(data, enactments.data) : null;
  // As the history section offers it: an applied policy, or a new one that fails somewhere.
  const revertable =
    rollout !== null &&
    (rollout.outcome === 'Available' ||
      ((rollout.outcome === 'Failing' || rollout.outcome === 'Aborted') &&
        data?.metadata.generation === 1));
  const history = getPolicyHistoryUrl(name);
  const actions: DetailsAction[] = [
    {
      id: 'edit',
      label: t('Edit'),
      to: getPolicyEditUrl(name),
      isDisabled: deleted || !permissions.canUpdate,
      description: reason(permissions.canUpdate),
    },
    {
      id: 'edit-yaml',
      label: t('Edit YAML'),
      to: getPolicyEditUrl(name, 'yaml'),
      isDisabled: deleted || !permissions.canUpdate,
      description: reason(permissions.canUpdate),
    },
    {
      id: 'clone',
      label: t('Clone'),
      to: getPolicyCloneUrl(name),
      isDisabled: !permissions.canCreate,
      description: permissions.canCreate ? undefined : t('Your role does not allow it.'),
    },
    {
      id: 'rollback',
      label: t('Roll back'),
      to: `${history}?${HISTORY_ACTION}=rollback`,
      isDisabled: deleted || !permissions.canUpdate,
      description: reason(permissions.canUpdate) ?? t('To an earlier generation, from its history'),
    },
    {
      id: 'revert',
      label: t('Revert'),
      to: `${history}?${HISTORY_ACTION}=revert`,
      isDisabled: deleted || !permissions.canUpdate || !revertable,
      description:
        reason(permissions.canUpdate) ??
        (revertable
          ? t('Undo its changes on the nodes')
          : t('Only a policy that is Available (or a new one that fails) can be reverted.')),
    },
    {
      id: 'delete',
      label: t('Delete'),
      onClick: () => setDeleting(data ?? null),
      isDanger: true,
      isDisabled: deleted || !permissions.canDelete,
      description: reason(permissions.canDelete),
    },
  ];

  return (
    <>
      {deleting && (
        <DeletePolicyModal
          policy={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => void navigate(POLICY_LIST_URL)}
        />
      )}
      <DetailsPage
        title={name || t('Policy')}
        testId="policy-details"
        breadcrumbs={[{ label: t('Policies'), to: POLICY_LIST_URL }]}
        actions={data ? actions : []}
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
        resource={data}
        pages={pages}
        customData={customData}
        wrapTabs={(tabs) => (
          <DataState result={policy}>
            {data ? (
              tabs
            ) : (
              <p data-test="policy-not-found">{t('Policy {{name}} not found', { name })}</p>
            )}
          </DataState>
        )}
      />
    </>
  );
}

export default withQueryClient(PolicyDetailsPage);
