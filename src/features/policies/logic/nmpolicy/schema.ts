// nmstate 2.2's deserializable structs as tables: every key nmstate accepts in a desired state,
// its aliases, whether it is required, and how its value is read. Each table names the Rust
// struct and file it follows (nmstate/nmstate 2.2.38, rust/src/lib/...). Field order is the
// declaration order, which is both serde's `expected one of` order and the serializer's output
// order. serde lists a field's aliases next to its name, sorted together (serde_derive
// `MultiName::deserialize_aliases` is a BTreeSet holding the name too; variant aliases likewise).
// `deny` marks `#[serde(deny_unknown_fields)]`; without it unknown keys are ignored and dropped.
import { BOND_MODES } from '../../model/bondModes';
import type { IntBits, UintBits } from './serde';

export interface Variant {
  name: string;
  aliases?: readonly string[];
}

export type CustomKind =
  | 'interfaces'
  | 'interfaceType'
  | 'ipv4'
  | 'ipv6'
  | 'ovsDbIface'
  | 'ovsStp'
  | 'ethtoolFeature'
  | 'ipsecInterface'
  | 'multicastRouter'
  | 'trunkTag'
  | 'ignored';

export type Kind =
  | { t: 'string' }
  | { t: 'bool' }
  | { t: 'uint'; bits: UintBits }
  | { t: 'int'; bits: IntBits }
  /** deserializer.rs `*_bool_or_string`. */
  | { t: 'boolOrString' }
  /** deserializer.rs `*_u{8,16,32,64}_or_string`; `hex` when serialized as `0x…`. */
  | { t: 'uintOrString'; bits: UintBits; hex?: boolean }
  /** deserializer.rs `option_i{32,64}_or_string`. */
  | { t: 'intOrString'; bits: IntBits }
  /**
   * A unit-variant enum. `numberAsString`: read through deserializer.rs `NumberAsString` first,
   * so `mode: 1` is `"1"`. `other`: an `#[serde(untagged)] Other(String)` catch-all.
   */
  | {
      t: 'enum';
      name: string;
      variants: readonly Variant[];
      numberAsString?: boolean;
      other?: boolean;
    }
  /** `std::net::IpAddr` (Rust's own parser; printed in its canonical form). */
  | { t: 'ip' }
  | { t: 'struct'; shape: Shape }
  | { t: 'list'; of: Kind }
  /** `HashMap<String, Option<String>>` with serde's own impls, printed sorted. */
  | { t: 'optionStringMap' }
  | { t: 'custom'; id: CustomKind };

export interface Field {
  /** The serialized name. */
  key: string;
  aliases?: readonly string[];
  kind: Kind;
  /** `Option<T>` read by serde itself: `null` is None (dropped). */
  option?: boolean;
  /** No default: a missing key is `missing field`. */
  required?: boolean;
  /** Read, but never serialized (`skip_serializing`, or a `skip` deserializer). */
  noOutput?: boolean;
}

export interface Shape {
  /** The Rust struct name, as serde's `expected struct X` says it. */
  name: string;
  fields: readonly Field[];
  deny: boolean;
}

const str: Kind = { t: 'string' };
const bool: Kind = { t: 'bool' };
const bos: Kind = { t: 'boolOrString' };
const uos = (bits: UintBits): Kind => ({ t: 'uintOrString', bits });
const ios = (bits: IntBits): Kind => ({ t: 'intOrString', bits });
const uint = (bits: UintBits): Kind => ({ t: 'uint', bits });
const list = (of: Kind): Kind => ({ t: 'list', of });
const struct = (shape: Shape): Kind => ({ t: 'struct', shape });
const custom = (id: CustomKind): Kind => ({ t: 'custom', id });
const variants = (...names: (string | [string, ...string[]])[]): Variant[] =>
  names.map((n) => (typeof n === 'string' ? { name: n } : { name: n[0], aliases: n.slice(1) }));
const enumOf = (
  name: string,
  vs: Variant[],
  extra: { numberAsString?: boolean; other?: boolean } = {},
): Kind => ({
  t: 'enum',
  name,
  variants: vs,
  ...extra,
});

/** Optional field read by serde itself. */
const opt = (key: string, kind: Kind, aliases?: readonly string[]): Field =>
  aliases === undefined ? { key, kind, option: true } : { key, kind, option: true, aliases };
