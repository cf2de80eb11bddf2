// What a policy's settings would change on one node: compares the node's current state with the
// state applyDesiredState computed, for route rules (route_rule.rs), the hostname (hostname.rs),
// LLDP (lldp.rs), ethtool (ifaces/ethtool.rs) and SR-IOV (ifaces/sriov.rs).
import type { NetworkState } from '../../../shared/model/nmstate';
import type { SettingsPreviewLine } from '../model/settingsPreview';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const objAt = (o: unknown, ...keys: string[]): Obj => {
  let cur: unknown = o;
  for (const k of keys) cur = isObj(cur) ? cur[k] : undefined;
  return isObj(cur) ? cur : {};
};
const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** route_rule.rs `Display` order of a rule's keys. */
const RULE_KEYS = [
  'family',
  'ip-from',
  'ip-to',
  'priority',
  'route-table',
  'fwmask',
  'fwmark',
  'iif',
  'action',
  'suppress-prefix-length',
];

export const describeRouteRule = (rule: Obj): string =>
  [
    ...RULE_KEYS.filter((k) => rule[k] !== undefined),
    ...Object.keys(rule).filter((k) => !RULE_KEYS.includes(k) && k !== 'state'),
  ]
    .map((k) => `${k}: ${text(rule[k])}`)
    .join(' ');

const rulesOf = (s: NetworkState): Obj[] => {
  const config = objAt(s, 'route-rules').config;
  return Array.isArray(config) ? (config as unknown[]).filter(isObj) : [];
};

const interfacesOf = (s: NetworkState): Map<string, Obj> => {
  const out = new Map<string, Obj>();
  const list: unknown = s.interfaces;
  if (Array.isArray(list))
    for (const i of list as unknown[])
      if (isObj(i) && typeof i.name === 'string') out.set(`${i.name}\u0000${text(i.type)}`, i);
  return out;
};

const interfaceLines = (name: string, before: Obj, after: Obj): SettingsPreviewLine[] => {
  const out: SettingsPreviewLine[] = [];
  const lldp = objAt(after, 'lldp').enabled;
  if (typeof lldp === 'boolean' && objAt(before, 'lldp').enabled !== lldp)
    out.push({ kind: 'lldp', iface: name, enabled: lldp });
  for (const section of ['feature', 'ring', 'pause'] as const) {
    const was = objAt(before, 'ethtool', section);
    for (const [key, value] of Object.entries(objAt(after, 'ethtool', section)))
      if (JSON.stringify(was[key]) !== JSON.stringify(value))
        out.push({
          kind: 'ethtool',
          iface: name,
          key: section === 'feature' ? key : `${section}.${key}`,
          value: text(value),
        });
  }
  const sriovBefore = objAt(before, 'ethernet', 'sr-iov');
  const sriovAfter = objAt(after, 'ethernet', 'sr-iov');
  const total = (s: Obj): number | null =>
    typeof s['total-vfs'] === 'number' ? s['total-vfs'] : null;
  if (total(sriovAfter) !== total(sriovBefore))
    out.push({
      kind: 'sriovTotalVfs',
      iface: name,
      before: total(sriovBefore),
      after: total(sriovAfter),
    });
  const vfs = sriovAfter.vfs;
  if (Array.isArray(vfs) && JSON.stringify(vfs) !== JSON.stringify(sriovBefore.vfs))
    out.push({ kind: 'sriovVfs', iface: name, count: vfs.length });
  return out;
};

/** Preview lines of one node: `before` its current state, `after` the state once applied. */
export const getSettingsPreviewLines = (
  before: NetworkState,
  after: NetworkState,
): SettingsPreviewLine[] => {
  const out: SettingsPreviewLine[] = [];
  const was = rulesOf(before).map((r) => JSON.stringify(r));
  const now = rulesOf(after).map((r) => JSON.stringify(r));
  for (const r of rulesOf(after))
    if (!was.includes(JSON.stringify(r)))
      out.push({ kind: 'routeRuleAdded', rule: describeRouteRule(r) });
  for (const r of rulesOf(before))
    if (!now.includes(JSON.stringify(r)))
      out.push({ kind: 'routeRuleRemoved', rule: describeRouteRule(r) });
  const hb = objAt(before, 'hostname');
  const ha = objAt(after, 'hostname');
  for (const key of ['config', 'running'] as const) {
    const b = typeof hb[key] === 'string' ? hb[key] : null;
    const a = typeof ha[key] === 'string' ? ha[key] : null;
    if (a !== b) out.push({ kind: 'hostname', key, before: b, after: a });
  }
  const current = interfacesOf(before);
  for (const [key, iface] of interfacesOf(after))
    out.push(...interfaceLines(iface.name as string, current.get(key) ?? {}, iface));
  return out;
};
