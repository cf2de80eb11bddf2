// The CNI ADD result an attachment's plugin chain would return, and the network-status entries
// Multus derives from it. Shapes follow containernetworking/cni pkg/types/100/types.go (Result,
// Interface with `mtu`, IPConfig with `interface` index, Route); the derivation follows
// k8snetworkplumbingwg/network-attachment-definition-client pkg/utils/net-attach-def.go
// (CreateNetworkStatuses, CreateNetworkStatus, isDefaultRoute, SetNetworkStatus).
import type { NetworkStatusEntry } from '../../../../src/shared/model/nad';
import { networkAddress, parseCidr } from '../../../../src/shared/net/cidr';

export interface CniInterface {
  name: string;
  mac?: string;
  /** Only plugins that report it set it; none of containernetworking/plugins' main plugins do. */
  mtu?: number;
  /** The netns path; only interfaces inside the pod have one. */
  sandbox?: string;
}

export interface CniIpConfig {
  /** CIDR form, as the IPAM hands it out. */
  address: string;
  gateway?: string;
  /** Index into `interfaces`. */
  interface?: number;
}

export interface CniRoute {
  dst: string;
  gw?: string;
}

export interface CniDns {
  nameservers?: string[];
  domain?: string;
  search?: string[];
  options?: string[];
}

export interface CniResult {
  interfaces: CniInterface[];
  ips: CniIpConfig[];
  routes: CniRoute[];
  dns: CniDns;
}

/**
 * isDefaultRoute: the destination's (masked, as net.ParseCIDR leaves it) address is all zeros,
 * 0.0.0.0 or ::, whatever the prefix.
 */
export function isDefaultRoute(route: CniRoute): boolean {
  const c = parseCidr(route.dst);
  return c.ok && networkAddress(c.value).value === 0n;
}

/**
 * Go prints a nil net.IP as "<nil>" (net.IP.String), so a default route without `gw` shows up in
 * network-status as the gateway "<nil>". That is the only way "<nil>" gets there.
 */
function gatewayText(route: CniRoute): string {
  return route.gw ?? '<nil>';
}

function addressOnly(cidr: string): string {
  const slash = cidr.indexOf('/');
  return slash < 0 ? cidr : cidr.slice(0, slash);
}

/** convertDNS copies every field; an empty DNS still marshals as `{}` (a struct is never omitted). */
function convertDns(dns: CniDns): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (dns.nameservers?.length) out['nameservers'] = [...dns.nameservers];
  if (dns.domain) out['domain'] = dns.domain;
  if (dns.search?.length) out['search'] = [...dns.search];
  if (dns.options?.length) out['options'] = [...dns.options];
  return out;
}

/** Field order and omission as v1.NetworkStatus marshals (name, interface, ips, mac, mtu, …). */
function entry(fields: {
  name: string;
  interface?: string;
  ips: string[];
  mac?: string;
  mtu?: number;
  default: boolean;
  dns: Record<string, unknown>;
  deviceInfo?: Record<string, unknown>;
  gateway: string[];
}): NetworkStatusEntry {
  const e: NetworkStatusEntry = { name: fields.name };
  if (fields.interface) e.interface = fields.interface;
  if (fields.ips.length > 0) e.ips = fields.ips;
  if (fields.mac) e.mac = fields.mac;
  if (fields.mtu) e['mtu'] = fields.mtu;
  if (fields.default) e.default = true;
  e.dns = fields.dns;
  if (fields.deviceInfo !== undefined) e['device-info'] = fields.deviceInfo;
  if (fields.gateway.length > 0) e.gateway = fields.gateway;
  return e;
}

/** CreateNetworkStatus: one entry, interface/mac/mtu from the (last) sandbox interface. */
function singleStatus(
  r: CniResult,
  name: string,
  isDefault: boolean,
  deviceInfo?: Record<string, unknown>,
): NetworkStatusEntry {
  let iface: CniInterface | undefined;
  for (const i of r.interfaces) if (i.sandbox) iface = i;
  return entry({
    name,
    ...(iface === undefined ? {} : { interface: iface.name, mac: iface.mac, mtu: iface.mtu }),
    ips: r.ips.map((ip) => addressOnly(ip.address)),
    default: isDefault,
    dns: convertDns(r.dns),
    ...(deviceInfo === undefined ? {} : { deviceInfo }),
    gateway: r.routes.filter(isDefaultRoute).map(gatewayText),
  });
}

/**
 * CreateNetworkStatuses: one entry per sandbox interface of the result. A single-interface result
 * goes through CreateNetworkStatus; otherwise each IP lands on the interface its index names (or
 * on the last sandbox interface when it names none), and every entry carries the default routes.
 */
export function networkStatusesFromResult(
  r: CniResult,
  name: string,
  isDefault: boolean,
  deviceInfo?: Record<string, unknown>,
): NetworkStatusEntry[] {
  if (r.interfaces.length === 1) return [singleStatus(r, name, isDefault, deviceInfo)];
  const gateway = r.routes.filter(isDefaultRoute).map(gatewayText);
  const dns = convertDns(r.dns);
  const gwIndex = isDefault
    ? (r.ips.find((ip) => ip.gateway !== undefined && ip.interface !== undefined)?.interface ?? -1)
    : -1;
  const indexMap = new Map<number, number>();
  const fields: Parameters<typeof entry>[0][] = [];
  let setDefault = false;
  for (const [i, iface] of r.interfaces.entries()) {
    if (!iface.sandbox) continue;
    let mark = false;
    if (isDefault && !setDefault && (i === gwIndex || gwIndex === -1)) {
      mark = true;
      setDefault = true;
    }
    indexMap.set(i, fields.length);
    fields.push({
      name,
      interface: iface.name,
      ...(iface.mac === undefined ? {} : { mac: iface.mac }),
      ...(iface.mtu === undefined ? {} : { mtu: iface.mtu }),
      ips: [],
      default: mark,
      dns,
      ...(deviceInfo === undefined ? {} : { deviceInfo }),
      gateway,
    });
  }
  const last = fields[fields.length - 1];
  for (const ip of r.ips) {
    const target = ip.interface === undefined ? last : fields[indexMap.get(ip.interface) ?? -1];
    target?.ips.push(addressOnly(ip.address));
  }
  return fields.map(entry);
}

/**
 * SetNetworkStatus: each entry indented with four spaces, joined with commas inside brackets.
 * Go's encoder escapes `<`, `>` and `&` (so the "<nil>" gateway reads "\u003cnil\u003e" in the
 * raw annotation); JSON readers see the same strings either way.
 */
export function formatNetworkStatus(entries: readonly NetworkStatusEntry[]): string {
  const escape: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' };
  return `[${entries.map((e) => JSON.stringify(e, null, 4).replace(/[<>&]/g, (c) => escape[c] ?? c)).join(',')}]`;
}
