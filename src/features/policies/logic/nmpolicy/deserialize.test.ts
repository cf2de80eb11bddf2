// Table-driven tests of nmstate's strict parse and value normalisation of a desired state, the
// last step of `nmstatectl policy` (nmstate/nmstate 2.2.38 rust/src/lib/policy/template.rs
// `fill_with_captured_data` -> `serde_json::from_value::<NetworkState>`). Each case names the
// upstream file whose struct or helper it pins; the states are our own.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NetworkState } from '../../../../shared/model/nmstate';
import { applyDesiredState } from '../applyDesiredState';
import { workerState } from './__fixtures__/states';
import { deserializeNetworkState, sanitizeDesiredInterface } from './deserialize';
import { resolvePolicyCaptures } from './resolve';
import { oneOf } from './serde';
import type { JsonValue } from './types';

const iface = (fields: Record<string, JsonValue>): JsonValue => ({ interfaces: [fields] });

function parsed(state: JsonValue) {
  const r = deserializeNetworkState(state);
  assert.ok(r.ok, r.ok ? '' : r.msg);
  return r.value;
}

function firstIface(state: JsonValue): Record<string, JsonValue> {
  const out = parsed(state).interfaces;
  assert.ok(Array.isArray(out));
  const [first] = out;
  assert.ok(first !== null && typeof first === 'object' && !Array.isArray(first));
  return first;
}

function rejected(state: JsonValue): string {
  const r = deserializeNetworkState(state);
  assert.ok(!r.ok, 'expected nmstate to reject the state');
  return r.msg;
}

void describe("serde's wording of the expected names (serde de::OneOf)", () => {
  void it('one, two and more names', () => {
    assert.equal(oneOf(['a']), '`a`');
    assert.equal(oneOf(['a', 'b']), '`a` or `b`');
    assert.equal(oneOf(['a', 'b', 'c']), 'one of `a`, `b`, `c`');
  });
});

