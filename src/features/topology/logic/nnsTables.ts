// The node network state page's tables: interfaces (with the policies that manage each and
// the failing ones that touch it), running routes, the DNS resolver and LLDP neighbours, read
// from nmstate's reported state (`status.currentState`, nmstate's `NetworkState` as the
// kubernetes-nmstate handler stores it). Malformed entries are skipped, never thrown on: the
// state comes from the cluster.
import type { NodeNetworkState } from '../../../shared/model/nmstate';
import { isRecord } from '../../../shared/logic/isRecord';
import { normalizeNodeState, type NodeOwnership } from './buildTopologyGraph';
import { getLldpNeighbors } from './lldp';
import type { LldpNeighbor } from '../model/types';

export interface InterfaceRow {
  name: string;
  type: string;
  state: string;
  mac: string;
  mtu?: number;
  addresses: string[];
  /** nmstate's free-text `description`, which admins use to say what a port is for. */
  description: string;
  /** Policies whose desired state names the interface. */
  managedBy: string[];
  /** Failing policies that name or reference it. */
  failingPolicies: string[];
  internal: boolean;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function addresses(family: unknown): string[] {
  if (!isRecord(family) || !Array.isArray(family.address)) return [];
  const out: string[] = [];
  for (const a of family.address as unknown[]) {
    if (!isRecord(a) || typeof a.ip !== 'string') continue;
    out.push(typeof a['prefix-length'] === 'number' ? `${a.ip}/${a['prefix-length']}` : a.ip);
  }
  return out;
}

export function getInterfaceRows(
  nns: NodeNetworkState,
  ownership: NodeOwnership | undefined,
): InterfaceRow[] {
  const node = nns.metadata.name;
  return normalizeNodeState(nns, node).entries.map((e) => {
    const iface = e.iface as unknown as Record<string, unknown>;
    const mtu = iface.mtu;
    return {
      name: e.name,
      type: e.rawType ?? e.type,
      state: str(iface.state),
      mac: str(iface['mac-address']),
      ...(typeof mtu === 'number' ? { mtu } : {}),
      addresses: [...addresses(iface.ipv4), ...addresses(iface.ipv6)],
      description: str(iface.description),
      managedBy: [...new Set((ownership?.named.get(e.name) ?? []).map((c) => c.policy))].sort(),
      failingPolicies: [...(ownership?.failingTouched.get(e.name) ?? [])].sort(),
      internal: e.internal,
    };
  });
}

export interface RouteRow {
  destination: string;
  nextHopAddress: string;
  nextHopInterface: string;
  metric?: number;
  tableId?: number;
}

const currentState = (nns: NodeNetworkState): Record<string, unknown> => {
  const status: unknown = nns.status;
  const current = isRecord(status) ? status.currentState : undefined;
  return isRecord(current) ? current : {};
};

/** The running routes (nmstate `routes.running`), default routes first, then by destination. */
export function getRouteRows(nns: NodeNetworkState): RouteRow[] {
  const routes = currentState(nns).routes;
  const running = isRecord(routes) && Array.isArray(routes.running) ? routes.running : [];
  const out: RouteRow[] = [];
  for (const r of running as unknown[]) {
    if (!isRecord(r)) continue;
    out.push({
      destination: str(r.destination),
      nextHopAddress: str(r['next-hop-address']),
      nextHopInterface: str(r['next-hop-interface']),
      ...(typeof r.metric === 'number' ? { metric: r.metric } : {}),
      ...(typeof r['table-id'] === 'number' ? { tableId: r['table-id'] } : {}),
    });
  }
  const isDefault = (d: string) => d === '0.0.0.0/0' || d === '::/0';
  return out.sort(
    (a, b) =>
      Number(isDefault(b.destination)) - Number(isDefault(a.destination)) ||
      a.destination.localeCompare(b.destination) ||
      (a.metric ?? 0) - (b.metric ?? 0),
  );
}

export interface DnsInfo {
  servers: string[];
  search: string[];
}

/** The resolver in use (nmstate `dns-resolver.running`). */
export function getDnsInfo(nns: NodeNetworkState): DnsInfo {
  const dns = currentState(nns)['dns-resolver'];
  const running = isRecord(dns) && isRecord(dns.running) ? dns.running : {};
  const list = (v: unknown) =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  return { servers: list(running.server), search: list(running.search) };
}

export interface LldpRow {
  interface: string;
  neighbor: LldpNeighbor;
}

/** Every LLDP neighbour, by the interface that hears it. */
export function getLldpRows(nns: NodeNetworkState): LldpRow[] {
  const out: LldpRow[] = [];
  for (const e of normalizeNodeState(nns, nns.metadata.name).entries) {
    const lldp = (e.iface as unknown as Record<string, unknown>).lldp;
    for (const neighbor of getLldpNeighbors(lldp)) out.push({ interface: e.name, neighbor });
  }
  return out;
}
