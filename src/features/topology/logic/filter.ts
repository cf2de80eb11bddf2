// Topology filters: a URL-shareable query string <-> TopologyFilter, and one compiled predicate
// used both while building the graph (so collapsed nodes are narrowed by their interfaces too)
// and on an already built graph.
import { parseCidr, parseIp, toRange, type IpAddress } from '../../../shared/net/cidr';
import { isGlob, matchGlob, MAX_NODE_PATTERN_LENGTH } from './glob';
import type {
  GraphEdge,
  GraphGroup,
  GraphNode,
  InterfaceGraphNode,
  NodeGroup,
  TopologyFilter,
  TopologyGraph,
} from '../model/types';

/** Query-string keys; short and stable because they end up in shared links. */
const LIST_KEYS = ['node', 'label', 'type', 'state', 'ip', 'mac', 'lldp', 'policy'] as const;
type ListKey = (typeof LIST_KEYS)[number];

export type TopologyFilterErrorCode =
  | 'filter.invalidIp'
  | 'filter.invalidVlan'
  | 'filter.invalidMac'
  | 'filter.invalidFailing'
  | 'filter.patternTooLong'
  | 'filter.tooManyValues';

export interface TopologyFilterError {
  code: TopologyFilterErrorCode;
  /** `max`: the limit passed (`patternTooLong`, `tooManyValues`). */
  params: { key: string; value: string; max?: number };
}

/**
 * Values one field keeps from a link; the rest are dropped and reported. Every value is tried
 * against every node or interface, so a link with thousands of them would stall the page.
 */
export const MAX_FILTER_VALUES = 32;

export interface ParseTopologyFilterResult {
  filter: TopologyFilter;
  /** Terms that were dropped because they cannot match anything. */
  errors: TopologyFilterError[];
}

const MAC_HEX = /^[0-9a-f]*$/;

function normalizeMac(text: string): string {
  return text.toLowerCase().replace(/[-:.\s]/g, '');
}

function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}

/**
 * Reads a filter from a query string (`?node=w*&ip=fd00::/64&failing=1`). Keys may repeat and
 * values may also be comma separated. Unknown keys are ignored so the filter can share the URL
 * with other state (`selectedID`, …). Never throws.
 */
export function parseTopologyFilter(query: string): ParseTopologyFilterResult {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const errors: TopologyFilterError[] = [];
  const lists: Partial<Record<ListKey, string[]>> = {};
  for (const key of LIST_KEYS) {
    const values: string[] = [];
    for (const raw of params.getAll(key))
      for (const part of raw.split(',')) {
        const v = part.trim();
        if (v === '') continue;
        // Longer than any node name, so it cannot match one; dropping it also bounds the
        // matcher's work per name.
        if (key === 'node' && v.length > MAX_NODE_PATTERN_LENGTH)
          errors.push({
            code: 'filter.patternTooLong',
            params: { key, value: v, max: MAX_NODE_PATTERN_LENGTH },
          });
        else values.push(v);
      }
    const unique = sortedUnique(values);
    if (unique.length > MAX_FILTER_VALUES)
      errors.push({
        code: 'filter.tooManyValues',
        params: { key, value: String(unique.length), max: MAX_FILTER_VALUES },
      });
    if (unique.length > 0) lists[key] = unique.slice(0, MAX_FILTER_VALUES);
  }
  const filter: TopologyFilter = {};
  for (const key of LIST_KEYS) {
    let values = lists[key];
    if (!values) continue;
    if (key === 'ip')
      values = values.filter((v) => {
        const ok = v.includes('/') ? parseCidr(v).ok : parseIp(v).ok;
        if (!ok) errors.push({ code: 'filter.invalidIp', params: { key, value: v } });
        return ok;
      });
    if (key === 'mac')
      values = values.filter((v) => {
        const ok = MAC_HEX.test(normalizeMac(v)) && normalizeMac(v) !== '';
        if (!ok) errors.push({ code: 'filter.invalidMac', params: { key, value: v } });
        return ok;
      });
    if (key === 'type' || key === 'state') values = values.map((v) => v.toLowerCase());
    const unique = sortedUnique(values);
    if (unique.length > 0) filter[key] = unique;
  }
  const vlans = new Set<number>();
  for (const raw of params.getAll('vlan'))
    for (const part of raw.split(',')) {
      const v = part.trim();
      if (v === '') continue;
      const n = /^\d{1,4}$/.test(v) ? Number(v) : NaN;
      if (n >= 1 && n <= 4094) vlans.add(n);
      else errors.push({ code: 'filter.invalidVlan', params: { key: 'vlan', value: v } });
    }
  if (vlans.size > 0) filter.vlan = [...vlans].sort((a, b) => a - b);
  const failing = params.get('failing');
  if (failing !== null) {
    if (failing === '1' || failing === 'true' || failing === '') filter.failing = true;
    else if (failing !== '0' && failing !== 'false')
      errors.push({ code: 'filter.invalidFailing', params: { key: 'failing', value: failing } });
  }
  return { filter, errors };
}

