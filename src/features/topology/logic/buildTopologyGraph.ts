// NodeNetworkState[] + enactments + policies -> a plain, serialisable, deterministic graph.
// Work is linear in the number of interfaces: every lookup goes through per-node name maps, and a
// node's subgraph depends only on its own NNS, its enactments and their policies, so the UI can
// rebuild one node on a live update (`createTopologyGraphBuilder`) and keep every id stable.
import type { Node } from '../../../shared/model/k8s';
import type {
  InterfaceState,
  InterfaceType,
  NetworkInterface,
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import {
  INTERFACE_STATES,
  KNOWN_INTERFACE_TYPES,
  type EdgeKind,
  type EnactmentPhase,
  type GraphEdge,
  type GraphGroup,
  type GraphNode,
  type GraphNote,
  type InterfaceGraphNode,
  type LldpNeighbor,
  type NodeGroup,
  type NodeInterfaceCounts,
  type SwitchGroup,
  type SwitchPortGraphNode,
  type TopologyGraph,
  type TopologyOptions,
} from '../model/types';
import {
  getDesiredInterfaces,
  getEffectiveDesiredState,
  getReferencedNames,
  getSafeEnactmentPhase,
  indexEnactments,
  isFailingPhase,
  type EnactmentIndex,
} from './enactments';
import { compileTopologyFilter, type CompiledTopologyFilter } from './filter';
import { isClusterInternalInterface } from './internal';
import { getLldpNeighbors } from './lldp';
import { isRecord } from '../../../shared/logic/isRecord';

const KNOWN_TYPES = new Set<string>(KNOWN_INTERFACE_TYPES);
const KNOWN_STATES = new Set<string>(INTERFACE_STATES);

export type PolicyLookup =
  ReadonlyMap<string, NodeNetworkConfigurationPolicy> | readonly NodeNetworkConfigurationPolicy[];

export interface TopologyInputs {
  nodeNetworkStates: readonly NodeNetworkState[];
  enactments: readonly NodeNetworkConfigurationEnactment[] | EnactmentIndex;
  policies: PolicyLookup;
  /** Nodes give labels to the groups (label filters) and reveal nodes without an NNS. */
  nodes?: readonly Node[];
  options?: TopologyOptions;
}

/** One node's part of the graph; `buildTopologyGraph` concatenates these. */
export interface NodeSubgraph {
  node: string;
  group: NodeGroup;
  /** Interface nodes, or the one summary node when collapsed; sorted by id. */
  nodes: GraphNode[];
  /** Sorted by id; includes LLDP edges to `switchPorts`. */
  edges: GraphEdge[];
  switchPorts: SwitchPortGraphNode[];
  notes: GraphNote[];
}

export interface NodeSubgraphOptions extends TopologyOptions {
  /** Emit the node as one summary graph node. */
  collapsed?: boolean;
  labels?: Readonly<Record<string, string>>;
  /** A compiled `filter`, so a whole-graph build compiles it once. */
  compiledFilter?: CompiledTopologyFilter;
  /**
   * This node's subgraph from the last build with the same options: its interfaces, edges and
   * counts are reused when the NNS and what the interfaces read of the enactments (claims and
   * failing policies, not phases) are unchanged, as in a rollout's Progressing ⇄ Available flips.
   */
  previous?: NodeSubgraph;
}

/** Interface key in a node: the graph id without the node. */
export function interfaceId(node: string, name: string, type: string): string {
  return `${node}/${name}/${type}`;
}

export function nodeGroupId(node: string): string {
  return `node:${node}`;
}

export function switchGroupId(chassisId: string): string {
  return `switch:${chassisId}`;
}

export function switchPortId(chassisId: string, portId: string): string {
  return `lldp:${chassisId}/${portId}`;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byId(a: { id: string }, b: { id: string }): number {
  return cmp(a.id, b.id);
}

function toPolicyMap(policies: PolicyLookup): ReadonlyMap<string, NodeNetworkConfigurationPolicy> {
  if (!Array.isArray(policies))
    return policies as ReadonlyMap<string, NodeNetworkConfigurationPolicy>;
  const map = new Map<string, NodeNetworkConfigurationPolicy>();
  for (const p of policies as readonly NodeNetworkConfigurationPolicy[])
    if (isRecord(p) && isRecord(p.metadata) && typeof p.metadata.name === 'string')
      map.set(p.metadata.name, p);
  return map;
}

function toEnactmentIndex(
  enactments: readonly NodeNetworkConfigurationEnactment[] | EnactmentIndex,
): EnactmentIndex {
  if (!Array.isArray(enactments)) return enactments as EnactmentIndex;
  const valid = (enactments as readonly NodeNetworkConfigurationEnactment[]).filter(
    (e) => isRecord(e) && isRecord(e.metadata) && typeof e.metadata.name === 'string',
  );
  return indexEnactments(valid);
}

/** One NNS interface after validation. */
export interface InterfaceEntry {
  id: string;
  /** Position in `NormalizedNodeState.entries`: lets edge bookkeeping key pairs by number. */
  index: number;
  name: string;
  type: InterfaceType;
  rawType?: string;
  iface: NetworkInterface;
  internal: boolean;
}

export interface NormalizedNodeState {
  node: string;
  /** Sorted by id, whatever order the NNS listed them in. */
  entries: InterfaceEntry[];
  byName: Map<string, InterfaceEntry[]>;
  notes: GraphNote[];
}

/**
 * Orders interfaces of one node as their ids (`<node>/<name>/<type>`) sort, without building the
 * ids: unless one name is a prefix of the other, the names alone decide.
 */
function compareEntries(a: InterfaceEntry, b: InterfaceEntry): number {
  if (a.name === b.name) return cmp(a.type, b.type);
  const prefix =
    a.name.length < b.name.length ? b.name.startsWith(a.name) : a.name.startsWith(b.name);
  return prefix ? cmp(`${a.name}/${a.type}`, `${b.name}/${b.type}`) : cmp(a.name, b.name);
}

/**
 * Validates one NNS's interfaces: drops what cannot be keyed (no name, not an object), keeps
 * unknown types as `unknown` with the original string, keeps the first of duplicate
 * (name, type) entries, reports each problem as a note, and sorts what remains by id.
 */
export function normalizeNodeState(nns: NodeNetworkState, node: string): NormalizedNodeState {
  const notes: GraphNote[] = [];
  const entries: InterfaceEntry[] = [];
  const byName = new Map<string, InterfaceEntry[]>();
  const status: unknown = isRecord(nns) ? nns.status : undefined;
  const current: unknown = isRecord(status) ? status.currentState : undefined;
  const list: unknown = isRecord(current) ? current.interfaces : undefined;
  if (list === undefined || (Array.isArray(list) && list.length === 0)) {
    notes.push({ code: 'nns.emptyState', severity: 'warning', node, params: { node } });
    return { node, entries, byName, notes };
  }
  if (!Array.isArray(list)) {
    notes.push({ code: 'nns.invalidInterfaces', severity: 'warning', node, params: { node } });
    return { node, entries, byName, notes };
  }
  for (let index = 0; index < list.length; index++) {
    const raw: unknown = list[index];
    if (!isRecord(raw)) {
      notes.push({ code: 'iface.invalid', severity: 'warning', node, params: { node, index } });
      continue;
    }
    const name = raw.name;
    if (typeof name !== 'string' || name === '') {
      notes.push({ code: 'iface.missingName', severity: 'warning', node, params: { node, index } });
      continue;
    }
    let type: InterfaceType = 'unknown';
    let rawType: string | undefined;
    if (typeof raw.type !== 'string' || raw.type === '') {
      notes.push({ code: 'iface.missingType', severity: 'info', node, params: { node, name } });
    } else if (KNOWN_TYPES.has(raw.type)) {
      type = raw.type as InterfaceType;
    } else {
      rawType = raw.type;
      notes.push({
        code: 'iface.unknownType',
        severity: 'info',
        node,
        params: { node, name, type: raw.type },
      });
    }
    const same = byName.get(name);
    if (same?.some((e) => e.type === type)) {
      notes.push({
        code: 'iface.duplicate',
        severity: 'warning',
        node,
        params: { node, name, type, index },
      });
      continue;
    }
    const iface = raw as NetworkInterface;
    const entry: InterfaceEntry = {
      id: interfaceId(node, name, type),
      index: 0,
      name,
      type,
      iface,
      internal: isClusterInternalInterface(iface),
    };
    if (rawType !== undefined) entry.rawType = rawType;
    entries.push(entry);
    if (same) same.push(entry);
    else byName.set(name, [entry]);
  }
  entries.sort(compareEntries);
  for (let i = 0; i < entries.length; i++) (entries[i] as InterfaceEntry).index = i;
  return { node, entries, byName, notes };
}

/**
 * Resolves a reference by name when several interfaces share it (br-ex is an ovs-bridge and an
 * ovs-interface): the first type of `prefer` that exists wins, then any entry not of `avoid`.
 */
function resolve(
  byName: Map<string, InterfaceEntry[]>,
  name: string,
  prefer: readonly string[],
  avoid?: string,
): InterfaceEntry | undefined {
  const candidates = byName.get(name);
  if (!candidates || candidates.length === 0) return undefined;
  if (candidates.length === 1) return candidates[0];
  for (const t of prefer) {
    const hit = candidates.find((c) => c.type === t);
    if (hit) return hit;
  }
  return candidates.find((c) => c.type !== avoid) ?? candidates[0];
}

const PREFER_KERNEL = ['ovs-interface'];
const PREFER_CONTROLLER = ['ovs-bridge', 'linux-bridge', 'bond', 'vrf', 'team'];
const BASE_KEYS: readonly [string, EdgeKind][] = [
  ['vlan', 'vlan-base'],
  ['vxlan', 'vxlan-base'],
  ['mac-vlan', 'macvlan-base'],
  ['mac-vtap', 'macvlan-base'],
  ['ipvlan', 'ipvlan-base'],
];

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const v of value as unknown[]) {
    if (typeof v === 'string' && v !== '') out.push(v);
    else if (isRecord(v) && typeof v.name === 'string' && v.name !== '') out.push(v.name);
  }
  return out;
}

