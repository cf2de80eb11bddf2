// Checks install-time nmstate before the cluster exists. Each host's nmstate goes through the
// policy editor's validator (validatePolicy, public API) as the desiredState of a stand-in policy
// matching one stand-in node whose interfaces are the host's known NICs; on top come the checks
// only the installer files make possible: conflicts between hosts, consistency with
// install-config networking and with the switch-port attachments among the inputs.
import { isRecord } from '../../../shared/logic/isRecord';
import type { Node } from '../../../shared/model/k8s';
import type {
  BareMetalHost,
  BareMetalSwitch,
  HardwareData,
  HostNetworkAttachment,
} from '../../../shared/model/metal3';
import type {
  NetworkInterface,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import {
  contains,
  formatCidr,
  parseCidr,
  parseIp,
  type Cidr,
  type IpAddress,
} from '../../../shared/net/cidr';
import type { Finding } from '../../policies/model/finding';
import { splitPath } from '../../policies/logic/yamlPositions';
import {
  getBaseInterface,
  getInterfacePorts,
  isTemplate,
  validatePolicy,
} from '../../policies/logic/validatePolicy';
import { getAttachmentVlans } from '../../switch-ports/logic/hostPorts';
import { matchNicsToSwitchPorts } from '../../switch-ports/logic/matchNicsToSwitchPorts';
import { format as formatVlans, has as hasVlan } from '../../switch-ports/logic/vlanSet';
import type {
  Day1Finding,
  Day1Host,
  Day1Input,
  Day1Location,
  Day1Result,
  Day1State,
  Path,
} from '../model/types';
import { collectDay1Hosts, objectName, objectNamespace } from './day1Inputs';

const DESIRED = 'spec.desiredState';

/** Text for a value that may be any JSON (stringify returns undefined for undefined). */
const show = (v: unknown): string => {
  if (typeof v === 'string') return v;
  const json = JSON.stringify(v) as string | undefined;
  return json ?? 'undefined';
};

/**
 * Policy-validator findings that do not apply to a host's own install-time config: there the
 * primary NIC, br-ex and the default route are configured on purpose (the installer's documented
 * use of networkConfig), and the stand-in policy has no metadata of its own.
 */
const NOT_FOR_HOST_CONFIG = new Set([
  'route.defaultRoute',
  'interface.defaultRoute',
  'interface.brEx',
  'ip.address.inUseOnNode',
]);

/** Existence checks that become errors when the host's NIC list comes from inspection. */
const MISSING_INTERFACE = new Set([
  'baseIface.notFound',
  'port.notFound',
  'route.nextHopInterface.notFound',
]);

/**
 * Params whose values never come from a Secret's contents (names of hosts, Secrets, attachments
 * and the BareMetalHost's own NICs); the rest is dropped on redaction.
 */
const SAFE_PARAMS = new Set([
  'attachment',
  'mode',
  'allowed',
  'nic',
  'secret',
  'key',
  'host',
  'other',
  'nodes',
  'nodeCount',
  'min',
  'max',
]);

const redact = (
  params: Record<string, string | number> | undefined,
): Record<string, string | number> =>
  Object.fromEntries(Object.entries(params ?? {}).filter(([k]) => SAFE_PARAMS.has(k)));

/** Where a path inside a host's nmstate document is, in its input. */
export function locateInState(state: Day1State, inner: Path): Day1Location {
  if (state.encoding === 'object')
    return { ...state.location, at: [...state.location.at, ...inner] };
  // Text is located inside; base64 can only be pointed at by its data key.
  return state.encoding === 'text' ? { ...state.location, inner } : state.location;
}

const standInNode = (host: string): Node => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: host },
});

/** A NodeNetworkState with the host's known NICs, so existence checks run against them. */
const standInState = (host: string, nics: string[]): NodeNetworkState => ({
  apiVersion: 'nmstate.io/v1beta1',
  kind: 'NodeNetworkState',
  metadata: { name: host },
  status: {
    currentState: {
      interfaces: nics.map((name) => ({ name, type: 'ethernet', state: 'up' })),
    },
  },
});

