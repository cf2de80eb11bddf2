// Types of the NAD feature's pure API: findings, quick fixes, CNI config shapes, validation
// context, form values and list summaries. Config shapes describe what the editors understand;
// every object keeps an index signature because CNI runtimes must preserve unknown keys.
import type { Cidr, IpFamily, IpRange } from '../../../shared/net/cidr';
import type { EffectiveNoteCode, FindingCode } from './codes';
import type { JsonObject, JsonValue, SourcePosition } from './json';

export type Severity = 'error' | 'warning' | 'info';

/**
 * A machine-applicable fix. Paths are JSON paths into `spec.config` (`$.ipam.gateway`);
 * `logic/quickFix.ts` applies them to the config text.
 */
export type QuickFix =
  | { kind: 'replace'; path: string; value: JsonValue }
  | { kind: 'remove'; path: string }
  | { kind: 'rename-key'; path: string; to: string }
  /** Moves the value at `from` to `path` (created if missing), removing it at `from`. */
  | { kind: 'move'; from: string; path: string }
  /** Appends `value` to the array at `path` (created if missing). */
  | { kind: 'append'; path: string; value: JsonValue };

export interface Finding {
  severity: Severity;
  code: FindingCode;
  /**
   * `$…` points into `spec.config`; anything else (`metadata.name`, `spec.config`) is a path in
   * the NAD object itself.
   */
  path: string;
  params?: Record<string, string | number>;
  /** Position inside `spec.config` text, when the path resolves to a value there. */
  position?: SourcePosition;
  fix?: QuickFix;
}

export type Platform = 'openshift' | 'microshift';

// ---------------------------------------------------------------------------------------------
// CNI configuration shapes

export interface CniRoute {
  dst: string;
  gw?: string;
  [key: string]: unknown;
}

export interface CniDns {
  nameservers?: string[];
  domain?: string;
  search?: string[];
  options?: string[];
  [key: string]: unknown;
}

export interface HostLocalRange {
  subnet: string;
  rangeStart?: string;
  rangeEnd?: string;
  gateway?: string;
  [key: string]: unknown;
}

export interface HostLocalIpam {
  type: 'host-local';
  ranges?: HostLocalRange[][];
  subnet?: string;
  rangeStart?: string;
  rangeEnd?: string;
  gateway?: string;
  routes?: CniRoute[];
  dataDir?: string;
  resolvConf?: string;
  [key: string]: unknown;
}

export interface StaticIpam {
  type: 'static';
  addresses?: { address: string; gateway?: string; [key: string]: JsonValue | undefined }[];
  routes?: CniRoute[];
  dns?: CniDns;
  [key: string]: unknown;
}

export interface DhcpIpam {
  type: 'dhcp';
  daemonSocketPath?: string;
  request?: JsonObject[];
  provide?: JsonObject[];
  [key: string]: unknown;
}

export interface WhereaboutsIpRange {
  range: string;
  range_start?: string;
  range_end?: string;
  exclude?: string[];
  [key: string]: unknown;
}

export interface WhereaboutsIpam {
  type: 'whereabouts';
  range?: string;
  range_start?: string;
  range_end?: string;
  exclude?: string[];
  ipRanges?: WhereaboutsIpRange[];
  gateway?: string;
  routes?: CniRoute[];
  network_name?: string;
  enable_overlapping_ranges?: boolean;
  node_slice_size?: string;
  [key: string]: unknown;
}

export type IpamConfig =
  | HostLocalIpam
  | StaticIpam
  | DhcpIpam
  | WhereaboutsIpam
  | { type?: string; [key: string]: JsonValue | undefined };

interface PluginBase {
  cniVersion?: string;
  name?: string;
  ipam?: IpamConfig;
  capabilities?: Record<string, boolean>;
  dns?: CniDns;
  [key: string]: unknown;
}