/** Optional field read by a `deserialize_with` helper with `default`: null is an error. */
const dw = (key: string, kind: Kind, aliases?: readonly string[]): Field =>
  aliases === undefined ? { key, kind } : { key, kind, aliases };
const req = (key: string, kind: Kind): Field => ({ key, kind, required: true });

// vlan.rs `VlanProtocol`
const VLAN_PROTOCOL = enumOf('VlanProtocol', variants('802.1q', '802.1ad'));

// ip.rs `InterfaceIpAddr`
export const INTERFACE_IP_ADDR: Shape = {
  name: 'InterfaceIpAddr',
  deny: true,
  fields: [
    req('ip', { t: 'ip' }),
    req('prefix-length', uos(8)),
    opt(
      'mptcp-flags',
      list(enumOf('MptcpAddressFlag', variants('signal', 'subflow', 'backup', 'fullmesh'))),
    ),
    opt('valid-life-time', str, ['valid-left', 'valid-lft']),
    opt('preferred-life-time', str, ['preferred-left', 'preferred-lft']),
  ],
};

// ip.rs `InterfaceIp`, shared by `InterfaceIpv4` and `InterfaceIpv6` (their `Deserialize` impls).
export const INTERFACE_IP: Shape = {
  name: 'InterfaceIp',
  deny: true,
  fields: [
    dw('enabled', bos),
    dw('dhcp', bos),
    dw('autoconf', bos),
    opt(
      'dhcp-client-id',
      enumOf('Dhcpv4ClientId', variants(['ll', 'LL'], ['iaid+duid', 'IAID+DUID']), {
        other: true,
      }),
    ),
    opt(
      'dhcp-duid',
      enumOf('Dhcpv6Duid', variants(['llt', 'LLT'], ['en', 'EN'], ['ll', 'LL'], ['uuid', 'UUID']), {
        other: true,
      }),
    ),
    opt('address', list(struct(INTERFACE_IP_ADDR))),
    dw('auto-dns', bos),
    dw('auto-gateway', bos),
    dw('auto-routes', bos),
    dw('auto-route-table-id', uos(32)),
    dw('auto-route-metric', uos(32)),
    opt(
      'addr-gen-mode',
      enumOf(
        'Ipv6AddrGenMode',
        variants(['eui64', 'EUI64'], ['stable-privacy', 'STABLE-PRIVACY']),
        {
          other: true,
        },
      ),
    ),
    opt('allow-extra-address', bool),
    opt('token', str),
    opt('dhcp-send-hostname', bool),
    opt('dhcp-custom-hostname', str),
  ],
};

// mptcp.rs `MptcpConfig`
const MPTCP: Shape = {
  name: 'MptcpConfig',
  deny: true,
  fields: [
    opt(
      'address-flags',
      list(enumOf('MptcpAddressFlag', variants('signal', 'subflow', 'backup', 'fullmesh'))),
    ),
  ],
};

// ieee8021x.rs `Ieee8021XConfig` (no deny_unknown_fields)
const IEEE8021X: Shape = {
  name: 'Ieee8021XConfig',
  deny: false,
  fields: [
    opt('identity', str),
    opt('eap-methods', list(str)),
    opt('private-key', str),
    opt('client-cert', str),
    opt('ca-cert', str),
    opt('private-key-password', str),
    opt('phase2-auth', str),
    opt('password', str),
  ],
};

// lldp.rs `LldpConfig`: `neighbors` is query-only and read through a `skip` deserializer.
const LLDP: Shape = {
  name: 'LldpConfig',
  deny: true,
  fields: [req('enabled', bos), { key: 'neighbors', kind: custom('ignored'), noOutput: true }],
};