/**
 * Structural edges of one node, as final graph edges, plus dangling-reference notes. Edges are
 * built once here (not as an intermediate shape first): at 20k interfaces every object counts.
 */
function collectEdges(state: NormalizedNodeState): {
  edges: GraphEdge[];
  /** Entry indexes of edge i's source and target at 2i and 2i + 1. */
  ends: number[];
  notes: GraphNote[];
} {
  const { byName, node } = state;
  const edges: GraphEdge[] = [];
  const ends: number[] = [];
  const notes: GraphNote[] = [];
  // Numeric (source, target) keys: a string per edge was a measurable share of a 20k build.
  const stride = state.entries.length;
  const pairs = new Set<number>();
  const pairKey = (source: InterfaceEntry, target: InterfaceEntry) =>
    source.index * stride + target.index;
  const add = (kind: EdgeKind, source: InterfaceEntry, target: InterfaceEntry, via?: string) => {
    if (source === target) return;
    const pair = pairKey(source, target);
    if (pairs.has(pair)) return;
    pairs.add(pair);
    const edge: GraphEdge = {
      id: `${source.id}|${kind}|${target.id}`,
      kind,
      source: source.id,
      target: target.id,
    };
    if (via !== undefined) edge.via = via;
    edges.push(edge);
    ends.push(source.index, target.index);
  };
  const dangling = (from: InterfaceEntry, reference: string, field: string) => {
    // OVN plumbing refers to devices nmstate does not report (ovs-system); not worth a note.
    if (from.internal || isClusterInternalInterface({ name: reference })) return;
    notes.push({
      code: 'edge.danglingReference',
      severity: 'warning',
      node,
      params: { node, name: from.name, type: from.type, field, reference },
    });
  };
  const port = (
    from: InterfaceEntry,
    name: string,
    kind: EdgeKind,
    field: string,
    prefer: readonly string[],
    via?: string,
  ) => {
    const target = resolve(byName, name, prefer, 'ovs-bridge');
    if (target) add(kind, from, target, via);
    else dangling(from, name, field);
  };

  for (const entry of state.entries) {
    const iface = entry.iface;
    const bridge: unknown = iface.bridge;
    if (isRecord(bridge) && Array.isArray(bridge.port)) {
      const ovs = entry.type === 'ovs-bridge';
      for (const p of bridge.port as unknown[]) {
        if (!isRecord(p)) continue;
        const la = p['link-aggregation'];
        if (ovs && isRecord(la)) {
          const bondName = typeof p.name === 'string' ? p.name : undefined;
          for (const member of stringList(la.port))
            port(entry, member, 'ovs-port', 'bridge.port.link-aggregation.port', [], bondName);
          continue;
        }
        if (typeof p.name !== 'string' || p.name === '') continue;
        if (ovs) port(entry, p.name, 'ovs-port', 'bridge.port', PREFER_KERNEL);
        else port(entry, p.name, 'bridge-port', 'bridge.port', []);
      }
    }
    const la: unknown = iface['link-aggregation'];
    if (isRecord(la))
      for (const member of stringList(la.port))
        port(entry, member, 'bond-port', 'link-aggregation.port', []);
    const vrf: unknown = iface.vrf;
    if (isRecord(vrf))
      for (const member of stringList(vrf.port))
        port(entry, member, 'vrf-member', 'vrf.port', PREFER_KERNEL);
    for (const [key, kind] of BASE_KEYS) {
      const cfg = iface[key];
      if (!isRecord(cfg)) continue;
      const base = cfg['base-iface'];
      if (typeof base === 'string' && base !== '')
        port(entry, base, kind, `${key}.base-iface`, PREFER_KERNEL);
    }
    const patch: unknown = iface.patch;
    if (isRecord(patch) && typeof patch.peer === 'string' && patch.peer !== '') {
      const peer = resolve(byName, patch.peer, PREFER_KERNEL);
      if (!peer) dangling(entry, patch.peer, 'patch.peer');
      else {
        // One edge per pair, from the smaller id, whichever side lists the other.
        const [a, b] = entry.id < peer.id ? [entry, peer] : [peer, entry];
        add('ovs-patch', a, b);
      }
    }
  }
  // `controller` only adds what no port list said: the reverse pair already exists otherwise.
  for (const entry of state.entries) {
    const controller = entry.iface.controller;
    if (typeof controller !== 'string' || controller === '') continue;
    const parent = resolve(byName, controller, PREFER_CONTROLLER);
    if (!parent) {
      dangling(entry, controller, 'controller');
      continue;
    }
    if (parent === entry) continue;
    if (pairs.has(pairKey(parent, entry))) continue;
    add('controller', parent, entry);
  }
  return { edges, ends, notes };
}

