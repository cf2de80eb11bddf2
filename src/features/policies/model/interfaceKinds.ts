// Form values of the interface kinds beyond the original seven (issue 24): vxlan, ipvlan, vrf,
// infiniband, dummy, veth, mac-vtap, plus the OVS interface's patch and DPDK settings and the
// policy-wide OVN bridge mappings. Same conventions as policyForm.ts: every field present, null
// or '' for "not set". Each list follows the nmstate 2.2 struct it edits.

/** ifaces/ipvlan.rs `IpVlanMode`. */
export const IPVLAN_MODES = ['l2', 'l3', 'l3s'] as const;
/** ifaces/mac_vtap.rs `MacVtapMode` (its `unknown` is a reported state, not one to ask for). */
export const MAC_VTAP_MODES = ['vepa', 'bridge', 'private', 'passthru', 'source'] as const;
/** ifaces/infiniband.rs `InfiniBandMode`. */
export const INFINIBAND_MODES = ['datagram', 'connected'] as const;
/** ifaces/ovs.rs `OvsBridgeBondMode`. */
export const OVS_BOND_MODES = ['active-backup', 'balance-slb', 'balance-tcp', 'lacp'] as const;

/**
 * The kernel's VXLAN network identifier is 24 bits (`VXLAN_N_VID`); nmstate reads `id` as a u32
 * (ifaces/vxlan.rs) and leaves the range to NetworkManager's `vxlan.id` (0..16777215).
 */
export const VXLAN_ID_MAX = 16777215;
/** ifaces/ovs.rs `POWER_2_BETWEEN_1_4096`: DPDK queue sizes; 0 removes the setting. */
export const DPDK_DESC_MAX = 4096;

export interface VxlanSettings {
  id: number | null;
  baseIface: string;
  remote: string;
  local: string;
  destinationPort: number | null;
  learning: boolean | null;
}

export interface IpvlanSettings {
  baseIface: string;
  mode: string;
  private: boolean | null;
  vepa: boolean | null;
}

export interface VrfSettings {
  ports: string[];
  routeTableId: number | null;
}

export interface InfinibandSettings {
  /** As typed: `0x8001` or `32769`; nmstate reads both (deserializer.rs `option_u16_or_string`). */
  pkey: string;
  baseIface: string;
  mode: string;
}

export interface VethSettings {
  peer: string;
}

export interface MacVtapSettings {
  baseIface: string;
  mode: string;
  promiscuous: boolean | null;
}

export interface DpdkSettings {
  devargs: string;
  rxQueue: number | null;
  nRxqDesc: number | null;
  nTxqDesc: number | null;
}

export interface OvsInterfaceSettings {
  /** null: no `patch` section (an internal interface). */
  patchPeer: string | null;
  dpdk: DpdkSettings | null;
}

export interface OvnBridgeMappingFormValues {
  localnet: string;
  bridge: string;
  /** `state: absent`: remove the mapping of `localnet`. */
  absent: boolean;
}

/** The section key each kind keeps its settings under (dropped when the type changes). */
export const KIND_SECTION_KEYS = {
  vxlan: ['vxlan'],
  ipvlan: ['ipvlan'],
  vrf: ['vrf'],
  infiniband: ['infiniband'],
  dummy: [],
  veth: ['veth'],
  'mac-vtap': ['mac-vtap'],
  'ovs-interface': ['patch', 'dpdk'],
} as const;
