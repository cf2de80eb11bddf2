// Simulated Multus (thick plugin) plus the kubelet's sandbox creation for scheduled pods. Each
// requested attachment is run as its plugin chain would run it: a CNI result (interfaces, IPs
// from the NAD's IPAM, the IPAM's routes and DNS) from which the `k8s.v1.cni.cncf.io/network-status`
// entries are derived as the net-attach-def client derives them (see cniResult.ts). The annotation
// is read as multus-cni reads it (src/shared/logic/networkSelection.ts). A bad annotation, a
// missing or broken NAD, an exhausted pool, or a master/device link the node does not have leaves
// the pod ContainerCreating with the kubelet's FailedCreatePodSandBox event carrying Multus'
// error chain. NAD configs are parsed defensively here; the full validator lives in the NAD feature.
import { createHash } from 'node:crypto';
import type { K8sResource, Node, Pod } from '../../../../src/shared/model/k8s';
import type {
  NetworkAttachmentDefinition,
  NetworkStatusEntry,
} from '../../../../src/shared/model/nad';
import { NETWORKS_ANNOTATION, NETWORK_STATUS_ANNOTATION } from '../../../../src/shared/model/nad';
import type { NodeNetworkState } from '../../../../src/shared/model/nmstate';
import {
  networkSelectionErrorText,
  parseNetworkSelection,
} from '../../../../src/shared/logic/networkSelection';
import type { Cidr, IpAddress } from '../../../../src/shared/net/cidr';
import {
  addToIp,
  compareIp,
  firstUsable,
  formatIp,
  lastUsable,
  networkAddress,
  parseCidr,
  parseIp,
} from '../../../../src/shared/net/cidr';
import type { ClusterApi, Controller, ResourceType } from '../../api';
import type { Scheduler } from '../runtime';
import type { CniDns, CniIpConfig, CniResult, CniRoute } from './cniResult';
import { formatNetworkStatus, networkStatusesFromResult } from './cniResult';
import {
  WorkQueue,
  isoNow,
  jitter,
  logControllerError,
  realScheduler,
  tryResourceType,
  writeWithRetry,
} from '../runtime';

/** Namespaces whose NADs any pod may use (OpenShift's Multus `globalNamespaces`). */
export const GLOBAL_NAMESPACES = [
  'default',
  'openshift-multus',
  'openshift-sriov-network-operator',
  'openshift-cnv',
];
/** Sandbox bookkeeping of [pool, address] pairs; real Multus keeps this in the IPAM's own store. */
export const ALLOCATIONS_ANNOTATION = 'sandbox.switchboard.io/ip-allocations';
const CNI_BIN_PATH = '[/var/lib/cni/bin /usr/libexec/cni]';
const KNOWN_CNI = new Set([
  'bridge',
  'macvlan',
  'ipvlan',
  'host-device',
  'sriov',
  'ovn-k8s-cni-overlay',
  'tap',
  'vlan',
  'bond',
  'ib-sriov',
  'dummy',
]);
const CHAINED_CNI = new Set(['tuning', 'portmap', 'bandwidth', 'firewall', 'sbr', 'vrf']);

type Json = Record<string, unknown>;

function asObject(v: unknown): Json | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** One address pool a pod can draw from, plus the gateway the IPAM reports for it. */
interface Pool {
  key: string;
  start: IpAddress;
  end: IpAddress;
  exclude: Cidr[];
  /** Prefix length of the subnet, for the CIDR the IPAM returns. */
  prefix: number;
  gateway?: string;
  rangeText: string;
  kind: 'host-local' | 'whereabouts' | 'ovn' | 'dhcp';
}

/** A host link the main plugin needs on the node, and the error it returns when it is absent. */
interface LinkNeed {
  name: string;
  missing: string;
}

interface Plan {
  pools: Pool[];
  /** Static IPAM addresses (CIDR) with their configured gateways. */
  staticIps: CniIpConfig[];
  /** The IPAM's `routes`, verbatim: host-local, whereabouts and static return them unchanged. */
  routes: CniRoute[];
  dns: CniDns;
  /** bridge with `isDefaultGateway` adds a default route via the gateway of each family. */
  bridgeDefaultRoute: boolean;
  link?: LinkNeed;
  /** The network name in "error adding container to network": the config's `name`, else the NAD's. */
  netName: string;
  /** libcni's "plugin type=… failed (add): " for a conflist; empty for a single plugin config. */
  addPrefix: string;
  sriov: boolean;
  ovnMac: boolean;
}

