// nmstate payload types (the `desiredState` of a policy and the `currentState` of a node).
// Handwritten from the nmstate schema; every object keeps an index signature because nmstate
// grows new keys often and the API server preserves them (x-kubernetes-preserve-unknown-fields).
import type { Condition, K8sResource, ObjectMeta } from './k8s';

export type InterfaceType =
  | 'ethernet'
  | 'bond'
  | 'linux-bridge'
  | 'vlan'
  | 'vxlan'
  | 'ovs-bridge'
  | 'ovs-interface'
  | 'mac-vlan'
  | 'mac-vtap'
  | 'ipvlan'
  | 'vrf'
  | 'infiniband'
  | 'loopback'
  | 'dummy'
  | 'veth'
  | 'team'
  | 'hsr'
  | 'tun'
  | 'macsec'
  | 'ipsec'
  | 'xfrm'
  | 'unknown';

export type InterfaceState = 'up' | 'down' | 'absent' | 'ignore' | 'unknown';

export interface IpAddress {
  ip: string;
  'prefix-length': number;
  [key: string]: unknown;
}

export interface IpConfig {
  enabled?: boolean;
  dhcp?: boolean;
  autoconf?: boolean;
  address?: IpAddress[];
  'auto-dns'?: boolean;
  'auto-gateway'?: boolean;
  'auto-routes'?: boolean;
  [key: string]: unknown;
}

export type TrunkTag = { id: number } | { 'id-range': { min: number; max: number } };

export interface PortVlan {
  mode?: 'access' | 'trunk';
  tag?: number;
  'enable-native'?: boolean;
  'trunk-tags'?: TrunkTag[];
  [key: string]: unknown;
}

export interface BridgePort {
  name: string;
  vlan?: PortVlan;
  'link-aggregation'?: { mode?: string; port?: { name: string }[]; [key: string]: unknown };
  [key: string]: unknown;
}

export interface LldpTlv {
  type: number;
  subtype?: number;
  'chassis-id'?: string;
  'chassis-id-type'?: number;
  'port-id'?: string;
  'port-id-type'?: number;
  'system-name'?: string;
  'system-description'?: string;
  'system-capabilities'?: string[];
  'management-addresses'?: unknown[];
  'ieee-802-1-vlans'?: { name?: string; vid: number }[];
  _description?: string;
  [key: string]: unknown;
}

export interface NetworkInterface {
  name: string;
  type?: InterfaceType | (string & {});
  state?: InterfaceState | (string & {});
  'mac-address'?: string;
  mtu?: number;
  controller?: string;
  description?: string;
  ipv4?: IpConfig;
  ipv6?: IpConfig;
  'link-aggregation'?: {
    mode?: string;
    options?: Record<string, unknown>;
    port?: string[];
    [key: string]: unknown;
  };
  bridge?: {
    options?: Record<string, unknown>;
    port?: BridgePort[];
    [key: string]: unknown;
  };
  vlan?: { 'base-iface'?: string; id?: number; protocol?: string; [key: string]: unknown };
  vxlan?: { 'base-iface'?: string; id?: number; remote?: string; [key: string]: unknown };
  'mac-vlan'?: {
    'base-iface'?: string;
    mode?: string;
    promiscuous?: boolean;
    [key: string]: unknown;
  };
  'mac-vtap'?: { 'base-iface'?: string; mode?: string; [key: string]: unknown };
  ipvlan?: { 'base-iface'?: string; mode?: string; [key: string]: unknown };
  vrf?: { port?: string[]; 'route-table-id'?: number; [key: string]: unknown };
  veth?: { peer?: string; [key: string]: unknown };
  patch?: { peer?: string; [key: string]: unknown };
  ethernet?: {
    'auto-negotiation'?: boolean;
    duplex?: string;
    speed?: number;
    'sr-iov'?: { 'total-vfs'?: number; vfs?: Record<string, unknown>[]; [key: string]: unknown };
    [key: string]: unknown;
  };
  ethtool?: { feature?: Record<string, boolean>; [key: string]: unknown };
  lldp?: { enabled?: boolean; neighbors?: LldpTlv[][]; [key: string]: unknown };
  [key: string]: unknown;
}

export interface Route {
  destination?: string;
  'next-hop-address'?: string;
  'next-hop-interface'?: string;
  'table-id'?: number;
  metric?: number;
  state?: 'absent';
  [key: string]: unknown;
}

export interface DnsConfig {
  server?: string[];
  search?: string[];
  options?: string[];
  [key: string]: unknown;
}

/** One nmstate document: a node's current state or a policy's desired state. */
export interface NetworkState {
  interfaces?: NetworkInterface[];
  routes?: { config?: Route[]; running?: Route[]; [key: string]: unknown };
  'dns-resolver'?: { config?: DnsConfig; running?: DnsConfig; [key: string]: unknown };
  ovn?: {
    'bridge-mappings'?: { localnet: string; bridge?: string; state?: string }[];
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface NodeNetworkState extends K8sResource {
  metadata: ObjectMeta & { name: string };
  status?: {
    currentState?: NetworkState;
    lastSuccessfulUpdateTime?: string;
    hostNetworkManagerVersion?: string;
    handlerNetworkManagerVersion?: string;
    handlerNmstateVersion?: string;
    conditions?: Condition[];
    [key: string]: unknown;
  };
}

export interface NodeNetworkConfigurationPolicySpec {
  nodeSelector?: Record<string, string>;
  capture?: Record<string, string>;
  desiredState?: NetworkState;
  maxUnavailable?: number | string;
  [key: string]: unknown;
}

export interface NodeNetworkConfigurationPolicy extends K8sResource {
  metadata: ObjectMeta & { name: string };
  spec: NodeNetworkConfigurationPolicySpec;
  status?: {
    conditions?: Condition[];
    unavailableNodeCount?: number;
    unavailableNodeCountMap?: Record<string, number>;
    lastUnavailableNodeCountUpdate?: string;
    [key: string]: unknown;
  };
}

export interface NodeNetworkConfigurationEnactment extends K8sResource {
  metadata: ObjectMeta & { name: string };
  status?: {
    desiredState?: NetworkState;
    capturedStates?: Record<string, { state?: NetworkState; metaInfo?: Record<string, unknown> }>;
    policyGeneration?: number;
    conditions?: Condition[];
    features?: string[];
    retryCount?: Record<string, number>;
    [key: string]: unknown;
  };
}

export interface NMState extends K8sResource {
  metadata: ObjectMeta & { name: string };
  spec?: Record<string, unknown>;
  status?: { conditions?: Condition[]; [key: string]: unknown };
}

export const ENACTMENT_NODE_LABEL = 'nmstate.io/node';
export const ENACTMENT_POLICY_LABEL = 'nmstate.io/policy';
