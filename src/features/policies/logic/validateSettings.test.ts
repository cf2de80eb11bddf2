import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding } from '../model/finding';
import { validateSettings } from './validateSettings';
import { validatePolicy } from './validatePolicy';

const run = (desired: Record<string, unknown>): Finding[] => {
  const out: Finding[] = [];
  validateSettings(desired, (f) => out.push(f));
  return out;
};
const codes = (desired: Record<string, unknown>): string[] => run(desired).map((f) => f.code);
const at = (desired: Record<string, unknown>, code: string): string[] =>
  run(desired)
    .filter((f) => f.code === code)
    .map((f) => f.path);
const eth = (extra: Record<string, unknown>) => ({
  interfaces: [{ name: 'eth1', type: 'ethernet', state: 'up', ...extra }],
});

void describe('IP auto-* options (nmstate rust/src/lib/ip.rs sanitize)', () => {
  void it('warns that auto-* keys are dropped when IPv4 DHCP is off', () => {
    const d = eth({
      ipv4: { enabled: true, dhcp: false, 'auto-dns': false, 'auto-routes': false },
    });
    assert.deepEqual(at(d, 'ip.auto.ignored'), [
      'spec.desiredState.interfaces[0].ipv4.auto-dns',
      'spec.desiredState.interfaces[0].ipv4.auto-routes',
    ]);
  });
  void it('accepts auto-* keys with DHCP on, and IPv6 ones with autoconf alone', () => {
    assert.deepEqual(
      codes(
        eth({
          ipv4: { enabled: true, dhcp: true, 'auto-gateway': false, 'auto-route-table-id': 100 },
          ipv6: { enabled: true, autoconf: true, 'auto-routes': false },
        }),
      ),
      [],
    );
  });
  void it('warns for IPv6 auto-* keys without dhcp or autoconf', () => {
    assert.deepEqual(codes(eth({ ipv6: { enabled: true, 'auto-gateway': true } })), [
      'ip.auto.ignoredV6',
    ]);
  });
  void it('warns that dhcp-client-id is ignored without DHCPv4', () => {
    assert.deepEqual(codes(eth({ ipv4: { enabled: true, 'dhcp-client-id': 'll' } })), [
      'ip.dhcpClientId.ignored',
    ]);
    assert.deepEqual(
      codes(eth({ ipv4: { enabled: true, dhcp: true, 'dhcp-client-id': 'll' } })),
      [],
    );
  });
  void it('refuses a route table id outside u32', () => {
    assert.deepEqual(
      codes(eth({ ipv4: { enabled: true, dhcp: true, 'auto-route-table-id': -1 } })),
      ['ip.autoRouteTableId.invalid'],
    );
  });
  void it('names eui64 and stable-privacy, and flags other (backend-specific) addr-gen-mode values', () => {
    assert.deepEqual(
      codes(eth({ ipv6: { enabled: true, 'addr-gen-mode': 'stable-privacy' } })),
      [],
    );
    assert.deepEqual(codes(eth({ ipv6: { enabled: true, 'addr-gen-mode': 'EUI64' } })), []);
    const f = run(eth({ ipv6: { enabled: true, 'addr-gen-mode': 'random' } }));
    assert.deepEqual(
      f.map((x) => [x.code, x.severity]),
      [['ip.addrGenMode.other', 'warning']],
    );
  });
});

void describe('route weight and source (nmstate rust/src/lib/route.rs RouteEntry::sanitize)', () => {
  const route = (r: Record<string, unknown>) => ({ routes: { config: [r] } });
  void it('takes weights 1 to 256 only', () => {
    for (const w of [1, 256])
      assert.deepEqual(codes(route({ destination: '0.0.0.0/0', weight: w })), []);
    for (const w of [0, 257, 1.5])
      assert.deepEqual(codes(route({ destination: '0.0.0.0/0', weight: w })), [
        'route.weight.range',
      ]);
  });
  void it('refuses a weight on an IPv6 route', () => {
    assert.deepEqual(codes(route({ destination: '2001:db8::/64', weight: 2 })), [
      'route.weight.ipv6',
    ]);
  });
  void it('needs source to be an IP address', () => {
    assert.deepEqual(codes(route({ destination: '0.0.0.0/0', source: '192.0.2.1' })), []);
    assert.deepEqual(
      at(route({ destination: '0.0.0.0/0', source: 'eth0' }), 'route.source.invalid'),
      ['spec.desiredState.routes.config[0].source'],
    );
  });
});