// ifaces/ethtool.rs `EthtoolPauseConfig`, `EthtoolCoalesceConfig`, `EthtoolRingConfig`,
// `EthtoolConfig`
const ETHTOOL_PAUSE: Shape = {
  name: 'EthtoolPauseConfig',
  deny: true,
  fields: [dw('rx', bos), dw('tx', bos), dw('autoneg', bos)],
};
const ETHTOOL_COALESCE: Shape = {
  name: 'EthtoolCoalesceConfig',
  deny: true,
  fields: [
    dw('adaptive-rx', bos),
    dw('adaptive-tx', bos),
    ...[
      'pkt-rate-high',
      'pkt-rate-low',
      'rx-frames',
      'rx-frames-high',
      'rx-frames-irq',
      'rx-frames-low',
      'rx-usecs',
      'rx-usecs-high',
      'rx-usecs-irq',
      'rx-usecs-low',
      'sample-interval',
      'stats-block-usecs',
      'tx-frames',
      'tx-frames-high',
      'tx-frames-irq',
      'tx-frames-low',
      'tx-usecs',
      'tx-usecs-high',
      'tx-usecs-irq',
      'tx-usecs-low',
    ].map((k) => dw(k, uos(32))),
  ],
};
const ETHTOOL_RING: Shape = {
  name: 'EthtoolRingConfig',
  deny: true,
  fields: [
    'rx',
    'rx-max',
    'rx-jumbo',
    'rx-jumbo-max',
    'rx-mini',
    'rx-mini-max',
    'tx',
    'tx-max',
  ].map((k) => dw(k, uos(32))),
};
const ETHTOOL: Shape = {
  name: 'EthtoolConfig',
  deny: true,
  fields: [
    opt('pause', struct(ETHTOOL_PAUSE)),
    dw('feature', custom('ethtoolFeature')),
    opt('coalesce', struct(ETHTOOL_COALESCE)),
    opt('ring', struct(ETHTOOL_RING)),
  ],
};

// dispatch.rs `DispatchConfig` (no deny_unknown_fields)
const DISPATCH: Shape = {
  name: 'DispatchConfig',
  deny: false,
  fields: [opt('post-activation', str), opt('post-deactivation', str)],
};

/** iface.rs `InterfaceState`; read first by `Interface::deserialize`, then by the base. */
export const INTERFACE_STATE: Kind = enumOf(
  'InterfaceState',
  variants('up', 'down', 'absent', 'unknown', 'ignore'),
);

/**
 * ifaces/base.rs `BaseInterface`: deny_unknown_fields next to a flattened `_other` map. serde's
 * flattened map borrows the leftover keys without consuming them, so the deny check still finds
 * them and reports the bare `unknown field `x`` (serde_derive `collected_deny_unknown_fields`),
 * with no list of expected names.
 */
export const BASE_INTERFACE: Shape = {
  name: 'BaseInterface',
  deny: true,
  fields: [
    req('name', str),
    opt('profile-name', str),
    opt('description', str),
    { key: 'type', kind: custom('interfaceType') },
    opt('driver', str),
    { key: 'state', kind: INTERFACE_STATE },
    opt('identifier', enumOf('InterfaceIdentifier', variants('name', 'mac-address'))),
    opt('mac-address', str),
    opt('permanent-mac-address', str),
    dw('mtu', uos(64)),
    opt('min-mtu', uint(64)),
    opt('max-mtu', uint(64)),
    opt('wait-ip', enumOf('WaitIp', variants('any', 'ipv4', 'ipv6', 'ipv4+ipv6'))),
    opt('ipv4', custom('ipv4')),
    opt('ipv6', custom('ipv6')),
    opt('mptcp', struct(MPTCP)),
    opt('controller', str),
    dw('accept-all-mac-addresses', bos),
    opt('copy-mac-from', str),
    opt('ovs-db', custom('ovsDbIface')),
    opt('802.1x', struct(IEEE8021X)),
    opt('lldp', struct(LLDP)),
    opt('ethtool', struct(ETHTOOL)),
    opt('dispatch', struct(DISPATCH)),
  ],
};

// ifaces/sriov.rs `SrIovVfConfig`, `SrIovConfig`
const SRIOV_VF: Shape = {
  name: 'SrIovVfConfig',
  deny: true,
  fields: [
    req('id', uos(32)),
    { key: 'iface-name', kind: str },
    opt('mac-address', str),
    dw('spoof-check', bos),
    dw('trust', bos),
    dw('min-tx-rate', uos(32)),
    dw('max-tx-rate', uos(32)),
    dw('vlan-id', uos(32)),
    dw('qos', uos(32)),
    opt('vlan-proto', VLAN_PROTOCOL),
  ],
};
const SRIOV: Shape = {
  name: 'SrIovConfig',
  deny: true,
  fields: [
    dw('drivers-autoprobe', bos),
    dw('total-vfs', uos(32)),
    opt('vfs', list(struct(SRIOV_VF))),
  ],
};

