// The state to return to when reverting a policy, computed per node from what the policy changed
// there, then combined into the one desired state a policy can carry.
//
// Per node this follows nmstate's own revert generator (nmstate rust/src/lib/revert/):
// - an interface the policy declares that did not exist before becomes `absent`, name and type
//   only (revert/ifaces/iface.rs, `MergedInterface::generate_revert`);
// - one that existed gets, for every key the policy set, the earlier value: objects key by key,
//   anything else whole (revert/state.rs, `gen_revert_state`), the whole earlier ipv4/ipv6 block
//   when the policy switched static to automatic (revert/ifaces/base.rs), and is left out when that
//   is what the policy set anyway (`is_no_op`);
// - DNS, when the policy set it, returns to the earlier config as a whole (revert/dns.rs);
// - routes and route rules the policy added become `absent`, those it removed come back from the
//   earlier state by nmstate's matching rules (revert/route.rs, revert/route_rule.rs,
//   `RouteEntry::is_match` in route.rs, `RouteRuleEntry::is_match` in route_rule.rs).
// Where this differs from nmstate, it is so that a revert cannot make things worse:
// - a created interface that something present now is built on (a VLAN on a bond …) is not
//   removed: nmstate refuses the whole apply ("Interface bond0.300 depends on interface bond0
//   which is marked as absent", nmstate ifaces/inter_ifaces.rs);
// - a route the policy declared that existed before is kept, not removed;
// - whatever the earlier state does not say is refused and reported, never guessed.
import type {
  NetworkInterface,
  NetworkState,
  NodeNetworkConfigurationPolicy,
  Route,
} from '../../../shared/model/nmstate';
import {
  getBaseInterface,
  getInterfacePorts,
  isTemplate,
} from '../../policies/logic/validatePolicy';
import { isRecord } from '../../../shared/logic/isRecord';
import { canonicalJson } from './specDiff';

/** How much of a node's earlier state is known. */
export type BeforeKnowledge =
  /**
   * A baseline recorded before the policy applied, or a node nmstate restored after a failure:
   * an interface the policy names that is not in it did not exist.
   */
  | 'complete'
  /** Captured states of the enactment: what is in it existed, nothing else is known. */
  | 'partial'
  /** Nothing from before the policy. */
  | 'none';

export interface NodeBefore {
  knowledge: BeforeKnowledge;
  state: NetworkState;
  /** For a baseline: the interfaces it covers; one outside it is not known to be absent. */
  scope?: ReadonlySet<string>;
  /** Which sections the earlier state covers (a baseline only has those the policy sets). */
  dns: boolean;
  routes: boolean;
  rules: boolean;
}

export interface NodeRevertInput {
  node: string;
  /** The desired state the policy applied on this node (captures resolved). */
  desired: NetworkState | null;
  before: NodeBefore;
  now: NetworkState | undefined;
}

export type InverseRefusal =
  /** The node's earlier state does not say whether the interface existed or how it was set. */
  | 'inverse.interfaceUnknown'
  /** Interfaces present now are built on it (VLAN, VXLAN, MAC-VLAN … base). */
  | 'inverse.hasDependents'
  /** A physical NIC cannot be removed. */
  | 'inverse.physical'
  | 'inverse.dnsUnknown'
  | 'inverse.routesUnknown'
  | 'inverse.rulesUnknown'
  /** The policy's captures were not resolved for this node (no enactment desired state). */
  | 'inverse.desiredUnknown'
  /** Nodes need different values and one policy can only carry one. */
  | 'inverse.perNodeDifference';

export type InverseNoteCode =
  | InverseRefusal
  /** The user chose to assume the policy created the virtual interfaces it declares. */
  | 'inverse.assumedCreated';

export interface InverseNote {
  code: InverseNoteCode;
  /** Element the note is about: `interface bond0`, `dns`, `route 10.0.0.0/8 …`. */
  element: string;
  nodes: string[];
  params: Record<string, string>;
}

export interface InverseOptions {
  /** Without an earlier state, treat declared virtual interfaces as created by the policy. */
  assumeDeclaredVirtualCreated?: boolean;
}

export interface InverseResult {
  desiredState: NetworkState;
  notes: InverseNote[];
  /** Per node, what it needs (before combining), for the per-node view. */
  perNode: Map<string, NetworkState>;
}

/** Reported by the node, not configurable: never written back. */
const RUNTIME_KEYS = new Set([
  'min-mtu',
  'max-mtu',
  'profile-name',
  'lldp',
  'controller',
  'ethtool',
  'permanent-mac-address',
  'accept-all-mac-addresses',
]);
const ADDRESS_RUNTIME_KEYS = [
  'preferred-left',
  'valid-left',
  'preferred-life-time',
  'valid-life-time',
];
const PHYSICAL = new Set(['ethernet', 'infiniband']);

