// The inverse of a successful policy. Deleting a policy does not undo it, so we generate the
// desired state that puts nodes back: created interfaces become `absent`, changed interfaces get
// their earlier values (from NodeNetworkStates recorded before the policy applied), ports of
// removed controllers are restored, added routes become `absent`, removed ones come back, and DNS
// returns to its earlier static config. One desired state serves every node, so where nodes
// differed beforehand the first node (by name) wins and a note says so.
import type {
  DnsConfig,
  NetworkInterface,
  NetworkState,
  NodeNetworkConfigurationPolicySpec,
  Route,
} from '../../../shared/model/nmstate';
import { getInterfacePorts, isTemplate } from '../../policies/logic/validatePolicy';
import { canonicalJson } from './specDiff';
import { isRecord } from '../../../shared/logic/isRecord';

export type RevertNoteCode =
  /** Nodes had different values before; the first node's were used. */
  | 'revert.perNodeDifference'
  /** The interface existed on some nodes only: it stays where the policy created it. */
  | 'revert.createdOnSomeNodes'
  /** A policy-removed interface was not in any recorded state, so it cannot be recreated. */
  | 'revert.interfaceUnknown'
  /** A physical NIC cannot be removed; it was left as configured. */
  | 'revert.cannotRemovePhysical'
  /** A policy-removed route was not found in the recorded states. */
  | 'revert.routeUnknown'
  /** The policy uses templates for its interfaces; a per-node revert is needed. */
  | 'revert.templated'
  /** No recorded state for any node: nothing to compare with. */
  | 'revert.noBeforeState';

export interface RevertNote {
  code: RevertNoteCode;
  params: Record<string, string | number>;
  nodes?: string[];
}

export interface RevertResult {
  desiredState: NetworkState;
  notes: RevertNote[];
}

/** Reported by the node, not configurable: never written back. */
const RUNTIME_KEYS = ['min-mtu', 'max-mtu', 'profile-name', 'lldp', 'controller', 'ethtool'];
const ADDRESS_RUNTIME_KEYS = [
  'preferred-left',
  'valid-left',
  'preferred-life-time',
  'valid-life-time',
];
const PHYSICAL = new Set(['ethernet', 'infiniband']);

const cleanIp = (block: unknown): unknown => {
  if (!isRecord(block)) return block;
  const out = structuredClone(block);
  // Dynamic addresses (DHCP, autoconf) must not come back as static ones.
  if (out.dhcp === true || out.autoconf === true) Reflect.deleteProperty(out, 'address');
  else if (Array.isArray(out.address))
    out.address = out.address.map((a: unknown) => {
      if (!isRecord(a)) return a;
      const copy = { ...a };
      for (const k of ADDRESS_RUNTIME_KEYS) Reflect.deleteProperty(copy, k);
      return copy;
    });
  return out;
};

const cleanValue = (key: string, value: unknown): unknown =>
  key === 'ipv4' || key === 'ipv6' ? cleanIp(value) : structuredClone(value);

const restoreWhole = (before: NetworkInterface): NetworkInterface => {
  const out: NetworkInterface = { name: before.name };
  for (const [k, v] of Object.entries(before))
    if (!RUNTIME_KEYS.includes(k)) out[k] = cleanValue(k, v);
  return out;
};

/** The interface on each node (by name, and type when the policy gives one). */
const findBefore = (
  states: [string, NetworkState][],
  name: string,
  type: string | undefined,
): [string, NetworkInterface][] => {
  const out: [string, NetworkInterface][] = [];
  for (const [node, state] of states) {
    const match = (state.interfaces ?? []).find(
      (i) => i.name === name && (type === undefined || i.type === type),
    );
    if (match) out.push([node, match]);
  }
  return out;
};

/** Picks the first node's value and notes the nodes that differed. */
const pick = <T>(
  found: [string, T][],
  notes: RevertNote[],
  params: Record<string, string | number>,
): T | undefined => {
  const first = found[0];
  if (!first) return undefined;
  const differing = found
    .filter(([, v]) => canonicalJson(v) !== canonicalJson(first[1]))
    .map(([n]) => n);
  if (differing.length > 0)
    notes.push({
      code: 'revert.perNodeDifference',
      params: { ...params, used: first[0] },
      nodes: differing,
    });
  return first[1];
};

const routeMatches = (a: Route, b: Route): boolean =>
  a.destination === b.destination &&
  (a['next-hop-interface'] === undefined || a['next-hop-interface'] === b['next-hop-interface']) &&
  (a['next-hop-address'] === undefined || a['next-hop-address'] === b['next-hop-address']) &&
  (a['table-id'] === undefined || (a['table-id'] || 254) === (b['table-id'] || 254));