const interfacesOf = (value: unknown): NetworkInterface[] => {
  const list = isRecord(value) ? value.interfaces : undefined;
  return Array.isArray(list) ? list.filter((i): i is NetworkInterface => isRecord(i)) : [];
};

/** Runs the policy validator on one host's nmstate and maps its findings back to the document. */
function validateHostState(host: Day1Host, state: Day1State, out: Day1Finding[]): void {
  if (!isRecord(state.value)) return;
  const policy: NodeNetworkConfigurationPolicy = {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name: 'day1' },
    spec: { desiredState: state.value },
  };
  const known = host.nics && host.nics.names.length > 0 ? host.nics : undefined;
  const findings = validatePolicy(policy, {
    nodes: known ? [standInNode(host.name)] : [],
    nodeNetworkStates: known ? [standInState(host.name, known.names)] : [],
  });
  for (const f of findings) {
    if (!f.path.startsWith(DESIRED) || NOT_FOR_HOST_CONFIG.has(f.code)) continue;
    const inner = splitPath(f.path.slice(DESIRED.length));
    const severity = known?.complete && MISSING_INTERFACE.has(f.code) ? 'error' : f.severity;
    out.push(fromPolicyFinding(f, severity, locateInState(state, inner), state, host.name));
  }
}

const fromPolicyFinding = (
  f: Finding,
  severity: Finding['severity'],
  location: Day1Location,
  state: Day1State,
  host: string,
): Day1Finding => ({
  severity,
  code: f.code,
  location,
  ...(state.sensitive
    ? { params: redact(f.params), redacted: true }
    : f.params
      ? { params: f.params }
      : {}),
  host,
});

interface StaticAddress {
  ip: IpAddress;
  text: string;
  iface: string;
  state: Day1State;
  inner: Path;
}

function staticAddresses(state: Day1State): StaticAddress[] {
  const out: StaticAddress[] = [];
  interfacesOf(state.value).forEach((iface, i) => {
    if (iface.state === 'absent') return;
    for (const family of [4, 6] as const) {
      const key = family === 4 ? 'ipv4' : 'ipv6';
      const block: unknown = iface[key];
      const list =
        isRecord(block) && Array.isArray(block.address) ? (block.address as unknown[]) : [];
      list.forEach((a, ai) => {
        if (!isRecord(a) || isTemplate(a.ip)) return;
        const p = parseIp(a.ip);
        if (!p.ok || p.value.family !== family) return;
        out.push({
          ip: p.value,
          text: String(a.ip),
          iface: typeof iface.name === 'string' ? iface.name : '',
          state,
          inner: ['interfaces', i, key, 'address', ai, 'ip'],
        });
      });
    }
  });
  return out;
}

interface Networking {
  input: number;
  machine: Cidr[];
  cluster: { cidr: Cidr; text: string }[];
  service: { cidr: Cidr; text: string }[];
  vips: { ip: IpAddress; text: string; field: string; at: Path }[];
}