function emptyCounts(): NodeInterfaceCounts {
  return { total: 0, internal: 0, byType: {}, byState: {}, failing: 0, managed: 0, matching: 0 };
}

const NOT_CANONICAL_MAC = /[a-z-]/;

function normalizeMacAddress(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  // nmstate already reports upper case with colons; only other spellings pay for two copies.
  if (!NOT_CANONICAL_MAC.test(value)) return value;
  return value.toUpperCase().replace(/-/g, ':');
}

/** Shared by every interface without addresses/policies/LLDP: most of them, at scale. */
const NONE: readonly never[] = Object.freeze([]);

function pushAddresses(family: unknown, out: string[] | undefined): string[] | undefined {
  if (!isRecord(family) || !Array.isArray(family.address)) return out;
  for (const a of family.address as unknown[]) {
    if (!isRecord(a) || typeof a.ip !== 'string') continue;
    const prefix = a['prefix-length'];
    out ??= [];
    out.push(typeof prefix === 'number' ? `${a.ip}/${prefix}` : a.ip);
  }
  return out;
}

function addressesOf(iface: NetworkInterface): readonly string[] {
  return pushAddresses(iface.ipv6, pushAddresses(iface.ipv4, undefined)) ?? NONE;
}

export interface NodeOwnership {
  /** Policies with an enactment on the node, sorted, with their phase. */
  policies: { policy: string; phase: EnactmentPhase }[];
  failingPolicies: string[];
  /** name -> [policy, type | undefined][] from desired-state interfaces. */
  named: Map<string, { policy: string; type?: string }[]>;
  /** name -> failing policies that name or reference it. */
  failingTouched: Map<string, Set<string>>;
}