const cleanIp = (block: unknown): unknown => {
  if (!isRecord(block)) return structuredClone(block);
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

const isAutoIp = (v: unknown): boolean => isRecord(v) && (v.dhcp === true || v.autoconf === true);

/** nmstate's gen_revert_state: for each key desired sets, the earlier value (objects recursively). */
const revertValue = (desired: unknown, before: unknown): unknown => {
  if (!isRecord(desired) || !isRecord(before)) return structuredClone(before);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(desired)) {
    if (!(k in before)) continue;
    out[k] = isRecord(v) ? revertValue(v, before[k]) : structuredClone(before[k]);
  }
  return out;
};

const restoreWhole = (before: NetworkInterface): NetworkInterface => {
  const out: NetworkInterface = { name: before.name };
  for (const [k, v] of Object.entries(before)) if (!RUNTIME_KEYS.has(k)) out[k] = cleanValue(k, v);
  return out;
};

const revertInterface = (desired: NetworkInterface, before: NetworkInterface): NetworkInterface => {
  const out: NetworkInterface = { name: desired.name };
  if (typeof before.type === 'string') out.type = before.type;
  for (const [k, v] of Object.entries(desired)) {
    if (k === 'name' || k === 'type' || RUNTIME_KEYS.has(k) || !(k in before)) continue;
    out[k] = cleanValue(k, isRecord(v) ? revertValue(v, before[k]) : before[k]);
  }
  for (const k of ['ipv4', 'ipv6'])
    if (isAutoIp(desired[k]) && isRecord(before[k]) && !isAutoIp(before[k]))
      out[k] = cleanIp(before[k]);
  return out;
};

const ifaceKey = (i: { name: string; type?: unknown }): string =>
  `${i.name}/${typeof i.type === 'string' ? i.type : ''}`;

const findIface = (
  state: NetworkState | undefined,
  name: string,
  type: string | undefined,
): NetworkInterface | undefined =>
  (state?.interfaces ?? []).find((i) => i.name === name && (type === undefined || i.type === type));

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown, dflt: number): number => (typeof v === 'number' && v !== 0 ? v : dflt);

/** nmstate RouteEntry::is_match: unset fields of `a` match anything; table 0 means default. */
export const routeIsMatch = (a: Route, b: Route): boolean => {
  if (str(a.destination) && a.destination !== b.destination) return false;
  if (a['next-hop-interface'] !== undefined && a['next-hop-interface'] !== b['next-hop-interface'])
    return false;
  if (a['next-hop-address'] !== undefined && a['next-hop-address'] !== b['next-hop-address'])
    return false;
  if (
    typeof a['table-id'] === 'number' &&
    a['table-id'] !== 0 &&
    num(b['table-id'], 254) !== a['table-id']
  )
    return false;
  for (const k of ['weight', 'route-type', 'cwnd', 'source'])
    if (a[k] !== undefined && a[k] !== b[k]) return false;
  return true;
};

/** nmstate RouteRuleEntry::is_match, for the selectors a rule carries. */
export const ruleIsMatch = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => {
  for (const k of ['ip-from', 'ip-to']) {
    const v = a[k];
    if (typeof v !== 'string') continue;
    if (v === '' ? str(b[k]) !== undefined && b[k] !== '' : b[k] !== v) return false;
  }
  if (a.family !== undefined && b.family !== undefined && a.family !== b.family) return false;
  if (
    typeof a.priority === 'number' &&
    a.priority !== -1 &&
    a.priority !== b.priority &&
    !(a.priority === 0 && b.priority === undefined)
  )
    return false;
  if (typeof a['table-id'] === 'number' && a['table-id'] !== 0 && a['table-id'] !== b['table-id'])
    return false;
  for (const k of ['fwmark', 'fwmask'])
    if (a[k] !== undefined && (a[k] ?? 0) !== (b[k] ?? 0)) return false;
  for (const k of ['iif', 'action', 'suppress-prefix-length'])
    if (a[k] !== undefined && a[k] !== b[k]) return false;
  return true;
};

const routeLabel = (r: Record<string, unknown>): string =>
  [r.destination, r['next-hop-address'], r['next-hop-interface'], r['table-id']]
    .filter((v) => v !== undefined)
    .map(String)
    .join(' ');

const ruleLabel = (r: Record<string, unknown>): string =>
  ['ip-from', 'ip-to', 'priority', 'table-id']
    .filter((k) => r[k] !== undefined)
    .map((k) => `${k}=${String(r[k])}`)
    .join(' ');

