import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { applyPolicyFormValues, toPolicyFormValues, withInterfaceType } from './policyForm';

const nncp = (desiredState: Record<string, unknown>): NodeNetworkConfigurationPolicy => ({
  apiVersion: 'nmstate.io/v1',
  kind: 'NodeNetworkConfigurationPolicy',
  metadata: { name: 'kinds' },
  spec: { desiredState },
});

const valuesOf = (p: NodeNetworkConfigurationPolicy) => {
  const r = toPolicyFormValues(p);
  assert.ok(r.ok);
  return r.values;
};

const kinds = nncp({
  ovn: { 'bridge-mappings': [{ localnet: 'physnet', bridge: 'br1', 'x-keep': 1 }] },
  interfaces: [
    { name: 'vx1', type: 'vxlan', vxlan: { id: 10, remote: '192.0.2.1', 'x-keep': true } },
    { name: 'vrf1', type: 'vrf', vrf: { ports: ['ens4'], 'route-table-id': 100 } },
    { name: 'p0', type: 'ovs-interface', patch: { peer: 'p1' } },
    { name: 'ib0.8001', type: 'infiniband', infiniband: { mode: 'datagram', pkey: '0x8001' } },
  ],
});

void describe('interface kinds through the form (policyForm.ts + interfaceKinds.ts)', () => {
  void it('an untouched form gives the policy back exactly', () => {
    assert.deepEqual(applyPolicyFormValues(kinds, valuesOf(kinds)), kinds);
  });
  void it('an edit changes only its key; unknown keys and aliases elsewhere stay', () => {
    const v = valuesOf(kinds);
    const vx = v.interfaces[0];
    assert.ok(vx?.type === 'vxlan');
    vx.vxlan.id = 20;
    const out = applyPolicyFormValues(kinds, v);
    const expected = structuredClone(kinds);
    const ds = expected.spec.desiredState as { interfaces: { vxlan?: { id: number } }[] };
    const x = ds.interfaces[0]?.vxlan;
    assert.ok(x);
    x.id = 20;
    assert.deepEqual(out, expected);
  });
  void it('reads VRF ports under the `ports` alias and writes them as `port`', () => {
    const v = valuesOf(kinds);
    const vrf = v.interfaces[1];
    assert.ok(vrf?.type === 'vrf');
    assert.deepEqual(vrf.vrf, { ports: ['ens4'], routeTableId: 100 });
    vrf.vrf.ports = ['ens4', 'ens5'];
    const out = applyPolicyFormValues(kinds, v).spec.desiredState?.interfaces?.[1];
    assert.deepEqual(out?.vrf, { port: ['ens4', 'ens5'], 'route-table-id': 100 });
  });
  void it('an OVN mapping edit keeps its unknown key; a new one is appended', () => {
    const v = valuesOf(kinds);
    v.ovnBridgeMappings[0] = { localnet: 'physnet', bridge: 'br2', absent: false };
    v.ovnBridgeMappings.push({ localnet: 'old', bridge: '', absent: true });
    const out = applyPolicyFormValues(kinds, v).spec.desiredState as Record<string, unknown>;
    assert.deepEqual(out.ovn, {
      'bridge-mappings': [
        { localnet: 'physnet', bridge: 'br2', 'x-keep': 1 },
        { localnet: 'old', state: 'absent' },
      ],
    });
  });
  void it('a new type drops the old kind’s sections (ovs-interface: patch and dpdk)', () => {
    const v = valuesOf(kinds);
    const p0 = v.interfaces[2];
    assert.ok(p0?.type === 'ovs-interface');
    assert.deepEqual(p0.ovs, { patchPeer: 'p1', dpdk: null });
    v.interfaces[2] = withInterfaceType(p0, 'dummy');
    const out = applyPolicyFormValues(kinds, v).spec.desiredState?.interfaces?.[2];
    assert.deepEqual(out, { name: 'p0', type: 'dummy' });
  });
  void it('keeps an infiniband pkey as written', () => {
    const v = valuesOf(kinds);
    const ib = v.interfaces[3];
    assert.ok(ib?.type === 'infiniband');
    assert.equal(ib.infiniband.pkey, '0x8001');
  });
});
