// Read-side views of the switch-port page: per host (NICs, their port, desired/applied config,
// phase, VLANs LLDP observes on the running node) and per switch (ports, hosts, VLANs).
import type { Node } from '../../../shared/model/k8s';
import type {
  BareMetalHost,
  BareMetalSwitch,
  HardwareData,
  HostNetworkAttachment,
  SwitchPortConfig,
} from '../../../shared/model/metal3';
import type { NetworkInterface, NodeNetworkState } from '../../../shared/model/nmstate';
import type { NicPort, NicNote, ObjectRef, PortPhase, VlanSet } from '../model/types';
import { findHostForNode } from './checkVlanConsistency';
import { matchNicsToSwitchPorts, normalizeMac } from './matchNicsToSwitchPorts';
import { getPortPhase } from './portPhase';
import { parseVlanList, union, vlanSetOf } from './vlanSet';
import { isRecord } from '../../../shared/logic/isRecord';

function sameRef(a: ObjectRef, b: { metadata: { name: string; namespace: string } }): boolean {
  return a.name === b.metadata.name && a.namespace === b.metadata.namespace;
}

export type AppliedConfigState =
  /** The cluster does not report applied configs (the upstream field is not there yet). */
  | { kind: 'unsupported' }
  /** Reported, but nothing is applied to this NIC (e.g. the host is not deployed). */
  | { kind: 'none' }
  | { kind: 'applied'; config: Partial<SwitchPortConfig> };

/** Applied tenant config of one NIC from `status.appliedNetworkAttachmentConfigs`. */
export function getAppliedConfig(bmh: BareMetalHost, nic: NicPort): AppliedConfigState {
  const list: unknown = bmh.status?.appliedNetworkAttachmentConfigs;
  if (!Array.isArray(list)) return { kind: 'unsupported' };
  for (const entry of list as unknown[]) {
    if (!isRecord(entry) || typeof entry.name !== 'string') continue;
    const byName = nic.name !== undefined && entry.name === nic.name;
    const byMac = nic.mac !== undefined && normalizeMac(entry.name) === nic.mac;
    if (!byName && !byMac) continue;
    const cfg = entry.switchPortConfig;
    if (!isRecord(cfg)) return { kind: 'none' };
    const config: Partial<SwitchPortConfig> = {};
    if (cfg.mode === 'access' || cfg.mode === 'trunk' || cfg.mode === 'hybrid')
      config.mode = cfg.mode;
    if (typeof cfg.nativeVLAN === 'number') config.nativeVLAN = cfg.nativeVLAN;
    if (Array.isArray(cfg.allowedVLANs))
      config.allowedVLANs = (cfg.allowedVLANs as unknown[]).filter(
        (v): v is number => typeof v === 'number',
      );
    if (typeof cfg.mtu === 'number') config.mtu = cfg.mtu;
    return { kind: 'applied', config };
  }
  return { kind: 'none' };
}

/** The node a host runs, if any (the inverse of `findHostForNode`). */
export function findNodeForHost(
  bmh: BareMetalHost,
  nodes: readonly Node[],
  hosts: readonly BareMetalHost[],
  nodeNetworkStates: readonly NodeNetworkState[],
  hardwareData: readonly HardwareData[],
): Node | undefined {
  const ref = { namespace: bmh.metadata.namespace, name: bmh.metadata.name };
  return nodes.find((node) => {
    const nns = nodeNetworkStates.find((n) => n.metadata.name === node.metadata.name);
    const host = findHostForNode(node, hosts, { nns, hardwareData });
    return host !== undefined && sameRef(ref, host);
  });
}

/**
 * VLAN ids the switch announces over LLDP on a NIC, as the node's NodeNetworkState reports them
 * (IEEE 802.1 VLAN name TLVs). Undefined when the NIC is absent or LLDP sent no VLAN TLV.
 */
