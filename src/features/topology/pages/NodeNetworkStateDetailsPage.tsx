import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ResourceEventStream } from '@openshift-console/dynamic-plugin-sdk';
import {
  EnactmentGVK,
  NodeGVK,
  NodeNetworkStateGVK,
  NodeNetworkStateModel,
  PolicyGVK,
} from '../../../shared/k8s/models';
import { useWatchedList, useWatchedObject } from '../../../shared/k8s/useWatchedList';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { DataState } from '../../../shared/ui/DataState';
import { DetailsPage, useStandardTabs } from '../../../shared/ui/DetailsPage';
import { ResourceYamlTab } from '../../../shared/ui/ResourceYamlTab';
import type { KindMerge } from '../../../shared/logic/yamlDraft';
import { threeWayMerge } from '../../../shared/logic/merge';
import { nmstateListIdentity } from '../../../shared/logic/nmstateMergeIdentity';
import { useResourceYamlCodec } from '../../policies/components/useResourceYamlCodec';
import { NNS_LIST_URL, objectUrl, TOPOLOGY_URL } from '../../../shared/routes';
import { isValidLabelValue } from '../../../shared/logic/labels';
import {
  ENACTMENT_NODE_LABEL,
  type NodeNetworkConfigurationEnactment,
  type NodeNetworkConfigurationPolicy,
  type NodeNetworkState,
} from '../../../shared/model/nmstate';
import { indexEnactments } from '../../policies/logic/enactments';
import { getNodeOwnership, type NodeOwnership } from '../logic/buildTopologyGraph';
import { NnsDetailsTab } from '../components/NnsDetailsTab';

// Tab components are stable: HorizontalNav hands them the object as `obj` and the page's
// `customData` (here the node's policy ownership), so a watch update re-renders a tab instead of
// mounting a new one.
interface TabProps {
  obj?: NodeNetworkState;
  customData?: NodeOwnership;
}
const DetailsTab = ({ obj, customData }: TabProps) =>
  obj ? <NnsDetailsTab nns={obj} ownership={customData} /> : null;
// Never saved from here (read-only below); the YAML tab's contract still asks for the kind's merge.
const mergeNns: KindMerge<NodeNetworkState> = (base, mine, theirs, choices) =>
  threeWayMerge(base, mine, theirs, { identity: nmstateListIdentity, choices });
/**
 * Read-only for everyone, unlike the console's YAML tab of other kinds: the handler owns the
 * object and rewrites its status on every refresh, so an edit would be lost within seconds (a
 * change of a node's network is a policy). The notice says so, and the view follows the object.
 */
function YamlTab({ obj }: TabProps) {
  const { t } = usePluginTranslation();
  const codec = useResourceYamlCodec<NodeNetworkState>({
    kind: 'NodeNetworkState',
    apiVersionPrefix: 'nmstate.io/',
  });
  return obj ? (
    <ResourceYamlTab
      obj={obj}
      model={NodeNetworkStateModel}
      codec={codec}
      merge={mergeNns}
      readOnly={{
        title: t('Read only: the kubernetes-nmstate handler writes this object.'),
        body: t(
          'It reports the node’s current network and is rewritten on every refresh, so an edit here would be lost. To change the node’s network, create or edit a policy.',
        ),
      }}
    />
  ) : null;
}
const EventsTab = ({ obj }: TabProps) => (obj ? <ResourceEventStream resource={obj} /> : null);

/**
 * One node's reported network state: Details (tables), YAML (read-only: the handler writes
 * NodeNetworkStates, nobody edits them; the tab says so) and Events. It reads the one NNS by name, the node's
 * enactments by the handler's node label and the policies, never every node's state.
 */
function NodeNetworkStateDetailsPage(props: { name?: string }) {
  const { t } = usePluginTranslation();
  const params = useParams<{ name?: string }>();
  const name = props.name ?? params.name ?? '';
  const result = useWatchedObject<NodeNetworkState>(NodeNetworkStateGVK, name);
  const enactments = useWatchedList<NodeNetworkConfigurationEnactment>(EnactmentGVK, {
    selector: { matchLabels: { [ENACTMENT_NODE_LABEL]: name } },
    // A node name longer than a label value can label no enactment, and the API server refuses
    // such a selector with a 400 (see useTopologyData).
    enabled: Boolean(name) && isValidLabelValue(name),
  });
  const policies = useWatchedList<NodeNetworkConfigurationPolicy>(PolicyGVK);
  const ownership = useMemo(
    () =>
      getNodeOwnership(
        name,
        indexEnactments(enactments.data),
        new Map(policies.data.map((p) => [p.metadata.name, p])),
      ),
    [name, enactments.data, policies.data],
  );
  const nns = result.data;
  const pages = useStandardTabs(DetailsTab, YamlTab, EventsTab);
  return (
    <DetailsPage
      title={name}
      testId="nns-details"
      breadcrumbs={[{ label: t('Node network states'), to: NNS_LIST_URL }]}
      actions={[
        {
          id: 'topology',
          label: t('View topology'),
          to: `${TOPOLOGY_URL}/${encodeURIComponent(name)}`,
        },
        { id: 'node', label: t('View node'), to: objectUrl(NodeGVK, name) },
      ]}
      resource={nns}
      pages={pages}
      customData={ownership}
      wrapTabs={(tabs) => (
        <DataState result={result}>
          {nns ? (
            tabs
          ) : (
            <p data-test="nns-details-not-found">{t('{{name}} does not exist.', { name })}</p>
          )}
        </DataState>
      )}
    />
  );
}

export default withQueryClient(NodeNetworkStateDetailsPage);