/** Interfaces present in `now` built on `name` (their base interface). */
const dependentsOf = (now: NetworkState | undefined, name: string): string[] =>
  (now?.interfaces ?? [])
    .filter(
      (i) => i.state !== 'absent' && (getBaseInterface(i) === name || baseOfInfiniband(i) === name),
    )
    .map((i) => i.name);

const baseOfInfiniband = (i: NetworkInterface): string | undefined => {
  const ib: unknown = i.infiniband;
  return isRecord(ib) && typeof ib['base-iface'] === 'string' ? ib['base-iface'] : undefined;
};

/** One element of a node's inverse: its value, or why it cannot be given. */
type Element =
  | { kind: 'value'; section: Section; value: unknown; label: string }
  | {
      kind: 'refused';
      section: Section;
      label: string;
      code: InverseRefusal;
      params: Record<string, string>;
    };
type Section = 'interfaces' | 'dns' | 'routes' | 'rules';

interface NodeInverse {
  elements: Map<string, Element>;
  assumed: string[];
}

const rulesOf = (
  s: NetworkState | undefined,
  key: 'config' | 'running',
): Record<string, unknown>[] => {
  const rr: unknown = s?.['route-rules'];
  if (!isRecord(rr)) return [];
  const list = rr[key];
  return Array.isArray(list) ? list.filter(isRecord) : [];
};

export const computeNodeInverse = (
  input: NodeRevertInput,
  opts: InverseOptions = {},
): NodeInverse => {
  const elements = new Map<string, Element>();
  const assumed: string[] = [];
  const { desired, before, now } = input;
  if (!desired) {
    elements.set('*', {
      kind: 'refused',
      section: 'interfaces',
      label: '*',
      code: 'inverse.desiredUnknown',
      params: {},
    });
    return { elements, assumed };
  }
  const refuse = (
    key: string,
    section: Section,
    label: string,
    code: InverseRefusal,
    params: Record<string, string> = {},
  ) => elements.set(key, { kind: 'refused', section, label, code, params });
  const give = (key: string, section: Section, label: string, value: unknown) =>
    elements.set(key, { kind: 'value', section, label, value });

  const declared: unknown = desired.interfaces;
  const ifaces = Array.isArray(declared)
    ? declared.filter((i): i is NetworkInterface => isRecord(i) && typeof i.name === 'string')
    : [];
  const created: NetworkInterface[] = [];
  const restorePort = (port: string) => {
    if ([...elements.keys()].some((k) => k.startsWith(`if:${port}/`))) return;
    const templated: boolean = isTemplate(port);
    if (templated) return;
    if (ifaces.some((i) => i.name === port)) return;
    const b = findIface(before.state, port, undefined);
    if (b) give(`if:${ifaceKey(b)}`, 'interfaces', port, restoreWhole(b));
  };

  for (const iface of ifaces) {
    const type = str(iface.type);
    const key = `if:${ifaceKey(iface)}`;
    const label = iface.name;
    const b = findIface(before.state, iface.name, type);
    if (iface.state === 'absent') {
      if (!b) {
        refuse(key, 'interfaces', label, 'inverse.interfaceUnknown', { name: iface.name });
        continue;
      }
      give(`if:${ifaceKey(b)}`, 'interfaces', label, restoreWhole(b));
      for (const port of getInterfacePorts(b)) restorePort(port);
      continue;
    }
    if (b) {
      const value = revertInterface(iface, b);
      // Already what the policy set: nothing to undo (nmstate `is_no_op`).
      if (!isNoOpIface(iface, value)) give(key, 'interfaces', label, value);
      const beforePorts = new Set(getInterfacePorts(b));
      for (const port of getInterfacePorts(iface)) if (!beforePorts.has(port)) restorePort(port);
      continue;
    }
    const known =
      before.knowledge === 'complete' && (!before.scope || before.scope.has(iface.name));
    const virtual = type !== undefined && !PHYSICAL.has(type);
    if (!known && !(opts.assumeDeclaredVirtualCreated && virtual)) {
      refuse(key, 'interfaces', label, 'inverse.interfaceUnknown', { name: iface.name });
      continue;
    }
    if (!known) assumed.push(iface.name);
    if (!virtual) {
      refuse(key, 'interfaces', label, 'inverse.physical', { name: iface.name });
      continue;
    }
    created.push(iface);
  }
  const removed = new Set(created.map((i) => i.name));
  for (const iface of created) {
    const key = `if:${ifaceKey(iface)}`;
    const deps = dependentsOf(now, iface.name).filter((d) => !removed.has(d));
    if (deps.length > 0) {
      refuse(key, 'interfaces', iface.name, 'inverse.hasDependents', {
        name: iface.name,
        dependents: deps.join(', '),
      });
      continue;
    }
    const out: NetworkInterface = { name: iface.name, state: 'absent' };
    if (typeof iface.type === 'string') out.type = iface.type;
    give(key, 'interfaces', iface.name, out);
    // The ports the created controller took over get their earlier configuration back.
    for (const port of getInterfacePorts(iface)) restorePort(port);
  }

  const dns: unknown = desired['dns-resolver'];
  if (dns !== undefined) {
    if (!before.dns) refuse('dns', 'dns', 'dns-resolver', 'inverse.dnsUnknown');
    else {
      const earlier = before.state['dns-resolver']?.config ?? {};
      const value = {
        server: [...(earlier.server ?? [])],
        search: [...(earlier.search ?? [])],
        ...(Array.isArray(earlier.options) ? { options: [...earlier.options] } : {}),
      };
      give('dns', 'dns', 'dns-resolver', value);
    }
  }

  const routes: unknown = desired.routes?.config;
  if (Array.isArray(routes))
    for (const r of routes.filter(isRecord)) {
      const route = r as Route;
      const key = `rt:${routeLabel(route)}:${route.state ?? ''}`;
      const label = routeLabel(route);
      if (!before.routes) {
        refuse(key, 'routes', label, 'inverse.routesUnknown', { route: label });
        continue;
      }
      const earlier = [...(before.state.routes?.config ?? [])];
      if (route.state !== 'absent') {
        if (!earlier.some((e) => routeIsMatch(route, e)))
          give(key, 'routes', label, { ...structuredClone(route), state: 'absent' });
        continue;
      }
      const back = earlier.filter((e) => routeIsMatch(route, e));
      if (back.length > 0) give(key, 'routes', label, structuredClone(back));
    }

  const rules = rulesOf(desired, 'config');
  for (const rule of rules) {
    const label = ruleLabel(rule);
    const key = `rr:${label}:${rule.state === 'absent' ? 'absent' : ''}`;
    if (!before.rules) {
      refuse(key, 'rules', label, 'inverse.rulesUnknown', { rule: label });
      continue;
    }
    const earlier = rulesOf(before.state, 'config');
    if (rule.state !== 'absent') {
      if (!earlier.some((e) => ruleIsMatch(rule, e)))
        give(key, 'rules', label, { ...structuredClone(rule), state: 'absent' });
      continue;
    }
    const back = earlier.filter((e) => ruleIsMatch(rule, e));
    if (back.length > 0) give(key, 'rules', label, structuredClone(back));
  }
  return { elements, assumed };
};

