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
import {
  ENACTMENT_PAGE_SIZE,
  EnactmentGVK,
  NodeGVK,
  NodeNetworkStateGVK,
  PolicyGVK,
} from '../../../shared/k8s/models';
import type { WatchedResult } from '../../../shared/k8s/useWatchedList';
import { useWatchedLists } from '../../../shared/k8s/useWatchedList';
import type { Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { ENACTMENT_NODE_LABEL } from '../../../shared/model/nmstate';
import { isValidLabelValue } from '../../../shared/logic/labels';
import { createTopologyGraphBuilder } from '../logic/buildTopologyGraph';
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
}

function hasName(obj: { metadata?: { name?: unknown } }): boolean {
  return typeof obj.metadata?.name === 'string' && obj.metadata.name !== '';
}

/** Watches the four kinds; `node` narrows NNS, enactments and Nodes to one node. */
export function useTopologyData(node?: string): TopologyData {
  const byName = node === undefined ? {} : { fieldSelector: `metadata.name=${node}` };
  const lists = useWatchedLists({
    nns: { gvk: NodeNetworkStateGVK, opts: byName },
    nnce: {
      gvk: EnactmentGVK,
      opts:
        node === undefined
          ? { limit: ENACTMENT_PAGE_SIZE }
          : {
              selector: { matchLabels: { [ENACTMENT_NODE_LABEL]: node } },
              // The handler labels each enactment with its node's name; a name that is no valid
              // label value (node names may have 253 characters, label values 63) can label no
              // enactment, and the API server answers such a selector with a 400.
              enabled: isValidLabelValue(node),
            },
    },
    nncp: { gvk: PolicyGVK },
    nodes: { gvk: NodeGVK, opts: byName },
  });
  const nnsData = lists.nns.data;
  const nnceData = lists.nnce.data;
  const nncpData = lists.nncp.data;
  const nodeData = lists.nodes.data;
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
    for (const p of nncpData as NodeNetworkConfigurationPolicy[])
      if (hasName(p)) map.set(p.metadata.name, p);
    return map;
  }, [nncpData]);
  const nodes = useMemo(() => {
    const all = (nodeData as Node[]).filter(hasName);
    return node === undefined ? all : all.filter((n) => n.metadata.name === node);
  }, [nodeData, node]);
  return { result: lists.nns, nodeNetworkStates, enactmentIndex, policies, nodes };
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