/** Which policies manage, and which failing policies touch, each interface name on a node. */
export function getNodeOwnership(
  node: string,
  enactmentIndex: EnactmentIndex,
  policies: ReadonlyMap<string, NodeNetworkConfigurationPolicy>,
): NodeOwnership {
  const result: NodeOwnership = {
    policies: [],
    failingPolicies: [],
    named: new Map(),
    failingTouched: new Map(),
  };
  const perNode = enactmentIndex.get(node);
  if (!perNode) return result;
  for (const policyName of [...perNode.keys()].sort(cmp)) {
    const nnce = perNode.get(policyName);
    if (!nnce) continue;
    const policy = policies.get(policyName);
    const phase = getSafeEnactmentPhase(nnce, policy?.metadata.generation);
    result.policies.push({ policy: policyName, phase });
    const failing = isFailingPhase(phase);
    if (failing) result.failingPolicies.push(policyName);
    for (const desired of getDesiredInterfaces(getEffectiveDesiredState(nnce, policy))) {
      const claim: { policy: string; type?: string } = { policy: policyName };
      if (typeof desired.type === 'string' && desired.type !== '') claim.type = desired.type;
      const list = result.named.get(desired.name);
      if (list) list.push(claim);
      else result.named.set(desired.name, [claim]);
      if (!failing) continue;
      for (const touched of [desired.name, ...getReferencedNames(desired)]) {
        const set = result.failingTouched.get(touched);
        if (set) set.add(policyName);
        else result.failingTouched.set(touched, new Set([policyName]));
      }
    }
  }
  return result;
}

function graphNodeOf(
  node: string,
  group: string,
  entry: InterfaceEntry,
  ownership: NodeOwnership,
): InterfaceGraphNode {
  const iface = entry.iface;
  const state: InterfaceState =
    typeof iface.state === 'string' && KNOWN_STATES.has(iface.state)
      ? (iface.state as InterfaceState)
      : 'unknown';
  let managedBy: readonly string[] = NONE;
  const claims = ownership.named.get(entry.name);
  if (claims?.length === 1) {
    // One policy names the interface: the usual case, no set to dedupe through.
    const claim = claims[0] as { policy: string; type?: string };
    if (claim.type === undefined || claim.type === entry.type || claim.type === entry.rawType)
      managedBy = [claim.policy];
  } else if (claims) {
    const managed = new Set<string>();
    for (const claim of claims)
      if (claim.type === undefined || claim.type === entry.type || claim.type === entry.rawType)
        managed.add(claim.policy);
    if (managed.size > 0) managedBy = [...managed].sort(cmp);
  }
  const failingSet = ownership.failingTouched.get(entry.name);
  const failingPolicies: readonly string[] = !failingSet
    ? NONE
    : failingSet.size === 1
      ? [...failingSet]
      : [...failingSet].sort(cmp);
  const out: InterfaceGraphNode = {
    kind: 'interface',
    id: entry.id,
    group,
    node,
    name: entry.name,
    type: entry.type,
    state,
    internal: entry.internal,
    addresses: addressesOf(iface),
    managedBy,
    failingPolicies,
    failing: failingPolicies.length > 0,
    lldpSystemNames: NONE,
    lldpVlans: NONE,
  };
  if (entry.rawType !== undefined) out.rawType = entry.rawType;
  const mac = normalizeMacAddress(iface['mac-address']);
  if (mac) out.macAddress = mac;
  if (typeof iface.mtu === 'number') out.mtu = iface.mtu;
  const vlan: unknown = iface.vlan;
  if (entry.type === 'vlan' && isRecord(vlan) && typeof vlan.id === 'number') out.vlanId = vlan.id;
  return out;
}