void describe('every interface type nmstate 2.2 has parses with its own keys (ifaces/*.rs)', () => {
  const cases: { file: string; iface: Record<string, JsonValue>; key?: string }[] = [
    {
      file: 'ethernet.rs EthernetConfig, sriov.rs',
      iface: {
        name: 'ens4',
        type: 'ethernet',
        ethernet: {
          'auto-negotiation': false,
          speed: 1000,
          duplex: 'full',
          'sr-iov': { 'total-vfs': 2, vfs: [{ id: 0, 'spoof-check': true, trust: false }] },
        },
      },
    },
    { file: 'ethernet.rs VethConfig', iface: { name: 'v0', type: 'veth', veth: { peer: 'v1' } } },
    {
      file: 'bond.rs BondConfig, BondOptions, BondPortConfig',
      iface: {
        name: 'bond0',
        type: 'bond',
        'link-aggregation': {
          mode: '802.3ad',
          options: { miimon: 100, lacp_rate: 'fast', xmit_hash_policy: 'layer3+4' },
          port: ['ens4', 'ens5'],
          'ports-config': [{ name: 'ens4', priority: 10, 'queue-id': 1 }],
        },
      },
    },
    {
      file: 'linux_bridge.rs, bridge_vlan.rs',
      iface: {
        name: 'br1',
        type: 'linux-bridge',
        bridge: {
          options: { stp: { enabled: false }, 'mac-ageing-time': 300, 'multicast-snooping': true },
          port: [
            {
              name: 'ens4',
              'stp-priority': 32,
              vlan: {
                mode: 'trunk',
                'trunk-tags': [{ id: 101 }, { 'id-range': { min: 200, max: 299 } }],
              },
            },
          ],
        },
      },
    },
    {
      file: 'ovs.rs OvsBridgeConfig, OvsBridgeBondConfig',
      iface: {
        name: 'br-phy',
        type: 'ovs-bridge',
        bridge: {
          'allow-extra-patch-ports': true,
          options: { stp: true, 'mcast-snooping-enable': false, 'fail-mode': 'secure' },
          port: [
            { name: 'ovs0' },
            {
              name: 'bond1',
              'link-aggregation': {
                mode: 'balance-slb',
                port: [{ name: 'ens4' }, { name: 'ens5' }],
              },
            },
          ],
        },
      },
    },
    {
      file: 'ovs.rs OvsInterface, OvsPatchConfig, OvsDpdkConfig',
      iface: {
        name: 'ovs0',
        type: 'ovs-interface',
        patch: { peer: 'patch1' },
        dpdk: { devargs: '0000:af:00.1', 'rx-queue': 4 },
      },
    },
    {
      file: 'vlan.rs VlanConfig',
      iface: {
        name: 'ens4.100',
        type: 'vlan',
        vlan: { 'base-iface': 'ens4', id: 100, protocol: '802.1q', 'reorder-headers': true },
      },
    },
    {
      file: 'vxlan.rs VxlanConfig',
      iface: {
        name: 'vx0',
        type: 'vxlan',
        vxlan: { 'base-iface': 'ens4', id: 10, remote: '192.0.2.1', 'destination-port': 4789 },
      },
    },
    {
      file: 'mac_vlan.rs MacVlanConfig',
      iface: {
        name: 'mv0',
        type: 'mac-vlan',
        'mac-vlan': { 'base-iface': 'ens4', mode: 'bridge' },
      },
    },
    {
      file: 'mac_vtap.rs MacVtapConfig',
      iface: { name: 'mt0', type: 'mac-vtap', 'mac-vtap': { 'base-iface': 'ens4', mode: 'vepa' } },
    },
    {
      file: 'vrf.rs VrfConfig',
      iface: { name: 'vrf0', type: 'vrf', vrf: { port: ['ens4'], 'route-table-id': 100 } },
    },
    {
      file: 'hsr.rs HsrConfig',
      iface: {
        name: 'hsr0',
        type: 'hsr',
        hsr: { port1: 'ens4', port2: 'ens5', 'multicast-spec': 40, protocol: 'prp' },
      },
    },
    {
      file: 'infiniband.rs InfiniBandConfig',
      iface: {
        name: 'ib0.8001',
        type: 'infiniband',
        infiniband: { mode: 'datagram', 'base-iface': 'ib0', pkey: '0x8001' },
      },
    },
    {
      file: 'macsec.rs MacSecConfig',
      iface: {
        name: 'macsec0',
        type: 'macsec',
        macsec: {
          encrypt: true,
          'base-iface': 'ens4',
          port: 0,
          validation: 'strict',
          'send-sci': true,
        },
      },
    },
    {
      file: 'ipsec.rs LibreswanConfig',
      iface: {
        name: 'hosta_conn',
        type: 'ipsec',
        libreswan: { right: '192.0.2.250', psk: 'secret', ikev2: 'insist', type: 'transport' },
      },
    },
    {
      file: 'ipvlan.rs IpVlanConfig',
      iface: { name: 'ipv0', type: 'ipvlan', ipvlan: { 'base-iface': 'ens4', mode: 'l3s' } },
    },
    { file: 'dummy.rs', iface: { name: 'dummy0', type: 'dummy' } },
    { file: 'loopback.rs', iface: { name: 'lo', type: 'loopback', mtu: 65536 } },
    { file: 'xfrm.rs', iface: { name: 'xfrm1', type: 'xfrm' } },
    {
      file: 'base.rs BaseInterface (ip.rs, mptcp.rs, lldp.rs, ieee8021x.rs, ethtool.rs, dispatch.rs)',
      iface: {
        name: 'ens3',
        type: 'ethernet',
        'profile-name': 'uplink',
        identifier: 'mac-address',
        'mac-address': '52:54:00:AB:00:03',
        'wait-ip': 'ipv4+ipv6',
        ipv4: { enabled: true, dhcp: true, 'auto-dns': false, 'dhcp-client-id': 'iaid+duid' },
        ipv6: { enabled: true, autoconf: true, 'addr-gen-mode': 'stable-privacy' },
        mptcp: { 'address-flags': ['signal', 'subflow'] },
        lldp: { enabled: true },
        '802.1x': { identity: 'host', 'eap-methods': ['tls'] },
        ethtool: { pause: { rx: true }, feature: { 'rx-checksum': true }, ring: { rx: 256 } },
        dispatch: { 'post-activation': 'echo up' },
        'ovs-db': { external_ids: { owner: 'lab' } },
      },
    },
  ];
  for (const c of cases) {
    void it(`${typeof c.iface.type === 'string' ? c.iface.type : '?'} (${c.file})`, () => {
      const out = firstIface(iface(c.iface));
      assert.equal(out.name, c.iface.name);
      assert.equal(out.state, 'up');
    });
  }
});

