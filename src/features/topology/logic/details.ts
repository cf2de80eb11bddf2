// Everything the side panel shows for one interface, derived from the NNS and the enactments.
import type {
  InterfaceState,
  NetworkInterface,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { parseCidr, parseIp, contains } from '../../../shared/net/cidr';
import {
  INTERFACE_STATES,
  type AddressOrigin,
  type InterfaceAddress,
  type InterfaceDetails,
  type InterfacePolicyDetails,
  type PortVlanDetails,
  type RouteDetails,
} from '../model/types';
import {
  getNodeOwnership,
  normalizeNodeState,
  type InterfaceEntry,
  type PolicyLookup,
} from './buildTopologyGraph';
import type { EnactmentIndex } from './enactments';
import { getLldpNeighbors } from './lldp';
import { isRecord } from '../../../shared/logic/isRecord';

/** `<node>/<name>/<type>` (a graph id) or the name and type. */
export type InterfaceKey = string | { name: string; type?: string };

const LINK_LOCAL_V6 = parseCidr('fe80::/10');
const LINK_LOCAL_V4 = parseCidr('169.254.0.0/16');

/**
 * nmstate reports no per-address origin, so it is inferred: link-local by range; static when the
 * family has neither DHCP nor autoconf; with DHCP/autoconf on, an address carrying a lease
 * lifetime (`valid-left`/`preferred-left`) is dynamic (SLAAC for a /64 with autoconf, else
 * DHCP) and one without a lifetime was configured statically next to it.
 */
function originOf(
  family: 4 | 6,
  address: Record<string, unknown>,
  cfg: Record<string, unknown>,
): AddressOrigin {
  const ip = parseIp(address.ip);
  if (!ip.ok) return 'unknown';
  const ll = family === 6 ? LINK_LOCAL_V6 : LINK_LOCAL_V4;
  if (ll.ok && contains(ll.value, ip.value)) return 'link-local';
  const dhcp = cfg.dhcp === true;
  const autoconf = family === 6 && cfg.autoconf === true;
  if (!dhcp && !autoconf) return 'static';
  const dynamic =
    typeof address['valid-left'] === 'string' || typeof address['preferred-left'] === 'string';
  if (!dynamic) return 'static';
  if (autoconf && (!dhcp || address['prefix-length'] === 64)) return 'autoconf';
  return 'dhcp';
}

function addressesOf(iface: NetworkInterface): InterfaceAddress[] {
  const out: InterfaceAddress[] = [];
  for (const [family, cfg] of [
    [4, iface.ipv4],
    [6, iface.ipv6],
  ] as const) {
    if (!isRecord(cfg) || !Array.isArray(cfg.address)) continue;
    for (const a of cfg.address as unknown[]) {
      if (!isRecord(a) || typeof a.ip !== 'string') continue;
      const entry: InterfaceAddress = { family, ip: a.ip, origin: originOf(family, a, cfg) };
      if (typeof a['prefix-length'] === 'number') entry.prefixLength = a['prefix-length'];
      out.push(entry);
    }
  }
  return out;
}

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const v of value as unknown[]) {
    if (typeof v === 'string') out.push(v);
    else if (isRecord(v) && typeof v.name === 'string') out.push(v.name);
  }
  return out;
}

function portVlanOf(port: Record<string, unknown>): PortVlanDetails | undefined {
  const vlan = port.vlan;
  if (typeof port.name !== 'string' || !isRecord(vlan)) return undefined;
  const out: PortVlanDetails = { port: port.name, trunkIds: [], trunkRanges: [] };
  if (typeof vlan.mode === 'string') out.mode = vlan.mode;
  if (typeof vlan.tag === 'number') out.tag = vlan.tag;
  if (typeof vlan['enable-native'] === 'boolean') out.enableNative = vlan['enable-native'];
  if (Array.isArray(vlan['trunk-tags']))
    for (const t of vlan['trunk-tags'] as unknown[]) {
      if (!isRecord(t)) continue;
      if (typeof t.id === 'number') out.trunkIds.push(t.id);
      const r = t['id-range'];
      if (isRecord(r) && typeof r.min === 'number' && typeof r.max === 'number')
        out.trunkRanges.push({ min: r.min, max: r.max });
    }
  return out;
}