/**
 * Builds one node's subgraph. Pure; memoise it per NNS resourceVersion (see
 * `createTopologyGraphBuilder`), since a live update of one node changes nothing elsewhere.
 */
interface NodeStructure {
  node: string;
  state: NormalizedNodeState;
  structure: ReturnType<typeof collectEdges>;
}

// A node's interfaces and structural edges follow from its NNS alone, while its subgraph is
// rebuilt on every change of its enactments too: a rollout changes those hundreds of times a
// second (issue 23's storm, where parsing the same NNS again was half of each rebuild). Kept per
// NNS object, which the lean watch keeps while the NNS is unchanged; never mutated downstream.
const nodeStructures = new WeakMap<object, NodeStructure>();

function nodeStructureOf(nns: NodeNetworkState, node: string): NodeStructure {
  const hit = isRecord(nns) ? nodeStructures.get(nns) : undefined;
  if (hit && hit.node === node) return hit;
  const state = normalizeNodeState(nns, node);
  const built = { node, state, structure: collectEdges(state) };
  if (isRecord(nns)) nodeStructures.set(nns, built);
  return built;
}

/** What the interface pass read to build a subgraph (see `NodeSubgraphOptions.previous`). */
const interfacePassOf = new WeakMap<
  NodeSubgraph,
  { nns: NodeNetworkState; collapsed: boolean; ownership: string }
>();

/** The same NNS object version (a re-list hands over new objects for unchanged ones). */
function sameResourceVersion(a: NodeNetworkState, b: NodeNetworkState): boolean {
  const va = isRecord(a) && isRecord(a.metadata) ? a.metadata.resourceVersion : undefined;
  const vb = isRecord(b) && isRecord(b.metadata) ? b.metadata.resourceVersion : undefined;
  return typeof va === 'string' && va !== '' && va === vb;
}

/** What the interface pass reads of a node's ownership: claims and failing touches, no phases. */
function ownershipFingerprint(o: NodeOwnership): string {
  const parts: string[] = [];
  for (const [name, claims] of o.named)
    parts.push(
      `${name}\u0001${claims.map((c) => `${c.policy}\u0002${c.type ?? ''}`).join('\u0003')}`,
    );
  parts.push('\u0004');
  for (const [name, set] of o.failingTouched) parts.push(`${name}\u0001${[...set].join('\u0003')}`);
  return parts.join('\u0000');
}