void describe('unknown keys are errors, with serde wording (deny_unknown_fields)', () => {
  const cases: { name: string; state: JsonValue; message: string }[] = [
    {
      name: 'an interface-level key: the flattened BaseInterface gives no list (base.rs)',
      state: iface({ name: 'ens4', type: 'ethernet', foo: 'bar' }),
      message: 'unknown field `foo`',
    },
    {
      name: "another type's section is unknown on this type (iface.rs dispatch)",
      state: iface({ name: 'bond0', type: 'bond', bridge: { port: [] } }),
      message: 'unknown field `bridge`',
    },
    {
      name: 'ethernet section (ethernet.rs EthernetConfig)',
      state: iface({ name: 'ens4', type: 'ethernet', ethernet: { autoneg: true } }),
      message:
        'unknown field `autoneg`, expected one of `sr-iov`, `auto-negotiation`, `speed`, `duplex`',
    },
    {
      name: 'bond options keep the kernel names (bond.rs BondOptions)',
      state: iface({
        name: 'bond0',
        type: 'bond',
        'link-aggregation': { mode: 'active-backup', options: { 'mii-mon': 100 } },
      }),
      message:
        'unknown field `mii-mon`, expected one of `ad_actor_sys_prio`, `ad_actor_system`, `ad_select`, `ad_user_port_key`, `all_slaves_active`, `arp_all_targets`, `arp_interval`, `arp_ip_target`, `arp_validate`, `downdelay`, `fail_over_mac`, `lacp_rate`, `lp_interval`, `miimon`, `min_links`, `num_grat_arp`, `num_unsol_na`, `packets_per_slave`, `primary`, `primary_reselect`, `resend_igmp`, `tlb_dynamic_lb`, `updelay`, `use_carrier`, `xmit_hash_policy`, `balance-slb`, `balance_slb`, `arp_missed_max`',
    },
    {
      name: '`slaves` is no alias in nmstate 2 (bond.rs BondConfig)',
      state: iface({ name: 'bond0', type: 'bond', 'link-aggregation': { slaves: ['ens4'] } }),
      message:
        'unknown field `slaves`, expected one of `mode`, `options`, `port`, `ports`, `ports-config`',
    },
    {
      name: 'linux-bridge port (linux_bridge.rs LinuxBridgePortConfig)',
      state: iface({
        name: 'br1',
        type: 'linux-bridge',
        bridge: { port: [{ name: 'ens4', 'stp-cost': 4 }] },
      }),
      message:
        'unknown field `stp-cost`, expected one of `name`, `stp-hairpin-mode`, `stp-path-cost`, `stp-priority`, `vlan`',
    },
    {
      name: 'bridge port VLAN (bridge_vlan.rs BridgePortVlanConfig)',
      state: iface({
        name: 'br1',
        type: 'linux-bridge',
        bridge: { port: [{ name: 'ens4', vlan: { mode: 'access', id: 5 } }] },
      }),
      message: 'unknown field `id`, expected one of `enable-native`, `mode`, `tag`, `trunk-tags`',
    },
    {
      name: 'OVS bond inside an OVS bridge port (ovs.rs OvsBridgeBondConfig)',
      state: iface({
        name: 'br0',
        type: 'ovs-bridge',
        bridge: {
          port: [{ name: 'bond1', 'link-aggregation': { mode: 'active-backup', invalid: 'foo' } }],
        },
      }),
      message:
        'unknown field `invalid`, expected one of `mode`, `port`, `ports`, `bond-downdelay`, `bond-updelay`, `ovs-db`',
    },
    {
      name: 'vlan (vlan.rs VlanConfig)',
      state: iface({ name: 'v', type: 'vlan', vlan: { 'base-iface': 'ens4', id: 1, tag: 1 } }),
      message:
        'unknown field `tag`, expected one of `base-iface`, `id`, `protocol`, `registration-protocol`, `reorder-headers`, `loose-binding`',
    },
    {
      name: 'vxlan (vxlan.rs VxlanConfig)',
      state: iface({ name: 'vx', type: 'vxlan', vxlan: { id: 1, 'dst-port': 4789 } }),
      message:
        'unknown field `dst-port`, expected one of `base-iface`, `id`, `learning`, `local`, `remote`, `destination-port`',
    },
    {
      name: 'mac-vtap aliases are listed next to their field (mac_vtap.rs)',
      state: iface({
        name: 'm',
        type: 'mac-vtap',
        'mac-vtap': { 'base-iface': 'e', mode: 'vepa', x: 1 },
      }),
      message:
        'unknown field `x`, expected one of `base-iface`, `mode`, `accept-all-mac`, `promiscuous`',
    },
    {
      name: 'vrf (vrf.rs VrfConfig)',
      state: iface({ name: 'vrf0', type: 'vrf', vrf: { 'table-id': 100 } }),
      message: 'unknown field `table-id`, expected one of `port`, `ports`, `route-table-id`',
    },
    {
      name: 'ipvlan (ipvlan.rs IpVlanConfig)',
      state: iface({ name: 'i', type: 'ipvlan', ipvlan: { base: 'ens4' } }),
      message: 'unknown field `base`, expected one of `base-iface`, `mode`, `private`, `vepa`',
    },
    {
      name: 'libreswan (ipsec.rs LibreswanConfig)',
      state: iface({ name: 'c', type: 'ipsec', libreswan: { right: 'h', pfs: 'no' } }),
      message:
        'unknown field `pfs`, expected one of `right`, `rightid`, `rightrsasigkey`, `rightcert`, `left`, `leftid`, `leftrsasigkey`, `leftcert`, `ikev2`, `psk`, `ikelifetime`, `salifetime`, `ike`, `esp`, `dpddelay`, `dpdtimeout`, `dpdaction`, `ipsec-interface`, `authby`, `rightsubnet`, `leftsubnet`, `leftmodecfgclient`, `type`, `hostaddrfamily`, `clientaddrfamily`, `require-id-on-certificate`',
    },
    {
      name: 'an IP address entry, with its alias spellings (ip.rs InterfaceIpAddr)',
      state: iface({
        name: 'ens4',
        type: 'ethernet',
        ipv4: { address: [{ ip: '192.0.2.1', 'prefix-length': 24, prefix: 24 }] },
      }),
      message:
        'unknown field `prefix`, expected one of `ip`, `prefix-length`, `mptcp-flags`, `valid-left`, `valid-lft`, `valid-life-time`, `preferred-left`, `preferred-lft`, `preferred-life-time`',
    },
    {
      name: 'ipv4 stack (ip.rs InterfaceIp)',
      state: iface({ name: 'ens4', type: 'ethernet', ipv4: { enabled: true, dhcp4: true } }),
      message:
        'unknown field `dhcp4`, expected one of `enabled`, `dhcp`, `autoconf`, `dhcp-client-id`, `dhcp-duid`, `address`, `auto-dns`, `auto-gateway`, `auto-routes`, `auto-route-table-id`, `auto-route-metric`, `addr-gen-mode`, `allow-extra-address`, `token`, `dhcp-send-hostname`, `dhcp-custom-hostname`',
    },
    {
      name: 'lldp (lldp.rs LldpConfig)',
      state: iface({ name: 'ens4', type: 'ethernet', lldp: { enabled: true, tx: true } }),
      message: 'unknown field `tx`, expected `enabled` or `neighbors`',
    },
    {
      name: 'ethtool (ethtool.rs EthtoolConfig)',
      state: iface({ name: 'ens4', type: 'ethernet', ethtool: { features: {} } }),
      message: 'unknown field `features`, expected one of `pause`, `feature`, `coalesce`, `ring`',
    },
    {
      name: 'mptcp (mptcp.rs MptcpConfig)',
      state: iface({ name: 'ens4', type: 'ethernet', mptcp: { flags: [] } }),
      message: 'unknown field `flags`, expected `address-flags`',
    },
    {
      name: 'interface ovs-db has its own check (ovs.rs OvsDbIfaceConfig)',
      state: iface({ name: 'ens4', type: 'ethernet', 'ovs-db': { other: {}, bridge: {} } }),
      message:
        "Unsupported section names 'bridge, other', only supports `external_ids` and `other_config`",
    },
    {
      name: 'route entry (route.rs RouteEntry)',
      state: { routes: { config: [{ destination: '0.0.0.0/0', gateway: '192.0.2.1' }] } },
      message:
        'unknown field `gateway`, expected one of `state`, `destination`, `next-hop-interface`, `next-hop-address`, `metric`, `table-id`, `weight`, `route-type`, `cwnd`, `source`',
    },
    {
      name: 'route rule, with the `suppress_prefixlength` alias (route_rule.rs)',
      state: { 'route-rules': { config: [{ 'ip-to': '192.0.2.0/24', table: 100 }] } },
      message:
        'unknown field `table`, expected one of `family`, `state`, `ip-from`, `ip-to`, `priority`, `route-table`, `fwmark`, `fwmask`, `action`, `iif`, `suppress-prefix-length`, `suppress_prefixlength`',
    },
    {
      name: 'dns client (dns.rs DnsClientState)',
      state: { 'dns-resolver': { config: { servers: ['192.0.2.53'] } } },
      message: 'unknown field `servers`, expected one of `server`, `search`, `options`',
    },
    {
      name: 'hostname (hostname.rs)',
      state: { hostname: { static: 'h' } },
      message: 'unknown field `static`, expected `running` or `config`',
    },
    {
      name: 'global ovs-db (ovs.rs OvsDbGlobalConfig)',
      state: { 'ovs-db': { externalIds: {} } },
      message: 'unknown field `externalIds`, expected `external_ids` or `other_config`',
    },
    {
      name: 'ovn (ovn.rs OvnConfiguration)',
      state: { ovn: { 'bridge-mapping': [] } },
      message: 'unknown field `bridge-mapping`, expected `bridge-mappings`',
    },
  ];
  for (const c of cases) void it(c.name, () => assert.equal(rejected(c.state), c.message));

  const ignored: { name: string; state: JsonValue }[] = [
    {
      name: 'veth config has no deny_unknown_fields (ethernet.rs VethConfig)',
      state: iface({ name: 'v0', type: 'veth', veth: { peer: 'v1', extra: 1 } }),
    },
    {
      name: '802.1x has no deny_unknown_fields (ieee8021x.rs)',
      state: iface({
        name: 'e',
        type: 'ethernet',
        '802.1x': { identity: 'x', 'eap-method': 'tls' },
      }),
    },
    {
      name: 'an unknown interface type is an UnknownInterface: only name and state are read (iface.rs)',
      state: iface({ name: 'team0', type: 'team', team: { runner: 'lacp' } }),
    },
    {
      name: 'an absent interface keeps only name, type and state (iface.rs)',
      state: iface({ name: 'bond0', type: 'bond', state: 'absent', anything: { at: 'all' } }),
    },
    {
      name: 'lldp neighbors are read and dropped (lldp.rs `skip`)',
      state: iface({
        name: 'e',
        type: 'ethernet',
        lldp: { enabled: true, neighbors: [[{ x: 1 }]] },
      }),
    },
  ];
  for (const c of ignored) void it(c.name, () => assert.ok(deserializeNetworkState(c.state).ok));
});