function routesOf(nns: NodeNetworkState, name: string): RouteDetails[] {
  const routes: unknown = nns.status?.currentState?.routes;
  if (!isRecord(routes)) return [];
  const out: RouteDetails[] = [];
  for (const source of ['running', 'config'] as const) {
    const list = routes[source];
    if (!Array.isArray(list)) continue;
    for (const r of list as unknown[]) {
      if (!isRecord(r) || r['next-hop-interface'] !== name) continue;
      const d: RouteDetails = { source };
      if (typeof r.destination === 'string') d.destination = r.destination;
      if (typeof r['next-hop-address'] === 'string') d.nextHopAddress = r['next-hop-address'];
      if (typeof r['table-id'] === 'number') d.tableId = r['table-id'];
      if (typeof r.metric === 'number') d.metric = r.metric;
      out.push(d);
    }
  }
  return out;
}

function findEntry(
  entries: readonly InterfaceEntry[],
  node: string,
  key: InterfaceKey,
): InterfaceEntry | undefined {
  if (typeof key === 'string') return entries.find((e) => e.id === key);
  const named = entries.filter((e) => e.name === key.name);
  if (key.type === undefined) return named[0];
  return (
    named.find((e) => e.type === key.type || e.rawType === key.type) ??
    (key.type ? entries.find((e) => e.id === `${node}/${key.name}/${key.type}`) : undefined)
  );
}

function toPolicyMap(policies: PolicyLookup): ReadonlyMap<string, NodeNetworkConfigurationPolicy> {
  if (!Array.isArray(policies))
    return policies as ReadonlyMap<string, NodeNetworkConfigurationPolicy>;
  return new Map(
    (policies as readonly NodeNetworkConfigurationPolicy[]).map((p) => [p.metadata.name, p]),
  );
}