export function buildNodeSubgraph(
  nns: NodeNetworkState,
  enactmentIndex: EnactmentIndex,
  policies: PolicyLookup,
  options: NodeSubgraphOptions = {},
): NodeSubgraph {
  const nodeName = isRecord(nns) && isRecord(nns.metadata) ? nns.metadata.name : undefined;
  const node = typeof nodeName === 'string' ? nodeName : '';
  const policyMap = toPolicyMap(policies);
  const ownership = getNodeOwnership(node, enactmentIndex, policyMap);
  const fingerprint = ownershipFingerprint(ownership);
  const collapsedNow = options.collapsed === true;
  const before = options.previous && interfacePassOf.get(options.previous);
  if (
    options.previous &&
    before &&
    (before.nns === nns || sameResourceVersion(before.nns, nns)) &&
    before.collapsed === collapsedNow &&
    before.ownership === fingerprint
  ) {
    // Only the phases changed: the node's policies and their phases are the group's, new.
    const prev = options.previous;
    const group: NodeGroup = {
      ...prev.group,
      labels: { ...(options.labels ?? {}) },
      policies: ownership.policies,
      failingPolicies: ownership.failingPolicies,
    };
    const reused: NodeSubgraph = { ...prev, group };
    interfacePassOf.set(reused, before);
    return reused;
  }
  const { state, structure } = nodeStructureOf(nns, node);
  const filter = options.compiledFilter ?? compileTopologyFilter(options.filter);
  const showInternal = options.showInternal === true;
  const showLldp = options.showLldp !== false;
  const counts = emptyCounts();
  const nodes: GraphNode[] = [];
  const visible = new Uint8Array(state.entries.length);
  const byType = new Map<string, number>();
  const byState = new Map<string, number>();
  const switchPorts = new Map<string, SwitchPortGraphNode>();
  const lldpEdges: GraphEdge[] = [];
  const groupId = nodeGroupId(node);

  for (const entry of state.entries) {
    const g = graphNodeOf(node, groupId, entry, ownership);
    const neighbors = entry.iface.lldp ? getLldpNeighbors(entry.iface.lldp) : NONE;
    if (neighbors.length === 1) {
      // The usual case, one switch per port: no sets to merge through.
      const n = neighbors[0] as LldpNeighbor;
      if (n.systemName) g.lldpSystemNames = [n.systemName];
      if (n.vlans.length > 0) g.lldpVlans = uniqueSortedIds(n.vlans);
    } else if (neighbors.length > 1) {
      const names = new Set<string>();
      const vlans = new Set<number>();
      for (const n of neighbors) {
        if (n.systemName) names.add(n.systemName);
        for (const v of n.vlans) vlans.add(v.id);
      }
      if (names.size > 0) g.lldpSystemNames = [...names].sort(cmp);
      if (vlans.size > 0) g.lldpVlans = [...vlans].sort((a, b) => a - b);
    }
    counts.total++;
    byType.set(g.type, (byType.get(g.type) ?? 0) + 1);
    byState.set(g.state, (byState.get(g.state) ?? 0) + 1);
    if (g.failing) counts.failing++;
    if (g.managedBy.length > 0) counts.managed++;
    if (g.internal) counts.internal++;
    if (g.internal && !showInternal) continue;
    if (!filter.ifaceless && !filter.matchInterface(g)) continue;
    counts.matching++;
    visible[entry.index] = 1;
    // Entries are sorted by id, so the visible ones already are.
    nodes.push(g);
    if (!showLldp || options.collapsed) continue;
    for (const n of neighbors) {
      if (!n.chassisId || !n.portId) continue;
      const id = switchPortId(n.chassisId, n.portId);
      let sp = switchPorts.get(id);
      if (!sp) {
        sp = {
          kind: 'switch-port',
          id,
          group: switchGroupId(n.chassisId),
          chassisId: n.chassisId,
          portId: n.portId,
          vlans: n.vlans.map((v) => v.id),
        };
        if (n.systemName) sp.systemName = n.systemName;
        switchPorts.set(id, sp);
      }
      lldpEdges.push({ id: `${g.id}|lldp|${id}`, kind: 'lldp', source: g.id, target: id });
    }
  }

  // Counted in maps first: keyed stores on a fresh record per interface were a measurable cost.
  for (const [type, n] of byType) counts.byType[type] = n;
  for (const [s, n] of byState) counts.byState[s] = n;
  const { edges: structural, ends, notes: edgeNotes } = structure;
  const notes = [...state.notes, ...edgeNotes];
  if (!node) notes.push({ code: 'nns.missingName', severity: 'warning', params: {} });

  const group: NodeGroup = {
    kind: 'node',
    id: groupId,
    node,
    labels: { ...(options.labels ?? {}) },
    collapsed: options.collapsed === true,
    counts,
    hiddenInternal: showInternal ? 0 : counts.internal,
    policies: ownership.policies,
    failingPolicies: ownership.failingPolicies,
  };
  const rv = isRecord(nns) && isRecord(nns.metadata) ? nns.metadata.resourceVersion : undefined;
  if (typeof rv === 'string') group.resourceVersion = rv;

  const pass = { nns, collapsed: collapsedNow, ownership: fingerprint };
  if (options.collapsed) {
    const summary: NodeSubgraph = {
      node,
      group,
      nodes: [{ kind: 'node-summary', id: `summary:${node}`, group: group.id, node, counts }],
      edges: [],
      switchPorts: [],
      notes,
    };
    interfacePassOf.set(summary, pass);
    return summary;
  }
  const edges: GraphEdge[] = lldpEdges;
  for (let i = 0; i < structural.length; i++)
    if (visible[ends[2 * i] as number] === 1 && visible[ends[2 * i + 1] as number] === 1)
      edges.push(structural[i] as GraphEdge);
  edges.sort(compareEdges);
  const sub: NodeSubgraph = {
    node,
    group,
    nodes,
    edges,
    switchPorts: [...switchPorts.values()].sort(byId),
    notes,
  };
  interfacePassOf.set(sub, pass);
  return sub;
}

/** VLAN ids of a list already sorted by id (as `decodeLldpNeighbor` returns it), without repeats. */
function uniqueSortedIds(vlans: readonly { id: number }[]): number[] {
  const out: number[] = [];
  for (const v of vlans) if (out.length === 0 || out[out.length - 1] !== v.id) out.push(v.id);
  return out;
}