type PlanResult =
  | { ok: true; plan: Plan }
  | { ok: false; cause: string; stage: 'delegate' | 'add'; netName?: string };

function poolFromCidr(
  key: string,
  cidrText: string,
  kind: Pool['kind'],
  startText?: string,
  endText?: string,
  gateway?: string,
): Pool | string {
  const c = parseCidr(cidrText);
  if (!c.ok) return `invalid CIDR address: ${cidrText}`;
  let start = firstUsable(c.value);
  let end = lastUsable(c.value);
  if (startText !== undefined) {
    const s = parseIp(startText);
    if (!s.ok) return `invalid range start ${startText}`;
    start = s.value;
  }
  if (endText !== undefined) {
    const e = parseIp(endText);
    if (!e.ok) return `invalid range end ${endText}`;
    end = e.value;
  }
  // host-local claims the subnet's first address as gateway when none is configured
  // (containernetworking/plugins plugins/ipam/host-local/backend/allocator/range.go, Canonicalize)
  // and never hands out the gateway (allocator.go).
  let gw = gateway;
  if (kind === 'host-local' && gw === undefined) {
    const first = addToIp(networkAddress(c.value), 1n);
    if (first !== undefined) gw = formatIp(first);
  }
  const exclude: Cidr[] = [];
  if (gw !== undefined) {
    const g = parseIp(gw);
    if (g.ok)
      exclude.push({
        family: g.value.family,
        address: g.value.value,
        prefix: g.value.family === 4 ? 32 : 128,
      });
  }
  return {
    key,
    start,
    end,
    exclude,
    prefix: c.value.prefix,
    ...(gw === undefined ? {} : { gateway: gw }),
    rangeText: `${formatIp(start)}-${formatIp(end)}`,
    kind,
  };
}

function readRoutes(ipam: Json): CniRoute[] {
  const out: CniRoute[] = [];
  for (const r of Array.isArray(ipam['routes']) ? (ipam['routes'] as unknown[]) : []) {
    const o = asObject(r);
    const dst = str(o?.['dst']);
    if (dst === undefined) continue;
    const gw = str(o?.['gw']);
    out.push({ dst, ...(gw === undefined ? {} : { gw }) });
  }
  return out;
}

function readDns(v: unknown): CniDns {
  const o = asObject(v);
  if (o === undefined) return {};
  const list = (x: unknown): string[] | undefined =>
    Array.isArray(x) ? x.filter((i): i is string => typeof i === 'string') : undefined;
  const dns: CniDns = {};
  const nameservers = list(o['nameservers']);
  if (nameservers !== undefined) dns.nameservers = nameservers;
  const domain = str(o['domain']);
  if (domain !== undefined) dns.domain = domain;
  const search = list(o['search']);
  if (search !== undefined) dns.search = search;
  const options = list(o['options']);
  if (options !== undefined) dns.options = options;
  return dns;
}

/**
 * The host link the main plugin looks up before it does anything else, and its error when the
 * link is missing. netlink's LinkByName fails with "Link not found" (vishvananda/netlink
 * link_linux.go, LinkNotFoundError); each plugin wraps it its own way (containernetworking/plugins):
 * - macvlan and vlan check the master's MTU in loadConf and return the lookup error bare
 *   (plugins/main/macvlan/macvlan.go and plugins/main/vlan/vlan.go, loadConf/getMTUByName);
 * - ipvlan says `failed to lookup master "X": Link not found` (plugins/main/ipvlan/ipvlan.go,
 *   createIpvlan);
 * - host-device says `failed to find host device: Link not found` (plugins/main/host-device/
 *   host-device.go, cmdAdd/getLink).
 * An empty macvlan/ipvlan master means the default-route interface, which always exists; links
 * inside the container (`linkInContainer`) are not on the node, so neither is checked.
 */
function linkNeed(main: Json, type: string): LinkNeed | undefined {
  if (main['linkInContainer'] === true) return undefined;
  const master = str(main['master']) ?? '';
  switch (type) {
    case 'macvlan':
    case 'vlan':
      return master === '' ? undefined : { name: master, missing: 'Link not found' };
    case 'ipvlan':
      return master === ''
        ? undefined
        : { name: master, missing: `failed to lookup master "${master}": Link not found` };
    case 'host-device': {
      const device = str(main['device']) ?? '';
      return device === ''
        ? undefined
        : { name: device, missing: 'failed to find host device: Link not found' };
    }
    default:
      return undefined;
  }
}

