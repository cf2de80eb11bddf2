// Upstream: nmstate rust/src/lib/lldp.rs (`ieee-802-1-vlans`, IEEE 802.1 VLAN Name TLV, OUI
// 00:80:c2 subtype 3); the applied config shape of baremetal-operator PR #3470
// (`appliedNetworkAttachmentConfigs[].switchPortConfig`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HostPortRow } from './hostPorts';
import { checkLldpAgainstApplied, getAppliedVlans } from './lldpVsApplied';

function row(
  config: { mode: 'access' | 'trunk' | 'hybrid'; nativeVLAN: number; allowedVLANs?: number[] },
  observedVlans: number[] | undefined,
): HostPortRow {
  return {
    nic: { name: 'ens2f0', ips: [], lldpVlans: [], notes: [] },
    attachmentMissing: false,
    applied: { kind: 'applied', config },
    ...(observedVlans ? { observedVlans } : {}),
  };
}

void describe('checkLldpAgainstApplied', () => {
  void it('agrees when the switch announces exactly the applied VLANs', () => {
    const r = row({ mode: 'trunk', nativeVLAN: 100, allowedVLANs: [200, 201] }, [100, 200, 201]);
    assert.deepEqual(checkLldpAgainstApplied(r, 'tenant'), []);
  });

  void it('warns on VLANs the switch carries beyond the config, notes configured ones not announced', () => {
    const r = row({ mode: 'access', nativeVLAN: 10 }, [111]);
    assert.deepEqual(checkLldpAgainstApplied(r, 'tenant'), [
      { code: 'lldp.vlanNotApplied', severity: 'warning', params: { nic: 'ens2f0', vlans: '111' } },
      { code: 'lldp.appliedVlanNotSeen', severity: 'info', params: { nic: 'ens2f0', vlans: '10' } },
    ]);
  });

  void it('compares only while the port is on the tenant config and LLDP sent VLANs', () => {
    const r = row({ mode: 'access', nativeVLAN: 10 }, [111]);
    assert.deepEqual(checkLldpAgainstApplied(r, 'provisioning'), []);
    assert.deepEqual(
      checkLldpAgainstApplied(row({ mode: 'access', nativeVLAN: 10 }, undefined), 'tenant'),
      [],
    );
    assert.deepEqual(checkLldpAgainstApplied({ ...r, applied: { kind: 'none' } }, 'tenant'), []);
  });

  void it('an access port carries only its native VLAN', () => {
    assert.deepEqual(getAppliedVlans({ mode: 'access', nativeVLAN: 10, allowedVLANs: [20] }), [
      { min: 10, max: 10 },
    ]);
    assert.deepEqual(getAppliedVlans({ mode: 'hybrid', nativeVLAN: 10, allowedVLANs: [11, 12] }), [
      { min: 10, max: 12 },
    ]);
  });
});