/** Details of one interface of one NNS; undefined when the NNS has no such interface. */
export function getInterfaceDetails(
  nns: NodeNetworkState,
  ifaceKey: InterfaceKey,
  context: { enactmentIndex: EnactmentIndex; policies: PolicyLookup },
): InterfaceDetails | undefined {
  const node =
    isRecord(nns.metadata) && typeof nns.metadata.name === 'string' ? nns.metadata.name : '';
  const state = normalizeNodeState(nns, node);
  const entry = findEntry(state.entries, node, ifaceKey);
  if (!entry) return undefined;
  const iface = entry.iface;
  const ifaceState: InterfaceState =
    typeof iface.state === 'string' && (INTERFACE_STATES as readonly string[]).includes(iface.state)
      ? (iface.state as InterfaceState)
      : 'unknown';
  const v4: unknown = iface.ipv4;
  const v6: unknown = iface.ipv6;
  const details: InterfaceDetails = {
    id: entry.id,
    node,
    name: entry.name,
    type: entry.type,
    state: ifaceState,
    internal: entry.internal,
    addresses: addressesOf(iface),
    ipv4: {
      enabled: isRecord(v4) && v4.enabled === true,
      dhcp: isRecord(v4) && v4.dhcp === true,
    },
    ipv6: {
      enabled: isRecord(v6) && v6.enabled === true,
      dhcp: isRecord(v6) && v6.dhcp === true,
      autoconf: isRecord(v6) && v6.autoconf === true,
    },
    lldp: {
      enabled: isRecord(iface.lldp) && iface.lldp.enabled === true,
      neighbors: getLldpNeighbors(iface.lldp),
    },
    routes: routesOf(nns, entry.name),
    policies: [],
    raw: iface,
  };
  if (entry.rawType !== undefined) details.rawType = entry.rawType;
  if (typeof iface['mac-address'] === 'string')
    details.macAddress = iface['mac-address'].toUpperCase().replace(/-/g, ':');
  if (typeof iface.mtu === 'number') details.mtu = iface.mtu;
  if (typeof iface.description === 'string') details.description = iface.description;
  if (typeof iface.controller === 'string') details.controller = iface.controller;

  const la: unknown = iface['link-aggregation'];
  if (isRecord(la)) {
    details.bond = {
      options: isRecord(la.options) ? la.options : {},
      ports: stringList(la.port),
    };
    if (typeof la.mode === 'string') details.bond.mode = la.mode;
  }
  const bridge: unknown = iface.bridge;
  if (isRecord(bridge)) {
    const ports = Array.isArray(bridge.port) ? (bridge.port as unknown[]).filter(isRecord) : [];
    details.bridge = {
      options: isRecord(bridge.options) ? bridge.options : {},
      ports: ports.flatMap((p) => {
        const names = typeof p.name === 'string' ? [p.name] : [];
        const agg = p['link-aggregation'];
        return isRecord(agg) ? [...names, ...stringList(agg.port)] : names;
      }),
      portVlans: ports.flatMap((p) => {
        const v = portVlanOf(p);
        return v ? [v] : [];
      }),
    };
  }
  const vlan: unknown = iface.vlan;
  if (isRecord(vlan)) {
    details.vlan = {};
    if (typeof vlan.id === 'number') details.vlan.id = vlan.id;
    if (typeof vlan['base-iface'] === 'string') details.vlan.baseIface = vlan['base-iface'];
    if (typeof vlan.protocol === 'string') details.vlan.protocol = vlan.protocol;
  }
  for (const kind of ['vxlan', 'mac-vlan', 'mac-vtap', 'ipvlan'] as const) {
    const cfg: unknown = iface[kind];
    if (!isRecord(cfg)) continue;
    details.lower = { kind, settings: cfg };
    if (typeof cfg['base-iface'] === 'string') details.lower.baseIface = cfg['base-iface'];
  }
  const ethtool: unknown = iface.ethtool;
  if (isRecord(ethtool) && isRecord(ethtool.feature)) {
    const on: string[] = [];
    const offList: string[] = [];
    for (const [k, v] of Object.entries(ethtool.feature)) {
      if (v === true) on.push(k);
      else if (v === false) offList.push(k);
    }
    details.ethtool = { on: on.sort(), off: offList.sort() };
  }
  const ethernet: unknown = iface.ethernet;
  const sriov = isRecord(ethernet) ? ethernet['sr-iov'] : undefined;
  if (isRecord(sriov)) {
    details.sriov = {
      vfs: Array.isArray(sriov.vfs) ? (sriov.vfs as unknown[]).filter(isRecord) : [],
    };
    if (typeof sriov['total-vfs'] === 'number') details.sriov.totalVfs = sriov['total-vfs'];
  }

  const ownership = getNodeOwnership(node, context.enactmentIndex, toPolicyMap(context.policies));
  const perNode = context.enactmentIndex.get(node);
  for (const { policy, phase } of ownership.policies) {
    const touches = ownership.failingTouched.get(entry.name)?.has(policy) === true;
    const namesIt = (ownership.named.get(entry.name) ?? []).some(
      (c) =>
        c.policy === policy &&
        (c.type === undefined || c.type === entry.type || c.type === entry.rawType),
    );
    if (!namesIt && !touches) continue;
    const nnce = perNode?.get(policy);
    const row: InterfacePolicyDetails = {
      policy,
      phase,
      enactment: nnce?.metadata.name ?? '',
      relation: namesIt ? 'manages' : 'touches',
    };
    const conditions: unknown = nnce?.status?.conditions;
    const failing = Array.isArray(conditions)
      ? (conditions as unknown[]).find(
          (c): c is { message?: unknown } =>
            isRecord(c) && (c.type === 'Failing' || c.type === 'Aborted') && c.status === 'True',
        )
      : undefined;
    if (typeof failing?.message === 'string' && failing.message) row.message = failing.message;
    details.policies.push(row);
  }
  return details;
}