/** install-config `networking` and the baremetal VIPs (openshift/installer pkg/types). */
function readNetworking(inputs: readonly Day1Input[], idx: number, out: Day1Finding[]): Networking {
  const o = inputs[idx]?.obj ?? {};
  const n = isRecord(o.networking) ? o.networking : {};
  const cidrs = (list: unknown, key: string, field: string) => {
    const res: { cidr: Cidr; text: string }[] = [];
    if (!Array.isArray(list)) return res;
    list.forEach((e: unknown, i) => {
      const raw = key === '' ? e : isRecord(e) ? e[key] : undefined;
      const c = parseCidr(raw);
      if (c.ok) res.push({ cidr: c.value, text: String(raw) });
      else
        out.push({
          severity: 'error',
          code: 'day1.network.cidrInvalid',
          location: {
            input: idx,
            at: key === '' ? ['networking', field, i] : ['networking', field, i, key],
          },
          params: { field, value: show(raw) },
        });
    });
    return res;
  };
  // `machineCIDR` is the pre-4.x spelling the installer still converts.
  const machine = cidrs(n.machineNetwork, 'cidr', 'machineNetwork').map((c) => c.cidr);
  if (typeof n.machineCIDR === 'string') {
    const c = parseCidr(n.machineCIDR);
    if (c.ok) machine.push(c.value);
  }
  const platform = isRecord(o.platform) ? o.platform : {};
  const bm = isRecord(platform.baremetal) ? platform.baremetal : {};
  const vips: Networking['vips'] = [];
  for (const field of ['apiVIPs', 'ingressVIPs'] as const) {
    const list: unknown = bm[field];
    const legacy = field === 'apiVIPs' ? 'apiVIP' : 'ingressVIP';
    const entries: [unknown, Path][] = Array.isArray(list)
      ? list.map((v: unknown, i) => [v, ['platform', 'baremetal', field, i]])
      : bm[legacy] !== undefined
        ? [[bm[legacy], ['platform', 'baremetal', legacy]]]
        : [];
    for (const [raw, at] of entries) {
      const p = parseIp(raw);
      if (!p.ok) {
        out.push({
          severity: 'error',
          code: 'day1.vip.invalid',
          location: { input: idx, at },
          params: { field, value: show(raw) },
        });
        continue;
      }
      vips.push({ ip: p.value, text: String(raw), field, at });
    }
  }
  return {
    input: idx,
    machine,
    cluster: cidrs(n.clusterNetwork, 'cidr', 'clusterNetwork'),
    service: cidrs(n.serviceNetwork, '', 'serviceNetwork'),
    vips,
  };
}

function checkNetworking(
  net: Networking,
  hosts: Day1Host[],
  addrs: Map<Day1Host, StaticAddress[]>,
  policyAddrs: StaticAddress[],
  out: Day1Finding[],
): void {
  const add = (
    a: StaticAddress,
    f: Omit<Day1Finding, 'location' | 'params'>,
    params: Record<string, string | number>,
  ) => {
    const safe = a.state.sensitive ? { params: redact(params), redacted: true } : { params };
    out.push({ ...f, location: locateInState(a.state, a.inner), ...safe });
  };
  const all: [Day1Host | undefined, StaticAddress][] = [
    ...[...addrs.entries()].flatMap(([h, list]) =>
      list.map((a): [Day1Host, StaticAddress] => [h, a]),
    ),
    ...policyAddrs.map((a): [undefined, StaticAddress] => [undefined, a]),
  ];
  for (const [host, a] of all) {
    const hostName: Record<string, string> = host ? { host: host.name } : {};
    const inCluster = net.cluster.find((c) => contains(c.cidr, a.ip));
    if (inCluster)
      add(
        a,
        { severity: 'error', code: 'day1.address.inClusterNetwork', ...hostName },
        { ip: a.text, cidr: inCluster.text, ...hostName },
      );
    const inService = net.service.find((c) => contains(c.cidr, a.ip));
    if (inService)
      add(
        a,
        { severity: 'error', code: 'day1.address.inServiceNetwork', ...hostName },
        { ip: a.text, cidr: inService.text, ...hostName },
      );
    const vip = net.vips.find((v) => v.ip.family === a.ip.family && v.ip.value === a.ip.value);
    if (vip)
      add(
        a,
        { severity: 'error', code: 'day1.address.isVip', ...hostName },
        { ip: a.text, field: vip.field, ...hostName },
      );
  }
  // openshift/installer pkg/types/baremetal/validation/platform.go validateIPinMachineCIDR: each
  // VIP must be inside one of the machine networks.
  if (net.machine.length > 0)
    for (const v of net.vips)
      if (!net.machine.some((m) => contains(m, v.ip)))
        out.push({
          severity: 'error',
          code: 'day1.vip.outsideMachineNetwork',
          location: { input: net.input, at: v.at },
          params: {
            field: v.field,
            value: v.text,
            networks: net.machine.map((m) => formatCidr(m)).join(', '),
          },
        });
  // The node IP must come from a machine network; other static addresses (storage VLANs and the
  // like) may well be outside. So a host is flagged only when none of its addresses of a family
  // with machine networks is inside one.
  for (const host of hosts) {
    const list = addrs.get(host) ?? [];
    for (const family of [4, 6] as const) {
      const networks = net.machine.filter((m) => m.family === family);
      const mine = list.filter((a) => a.ip.family === family);
      const first = mine[0];
      if (
        !first ||
        networks.length === 0 ||
        mine.some((a) => networks.some((m) => contains(m, a.ip)))
      )
        continue;
      add(
        first,
        { severity: 'warning', code: 'day1.host.noAddressInMachineNetwork', host: host.name },
        {
          host: host.name,
          ip: first.text,
          networks: networks.map((m) => formatCidr(m)).join(', '),
        },
      );
    }
  }
}