/** Canonical query string (no leading `?`); keys in a fixed order, values sorted. */
export function serializeTopologyFilter(filter: TopologyFilter): string {
  const params = new URLSearchParams();
  for (const key of LIST_KEYS) {
    const values = filter[key];
    if (!values) continue;
    for (const v of sortedUnique(values.map((x) => x.trim()).filter((x) => x !== '')))
      params.append(key, v);
  }
  if (filter.vlan)
    for (const v of [...new Set(filter.vlan)].sort((a, b) => a - b))
      params.append('vlan', String(v));
  if (filter.failing) params.append('failing', '1');
  return params.toString();
}

export function isEmptyTopologyFilter(filter: TopologyFilter | undefined): boolean {
  if (!filter) return true;
  return serializeTopologyFilter(filter) === '';
}

interface IpTerm {
  family: 4 | 6;
  start: bigint;
  end: bigint;
}

export interface CompiledTopologyFilter {
  /** True when no field narrows nodes. */
  nodeless: boolean;
  /** True when no field narrows interfaces. */
  ifaceless: boolean;
  matchNode(node: string, labels: Readonly<Record<string, string>>): boolean;
  matchInterface(iface: InterfaceGraphNode): boolean;
}

/** Address part of `ip/prefix` as stored on graph nodes. */
function addressOf(text: string): IpAddress | undefined {
  const slash = text.indexOf('/');
  const r = parseIp(slash >= 0 ? text.slice(0, slash) : text);
  return r.ok ? r.value : undefined;
}

export function compileTopologyFilter(filter: TopologyFilter | undefined): CompiledTopologyFilter {
  const f = filter ?? {};
  // Filters built in code (not parsed from a link) get the same caps as parsed ones.
  const nodeTerms = (f.node ?? [])
    .filter((term) => term.length <= MAX_NODE_PATTERN_LENGTH)
    .slice(0, MAX_FILTER_VALUES);
  const nodeMatchers = nodeTerms.map((term): ((n: string) => boolean) => {
    if (isGlob(term)) return (n) => matchGlob(term, n);
    const lower = term.toLowerCase();
    return (n) => n.toLowerCase().includes(lower);
  });
  const labelTerms = (f.label ?? []).map((term) => {
    const eq = term.indexOf('=');
    return eq < 0
      ? { key: term, value: undefined }
      : { key: term.slice(0, eq), value: term.slice(eq + 1) };
  });
  const types = f.type ? new Set(f.type.map((t) => t.toLowerCase())) : undefined;
  const states = f.state ? new Set(f.state.map((s) => s.toLowerCase())) : undefined;
  const ipTerms: IpTerm[] = [];
  for (const term of f.ip ?? []) {
    if (term.includes('/')) {
      const c = parseCidr(term);
      if (c.ok) {
        const r = toRange(c.value);
        ipTerms.push({ family: c.value.family, start: r.start, end: r.end });
      }
    } else {
      const a = parseIp(term);
      if (a.ok) ipTerms.push({ family: a.value.family, start: a.value.value, end: a.value.value });
    }
  }
  const ipInvalidOnly = (f.ip?.length ?? 0) > 0 && ipTerms.length === 0;
  const macs = (f.mac ?? []).map(normalizeMac).filter((m) => m !== '' && MAC_HEX.test(m));
  const macInvalidOnly = (f.mac?.length ?? 0) > 0 && macs.length === 0;
  const lldpTerms = (f.lldp ?? []).map((t) => t.toLowerCase());
  const vlans = f.vlan ? new Set(f.vlan) : undefined;
  const policies = f.policy ? new Set(f.policy) : undefined;
  const failing = f.failing === true;

  const nodeless = nodeMatchers.length === 0 && labelTerms.length === 0;
  const ifaceless =
    !types &&
    !states &&
    (f.ip?.length ?? 0) === 0 &&
    (f.mac?.length ?? 0) === 0 &&
    lldpTerms.length === 0 &&
    !vlans &&
    !policies &&
    !failing;

  return {
    nodeless,
    ifaceless,
    matchNode(node, labels) {
      if (nodeMatchers.length > 0 && !nodeMatchers.some((m) => m(node))) return false;
      for (const { key, value } of labelTerms) {
        const actual = labels[key];
        if (actual === undefined) return false;
        if (value !== undefined && actual !== value) return false;
      }
      return true;
    },
    matchInterface(iface) {
      if (types && !types.has(iface.type) && !(iface.rawType && types.has(iface.rawType)))
        return false;
      if (states && !states.has(iface.state)) return false;
      if (failing && !iface.failing) return false;
      if (policies) {
        const hit =
          iface.managedBy.some((p) => policies.has(p)) ||
          iface.failingPolicies.some((p) => policies.has(p));
        if (!hit) return false;
      }
      if (vlans) {
        const hit =
          (iface.vlanId !== undefined && vlans.has(iface.vlanId)) ||
          iface.lldpVlans.some((v) => vlans.has(v));
        if (!hit) return false;
      }
      if (lldpTerms.length > 0) {
        const hit = iface.lldpSystemNames.some((n) => {
          const lower = n.toLowerCase();
          return lldpTerms.some((t) => lower.includes(t));
        });
        if (!hit) return false;
      }
      if (macInvalidOnly) return false;
      if (macs.length > 0) {
        if (!iface.macAddress) return false;
        const mac = normalizeMac(iface.macAddress);
        if (!macs.some((m) => mac.startsWith(m))) return false;
      }
      if (ipInvalidOnly) return false;
      if (ipTerms.length > 0) {
        let hit = false;
        for (const text of iface.addresses) {
          const a = addressOf(text);
          if (!a) continue;
          if (
            ipTerms.some((t) => t.family === a.family && a.value >= t.start && a.value <= t.end)
          ) {
            hit = true;
            break;
          }
        }
        if (!hit) return false;
      }
      return true;
    },
  };
}

