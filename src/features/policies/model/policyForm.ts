// Values the policy form edits. Every field is always present (null or empty for "not set") so
// the UI binds to plain values and tests can deep-compare. `sourceIndex` ties an entry to its
// position in the original object, which is where `applyPolicyFormValues` writes it back.
import type {
  InfinibandSettings,
  IpvlanSettings,
  MacVtapSettings,
  OvnBridgeMappingFormValues,
  OvsInterfaceSettings,
  VethSettings,
  VrfSettings,
  VxlanSettings,
} from './interfaceKinds';

import type {
  InterfaceSettingsFormValues,
  IpAutoFormValues,
  PolicySettingsFormValues,
} from './policyFormSettings';

export const FORM_INTERFACE_TYPES = [
  'ethernet',
  'bond',
  'linux-bridge',
  'vlan',
  'ovs-bridge',
  'ovs-interface',
  'mac-vlan',
  'vxlan',
  'ipvlan',
  'vrf',
  'infiniband',
  'dummy',
  'veth',
  'mac-vtap',
] as const;
export type FormInterfaceType = (typeof FORM_INTERFACE_TYPES)[number];

export const FORM_INTERFACE_STATES = ['up', 'down', 'absent'] as const;
export type FormInterfaceState = (typeof FORM_INTERFACE_STATES)[number];

export interface KeyValueRow {
  key: string;
  value: string;
}

export interface AddressFormValues {
  ip: string;
  prefixLength: number | null;
}

export interface IpFormValues {
  /** null: the policy does not say, so nmstate keeps the node's current setting. */
  enabled: boolean | null;
  dhcp: boolean;
  /** IPv6 router advertisements; ignored for IPv4. */
  autoconf: boolean;
  autoDns: boolean | null;
  /** auto-routes, auto-gateway, dhcp-client-id … (policyFormSettings.ts). */
  auto: IpAutoFormValues;
  addresses: AddressFormValues[];
}

export type TrunkTagFormValues =
  { kind: 'id'; id: number } | { kind: 'range'; min: number; max: number };

export interface PortVlanFormValues {
  mode: 'access' | 'trunk';
  tag: number | null;
  enableNative: boolean | null;
  trunkTags: TrunkTagFormValues[];
}

export interface BridgePortFormValues {
  name: string;
  vlan: PortVlanFormValues | null;
}

export interface OvsBridgePortFormValues extends BridgePortFormValues {
  /** An OVS bond: this port is virtual and aggregates `ports`. */
  bond: { mode: string; ports: string[] } | null;
}

interface InterfaceCommon {
  sourceIndex: number | null;
  name: string;
  state: FormInterfaceState;
  description: string;
  mtu: number | null;
  ipv4: IpFormValues;
  ipv6: IpFormValues;
  /** LLDP, ethtool, SR-IOV (policyFormSettings.ts). */
  settings: InterfaceSettingsFormValues;
}

export type EthernetFormValues = InterfaceCommon & { type: 'ethernet' };
export type OvsInterfaceFormValues = InterfaceCommon & {
  type: 'ovs-interface';
  ovs: OvsInterfaceSettings;
};
export type BondFormValues = InterfaceCommon & {
  type: 'bond';
  bond: { mode: string; options: KeyValueRow[]; ports: string[] };
};
export type LinuxBridgeFormValues = InterfaceCommon & {
  type: 'linux-bridge';
  linuxBridge: { stpEnabled: boolean | null; ports: BridgePortFormValues[] };
};
export type VlanFormValues = InterfaceCommon & {
  type: 'vlan';
  vlan: { baseIface: string; id: number | null };
};
export type OvsBridgeFormValues = InterfaceCommon & {
  type: 'ovs-bridge';
  ovsBridge: { stpEnabled: boolean | null; ports: OvsBridgePortFormValues[] };
};
export type MacVlanFormValues = InterfaceCommon & {
  type: 'mac-vlan';
  macVlan: { baseIface: string; mode: string };
};
export type VxlanFormValues = InterfaceCommon & { type: 'vxlan'; vxlan: VxlanSettings };
export type IpvlanFormValues = InterfaceCommon & { type: 'ipvlan'; ipvlan: IpvlanSettings };
export type VrfFormValues = InterfaceCommon & { type: 'vrf'; vrf: VrfSettings };
export type InfinibandFormValues = InterfaceCommon & {
  type: 'infiniband';
  infiniband: InfinibandSettings;
};
export type DummyFormValues = InterfaceCommon & { type: 'dummy' };
export type VethFormValues = InterfaceCommon & { type: 'veth'; veth: VethSettings };
export type MacVtapFormValues = InterfaceCommon & { type: 'mac-vtap'; macVtap: MacVtapSettings };

export type InterfaceFormValues =
  | EthernetFormValues
  | BondFormValues
  | LinuxBridgeFormValues
  | VlanFormValues
  | OvsBridgeFormValues
  | OvsInterfaceFormValues
  | MacVlanFormValues
  | VxlanFormValues
  | IpvlanFormValues
  | VrfFormValues
  | InfinibandFormValues
  | DummyFormValues
  | VethFormValues
  | MacVtapFormValues;

export interface RouteFormValues {
  sourceIndex: number | null;
  destination: string;
  nextHopAddress: string;
  nextHopInterface: string;
  metric: number | null;
  tableId: number | null;
  /** route.rs `RouteType` (blackhole, unreachable, prohibit) or '' for a unicast route. */
  routeType: string;
  /** route.rs ECMP `weight`. */
  weight: number | null;
  /** route.rs `source`: the preferred source address. */
  source: string;
  /** `state: absent`: remove a matching route. */
  absent: boolean;
}

export interface CaptureRow {
  name: string;
  expression: string;
}

/** An interface of a type or state the form does not edit; it stays untouched in place. */
export interface PreservedInterface {
  sourceIndex: number;
  name: string;
  type: string;
  state: string;
}

export interface PolicyFormValues {
  name: string;
  /** The `description` annotation. */
  description: string;
  nodeSelector: KeyValueRow[];
  /** "" (unset → 50%), an integer "3" or a percentage "25%". */
  maxUnavailable: string;
  interfaces: InterfaceFormValues[];
  preservedInterfaces: PreservedInterface[];
  routes: RouteFormValues[];
  dns: { servers: string[]; search: string[] };
  captures: CaptureRow[];
  /** Route rules, DNS options, hostname (policyFormSettings.ts). */
  settings: PolicySettingsFormValues;
  /** `ovn.bridge-mappings` (ovn.rs). */
  ovnBridgeMappings: OvnBridgeMappingFormValues[];
}

/** Why a policy must be edited as YAML. `params.path` says where. */
export type PolicyFormReason = 'form.notAPolicy' | 'form.templatedValue' | 'form.unsupportedValue';

export type ToPolicyFormResult =
  | { ok: true; values: PolicyFormValues }
  | { ok: false; reason: PolicyFormReason; params: { path: string } };

export const DESCRIPTION_ANNOTATION = 'description';
