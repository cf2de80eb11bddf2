// Serialisable graph model produced by the topology logic and consumed by the topology page, the
// table view and the switch-ports page. Everything here is plain data (no Maps, no classes) so
// it can cross a worker boundary, be memoised, or be stored in a test fixture.
import type { InterfaceState, InterfaceType } from '../../../shared/model/nmstate';
import type { EnactmentPhase } from '../../policies/model/enactmentStatus';

/** Interface types the graph knows by name; anything else becomes `unknown` with `rawType`. */
export const KNOWN_INTERFACE_TYPES: readonly InterfaceType[] = [
  'ethernet',
  'bond',
  'linux-bridge',
  'vlan',
  'vxlan',
  'ovs-bridge',
  'ovs-interface',
  'mac-vlan',
  'mac-vtap',
  'ipvlan',
  'vrf',
  'infiniband',
  'loopback',
  'dummy',
  'veth',
  'team',
  'hsr',
  'tun',
  'macsec',
  'ipsec',
  'xfrm',
  'unknown',
];

export const INTERFACE_STATES: readonly InterfaceState[] = [
  'up',
  'down',
  'absent',
  'ignore',
  'unknown',
];

export type EdgeKind =
  | 'bridge-port'
  | 'bond-port'
  | 'vlan-base'
  | 'macvlan-base'
  | 'ipvlan-base'
  | 'vxlan-base'
  | 'ovs-port'
  | 'ovs-patch'
  | 'vrf-member'
  | 'controller'
  | 'lldp';

/** Enactment phases come from the policies feature so both pages agree on them. */
export type { EnactmentPhase };

export interface InterfaceGraphNode {
  kind: 'interface';
  /** `<node>/<iface>/<type>`; stable across live updates. */
  id: string;
  /** Group id `node:<node>`. */
  group: string;
  node: string;
  name: string;
  type: InterfaceType;
  /** The original type string when `type` is `unknown` because nmstate sent something new. */
  rawType?: string;
  state: InterfaceState;
  /** Matched by `isClusterInternalInterface`; only present in the graph with `showInternal`. */
  internal: boolean;
  /** Upper-case, colon separated. */
  macAddress?: string;
  mtu?: number;
  /** Every IPv4 and IPv6 address as `ip/prefix`, in NNS order. */
  addresses: readonly string[];
  /** VLAN id of a `vlan` interface. */
  vlanId?: number;
  /** Policies whose desired state names this interface, sorted. */
  managedBy: readonly string[];
  /** Policies with a Failing or Aborted enactment on this node touching this interface, sorted. */
  failingPolicies: readonly string[];
  failing: boolean;
  /** LLDP system names and VLAN ids seen on this interface (for filters and the table view). */
  lldpSystemNames: readonly string[];
  lldpVlans: readonly number[];
}

export interface SwitchPortGraphNode {
  kind: 'switch-port';
  /** `lldp:<chassis-id>/<port-id>`. */
  id: string;
  /** `switch:<chassis-id>`. */
  group: string;
  chassisId: string;
  portId: string;
  systemName?: string;
  vlans: number[];
}

export interface NodeSummaryGraphNode {
  kind: 'node-summary';
  /** `summary:<node>`. */
  id: string;
  group: string;
  node: string;
  counts: NodeInterfaceCounts;
}

export type GraphNode = InterfaceGraphNode | SwitchPortGraphNode | NodeSummaryGraphNode;

export interface NodeInterfaceCounts {
  total: number;
  internal: number;
  byType: Record<string, number>;
  byState: Record<string, number>;
  failing: number;
  managed: number;
  /** Interfaces matching the active filter (equals `total` without a filter). */
  matching: number;
}

export interface GraphEdge {
  /** `<source>|<kind>|<target>`. */
  id: string;
  kind: EdgeKind;
  /** The upper interface (bridge, bond, vlan, controller, the NIC for LLDP). */
  source: string;
  /** The lower interface (port, base, member, the switch port for LLDP). */
  target: string;
  /** OVS bond name when an `ovs-port` edge goes through an OVS link aggregation. */
  via?: string;
}

export interface NodeGroup {
  kind: 'node';
  /** `node:<node>`. */
  id: string;
  node: string;
  labels: Record<string, string>;
  /** True when the node is shown as one summary graph node (its interfaces are not emitted). */
  collapsed: boolean;
  counts: NodeInterfaceCounts;
  /** Folded cluster-internal interfaces, for "N hidden". 0 with `showInternal`. */
  hiddenInternal: number;
  /** Every policy with an enactment on this node, with its phase, sorted by policy. */
  policies: { policy: string; phase: EnactmentPhase }[];
  failingPolicies: string[];
  resourceVersion?: string;
}

export interface SwitchGroup {
  kind: 'switch';
  /** `switch:<chassis-id>`. */
  id: string;
  chassisId: string;
  systemName?: string;
  ports: string[];
}

export type GraphGroup = NodeGroup | SwitchGroup;

export type GraphNoteCode =
  | 'nns.missingName'
  | 'nns.emptyState'
  | 'nns.invalidInterfaces'
  | 'iface.invalid'
  | 'iface.missingName'
  | 'iface.missingType'
  | 'iface.unknownType'
  | 'iface.duplicate'
  | 'edge.danglingReference'
  | 'node.noNetworkState';

