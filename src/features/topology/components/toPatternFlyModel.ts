// TopologyGraph (pure, from logic/) -> the @patternfly/react-topology model. Only types are
// imported from the library so this stays a plain function that Node's test runner can load; the
// enum values are the library's documented string values.
import type {
  EdgeModel,
  EdgeStyle,
  Model,
  NodeModel,
  NodeShape,
  NodeStatus,
} from '@patternfly/react-topology';
import type {
  EdgeKind,
  GraphGroup,
  InterfaceGraphNode,
  NodeGroup,
  NodeSummaryGraphNode,
  SwitchGroup,
  SwitchPortGraphNode,
  TopologyGraph,
} from '../model/types';
import type { Point } from '../logic/layout';
import { NODE_SIZE, SUMMARY_HEIGHT, SUMMARY_WIDTH } from '../logic/layout';
import { sameRecord } from './modelDelta';

/** Element types the component factory knows. */
export const ELEMENT_TYPES = {
  graph: 'sb-graph',
  interface: 'sb-interface',
  summary: 'sb-node-summary',
  switchPort: 'sb-switch-port',
  nodeGroup: 'sb-node-group',
  switchGroup: 'sb-switch-group',
  edge: 'sb-edge',
} as const;

export const GRAPH_ID = 'sb-topology';

/** Extra width of stadium-shaped nodes (OVS internal interfaces). */
export const STADIUM_EXTRA_WIDTH = 28;

// The library's enums cannot be loaded at runtime here (its entry point imports CSS, which the
// Node test runner cannot load); their string values are part of its documented model format.
/* eslint-disable @typescript-eslint/no-unsafe-enum-assignment */
const shape = (s: `${NodeShape}`): NodeShape => s as NodeShape;
const status = (s: `${NodeStatus}`): NodeStatus => s as NodeStatus;
const edgeStyle = (s: `${EdgeStyle}`): EdgeStyle => s as EdgeStyle;
/* eslint-enable @typescript-eslint/no-unsafe-enum-assignment */

/** Shapes say what kind of device an interface is at a glance; the legend lists them. */
export function getInterfaceShape(type: string): NodeShape {
  switch (type) {
    case 'ethernet':
    case 'infiniband':
      return shape('rect');
    case 'bond':
    case 'team':
      return shape('octagon');
    case 'linux-bridge':
    case 'ovs-bridge':
      return shape('hexagon');
    case 'ovs-interface':
      return shape('stadium');
    case 'vlan':
    case 'vxlan':
    case 'mac-vlan':
    case 'mac-vtap':
    case 'ipvlan':
      return shape('ellipse');
    case 'vrf':
      return shape('rhombus');
    default:
      return shape('circle');
  }
}

const EDGE_STYLES: Record<EdgeKind, `${EdgeStyle}`> = {
  'bridge-port': 'solid',
  'bond-port': 'solid',
  'vlan-base': 'dashedMd',
  'macvlan-base': 'dashedMd',
  'ipvlan-base': 'dashedMd',
  'vxlan-base': 'dashedMd',
  'ovs-port': 'solid',
  'ovs-patch': 'dashedLg',
  'vrf-member': 'dashed',
  controller: 'solid',
  lldp: 'dotted',
};

export interface InterfaceNodeData {
  kind: 'interface';
  iface: InterfaceGraphNode;
  /** The interface is managed or touched by the policy named in `?highlightPolicy=`. */
  highlighted: boolean;
}

export interface SummaryNodeData {
  kind: 'node-summary';
  summary: NodeSummaryGraphNode;
  highlighted: boolean;
}

export interface SwitchPortNodeData {
  kind: 'switch-port';
  port: SwitchPortGraphNode;
  /** VLAN findings of the cross-layer check on this port (see switch-ports). */
  vlanMismatches: number;
}

export interface NodeGroupData {
  kind: 'node';
  group: NodeGroup;
}

export interface SwitchGroupData {
  kind: 'switch';
  group: SwitchGroup;
}

export interface EdgeData {
  kind: EdgeKind;
}

export type TopologyElementData =
  InterfaceNodeData | SummaryNodeData | SwitchPortNodeData | NodeGroupData | SwitchGroupData;

/**
 * The element data of the previous model, by element id. The library stores `data` by reference
 * and re-renders an element whose data object changed, so data equal to last time's is reused:
 * a live update or an expanded node re-renders only the elements that changed.
 */
export type ElementDataCache = Map<string, TopologyElementData | EdgeData>;

export interface PatternFlyModelOptions {
  positions: ReadonlyMap<string, Point>;
  /** Kept by the caller between calls; updated in place. */
  dataCache?: ElementDataCache;
  highlightPolicy?: string;
  /** Number of VLAN mismatches per switch port, keyed `<chassis lower-case>/<port>`. */
  portMismatches?: ReadonlyMap<string, number>;
}

function isHighlighted(iface: InterfaceGraphNode, policy: string | undefined): boolean {
  if (!policy) return false;
  return iface.managedBy.includes(policy) || iface.failingPolicies.includes(policy);
}

/**
 * Maps the graph to a react-topology model. Node groups and switches become group nodes whose
 * bounds follow their children; positions come from `options.positions` (see
 * `mergeTopologyLayout`), so the model carries no layout and the library never re-lays it out.
 */