/** Same static address on two hosts, same MAC on two hosts. */
function checkConflicts(
  inputs: readonly Day1Input[],
  hosts: Day1Host[],
  addrs: Map<Day1Host, StaticAddress[]>,
  out: Day1Finding[],
): void {
  const byIp = new Map<string, Day1Host>();
  for (const host of hosts)
    for (const a of addrs.get(host) ?? []) {
      const key = `${a.ip.family}:${a.ip.value.toString()}`;
      const other = byIp.get(key);
      if (other && other !== host) {
        const params = { ip: a.text, host: host.name, other: other.name };
        out.push({
          severity: 'error',
          code: 'day1.address.duplicate',
          location: locateInState(a.state, a.inner),
          ...(a.state.sensitive ? { params: redact(params), redacted: true } : { params }),
          host: host.name,
        });
      } else byIp.set(key, host);
    }
  // openshift/installer pkg/types/baremetal/platform.go: bootMACAddress is `uniqueField`, and
  // pkg/asset/agent/agentconfig/agenthosts.go refuses a MAC on two hosts ("duplicate MAC address
  // found"). Records that never boot the same discovery image (their InfraEnvs do not meet) do
  // not conflict: each image carries only its own InfraEnv's NMStateConfigs.
  const byMac = new Map<string, Day1Host[]>();
  for (const host of hosts)
    for (const m of host.macs) {
      const seen = byMac.get(m.mac) ?? [];
      const other = seen.find((o) => o !== host && shareImage(o, host));
      if (other) {
        const common = (host.infraEnvs ?? []).find((e) => other.infraEnvs?.includes(e));
        // nmstatectl_script.go applies every config whose MACs match: both land on one host.
        const both =
          common !== undefined &&
          host.kinds.includes('NMStateConfig') &&
          other.kinds.includes('NMStateConfig');
        out.push({
          severity: 'error',
          code: both ? 'day1.nmstateConfig.macClaimedTwice' : 'day1.mac.duplicate',
          location: m.location,
          params: {
            mac: m.mac,
            host: host.name,
            other: other.name,
            ...(both ? { infraEnv: infraEnvName(inputs, common) } : {}),
          },
          host: host.name,
        });
      }
      if (!seen.includes(host)) byMac.set(m.mac, [...seen, host]);
    }
}

/** Whether two host records may boot one discovery image (always, without InfraEnv data). */
const shareImage = (a: Day1Host, b: Day1Host): boolean =>
  a.infraEnvs === undefined ||
  b.infraEnvs === undefined ||
  a.infraEnvs.some((e) => b.infraEnvs?.includes(e));

const infraEnvName = (inputs: readonly Day1Input[], idx: number): string =>
  objectName(inputs[idx]?.obj ?? {});

/**
 * openshift/installer pkg/asset/agent/agentconfig: the rendezvous host runs the bootstrap services,
 * so it must not be a worker; with static networking one host must hold the address.
 */