/**
 * Narrows an already built graph. Collapsed nodes (summary graph nodes) can only be judged by
 * node name and labels here; pass the filter in `TopologyOptions.filter` to have the builder
 * narrow them by their interfaces as well.
 */
export function filterTopology(graph: TopologyGraph, filter: TopologyFilter): TopologyGraph {
  const compiled = compileTopologyFilter(filter);
  if (compiled.nodeless && compiled.ifaceless) return graph;
  const nodeGroups = new Map<string, NodeGroup>();
  for (const g of graph.groups) if (g.kind === 'node') nodeGroups.set(g.id, g);
  const keptGroups = new Set<string>();
  for (const g of nodeGroups.values())
    if (compiled.matchNode(g.node, g.labels)) keptGroups.add(g.id);

  const kept = new Set<string>();
  const groupsWithMatch = new Set<string>();
  for (const n of graph.nodes) {
    if (n.kind === 'switch-port') continue;
    if (!keptGroups.has(n.group)) continue;
    if (n.kind === 'node-summary') {
      if (compiled.ifaceless || n.counts.matching > 0) {
        kept.add(n.id);
        groupsWithMatch.add(n.group);
      }
      continue;
    }
    if (compiled.matchInterface(n)) {
      kept.add(n.id);
      groupsWithMatch.add(n.group);
    }
  }
  const edges: GraphEdge[] = [];
  const switchPorts = new Set<string>();
  for (const e of graph.edges) {
    if (!kept.has(e.source)) continue;
    if (e.kind === 'lldp') {
      switchPorts.add(e.target);
      edges.push(e);
    } else if (kept.has(e.target)) edges.push(e);
  }
  const nodes: GraphNode[] = graph.nodes.filter((n) =>
    n.kind === 'switch-port' ? switchPorts.has(n.id) : kept.has(n.id),
  );
  const groups: GraphGroup[] = [];
  for (const g of graph.groups) {
    if (g.kind === 'node') {
      if (keptGroups.has(g.id) && (compiled.ifaceless || groupsWithMatch.has(g.id))) groups.push(g);
    } else {
      const ports = g.ports.filter((p) => switchPorts.has(p));
      if (ports.length > 0) groups.push({ ...g, ports });
    }
  }
  const groupIds = new Set(groups.map((g) => g.id));
  const notes = graph.notes.filter((n) => n.node === undefined || groupIds.has(`node:${n.node}`));
  return { nodes, edges, groups, notes };
}