// ifaces/ethernet.rs `EthernetConfig`, `VethConfig` (the latter without deny_unknown_fields)
const ETHERNET: Shape = {
  name: 'EthernetConfig',
  deny: true,
  fields: [
    opt('sr-iov', struct(SRIOV)),
    dw('auto-negotiation', bos),
    dw('speed', uos(32)),
    opt('duplex', enumOf('EthernetDuplex', variants('full', 'half'))),
  ],
};
const VETH: Shape = { name: 'VethConfig', deny: false, fields: [req('peer', str)] };

// ifaces/bond.rs `BondMode` and the option enums: each read through `NumberAsString`, with the
// kernel's numeric values as aliases.
const nas = (name: string, vs: Variant[]): Kind => enumOf(name, vs, { numberAsString: true });
const numbered = (...names: string[]): Variant[] =>
  names.map((name, i) => ({ name, aliases: [String(i)] }));
const BOND_MODE = nas('BondMode', [...numbered(...BOND_MODES), { name: 'unknown' }]);

// ifaces/bond.rs `BondOptions` (kernel sysfs names, no rename_all)
const BOND_OPTIONS: Shape = {
  name: 'BondOptions',
  deny: true,
  fields: [
    dw('ad_actor_sys_prio', uos(16)),
    opt('ad_actor_system', str),
    opt('ad_select', nas('BondAdSelect', numbered('stable', 'bandwidth', 'count'))),
    dw('ad_user_port_key', uos(16)),
    opt('all_slaves_active', nas('BondAllPortsActive', numbered('dropped', 'delivered'))),
    opt('arp_all_targets', nas('BondArpAllTargets', numbered('any', 'all'))),
    dw('arp_interval', uos(32)),
    opt('arp_ip_target', str),
    opt(
      'arp_validate',
      nas(
        'BondArpValidate',
        numbered('none', 'active', 'backup', 'all', 'filter', 'filter_active', 'filter_backup'),
      ),
    ),
    dw('downdelay', uos(32)),
    opt('fail_over_mac', nas('BondFailOverMac', numbered('none', 'active', 'follow'))),
    opt('lacp_rate', nas('BondLacpRate', numbered('slow', 'fast'))),
    dw('lp_interval', uos(32)),
    dw('miimon', uos(32)),
    dw('min_links', uos(32)),
    dw('num_grat_arp', uos(8)),
    dw('num_unsol_na', uos(8)),
    dw('packets_per_slave', uos(32)),
    opt('primary', str),
    opt('primary_reselect', nas('BondPrimaryReselect', numbered('always', 'better', 'failure'))),
    dw('resend_igmp', uos(32)),
    dw('tlb_dynamic_lb', bos),
    dw('updelay', uos(32)),
    dw('use_carrier', bos),
    opt(
      'xmit_hash_policy',
      nas(
        'BondXmitHashPolicy',
        numbered('layer2', 'layer3+4', 'layer2+3', 'encap2+3', 'encap3+4', 'vlan+srcmac'),
      ),
    ),
    dw('balance_slb', bos, ['balance-slb']),
    dw('arp_missed_max', uos(8)),
  ],
};

// ifaces/bond.rs `BondPortConfig` (no deny_unknown_fields), `BondConfig`
const BOND_PORT: Shape = {
  name: 'BondPortConfig',
  deny: false,
  fields: [req('name', str), dw('priority', ios(32)), dw('queue-id', uos(16))],
};
const BOND: Shape = {
  name: 'BondConfig',
  deny: true,
  fields: [
    opt('mode', BOND_MODE),
    opt('options', struct(BOND_OPTIONS)),
    opt('port', list(str), ['ports']),
    opt('ports-config', list(struct(BOND_PORT))),
  ],
};

// ifaces/bridge_vlan.rs `BridgePortVlanRange`, `BridgePortVlanConfig` (trunk tags have their own
// `Deserialize`)
export const BRIDGE_VLAN_RANGE: Shape = {
  name: 'BridgePortVlanRange',
  deny: true,
  fields: [req('min', uos(16)), req('max', uos(16))],
};
const BRIDGE_PORT_VLAN: Shape = {
  name: 'BridgePortVlanConfig',
  deny: true,
  fields: [
    dw('enable-native', bos),
    opt('mode', enumOf('BridgePortVlanMode', variants('trunk', 'access'))),
    dw('tag', uos(16)),
    opt('trunk-tags', list(custom('trunkTag'))),
  ],
};