function checkRendezvous(
  inputs: readonly Day1Input[],
  idx: number,
  hosts: Day1Host[],
  addrs: Map<Day1Host, StaticAddress[]>,
  out: Day1Finding[],
): void {
  const o = inputs[idx]?.obj ?? {};
  const ip = parseIp(o.rendezvousIP);
  if (!ip.ok) return;
  const agentHosts = hosts.filter((h) => h.location.input === idx);
  const withStatic = agentHosts.filter((h) => (addrs.get(h) ?? []).length > 0);
  if (withStatic.length === 0) return;
  const holder = withStatic.find((h) =>
    (addrs.get(h) ?? []).some(
      (a) => a.ip.family === ip.value.family && a.ip.value === ip.value.value,
    ),
  );
  const location: Day1Location = { input: idx, at: ['rendezvousIP'] };
  if (!holder)
    out.push({
      severity: 'warning',
      code: 'day1.rendezvousIP.notAssigned',
      location,
      params: { ip: String(o.rendezvousIP) },
    });
  else if (holder.role === 'worker')
    out.push({
      severity: 'error',
      code: 'day1.rendezvousIP.onWorker',
      location,
      params: { ip: String(o.rendezvousIP), host: holder.name },
      host: holder.name,
    });
}

/**
 * A VLAN on a NIC cabled to a switch port whose HostNetworkAttachment does not carry that VLAN
 * tagged: the host boots, configures the VLAN and gets no traffic on it.
 */
function checkSwitchPorts(
  inputs: readonly Day1Input[],
  hosts: Day1Host[],
  attachmentIdx: number[],
  switchIdx: number[],
  out: Day1Finding[],
): void {
  if (attachmentIdx.length === 0) return;
  const attachments = attachmentIdx.map((i) => inputs[i]?.obj as HostNetworkAttachment);
  const switches = switchIdx.map((i) => inputs[i]?.obj as BareMetalSwitch);
  for (const host of hosts) {
    if (host.bareMetalHost === undefined) continue;
    const bmh = inputs[host.bareMetalHost]?.obj as BareMetalHost;
    const hd =
      host.hardwareData !== undefined
        ? (inputs[host.hardwareData]?.obj as HardwareData)
        : undefined;
    const ns = objectNamespace(bmh);
    const nics = matchNicsToSwitchPorts(bmh, hd, switches).nics;
    const attachmentOf = (
      nicName: string,
      mac: string | undefined,
    ): HostNetworkAttachment | undefined => {
      const nic = nics.find((n) => n.name === nicName || (mac !== undefined && n.mac === mac));
      const ref = nic?.hostNetworkAttachment;
      if (!ref) return undefined;
      return attachments.find(
        (a) => objectName(a) === ref.name && (objectNamespace(a) || ns) === (ref.namespace || ns),
      );
    };
    for (const state of host.states) {
      const ifaces = interfacesOf(state.value);
      // NMStateConfig/agent-config names are logical and renamed by MAC: resolve through them.
      const macOfName = new Map(
        host.macs
          .filter((m) => m.location.input === state.location.input && m.name)
          .map((m) => [m.name ?? '', m.mac]),
      );
      ifaces.forEach((iface, i) => {
        if (iface.type !== 'vlan' || iface.state === 'absent') return;
        const base = getBaseInterface(iface);
        const id: unknown = iface.vlan?.id;
        if (base === undefined || typeof id !== 'number') return;
        const baseIface = ifaces.find((x) => x.name === base);
        const members =
          baseIface && getInterfacePorts(baseIface).length > 0
            ? getInterfacePorts(baseIface)
            : [base];
        for (const nicName of members) {
          const hna = attachmentOf(nicName, macOfName.get(nicName));
          if (!hna || !isRecord(hna.spec)) continue;
          const allowed = getAttachmentVlans(hna);
          const location = locateInState(state, ['interfaces', i, 'vlan', 'id']);
          const redacted = state.sensitive;
          const params = {
            vlan: id,
            nic: nicName,
            attachment: objectName(hna),
            allowed: formatVlans(allowed) || '-',
            mode: hna.spec.mode,
          };
          if (hna.spec.mode !== 'access' && hna.spec.nativeVLAN === id)
            out.push({
              severity: 'warning',
              code: 'day1.vlan.nativeTagged',
              location,
              ...(redacted ? { params: redact(params), redacted } : { params }),
              host: host.name,
            });
          else if (hna.spec.mode === 'access' || !hasVlan(allowed, id))
            out.push({
              severity: 'error',
              code: 'day1.vlan.notAllowedOnPort',
              location,
              ...(redacted ? { params: redact(params), redacted } : { params }),
              host: host.name,
            });
        }
      });
    }
  }
}

