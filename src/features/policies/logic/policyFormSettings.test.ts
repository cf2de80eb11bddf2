import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import type { PolicyFormValues } from '../model/policyForm';
import { applyPolicyFormValues, toPolicyFormValues } from './policyForm';
import { emptyVf, newRouteRuleFormValues } from './policyFormSettings';

const settingsPolicy = (): NodeNetworkConfigurationPolicy => ({
  apiVersion: 'nmstate.io/v1',
  kind: 'NodeNetworkConfigurationPolicy',
  metadata: { name: 'settings' },
  spec: {
    desiredState: {
      hostname: { config: 'node-a' },
      'dns-resolver': { config: { server: ['192.0.2.53'], options: ['rotate'] } },
      'route-rules': {
        config: [
          { 'ip-from': '192.0.2.0/24', 'route-table': 100, 'suppress-prefix-length': 0 },
          { priority: 500, state: 'absent' },
        ],
      },
      routes: {
        config: [
          {
            destination: '198.51.100.0/24',
            'next-hop-interface': 'ens4',
            'next-hop-address': '192.0.2.1',
            weight: 2,
            cwnd: 10,
          },
        ],
      },
      interfaces: [
        {
          name: 'ens4',
          type: 'ethernet',
          state: 'up',
          lldp: { enabled: true },
          ethtool: {
            feature: { 'rx-checksum': false },
            ring: { rx: 256, 'rx-jumbo': 64 },
            coalesce: { 'rx-usecs': 3 },
          },
          ethernet: {
            'auto-negotiation': true,
            'sr-iov': { 'total-vfs': 4, vfs: [{ id: 0, trust: true, 'vlan-proto': '802.1q' }] },
          },
          ipv4: { enabled: true, dhcp: true, 'auto-dns': false, 'dhcp-client-id': 'll', 'x-ip': 1 },
          ipv6: { enabled: true, autoconf: true, 'addr-gen-mode': 'stable-privacy', token: '::1' },
        },
      ],
    },
  },
});

const valuesOf = (p: NodeNetworkConfigurationPolicy): PolicyFormValues => {
  const r = toPolicyFormValues(p);
  assert.ok(r.ok, `not representable: ${JSON.stringify(r)}`);
  return r.values;
};
type Obj = Record<string, unknown>;
const ds = (p: NodeNetworkConfigurationPolicy): Obj => p.spec.desiredState as Obj;
const iface0 = (p: NodeNetworkConfigurationPolicy): Obj => (ds(p).interfaces as Obj[])[0] as Obj;

void describe('settings in the form: reading', () => {
  void it('reads every modelled setting', () => {
    const v = valuesOf(settingsPolicy());
    const i = v.interfaces[0];
    assert.ok(i);
    assert.equal(i.settings.lldp, true);
    assert.deepEqual(i.settings.ethtool.features, [{ name: 'rx-checksum', enabled: false }]);
    assert.equal(i.settings.ethtool.ringRx, 256);
    assert.equal(i.settings.sriov.totalVfs, 4);
    assert.equal(i.settings.sriov.vfs[0]?.trust, true);
    assert.equal(i.ipv4.auto.dhcpClientId, 'll');
    assert.equal(i.ipv6.auto.addrGenMode, 'stable-privacy');
    assert.equal(v.routes[0]?.weight, 2);
    assert.deepEqual(
      v.settings.routeRules.map((r) => [r.ipFrom, r.routeTable, r.priority, r.absent]),
      [
        ['192.0.2.0/24', 100, null, false],
        ['', null, 500, true],
      ],
    );
    assert.deepEqual(v.settings.dnsOptions, ['rotate']);
    assert.equal(v.settings.hostnameConfig, 'node-a');
    assert.equal(v.settings.hostnameRunning, null);
  });
  void it('an untouched form writes the policy back unchanged, key order included', () => {
    const p = settingsPolicy();
    assert.equal(JSON.stringify(applyPolicyFormValues(p, valuesOf(p))), JSON.stringify(p));
  });
  void it('refuses an ethtool feature value it cannot show, with its path', () => {
    const p = settingsPolicy();
    ((iface0(p).ethtool as Obj).feature as Obj)['rx-gro'] = '{{ capture.x }}';
    const r = toPolicyFormValues(p);
    assert.deepEqual(r, {
      ok: false,
      reason: 'form.templatedValue',
      params: { path: 'spec.desiredState.interfaces[0].ethtool.feature.rx-gro' },
    });
  });
  void it('reads hex fwmark and string route-table as numbers', () => {
    const p = settingsPolicy();
    ds(p)['route-rules'] = {
      config: [{ 'ip-to': '10.0.0.0/8', fwmark: '0x10', 'route-table': '200' }],
    };
    const rule = valuesOf(p).settings.routeRules[0];
    assert.ok(rule);
    assert.equal(rule.fwmark, 16);
    assert.equal(rule.routeTable, 200);
  });
});

