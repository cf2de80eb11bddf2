// Builds the cluster picture the cluster-aware rules need from live objects: pod/service/OVN
// internal ranges (live values first, documented defaults otherwise), node interfaces, localnet
// bridge mappings, and an index of every NAD's address pools for cross-NAD overlap queries.
// The index is sorted per scope and family with a max-end segment tree, so a query costs
// O((k+1)·log n) and validating n NADs against each other stays O(n log n).
import { contains, toCidr, toIp, type Cidr, type IpFamily } from '../../../shared/net/cidr';
import type { K8sResource } from '../../../shared/model/k8s';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import type {
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import type { JsonObject } from '../model/json';
import type {
  ClusterRange,
  ClusterRangeKind,
  NadIndex,
  NadPool,
  NodeAddress,
  NodeInterfaceInfo,
  OvnNetworkEntry,
  Platform,
  ValidationContext,
} from '../model/types';
import { int, str } from './collector';
import { parseNadConfig } from './parseCniConfig';
import { isDefaultDestination } from './nnsDigest';
import {
  getPluginPools,
  getPlugins,
  parseOvnSubnet,
  splitList,
  type ConfigPool,
  type PluginRef,
} from './pools';
import { OVN_TYPE, getNodeInterface } from './validatePlugins';

export interface ValidationContextInput {
  /** Nodes: which extended resources (SR-IOV pools, bridge markers) they offer. */
  nodes?: K8sResource[];
  /** `config.openshift.io/v1` Network `cluster`. */
  networkConfig?: K8sResource;
  /** `operator.openshift.io/v1` Network `cluster`. */
  operatorNetwork?: K8sResource;
  nads?: NetworkAttachmentDefinition[];
  nodeNetworkStates?: readonly NodeNetworkState[];
  policies?: NodeNetworkConfigurationPolicy[];
  platform?: Platform;
}

const DEFAULTS: Record<Platform, [ClusterRangeKind, string][]> = {
  openshift: [
    ['pod', '10.128.0.0/14'],
    ['service', '172.30.0.0/16'],
  ],
  microshift: [
    ['pod', '10.42.0.0/16'],
    ['service', '10.43.0.0/16'],
  ],
};
const OVN_INTERNAL_DEFAULTS: Record<Platform, [ClusterRangeKind, string][]> = {
  openshift: [
    ['join', '100.64.0.0/16'],
    ['transit', '100.88.0.0/16'],
    ['masquerade', '169.254.0.0/17'],
    ['join', 'fd98::/64'],
    ['transit', 'fd97::/64'],
    ['masquerade', 'fd69::/112'],
  ],
  microshift: [
    ['microshiftInternal', '10.44.0.0/16'],
    ['masquerade', '169.254.169.0/29'],
  ],
};

function path(obj: unknown, ...keys: string[]): unknown {
  let cur = obj;
  for (const k of keys) {
    if (typeof cur !== 'object' || cur === null || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

function strings(v: unknown, key?: string): string[] {
  if (!Array.isArray(v)) return [];
  return v
    .map((x: unknown) => (key ? path(x, key) : x))
    .filter((x): x is string => typeof x === 'string');
}

function clusterRanges(input: ValidationContextInput, platform: Platform): ClusterRange[] {
  const out: ClusterRange[] = [];
  const add = (kind: ClusterRangeKind, text: string, source: ClusterRange['source']): void => {
    const cidr = toCidr(text);
    if (cidr) out.push({ kind, cidr, text, source });
  };
  const cfg = input.networkConfig;
  const pods = [...strings(path(cfg, 'status', 'clusterNetwork'), 'cidr')];
  if (pods.length === 0) pods.push(...strings(path(cfg, 'spec', 'clusterNetwork'), 'cidr'));
  const services = strings(path(cfg, 'status', 'serviceNetwork'));
  if (services.length === 0) services.push(...strings(path(cfg, 'spec', 'serviceNetwork')));
  for (const t of pods) add('pod', t, 'cluster');
  for (const t of services) add('service', t, 'cluster');
  for (const [kind, text] of DEFAULTS[platform]) {
    if (!out.some((r) => r.kind === kind)) add(kind, text, 'default');
  }
  const ovn = path(input.operatorNetwork, 'spec', 'defaultNetwork', 'ovnKubernetesConfig');
  const live: [ClusterRangeKind, IpFamily, unknown][] = [
    ['join', 4, path(ovn, 'ipv4', 'internalJoinSubnet') ?? path(ovn, 'v4InternalSubnet')],
    ['transit', 4, path(ovn, 'ipv4', 'internalTransitSwitchSubnet')],
    ['masquerade', 4, path(ovn, 'gatewayConfig', 'ipv4', 'internalMasqueradeSubnet')],
    ['join', 6, path(ovn, 'ipv6', 'internalJoinSubnet') ?? path(ovn, 'v6InternalSubnet')],
    ['transit', 6, path(ovn, 'ipv6', 'internalTransitSwitchSubnet')],
    ['masquerade', 6, path(ovn, 'gatewayConfig', 'ipv6', 'internalMasqueradeSubnet')],
  ];
  const seen = new Set<string>();
  for (const [kind, fam, v] of live) {
    if (typeof v === 'string' && toCidr(v)?.family === fam) {
      add(kind, v, 'cluster');
      seen.add(`${kind}${fam}`);
    }
  }
  for (const [kind, text] of OVN_INTERNAL_DEFAULTS[platform]) {
    const fam = toCidr(text)?.family;
    if (!seen.has(`${kind}${fam ?? ''}`)) add(kind, text, 'default');
  }
  return out;
}

function nodeInterfaces(
  states: readonly NodeNetworkState[],
): Map<string, Map<string, NodeInterfaceInfo>> {
  const out = new Map<string, Map<string, NodeInterfaceInfo>>();
  for (const nns of states) {
    const ifaces = new Map<string, NodeInterfaceInfo>();
    const current = nns.status?.currentState;
    for (const i of current?.interfaces ?? []) {
      if (typeof i.name !== 'string') continue;
      const info: NodeInterfaceInfo = {};
      if (typeof i.type === 'string') info.type = i.type;
      if (typeof i.mtu === 'number') info.mtu = i.mtu;
      if (typeof i.state === 'string') info.state = i.state;
      // nmstate lists an OVS bridge and its internal interface under one name; the internal
      // interface is the kernel device, so it is the entry kept.
      if (i.type === 'ovs-bridge' && ifaces.has(i.name)) continue;
      ifaces.set(i.name, info);
    }
    for (const r of current?.routes?.running ?? []) {
      const dev = r['next-hop-interface'];
      const info = typeof dev === 'string' ? ifaces.get(dev) : undefined;
      if (info && isDefaultDestination(r.destination)) info.defaultRoute = true;
    }
    // System ports of OVS bridges: the openvswitch datapath holds the kernel device's receive
    // handler (ovs net/openvswitch/vport-netdev.c), so macvlan/ipvlan cannot take it. Internal
    // interfaces (br-ex itself) are OVS's own devices and are not ports in that sense.
    for (const i of current?.interfaces ?? []) {
      if (i.type !== 'ovs-bridge') continue;
      for (const port of i.bridge?.port ?? []) {
        const info = ifaces.get(port.name);
        if (info && info.type !== 'ovs-interface' && info.type !== 'ovs-bridge')
          info.ovsBridge = i.name;
      }
    }
    out.set(nns.metadata.name, ifaces);
  }
  return out;
}

const LINK_LOCAL: readonly Cidr[] = ['169.254.0.0/16', 'fe80::/10'].map(
  (text) => toCidr(text) as Cidr,
);

/**
 * Every address nodes hold on their own interfaces, per family and sorted, so a pool can ask
 * which of them it could hand out. Link-local and loopback addresses never leave the node, and the
 * OVN management port holds a pod-network address the pod-network rule already covers.
 */
function nodeAddresses(states: readonly NodeNetworkState[]): Map<IpFamily, NodeAddress[]> {
  const out = new Map<IpFamily, NodeAddress[]>();
  for (const nns of states) {
    for (const i of nns.status?.currentState?.interfaces ?? []) {
      if (typeof i.name !== 'string' || i.type === 'loopback') continue;
      if (i.name.startsWith('ovn-k8s-mp')) continue;
      for (const fam of [i.ipv4, i.ipv6]) {
        const list = path(fam, 'address');
        if (!Array.isArray(list)) continue;
        for (const a of list as unknown[]) {
          const text = path(a, 'ip');
          const ip = typeof text === 'string' ? toIp(text) : undefined;
          if (!ip || typeof text !== 'string' || LINK_LOCAL.some((c) => contains(c, ip))) continue;
          const bucket = out.get(ip.family) ?? [];
          bucket.push({ value: ip.value, text, node: nns.metadata.name, iface: i.name });
          out.set(ip.family, bucket);
        }
      }
    }
  }
  for (const list of out.values())
    list.sort((a, b) =>
      a.value < b.value
        ? -1
        : a.value > b.value
          ? 1
          : a.node < b.node
            ? -1
            : a.node > b.node
              ? 1
              : 0,
    );
  return out;
}

/** A Kubernetes quantity (`8`, `1k`, `500m`, `2Gi`, `1e3`) above zero; suffixes never flip it. */
const QUANTITY = /^\+?(\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+|[numkMGTPE]|[KMGTPE]i)?$/;

export function isPositiveQuantity(value: unknown): boolean {
  if (typeof value === 'number') return value > 0;
  if (typeof value !== 'string') return false;
  const m = QUANTITY.exec(value.trim());
  return m !== null && Number(m[1]) > 0;
}

/**
 * Extended resources nodes can allocate (names with a `/`, such as `openshift.io/ens2f0vfs`),
 * with the number of nodes offering at least one.
 */
function extendedResources(nodes: K8sResource[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const node of nodes) {
    const allocatable = path(node, 'status', 'allocatable');
    if (typeof allocatable !== 'object' || allocatable === null) continue;
    for (const [name, value] of Object.entries(allocatable)) {
      if (!name.includes('/')) continue;
      if (isPositiveQuantity(value)) out.set(name, (out.get(name) ?? 0) + 1);
    }
  }
  return out;
}

/** Whether one `additionalNetworks` entry makes the network operator deploy the dhcp daemon. */
function needsDhcpDaemon(entry: unknown): boolean {
  const type = path(entry, 'type');
  if (type === 'SimpleMacvlan') {
    // A SimpleMacvlan network without an IPAM config defaults to DHCP.
    const ipamType = path(entry, 'simpleMacvlanConfig', 'ipamConfig', 'type');
    return ipamType === undefined || ipamType === 'DHCP';
  }
  if (type !== 'Raw') return false;
  const raw = path(entry, 'rawCNIConfig');
  if (typeof raw !== 'string') return false;
  let config: unknown;
  try {
    config = JSON.parse(raw);
  } catch {
    return false;
  }
  const plugins = path(config, 'plugins');
  const objects = Array.isArray(plugins) ? [config, ...(plugins as unknown[])] : [config];
  return objects.some((o) => path(o, 'ipam', 'type') === 'dhcp');
}

/**
 * On OpenShift the cluster network operator runs the CNI dhcp daemon only while an additional
 * network in `operator.openshift.io Network cluster` uses dhcp (the documented "shim"). MicroShift
 * always ships it, so nothing is claimed there.
 */
function dhcpDaemon(
  input: ValidationContextInput,
  platform: Platform,
): 'deployed' | 'missing' | undefined {
  if (platform !== 'openshift' || !input.operatorNetwork) return undefined;
  const spec = path(input.operatorNetwork, 'spec');
  if (path(spec, 'disableMultiNetwork') === true) return 'missing';
  const networks = path(spec, 'additionalNetworks');
  if (!Array.isArray(networks)) return 'missing';
  return (networks as unknown[]).some(needsDhcpDaemon) ? 'deployed' : 'missing';
}

function bridgeMappings(input: ValidationContextInput): Set<string> | undefined {
  if (!input.policies && !input.nodeNetworkStates) return undefined;
  const out = new Set<string>();
  const collect = (mappings: unknown): void => {
    if (!Array.isArray(mappings)) return;
    for (const m of mappings) {
      const name = path(m, 'localnet');
      if (typeof name === 'string' && path(m, 'state') !== 'absent') out.add(name);
    }
  };
  for (const p of input.policies ?? []) collect(p.spec.desiredState?.ovn?.['bridge-mappings']);
  for (const n of input.nodeNetworkStates ?? [])
    collect(n.status?.currentState?.ovn?.['bridge-mappings']);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Cross-NAD index

export function getNadKey(nad: NetworkAttachmentDefinition): string {
  return `${nad.metadata.namespace}/${nad.metadata.name}`;
}

/** Where overlaps matter: node-local/static pools within a namespace, whereabouts cluster-wide. */
export function getPoolScope(pool: ConfigPool, namespace: string): string | undefined {
  if (pool.ipamType === 'whereabouts') return 'whereabouts';
  if (pool.ipamType === 'host-local' || pool.ipamType === 'static') return `ns:${namespace}`;
  return undefined;
}

export class PoolList {
  private readonly starts: bigint[];
  private readonly tree: bigint[];
  private readonly size: number;
  constructor(readonly pools: NadPool[]) {
    pools.sort((a, b) =>
      a.range.start < b.range.start ? -1 : a.range.start > b.range.start ? 1 : 0,
    );
    this.starts = pools.map((p) => p.range.start);
    let size = 1;
    while (size < pools.length) size *= 2;
    this.size = size;
    this.tree = new Array<bigint>(2 * size).fill(-1n);
    pools.forEach((p, i) => (this.tree[size + i] = p.range.end));
    for (let i = size - 1; i >= 1; i--) {
      const l = this.tree[2 * i] ?? -1n;
      const r = this.tree[2 * i + 1] ?? -1n;
      this.tree[i] = l > r ? l : r;
    }
  }

  /** Calls `visit` for pools overlapping [start, end] until it returns false. */
  query(start: bigint, end: bigint, visit: (p: NadPool) => boolean): void {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.starts[mid] ?? 0n) <= end) lo = mid + 1;
      else hi = mid;
    }
    const limit = lo;
    // Iterative descent: explicit stack of [node, nodeLo, nodeHi).
    const stack: [number, number, number][] = [[1, 0, this.size]];
    while (stack.length > 0) {
      const top = stack.pop();
      if (!top) break;
      const [node, nlo, nhi] = top;
      if (nlo >= limit || (this.tree[node] ?? -1n) < start) continue;
      if (nhi - nlo === 1) {
        const p = this.pools[nlo];
        if (p && !visit(p)) return;
        continue;
      }
      const mid = (nlo + nhi) >> 1;
      stack.push([2 * node + 1, mid, nhi], [2 * node, nlo, mid]);
    }
  }
}

export function getOvnSettings(p: PluginRef): Record<string, string> {
  const topology = str(p.obj, 'topology') ?? '';
  const layer3 = topology === 'layer3';
  const norm = (v: string | undefined): string =>
    splitList(v ?? '')
      .map((s) => parseOvnSubnet(s, layer3))
      .filter((c): c is Cidr => c !== undefined)
      .map((c) => `${c.family}:${c.address}/${c.prefix}`)
      .sort()
      .join(',');
  const settings: Record<string, string> = {
    topology,
    subnets: norm(str(p.obj, 'subnets')),
    excludeSubnets: norm(str(p.obj, 'excludeSubnets')),
    mtu: String(int(p.obj, 'mtu') ?? ''),
    vlanID: String(int(p.obj, 'vlanID') ?? ''),
  };
  if (topology === 'localnet')
    settings.physicalNetworkName = str(p.obj, 'physicalNetworkName') ?? str(p.obj, 'name') ?? '';
  return settings;
}

export function buildNadIndex(nads: NetworkAttachmentDefinition[]): NadIndex {
  const lists = new Map<string, NadPool[]>();
  const ovnNetworks = new Map<string, OvnNetworkEntry[]>();
  const masters = new Map<string, Map<string, string>>();
  for (const nad of nads) {
    const text = nad.spec?.config;
    if (typeof text !== 'string' || text.trim() === '') continue;
    const parsed = parseNadConfig(nad, text);
    if (!parsed.ok) continue;
    const root: JsonObject = parsed.value;
    const key = getNadKey(nad);
    const ns = nad.metadata.namespace;
    for (const plugin of getPlugins(root)) {
      for (const pool of getPluginPools(plugin)) {
        const scope = getPoolScope(pool, ns);
        if (!scope) continue;
        const entry: NadPool = {
          nadKey: key,
          namespace: ns,
          name: nad.metadata.name,
          ipamType: pool.ipamType,
          range: pool.allocation,
          text: pool.text,
          path: pool.path,
        };
        if (pool.networkName !== undefined) entry.networkName = pool.networkName;
        if (pool.overlappingEnabled !== undefined)
          entry.overlappingEnabled = pool.overlappingEnabled;
        const listKey = `${scope}|${pool.allocation.family}`;
        const list = lists.get(listKey);
        if (list) list.push(entry);
        else lists.set(listKey, [entry]);
      }
      if (plugin.type === OVN_TYPE) {
        const name = str(plugin.obj, 'name') ?? str(root, 'name') ?? nad.metadata.name;
        const list = ovnNetworks.get(name) ?? [];
        list.push({ nadKey: key, settings: getOvnSettings(plugin) });
        ovnNetworks.set(name, list);
      }
      const iface = getNodeInterface(plugin);
      if (iface?.key === 'master') {
        const byType = masters.get(iface.name) ?? new Map<string, string>();
        if (!byType.has(plugin.type)) byType.set(plugin.type, key);
        masters.set(iface.name, byType);
      }
    }
  }
  const pools = new Map<string, PoolList>();
  for (const [k, list] of lists) pools.set(k, new PoolList(list));
  return { pools, ovnNetworks, masters };
}

export function buildValidationContext(input: ValidationContextInput = {}): ValidationContext {
  const platform = input.platform ?? 'openshift';
  const ctx: ValidationContext = { platform, clusterRanges: clusterRanges(input, platform) };
  if (input.nodeNetworkStates) {
    ctx.nodeInterfaces = nodeInterfaces(input.nodeNetworkStates);
    ctx.nodeAddresses = nodeAddresses(input.nodeNetworkStates);
  }
  if (input.nodes) ctx.extendedResources = extendedResources(input.nodes);
  const daemon = dhcpDaemon(input, platform);
  if (daemon) ctx.dhcpDaemon = daemon;
  const mappings = bridgeMappings(input);
  if (mappings) ctx.bridgeMappings = mappings;
  if (input.nads) ctx.nadIndex = buildNadIndex(input.nads);
  return ctx;
}
