import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { NetworkState } from '../../../shared/model/nmstate';
import { applyDesiredState } from './applyDesiredState';
import { getSettingsPreviewLines } from './settingsPreview';

const current = {
  hostname: { running: 'worker-0', config: 'worker-0' },
  'route-rules': { config: [{ 'ip-from': '198.51.100.0/24', priority: 100, 'route-table': 50 }] },
  interfaces: [
    {
      name: 'ens5',
      type: 'ethernet',
      state: 'up',
      lldp: { enabled: false },
      ethtool: { feature: { 'rx-checksum': true, 'rx-gro': true }, ring: { rx: 512, tx: 512 } },
      ethernet: { 'sr-iov': { 'total-vfs': 0, vfs: [] } },
    },
  ],
} as unknown as NetworkState;

const preview = (desired: Record<string, unknown>) => {
  const r = applyDesiredState(current, desired, { skipProbes: true });
  assert.ok(r.ok, JSON.stringify(r));
  return getSettingsPreviewLines(current, r.state);
};

void describe('settings preview lines (applied with the nmstate merge model)', () => {
  void it('lists LLDP, changed ethtool keys only, and SR-IOV VF counts per interface', () => {
    const lines = preview({
      interfaces: [
        {
          name: 'ens5',
          type: 'ethernet',
          lldp: { enabled: true },
          ethtool: { feature: { 'rx-checksum': false, 'rx-gro': true }, ring: { rx: 1024 } },
          ethernet: { 'sr-iov': { 'total-vfs': 4, vfs: [{ id: 0, trust: true }] } },
        },
      ],
    });
    assert.deepEqual(lines, [
      { kind: 'lldp', iface: 'ens5', enabled: true },
      { kind: 'ethtool', iface: 'ens5', key: 'rx-checksum', value: 'false' },
      { kind: 'ethtool', iface: 'ens5', key: 'ring.rx', value: '1024' },
      { kind: 'sriovTotalVfs', iface: 'ens5', before: 0, after: 4 },
      { kind: 'sriovVfs', iface: 'ens5', count: 1 },
    ]);
  });
  void it('lists added and removed route rules (route_rule.rs absent matching) and the hostname', () => {
    const lines = preview({
      hostname: { config: 'edge-1' },
      'route-rules': {
        config: [
          { priority: 100, state: 'absent' },
          { 'ip-to': '192.0.2.0/24', fwmark: 16, action: 'prohibit' },
        ],
      },
    });
    assert.deepEqual(lines, [
      { kind: 'routeRuleAdded', rule: 'ip-to: 192.0.2.0/24 fwmark: 16 action: prohibit' },
      {
        kind: 'routeRuleRemoved',
        rule: 'ip-from: 198.51.100.0/24 priority: 100 route-table: 50',
      },
      { kind: 'hostname', key: 'config', before: 'worker-0', after: 'edge-1' },
    ]);
  });
  void it('has no lines when the settings already hold', () => {
    assert.deepEqual(
      preview({
        hostname: { config: 'worker-0' },
        interfaces: [{ name: 'ens5', type: 'ethernet', lldp: { enabled: false } }],
      }),
      [],
    );
  });
});
