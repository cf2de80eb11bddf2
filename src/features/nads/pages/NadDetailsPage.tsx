import { useMemo, useState } from 'react';
import { Spinner } from '@patternfly/react-core';
import { useNavigate, useParams } from 'react-router';
import { ResourceEventStream, useAccessReview } from '@openshift-console/dynamic-plugin-sdk';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { NadGVK, NadModel } from '../../../shared/k8s/models';
import { useWatchedObject } from '../../../shared/k8s/useWatchedList';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { DataState } from '../../../shared/ui/DataState';
import { DetailsPage, type DetailsAction, useStandardTabs } from '../../../shared/ui/DetailsPage';
import { ResourceYamlTab } from '../../../shared/ui/ResourceYamlTab';
import type { KindMerge } from '../../../shared/logic/yamlDraft';
import { useResourceYamlCodec } from '../../policies/components/useResourceYamlCodec';
import { mergeNadDraft } from '../logic/conflict';
import type { Event, Pod } from '../../../shared/model/k8s';
import type { WatchedResult } from '../../../shared/k8s/useWatchedList';
import type { Finding } from '../model/types';
import { deniedVerbs, ReadOnlyNotice } from '../../../shared/ui/ReadOnlyNotice';
import { isManagedNad } from '../logic/managed';
import { validateNad } from '../logic/validateNad';
import { NadConfiguration, NadDetails, NadPods } from '../components/NadDetails';
import { getEditUrl, getNadListUrl } from '../components/urls';
import { DeleteNadModal } from '../components/DeleteNadModal';
import { useEvents, useNadValidationContext, usePods } from '../data/useNadData';
import { GLOBAL_NAD_NAMESPACES } from '../components/constants';
import '../components/nads.css';

// Stable tab components: HorizontalNav hands them the NAD as `obj` and the page's customData.
interface TabData {
  findings: Finding[];
  pods: WatchedResult<readonly Pod[]>;
  events: Event[];
  /** Why the YAML cannot be saved here, or null; undefined while the access review runs. */
  readOnly: { title: string } | null | undefined;
  deleted: boolean;
}
interface TabProps {
  obj?: NetworkAttachmentDefinition;
  customData?: TabData;
}
const DetailsTab = ({ obj, customData }: TabProps) =>
  obj && customData ? (
    <div className="pf-v6-u-p-md">
      <NadDetails
        nad={obj}
        findings={customData.findings}
        pods={customData.pods.data}
        podsResult={customData.pods}
        events={customData.events}
      />
    </div>
  ) : null;
const ConfigurationTab = ({ obj }: TabProps) =>
  obj ? (
    <div className="pf-v6-u-p-md">
      <NadConfiguration nad={obj} />
    </div>
  ) : null;
const PodsTab = ({ obj, customData }: TabProps) =>
  obj && customData ? (
    <div className="pf-v6-u-p-md">
      <NadPods nad={obj} pods={customData.pods.data} podsResult={customData.pods} />
    </div>
  ) : null;
// The NAD editor's merge (the config's plugins by type), so the YAML tab re-applies a draft as
// the editor does.
const mergeNad: KindMerge<NetworkAttachmentDefinition> = (base, mine, theirs, choices) => {
  const r = mergeNadDraft(base, mine, theirs, choices);
  return { merged: r.nad, conflicts: r.conflicts, unresolved: r.unresolved };
};
function YamlTab({ obj, customData }: TabProps) {
  const { t } = usePluginTranslation();
  const codec = useResourceYamlCodec<NetworkAttachmentDefinition>({
    kind: 'NetworkAttachmentDefinition',
    apiVersionPrefix: 'k8s.cni.cncf.io/',
  });
  if (!obj || !customData) return null;
  if (customData.readOnly === undefined) return <Spinner size="lg" aria-label={t('Loading')} />;
  return (
    <ResourceYamlTab
      obj={obj}
      model={NadModel}
      codec={codec}
      merge={mergeNad}
      deleted={customData.deleted}
      readOnly={customData.readOnly}
    />
  );
}
const EventsTab = ({ obj }: TabProps) => (obj ? <ResourceEventStream resource={obj} /> : null);