/** nmstate `is_no_op`: the revert sets only what the policy set anyway. */
const isNoOpIface = (desired: NetworkInterface, revert: NetworkInterface): boolean =>
  Object.keys(revert)
    .filter((k) => k !== 'name' && k !== 'type')
    .every((k) => canonicalJson(cleanValue(k, desired[k])) === canonicalJson(revert[k]));

/** Whether applying `value` for an element changes nothing on a node in state `now`. */
const isNoOpOn = (section: Section, value: unknown, now: NetworkState | undefined): boolean => {
  if (!now) return false;
  if (section === 'interfaces' && isRecord(value) && typeof value.name === 'string') {
    const cur = findIface(now, value.name, str(value.type));
    if (value.state === 'absent') return cur === undefined;
    if (!cur) return false;
    return Object.entries(value).every(
      ([k, v]) =>
        k === 'name' || canonicalJson(cleanValue(k, revertValue(v, cur[k]))) === canonicalJson(v),
    );
  }
  if (section === 'dns') {
    const cur = now['dns-resolver']?.config ?? {};
    const v = isRecord(value) ? value : {};
    return ['server', 'search'].every(
      (k) => canonicalJson(cur[k] ?? []) === canonicalJson(v[k] ?? []),
    );
  }
  if (section === 'routes') {
    const list = Array.isArray(value) ? value : [value];
    return list.filter(isRecord).every((r) => {
      const has = (now.routes?.config ?? []).some((c) => routeIsMatch(r, c));
      return r.state === 'absent' ? !has : has;
    });
  }
  const list = Array.isArray(value) ? value : [value];
  return list.filter(isRecord).every((r) => {
    const has = rulesOf(now, 'config').some((c) => ruleIsMatch(r, c));
    return r.state === 'absent' ? !has : has;
  });
};

/**
 * The per-node inverses combined into one desired state. An element goes in when every node that
 * needs it needs the same value and it changes nothing on the other nodes; otherwise it is refused
 * for all of them, with the nodes named, since one policy carries one desired state.
 */