/** libcni's pluginDescription: `type="x"`, plus ` name="y"` when the plugin entry has its own name. */
function pluginDescription(plugin: Json): string {
  const name = str(plugin['name']);
  return `type="${str(plugin['type']) ?? ''}"${name ? ` name="${name}"` : ''}`;
}

/**
 * Reads a NAD's CNI config into an allocation plan, or the error the plugin chain would give.
 * `nadName` stands in for a missing config `name`, as GetCNIConfigFromSpec fills it in
 * (network-attachment-definition-client pkg/utils/cniconfig.go).
 */
export function planAttachment(
  nadName: string,
  nadKey: string,
  config: string | undefined,
): PlanResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(config ?? '');
  } catch (e) {
    return {
      ok: false,
      stage: 'delegate',
      cause: `GetCNIConfig: err in getCNIConfigFromSpec: failed to unmarshal Spec.Config: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
  const root = asObject(parsed);
  if (root === undefined)
    return {
      ok: false,
      stage: 'delegate',
      cause:
        'GetCNIConfig: err in getCNIConfigFromSpec: failed to unmarshal Spec.Config: config is not a JSON object',
    };
  const netName = str(root['name']) || nadName;
  const isList = Array.isArray(root['plugins']);
  const plugins = isList
    ? (root['plugins'] as unknown[]).map(asObject).filter((p): p is Json => p !== undefined)
    : [root];
  const main = plugins[0];
  const type = str(main?.['type']);
  if (main === undefined || type === undefined)
    return { ok: false, stage: 'add', netName, cause: 'missing "type" in the CNI configuration' };
  // libcni.AddNetworkList wraps each plugin's error (containernetworking/cni libcni/api.go).
  const prefixOf = (p: Json): string =>
    isList ? `plugin ${pluginDescription(p)} failed (add): ` : '';
  const link = linkNeed(main, type);
  const addPrefix = prefixOf(main);
  for (const p of plugins) {
    const t = str(p['type']) ?? '';
    if (!KNOWN_CNI.has(t) && !CHAINED_CNI.has(t))
      return {
        ok: false,
        stage: 'add',
        netName,
        cause: `${prefixOf(p)}failed to find plugin "${t}" in path ${CNI_BIN_PATH}`,
      };
  }
  const plan: Plan = {
    pools: [],
    staticIps: [],
    routes: [],
    dns: {},
    bridgeDefaultRoute: type === 'bridge' && main['isDefaultGateway'] === true,
    ...(link === undefined ? {} : { link }),
    netName,
    addPrefix,
    sriov: type === 'sriov',
    ovnMac: type === 'ovn-k8s-cni-overlay',
  };
  const failAdd = (cause: string): PlanResult => ({
    ok: false,
    stage: 'add',
    netName,
    cause: `${addPrefix}${cause}`,
  });
  if (type === 'ovn-k8s-cni-overlay') {
    const subnets = (str(main['subnets']) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    for (const [i, s] of subnets.entries()) {
      const pool = poolFromCidr(`${nadKey}#${i}`, s, 'ovn');
      if (typeof pool === 'string') return failAdd(pool);
      plan.pools.push(pool);
    }
    return { ok: true, plan };
  }
  const ipam = asObject(main['ipam']) ?? {};
  const ipamType = str(ipam['type']);
  plan.routes = readRoutes(ipam);
  switch (ipamType) {
    case undefined:
      plan.routes = [];
      return { ok: true, plan };
    case 'host-local': {
      const sets: Json[][] = Array.isArray(ipam['ranges'])
        ? (ipam['ranges'] as unknown[]).map((set) =>
            Array.isArray(set) ? set.map(asObject).filter((r): r is Json => r !== undefined) : [],
          )
        : [[ipam]];
      for (const [i, set] of sets.entries()) {
        const r = set[0];
        const subnet = str(r?.['subnet']);
        if (r === undefined || subnet === undefined)
          return failAdd('invalid range set 0: no subnet specified');
        const pool = poolFromCidr(
          `${nadKey}#${i}`,
          subnet,
          'host-local',
          str(r['rangeStart']),
          str(r['rangeEnd']),
          str(r['gateway']),
        );
        if (typeof pool === 'string') return failAdd(pool);
        plan.pools.push(pool);
      }
      return { ok: true, plan };
    }
    case 'whereabouts': {
      const ranges: Json[] = Array.isArray(ipam['ipRanges'])
        ? (ipam['ipRanges'] as unknown[]).map(asObject).filter((r): r is Json => r !== undefined)
        : [ipam];
      // whereabouts returns the configured DNS and routes, and `gateway` on each IP
      // (k8snetworkplumbingwg/whereabouts cmd/whereabouts.go, cmdAdd).
      plan.dns = readDns(ipam['dns']);
      for (const [i, r] of ranges.entries()) {
        const range = str(r['range']);
        if (range === undefined) return failAdd('invalid range: no range specified');
        // `range` may be written as "start-end/prefix"; the start half then bounds the pool.
        const dash = /^([^-]+)-([^/]+)(\/\d+)$/.exec(range);
        const cidr = dash === null ? range : `${dash[1] ?? ''}${dash[3] ?? ''}`;
        const pool = poolFromCidr(
          `${nadKey}#${i}`,
          cidr,
          'whereabouts',
          str(r['range_start']) ?? (dash === null ? undefined : dash[1]),
          str(r['range_end']) ?? (dash === null ? undefined : dash[2]),
          str(ipam['gateway']),
        );
        if (typeof pool === 'string') return failAdd(`error at storage engine: ${pool}`);
        for (const ex of Array.isArray(r['exclude']) ? (r['exclude'] as unknown[]) : []) {
          const c = typeof ex === 'string' ? parseCidr(ex) : undefined;
          if (c?.ok === true) pool.exclude.push(c.value);
        }
        plan.pools.push(pool);
      }
      return { ok: true, plan };
    }
    case 'static': {
      // static returns its addresses with their gateways, its routes and DNS
      // (containernetworking/plugins plugins/ipam/static/main.go, cmdAdd).
      plan.dns = readDns(ipam['dns']);
      for (const a of Array.isArray(ipam['addresses'])
        ? (ipam['addresses'] as unknown[]).map(asObject)
        : []) {
        const address = str(a?.['address']);
        if (address === undefined) continue;
        const c = parseCidr(address);
        if (!c.ok) return failAdd(`invalid CIDR ${address}: ${c.error}`);
        const gw = str(a?.['gateway']);
        plan.staticIps.push({ address, ...(gw === undefined ? {} : { gateway: gw }) });
      }
      return { ok: true, plan };
    }
    case 'dhcp': {
      plan.routes = [];
      const pool = poolFromCidr(
        'dhcp:machine-net',
        '192.168.111.0/24',
        'dhcp',
        '192.168.111.150',
        '192.168.111.199',
      );
      if (typeof pool === 'string') return failAdd(pool);
      plan.pools.push(pool);
      return { ok: true, plan };
    }
    default:
      return failAdd(`failed to find plugin "${ipamType}" in path ${CNI_BIN_PATH}`);
  }
}