void describe('route rules (nmstate rust/src/lib/route_rule.rs)', () => {
  const rule = (r: Record<string, unknown>) => ({ 'route-rules': { config: [r] } });
  void it('accepts a plain rule', () => {
    assert.deepEqual(
      codes(rule({ 'ip-from': '192.0.2.0/24', priority: 1000, 'route-table': 100 })),
      [],
    );
  });
  void it('needs ip-from, ip-to or family (validate_ip_from_to)', () => {
    assert.deepEqual(codes(rule({ 'route-table': 100 })), ['routeRule.selector.required']);
    assert.deepEqual(codes(rule({ family: 'ipv4', 'route-table': 100 })), []);
  });
  void it('an absent rule needs no selector (absent rules are matched, not sanitized)', () => {
    assert.deepEqual(codes(rule({ state: 'absent', priority: 1000 })), []);
  });
  void it('checks the addresses against the family', () => {
    assert.deepEqual(
      at(
        rule({ family: 'ipv6', 'ip-to': '192.0.2.0/24', 'route-table': 1 }),
        'routeRule.familyMismatch',
      ),
      ['spec.desiredState.route-rules.config[0].ip-to'],
    );
    assert.deepEqual(codes(rule({ 'ip-from': 'nonsense', 'route-table': 1 })), [
      'routeRule.ip.invalid',
    ]);
  });
  void it('takes priority -1 (USE_DEFAULT_PRIORITY) up to u32 max', () => {
    for (const p of [-1, 0, 4294967295])
      assert.deepEqual(codes(rule({ 'ip-to': '192.0.2.1', priority: p, 'route-table': 1 })), []);
    for (const p of [-2, 4294967296, 'high'])
      assert.deepEqual(codes(rule({ 'ip-to': '192.0.2.1', priority: p, 'route-table': 1 })), [
        'routeRule.priority.range',
      ]);
  });
  void it('refuses fwmask without fwmark (validate_fwmark_and_fwmask)', () => {
    assert.deepEqual(codes(rule({ 'ip-to': '192.0.2.1', fwmask: '0xff', 'route-table': 1 })), [
      'routeRule.fwmask.withoutFwmark',
    ]);
    assert.deepEqual(
      codes(rule({ 'ip-to': '192.0.2.1', fwmark: '0x10', fwmask: '0xff', 'route-table': 1 })),
      [],
    );
  });
  void it('notes that a rule without action or table uses table 254 (sanitize)', () => {
    assert.deepEqual(codes(rule({ 'ip-to': '192.0.2.1' })), ['routeRule.table.main']);
    assert.deepEqual(codes(rule({ 'ip-to': '192.0.2.1', action: 'blackhole' })), []);
    assert.deepEqual(codes(rule({ 'ip-to': '192.0.2.1', action: 'drop' })), [
      'routeRule.action.invalid',
    ]);
  });
});

void describe('DNS options (nmstate rust/src/lib/dns.rs SUPPORTED_DNS_OPTS_*)', () => {
  const dns = (options: string[]) => ({ 'dns-resolver': { config: { options } } });
  void it('accepts the supported options, with values only where allowed', () => {
    assert.deepEqual(codes(dns(['rotate', 'trust-ad', 'ndots:2', 'timeout:1'])), []);
  });
  void it('refuses unknown options, values on flags and flags without value', () => {
    assert.deepEqual(codes(dns(['no-such', 'rotate:1', 'ndots'])), [
      'dns.option.unsupported',
      'dns.option.noValue',
      'dns.option.needsValue',
    ]);
  });
});

void describe('ethtool features (nmstate rust/src/lib/ifaces/ethtool.rs aliases)', () => {
  void it('notes a CLI alias and warns when both names are given', () => {
    assert.deepEqual(codes(eth({ ethtool: { feature: { 'rx-checksum': false } } })), []);
    assert.deepEqual(codes(eth({ ethtool: { feature: { gro: false } } })), [
      'ethtool.feature.alias',
    ]);
    assert.deepEqual(codes(eth({ ethtool: { feature: { gro: false, 'rx-gro': true } } })), [
      'ethtool.feature.aliasConflict',
    ]);
  });
});

void describe('SR-IOV VFs (nmstate rust/src/lib/ifaces/sriov.rs)', () => {
  const sriov = (s: Record<string, unknown>) => eth({ ethernet: { 'sr-iov': s } });
  void it('refuses a VF id at or above total-vfs (auto_fill_unmentioned_vf_id drops it)', () => {
    assert.deepEqual(codes(sriov({ 'total-vfs': 4, vfs: [{ id: 3 }] })), []);
    assert.deepEqual(
      at(sriov({ 'total-vfs': 4, vfs: [{ id: 0 }, { id: 4 }] }), 'sriov.vf.idOutOfRange'),
      ['spec.desiredState.interfaces[0].ethernet.sr-iov.vfs[1].id'],
    );
  });
  void it('without total-vfs nothing is out of range (nmstate takes the highest id + 1)', () => {
    assert.deepEqual(codes(sriov({ vfs: [{ id: 9 }] })), []);
  });
  void it('refuses the same VF id twice and 802.1ad without VLAN id or QoS (sanitize)', () => {
    assert.deepEqual(codes(sriov({ 'total-vfs': 2, vfs: [{ id: 1 }, { id: 1 }] })), [
      'sriov.vf.duplicateId',
    ]);
    assert.deepEqual(codes(sriov({ vfs: [{ id: 0, 'vlan-proto': '802.1ad' }] })), [
      'sriov.vf.qinqWithoutVlan',
    ]);
    assert.deepEqual(
      codes(sriov({ vfs: [{ id: 0, 'vlan-proto': '802.1ad', 'vlan-id': 10 }] })),
      [],
    );
  });
});

void describe('hostname (nmstate rust/src/lib/hostname.rs, Linux HOST_NAME_MAX)', () => {
  void it('refuses a name longer than 64 bytes', () => {
    assert.deepEqual(codes({ hostname: { config: 'a'.repeat(64) } }), []);
    assert.deepEqual(at({ hostname: { running: 'a'.repeat(65) } }, 'hostname.invalid'), [
      'spec.desiredState.hostname.running',
    ]);
  });
});

void describe('validatePolicy runs the settings rules', () => {
  void it('reports a VF id out of range through validatePolicy', () => {
    const findings = validatePolicy(
      {
        apiVersion: 'nmstate.io/v1',
        kind: 'NodeNetworkConfigurationPolicy',
        metadata: { name: 'p' },
        spec: {
          desiredState: {
            interfaces: [
              {
                name: 'ens5',
                type: 'ethernet',
                state: 'up',
                ethernet: { 'sr-iov': { 'total-vfs': 2, vfs: [{ id: 2, trust: true }] } },
              },
            ],
          },
        },
      },
      { nodes: [], nodeNetworkStates: [] },
    );
    assert.ok(findings.some((f) => f.code === 'sriov.vf.idOutOfRange'));
  });
});
