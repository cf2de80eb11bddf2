// Live inputs of the topology (NNS, enactments, policies, Nodes) and the graph built from them.
// The builder memoises each node's subgraph by the resourceVersions it depends on, so a watch
// event for one node rebuilds that node only and every other subgraph keeps its identity.
//
// A one-node view (`/switchboard/topology/<node>`, the Node "Network" tab) watches only what it
// draws: that node's NodeNetworkState and Node by name (`metadata.name` field selector, which
// every kind supports), its enactments by the label the handler puts on each
// (`nmstate.io/node=<node>`: kubernetes-nmstate api/shared/nodenetworkconfigurationenactment_types.go
// `EnactmentNodeLabel`, set by `NewEnactment` in api/v1beta1/nodenetworkconfigurationenactment_types.go;
// the handler's own cache selects its enactments the same way, cmd/handler/main.go), and the
// policies (one object per policy, not per node). The console's store then holds one NNS instead
// of every node's.
import { useMemo, useRef } from 'react';
import type { K8sResourceCommon } from '@openshift-console/dynamic-plugin-sdk';
import {
  EnactmentGVK,
  EnactmentModel,
  NodeGVK,
  NodeModel,
  NodeNetworkStateGVK,
  NodeNetworkStateModel,
  PolicyGVK,
} from '../../../shared/k8s/models';
import { LEAN_LARGE_PAGE_SIZE } from '../../../shared/k8s/leanWatch';
import { useLeanList } from '../../../shared/k8s/useLeanWatch';
import type { WatchedResult } from '../../../shared/k8s/useWatchedList';
import { useWatchedList } from '../../../shared/k8s/useWatchedList';
import { useWatchedLists } from '../../../shared/k8s/useWatchedLists';
import type { Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { ENACTMENT_NODE_LABEL } from '../../../shared/model/nmstate';
import { isValidLabelValue } from '../../../shared/logic/labels';
import { createTopologyGraphBuilder } from '../logic/buildTopologyGraph';
import {
  digestEnactmentForTopology,
  digestNnsForTopology,
  digestNodeForTopology,
} from '../logic/leanDigests';
import type { EnactmentIndex } from '../logic/enactments';
import { indexEnactments } from '../logic/enactments';
import type { TopologyGraph, TopologyOptions } from '../model/types';

export interface TopologyData {
  /** The NNS watch; the page's loading/error state follows it. */
  result: WatchedResult<unknown>;
  nodeNetworkStates: NodeNetworkState[];
  enactmentIndex: EnactmentIndex;
  policies: ReadonlyMap<string, NodeNetworkConfigurationPolicy>;
  nodes: Node[];
  /** The Node list is still arriving (the NNS list's state is `result`). */
  nodesLoading: boolean;
  /**
   * The NNS are the cluster view's digests (logic/leanDigests.ts), not whole objects: what is
   * shown of one interface must come from useFullNodeState.
   */
  digested: boolean;
}

function hasName(obj: { metadata?: { name?: unknown } }): boolean {
  return typeof obj.metadata?.name === 'string' && obj.metadata.name !== '';
}

type Lists = Pick<TopologyData, 'result' | 'nodesLoading'> & {
  nns: readonly unknown[];
  nnce: readonly unknown[];
  nodes: readonly unknown[];
};

const nnsDigest = (obj: K8sResourceCommon) => digestNnsForTopology(obj);
const nnceDigest = (obj: K8sResourceCommon) => digestEnactmentForTopology(obj);
const nodeDigest = (obj: K8sResourceCommon) => digestNodeForTopology(obj);

/**
 * The cluster view: NNS, enactments and Nodes through lean watches, as digests outside the
 * console's store (see logic/leanDigests.ts).
 */
function useClusterLists(enabled: boolean): Lists {
  const nns = useLeanList<NodeNetworkState>({
    model: NodeNetworkStateModel,
    digest: nnsDigest,
    pageSize: LEAN_LARGE_PAGE_SIZE,
    // Every page as it comes: the graph of each hundred nodes is then built in the task that
    // received them, and the task that first draws the cluster builds only the last hundred.
    handoverMs: 0,
    enabled,
  });
  // Enactments and Nodes are listed once the node states are. The graph is drawn only then
  // (TopologyExplorer), so listing them alongside drew nothing sooner: their pages (a 500-node
  // cluster's enactments are 7.5 MB of JSON) only competed with the node states' for the main
  // thread and delayed the first draw. A failed NNS list (isLoading false) starts them too.
  const listed = enabled && !nns.isLoading;
  const nnce = useLeanList<NodeNetworkConfigurationEnactment>({
    model: EnactmentModel,
    digest: nnceDigest,
    // Every page as it comes too: the handler names each enactment `<node>.<policy>`
    // (kubernetes-nmstate api/shared/nodenetworkconfigurationenactment_types.go `EnactmentKey`),
    // and a list comes in name order, so a page holds the enactments of a run of nodes and the
    // task that receives it rebuilds those nodes only. Handed over together, the whole list
    // rebuilt every node's subgraph in one task (about 130 ms at 500 nodes on a slow host).
    handoverMs: 0,
    enabled: listed,
  });
  const nodes = useLeanList<Node>({ model: NodeModel, digest: nodeDigest, enabled: listed });
  return {
    result: nns,
    nns: nns.data,
    nnce: nnce.data,
    nodes: nodes.data,
    // Not yet started counts as loading: a watch that is off reads as loaded and empty.
    nodesLoading: enabled && (!listed || nodes.isLoading),
  };
}

/**
 * One node: its NodeNetworkState and Node by name (`metadata.name` field selector, which every
 * kind supports) and its enactments by the handler's node label, through the console's own
 * watch; the store then holds one NNS.
 */
function useNodeLists(node: string | undefined): Lists {
  const enabled = node !== undefined;
  const byName = { fieldSelector: `metadata.name=${node ?? ''}`, enabled };
  const lists = useWatchedLists({
    nns: { gvk: NodeNetworkStateGVK, opts: byName },
    nnce: {
      gvk: EnactmentGVK,
      opts: {
        selector: { matchLabels: { [ENACTMENT_NODE_LABEL]: node ?? '' } },
        // The handler labels each enactment with its node's name; a name that is no valid
        // label value (node names may have 253 characters, label values 63) can label no
        // enactment, and the API server answers such a selector with a 400.
        enabled: enabled && isValidLabelValue(node),
      },
    },
    nodes: { gvk: NodeGVK, opts: byName },
  });
  return {
    result: lists.nns,
    nodesLoading: lists.nodes.isLoading,
    nns: lists.nns.data,
    nnce: lists.nnce.data,
    nodes: lists.nodes.data,
  };
}

/** Watches the four kinds; `node` narrows NNS, enactments and Nodes to one node. */
export function useTopologyData(node?: string): TopologyData {
  // Both hooks run on every render (hooks may not be conditional); the one not needed watches
  // nothing.
  const cluster = useClusterLists(node === undefined);
  const one = useNodeLists(node);
  const lists = node === undefined ? cluster : one;
  // Policies are one object each, whatever the cluster's size: the console's watch.
  const nncpData = useWatchedList<NodeNetworkConfigurationPolicy>(PolicyGVK).data;
  const nnsData = lists.nns;
  const nnceData = lists.nnce;
  const nodeData = lists.nodes;
  const nodeNetworkStates = useMemo(() => {
    const all = nnsData as NodeNetworkState[];
    return node === undefined ? all : all.filter((n) => n.metadata.name === node);
  }, [nnsData, node]);
  const enactmentIndex = useMemo(
    () => indexEnactments((nnceData as NodeNetworkConfigurationEnactment[]).filter(hasName)),
    [nnceData],
  );
  const policies = useMemo(() => {
    const map = new Map<string, NodeNetworkConfigurationPolicy>();
    for (const p of nncpData) if (hasName(p)) map.set(p.metadata.name, p);
    return map;
  }, [nncpData]);
  const nodes = useMemo(() => {
    const all = (nodeData as Node[]).filter(hasName);
    return node === undefined ? all : all.filter((n) => n.metadata.name === node);
  }, [nodeData, node]);
  return {
    result: lists.result,
    nodesLoading: lists.nodesLoading,
    nodeNetworkStates,
    enactmentIndex,
    policies,
    nodes,
    digested: node === undefined,
  };
}

/**
 * The whole NodeNetworkState of one node, for the side panel of an interface in the cluster
 * view (whose digests keep only what the graph draws). One object, watched by name while the
 * panel is open.
 */
export function useFullNodeState(node: string | undefined): NodeNetworkState | undefined {
  const lists = useWatchedLists({
    nns: {
      gvk: NodeNetworkStateGVK,
      opts: { fieldSelector: `metadata.name=${node ?? ''}`, enabled: node !== undefined },
    },
  });
  return (lists.nns.data as NodeNetworkState[]).find((n) => n.metadata.name === node);
}

const EMPTY_GRAPH: TopologyGraph = { nodes: [], edges: [], groups: [], notes: [] };

/**
 * The graph for `options`, rebuilt per node only where its inputs changed. With `enabled` false
 * nothing is built (the table's unfolded graph while the graph view is shown).
 */
export function useTopologyGraph(
  data: TopologyData,
  options: TopologyOptions,
  enabled = true,
): TopologyGraph {
  const builder = useRef<ReturnType<typeof createTopologyGraphBuilder> | null>(null);
  builder.current ??= createTopologyGraphBuilder();
  const build = builder.current;
  const optionsKey = JSON.stringify(options);
  return useMemo(
    () =>
      !enabled
        ? EMPTY_GRAPH
        : build({
            nodeNetworkStates: data.nodeNetworkStates,
            enactments: data.enactmentIndex,
            policies: data.policies,
            nodes: data.nodes,
            options,
          }),
    // `options` is captured through its JSON so callers may pass literals.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      enabled,
      build,
      data.nodeNetworkStates,
      data.enactmentIndex,
      data.policies,
      data.nodes,
      optionsKey,
    ],
  );
}