export const buildRevertDesiredState = (
  policySpec: NodeNetworkConfigurationPolicySpec,
  nodeStatesBefore: ReadonlyMap<string, NetworkState>,
): RevertResult => {
  const notes: RevertNote[] = [];
  const states = [...nodeStatesBefore.entries()].sort(([a], [b]) => a.localeCompare(b));
  const allNodes = states.map(([n]) => n);
  if (states.length === 0) notes.push({ code: 'revert.noBeforeState', params: {} });
  const desired = policySpec.desiredState ?? {};
  const removals: NetworkInterface[] = [];
  const restores: NetworkInterface[] = [];
  const handled = new Set<string>();

  const rawIfaces: unknown = desired.interfaces;
  if (isTemplate(rawIfaces)) notes.push({ code: 'revert.templated', params: {} });
  const ifaces = Array.isArray(rawIfaces)
    ? rawIfaces.filter((i): i is NetworkInterface => isRecord(i) && typeof i.name === 'string')
    : [];
  for (const i of ifaces) handled.add(i.name);

  const restorePort = (port: string): void => {
    if (handled.has(port) || isTemplate(port)) return;
    handled.add(port);
    const found = findBefore(states, port, undefined);
    const before = pick(found, notes, { name: port });
    if (before) restores.push(restoreWhole(before));
  };

  for (const iface of ifaces) {
    const type = typeof iface.type === 'string' ? iface.type : undefined;
    const found = findBefore(states, iface.name, type);
    if (iface.state === 'absent') {
      const before = pick(found, notes, { name: iface.name });
      if (!before) {
        notes.push({ code: 'revert.interfaceUnknown', params: { name: iface.name } });
        continue;
      }
      restores.push(restoreWhole(before));
      for (const port of getInterfacePorts(before)) restorePort(port);
      continue;
    }
    if (found.length === 0) {
      if (type && PHYSICAL.has(type)) {
        notes.push({ code: 'revert.cannotRemovePhysical', params: { name: iface.name } });
        continue;
      }
      removals.push(
        type ? { name: iface.name, type, state: 'absent' } : { name: iface.name, state: 'absent' },
      );
      // The ports the created controller took over get their earlier configuration back.
      for (const port of getInterfacePorts(iface)) restorePort(port);
      continue;
    }
    if (found.length < states.length)
      notes.push({
        code: 'revert.createdOnSomeNodes',
        params: { name: iface.name },
        nodes: allNodes.filter((n) => !found.some(([f]) => f === n)),
      });
    const restored: NetworkInterface = { name: iface.name };
    if (type) restored.type = type;
    for (const key of Object.keys(iface)) {
      if (key === 'name' || key === 'type') continue;
      const values = found
        .filter(([, b]) => b[key] !== undefined)
        .map(([n, b]): [string, unknown] => [n, cleanValue(key, b[key])]);
      const value = pick(values, notes, { name: iface.name, field: key });
      if (value !== undefined) restored[key] = value;
    }
    if (restored.state === undefined) {
      const state = pick(
        found.map(([n, b]): [string, unknown] => [n, b.state]),
        notes,
        { name: iface.name, field: 'state' },
      );
      if (typeof state === 'string') restored.state = state;
    }
    restores.push(restored);
    // Ports the policy added to an existing controller get their earlier configuration back.
    const beforePorts = new Set(found.flatMap(([, b]) => getInterfacePorts(b)));
    for (const port of getInterfacePorts(iface)) if (!beforePorts.has(port)) restorePort(port);
  }

  const result: NetworkState = {};
  if (removals.length + restores.length > 0) result.interfaces = [...removals, ...restores];

  const routes: unknown = desired.routes?.config;
  if (Array.isArray(routes)) {
    const out: Route[] = [];
    for (const r of routes) {
      if (!isRecord(r)) continue;
      const route = r as Route;
      if (route.state !== 'absent') {
        out.push({ ...structuredClone(route), state: 'absent' });
        continue;
      }
      const found = states
        .map(([n, s]): [string, Route | undefined] => [
          n,
          (s.routes?.config ?? []).find((b) => routeMatches(route, b)) ??
            (s.routes?.running ?? []).find((b) => routeMatches(route, b)),
        ])
        .filter((e): e is [string, Route] => e[1] !== undefined);
      const before = pick(found, notes, { destination: String(route.destination) });
      if (before) out.push(structuredClone(before));
      else
        notes.push({
          code: 'revert.routeUnknown',
          params: { destination: String(route.destination) },
        });
    }
    if (out.length > 0) result.routes = { config: out };
  }

  const dns = desired['dns-resolver']?.config;
  if (isRecord(dns)) {
    const found = states.map(([n, s]): [string, DnsConfig] => {
      const c = s['dns-resolver']?.config ?? {};
      return [n, { server: [...(c.server ?? [])], search: [...(c.search ?? [])] }];
    });
    const before = pick(found, notes, { field: 'dns-resolver' });
    if (before) result['dns-resolver'] = { config: before };
  }
  return { desiredState: result, notes };
};