function hex2(n: number): string {
  return (n & 0xff).toString(16).padStart(2, '0');
}

function ovnMac(ip: string): string {
  const p = parseIp(ip);
  if (!p.ok || p.value.family !== 4)
    return `0a:58:${hex2(Math.floor(jitter(ip) * 256))}:${hex2(Math.floor(jitter(`${ip}b`) * 256))}:01:02`;
  const v = p.value.value;
  return ['0a', '58', ...[24n, 16n, 8n, 0n].map((s) => hex2(Number((v >> s) & 0xffn)))].join(':');
}

function randomishMac(seed: string): string {
  const bytes = [0, 1, 2, 3, 4].map((i) => Math.floor(jitter(`${seed}/${i}`) * 256));
  return ['ba', ...bytes.map(hex2)]
    .join(':')
    .replace(/^ba/, (bytes[0] ?? 0) % 2 === 0 ? 'ba' : 'be');
}

function sandboxId(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

function netnsId(seed: string): string {
  const h = sandboxId(`netns/${seed}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The kubelet's event text for a failed pod sandbox, with Multus' error chain inside. Thick-plugin
 * layers, innermost first (k8snetworkplumbingwg/multus-cni): "error configuring pod [ns/name]
 * networking: " (pkg/server/server.go cmdAdd), printCmdArgs + " ERRORED: " (server.go
 * wrapCNIRequestError), "CNI request failed with status 400: '…\n'" (pkg/server/api/api.go, the
 * newline from http.Error), "CmdAdd (shim): " (pkg/server/api/shim.go), then libcni's
 * `plugin type="multus-shim" name="multus-cni-network" failed (add): ` (containernetworking/cni
 * libcni/api.go) and the runtime's and kubelet's prefixes.
 */
export function sandboxFailureMessage(pod: Pod, inner: string): string {
  const { name, namespace } = pod.metadata;
  const uid = pod.metadata.uid ?? '';
  const id = sandboxId(uid + name);
  return (
    `Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create pod network sandbox k8s_${name}_${namespace}_${uid}_0(${id}): ` +
    `error adding pod ${namespace}_${name} to CNI network "multus-cni-network": plugin type="multus-shim" name="multus-cni-network" failed (add): ` +
    `CmdAdd (shim): CNI request failed with status 400: 'ContainerID:"${id}" Netns:"/var/run/netns/${netnsId(uid)}" IfName:"eth0" ` +
    `Args:"IgnoreUnknown=1;K8S_POD_NAMESPACE=${namespace};K8S_POD_NAME=${name};K8S_POD_INFRA_CONTAINER_ID=${id};K8S_POD_UID=${uid}" Path:"" ` +
    `ERRORED: error configuring pod [${namespace}/${name}] networking: ${inner}\n'`
  );
}

export class MultusController implements Controller {
  readonly name = 'multus';
  private api!: ClusterApi;
  private queue?: WorkQueue;
  private unsubscribe: (() => void)[] = [];
  /** Allocated addresses per pool key, rebuilt from existing pods on start. */
  private readonly used = new Map<string, Map<string, string>>();
  private t!: { pod: ResourceType; nad: ResourceType; node: ResourceType; nns?: ResourceType };

  constructor(private readonly scheduler: Scheduler = realScheduler) {}

  start(api: ClusterApi): void {
    this.api = api;
    this.t = {
      pod: api.resourceType('', 'Pod'),
      nad: api.resourceType('k8s.cni.cncf.io', 'NetworkAttachmentDefinition'),
      node: api.resourceType('', 'Node'),
      nns: tryResourceType(api, 'nmstate.io', 'NodeNetworkState'),
    };
    const queue = new WorkQueue(
      this.scheduler,
      (key) => this.reconcile(key),
      (key, e) => logControllerError(this.name, key, e),
    );
    this.queue = queue;
    const key = (o: K8sResource): string =>
      `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
    const pods = api.list(this.t.pod) as Pod[];
    for (const p of pods) this.remember(p);
    this.unsubscribe.push(
      api.watch(this.t.pod, (e) => {
        const pod = e.object as Pod;
        if (e.type === 'DELETED') this.release(pod);
        else if (this.needsWork(pod)) queue.add(key(pod));
      }),
      api.watch(this.t.nad, (e) => {
        const ns = e.object.metadata?.namespace;
        for (const p of api.list(this.t.pod) as Pod[]) {
          if (
            this.needsWork(p) &&
            (ns === undefined || GLOBAL_NAMESPACES.includes(ns) || p.metadata.namespace === ns)
          )
            queue.add(key(p));
        }
      }),
    );
    for (const p of pods) if (this.needsWork(p)) queue.add(key(p));
  }

  stop(): void {
    this.queue?.stop();
    for (const u of this.unsubscribe) u();
    this.unsubscribe = [];
  }

  private needsWork(pod: Pod): boolean {
    return (
      pod.spec?.nodeName !== undefined &&
      pod.metadata.deletionTimestamp === undefined &&
      pod.metadata.annotations?.[NETWORK_STATUS_ANNOTATION] === undefined
    );
  }

  private owner(pod: Pod): string {
    return `${pod.metadata.namespace}/${pod.metadata.name}`;
  }

  /** Re-reads which pool each address came from, so a restarted controller never double-allocates. */
  private remember(pod: Pod): void {
    const raw = pod.metadata.annotations?.[ALLOCATIONS_ANNOTATION];
    if (raw === undefined) return;
    try {
      const pairs: unknown = JSON.parse(raw);
      if (!Array.isArray(pairs)) return;
      for (const pair of pairs as unknown[]) {
        if (Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string') {
          this.usedIn(pair[0]).set(pair[1], this.owner(pod));
        }
      }
    } catch {
      // A hand-edited annotation only costs the memory of those addresses.
    }
  }

  private release(pod: Pod): void {
    const owner = this.owner(pod);
    for (const m of this.used.values()) for (const [ip, o] of m) if (o === owner) m.delete(ip);
  }

  private usedIn(key: string): Map<string, string> {
    let m = this.used.get(key);
    if (m === undefined) {
      m = new Map();
      this.used.set(key, m);
    }
    return m;
  }

  private allocate(pool: Pool, owner: string): string | undefined {
    const used = this.usedIn(pool.key);
    for (const [ip, o] of used) if (o === owner) return ip;
    let cur: IpAddress | undefined = pool.start;
    for (let n = 0; cur !== undefined && compareIp(cur, pool.end) <= 0 && n < 1_000_000; n++) {
      const text = formatIp(cur);
      const c: IpAddress = cur;
      const excluded = pool.exclude.some((x) => {
        const net = networkAddress(x).value;
        const size = 1n << BigInt((x.family === 4 ? 32 : 128) - x.prefix);
        return x.family === c.family && c.value >= net && c.value < net + size;
      });
      if (!excluded && !used.has(text)) {
        used.set(text, owner);
        return text;
      }
      cur = addToIp(cur, 1n);
    }
    return undefined;
  }

  /** The pod's OVN address comes from its node's subnet, as ovn-k8s-mp0 shows in the NNS. */
  private defaultEntry(pod: Pod): NetworkStatusEntry {
    const node = pod.spec?.nodeName ?? '';
    let subnet = '';
    const nns =
      this.t.nns === undefined
        ? undefined
        : (this.api.get(this.t.nns, undefined, node) as NodeNetworkState | undefined);
    const mp0 = nns?.status?.currentState?.interfaces?.find((i) => i.name === 'ovn-k8s-mp0')?.ipv4
      ?.address?.[0];
    if (mp0 !== undefined) subnet = `${mp0.ip}/${mp0['prefix-length']}`;
    if (subnet === '') {
      const names = (this.api.list(this.t.node) as Node[]).map((n) => n.metadata.name).sort();
      const index = Math.max(0, names.indexOf(node));
      subnet = `10.${128 + Math.floor((index * 2) / 256)}.${(index * 2) % 256}.0/23`;
    }
    const pool = poolFromCidr(`ovn-default:${node}`, subnet, 'ovn');
    const ip =
      typeof pool === 'string'
        ? undefined
        : this.allocate({ ...pool, start: addToIp(pool.start, 2n) ?? pool.start }, this.owner(pod));
    return {
      name: 'ovn-kubernetes',
      interface: 'eth0',
      ips: ip === undefined ? [] : [ip],
      mac: ip === undefined ? '0a:58:0a:80:00:03' : ovnMac(ip),
      default: true,
      dns: {},
    };
  }

  /** The node's link names from its NodeNetworkState; undefined when the node has none to read. */
  private nodeLinks(node: string): Set<string> | undefined {
    if (this.t.nns === undefined) return undefined;
    const nns = this.api.get(this.t.nns, undefined, node) as NodeNetworkState | undefined;
    const ifaces = nns?.status?.currentState?.interfaces;
    return ifaces === undefined ? undefined : new Set(ifaces.map((i) => i.name));
  }

  private reconcile(key: string): void {
    const [namespace = '', name = ''] = key.split('/');
    const pod = this.api.get(this.t.pod, namespace, name) as Pod | undefined;
    if (pod === undefined || !this.needsWork(pod)) return;
    const uid = pod.metadata.uid ?? '';
    // Error layers from multus-cni: cmdErr and cmdPluginErr (pkg/multus/multus.go),
    // TryLoadPodDelegates and GetNetworkDelegates (pkg/k8sclient/k8sclient.go).
    const loadError = (cause: string): string =>
      `Multus: [${namespace}/${name}/${uid}]: error loading k8s delegates k8s args: ${cause}`;
    const networksError = (cause: string): string =>
      loadError(
        `TryLoadPodDelegates: error in getting k8s network for pod: GetNetworkDelegates: ${cause}`,
      );
    const addError = (netName: string, cause: string): string =>
      `[${namespace}/${name}/${uid}:${netName}]: error adding container to network "${netName}": ${cause}`;
    const selection = parseNetworkSelection(
      pod.metadata.annotations?.[NETWORKS_ANNOTATION],
      namespace,
    );
    if (!selection.ok) {
      // A parse error leaves GetPodNetwork without networks, so TryLoadPodDelegates returns it
      // unwrapped (pkg/k8sclient/k8sclient.go).
      this.fail(pod, loadError(networkSelectionErrorText(selection.error)));
      return;
    }
    // GetNetworkDelegates loads every delegate before the first one is added.
    const delegates: {
      net: string;
      ifName: string;
      sel: (typeof selection.items)[number];
      plan: PlanResult;
    }[] = [];
    for (const [i, sel] of selection.items.entries()) {
      const net = `${sel.namespace}/${sel.name}`;
      if (sel.namespace !== namespace && !GLOBAL_NAMESPACES.includes(sel.namespace)) {
        this.fail(
          pod,
          networksError(
            `namespace isolation enabled, annotation violates permission, pod is in namespace ${namespace} but refers to target namespace ${sel.namespace}`,
          ),
        );
        return;
      }
      const nad =
        sel.name === ''
          ? undefined
          : (this.api.get(this.t.nad, sel.namespace, sel.name) as
              NetworkAttachmentDefinition | undefined);
      if (nad === undefined) {
        const notFound =
          sel.name === ''
            ? 'resource name may not be empty'
            : `network-attachment-definitions.k8s.cni.cncf.io "${sel.name}" not found`;
        this.fail(
          pod,
          networksError(
            `failed getting the delegate: getKubernetesDelegate: cannot find a network-attachment-definition (${sel.name}) in namespace (${sel.namespace}): ${notFound}`,
          ),
        );
        return;
      }
      const plan = planAttachment(sel.name, net, nad.spec?.config);
      if (!plan.ok && plan.stage === 'delegate') {
        this.fail(pod, networksError(`failed getting the delegate: ${plan.cause}`));
        return;
      }
      // getIfname: the requested name, else net<index> (index 0 is the cluster network).
      delegates.push({ net, ifName: sel.interface ?? `net${i + 1}`, sel, plan });
    }
    const owner = this.owner(pod);
    const entries: NetworkStatusEntry[] = [this.defaultEntry(pod)];
    const defaultIp = entries[0]?.ips?.[0];
    const allocations: [string, string][] =
      defaultIp === undefined ? [] : [[`ovn-default:${pod.spec?.nodeName ?? ''}`, defaultIp]];
    const links = this.nodeLinks(pod.spec?.nodeName ?? '');
    const netns = `/var/run/netns/${netnsId(uid)}`;
    let sriovFunction = 2;
    for (const { net, ifName, sel, plan: planned } of delegates) {
      if (!planned.ok) {
        this.release(pod);
        this.fail(pod, addError(planned.netName ?? sel.name, planned.cause));
        return;
      }
      const { plan } = planned;
      // The main plugin looks its host link up before it calls the IPAM.
      if (plan.link !== undefined && links !== undefined && !links.has(plan.link.name)) {
        this.release(pod);
        this.fail(pod, addError(plan.netName, `${plan.addPrefix}${plan.link.missing}`));
        return;
      }
      const ipConfigs: CniIpConfig[] = [];
      for (const pool of plan.pools) {
        const ip = this.allocate(pool, owner);
        if (ip === undefined) {
          this.release(pod);
          const cause =
            pool.kind === 'whereabouts'
              ? `error at storage engine: Could not allocate IP in range: ip: ${formatIp(pool.start)} / - ${formatIp(pool.end)} / range: ${pool.rangeText}`
              : `failed to allocate for range 0: no IP addresses available in range set: ${pool.rangeText}`;
          this.fail(pod, addError(plan.netName, `${plan.addPrefix}${cause}`));
          return;
        }
        allocations.push([pool.key, ip]);
        ipConfigs.push({
          address: `${ip}/${pool.prefix}`,
          ...(pool.gateway === undefined ? {} : { gateway: pool.gateway }),
          interface: 0,
        });
      }
      // Requested IPs reach the IPAM as CNI_ARGS IP (DelegateAdd); static uses them instead of
      // its configured addresses.
      ipConfigs.push(
        ...(sel.ips?.map((address) => ({ address, interface: 0 })) ??
          plan.staticIps.map((c) => ({ ...c, interface: 0 }))),
      );
      const routes = [...plan.routes];
      if (plan.bridgeDefaultRoute) {
        // bridge's isDefaultGateway adds 0.0.0.0/0 (or ::/0) via the IP's gateway unless a
        // default route with a gateway is already there (plugins/main/bridge/bridge.go).
        for (const c of ipConfigs) {
          if (c.gateway === undefined) continue;
          const dst = c.gateway.includes(':') ? '::/0' : '0.0.0.0/0';
          if (!routes.some((r) => r.dst === dst && r.gw !== undefined))
            routes.push({ dst, gw: c.gateway });
        }
      }
      const firstIp = ipConfigs[0]?.address.split('/')[0];
      const result: CniResult = {
        interfaces: [
          {
            name: ifName,
            mac:
              sel.mac ??
              (plan.ovnMac && firstIp !== undefined
                ? ovnMac(firstIp)
                : randomishMac(`${owner}/${net}`)),
            sandbox: netns,
          },
        ],
        ips: ipConfigs,
        routes,
        dns: plan.dns,
      };
      const deviceInfo = plan.sriov
        ? { type: 'pci', version: '1.1.0', pci: { 'pci-address': `0000:3b:02.${sriovFunction++}` } }
        : undefined;
      entries.push(...networkStatusesFromResult(result, net, false, deviceInfo));
    }
    this.succeed(pod, entries, allocations);
  }

  private succeed(pod: Pod, entries: NetworkStatusEntry[], allocations: [string, string][]): void {
    const { namespace, name } = pod.metadata;
    const status = formatNetworkStatus(entries);
    writeWithRetry<Pod>(this.api, this.t.pod, namespace, name, (p) => ({
      ...p,
      metadata: {
        ...p.metadata,
        annotations: {
          ...(p.metadata.annotations ?? {}),
          [NETWORK_STATUS_ANNOTATION]: status,
          [ALLOCATIONS_ANNOTATION]: JSON.stringify(allocations),
        },
      },
    }));
    const podIp = entries[0]?.ips?.[0];
    const now = isoNow(this.api);
    writeWithRetry<Pod>(
      this.api,
      this.t.pod,
      namespace,
      name,
      (p) => ({
        ...p,
        status: {
          ...(p.status ?? {}),
          phase: 'Running',
          ...(podIp === undefined ? {} : { podIP: podIp, podIPs: [{ ip: podIp }] }),
          startTime: typeof p.status?.['startTime'] === 'string' ? p.status['startTime'] : now,
          conditions: [
            { type: 'PodReadyToStartContainers', status: 'True', lastTransitionTime: now },
            { type: 'Initialized', status: 'True', lastTransitionTime: now },
            { type: 'Ready', status: 'True', lastTransitionTime: now },
            { type: 'ContainersReady', status: 'True', lastTransitionTime: now },
            { type: 'PodScheduled', status: 'True', lastTransitionTime: now },
          ],
        },
      }),
      'status',
    );
  }

  private fail(pod: Pod, inner: string): void {
    const message = sandboxFailureMessage(pod, inner);
    const { namespace, name } = pod.metadata;
    const containers = Array.isArray(pod.spec?.['containers'])
      ? (pod.spec['containers'] as { name?: string; image?: string }[])
      : [];
    writeWithRetry<Pod>(
      this.api,
      this.t.pod,
      namespace,
      name,
      (p) => {
        if (
          p.status?.phase === 'Pending' &&
          p.status['reason'] === undefined &&
          Array.isArray(p.status['containerStatuses'])
        )
          return undefined;
        return {
          ...p,
          status: {
            ...(p.status ?? {}),
            phase: 'Pending',
            conditions: [
              { type: 'PodReadyToStartContainers', status: 'False' },
              { type: 'Ready', status: 'False', reason: 'ContainersNotReady' },
              { type: 'PodScheduled', status: 'True' },
            ],
            containerStatuses: containers.map((c) => ({
              name: c.name ?? 'main',
              image: c.image ?? '',
              ready: false,
              restartCount: 0,
              started: false,
              state: { waiting: { reason: 'ContainerCreating' } },
            })),
          },
        };
      },
      'status',
    );
    this.api.recordEvent({
      involved: pod,
      type: 'Warning',
      reason: 'FailedCreatePodSandBox',
      message,
      component: 'kubelet',
      namespace,
    });
  }
}