export interface GraphNote {
  code: GraphNoteCode;
  severity: 'info' | 'warning';
  node?: string;
  params: Record<string, string | number>;
}

export interface TopologyGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  groups: GraphGroup[];
  notes: GraphNote[];
}

export interface TopologyOptions {
  /** Emit cluster-internal interfaces (br-int, ovn-k8s-mp0, pod veths…). Default false. */
  showInternal?: boolean;
  /** Always summarise these nodes. Wins over `expandedNodes`. */
  collapsedNodes?: readonly string[];
  /** Nodes the user expanded; emitted in full even above `foldNodesAbove`. */
  expandedNodes?: readonly string[];
  /** With more than this many nodes, nodes not in `expandedNodes` become summary nodes. */
  foldNodesAbove?: number;
  /** Emit LLDP switch-port nodes and edges. Default true. */
  showLldp?: boolean;
  /** Applied while building, so collapsed nodes are narrowed by their interfaces too. */
  filter?: TopologyFilter;
}

/**
 * A shareable filter. Values inside one field are alternatives (OR); fields combine with AND.
 * Node fields narrow nodes, the other fields narrow interfaces (and drop nodes with no match).
 */
export interface TopologyFilter {
  /** Substrings, or globs when they contain `*` or `?`. */
  node?: string[];
  /** `key=value` or `key` (present with any value). */
  label?: string[];
  type?: string[];
  state?: string[];
  /** Addresses or CIDRs, IPv4 or IPv6. */
  ip?: string[];
  /** Any separator (`:`, `-`, none), any case; a prefix matches too. */
  mac?: string[];
  /** LLDP system name substrings, case-insensitive. */
  lldp?: string[];
  /** VLAN ids: the id of a VLAN interface or one reported by LLDP. */
  vlan?: number[];
  /** Managed-by policy names (exact). */
  policy?: string[];
  failing?: boolean;
}

/** One LLDP neighbour decoded from its TLV list. */
export interface LldpNeighbor {
  chassisId?: string;
  /** 4 = MAC address, 7 = locally assigned… (IEEE 802.1AB chassis-id subtype). */
  chassisIdType?: number;
  portId?: string;
  /** 3 = MAC address, 5 = interface name, 7 = locally assigned… */
  portIdType?: number;
  portDescription?: string;
  systemName?: string;
  systemDescription?: string;
  capabilities: string[];
  managementAddresses: string[];
  vlans: { id: number; name?: string }[];
  /** IEEE 802.3 maximum frame size (the switch port MTU plus headers). */
  maxFrameSize?: number;
  /** TLVs the decoder does not know, kept for the YAML view. */
  unknownTlvCount: number;
}

export type AddressOrigin = 'dhcp' | 'autoconf' | 'static' | 'link-local' | 'unknown';

export interface InterfaceAddress {
  family: 4 | 6;
  ip: string;
  prefixLength?: number;
  /** DHCP/autoconf when the family has them on (nmstate reports no per-address origin). */
  origin: AddressOrigin;
}

export interface PortVlanDetails {
  port: string;
  mode?: string;
  /** Access tag, or the native VLAN of a trunk with enable-native. */
  tag?: number;
  enableNative?: boolean;
  trunkIds: number[];
  trunkRanges: { min: number; max: number }[];
}

export interface RouteDetails {
  source: 'running' | 'config';
  destination?: string;
  nextHopAddress?: string;
  tableId?: number;
  metric?: number;
}

export interface InterfacePolicyDetails {
  policy: string;
  phase: EnactmentPhase;
  enactment: string;
  /** Whether the policy names the interface, or only touches it (port, base, controller). */
  relation: 'manages' | 'touches';
  message?: string;
}

export interface InterfaceDetails {
  id: string;
  node: string;
  name: string;
  type: InterfaceType;
  rawType?: string;
  state: InterfaceState;
  internal: boolean;
  macAddress?: string;
  mtu?: number;
  description?: string;
  controller?: string;
  addresses: InterfaceAddress[];
  ipv4: { enabled: boolean; dhcp: boolean };
  ipv6: { enabled: boolean; dhcp: boolean; autoconf: boolean };
  bond?: { mode?: string; options: Record<string, unknown>; ports: string[] };
  bridge?: { options: Record<string, unknown>; ports: string[]; portVlans: PortVlanDetails[] };
  vlan?: { id?: number; baseIface?: string; protocol?: string };
  /** Base interface of vxlan/mac-vlan/mac-vtap/ipvlan, with their own settings. */
  lower?: { kind: string; baseIface?: string; settings: Record<string, unknown> };
  lldp: { enabled: boolean; neighbors: LldpNeighbor[] };
  ethtool?: { on: string[]; off: string[] };
  sriov?: { totalVfs?: number; vfs: Record<string, unknown>[] };
  routes: RouteDetails[];
  policies: InterfacePolicyDetails[];
  /** The NNS interface object as reported, for the YAML tab. */
  raw: Record<string, unknown>;
}
