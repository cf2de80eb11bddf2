// Cross-layer VLAN check: for each node, the VLANs its policies and the attachments scheduled
// there need, traced through the node's interface stack down to physical NICs, against what the
// NIC's switch port allows (HostNetworkAttachment) and what LLDP reports.
import type { Node, Pod } from '../../../shared/model/k8s';
import type {
  BareMetalHost,
  BareMetalSwitch,
  HardwareData,
  HostNetworkAttachment,
} from '../../../shared/model/metal3';
import { NETWORKS_ANNOTATION, type NetworkAttachmentDefinition } from '../../../shared/model/nad';
import type {
  NetworkInterface,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import type {
  FindingSeverity,
  MismatchCode,
  NicPort,
  ObjectRef,
  VlanConsumer,
  VlanMismatch,
  VlanSet,
} from '../model/types';
import { matchNicsToSwitchPorts, normalizeMac } from './matchNicsToSwitchPorts';
import { has, ids, parseVlanList, union, vlanSetOf } from './vlanSet';
import { isRecord } from '../../../shared/logic/isRecord';
import { parseNetworkSelection } from '../../../shared/logic/networkSelection';

export interface VlanConsistencyInputs {
  nodes: readonly Node[];
  bareMetalHosts: readonly BareMetalHost[];
  hardwareData: readonly HardwareData[];
  hostNetworkAttachments: readonly HostNetworkAttachment[];
  switches: readonly BareMetalSwitch[];
  nodeNetworkStates: readonly NodeNetworkState[];
  policies: readonly NodeNetworkConfigurationPolicy[];
  nads: readonly NetworkAttachmentDefinition[];
  /**
   * Pods decide which NADs are "scheduled" on a node. Without pods every NAD is checked on every
   * node where its lower interface exists, and its mismatches are one severity lower.
   */
  pods?: readonly Pod[];
}

/** Annotations a node may carry that name its host or its machine. */
export const NODE_HOST_ANNOTATION = 'metal3.io/BareMetalHost';
export const NODE_MACHINE_ANNOTATION = 'machine.openshift.io/machine';
export const CAPI_MACHINE_ANNOTATION = 'cluster.x-k8s.io/machine';
export const CAPI_NAMESPACE_ANNOTATION = 'cluster.x-k8s.io/cluster-namespace';

/** The nmstate default trunk of a VLAN-filtering linux bridge: a permission, not a need. */
const DEFAULT_TRUNK = [
  { min: 2, max: 4094 },
  { min: 1, max: 4094 },
];

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function refKey(ns: string, name: string): string {
  return `${ns}/${name}`;
}

interface HostIndex {
  byRef: Map<string, BareMetalHost>;
  /** `<ns>/<name>` of a host's consumerRef → the first such host and its place in the list. */
  byConsumer: Map<string, { host: BareMetalHost; at: number }>;
  /** consumerRef name → the hosts with it, in list order, with the consumer's namespace. */
  byConsumerName: Map<string, { host: BareMetalHost; at: number; ns: string }[]>;
}

// One index per host list (the views pass the same array until the list changes): looking hosts
// up per node by scanning them made the VLAN check quadratic, 0.4 s at 2,000 nodes.
const hostIndexes = new WeakMap<readonly BareMetalHost[], HostIndex>();

function indexHosts(hosts: readonly BareMetalHost[]): HostIndex {
  let index = hostIndexes.get(hosts);
  if (index) return index;
  index = { byRef: new Map(), byConsumer: new Map(), byConsumerName: new Map() };
  hosts.forEach((host, at) => {
    const key = refKey(host.metadata.namespace, host.metadata.name);
    // As a Map built from the list: the last host of a name wins.
    index.byRef.set(key, host);
    const ref = host.spec?.consumerRef;
    if (!isRecord(ref) || !str(ref.name)) return;
    const name = String(ref.name);
    const ns = str(ref.namespace) ?? host.metadata.namespace;
    const consumer = refKey(ns, name);
    if (!index.byConsumer.has(consumer)) index.byConsumer.set(consumer, { host, at });
    const list = index.byConsumerName.get(name) ?? [];
    list.push({ host, at, ns });
    index.byConsumerName.set(name, list);
  });
  hostIndexes.set(hosts, index);
  return index;
}

/**
 * Finds the BareMetalHost running a node. Rules, first hit wins:
 * 1. the node annotation `metal3.io/BareMetalHost: <ns>/<name>`;
 * 2. the host's `spec.consumerRef` (a Machine) equals the node's `machine.openshift.io/machine`
 *    annotation, or the Cluster API `cluster.x-k8s.io/machine` (+ cluster-namespace) annotations;
 * 3. `spec.providerID` of the form `metal3://<ns>/<host>/…`;
 * 4. a MAC of the node's NNS interfaces equals a hardware NIC MAC or the boot MAC of exactly one host;
 * 5. the host's name or inspected hostname equals the node name (only when unique).
 */
export function findHostForNode(
  node: Node,
  hosts: readonly BareMetalHost[],
  context: { nns?: NodeNetworkState; hardwareData?: readonly HardwareData[] } = {},
): BareMetalHost | undefined {
  const annotations = node.metadata.annotations ?? {};
  const { byRef, byConsumer, byConsumerName } = indexHosts(hosts);
  const direct = annotations[NODE_HOST_ANNOTATION];
  if (direct && byRef.has(direct)) return byRef.get(direct);

  // The first host (in list order) whose consumer is the node's Machine or CAPI Machine.
  const machine = annotations[NODE_MACHINE_ANNOTATION];
  const capiMachine = annotations[CAPI_MACHINE_ANNOTATION];
  const capiNs = annotations[CAPI_NAMESPACE_ANNOTATION];
  let consumed: { host: BareMetalHost; at: number } | undefined;
  if (machine) consumed = byConsumer.get(machine);
  if (capiMachine)
    for (const c of byConsumerName.get(capiMachine) ?? []) {
      if (capiNs && capiNs !== c.ns) continue;
      if (!consumed || c.at < consumed.at) consumed = c;
      break;
    }
  if (consumed) return consumed.host;

  const providerID = node.spec?.providerID;
  if (typeof providerID === 'string' && providerID.startsWith('metal3://')) {
    const [ns, name] = providerID.slice('metal3://'.length).split('/');
    if (ns && name && byRef.has(refKey(ns, name))) return byRef.get(refKey(ns, name));
  }

  const nodeMacs = new Set<string>();
  for (const i of interfacesOf(context.nns)) {
    const mac = normalizeMac(i['mac-address']);
    if (mac && i.type === 'ethernet') nodeMacs.add(mac);
  }
  if (nodeMacs.size > 0) {
    const hits = hosts.filter((h) => {
      const hd = context.hardwareData?.find(
        (d) => d.metadata.namespace === h.metadata.namespace && d.metadata.name === h.metadata.name,
      );
      const macs = [
        h.spec?.bootMACAddress,
        ...(hd?.spec?.hardware?.nics ?? h.status?.hardware?.nics ?? []).map((n) => n.mac),
      ];
      return macs.some((m) => {
        const n = normalizeMac(m);
        return n !== undefined && nodeMacs.has(n);
      });
    });
    if (hits.length === 1) return hits[0];
  }

  const named = hosts.filter(
    (h) =>
      h.metadata.name === node.metadata.name || h.status?.hardware?.hostname === node.metadata.name,
  );
  return named.length === 1 ? named[0] : undefined;
}

function interfacesOf(nns: NodeNetworkState | undefined): NetworkInterface[] {
  const list: unknown = nns?.status?.currentState?.interfaces;
  return Array.isArray(list)
    ? (list as unknown[]).filter(
        (i): i is NetworkInterface => isRecord(i) && typeof i.name === 'string',
      )
    : [];
}

function portNames(iface: NetworkInterface): string[] {
  const out: string[] = [];
  const bridge: unknown = iface.bridge;
  if (isRecord(bridge) && Array.isArray(bridge.port))
    for (const p of bridge.port as unknown[]) {
      if (!isRecord(p)) continue;
      const la = p['link-aggregation'];
      if (isRecord(la) && Array.isArray(la.port)) {
        for (const m of la.port as unknown[])
          if (isRecord(m) && str(m.name)) out.push(String(m.name));
      } else if (str(p.name)) out.push(String(p.name));
    }
  const la: unknown = iface['link-aggregation'];
  if (isRecord(la) && Array.isArray(la.port))
    for (const m of la.port as unknown[]) if (typeof m === 'string') out.push(m);
  return out;
}

function baseOf(iface: NetworkInterface): string | undefined {
  for (const key of ['vlan', 'vxlan', 'mac-vlan', 'mac-vtap', 'ipvlan'] as const) {
    const cfg: unknown = iface[key];
    if (isRecord(cfg) && str(cfg['base-iface'])) return String(cfg['base-iface']);
  }
  return undefined;
}

/** Interfaces of a node by name: NNS first, then interfaces policies will create. */
class NodeStack {
  private readonly byName = new Map<string, NetworkInterface[]>();
  private readonly children = new Map<string, string[]>();

  constructor(current: readonly NetworkInterface[], desired: readonly NetworkInterface[]) {
    for (const i of current) this.add(i);
    for (const i of desired) if (!this.byName.has(i.name)) this.add(i);
  }

  private add(i: NetworkInterface): void {
    const list = this.byName.get(i.name);
    if (list) list.push(i);
    else this.byName.set(i.name, [i]);
    const controller = str(i.controller);
    if (controller && controller !== i.name) {
      const c = this.children.get(controller);
      if (c) c.push(i.name);
      else this.children.set(controller, [i.name]);
    }
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  get(name: string): NetworkInterface[] {
    return this.byName.get(name) ?? [];
  }

  /**
   * Physical NICs under `start`, each with the VLAN ids of the VLAN interfaces passed on the way.
   * Bridges lead to their ports (minus `exclude`), bonds to their ports, VLAN/MACVLAN/IPVLAN/
   * VXLAN to their base, an OVS internal interface to its bridge's other ports, a patch port
   * to the peer's bridge.
   */
  trace(start: string, exclude?: string): { nic: string; vlans: number[] }[] {
    const out = new Map<string, { nic: string; vlans: number[] }>();
    const visited = new Set<string>();
    const walk = (name: string, vlans: number[], from?: string): void => {
      if (visited.has(name) || name === exclude) return;
      visited.add(name);
      for (const i of this.get(name)) {
        const type = i.type;
        if (type === 'ethernet' || type === 'infiniband') {
          if (!out.has(name)) out.set(name, { nic: name, vlans });
          continue;
        }
        if (type === 'ovs-bridge' || type === 'linux-bridge' || type === 'bond') {
          for (const p of [...portNames(i), ...(this.children.get(name) ?? [])])
            if (p !== name && p !== from) walk(p, vlans, name);
          continue;
        }
        if (type === 'ovs-interface') {
          const patch: unknown = i.patch;
          const peer = isRecord(patch) ? str(patch.peer) : undefined;
          if (peer) {
            for (const p of this.get(peer)) {
              const c = str(p.controller);
              if (c) walk(c, vlans, peer);
            }
          }
          const c = str(i.controller);
          if (c && c !== from) {
            visited.delete(c);
            walk(c, vlans, name);
          }
          continue;
        }
        const base = baseOf(i);
        if (base) {
          const cfg: unknown = i.vlan;
          const id =
            type === 'vlan' && isRecord(cfg) && typeof cfg.id === 'number' ? cfg.id : undefined;
          walk(base, id === undefined ? vlans : [...vlans, id], name);
        }
      }
    };
    walk(start, []);
    return [...out.values()];
  }
}

interface Need {
  vlans: VlanSet;
  consumer: VlanConsumer;
  start: string;
  exclude?: string;
  /** From a NAD assumed (no pods given): reported one severity lower. */
  assumed: boolean;
}

function trunkSet(vlan: Record<string, unknown>): VlanSet {
  const items: { min: number; max: number }[] = [];
  const tags = vlan['trunk-tags'];
  if (Array.isArray(tags))
    for (const t of tags as unknown[]) {
      if (!isRecord(t)) continue;
      if (typeof t.id === 'number') items.push({ min: t.id, max: t.id });
      const r = t['id-range'];
      if (isRecord(r) && typeof r.min === 'number' && typeof r.max === 'number') {
        const range = { min: r.min, max: r.max };
        if (!DEFAULT_TRUNK.some((d) => d.min === range.min && d.max === range.max))
          items.push(range);
      }
    }
  return vlanSetOf(items);
}

/** VLAN needs of one policy's desired interfaces. */
function policyNeeds(policy: NodeNetworkConfigurationPolicy, stack: NodeStack): Need[] {
  const needs: Need[] = [];
  const spec: unknown = policy.spec;
  const desired: unknown =
    isRecord(spec) && isRecord(spec.desiredState) ? spec.desiredState.interfaces : undefined;
  if (!Array.isArray(desired)) return needs;
  const name = policy.metadata.name;
  for (const raw of desired as unknown[]) {
    if (!isRecord(raw) || !str(raw.name) || raw.state === 'absent') continue;
    const i = raw as NetworkInterface;
    const vlan: unknown = i.vlan;
    if (
      i.type === 'vlan' &&
      isRecord(vlan) &&
      typeof vlan.id === 'number' &&
      str(vlan['base-iface'])
    )
      needs.push({
        vlans: vlanSetOf([vlan.id]),
        consumer: { kind: 'policy', name, via: i.name },
        start: String(vlan['base-iface']),
        assumed: false,
      });
    const bridge: unknown = i.bridge;
    if (
      (i.type === 'linux-bridge' || i.type === 'ovs-bridge') &&
      isRecord(bridge) &&
      Array.isArray(bridge.port)
    )
      for (const p of bridge.port as unknown[]) {
        if (!isRecord(p) || !str(p.name) || !isRecord(p.vlan)) continue;
        const portName = String(p.name);
        const v = p.vlan;
        const consumer: VlanConsumer = { kind: 'policy', name, via: `${i.name}/${portName}` };
        // An access port's VLAN leaves the bridge tagged through the bridge's uplinks.
        if (v.mode === 'access' && typeof v.tag === 'number')
          needs.push({
            vlans: vlanSetOf([v.tag]),
            consumer,
            start: i.name,
            exclude: portName,
            assumed: false,
          });
        if (v.mode === 'trunk') {
          const set = trunkSet(v);
          if (set.length === 0) continue;
          // A trunk on an uplink (a port leading to NICs) needs the VLANs on those NICs;
          // a trunk on an inner port needs them through the other uplinks.
          const uplink = stack.trace(portName).length > 0;
          needs.push(
            uplink
              ? { vlans: set, consumer, start: portName, assumed: false }
              : { vlans: set, consumer, start: i.name, exclude: portName, assumed: false },
          );
        }
      }
  }
  return needs;
}

interface CniPlugin {
  type?: string;
  [key: string]: unknown;
}

function parseNadPlugins(nad: NetworkAttachmentDefinition): CniPlugin[] {
  const text = nad.spec?.config;
  if (typeof text !== 'string') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!isRecord(parsed)) return [];
  if (Array.isArray(parsed.plugins)) {
    const top = parsed;
    return (parsed.plugins as unknown[]).filter(isRecord).map((p) => ({ ...p, name: top.name }));
  }
  return [parsed];
}

function bridgeMappings(
  nns: NodeNetworkState | undefined,
  policies: readonly NodeNetworkConfigurationPolicy[],
): Map<string, string> {
  const out = new Map<string, string>();
  const add = (ovn: unknown) => {
    if (!isRecord(ovn) || !Array.isArray(ovn['bridge-mappings'])) return;
    for (const m of ovn['bridge-mappings'] as unknown[])
      if (
        isRecord(m) &&
        str(m.localnet) &&
        str(m.bridge) &&
        m.state !== 'absent' &&
        !out.has(String(m.localnet))
      )
        out.set(String(m.localnet), String(m.bridge));
  };
  add(nns?.status?.currentState?.ovn);
  for (const p of policies)
    add(isRecord(p.spec) && isRecord(p.spec.desiredState) ? p.spec.desiredState.ovn : undefined);
  return out;
}

function nadNeeds(
  nad: NetworkAttachmentDefinition,
  stack: NodeStack,
  mappings: Map<string, string>,
  assumed: boolean,
): Need[] {
  const needs: Need[] = [];
  const base = { kind: 'nad' as const, name: nad.metadata.name, namespace: nad.metadata.namespace };
  for (const p of parseNadPlugins(nad)) {
    if (p.type === 'bridge') {
      const bridge = str(p.bridge) ?? 'cni0';
      if (typeof p.vlan === 'number' && p.vlan > 0)
        needs.push({
          vlans: vlanSetOf([p.vlan]),
          consumer: { ...base, via: 'bridge.vlan' },
          start: bridge,
          assumed,
        });
      if (Array.isArray(p.vlanTrunk)) {
        const items: { min: number; max: number }[] = [];
        for (const t of p.vlanTrunk as unknown[]) {
          if (!isRecord(t)) continue;
          if (typeof t.id === 'number') items.push({ min: t.id, max: t.id });
          if (typeof t.minID === 'number' && typeof t.maxID === 'number')
            items.push({ min: t.minID, max: t.maxID });
        }
        if (items.length > 0)
          needs.push({
            vlans: vlanSetOf(items),
            consumer: { ...base, via: 'bridge.vlanTrunk' },
            start: bridge,
            assumed,
          });
      }
    } else if (p.type === 'vlan' && typeof p.vlanId === 'number' && str(p.master)) {
      needs.push({
        vlans: vlanSetOf([p.vlanId]),
        consumer: { ...base, via: 'vlan.vlanId' },
        start: String(p.master),
        assumed,
      });
    } else if (
      p.type === 'ovn-k8s-cni-overlay' &&
      p.topology === 'localnet' &&
      typeof p.vlanID === 'number'
    ) {
      const localnet = str(p.physicalNetworkName) ?? str(p.name);
      const bridge = localnet ? mappings.get(localnet) : undefined;
      if (bridge)
        needs.push({
          vlans: vlanSetOf([p.vlanID]),
          consumer: { ...base, via: 'localnet.vlanID' },
          start: bridge,
          assumed,
        });
    } else if ((p.type === 'macvlan' || p.type === 'ipvlan') && str(p.master)) {
      // The VLANs of the VLAN interfaces under the master are what this attachment needs.
      needs.push({
        vlans: [],
        consumer: { ...base, via: `${p.type}.master` },
        start: String(p.master),
        assumed,
      });
    }
  }
  return needs.filter((n) => stack.has(n.start));
}

/** NAD references of a pod's `k8s.v1.cni.cncf.io/networks` annotation, read as Multus reads it. */
export function getPodNetworkRefs(pod: Pod): ObjectRef[] {
  const r = parseNetworkSelection(
    pod.metadata.annotations?.[NETWORKS_ANNOTATION],
    pod.metadata.namespace,
  );
  return r.ok
    ? r.items.filter((i) => i.name !== '').map((i) => ({ namespace: i.namespace, name: i.name }))
    : [];
}

/** Per node, the NADs its pods ask for; finished (Succeeded, Failed) pods hold no interface. */
export function getNadRefsByNode(pods: readonly Pod[]): Map<string, ObjectRef[]> {
  const byNode = new Map<string, ObjectRef[]>();
  for (const pod of pods) {
    const node = pod.spec?.nodeName;
    const phase = pod.status?.phase;
    if (!node || phase === 'Succeeded' || phase === 'Failed') continue;
    const list = byNode.get(node) ?? [];
    list.push(...getPodNetworkRefs(pod));
    byNode.set(node, list);
  }
  return byNode;
}

function selectorMatches(selector: unknown, labels: Record<string, string>): boolean {
  if (!isRecord(selector)) return true;
  return Object.entries(selector).every(([k, v]) => labels[k] === v);
}

function lower(severity: FindingSeverity): FindingSeverity {
  return severity === 'error' ? 'warning' : 'info';
}

function consumerLabel(c: VlanConsumer): string {
  return c.namespace ? `${c.namespace}/${c.name}` : c.name;
}

/** LLDP VLANs the node's NNS reports on a NIC; undefined when LLDP sent no VLAN TLV. */
function lldpVlansOf(iface: NetworkInterface | undefined): Set<number> | undefined {
  const lldp: unknown = iface?.lldp;
  if (!isRecord(lldp) || !Array.isArray(lldp.neighbors)) return undefined;
  let out: Set<number> | undefined;
  for (const n of lldp.neighbors as unknown[]) {
    if (!Array.isArray(n)) continue;
    for (const tlv of n as unknown[]) {
      if (
        !isRecord(tlv) ||
        tlv.type !== 127 ||
        tlv.subtype !== 3 ||
        !Array.isArray(tlv['ieee-802-1-vlans'])
      )
        continue;
      out ??= new Set();
      for (const v of tlv['ieee-802-1-vlans'] as unknown[])
        if (isRecord(v) && typeof v.vid === 'number') out.add(v.vid);
    }
  }
  return out;
}

interface NodeNeeds {
  nns: NodeNetworkState | undefined;
  current: NetworkInterface[];
  stack: NodeStack;
  needs: Need[];
}

interface NodeNeedsIndex {
  nnsByNode: ReadonlyMap<string, NodeNetworkState>;
  nadByRef: ReadonlyMap<string, NetworkAttachmentDefinition>;
  podsByNode: ReadonlyMap<string, ObjectRef[]>;
}

/** Policies selecting a node (by `spec.nodeSelector`, all when it has none). */
function policiesOf(
  node: Node,
  policies: readonly NodeNetworkConfigurationPolicy[],
): NodeNetworkConfigurationPolicy[] {
  const labels = node.metadata.labels ?? {};
  return policies.filter((p) =>
    selectorMatches(isRecord(p.spec) ? p.spec.nodeSelector : undefined, labels),
  );
}

function desiredInterfaces(
  policies: readonly NodeNetworkConfigurationPolicy[],
): NetworkInterface[] {
  return policies.flatMap((p) => {
    const list: unknown =
      isRecord(p.spec) && isRecord(p.spec.desiredState)
        ? p.spec.desiredState.interfaces
        : undefined;
    return Array.isArray(list)
      ? (list as unknown[]).filter(
          (i): i is NetworkInterface => isRecord(i) && typeof i.name === 'string',
        )
      : [];
  });
}

/** The interface stack of a node and every VLAN need its policies and scheduled NADs have. */
function collectNodeNeeds(
  node: Node,
  inputs: VlanConsistencyInputs,
  index: NodeNeedsIndex,
): NodeNeeds {
  const nodeName = node.metadata.name;
  const nns = index.nnsByNode.get(nodeName);
  const current = interfacesOf(nns);
  const policies = policiesOf(node, inputs.policies);
  const stack = new NodeStack(current, desiredInterfaces(policies));
  const mappings = bridgeMappings(nns, policies);
  const needs: Need[] = policies.flatMap((p) => policyNeeds(p, stack));
  const assumed = inputs.pods === undefined;
  const nadRefs = assumed
    ? inputs.nads.map((n) => ({ namespace: n.metadata.namespace, name: n.metadata.name }))
    : (index.podsByNode.get(nodeName) ?? []);
  const nadDone = new Set<string>();
  for (const ref of nadRefs) {
    const key = refKey(ref.namespace, ref.name);
    if (nadDone.has(key)) continue;
    nadDone.add(key);
    const nad = index.nadByRef.get(key);
    if (nad) needs.push(...nadNeeds(nad, stack, mappings, assumed));
  }
  return { nns, current, stack, needs };
}

function indexInputs(inputs: VlanConsistencyInputs): NodeNeedsIndex {
  return {
    nnsByNode: new Map(inputs.nodeNetworkStates.map((n) => [n.metadata.name, n])),
    nadByRef: new Map(inputs.nads.map((n) => [refKey(n.metadata.namespace, n.metadata.name), n])),
    podsByNode: getNadRefsByNode(inputs.pods ?? []),
  };
}

/** One consumer's VLANs on one physical NIC of a node. */
export interface NicVlanNeed {
  /** The NIC's name on the node. */
  nic: string;
  /** Its MAC as the NodeNetworkState reports it (lower-case). */
  mac?: string;
  vlans: VlanSet;
  consumer: VlanConsumer;
  /** From a NAD assumed to be used (no pods given). */
  assumed: boolean;
}

/** A bond (kernel bond, or an OVS bridge port with link aggregation) and its member NICs. */
export interface NicBond {
  name: string;
  ports: string[];
}

export interface NodeNicNeeds {
  needs: NicVlanNeed[];
  bonds: NicBond[];
  /** NICs of the node (ethernet/infiniband) with their MACs. */
  nics: { name: string; mac?: string }[];
}

function bondPorts(la: unknown): string[] {
  if (!isRecord(la)) return [];
  // nmstate bond.rs: `ports` is an alias of `port`; OVS bond ports are `{name}` objects.
  const list: unknown = Array.isArray(la.port) ? la.port : la.ports;
  if (!Array.isArray(list)) return [];
  return (list as unknown[]).flatMap((m) =>
    typeof m === 'string' ? [m] : isRecord(m) && str(m.name) ? [String(m.name)] : [],
  );
}

/**
 * What a node needs on each of its NICs: every policy VLAN interface, bridge-port VLAN and NAD
 * (vlan master, bridge vlan/vlanTrunk, OVN localnet vlanID through its bridge mapping) traced
 * down to physical NICs, with the bonds those NICs are members of.
 */
export function getNodeNicNeeds(node: Node, inputs: VlanConsistencyInputs): NodeNicNeeds {
  const { current, stack, needs } = collectNodeNeeds(node, inputs, indexInputs(inputs));
  const nics = current
    .filter((i) => i.type === 'ethernet' || i.type === 'infiniband')
    .map((i) => {
      const mac = normalizeMac(i['mac-address']);
      return mac ? { name: i.name, mac } : { name: i.name };
    });
  const macOf = new Map(nics.map((n) => [n.name, n.mac]));
  const out: NicVlanNeed[] = [];
  for (const need of needs)
    for (const path of stack.trace(need.start, need.exclude)) {
      const vlans = union(need.vlans, vlanSetOf(path.vlans));
      if (vlans.length === 0) continue;
      const mac = macOf.get(path.nic);
      out.push({
        nic: path.nic,
        ...(mac ? { mac } : {}),
        vlans,
        consumer: need.consumer,
        assumed: need.assumed,
      });
    }
  const bonds: NicBond[] = [];
  const seenBond = new Set<string>();
  const all = [...current, ...desiredInterfaces(policiesOf(node, inputs.policies))];
  for (const i of all) {
    if (i.state === 'absent') continue;
    if (i.type === 'bond' && !seenBond.has(i.name)) {
      seenBond.add(i.name);
      const ports = bondPorts(i['link-aggregation']);
      if (ports.length > 0) bonds.push({ name: i.name, ports });
    }
    const bridge: unknown = i.bridge;
    if (i.type === 'ovs-bridge' && isRecord(bridge) && Array.isArray(bridge.port))
      for (const p of bridge.port as unknown[]) {
        if (!isRecord(p) || !str(p.name) || seenBond.has(String(p.name))) continue;
        const ports = bondPorts(p['link-aggregation']);
        if (ports.length === 0) continue;
        seenBond.add(String(p.name));
        bonds.push({ name: String(p.name), ports });
      }
  }
  return { needs: out, bonds, nics };
}

/**
 * Mismatches per node, sorted by node, NIC, VLAN and code. Codes: `vlan.notAllowedOnPort`,
 * `vlan.accessModeTagged` (errors; warnings when the NAD use is assumed), `vlan.notSeenByLldp`,
 * `port.noAttachment`, `port.unknownSwitch` (warnings), `node.noHost`, `nic.noSwitchPort` (info).
 */
export function checkVlanConsistency(inputs: VlanConsistencyInputs): VlanMismatch[] {
  const steps = checkVlanConsistencySteps(inputs);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * `checkVlanConsistency` one node at a time: the generator yields after each node and returns
 * the sorted mismatches. A caller on the UI thread runs it in slices of a few milliseconds, so
 * the check of a 500-node cluster (about a tenth of a second) is not one long task (issue 23).
 * The inputs must not change while it runs; a caller whose inputs change starts a new one.
 */
export function* checkVlanConsistencySteps(
  inputs: VlanConsistencyInputs,
): Generator<void, VlanMismatch[], void> {
  const out: VlanMismatch[] = [];
  const seen = new Set<string>();
  const { nnsByNode, nadByRef, podsByNode } = indexInputs(inputs);
  const hnaByRef = new Map(
    inputs.hostNetworkAttachments.map((h) => [refKey(h.metadata.namespace, h.metadata.name), h]),
  );

  const emit = (m: Omit<VlanMismatch, 'params'>, extra: Record<string, string | number> = {}) => {
    const params: Record<string, string | number> = { node: m.node, ...extra };
    if (m.host) params.host = refKey(m.host.namespace, m.host.name);
    if (m.nic) params.nic = m.nic;
    if (m.port) params.port = m.port;
    if (m.vlan !== undefined) params.vlan = m.vlan;
    if (m.consumer) {
      params.consumerKind = m.consumer.kind;
      params.consumer = consumerLabel(m.consumer);
      params.via = m.consumer.via;
    }
    const key = `${m.code}|${m.node}|${m.nic ?? ''}|${m.vlan ?? ''}|${m.consumer ? consumerLabel(m.consumer) + m.consumer.kind : ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ ...m, params });
  };

  // A host's HardwareData shares its namespace and name; the first of a key, as a search would.
  const hardwareByHost = new Map<string, HardwareData>();
  for (const d of inputs.hardwareData) {
    const key = refKey(d.metadata.namespace, d.metadata.name);
    if (!hardwareByHost.has(key)) hardwareByHost.set(key, d);
  }
  for (const node of inputs.nodes) {
    // A pause point before every node, also those with nothing to check.
    yield;
    const nodeName = node.metadata.name;
    const { nns, current, stack, needs } = collectNodeNeeds(node, inputs, {
      nnsByNode,
      nadByRef,
      podsByNode,
    });
    if (needs.length === 0) continue;

    const host = findHostForNode(node, inputs.bareMetalHosts, {
      nns,
      hardwareData: inputs.hardwareData,
    });
    const hostRef = host
      ? { namespace: host.metadata.namespace, name: host.metadata.name }
      : undefined;
    let nicPorts: NicPort[] = [];
    if (host) {
      const hd = hardwareByHost.get(refKey(host.metadata.namespace, host.metadata.name));
      nicPorts = matchNicsToSwitchPorts(host, hd, inputs.switches).nics;
    }

    for (const need of needs) {
      for (const path of stack.trace(need.start, need.exclude)) {
        // Only a node whose needs reach a NIC is worth a "no host" note.
        if (!host) emit({ code: 'node.noHost', severity: 'info', node: nodeName });
        const nicIface = current.find(
          (i) => i.name === path.nic && (i.type === 'ethernet' || i.type === 'infiniband'),
        );
        const nicMac = normalizeMac(nicIface?.['mac-address']);
        const wanted = union(need.vlans, vlanSetOf(path.vlans));
        if (wanted.length === 0) continue;
        const nicPort =
          nicPorts.find((n) => n.name === path.nic) ??
          (nicMac ? nicPorts.find((n) => n.mac === nicMac) : undefined);
        const base = { node: nodeName, nic: path.nic, ...(hostRef ? { host: hostRef } : {}) };
        const lldpSet =
          lldpVlansOf(nicIface) ??
          (nicPort && nicPort.lldpVlans.length > 0 ? new Set(nicPort.lldpVlans) : undefined);
        const sev = (s: FindingSeverity) => (need.assumed ? lower(s) : s);

        let portInfo: { port?: string; switchName?: string; switchID?: string; sw?: ObjectRef } =
          {};
        let allowed: { mode: string; set: VlanSet; native: number } | undefined;
        if (host && nicPort) {
          const sp = nicPort.switchPort;
          if (sp) {
            portInfo = {
              port: sp.portID,
              switchID: sp.switchID,
              switchName: nicPort.switch?.name ?? sp.systemName ?? sp.switchID,
              ...(nicPort.switch ? { sw: nicPort.switch } : {}),
            };
          }
          const common = {
            ...base,
            ...(portInfo.port ? { port: portInfo.port } : {}),
            ...(portInfo.sw ? { switch: portInfo.sw } : {}),
            ...(portInfo.switchID ? { switchID: portInfo.switchID } : {}),
          };
          const swParam: Record<string, string> = portInfo.switchName
            ? { switch: portInfo.switchName }
            : {};
          if (!sp) emit({ ...common, code: 'nic.noSwitchPort', severity: 'info' });
          else if (!nicPort.switch)
            emit({ ...common, code: 'port.unknownSwitch', severity: 'warning' }, swParam);
          const hnaRef = nicPort.hostNetworkAttachment;
          const hna = hnaRef ? hnaByRef.get(refKey(hnaRef.namespace, hnaRef.name)) : undefined;
          if (!hna)
            emit(
              { ...common, code: 'port.noAttachment', severity: 'warning' },
              {
                ...swParam,
                ...(hnaRef ? { attachment: refKey(hnaRef.namespace, hnaRef.name) } : {}),
              },
            );
          else {
            const native = typeof hna.spec.nativeVLAN === 'number' ? hna.spec.nativeVLAN : 0;
            const list = Array.isArray(hna.spec.allowedVLANs)
              ? parseVlanList(hna.spec.allowedVLANs).set
              : [];
            allowed = {
              mode: hna.spec.mode,
              native,
              set:
                hna.spec.mode === 'access'
                  ? []
                  : union(list, native > 0 ? vlanSetOf([native]) : []),
            };
          }
        }
        for (const vlan of ids(wanted)) {
          const consumer = need.consumer;
          const m = {
            ...base,
            vlan,
            consumer,
            ...(portInfo.port ? { port: portInfo.port } : {}),
            ...(portInfo.sw ? { switch: portInfo.sw } : {}),
            ...(portInfo.switchID ? { switchID: portInfo.switchID } : {}),
          };
          const extra: Record<string, string | number> = portInfo.switchName
            ? { switch: portInfo.switchName }
            : {};
          if (allowed) {
            let code: MismatchCode | undefined;
            if (allowed.mode === 'access') code = 'vlan.accessModeTagged';
            else if (!has(allowed.set, vlan)) code = 'vlan.notAllowedOnPort';
            if (code)
              emit({ ...m, code, severity: sev('error') }, { ...extra, mode: allowed.mode });
          }
          if (lldpSet && !lldpSet.has(vlan))
            emit({ ...m, code: 'vlan.notSeenByLldp', severity: sev('warning') }, extra);
        }
      }
    }
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return out.sort(
    (a, b) =>
      cmp(a.node, b.node) ||
      cmp(a.nic ?? '', b.nic ?? '') ||
      (a.vlan ?? 0) - (b.vlan ?? 0) ||
      cmp(a.code, b.code) ||
      cmp(a.consumer ? consumerLabel(a.consumer) : '', b.consumer ? consumerLabel(b.consumer) : ''),
  );
}