/**
 * Edges sort by (source, kind, target): deterministic whatever order the NNS listed interfaces
 * and ports in, and cheaper than by id, whose concatenated strings would each be flattened.
 */
function compareEdges(a: GraphEdge, b: GraphEdge): number {
  return cmp(a.source, b.source) || cmp(a.kind, b.kind) || cmp(a.target, b.target);
}

function mergeSorted<T extends { id: string }>(a: readonly T[], b: readonly T[]): T[] {
  const out: T[] = new Array<T>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as T;
    const y = b[j] as T;
    if (x.id <= y.id) {
      out[k++] = x;
      i++;
    } else {
      out[k++] = y;
      j++;
    }
  }
  while (i < a.length) out[k++] = a[i++] as T;
  while (j < b.length) out[k++] = b[j++] as T;
  return out;
}

function noteKey(n: GraphNote): string {
  return `${n.node ?? ''}\u0000${n.code}\u0000${JSON.stringify(n.params)}`;
}

/** Concatenates node subgraphs, merges switch ports seen from several nodes, sorts everything. */
export function mergeSubgraphs(
  subgraphs: readonly NodeSubgraph[],
  extraNotes: readonly GraphNote[] = [],
): TopologyGraph {
  const interfaceNodes: GraphNode[] = [];
  const otherNodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const groups: GraphGroup[] = [];
  const notes: GraphNote[] = [...extraNotes];
  const ports = new Map<string, SwitchPortGraphNode>();
  const switches = new Map<string, SwitchGroup>();
  // Interface and edge ids start with `<node>/` and node names hold no `/`, so concatenating the
  // per-node sorted lists in `<node>/` order is already globally sorted: no 20k-element sort.
  const ordered = [...subgraphs].sort((a, b) => cmp(`${a.node}/`, `${b.node}/`));
  for (const sub of ordered) {
    for (const n of sub.nodes) (n.kind === 'interface' ? interfaceNodes : otherNodes).push(n);
    for (const e of sub.edges) edges.push(e);
    groups.push(sub.group);
    for (const n of sub.notes) notes.push(n);
    for (const sp of sub.switchPorts) {
      const existing = ports.get(sp.id);
      if (existing) {
        if (!existing.systemName && sp.systemName) existing.systemName = sp.systemName;
        if (sp.vlans.length > existing.vlans.length) existing.vlans = sp.vlans;
        continue;
      }
      ports.set(sp.id, { ...sp, vlans: [...sp.vlans] });
      let sw = switches.get(sp.group);
      if (!sw) {
        sw = { kind: 'switch', id: sp.group, chassisId: sp.chassisId, ports: [] };
        switches.set(sp.group, sw);
      }
      if (!sw.systemName && sp.systemName) sw.systemName = sp.systemName;
      sw.ports.push(sp.id);
    }
  }
  for (const sp of ports.values()) otherNodes.push(sp);
  for (const sw of switches.values()) {
    sw.ports.sort(cmp);
    groups.push(sw);
  }
  otherNodes.sort(byId);
  const nodes = mergeSorted(interfaceNodes, otherNodes);
  groups.sort(byId);
  notes.sort((a, b) => cmp(noteKey(a), noteKey(b)));
  return { nodes, edges, groups, notes };
}

interface PreparedInputs {
  index: EnactmentIndex;
  policies: ReadonlyMap<string, NodeNetworkConfigurationPolicy>;
  states: NodeNetworkState[];
  labels: Map<string, Record<string, string>>;
  nodeNames: string[];
  notes: GraphNote[];
  collapsed: (node: string) => boolean;
  filter: CompiledTopologyFilter;
}

function prepare(inputs: TopologyInputs): PreparedInputs {
  const options = inputs.options ?? {};
  const notes: GraphNote[] = [];
  const labels = new Map<string, Record<string, string>>();
  for (const n of Array.isArray(inputs.nodes) ? inputs.nodes : []) {
    if (!isRecord(n) || !isRecord(n.metadata) || typeof n.metadata.name !== 'string') continue;
    const l = n.metadata.labels;
    labels.set(n.metadata.name, isRecord(l) ? (l as Record<string, string>) : {});
  }
  const states: NodeNetworkState[] = [];
  const seenNodes = new Set<string>();
  const given: unknown = inputs.nodeNetworkStates;
  for (const nns of Array.isArray(given) ? (given as NodeNetworkState[]) : []) {
    const name = isRecord(nns) && isRecord(nns.metadata) ? nns.metadata.name : undefined;
    if (typeof name !== 'string' || name === '') {
      notes.push({ code: 'nns.missingName', severity: 'warning', params: {} });
      continue;
    }
    if (seenNodes.has(name)) continue;
    seenNodes.add(name);
    states.push(nns);
  }
  for (const name of labels.keys())
    if (!seenNodes.has(name))
      notes.push({
        code: 'node.noNetworkState',
        severity: 'info',
        node: name,
        params: { node: name },
      });
  states.sort((a, b) => cmp(a.metadata.name, b.metadata.name));
  const filter = compileTopologyFilter(options.filter);
  const collapsedSet = new Set(options.collapsedNodes ?? []);
  const expandedSet = new Set(options.expandedNodes ?? []);
  const fold = options.foldNodesAbove !== undefined && states.length > options.foldNodesAbove;
  return {
    index: toEnactmentIndex(inputs.enactments),
    policies: toPolicyMap(inputs.policies),
    states,
    labels,
    nodeNames: states.map((s) => s.metadata.name),
    notes,
    collapsed: (node) => collapsedSet.has(node) || (fold && !expandedSet.has(node)),
    filter,
  };
}