void describe('missing required keys (serde missing_field)', () => {
  const cases: { name: string; state: JsonValue; message: string }[] = [
    {
      name: 'interface name (base.rs)',
      state: iface({ type: 'ethernet', mtu: 1500 }),
      message: 'missing field `name`',
    },
    {
      name: 'vlan id (vlan.rs)',
      state: iface({ name: 'v', type: 'vlan', vlan: { 'base-iface': 'ens4' } }),
      message: 'missing field `id`',
    },
    {
      name: 'mac-vlan mode (mac_vlan.rs)',
      state: iface({ name: 'mv0', type: 'mac-vlan', 'mac-vlan': { 'base-iface': 'ens4' } }),
      message: 'missing field `mode`',
    },
    {
      name: 'infiniband pkey: a deserialize_with without default is required (infiniband.rs)',
      state: iface({ name: 'ib0', type: 'infiniband', infiniband: { mode: 'datagram' } }),
      message: 'missing field `pkey`',
    },
    {
      name: 'ip address prefix (ip.rs)',
      state: iface({ name: 'e', type: 'ethernet', ipv4: { address: [{ ip: '192.0.2.1' }] } }),
      message: 'missing field `prefix-length`',
    },
    {
      name: 'ovn bridge mapping localnet (ovn.rs)',
      state: { ovn: { 'bridge-mappings': [{ bridge: 'br-ex' }] } },
      message: 'missing field `localnet`',
    },
  ];
  for (const c of cases) void it(c.name, () => assert.equal(rejected(c.state), c.message));
});

