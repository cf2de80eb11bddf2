// How nmstate identifies the elements of its lists, for merging two people's edits of a desired
// state element by element. Interfaces are keyed by name and type (nmstate keeps kernel and
// user-space interfaces of one name apart: nmstate rust/src/lib/ifaces/inter_ifaces.rs,
// `Interfaces::get_iface`); a route by destination, next hop and table, the fields
// `RouteEntry::is_match` compares (rust/src/lib/route.rs), with table 0 meaning the main table
// 254; a route rule by the selectors `RouteRuleEntry::is_match` compares
// (rust/src/lib/route_rule.rs); DNS `server` and `search` are ordered lists of values
// (rust/src/lib/dns.rs) and merge as such by the default scalar identity.
import type { ElementIdentity, ListIdentityFor } from './merge';
import { isRecord } from './isRecord';

const field = (item: unknown, key: string): string => {
  if (!isRecord(item)) return '';
  const v = item[key];
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  return v === undefined || v === null ? '' : JSON.stringify(v);
};

const table = (item: unknown): string => {
  const id = field(item, 'table-id');
  return id === '' || id === '0' ? '254' : id;
};

export const interfaceIdentity: ElementIdentity = (item) =>
  `${field(item, 'name')}/${field(item, 'type')}`;

export const routeIdentity: ElementIdentity = (item) =>
  [
    field(item, 'destination'),
    field(item, 'next-hop-address'),
    field(item, 'next-hop-interface'),
    table(item),
  ].join(' ');

export const routeRuleIdentity: ElementIdentity = (item) =>
  [
    field(item, 'ip-from'),
    field(item, 'ip-to'),
    field(item, 'priority'),
    table(item),
    field(item, 'family'),
    field(item, 'fwmark'),
    field(item, 'fwmask'),
    field(item, 'iif'),
    field(item, 'action'),
  ].join(' ');

const addressIdentity: ElementIdentity = (item) =>
  `${field(item, 'ip')}/${field(item, 'prefix-length')}`;

const endsWith = (path: readonly string[], ...tail: string[]): boolean =>
  path.length >= tail.length && tail.every((t, i) => path[path.length - tail.length + i] === t);

/** List identities inside an nmstate desired state (wherever it sits in the merged object). */
export const nmstateListIdentity: ListIdentityFor = (path) => {
  if (endsWith(path, 'desiredState', 'interfaces') || endsWith(path, 'currentState', 'interfaces'))
    return interfaceIdentity;
  if (path.length === 1 && path[0] === 'interfaces') return interfaceIdentity;
  if (endsWith(path, 'routes', 'config') || endsWith(path, 'routes', 'running'))
    return routeIdentity;
  if (endsWith(path, 'route-rules', 'config')) return routeRuleIdentity;
  if (endsWith(path, 'address') && (path.includes('ipv4') || path.includes('ipv6')))
    return addressIdentity;
  return undefined;
};