void describe('settings in the form: writing keeps what the form does not model', () => {
  void it('edits LLDP, ethtool, SR-IOV and IP auto-* and keeps coalesce, rx-jumbo, vlan-proto, token', () => {
    const p = settingsPolicy();
    const v = valuesOf(p);
    const i = v.interfaces[0];
    assert.ok(i);
    i.settings.lldp = false;
    i.settings.ethtool.features.push({ name: 'rx-gro', enabled: true });
    i.settings.ethtool.pauseAutoneg = false;
    i.settings.sriov.totalVfs = 8;
    i.settings.sriov.vfs[0] = { ...(i.settings.sriov.vfs[0] ?? emptyVf()), vlanId: 10 };
    i.settings.sriov.vfs.push({ ...emptyVf(), id: 7, macAddress: '02:00:00:00:00:07' });
    i.ipv4.auto.autoRoutes = false;
    i.ipv6.auto.addrGenMode = 'eui64';
    const out = iface0(applyPolicyFormValues(p, v));
    assert.deepEqual(out.lldp, { enabled: false });
    assert.deepEqual(out.ethtool, {
      feature: { 'rx-checksum': false, 'rx-gro': true },
      ring: { rx: 256, 'rx-jumbo': 64 },
      coalesce: { 'rx-usecs': 3 },
      pause: { autoneg: false },
    });
    assert.deepEqual(out.ethernet, {
      'auto-negotiation': true,
      'sr-iov': {
        'total-vfs': 8,
        vfs: [
          { id: 0, trust: true, 'vlan-proto': '802.1q', 'vlan-id': 10 },
          { id: 7, 'mac-address': '02:00:00:00:00:07' },
        ],
      },
    });
    assert.deepEqual(out.ipv4, {
      enabled: true,
      dhcp: true,
      'auto-dns': false,
      'dhcp-client-id': 'll',
      'x-ip': 1,
      'auto-routes': false,
    });
    assert.equal((out.ipv6 as Obj)['addr-gen-mode'], 'eui64');
    assert.equal((out.ipv6 as Obj).token, '::1');
  });
  void it('clearing LLDP removes the section (lldp.rs: enabled is required)', () => {
    const p = settingsPolicy();
    const v = valuesOf(p);
    const i = v.interfaces[0];
    assert.ok(i);
    i.settings.lldp = null;
    assert.equal(iface0(applyPolicyFormValues(p, v)).lldp, undefined);
  });
  void it('route rules: edits keep unmodelled keys, removal drops a rule, new rules append', () => {
    const p = settingsPolicy();
    const v = valuesOf(p);
    const first = v.settings.routeRules[0];
    assert.ok(first);
    first.priority = 1000;
    v.settings.routeRules = [
      first,
      { ...newRouteRuleFormValues(), ipTo: '203.0.113.0/24', action: 'blackhole' },
    ];
    const out = ds(applyPolicyFormValues(p, v))['route-rules'];
    assert.deepEqual(out, {
      config: [
        {
          'ip-from': '192.0.2.0/24',
          'route-table': 100,
          'suppress-prefix-length': 0,
          priority: 1000,
        },
        { 'ip-to': '203.0.113.0/24', action: 'blackhole' },
      ],
    });
  });
  void it('routes: weight, source and route-type are written, cwnd is kept', () => {
    const p = settingsPolicy();
    const v = valuesOf(p);
    const r = v.routes[0];
    assert.ok(r);
    r.weight = null;
    r.source = '192.0.2.10';
    const out = (ds(applyPolicyFormValues(p, v)).routes as Obj).config as Obj[];
    assert.deepEqual(out[0], {
      destination: '198.51.100.0/24',
      'next-hop-interface': 'ens4',
      'next-hop-address': '192.0.2.1',
      cwnd: 10,
      source: '192.0.2.10',
    });
  });
  void it('DNS options and hostname: written, cleared and dropped', () => {
    const p = settingsPolicy();
    const v = valuesOf(p);
    v.settings.dnsOptions = [];
    v.settings.hostnameConfig = null;
    v.settings.hostnameRunning = 'live-name';
    const out = ds(applyPolicyFormValues(p, v));
    // dns.rs: `options: []` purges the node's options, so an emptied list is written.
    assert.deepEqual(out['dns-resolver'], { config: { server: ['192.0.2.53'], options: [] } });
    assert.deepEqual(out.hostname, { running: 'live-name' });
    v.settings.hostnameRunning = null;
    assert.equal(ds(applyPolicyFormValues(p, v)).hostname, undefined);
  });
});