void describe('values nmstate reads leniently come out as nmstate prints them', () => {
  const cases: {
    name: string;
    input: Record<string, JsonValue>;
    pick: (out: Record<string, JsonValue>) => JsonValue | undefined;
    expected: JsonValue;
  }[] = [
    {
      name: 'mtu as a string (base.rs option_u64_or_string)',
      input: { name: 'e', type: 'ethernet', mtu: '9000' },
      pick: (o) => o.mtu,
      expected: 9000,
    },
    {
      name: 'mtu as hexadecimal text (deserializer.rs `0x`)',
      input: { name: 'e', type: 'ethernet', mtu: '0x5dc' },
      pick: (o) => o.mtu,
      expected: 1500,
    },
    {
      name: 'state defaults to up (base.rs default_state)',
      input: { name: 'e', type: 'ethernet' },
      pick: (o) => o.state,
      expected: 'up',
    },
    {
      name: 'booleans as words and digits (deserializer.rs option_bool_or_string)',
      input: { name: 'e', type: 'ethernet', ipv4: { enabled: 'YES', dhcp: 0, 'auto-dns': 'off' } },
      pick: (o) => o.ipv4,
      expected: { enabled: true, dhcp: false, 'auto-dns': false },
    },
    {
      name: 'bond mode by number, as text or integer (bond.rs BondMode aliases, NumberAsString)',
      input: { name: 'b', type: 'bond', 'link-aggregation': { mode: 4, ports: ['ens4'] } },
      pick: (o) => o['link-aggregation'],
      expected: { mode: '802.3ad', port: ['ens4'] },
    },
    {
      name: 'bond options by number (bond.rs BondXmitHashPolicy, BondLacpRate)',
      input: {
        name: 'b',
        type: 'bond',
        'link-aggregation': {
          mode: '1',
          options: { xmit_hash_policy: '1', lacp_rate: 1, miimon: '100', 'balance-slb': 'y' },
        },
      },
      pick: (o) => o['link-aggregation'],
      expected: {
        mode: 'active-backup',
        options: {
          lacp_rate: 'fast',
          miimon: 100,
          xmit_hash_policy: 'layer3+4',
          balance_slb: true,
        },
      },
    },
    {
      name: 'vlan id as a string (vlan.rs u16_or_string)',
      input: { name: 'v', type: 'vlan', vlan: { 'base-iface': 'ens4', id: '100' } },
      pick: (o) => o.vlan,
      expected: { 'base-iface': 'ens4', id: 100 },
    },
    {
      name: 'prefix length as a string and IPv6 compressed (ip.rs InterfaceIpAddr)',
      input: {
        name: 'e',
        type: 'ethernet',
        ipv6: {
          address: [
            { ip: '2001:DB8:0:0:0:0:0:0001', 'prefix-length': '64', 'valid-lft': 'forever' },
          ],
        },
      },
      pick: (o) => o.ipv6,
      expected: {
        address: [{ ip: '2001:db8::1', 'prefix-length': 64, 'valid-life-time': 'forever' }],
      },
    },
    {
      name: 'mac-vlan `accept-all-mac` is `promiscuous` (mac_vlan.rs alias)',
      input: {
        name: 'm',
        type: 'mac-vlan',
        'mac-vlan': { 'base-iface': 'e', mode: 'bridge', 'accept-all-mac': 'true' },
      },
      pick: (o) => o['mac-vlan'],
      expected: { 'base-iface': 'e', mode: 'bridge', promiscuous: true },
    },
    {
      name: 'linux-bridge `ports` and trunk ids given as text (linux_bridge.rs, bridge_vlan.rs)',
      input: {
        name: 'br1',
        type: 'linux-bridge',
        bridge: { ports: [{ name: 'e', vlan: { mode: 'trunk', 'trunk-tags': [{ id: '10' }] } }] },
      },
      pick: (o) => o.bridge,
      expected: { port: [{ name: 'e', vlan: { mode: 'trunk', 'trunk-tags': [{ id: 10 }] } }] },
    },
    {
      name: 'multicast router by number (linux_bridge.rs de_multicast_router: 2 is enabled)',
      input: { name: 'br1', type: 'linux-bridge', bridge: { options: { 'multicast-router': 2 } } },
      pick: (o) => o.bridge,
      expected: { options: { 'multicast-router': 'enabled' } },
    },
    {
      name: 'OVS stp as a word is `enabled: true`, even "false" (ovs.rs ovs_stp_deserializer)',
      input: { name: 'br0', type: 'ovs-bridge', bridge: { options: { stp: 'false' } } },
      pick: (o) => o.bridge,
      expected: { options: { stp: { enabled: true } } },
    },
    {
      name: 'dpdk `n_rxq` is `rx-queue` (ovs.rs OvsDpdkConfig alias)',
      input: { name: 'o', type: 'ovs-interface', dpdk: { devargs: 'x', n_rxq: 2 } },
      pick: (o) => o.dpdk,
      expected: { devargs: 'x', 'rx-queue': 2 },
    },
    {
      name: 'interface ovs-db scalars become strings (ovs.rs value_to_hash_map)',
      input: {
        name: 'e',
        type: 'ethernet',
        'ovs-db': { external_ids: { n: 5, b: true, s: 'x', gone: null } },
      },
      pick: (o) => o['ovs-db'],
      expected: { external_ids: { b: 'true', gone: null, n: '5', s: 'x' } },
    },
    {
      name: 'ethtool features as text (ethtool.rs parse_ethtool_feature)',
      input: { name: 'e', type: 'ethernet', ethtool: { feature: { tso: 'False', gro: '1' } } },
      pick: (o) => o.ethtool,
      expected: { feature: { gro: true, tso: false } },
    },
    {
      name: 'DHCP client id alias LL (ip.rs Dhcpv4ClientId)',
      input: { name: 'e', type: 'ethernet', ipv4: { 'dhcp-client-id': 'LL' } },
      pick: (o) => o.ipv4,
      expected: { 'dhcp-client-id': 'll' },
    },
    {
      name: 'infiniband pkey printed as hex (infiniband.rs show_as_hex)',
      input: {
        name: 'ib0.8001',
        type: 'infiniband',
        infiniband: { mode: 'connected', pkey: 32769 },
      },
      pick: (o) => o.infiniband,
      expected: { mode: 'connected', pkey: '0x8001' },
    },
    {
      name: 'an absent interface drops everything but name, type and state (iface.rs)',
      input: { name: 'bond0', type: 'bond', state: 'absent', mtu: 'nonsense' },
      pick: (o) => o,
      expected: { name: 'bond0', type: 'bond', state: 'absent' },
    },
  ];
  for (const c of cases)
    void it(c.name, () => assert.deepEqual(c.pick(firstIface(iface(c.input))), c.expected));

  void it('route rule fwmark printed as hex, table as number (route_rule.rs option_u32_as_hex)', () => {
    const out = parsed({
      'route-rules': {
        config: [
          { 'ip-to': '192.0.2.0/24', 'route-table': '100', fwmark: 16, suppress_prefixlength: 0 },
        ],
      },
    });
    assert.deepEqual(out['route-rules'], {
      config: [
        {
          'ip-to': '192.0.2.0/24',
          'route-table': 100,
          fwmark: '0x10',
          'suppress-prefix-length': 0,
        },
      ],
    });
  });

  void it('route metric as a string (route.rs option_i64_or_string)', () => {
    const out = parsed({ routes: { config: [{ destination: '0.0.0.0/0', metric: '-1' }] } });
    assert.deepEqual(out.routes, { config: [{ destination: '0.0.0.0/0', metric: -1 }] });
  });
});