// ifaces/linux_bridge.rs `LinuxBridgeStpOptions` (also OVS's `OvsBridgeStpOptions`),
// `LinuxBridgeOptions`, `LinuxBridgePortConfig`, `LinuxBridgeConfig`
export const BRIDGE_STP: Shape = {
  name: 'LinuxBridgeStpOptions',
  deny: true,
  fields: [
    dw('enabled', bos),
    dw('forward-delay', uos(8)),
    dw('hello-time', uos(8)),
    dw('max-age', uos(8)),
    dw('priority', uos(16)),
  ],
};
const BRIDGE_OPTIONS: Shape = {
  name: 'LinuxBridgeOptions',
  deny: true,
  fields: [
    opt('gc-timer', uint(64)),
    opt('group-addr', str),
    dw('group-forward-mask', uos(16)),
    dw('group-fwd-mask', uos(16)),
    dw('hash-max', uos(32)),
    opt('hello-timer', uint(64)),
    dw('mac-ageing-time', uos(32)),
    dw('multicast-last-member-count', uos(32)),
    dw('multicast-last-member-interval', uos(64)),
    dw('multicast-membership-interval', uos(64)),
    dw('multicast-querier', bos),
    dw('multicast-querier-interval', uos(64)),
    dw('multicast-query-interval', uos(64)),
    dw('multicast-query-response-interval', uos(64)),
    dw('multicast-query-use-ifaddr', bos),
    dw('multicast-router', custom('multicastRouter')),
    dw('multicast-snooping', bos),
    dw('multicast-startup-query-count', uos(32)),
    dw('multicast-startup-query-interval', uos(64)),
    opt('stp', struct(BRIDGE_STP)),
    opt('vlan-protocol', VLAN_PROTOCOL),
    opt('vlan-default-pvid', uint(16)),
  ],
};
const BRIDGE_PORT: Shape = {
  name: 'LinuxBridgePortConfig',
  deny: true,
  fields: [
    req('name', str),
    dw('stp-hairpin-mode', bos),
    dw('stp-path-cost', uos(32)),
    dw('stp-priority', uos(16)),
    opt('vlan', struct(BRIDGE_PORT_VLAN)),
  ],
};
const LINUX_BRIDGE: Shape = {
  name: 'LinuxBridgeConfig',
  deny: true,
  fields: [
    opt('options', struct(BRIDGE_OPTIONS)),
    opt('port', list(struct(BRIDGE_PORT)), ['ports']),
  ],
};

// ifaces/ovs.rs `OvsBridgeOptions`, `OvsBridgeBondPortConfig` (no deny), `OvsBridgeBondConfig`
// (no rename_all), `OvsBridgePortConfig`, `OvsBridgeConfig`, `OvsPatchConfig`, `OvsDpdkConfig`
const OVS_BRIDGE_OPTIONS: Shape = {
  name: 'OvsBridgeOptions',
  deny: true,
  fields: [
    dw('stp', custom('ovsStp')),
    dw('rstp', bos),
    dw('mcast-snooping-enable', bos),
    opt('fail-mode', str),
    opt('datapath', str),
  ],
};
const OVS_BOND_PORT: Shape = {
  name: 'OvsBridgeBondPortConfig',
  deny: false,
  fields: [req('name', str)],
};
const OVS_BOND: Shape = {
  name: 'OvsBridgeBondConfig',
  deny: true,
  fields: [
    opt(
      'mode',
      enumOf('OvsBridgeBondMode', variants('active-backup', 'balance-slb', 'balance-tcp', 'lacp')),
    ),
    opt('port', list(struct(OVS_BOND_PORT)), ['ports']),
    dw('bond-downdelay', uos(32)),
    dw('bond-updelay', uos(32)),
    opt('ovs-db', custom('ovsDbIface')),
  ],
};
const OVS_BRIDGE_PORT: Shape = {
  name: 'OvsBridgePortConfig',
  deny: true,
  fields: [
    req('name', str),
    opt('link-aggregation', struct(OVS_BOND)),
    opt('vlan', struct(BRIDGE_PORT_VLAN)),
  ],
};
const OVS_BRIDGE: Shape = {
  name: 'OvsBridgeConfig',
  deny: true,
  fields: [
    opt('allow-extra-patch-ports', bool),
    opt('options', struct(OVS_BRIDGE_OPTIONS)),
    opt('port', list(struct(OVS_BRIDGE_PORT)), ['ports']),
  ],
};
const OVS_PATCH: Shape = { name: 'OvsPatchConfig', deny: true, fields: [req('peer', str)] };
const OVS_DPDK: Shape = {
  name: 'OvsDpdkConfig',
  deny: true,
  fields: [
    req('devargs', str),
    opt('rx-queue', uint(32), ['n_rxq']),
    opt('n_rxq_desc', uint(32)),
    opt('n_txq_desc', uint(32)),
  ],
};