function keepSubgraph(sub: NodeSubgraph, filter: CompiledTopologyFilter): boolean {
  if (!filter.matchNode(sub.node, sub.group.labels)) return false;
  return filter.ifaceless || sub.group.counts.matching > 0;
}

/** The whole graph in one call. For live updates prefer `createTopologyGraphBuilder`. */
export function buildTopologyGraph(inputs: TopologyInputs): TopologyGraph {
  const p = prepare(inputs);
  const options = inputs.options ?? {};
  const subgraphs: NodeSubgraph[] = [];
  for (const nns of p.states) {
    const node = nns.metadata.name;
    const sub = buildNodeSubgraph(nns, p.index, p.policies, {
      ...options,
      collapsed: p.collapsed(node),
      labels: p.labels.get(node) ?? {},
      compiledFilter: p.filter,
    });
    if (keepSubgraph(sub, p.filter)) subgraphs.push(sub);
  }
  return mergeSubgraphs(subgraphs, p.notes);
}

function subgraphKey(
  nns: NodeNetworkState,
  index: EnactmentIndex,
  policies: ReadonlyMap<string, NodeNetworkConfigurationPolicy>,
  collapsed: boolean,
  labels: Record<string, string>,
): string {
  const node = nns.metadata.name;
  const parts: string[] = [nns.metadata.resourceVersion ?? '', collapsed ? 'c' : 'e'];
  const perNode = index.get(node);
  if (perNode)
    for (const [policy, nnce] of perNode) {
      const p = policies.get(policy);
      // The subgraph reads a policy's spec (its desired state) and generation, which changes with
      // every spec change; its status, which the handler rewrites throughout a rollout, not.
      const version =
        typeof p?.metadata.generation === 'number'
          ? `g${p.metadata.generation}`
          : (p?.metadata.resourceVersion ?? '');
      parts.push(`${policy}@${nnce.metadata.resourceVersion ?? ''}:${version}`);
    }
  for (const k of Object.keys(labels).sort(cmp)) parts.push(`${k}=${labels[k] ?? ''}`);
  return parts.join('\u0000');
}

/**
 * A memoising builder: node subgraphs are reused while the node's NNS resourceVersion, its
 * enactments' resourceVersions, their policies' generations (resourceVersions when they have
 * none), its labels and the options are unchanged.
 * Objects without resourceVersions are compared by identity instead.
 */
export function createTopologyGraphBuilder(): (inputs: TopologyInputs) => TopologyGraph {
  let optionsKey = '';
  const cache = new Map<string, { key: string; nns: NodeNetworkState; sub: NodeSubgraph }>();
  return (inputs) => {
    const p = prepare(inputs);
    const options = inputs.options ?? {};
    const nextOptionsKey = JSON.stringify({
      i: options.showInternal === true,
      l: options.showLldp !== false,
      f: options.filter ?? null,
    });
    if (nextOptionsKey !== optionsKey) {
      cache.clear();
      optionsKey = nextOptionsKey;
    }
    const subgraphs: NodeSubgraph[] = [];
    const live = new Set<string>();
    for (const nns of p.states) {
      const node = nns.metadata.name;
      live.add(node);
      const collapsed = p.collapsed(node);
      const labels = p.labels.get(node) ?? {};
      const key = subgraphKey(nns, p.index, p.policies, collapsed, labels);
      const hit = cache.get(node);
      let sub: NodeSubgraph;
      if (hit && hit.key === key && (nns.metadata.resourceVersion || hit.nns === nns)) {
        sub = hit.sub;
      } else {
        sub = buildNodeSubgraph(nns, p.index, p.policies, {
          ...options,
          collapsed,
          labels,
          compiledFilter: p.filter,
          ...(hit ? { previous: hit.sub } : {}),
        });
        cache.set(node, { key, nns, sub });
      }
      if (keepSubgraph(sub, p.filter)) subgraphs.push(sub);
    }
    for (const node of [...cache.keys()]) if (!live.has(node)) cache.delete(node);
    return mergeSubgraphs(subgraphs, p.notes);
  };
}