function NadDetailsPage(props: { name?: string; namespace?: string }) {
  const { t } = usePluginTranslation();
  const params = useParams<{ name?: string; ns?: string }>();
  const name = props.name ?? params.name ?? '';
  const namespace = props.namespace ?? params.ns ?? '';
  const result = useWatchedObject<NetworkAttachmentDefinition>(NadGVK, name, namespace);
  const { context } = useNadValidationContext();
  // Pods may use NADs of OpenShift's global namespaces from any namespace.
  const podScope = GLOBAL_NAD_NAMESPACES.includes(namespace) ? undefined : namespace;
  const pods = usePods(podScope);
  const events = useEvents(podScope, Boolean(namespace));
  const nad = result.data;
  const findings = useMemo(() => (nad ? validateNad(nad, context) : []), [nad, context]);
  const [canEdit, editLoading] = useAccessReview({
    group: NadModel.apiGroup,
    resource: NadModel.plural,
    verb: 'update',
    name,
    namespace,
  });
  const [canDelete, deleteLoading] = useAccessReview({
    group: NadModel.apiGroup,
    resource: NadModel.plural,
    verb: 'delete',
    name,
    namespace,
  });
  // The dialog deletes the copy it was opened on, not whatever the watch delivers meanwhile.
  const [deleting, setDeleting] = useState<NetworkAttachmentDefinition | null>(null);
  const navigate = useNavigate();
  const managed = nad ? isManagedNad(nad).managed : false;
  // A deleted object is shown as its last copy, not offered for editing.
  const editable = canEdit && !managed && !result.isDeleted;
  // A managed NAD would be recreated by its owner, so it is not offered for deletion either.
  const deletable = canDelete && !managed && !result.isDeleted;
  const reason = (allowed: boolean): string | undefined =>
    result.isDeleted
      ? t('The network attachment definition was deleted.')
      : managed
        ? t('Its owner renders it; change the owner instead.')
        : allowed
          ? undefined
          : t('Your role does not allow it.');
  const actions: DetailsAction[] = [
    {
      id: 'edit',
      label: t('Edit'),
      to: getEditUrl(namespace, name),
      isDisabled: !editable,
      description: reason(canEdit),
    },
    {
      id: 'edit-json',
      label: t('Edit as JSON'),
      to: `${getEditUrl(namespace, name)}?view=json`,
      isDisabled: !editable,
      description: reason(canEdit),
    },
    {
      id: 'delete',
      label: t('Delete'),
      onClick: () => setDeleting(nad ?? null),
      isDanger: true,
      isDisabled: !deletable,
      description: reason(canDelete),
    },
  ];
  const standardTabs = useStandardTabs(DetailsTab, YamlTab, EventsTab);
  // The kind's own tabs follow the standard ones, as on the policy page.
  const pages = useMemo(
    () => [
      ...standardTabs,
      { href: 'configuration', name: t('Configuration'), component: ConfigurationTab },
      { href: 'pods', name: t('Pods'), component: PodsTab },
    ],
    [standardTabs, t],
  );
  const isDeleted = result.isDeleted;
  const readOnly = useMemo<TabData['readOnly']>(() => {
    if (editLoading) return undefined;
    if (managed)
      return {
        title: t(
          'Read only: its owner renders this network attachment definition and would overwrite a change; change the owner instead.',
        ),
      };
    return canEdit
      ? null
      : {
          title: t(
            'Read only: your role does not allow you to change network attachment definitions, so this YAML cannot be saved.',
          ),
        };
  }, [editLoading, managed, canEdit, t]);
  const customData = useMemo<TabData>(
    () => ({ findings, pods, events: events.data, readOnly, deleted: isDeleted }),
    [findings, pods, events.data, readOnly, isDeleted],
  );
  return (
    <>
      {deleting && (
        <DeleteNadModal
          nad={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => void navigate(getNadListUrl(namespace))}
        />
      )}
      <DetailsPage
        title={name}
        testId="nad-details"
        breadcrumbs={[{ label: t('Network attachment definitions'), to: getNadListUrl(namespace) }]}
        actions={nad ? actions : []}
        notice={
          <ReadOnlyNotice
            loading={editLoading || deleteLoading}
            resource={t('network attachment definitions')}
            denied={deniedVerbs([
              ['update', canEdit],
              ['delete', canDelete],
            ])}
          />
        }
        resource={nad}
        pages={pages}
        customData={customData}
        wrapTabs={(tabs) => (
          <DataState result={result}>
            {nad ? (
              tabs
            ) : (
              <p data-test="nad-not-found">
                {t('This network attachment definition does not exist.')}
              </p>
            )}
          </DataState>
        )}
      />
    </>
  );
}

export default withQueryClient(NadDetailsPage);