export interface BridgePlugin extends PluginBase {
  type: 'bridge' | 'cnv-bridge';
  bridge?: string;
  isGateway?: boolean;
  isDefaultGateway?: boolean;
  forceAddress?: boolean;
  ipMasq?: boolean;
  mtu?: number;
  hairpinMode?: boolean;
  promiscMode?: boolean;
  vlan?: number;
  preserveDefaultVlan?: boolean;
  vlanTrunk?: { id?: number; minID?: number; maxID?: number }[];
  macspoofchk?: boolean;
  disableContainerInterface?: boolean;
}

export interface MacvlanPlugin extends PluginBase {
  type: 'macvlan';
  master?: string;
  mode?: 'bridge' | 'private' | 'vepa' | 'passthru';
  mtu?: number;
  linkInContainer?: boolean;
}

export interface IpvlanPlugin extends PluginBase {
  type: 'ipvlan';
  master?: string;
  mode?: 'l2' | 'l3' | 'l3s';
  mtu?: number;
  linkInContainer?: boolean;
}

export interface VlanPlugin extends PluginBase {
  type: 'vlan';
  master: string;
  vlanId: number;
  mtu?: number;
  linkInContainer?: boolean;
}

export interface HostDevicePlugin extends PluginBase {
  type: 'host-device';
  device?: string;
  hwaddr?: string;
  kernelpath?: string;
  pciBusID?: string;
}

export interface SriovPlugin extends PluginBase {
  type: 'sriov';
  deviceID?: string;
  vlan?: number;
  vlanQoS?: number;
  vlanProto?: '802.1q' | '802.1ad';
  mac?: string;
  spoofchk?: 'on' | 'off';
  trust?: 'on' | 'off';
  link_state?: 'auto' | 'enable' | 'disable';
  min_tx_rate?: number;
  max_tx_rate?: number;
}

export interface TuningPlugin extends PluginBase {
  type: 'tuning';
  sysctl?: Record<string, string>;
  mac?: string;
  mtu?: number;
  promisc?: boolean;
  allmulti?: boolean;
}

export type OvnTopology = 'layer2' | 'layer3' | 'localnet';

export interface OvnOverlayPlugin extends PluginBase {
  type: 'ovn-k8s-cni-overlay';
  topology?: OvnTopology;
  netAttachDefName?: string;
  subnets?: string;
  excludeSubnets?: string;
  mtu?: number;
  vlanID?: number;
  physicalNetworkName?: string;
  allowPersistentIPs?: boolean;
  role?: 'primary' | 'secondary';
}

export type KnownPlugin =
  | BridgePlugin
  | MacvlanPlugin
  | IpvlanPlugin
  | VlanPlugin
  | HostDevicePlugin
  | SriovPlugin
  | TuningPlugin
  | OvnOverlayPlugin;

export type KnownPluginType = KnownPlugin['type'];

export interface CniConfList {
  cniVersion?: string;
  name?: string;
  plugins: (KnownPlugin | (PluginBase & { type: string }))[];
  [key: string]: unknown;
}

// ---------------------------------------------------------------------------------------------
// Validation context (built from live objects by `buildValidationContext`)

export type ClusterRangeKind =
  'pod' | 'service' | 'join' | 'transit' | 'masquerade' | 'microshiftInternal';

export interface ClusterRange {
  kind: ClusterRangeKind;
  cidr: Cidr;
  text: string;
  /** `cluster` when read from a Network object, `default` when a documented default is assumed. */
  source: 'cluster' | 'default';
}

/** One address a node holds (from its NodeNetworkState). */
export interface NodeAddress {
  value: bigint;
  text: string;
  node: string;
  iface: string;
}

export interface NodeInterfaceInfo {
  type?: string;
  mtu?: number;
  state?: string;
  /** A running default route leaves the node through this interface. */
  defaultRoute?: boolean;
  /** The OVS bridge this interface is a system port of (not an OVS internal interface). */
  ovsBridge?: string;
}

/** One pool of addresses a NAD hands out, as indexed for cross-NAD checks. */
export interface NadPool {
  nadKey: string;
  namespace: string;
  name: string;
  ipamType: string;
  range: IpRange;
  /** Original text (a CIDR or `start-end`). */
  text: string;
  /** JSON path of the text inside spec.config. */
  path: string;
  networkName?: string;
  overlappingEnabled?: boolean;
}