function sameCounts(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

function sameSummary(a: NodeSummaryGraphNode, b: NodeSummaryGraphNode): boolean {
  const x = a.counts;
  const y = b.counts;
  return (
    a.id === b.id &&
    a.node === b.node &&
    a.group === b.group &&
    x.total === y.total &&
    x.internal === y.internal &&
    x.failing === y.failing &&
    x.managed === y.managed &&
    x.matching === y.matching &&
    sameCounts(x.byType, y.byType) &&
    sameCounts(x.byState, y.byState)
  );
}

export function toPatternFlyModel(graph: TopologyGraph, options: PatternFlyModelOptions): Model {
  const nodes: NodeModel[] = [];
  const children = new Map<string, string[]>();
  const groups = new Map<string, GraphGroup>();
  for (const g of graph.groups) groups.set(g.id, g);
  const place = (id: string): Point => options.positions.get(id) ?? { x: 0, y: 0 };
  const previous = options.dataCache;
  const next: ElementDataCache = new Map();
  const stable = <T extends TopologyElementData | EdgeData>(id: string, data: T): T => {
    const before = previous?.get(id);
    const kept = before && sameRecord(before, data) ? (before as T) : data;
    next.set(id, kept);
    return kept;
  };

  for (const n of graph.nodes) {
    if (n.kind === 'interface') {
      const p = place(n.id);
      const data: InterfaceNodeData = {
        kind: 'interface',
        iface: n,
        highlighted: isHighlighted(n, options.highlightPolicy),
      };
      const nodeShape = getInterfaceShape(n.type);
      // A stadium as wide as it is high degenerates to an empty path: widen it, centred.
      const extra = nodeShape === shape('stadium') ? STADIUM_EXTRA_WIDTH : 0;
      nodes.push({
        id: n.id,
        type: ELEMENT_TYPES.interface,
        label: n.name,
        width: NODE_SIZE + extra,
        height: NODE_SIZE,
        x: p.x - extra / 2,
        y: p.y,
        shape: nodeShape,
        status: status(n.failing ? 'danger' : n.state === 'up' ? 'default' : 'warning'),
        data: stable(n.id, data),
      });
      const list = children.get(n.group);
      if (list) list.push(n.id);
      else children.set(n.group, [n.id]);
    } else if (n.kind === 'node-summary') {
      const p = place(n.id);
      const group = groups.get(n.group);
      const nodeGroup = group?.kind === 'node' ? group : undefined;
      // A folded node is redrawn only when what it shows changed: its counts are rebuilt with
      // every enactment update of its node (a rollout's status flips), mostly to equal values.
      const before = previous?.get(n.id);
      const summary =
        before?.kind === 'node-summary' && sameSummary(before.summary, n) ? before.summary : n;
      const data: SummaryNodeData = {
        kind: 'node-summary',
        summary,
        highlighted:
          options.highlightPolicy !== undefined &&
          (nodeGroup?.policies.some((x) => x.policy === options.highlightPolicy) ?? false),
      };
      nodes.push({
        id: n.id,
        type: ELEMENT_TYPES.summary,
        label: n.node,
        width: SUMMARY_WIDTH,
        height: SUMMARY_HEIGHT,
        x: p.x,
        y: p.y,
        shape: shape('rect'),
        status: status(n.counts.failing > 0 ? 'danger' : 'default'),
        data: stable(n.id, data),
      });
    } else {
      const p = place(n.id);
      const vlanMismatches =
        options.portMismatches?.get(`${n.chassisId.toLowerCase()}/${n.portId}`) ?? 0;
      const data: SwitchPortNodeData = { kind: 'switch-port', port: n, vlanMismatches };
      nodes.push({
        id: n.id,
        type: ELEMENT_TYPES.switchPort,
        label: n.portId,
        width: NODE_SIZE,
        height: NODE_SIZE,
        x: p.x,
        y: p.y,
        shape: shape('trapezoid'),
        status: status(vlanMismatches > 0 ? 'warning' : 'default'),
        data: stable(n.id, data),
      });
      const list = children.get(n.group);
      if (list) list.push(n.id);
      else children.set(n.group, [n.id]);
    }
  }

  for (const g of graph.groups) {
    const members = children.get(g.id);
    // Collapsed nodes are drawn as their summary node; an empty group would draw an empty box.
    if (!members || members.length === 0) continue;
    if (g.kind === 'node') {
      const data: NodeGroupData = { kind: 'node', group: g };
      nodes.push({
        id: g.id,
        type: ELEMENT_TYPES.nodeGroup,
        label: g.node,
        group: true,
        children: members,
        style: { padding: 36 },
        status: status(g.failingPolicies.length > 0 ? 'danger' : 'default'),
        data: stable(g.id, data),
      });
    } else {
      const data: SwitchGroupData = { kind: 'switch', group: g };
      nodes.push({
        id: g.id,
        type: ELEMENT_TYPES.switchGroup,
        label: g.systemName ?? g.chassisId,
        group: true,
        children: members,
        style: { padding: 28 },
        data: stable(g.id, data),
      });
    }
  }

  const edges: EdgeModel[] = graph.edges.map((e) => {
    const data: EdgeData = { kind: e.kind };
    return {
      id: e.id,
      type: ELEMENT_TYPES.edge,
      source: e.source,
      target: e.target,
      edgeStyle: edgeStyle(EDGE_STYLES[e.kind]),
      data: stable(e.id, data),
    };
  });

  if (previous) {
    previous.clear();
    for (const [id, data] of next) previous.set(id, data);
  }
  return {
    graph: { id: GRAPH_ID, type: ELEMENT_TYPES.graph },
    nodes,
    edges,
  };
}

/** Splits a graph id `<node>/<iface>/<type>` (node names hold no `/`). */
export function parseInterfaceId(id: string): { node: string; name: string; type: string } | null {
  const first = id.indexOf('/');
  const last = id.lastIndexOf('/');
  if (first <= 0 || last <= first) return null;
  return { node: id.slice(0, first), name: id.slice(first + 1, last), type: id.slice(last + 1) };
}