void describe('values nmstate rejects (deserializer.rs, serde_json)', () => {
  const cases: { name: string; state: JsonValue; message: string }[] = [
    {
      name: 'a non-numeric mtu string (Rust ParseIntError)',
      state: iface({ name: 'e', type: 'ethernet', mtu: '1500 bytes' }),
      message: 'invalid digit found in string',
    },
    {
      name: 'a negative mtu',
      state: iface({ name: 'e', type: 'ethernet', mtu: -1 }),
      message: 'invalid type: integer `-1`, expected unsigned integer or string',
    },
    {
      name: 'a null mtu (deserialize_with reads null too)',
      state: iface({ name: 'e', type: 'ethernet', mtu: null }),
      message: 'invalid type: null, expected unsigned integer or string',
    },
    {
      name: 'a VLAN id over u16 (TryFromIntError)',
      state: iface({ name: 'v', type: 'vlan', vlan: { 'base-iface': 'e', id: '70000' } }),
      message: 'out of range integral type conversion attempted',
    },
    {
      name: 'a boolean word nmstate does not know',
      state: iface({ name: 'e', type: 'ethernet', ipv4: { enabled: 'maybe' } }),
      message: 'Need to be boolean: 1|0|true|false|yes|no|on|off|y|n',
    },
    {
      name: 'bond mode 7, with the numeric aliases listed (bond.rs BondMode)',
      state: iface({ name: 'b', type: 'bond', 'link-aggregation': { mode: 7 } }),
      message:
        'unknown variant `7`, expected one of `0`, `balance-rr`, `1`, `active-backup`, `2`, `balance-xor`, `3`, `broadcast`, `4`, `802.3ad`, `5`, `balance-tlb`, `6`, `balance-alb`, `unknown`',
    },
    {
      name: 'bond mode as a boolean (deserializer.rs NumberAsString)',
      state: iface({ name: 'b', type: 'bond', 'link-aggregation': { mode: true } }),
      message: 'InvalidArgument: Invalid data type: true, should be integer or string',
    },
    {
      name: 'an unknown interface state (iface.rs InterfaceState)',
      state: iface({ name: 'e', type: 'ethernet', state: 'enabled' }),
      message:
        'unknown variant `enabled`, expected one of `up`, `down`, `absent`, `unknown`, `ignore`',
    },
    {
      name: 'an IPv4 address with a leading zero (Rust IpAddr)',
      state: iface({
        name: 'e',
        type: 'ethernet',
        ipv4: { address: [{ ip: '192.168.01.1', 'prefix-length': 24 }] },
      }),
      message: 'invalid IP address syntax',
    },
    {
      name: 'autoconf on IPv4 (ip.rs InterfaceIpv4::deserialize)',
      state: iface({ name: 'e', type: 'ethernet', ipv4: { autoconf: false } }),
      message: 'autoconf is not allowed for IPv4',
    },
    {
      name: 'mtu as a plain string where serde is strict: min-mtu (base.rs)',
      state: iface({ name: 'e', type: 'ethernet', 'min-mtu': '68' }),
      message: 'invalid type: string "68", expected u64',
    },
    {
      name: 'trunk tag without id or id-range (bridge_vlan.rs)',
      state: iface({
        name: 'br1',
        type: 'linux-bridge',
        bridge: { port: [{ name: 'e', vlan: { 'trunk-tags': [{ tag: 5 }] } }] },
      }),
      message: "BridgePortTrunkTag only support 'id' or 'id-range', but got {\"tag\":5}",
    },
    {
      name: 'interfaces as a map (inter_ifaces.rs)',
      state: { interfaces: { ens4: {} } },
      message: 'invalid type: map, expected a sequence',
    },
    {
      name: 'a duplicate of a key through its alias (serde duplicate_field)',
      state: iface({ name: 'b', type: 'bond', 'link-aggregation': { port: [], ports: [] } }),
      message: 'duplicate field `port`',
    },
  ];
  for (const c of cases) void it(c.name, () => assert.equal(rejected(c.state), c.message));

  void it('when several keys are wrong, the first in sorted order is reported (API server key order)', () => {
    assert.equal(
      rejected({ routes: { config: [] }, interfacez: [], 'dns-resolver': { bad: 1 } }),
      'unknown field `bad`, expected `running` or `config`',
    );
  });
});