export function getObservedVlans(
  nns: NodeNetworkState | undefined,
  nic: { name?: string; mac?: string },
): number[] | undefined {
  const list: unknown = nns?.status?.currentState?.interfaces;
  if (!Array.isArray(list)) return undefined;
  const ifaces = (list as unknown[]).filter(
    (i): i is NetworkInterface => isRecord(i) && typeof i.name === 'string',
  );
  const iface =
    ifaces.find((i) => nic.name !== undefined && i.name === nic.name) ??
    ifaces.find(
      (i) =>
        nic.mac !== undefined &&
        i.type === 'ethernet' &&
        normalizeMac(i['mac-address']) === nic.mac,
    );
  const neighbors: unknown = isRecord(iface?.lldp) ? iface.lldp.neighbors : undefined;
  if (!Array.isArray(neighbors)) return undefined;
  let out: Set<number> | undefined;
  for (const tlvs of neighbors as unknown[]) {
    if (!Array.isArray(tlvs)) continue;
    for (const tlv of tlvs as unknown[]) {
      if (!isRecord(tlv) || tlv.type !== 127 || tlv.subtype !== 3) continue;
      const vlans = tlv['ieee-802-1-vlans'];
      if (!Array.isArray(vlans)) continue;
      out ??= new Set();
      for (const v of vlans as unknown[])
        if (isRecord(v) && typeof v.vid === 'number') out.add(v.vid);
    }
  }
  return out ? [...out].sort((a, b) => a - b) : undefined;
}

/** The VLANs a HostNetworkAttachment lets through the port: native plus allowed (none in access). */
export function getAttachmentVlans(hna: HostNetworkAttachment): VlanSet {
  const native = typeof hna.spec.nativeVLAN === 'number' ? vlanSetOf([hna.spec.nativeVLAN]) : [];
  if (hna.spec.mode === 'access' || !Array.isArray(hna.spec.allowedVLANs)) return native;
  return union(native, parseVlanList(hna.spec.allowedVLANs).set);
}

export interface HostPortRow {
  nic: NicPort;
  attachment?: HostNetworkAttachment;
  /** The NIC names an attachment that does not exist. */
  attachmentMissing: boolean;
  applied: AppliedConfigState;
  /** From the running node's NodeNetworkState; undefined when it reports none. */
  observedVlans?: number[];
}

export interface HostPortsView {
  host: BareMetalHost;
  phase: PortPhase;
  provisioningState: string;
  node?: Node;
  rows: HostPortRow[];
  notes: NicNote[];
}

export interface SwitchPortInputs {
  hosts: readonly BareMetalHost[];
  hardwareData: readonly HardwareData[];
  switches: readonly BareMetalSwitch[];
  attachments: readonly HostNetworkAttachment[];
  nodes: readonly Node[];
  nodeNetworkStates: readonly NodeNetworkState[];
}

function hardwareOf(
  bmh: BareMetalHost,
  hardwareData: readonly HardwareData[],
): HardwareData | undefined {
  return hardwareData.find(
    (d) => d.metadata.namespace === bmh.metadata.namespace && d.metadata.name === bmh.metadata.name,
  );
}

/** One view per host, sorted by namespace and name. */
export function buildHostPortsViews(inputs: SwitchPortInputs): HostPortsView[] {
  const hosts = [...inputs.hosts].sort(
    (a, b) =>
      a.metadata.namespace.localeCompare(b.metadata.namespace) ||
      a.metadata.name.localeCompare(b.metadata.name),
  );
  return hosts.map((host) => {
    const match = matchNicsToSwitchPorts(
      host,
      hardwareOf(host, inputs.hardwareData),
      inputs.switches,
    );
    const node = findNodeForHost(
      host,
      inputs.nodes,
      inputs.hosts,
      inputs.nodeNetworkStates,
      inputs.hardwareData,
    );
    const nns = node
      ? inputs.nodeNetworkStates.find((n) => n.metadata.name === node.metadata.name)
      : undefined;
    const rows = match.nics.map((nic): HostPortRow => {
      const ref = nic.hostNetworkAttachment;
      const attachment = ref ? inputs.attachments.find((a) => sameRef(ref, a)) : undefined;
      const observedVlans = getObservedVlans(nns, nic);
      return {
        nic,
        ...(attachment ? { attachment } : {}),
        attachmentMissing: ref !== undefined && attachment === undefined,
        applied: getAppliedConfig(host, nic),
        ...(observedVlans ? { observedVlans } : {}),
      };
    });
    const state = host.status?.provisioning?.state;
    return {
      host,
      phase: getPortPhase(host),
      provisioningState: typeof state === 'string' ? state : '',
      ...(node ? { node } : {}),
      rows,
      notes: match.notes,
    };
  });
}

