// Simulated Multus (thick plugin) plus the kubelet's sandbox creation for scheduled pods: every
// pod gets a `k8s.v1.cni.cncf.io/network-status` annotation with the default ovn-kubernetes
// entry and one entry per requested attachment (net1, net2…) with addresses allocated from the
// NAD's IPAM. A missing or broken NAD leaves the pod ContainerCreating with the kubelet's
// FailedCreatePodSandBox event in Multus' wording. NAD configs are parsed defensively here; the
// full validator lives in the NAD feature.
import { createHash } from 'node:crypto';
import type { K8sResource, Node, Pod } from '../../../../src/shared/model/k8s';
import type {
  NetworkAttachmentDefinition,
  NetworkStatusEntry,
} from '../../../../src/shared/model/nad';
import { NETWORKS_ANNOTATION, NETWORK_STATUS_ANNOTATION } from '../../../../src/shared/model/nad';
import type { NodeNetworkState } from '../../../../src/shared/model/nmstate';
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

export interface NetworkSelection {
  namespace: string;
  name: string;
  interface?: string;
  ips?: string[];
  mac?: string;
}

export type ParseNetworksResult =
  { ok: true; items: NetworkSelection[] } | { ok: false; message: string };

/** The pod annotation: a comma list of `[ns/]name[@iface]` or a JSON list of selection elements. */
export function parseNetworksAnnotation(value: string, podNamespace: string): ParseNetworksResult {
  const text = value.trim();
  if (text === '') return { ok: true, items: [] };
  if (text.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      return {
        ok: false,
        message: `parsePodNetworkAnnotation: failed to parse pod Network Attachment Selection Annotation JSON format: ${e instanceof Error ? e.message : String(e)}`,
      };
    }
    if (!Array.isArray(parsed))
      return { ok: false, message: 'parsePodNetworkAnnotation: annotation is not a list' };
    const items: NetworkSelection[] = [];
    for (const el of parsed as unknown[]) {
      if (typeof el !== 'object' || el === null)
        return {
          ok: false,
          message: 'parsePodNetworkAnnotation: invalid network selection element',
        };
      const o = el as Record<string, unknown>;
      if (typeof o['name'] !== 'string')
        return {
          ok: false,
          message: 'parsePodNetworkAnnotation: network selection element has no name',
        };
      items.push({
        name: o['name'],
        namespace: typeof o['namespace'] === 'string' ? o['namespace'] : podNamespace,
        ...(typeof o['interface'] === 'string' ? { interface: o['interface'] } : {}),
        ...(Array.isArray(o['ips'])
          ? { ips: (o['ips'] as unknown[]).filter((x): x is string => typeof x === 'string') }
          : {}),
        ...(typeof o['mac'] === 'string' ? { mac: o['mac'] } : {}),
      });
    }
    return { ok: true, items };
  }
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => {
      const [ref = '', iface] = s.split('@');
      const slash = ref.indexOf('/');
      const namespace = slash >= 0 ? ref.slice(0, slash) : podNamespace;
      const name = slash >= 0 ? ref.slice(slash + 1) : ref;
      return { namespace, name, ...(iface === undefined ? {} : { interface: iface }) };
    });
  return { ok: true, items };
}

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
  gateway?: string;
  rangeText: string;
  kind: 'host-local' | 'whereabouts' | 'ovn' | 'dhcp';
}

interface Plan {
  pools: Pool[];
  staticIps: string[];
  staticGateways: string[];
  /** Whereabouts reports no gateway as the string "<nil>" in network-status (a known quirk). */
  nilGateway: boolean;
  sriov: boolean;
  ovnMac: boolean;
}

type PlanResult =
  { ok: true; plan: Plan } | { ok: false; cause: string; stage: 'delegate' | 'add' };

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
  const exclude: Cidr[] = [];
  if (kind === 'host-local' && gateway === undefined && startText === undefined) {
    // host-local keeps the first address for the gateway when none is configured.
    const next = addToIp(start, 1n);
    if (next !== undefined) start = next;
  }
  if (gateway !== undefined) {
    const g = parseIp(gateway);
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
    ...(gateway === undefined ? {} : { gateway }),
    rangeText: `${formatIp(start)}-${formatIp(end)}`,
    kind,
  };
}