// ifaces/vlan.rs `VlanConfig`
const VLAN: Shape = {
  name: 'VlanConfig',
  deny: true,
  fields: [
    opt('base-iface', str),
    req('id', uos(16)),
    opt('protocol', VLAN_PROTOCOL),
    opt(
      'registration-protocol',
      enumOf('VlanRegistrationProtocol', variants('gvrp', 'mvrp', 'none')),
    ),
    opt('reorder-headers', bool),
    opt('loose-binding', bool),
  ],
};

// ifaces/vxlan.rs `VxlanConfig`
const VXLAN: Shape = {
  name: 'VxlanConfig',
  deny: true,
  fields: [
    { key: 'base-iface', kind: str },
    req('id', uos(32)),
    opt('learning', bool),
    opt('local', { t: 'ip' }),
    opt('remote', { t: 'ip' }),
    dw('destination-port', uos(16)),
  ],
};

// ifaces/mac_vlan.rs `MacVlanConfig`, ifaces/mac_vtap.rs `MacVtapConfig`
const macvShape = (name: string, modeName: string): Shape => ({
  name,
  deny: true,
  fields: [
    req('base-iface', str),
    req(
      'mode',
      enumOf(modeName, variants('vepa', 'bridge', 'private', 'passthru', 'source', 'unknown')),
    ),
    dw('promiscuous', bos, ['accept-all-mac']),
  ],
});
const MAC_VLAN = macvShape('MacVlanConfig', 'MacVlanMode');
const MAC_VTAP = macvShape('MacVtapConfig', 'MacVtapMode');

// ifaces/vrf.rs `VrfConfig` (no rename_all)
const VRF: Shape = {
  name: 'VrfConfig',
  deny: true,
  fields: [opt('port', list(str), ['ports']), dw('route-table-id', uos(32))],
};

// ifaces/hsr.rs `HsrConfig` (no deny_unknown_fields)
const HSR: Shape = {
  name: 'HsrConfig',
  deny: false,
  fields: [
    req('port1', str),
    req('port2', str),
    opt('supervision-address', str),
    req('multicast-spec', uint(8)),
    req('protocol', enumOf('HsrProtocol', variants('hsr', 'prp'))),
  ],
};

// ifaces/infiniband.rs `InfiniBandConfig`: `pkey` has a `deserialize_with` but no `default`, so
// serde requires it; it is printed as `0x…` (`show_as_hex`).
const INFINIBAND: Shape = {
  name: 'InfiniBandConfig',
  deny: true,
  fields: [
    req('mode', enumOf('InfiniBandMode', variants('datagram', 'connected'))),
    opt('base-iface', str),
    { key: 'pkey', kind: { t: 'uintOrString', bits: 16, hex: true }, required: true },
  ],
};

// ifaces/macsec.rs `MacSecConfig` (no deny_unknown_fields)
const MACSEC: Shape = {
  name: 'MacSecConfig',
  deny: false,
  fields: [
    req('encrypt', bool),
    req('base-iface', str),
    opt('mka-cak', str),
    opt('mka-ckn', str),
    req('port', uint(32)),
    req('validation', enumOf('MacSecValidate', variants('disabled', 'check', 'strict'))),
    req('send-sci', bool),
    opt('offload', enumOf('MacSecOffload', variants('off', 'phy', 'mac'))),
  ],
};