void describe('comparison after normalisation (base.rs sanitize, preview and handler)', () => {
  void it('mac-address in lower case and mtu as text change nothing on the node', () => {
    const desired = {
      interfaces: [
        { name: 'ens3', type: 'ethernet', 'mac-address': '52:54:00:ab:00:03', mtu: '1500' },
      ],
    } as unknown as NetworkState;
    const r = resolvePolicyCaptures({}, desired, workerState);
    assert.ok(r.ok);
    const applied = applyDesiredState(workerState, r.desiredState, { skipProbes: true });
    assert.ok(applied.ok);
    assert.deepEqual(applied.changes.interfaces.changed, []);
  });

  void it('sanitize upper-cases the MAC and drops query-only keys', () => {
    assert.deepEqual(
      sanitizeDesiredInterface({
        name: 'e',
        'mac-address': 'aa:bb:cc:dd:ee:0f',
        'permanent-mac-address': 'x',
        'min-mtu': 68,
        'max-mtu': 9000,
        driver: 'virtio_net',
      }),
      { name: 'e', 'mac-address': 'AA:BB:CC:DD:EE:0F' },
    );
  });

  void it('the generate step returns the normalised state the handler applies', () => {
    const r = resolvePolicyCaptures(
      { nic: 'interfaces.name == "ens4"' },
      {
        interfaces: [
          {
            name: '{{ capture.nic.interfaces.0.name }}.100',
            type: 'vlan',
            vlan: { 'base-iface': '{{ capture.nic.interfaces.0.name }}', id: '100' },
          },
        ],
      } as unknown as NetworkState,
      workerState,
    );
    assert.ok(r.ok);
    assert.deepEqual(r.desiredState, {
      interfaces: [
        { name: 'ens4.100', type: 'vlan', state: 'up', vlan: { 'base-iface': 'ens4', id: 100 } },
      ],
    });
  });

  void it('a value error fails the generate step with code invalid-value', () => {
    const r = resolvePolicyCaptures(
      {},
      { interfaces: [{ name: 'e', type: 'ethernet', mtu: 'jumbo' }] } as unknown as NetworkState,
      workerState,
    );
    assert.ok(!r.ok);
    assert.equal(r.error.code, 'invalid-value');
    assert.equal(r.error.kind, 'InvalidArgument');
    assert.equal(r.error.message, 'invalid digit found in string');
  });
});