/** Reads a NAD's CNI config into an allocation plan, or the error the plugin chain would give. */
export function planAttachment(nadKey: string, config: string | undefined): PlanResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(config ?? '');
  } catch (e) {
    return {
      ok: false,
      stage: 'delegate',
      cause: `GetDelegateFromCRD: GetCNIConfigFromSpec: failed to unmarshal Spec.Config: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
  const root = asObject(parsed);
  if (root === undefined)
    return {
      ok: false,
      stage: 'delegate',
      cause: 'GetDelegateFromCRD: GetCNIConfigFromSpec: config is not a JSON object',
    };
  const plugins = Array.isArray(root['plugins'])
    ? (root['plugins'] as unknown[]).map(asObject).filter((p): p is Json => p !== undefined)
    : [root];
  const main = plugins[0];
  const type = str(main?.['type']);
  if (main === undefined || type === undefined)
    return { ok: false, stage: 'add', cause: 'missing "type" in the CNI configuration' };
  for (const p of plugins) {
    const t = str(p['type']) ?? '';
    if (!KNOWN_CNI.has(t) && !CHAINED_CNI.has(t))
      return {
        ok: false,
        stage: 'add',
        cause: `failed to find plugin "${t}" in path ${CNI_BIN_PATH}`,
      };
  }
  const plan: Plan = {
    pools: [],
    staticIps: [],
    staticGateways: [],
    nilGateway: false,
    sriov: type === 'sriov',
    ovnMac: type === 'ovn-k8s-cni-overlay',
  };
  if (type === 'ovn-k8s-cni-overlay') {
    const subnets = (str(main['subnets']) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    for (const [i, s] of subnets.entries()) {
      const pool = poolFromCidr(`${nadKey}#${i}`, s, 'ovn');
      if (typeof pool === 'string') return { ok: false, stage: 'add', cause: pool };
      plan.pools.push(pool);
    }
    return { ok: true, plan };
  }
  const ipam = asObject(main['ipam']) ?? {};
  const ipamType = str(ipam['type']);
  switch (ipamType) {
    case undefined:
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
          return { ok: false, stage: 'add', cause: 'invalid range set 0: no subnet specified' };
        const pool = poolFromCidr(
          `${nadKey}#${i}`,
          subnet,
          'host-local',
          str(r['rangeStart']),
          str(r['rangeEnd']),
          str(r['gateway']),
        );
        if (typeof pool === 'string') return { ok: false, stage: 'add', cause: pool };
        plan.pools.push(pool);
      }
      return { ok: true, plan };
    }
    case 'whereabouts': {
      const ranges: Json[] = Array.isArray(ipam['ipRanges'])
        ? (ipam['ipRanges'] as unknown[]).map(asObject).filter((r): r is Json => r !== undefined)
        : [ipam];
      for (const [i, r] of ranges.entries()) {
        const range = str(r['range']);
        if (range === undefined)
          return { ok: false, stage: 'add', cause: 'invalid range: no range specified' };
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
        if (typeof pool === 'string')
          return { ok: false, stage: 'add', cause: `error at storage engine: ${pool}` };
        for (const ex of Array.isArray(r['exclude']) ? (r['exclude'] as unknown[]) : []) {
          const c = typeof ex === 'string' ? parseCidr(ex) : undefined;
          if (c?.ok === true) pool.exclude.push(c.value);
        }
        plan.pools.push(pool);
      }
      plan.nilGateway = str(ipam['gateway']) === undefined;
      return { ok: true, plan };
    }
    case 'static': {
      for (const a of Array.isArray(ipam['addresses'])
        ? (ipam['addresses'] as unknown[]).map(asObject)
        : []) {
        const address = str(a?.['address']);
        if (address === undefined) continue;
        const c = parseCidr(address);
        if (!c.ok) return { ok: false, stage: 'add', cause: `invalid CIDR ${address}: ${c.error}` };
        plan.staticIps.push(formatIp({ family: c.value.family, value: c.value.address }));
        const gw = str(a?.['gateway']);
        if (gw !== undefined) plan.staticGateways.push(gw);
      }
      return { ok: true, plan };
    }
    case 'dhcp': {
      const pool = poolFromCidr(
        'dhcp:machine-net',
        '192.168.111.0/24',
        'dhcp',
        '192.168.111.150',
        '192.168.111.199',
      );
      if (typeof pool === 'string') return { ok: false, stage: 'add', cause: pool };
      plan.pools.push(pool);
      return { ok: true, plan };
    }
    default:
      return {
        ok: false,
        stage: 'add',
        cause: `failed to find plugin "${ipamType}" in path ${CNI_BIN_PATH}`,
      };
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