const tri = fc.option(fc.boolean(), { nil: null });
const nint = (max: number) => fc.option(fc.integer({ min: 0, max }), { nil: null });
const feature = fc.constantFrom('rx-checksum', 'rx-gro', 'rx-lro', 'tx-tcp-segmentation');

void describe('random settings edits', () => {
  void it('edit → apply → read returns the edited values and keeps unmodelled keys', () => {
    fc.assert(
      fc.property(
        fc.record({
          lldp: tri,
          features: fc.uniqueArray(feature, { maxLength: 3 }),
          on: fc.boolean(),
          ringTx: nint(4096),
          pauseRx: tri,
          totalVfs: nint(16),
          vfIds: fc.uniqueArray(fc.integer({ min: 0, max: 15 }), { maxLength: 3 }),
          trust: tri,
          rules: fc.array(
            fc.record({
              ipTo: fc.constantFrom('', '192.0.2.0/24', '2001:db8::/64'),
              priority: nint(40000),
              routeTable: nint(300),
              action: fc.constantFrom('', 'blackhole', 'prohibit'),
              absent: fc.boolean(),
            }),
            { maxLength: 3 },
          ),
          keepFirstRule: fc.boolean(),
          options: fc.uniqueArray(fc.constantFrom('rotate', 'ndots:2', 'edns0'), { maxLength: 3 }),
          hostname: fc.option(fc.stringMatching(/^[a-z]{1,8}$/), { nil: null }),
          weight: nint(256),
          routeType: fc.constantFrom('', 'blackhole'),
        }),
        (e) => {
          const p = settingsPolicy();
          const v = valuesOf(p);
          const i = v.interfaces[0];
          const route = v.routes[0];
          assert.ok(i && route);
          i.settings.lldp = e.lldp;
          i.settings.ethtool.features = e.features.map((name) => ({ name, enabled: e.on }));
          i.settings.ethtool.ringTx = e.ringTx;
          i.settings.ethtool.pauseRx = e.pauseRx;
          i.settings.sriov.totalVfs = e.totalVfs;
          i.settings.sriov.vfs = e.vfIds.map((id) => ({ ...emptyVf(), id, trust: e.trust }));
          v.settings.routeRules = [
            ...(e.keepFirstRule ? v.settings.routeRules.slice(0, 1) : []),
            ...e.rules.map((r) => ({ ...newRouteRuleFormValues(), ...r })),
          ];
          v.settings.dnsOptions = e.options;
          v.settings.hostnameConfig = e.hostname;
          route.weight = e.weight;
          route.routeType = e.routeType;
          const applied = applyPolicyFormValues(p, v);
          const back = valuesOf(applied);
          const norm = (x: PolicyFormValues): unknown =>
            JSON.parse(
              JSON.stringify({
                ...x,
                settings: {
                  ...x.settings,
                  routeRules: x.settings.routeRules.map((r) => ({ ...r, sourceIndex: null })),
                },
              }),
            );
          assert.deepEqual(norm(back), norm(v));
          // Keys the form does not model stay.
          const out = iface0(applied);
          assert.deepEqual((out.ethtool as Obj).coalesce, { 'rx-usecs': 3 });
          assert.equal((out.ethernet as Obj)['auto-negotiation'], true);
          assert.equal((((ds(applied).routes as Obj).config as Obj[])[0] as Obj).cwnd, 10);
          // A fixed point: applying the read-back values again changes nothing.
          assert.deepEqual(applyPolicyFormValues(applied, back), applied);
        },
      ),
      { numRuns: 200 },
    );
  });
});