/** Every day-1 check over a set of inputs, cluster by cluster. */
export function validateDay1(inputs: readonly Day1Input[]): Day1Result {
  const clusters = new Map<string, number[]>();
  inputs.forEach((input, i) => {
    const key = input.cluster ?? '';
    clusters.set(key, [...(clusters.get(key) ?? []), i]);
  });
  if (clusters.size <= 1) return validateCluster(inputs);
  const result: Day1Result = { hosts: [], findings: [], kinds: new Map() };
  for (const indices of clusters.values()) {
    const part = validateCluster(indices.map((i) => inputs[i] as Day1Input));
    const remap = <T extends { input: number }>(l: T): T => ({
      ...l,
      input: indices[l.input] ?? -1,
    });
    result.findings.push(...part.findings.map((f) => ({ ...f, location: remap(f.location) })));
    result.hosts.push(
      ...part.hosts.map((h) => ({
        ...h,
        location: remap(h.location),
        states: h.states.map((s) => ({ ...s, location: remap(s.location) })),
        macs: h.macs.map((m) => ({ ...m, location: remap(m.location) })),
        ...(h.bareMetalHost !== undefined ? { bareMetalHost: indices[h.bareMetalHost] ?? -1 } : {}),
        ...(h.hardwareData !== undefined ? { hardwareData: indices[h.hardwareData] ?? -1 } : {}),
        ...(h.infraEnvs ? { infraEnvs: h.infraEnvs.map((e) => indices[e] ?? -1) } : {}),
      })),
    );
    for (const [i, kind] of part.kinds) result.kinds.set(indices[i] ?? -1, kind);
  }
  return result;
}

function validateCluster(inputs: readonly Day1Input[]): Day1Result {
  const findings: Day1Finding[] = [];
  const collected = collectDay1Hosts(inputs, findings);
  const { hosts } = collected;
  for (const host of hosts)
    for (const state of host.states) validateHostState(host, state, findings);

  const addrs = new Map<Day1Host, StaticAddress[]>();
  for (const host of hosts) addrs.set(host, host.states.flatMap(staticAddresses));
  checkConflicts(inputs, hosts, addrs, findings);

  // NNCP manifests in the installer's manifests/ or openshift/ directory apply once nodes join:
  // their static addresses must fit the cluster's networks too.
  const policyAddrs = collected.policies.flatMap((idx) => {
    const p = inputs[idx]?.obj ?? {};
    const spec = isRecord(p.spec) ? p.spec : {};
    const state: Day1State = {
      location: { input: idx, at: ['spec', 'desiredState'] },
      encoding: 'object',
      value: spec.desiredState,
      sensitive: false,
      kind: 'NodeNetworkConfigurationPolicy',
    };
    return staticAddresses(state);
  });
  for (const idx of collected.installConfigs)
    checkNetworking(readNetworking(inputs, idx, findings), hosts, addrs, policyAddrs, findings);
  for (const idx of collected.agentConfigs) checkRendezvous(inputs, idx, hosts, addrs, findings);
  checkSwitchPorts(inputs, hosts, collected.attachments, collected.switches, findings);
  return { hosts, findings, kinds: collected.kinds };
}