export interface SwitchPortEntry {
  portID: string;
  host: ObjectRef;
  nic: string;
  source: 'override' | 'lldp';
  phase: PortPhase;
  attachment?: ObjectRef;
  mode?: string;
  vlans: VlanSet;
}

export interface SwitchView {
  switch: BareMetalSwitch;
  ports: SwitchPortEntry[];
  hosts: ObjectRef[];
  /** Union of the VLANs the attachments on its ports let through. */
  vlans: VlanSet;
}

/** One view per switch: the host ports cabled to it (by override or LLDP) and their VLANs. */
export function buildSwitchViews(
  inputs: Pick<SwitchPortInputs, 'hosts' | 'hardwareData' | 'switches' | 'attachments'>,
): SwitchView[] {
  const views = new Map<string, SwitchView>();
  const keyOf = (r: ObjectRef) => `${r.namespace}/${r.name}`;
  const sorted = [...inputs.switches].sort(
    (a, b) =>
      a.metadata.namespace.localeCompare(b.metadata.namespace) ||
      a.metadata.name.localeCompare(b.metadata.name),
  );
  for (const sw of sorted)
    views.set(keyOf({ namespace: sw.metadata.namespace, name: sw.metadata.name }), {
      switch: sw,
      ports: [],
      hosts: [],
      vlans: [],
    });
  for (const host of inputs.hosts) {
    const hostRef = { namespace: host.metadata.namespace, name: host.metadata.name };
    const phase = getPortPhase(host);
    const { nics } = matchNicsToSwitchPorts(
      host,
      hardwareOf(host, inputs.hardwareData),
      inputs.switches,
    );
    for (const nic of nics) {
      if (!nic.switch || !nic.switchPort) continue;
      const view = views.get(keyOf(nic.switch));
      if (!view) continue;
      const ref = nic.hostNetworkAttachment;
      const hna = ref ? inputs.attachments.find((a) => sameRef(ref, a)) : undefined;
      const vlans = hna ? getAttachmentVlans(hna) : [];
      view.ports.push({
        portID: nic.switchPort.portID,
        host: hostRef,
        nic: nic.name ?? nic.mac ?? '',
        source: nic.switchPort.source,
        phase,
        ...(ref ? { attachment: ref } : {}),
        ...(hna ? { mode: hna.spec.mode } : {}),
        vlans,
      });
      view.vlans = union(view.vlans, vlans);
      if (!view.hosts.some((h) => keyOf(h) === keyOf(hostRef))) view.hosts.push(hostRef);
    }
  }
  for (const view of views.values())
    view.ports.sort((a, b) => a.portID.localeCompare(b.portID, undefined, { numeric: true }));
  return [...views.values()];
}

/** Host interfaces that reference an attachment, as `ns/host[iface]` (as the webhook lists them). */
export function getAttachmentUsers(
  hna: { metadata: { name: string; namespace: string } },
  hosts: readonly BareMetalHost[],
): { host: ObjectRef; iface: string; index: number }[] {
  const out: { host: ObjectRef; iface: string; index: number }[] = [];
  for (const host of hosts) {
    const list: unknown = host.spec?.networkInterfaces;
    if (!Array.isArray(list)) continue;
    (list as unknown[]).forEach((entry, index) => {
      if (!isRecord(entry) || !isRecord(entry.hostNetworkAttachment)) return;
      const ref = entry.hostNetworkAttachment;
      const ns =
        typeof ref.namespace === 'string' && ref.namespace !== ''
          ? ref.namespace
          : host.metadata.namespace;
      if (ref.name !== hna.metadata.name || ns !== hna.metadata.namespace) return;
      const iface =
        typeof entry.name === 'string' && entry.name !== ''
          ? entry.name
          : typeof entry.macAddress === 'string'
            ? entry.macAddress
            : String(index);
      out.push({
        host: { namespace: host.metadata.namespace, name: host.metadata.name },
        iface,
        index,
      });
    });
  }
  return out;
}