export interface OvnNetworkEntry {
  nadKey: string;
  /** The settings that must agree across NADs sharing the network name. */
  settings: Record<string, string>;
}

export interface ValidationContext {
  platform: Platform;
  clusterRanges: ClusterRange[];
  /** Node name → interface name → info. Undefined when NodeNetworkStates are unknown. */
  nodeInterfaces?: Map<string, Map<string, NodeInterfaceInfo>>;
  /** Localnet names mapped by NNCPs or reported by nodes; undefined when unknown. */
  bridgeMappings?: Set<string>;
  /**
   * Addresses nodes hold on their own interfaces, per family, sorted by value. Undefined when
   * NodeNetworkStates are unknown.
   */
  nodeAddresses?: Map<IpFamily, NodeAddress[]>;
  /**
   * Whether the cluster network operator runs the CNI dhcp daemon (OpenShift deploys it only for
   * an additional network that uses dhcp). Undefined when the operator config is unknown.
   */
  dhcpDaemon?: 'deployed' | 'missing';
  /**
   * Extended resources (`openshift.io/<pool>`, `bridge.network.kubevirt.io/<bridge>`) and how many
   * nodes offer some. Undefined when Nodes are unknown.
   */
  extendedResources?: Map<string, number>;
  /** Cross-NAD index; present when `nads` were given. */
  nadIndex?: NadIndex;
}

export interface PoolQuery {
  /** Calls `visit` for each pool overlapping [start, end] until it returns false. */
  query(start: bigint, end: bigint, visit: (p: NadPool) => boolean): void;
}

export interface NadIndex {
  /** `<scope>|<family>` → pools (scope: `ns:<namespace>` or `whereabouts`). */
  pools: Map<string, PoolQuery>;
  /** OVN network name → NADs using it. */
  ovnNetworks: Map<string, OvnNetworkEntry[]>;
  /** master interface → plugin type → one NAD key using it. */
  masters: Map<string, Map<string, string>>;
}

// ---------------------------------------------------------------------------------------------
// Effective configuration

export interface EffectiveNote {
  code: EffectiveNoteCode;
  path: string;
  params?: Record<string, string | number>;
}

export type EffectiveConfigResult =
  | { ok: true; config: JsonObject; notes: EffectiveNote[] }
  | { ok: false; reason: 'form.configEmpty' | 'form.configUnparsable' | 'form.configNotObject' };

// ---------------------------------------------------------------------------------------------
// Summaries for list pages

export interface NadSummary {
  /** Plugin types in chain order (one entry for single configs). */
  cniTypes: string[];
  /** The first plugin's type, or undefined when the config cannot be read. */
  primaryType?: string;
  topology?: string;
  ipamType?: string;
  subnetsV4: string[];
  subnetsV6: string[];
  vlan?: number;
  master?: string;
  bridge?: string;
  physicalNetwork?: string;
  /** The config's `name` (the network identity for OVN-K). */
  networkName?: string;
  /** Set when spec.config is empty or unparsable. */
  problem?: 'configEmpty' | 'configUnparsable' | 'configNotObject';
}

export interface NetworkStatusView {
  name: string;
  interface?: string;
  ips: string[];
  mac?: string;
  default: boolean;
  gateways: string[];
  /** A default route without `gw` shows up as the Go string `<nil>`. */
  nilGateway: boolean;
}

export type ParseNetworkStatusResult =
  | { ok: true; entries: NetworkStatusView[] }
  | { ok: false; reason: 'missing' | 'invalidJson' | 'notArray' };

export interface ManagedNadInfo {
  managed: boolean;
  manager?: 'UserDefinedNetwork' | 'ClusterUserDefinedNetwork' | 'SriovOperator';
  owner?: { apiVersion?: string; kind: string; name: string; namespace?: string };
}

export type { IpFamily };