// ifaces/ipsec.rs `LibreswanConfig` (no rename_all; explicit renames)
const ADDRESS_FAMILY = enumOf('LibreswanAddressFamily', variants('ipv4', 'ipv6'));
const LIBRESWAN: Shape = {
  name: 'LibreswanConfig',
  deny: true,
  fields: [
    req('right', str),
    ...[
      'rightid',
      'rightrsasigkey',
      'rightcert',
      'left',
      'leftid',
      'leftrsasigkey',
      'leftcert',
      'ikev2',
      'psk',
      'ikelifetime',
      'salifetime',
      'ike',
      'esp',
    ].map((k) => opt(k, str)),
    dw('dpddelay', uos(64)),
    dw('dpdtimeout', uos(64)),
    opt('dpdaction', str),
    dw('ipsec-interface', custom('ipsecInterface')),
    opt('authby', str),
    opt('rightsubnet', str),
    opt('leftsubnet', str),
    opt('leftmodecfgclient', bool),
    opt('type', enumOf('LibreswanConnectionType', variants('tunnel', 'transport'))),
    opt('hostaddrfamily', ADDRESS_FAMILY),
    opt('clientaddrfamily', ADDRESS_FAMILY),
    opt('require-id-on-certificate', bool),
  ],
};

// ifaces/ipvlan.rs `IpVlanConfig`
const IPVLAN: Shape = {
  name: 'IpVlanConfig',
  deny: true,
  fields: [
    opt('base-iface', str),
    opt('mode', enumOf('IpVlanMode', variants('l2', 'l3', 'l3s'))),
    dw('private', bos),
    dw('vepa', bos),
  ],
};

/**
 * iface.rs `Interface::deserialize`: the interface types with their own struct and that struct's
 * fields besides the flattened `BaseInterface`. `veth` is read as an `EthernetInterface`. Any
 * other type (`tun`, `unknown`, `team`, which nmstate 2 no longer has, or none) is an
 * `UnknownInterface`, of which only `name` and `state` are read.
 */
export const INTERFACE_TYPES: Readonly<Record<string, readonly Field[]>> = {
  // ifaces/ethernet.rs `EthernetInterface`
  ethernet: [opt('ethernet', struct(ETHERNET)), opt('veth', struct(VETH))],
  veth: [opt('ethernet', struct(ETHERNET)), opt('veth', struct(VETH))],
  // ifaces/bond.rs `BondInterface`
  bond: [opt('link-aggregation', struct(BOND))],
  // ifaces/linux_bridge.rs `LinuxBridgeInterface`
  'linux-bridge': [opt('bridge', struct(LINUX_BRIDGE))],
  // ifaces/ovs.rs `OvsBridgeInterface`, `OvsInterface`
  'ovs-bridge': [opt('bridge', struct(OVS_BRIDGE))],
  'ovs-interface': [opt('patch', struct(OVS_PATCH)), opt('dpdk', struct(OVS_DPDK))],
  // ifaces/vlan.rs, vxlan.rs, mac_vlan.rs, mac_vtap.rs, vrf.rs, hsr.rs, infiniband.rs, macsec.rs,
  // ipsec.rs, ipvlan.rs
  vlan: [opt('vlan', struct(VLAN))],
  vxlan: [opt('vxlan', struct(VXLAN))],
  'mac-vlan': [opt('mac-vlan', struct(MAC_VLAN))],
  'mac-vtap': [opt('mac-vtap', struct(MAC_VTAP))],
  vrf: [opt('vrf', struct(VRF))],
  hsr: [opt('hsr', struct(HSR))],
  infiniband: [opt('infiniband', struct(INFINIBAND))],
  macsec: [opt('macsec', struct(MACSEC))],
  ipsec: [opt('libreswan', struct(LIBRESWAN))],
  ipvlan: [opt('ipvlan', struct(IPVLAN))],
  // ifaces/dummy.rs, loopback.rs, xfrm.rs: the base interface only
  dummy: [],
  loopback: [],
  xfrm: [],
};

/** iface.rs `InterfaceType`: the names it knows; any other string is `Other(String)`. */
export const INTERFACE_TYPE_NAMES: readonly string[] = [
  'bond',
  'linux-bridge',
  'dummy',
  'ethernet',
  'hsr',
  'loopback',
  'mac-vlan',
  'mac-vtap',
  'ovs-bridge',
  'ovs-interface',
  'veth',
  'vlan',
  'vrf',
  'vxlan',
  'infiniband',
  'tun',
  'macsec',
  'ipsec',
  'xfrm',
  'ipvlan',
  'unknown',
];

// route.rs `RouteEntry`, `Routes`
const ROUTE_ENTRY: Shape = {
  name: 'RouteEntry',
  deny: true,
  fields: [
    opt('state', enumOf('RouteState', variants('absent'))),
    opt('destination', str),
    opt('next-hop-interface', str),
    opt('next-hop-address', str),
    dw('metric', ios(64)),
    dw('table-id', uos(32)),
    dw('weight', uos(16)),
    opt('route-type', enumOf('RouteType', variants('blackhole', 'unreachable', 'prohibit'))),
    opt('cwnd', uint(32)),
    opt('source', str),
  ],
};
const ROUTES: Shape = {
  name: 'Routes',
  deny: true,
  fields: [opt('running', list(struct(ROUTE_ENTRY))), opt('config', list(struct(ROUTE_ENTRY)))],
};