export const buildInverse = (
  inputs: readonly NodeRevertInput[],
  opts: InverseOptions = {},
): InverseResult => {
  const notes: InverseNote[] = [];
  const perNodeInverse = [...inputs]
    .sort((a, b) => a.node.localeCompare(b.node))
    .map((i) => ({ input: i, inv: computeNodeInverse(i, opts) }));
  const keys = [...new Set(perNodeInverse.flatMap((p) => [...p.inv.elements.keys()]))];
  const chosen = new Map<string, Element & { kind: 'value' }>();
  const assumedNodes = new Map<string, string[]>();
  for (const { input, inv } of perNodeInverse)
    for (const name of inv.assumed)
      assumedNodes.set(name, [...(assumedNodes.get(name) ?? []), input.node]);
  for (const [name, nodes] of assumedNodes)
    notes.push({
      code: 'inverse.assumedCreated',
      element: `interface ${name}`,
      nodes,
      params: { name },
    });

  for (const key of keys) {
    const having = perNodeInverse.filter((p) => p.inv.elements.has(key));
    const refused = having.filter((p) => p.inv.elements.get(key)?.kind === 'refused');
    if (refused.length > 0) {
      const byCode = new Map<InverseRefusal, { el: Element; nodes: string[] }>();
      for (const p of refused) {
        const el = p.inv.elements.get(key);
        if (el?.kind !== 'refused') continue;
        const entry = byCode.get(el.code) ?? { el, nodes: [] };
        entry.nodes.push(p.input.node);
        byCode.set(el.code, entry);
      }
      for (const [code, { el, nodes }] of byCode)
        notes.push({
          code,
          element: el.label,
          nodes,
          params: el.kind === 'refused' ? el.params : {},
        });
      continue;
    }
    const values = having.map((p) => p.inv.elements.get(key) as Element & { kind: 'value' });
    const first = values[0];
    if (!first) continue;
    const differing = having
      .filter((_, i) => canonicalJson(values[i]?.value) !== canonicalJson(first.value))
      .map((p) => p.input.node);
    const without = perNodeInverse.filter((p) => !p.inv.elements.has(key));
    const harmed = without
      .filter((p) => !isNoOpOn(first.section, first.value, p.input.now))
      .map((p) => p.input.node);
    if (differing.length + harmed.length > 0) {
      notes.push({
        code: 'inverse.perNodeDifference',
        element: first.label,
        nodes: [...differing, ...harmed].sort(),
        params: { used: having[0]?.input.node ?? '' },
      });
      continue;
    }
    chosen.set(key, first);
  }

  const desiredState: NetworkState = {};
  const values = [...chosen.values()];
  const ifaces = values
    .filter((v) => v.section === 'interfaces')
    .map((v) => v.value as NetworkInterface);
  // Removals first, as nmstate's own revert orders created interfaces' absences before restores.
  ifaces.sort((a, b) => Number(b.state === 'absent') - Number(a.state === 'absent'));
  if (ifaces.length > 0) desiredState.interfaces = ifaces;
  const dns = values.find((v) => v.section === 'dns');
  if (dns) desiredState['dns-resolver'] = { config: dns.value as Record<string, string[]> };
  const routes = values
    .filter((v) => v.section === 'routes')
    .flatMap((v): unknown[] => (Array.isArray(v.value) ? (v.value as unknown[]) : [v.value]));
  if (routes.length > 0) desiredState.routes = { config: routes as Route[] };
  const rules = values
    .filter((v) => v.section === 'rules')
    .flatMap((v): unknown[] => (Array.isArray(v.value) ? (v.value as unknown[]) : [v.value]));
  if (rules.length > 0)
    (desiredState as Record<string, unknown>)['route-rules'] = { config: rules };

  const perNode = new Map<string, NetworkState>();
  for (const { input, inv } of perNodeInverse) {
    const s: NetworkState = {};
    const own = [...inv.elements.values()].filter(
      (e): e is Element & { kind: 'value' } => e.kind === 'value',
    );
    const oi = own
      .filter((e) => e.section === 'interfaces')
      .map((e) => e.value as NetworkInterface);
    if (oi.length > 0) s.interfaces = oi;
    perNode.set(input.node, s);
  }
  return { desiredState, notes, perNode };
};

/** The candidate policy for previews and dry-runs: the live one carrying the inverse. */
export const withInverse = (
  policy: NodeNetworkConfigurationPolicy,
  desiredState: NetworkState,
): NodeNetworkConfigurationPolicy => ({
  ...policy,
  spec: { ...policy.spec, desiredState },
});