/** The kubelet's event text for a failed pod sandbox, with Multus' error chain inside. */
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

  private reconcile(key: string): void {
    const [namespace = '', name = ''] = key.split('/');
    const pod = this.api.get(this.t.pod, namespace, name) as Pod | undefined;
    if (pod === undefined || !this.needsWork(pod)) return;
    const uid = pod.metadata.uid ?? '';
    const requested = pod.metadata.annotations?.[NETWORKS_ANNOTATION] ?? '';
    const selection = parseNetworksAnnotation(requested, namespace);
    if (!selection.ok) {
      this.fail(
        pod,
        `Multus: [${namespace}/${name}/${uid}]: error loading k8s delegates k8s args: TryLoadPodDelegates: error in getting k8s network for pod: ${selection.message}`,
      );
      return;
    }
    const owner = this.owner(pod);
    const entries: NetworkStatusEntry[] = [this.defaultEntry(pod)];
    const defaultIp = entries[0]?.ips?.[0];
    const allocations: [string, string][] =
      defaultIp === undefined ? [] : [[`ovn-default:${pod.spec?.nodeName ?? ''}`, defaultIp]];
    let sriovFunction = 2;
    for (const [i, sel] of selection.items.entries()) {
      const net = `${sel.namespace}/${sel.name}`;
      const delegateError = (cause: string): string =>
        `Multus: [${namespace}/${name}/${uid}]: error loading k8s delegates k8s args: TryLoadPodDelegates: error in getting k8s network for pod: GetNetworkDelegates: failed getting the delegate: ${cause}`;
      if (sel.namespace !== namespace && !GLOBAL_NAMESPACES.includes(sel.namespace)) {
        this.release(pod);
        this.fail(
          pod,
          delegateError(
            `getKubernetesDelegate: namespace isolation violation: podnamespace: ${namespace} / target namespace: ${sel.namespace}`,
          ),
        );
        return;
      }
      const nad = this.api.get(this.t.nad, sel.namespace, sel.name) as
        NetworkAttachmentDefinition | undefined;
      if (nad === undefined) {
        this.release(pod);
        this.fail(
          pod,
          delegateError(
            `getKubernetesDelegate: cannot find a network-attachment-definition (${sel.name}) in namespace (${sel.namespace}): network-attachment-definitions.k8s.cni.cncf.io "${sel.name}" not found`,
          ),
        );
        return;
      }
      const planned = planAttachment(net, nad.spec?.config);
      if (!planned.ok) {
        this.release(pod);
        this.fail(
          pod,
          planned.stage === 'delegate'
            ? delegateError(planned.cause)
            : `[${namespace}/${name}/${uid}:${sel.name}]: error adding container to network "${sel.name}": ${planned.cause}`,
        );
        return;
      }
      const { plan } = planned;
      const ips: string[] = [];
      for (const pool of plan.pools) {
        const ip = this.allocate(pool, owner);
        if (ip === undefined) {
          this.release(pod);
          const cause =
            pool.kind === 'whereabouts'
              ? `error at storage engine: Could not allocate IP in range: ip: ${formatIp(pool.start)} / - ${formatIp(pool.end)} / range: ${pool.rangeText}`
              : `failed to allocate for range 0: no IP addresses available in range set: ${pool.rangeText}`;
          this.fail(
            pod,
            `[${namespace}/${name}/${uid}:${sel.name}]: error adding container to network "${sel.name}": ${cause}`,
          );
          return;
        }
        ips.push(ip);
        allocations.push([pool.key, ip]);
      }
      ips.push(...(sel.ips?.map((x) => x.split('/')[0] ?? x) ?? plan.staticIps));
      const gateways = [
        ...plan.pools.flatMap((p) => (p.gateway === undefined ? [] : [p.gateway])),
        ...plan.staticGateways,
      ];
      const entry: NetworkStatusEntry = {
        name: net,
        interface: sel.interface ?? `net${i + 1}`,
        ips,
        mac:
          sel.mac ??
          (plan.ovnMac && ips[0] !== undefined ? ovnMac(ips[0]) : randomishMac(`${owner}/${net}`)),
        dns: {},
      };
      if (gateways.length > 0) entry.gateway = gateways;
      else if (plan.nilGateway) entry.gateway = ['<nil>'];
      if (plan.sriov) {
        entry['device-info'] = {
          type: 'pci',
          version: '1.1.0',
          pci: { 'pci-address': `0000:3b:02.${sriovFunction++}` },
        };
      }
      entries.push(entry);
    }
    this.succeed(pod, entries, allocations);
  }

  private succeed(pod: Pod, entries: NetworkStatusEntry[], allocations: [string, string][]): void {
    const { namespace, name } = pod.metadata;
    const status = JSON.stringify(entries, null, 2);
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
