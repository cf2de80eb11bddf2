// What the cross-layer VLAN check keeps of each NodeNetworkState and Node when it runs for the
// cluster topology (the lean watch's digests, outside the console's store). The check reads,
// per interface, identity, MAC, state, the port lists, bond and bridge port VLANs, VLAN and OVS
// settings and LLDP neighbours (checkVlanConsistency.ts, interfacesOf and collectNodeNeeds), and
// the OVN bridge mappings; per Node its labels, annotations and providerID (findHostForNode);
// per BareMetalHost and HardwareData their NICs, hostname and (hosts) spec and provisioning
// status, not the CPU, storage, RAM and firmware inventory that is most of either.
// Addresses, ethtool, SR-IOV VFs and the rest of a NIC's entry are not read, and they are most
// of a 23 KB NodeNetworkState.
import type { Node } from '../../../shared/model/k8s';
import type { BareMetalHost, HardwareData } from '../../../shared/model/metal3';
import type { NodeNetworkState } from '../../../shared/model/nmstate';
import { isRecord } from '../../../shared/logic/isRecord';

type Json = Record<string, unknown>;

/** Interface sections the check never reads. */
const UNREAD_INTERFACE_KEYS = new Set([
  'ipv4',
  'ipv6',
  'ethtool',
  'ethernet',
  'dispatch',
  '802.1x',
  'mptcp',
  'wait-ip',
  'dhcp',
  'description',
  'profile-name',
  'identifier',
  'permanent-mac-address',
  'min-mtu',
  'max-mtu',
  'accept-all-mac-addresses',
  'copy-mac-from',
]);

function digestInterface(iface: unknown): unknown {
  if (!isRecord(iface)) return iface;
  const out: Json = {};
  for (const [k, v] of Object.entries(iface)) if (!UNREAD_INTERFACE_KEYS.has(k)) out[k] = v;
  return out;
}

function digestMetadata(metadata: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const key of keys) if (key in metadata) out[key] = metadata[key];
  return out;
}

/** The NNS as the VLAN check reads it; null when it is not a named object. */
export function digestNnsForVlanCheck(obj: unknown): NodeNetworkState | null {
  if (!isRecord(obj) || !isRecord(obj.metadata) || typeof obj.metadata.name !== 'string')
    return null;
  const out: Json = { metadata: digestMetadata(obj.metadata, ['name', 'uid', 'resourceVersion']) };
  const current = isRecord(obj.status) ? obj.status.currentState : undefined;
  if (isRecord(current)) {
    const state: Json = {};
    if ('interfaces' in current) {
      const list = current.interfaces;
      state.interfaces = Array.isArray(list) ? (list as unknown[]).map(digestInterface) : list;
    }
    if ('ovn' in current) state.ovn = current.ovn;
    out.status = { currentState: state };
  }
  return out as unknown as NodeNetworkState;
}

/** The Node as findHostForNode and the node selectors read it. */
export function digestNodeForVlanCheck(obj: unknown): Node | null {
  if (!isRecord(obj) || !isRecord(obj.metadata) || typeof obj.metadata.name !== 'string')
    return null;
  const out: Json = {
    metadata: digestMetadata(obj.metadata, [
      'name',
      'uid',
      'resourceVersion',
      'labels',
      'annotations',
    ]),
  };
  const providerID = isRecord(obj.spec) ? obj.spec.providerID : undefined;
  if (providerID !== undefined) out.spec = { providerID };
  return out as unknown as Node;
}

const OBJECT_METADATA = ['name', 'namespace', 'uid', 'resourceVersion', 'labels', 'annotations'];

/** What the check reads of an inventory (`hardware`): the NICs (matchNicsToSwitchPorts) and the
 * inspected hostname (findHostForNode). */
function hardwareNicsOnly(hardware: unknown): Json | undefined {
  if (!isRecord(hardware)) return undefined;
  const out: Json = {};
  if ('nics' in hardware) out.nics = hardware.nics;
  if ('hostname' in hardware) out.hostname = hardware.hostname;
  return out;
}

/** A BareMetalHost as the check reads it: spec and status whole but the hardware inventory. */
export function digestHostForVlanCheck(obj: unknown): BareMetalHost | null {
  if (!isRecord(obj) || !isRecord(obj.metadata) || typeof obj.metadata.name !== 'string')
    return null;
  const out: Json = { metadata: digestMetadata(obj.metadata, OBJECT_METADATA) };
  if ('spec' in obj) out.spec = obj.spec;
  if (isRecord(obj.status)) {
    const status: Json = { ...obj.status };
    const hardware = hardwareNicsOnly(obj.status.hardware);
    if (hardware) status.hardware = hardware;
    out.status = status;
  }
  return out as unknown as BareMetalHost;
}

/** A HardwareData as the check reads it: its NICs and hostname. */
export function digestHardwareDataForVlanCheck(obj: unknown): HardwareData | null {
  if (!isRecord(obj) || !isRecord(obj.metadata) || typeof obj.metadata.name !== 'string')
    return null;
  const out: Json = { metadata: digestMetadata(obj.metadata, OBJECT_METADATA) };
  const hardware = isRecord(obj.spec) ? hardwareNicsOnly(obj.spec.hardware) : undefined;
  if (hardware) out.spec = { hardware };
  return out as unknown as HardwareData;
}
