// What the cluster topology keeps of each NodeNetworkState, enactment and Node (the lean watch's
// digests). The console's store would hold every object whole, as an Immutable.js copy: at 500
// nodes that is 500 NNS of about 23 KB and 25,000 enactments, over 500 MB. The graph needs a
// fraction of that: per interface the fields buildTopologyGraph, internal.ts and lldp.ts read;
// per enactment its labels, conditions and the names its desired state claims or references
// (getNodeOwnership); per Node its labels. The side panel of a selected interface shows every
// field, so it reads that one node's whole NNS by name instead (useTopologyData.ts).
//
// Where Metal3 is installed, the page's switch-port VLAN check (switch-ports/data/useVlanCheck.ts)
// reads the same NNS and Node digests instead of listing both kinds a second time: at 500 nodes a
// second NNS list is another 11 MB to download and parse while the graph loads. So the digests
// also keep what that check reads beyond the graph (checkVlanConsistency.ts): a bond's `ports`
// (nmstate's other spelling of `port`), the OVN bridge mappings, and each Node's annotations and
// providerID (findHostForNode). The tests compare the check over
// these digests with the check over whole objects.
//
// Each digest keeps metadata.resourceVersion: the graph builder memoises a node's subgraph by
// the resourceVersions it was built from, and an update that changes nothing it keeps must still
// invalidate it only when the object did change.
import type { Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { isRecord } from '../../../shared/logic/isRecord';

type Json = Record<string, unknown>;

/**
 * Interface fields the graph reads (buildTopologyGraph.ts: identity, state, addresses, MAC, MTU,
 * the port lists and base interfaces that become edges, OVS patch peers, LLDP neighbours;
 * internal.ts: controller and patch). `ethtool` (the largest part of a NIC's entry), `ethernet`
 * (SR-IOV VFs), `ovs-db`, `802.1x`, `dispatch` and the like are for the side panel only.
 */
const INTERFACE_KEYS = [
  'name',
  'type',
  'state',
  'mac-address',
  'mtu',
  'controller',
  'patch',
  'vrf',
  'vlan',
  'vxlan',
  'mac-vlan',
  'mac-vtap',
  'ipvlan',
  'lldp',
] as const;

/** Only the addresses of an IP family: DHCP and autoconf settings are the panel's. */
function addressesOnly(family: unknown): Json | undefined {
  if (!isRecord(family)) return undefined;
  const list = family.address;
  if (!Array.isArray(list)) return {};
  return {
    address: (list as unknown[]).flatMap((a) =>
      isRecord(a) && typeof a.ip === 'string'
        ? [
            typeof a['prefix-length'] === 'number'
              ? { ip: a.ip, 'prefix-length': a['prefix-length'] }
              : { ip: a.ip },
          ]
        : [],
    ),
  };
}

/** The member lists of a bond: `port`, and `ports`, nmstate's other spelling of it (bond.rs). */
function membersOnly(la: Json): Json {
  const out: Json = {};
  for (const key of ['port', 'ports'] as const) if (key in la) out[key] = la[key];
  return out;
}

/** A port list entry as the graph reads it: its name and, for an OVS bond, its members. */
function portEntry(port: unknown): unknown {
  if (!isRecord(port)) return port;
  const out: Json = {};
  if ('name' in port) out.name = port.name;
  const la = port['link-aggregation'];
  if (isRecord(la) && ('port' in la || 'ports' in la)) out['link-aggregation'] = membersOnly(la);
  return out;
}

/** Port lists (bridge and bond); options, STP and port VLANs are the panel's. */
function portsOnly(value: unknown, entries: boolean): unknown {
  if (!isRecord(value)) return value;
  const out = membersOnly(value);
  if (entries && Array.isArray(out.port)) out.port = (out.port as unknown[]).map(portEntry);
  return out;
}

function digestInterface(iface: unknown): unknown {
  // Anything that is not an object is kept as it is: the builder reports it as a note.
  if (!isRecord(iface)) return iface;
  const out: Json = {};
  for (const key of INTERFACE_KEYS) if (key in iface) out[key] = iface[key];
  const v4 = addressesOnly(iface.ipv4);
  const v6 = addressesOnly(iface.ipv6);
  if (v4) out.ipv4 = v4;
  if (v6) out.ipv6 = v6;
  if ('bridge' in iface) out.bridge = portsOnly(iface.bridge, true);
  if ('link-aggregation' in iface)
    out['link-aggregation'] = portsOnly(iface['link-aggregation'], false);
  return out;
}

const METADATA_KEYS = ['name', 'namespace', 'uid', 'resourceVersion', 'generation', 'labels'];

function digestMetadata(metadata: Json, keys: readonly string[] = METADATA_KEYS): Json {
  const out: Json = {};
  for (const key of keys) if (key in metadata) out[key] = metadata[key];
  return out;
}

/** The NNS as the cluster graph reads it; null when it is not a named object. */
export function digestNnsForTopology(obj: unknown): NodeNetworkState | null {
  if (!isRecord(obj) || !isRecord(obj.metadata) || typeof obj.metadata.name !== 'string')
    return null;
  const out: Json = { metadata: digestMetadata(obj.metadata) };
  const status = obj.status;
  if (isRecord(status)) {
    const current = status.currentState;
    const digested: Json = {};
    if (isRecord(current) && 'interfaces' in current) {
      const list = current.interfaces;
      // A malformed list stays malformed, so the graph still says so.
      digested.interfaces = Array.isArray(list) ? (list as unknown[]).map(digestInterface) : list;
    }
    if (isRecord(current) && 'ovn' in current) digested.ovn = current.ovn;
    out.status = isRecord(current) ? { currentState: digested } : {};
  }
  return out as unknown as NodeNetworkState;
}

/**
 * A desired-state interface reduced to what ownership reads (enactments.ts getDesiredInterfaces
 * and getReferencedNames): name, type, and every name it references.
 */
function digestDesiredInterface(iface: unknown): unknown {
  if (!isRecord(iface)) return iface;
  const out: Json = {};
  for (const key of ['name', 'type', 'state', 'controller'] as const)
    if (key in iface) out[key] = iface[key];
  if ('bridge' in iface) out.bridge = portsOnly(iface.bridge, true);
  for (const key of ['link-aggregation', 'vrf'] as const)
    if (key in iface) out[key] = portsOnly(iface[key], false);
  for (const key of ['vlan', 'vxlan', 'mac-vlan', 'mac-vtap', 'ipvlan'] as const) {
    const cfg = iface[key];
    if (isRecord(cfg) && 'base-iface' in cfg) out[key] = { 'base-iface': cfg['base-iface'] };
  }
  return out;
}

/** The enactment as the topology reads it (phase, failure line, claimed interfaces). */
export function digestEnactmentForTopology(obj: unknown): NodeNetworkConfigurationEnactment | null {
  if (!isRecord(obj) || !isRecord(obj.metadata) || typeof obj.metadata.name !== 'string')
    return null;
  const out: Json = { metadata: digestMetadata(obj.metadata) };
  const status = obj.status;
  if (isRecord(status)) {
    const s: Json = {};
    if ('conditions' in status) s.conditions = status.conditions;
    if ('policyGeneration' in status) s.policyGeneration = status.policyGeneration;
    const desired = status.desiredState;
    if (isRecord(desired)) {
      const list = desired.interfaces;
      s.desiredState = {
        interfaces: Array.isArray(list) ? (list as unknown[]).map(digestDesiredInterface) : list,
      };
    }
    out.status = s;
  }
  return out as unknown as NodeNetworkConfigurationEnactment;
}

/**
 * A Node as the topology reads it: its name and labels (the `label:` filter and grouping), and
 * its annotations and providerID, by which the VLAN check finds the node's BareMetalHost.
 */
export function digestNodeForTopology(obj: unknown): Node | null {
  if (!isRecord(obj) || !isRecord(obj.metadata) || typeof obj.metadata.name !== 'string')
    return null;
  const out: Json = { metadata: digestMetadata(obj.metadata, [...METADATA_KEYS, 'annotations']) };
  const providerID = isRecord(obj.spec) ? obj.spec.providerID : undefined;
  if (providerID !== undefined) out.spec = { providerID };
  return out as unknown as Node;
}
