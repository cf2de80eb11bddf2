// What the cross-layer VLAN check keeps of each NodeNetworkState and Node when it runs for the
// cluster topology (the lean watch's digests, outside the console's store). The check reads,
// per interface, identity, MAC, state, the port lists, bond and bridge port VLANs, VLAN and OVS
// settings and LLDP neighbours (checkVlanConsistency.ts, interfacesOf and collectNodeNeeds), and
// the OVN bridge mappings; per Node its labels, annotations and providerID (findHostForNode).
// Addresses, ethtool, SR-IOV VFs and the rest of a NIC's entry are not read, and they are most
// of a 23 KB NodeNetworkState.
import type { Node } from '../../../shared/model/k8s';
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