// route_rule.rs `RouteRuleEntry` (fwmark/fwmask printed as `0x…`), `RouteRules`
const ROUTE_RULE: Shape = {
  name: 'RouteRuleEntry',
  deny: true,
  fields: [
    opt('family', enumOf('AddressFamily', variants('ipv4', 'ipv6', 'unknown'))),
    opt('state', enumOf('RouteRuleState', variants('absent'))),
    opt('ip-from', str),
    opt('ip-to', str),
    dw('priority', ios(64)),
    dw('route-table', uos(32)),
    dw('fwmark', { t: 'uintOrString', bits: 32, hex: true }),
    dw('fwmask', { t: 'uintOrString', bits: 32, hex: true }),
    opt('action', enumOf('RouteRuleAction', variants('blackhole', 'unreachable', 'prohibit'))),
    opt('iif', str),
    opt('suppress-prefix-length', uint(32), ['suppress_prefixlength']),
  ],
};
const ROUTE_RULES: Shape = {
  name: 'RouteRules',
  deny: true,
  fields: [opt('config', list(struct(ROUTE_RULE)))],
};

// dns.rs `DnsClientState`, `DnsState`
const DNS_CLIENT: Shape = {
  name: 'DnsClientState',
  deny: true,
  fields: [opt('server', list(str)), opt('search', list(str)), opt('options', list(str))],
};
const DNS: Shape = {
  name: 'DnsState',
  deny: true,
  fields: [opt('running', struct(DNS_CLIENT)), opt('config', struct(DNS_CLIENT))],
};

// hostname.rs `HostNameState`
const HOSTNAME: Shape = {
  name: 'HostNameState',
  deny: true,
  fields: [opt('running', str), opt('config', str)],
};

// ovs.rs `OvsDbGlobalConfig`
const OVS_DB_GLOBAL: Shape = {
  name: 'OvsDbGlobalConfig',
  deny: true,
  fields: [
    opt('external_ids', { t: 'optionStringMap' }),
    opt('other_config', { t: 'optionStringMap' }),
  ],
};

// ovn.rs `OvnBridgeMapping` (no deny_unknown_fields), `OvnConfiguration`
const OVN_MAPPING: Shape = {
  name: 'OvnBridgeMapping',
  deny: false,
  fields: [
    req('localnet', str),
    opt('state', enumOf('OvnBridgeMappingState', variants('present', 'absent'))),
    opt('bridge', str),
  ],
};
const OVN: Shape = {
  name: 'OvnConfiguration',
  deny: true,
  fields: [opt('bridge-mappings', list(struct(OVN_MAPPING)))],
};

// net_state.rs `NetworkState`
export const NETWORK_STATE: Shape = {
  name: 'NetworkState',
  deny: true,
  fields: [
    { key: 'description', kind: str },
    opt('hostname', struct(HOSTNAME)),
    opt('dns-resolver', struct(DNS)),
    { key: 'route-rules', kind: struct(ROUTE_RULES) },
    { key: 'routes', kind: struct(ROUTES) },
    { key: 'interfaces', kind: custom('interfaces') },
    opt('ovs-db', struct(OVS_DB_GLOBAL)),
    { key: 'ovn', kind: struct(OVN) },
  ],
};

const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** serde's FIELDS list of a struct: each field's name and aliases, sorted together. */
/** The field a key names, under its own name or an alias (serde's `#[serde(alias)]`). */
export function findField(fields: readonly Field[], key: string): Field | undefined {
  return fields.find((f) => f.key === key || (f.aliases ?? []).includes(key));
}

export function expectedNames(fields: readonly Field[]): string[] {
  return fields.flatMap((f) => [f.key, ...(f.aliases ?? [])].sort(byteOrder));
}

/** serde's VARIANTS list of an enum, aliases sorted with each name. */
export function variantNames(vs: readonly Variant[]): string[] {
  return vs.flatMap((v) => [v.name, ...(v.aliases ?? [])].sort(byteOrder));
}
