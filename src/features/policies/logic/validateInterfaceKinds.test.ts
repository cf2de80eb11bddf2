import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { validatePolicy, type PolicyValidationContext } from './validatePolicy';
import { clusterNodes } from '../__fixtures__/clusterFixtures';

const ctx: PolicyValidationContext = { nodes: clusterNodes, nodeNetworkStates: [] };

const policy = (desiredState: Record<string, unknown>): NodeNetworkConfigurationPolicy => ({
  apiVersion: 'nmstate.io/v1',
  kind: 'NodeNetworkConfigurationPolicy',
  metadata: { name: 'p1' },
  spec: { desiredState: desiredState },
});
const ifaces = (...list: Record<string, unknown>[]) => policy({ interfaces: list });
const codesAt = (p: NodeNetworkConfigurationPolicy, c = ctx): string[] =>
  validatePolicy(p, c)
    .filter((f) => f.severity === 'error')
    .map((f) => `${f.code}@${f.path.replace('spec.desiredState.', '')}`);

void describe('vxlan (nmstate rust/src/lib/ifaces/vxlan.rs)', () => {
  void it('a new VXLAN needs an id, within 24 bits', () => {
    assert.ok(
      codesAt(ifaces({ name: 'vx1', type: 'vxlan' })).includes(
        'vxlan.id.required@interfaces[0].vxlan.id',
      ),
    );
    assert.ok(
      codesAt(ifaces({ name: 'vx1', type: 'vxlan', vxlan: { id: 16777216 } })).includes(
        'vxlan.id.invalid@interfaces[0].vxlan.id',
      ),
    );
    assert.deepEqual(
      codesAt(ifaces({ name: 'vx1', type: 'vxlan', vxlan: { id: 16777215, remote: '192.0.2.1' } })),
      [],
    );
  });
  void it('remote/local are bare addresses and destination-port a u16', () => {
    const c = codesAt(
      ifaces({
        name: 'vx1',
        type: 'vxlan',
        vxlan: { id: 1, remote: '192.0.2.0/24', 'destination-port': 70000 },
      }),
    );
    assert.ok(c.includes('vxlan.address.invalid@interfaces[0].vxlan.remote'));
    assert.ok(c.includes('vxlan.port.invalid@interfaces[0].vxlan.destination-port'));
  });
});

void describe('vrf (nmstate rust/src/lib/ifaces/vrf.rs merge_table_id)', () => {
  void it('a new VRF needs a route-table-id other than 0', () => {
    assert.ok(
      codesAt(ifaces({ name: 'vrf1', type: 'vrf', vrf: { port: [] } })).includes(
        'vrf.routeTableId.required@interfaces[0].vrf.route-table-id',
      ),
    );
    assert.ok(
      codesAt(ifaces({ name: 'vrf1', type: 'vrf', vrf: { 'route-table-id': 0 } })).includes(
        'vrf.routeTableId.required@interfaces[0].vrf.route-table-id',
      ),
    );
    assert.deepEqual(
      codesAt(ifaces({ name: 'vrf1', type: 'vrf', vrf: { 'route-table-id': 100 } })),
      [],
    );
  });
  void it('a VRF that exists on every selected node keeps its table', () => {
    const currentInterfaces = Object.fromEntries(
      clusterNodes.map((n) => [n.metadata.name, [{ name: 'vrf1', type: 'vrf' }]]),
    );
    const p = ifaces({ name: 'vrf1', type: 'vrf', vrf: { port: ['ens4'] } });
    assert.ok(!codesAt(p, { ...ctx, currentInterfaces }).some((c) => c.startsWith('vrf.')));
  });
});

void describe('infiniband (nmstate rust/src/lib/ifaces/infiniband.rs)', () => {
  void it('pkey and mode are required with the section; pkey is a u16, 0x… allowed', () => {
    const c = codesAt(ifaces({ name: 'ib0.8001', type: 'infiniband', infiniband: {} }));
    assert.ok(c.includes('infiniband.pkey.required@interfaces[0].infiniband.pkey'));
    assert.ok(c.includes('infiniband.mode.required@interfaces[0].infiniband.mode'));
    const ok = { mode: 'datagram', pkey: '0x8001', 'base-iface': 'ib0' };
    assert.deepEqual(codesAt(ifaces({ name: 'ib0.8001', type: 'infiniband', infiniband: ok })), []);
    assert.ok(
      codesAt(
        ifaces({ name: 'ib0.1', type: 'infiniband', infiniband: { ...ok, pkey: '0x10000' } }),
      ).includes('infiniband.pkey.invalid@interfaces[0].infiniband.pkey'),
    );
  });
});

void describe('ipvlan (nmstate rust/src/lib/ifaces/ipvlan.rs)', () => {
  void it('private and vepa exclude each other; a new one needs base-iface', () => {
    const c = codesAt(
      ifaces({ name: 'ipv1', type: 'ipvlan', ipvlan: { private: true, vepa: true } }),
    );
    assert.ok(c.includes('ipvlan.privateAndVepa@interfaces[0].ipvlan.vepa'));
    assert.ok(c.includes('ipvlan.baseIface.required@interfaces[0].ipvlan.base-iface'));
  });
});

void describe('mac-vtap (nmstate rust/src/lib/ifaces/mac_vtap.rs)', () => {
  void it('base-iface and mode required; promiscuous off only in passthru', () => {
    const c = codesAt(
      ifaces({ name: 'mvt1', type: 'mac-vtap', 'mac-vtap': { promiscuous: false } }),
    );
    assert.ok(c.includes('macvtap.baseIface.required@interfaces[0].mac-vtap.base-iface'));
    assert.ok(c.includes('macvtap.mode.required@interfaces[0].mac-vtap.mode'));
    assert.ok(c.includes('macvtap.promiscuous.passthruOnly@interfaces[0].mac-vtap.promiscuous'));
    const ok = { 'base-iface': 'ens4', mode: 'passthru', promiscuous: false };
    assert.deepEqual(codesAt(ifaces({ name: 'mvt1', type: 'mac-vtap', 'mac-vtap': ok })), []);
  });
});

void describe('veth (nmstate rust/src/lib/ifaces/ethernet.rs process_veth_peer_changes)', () => {
  void it('a new veth needs a peer unless it is another veth’s peer', () => {
    assert.ok(
      codesAt(ifaces({ name: 'v0', type: 'veth' })).includes(
        'veth.peer.required@interfaces[0].veth.peer',
      ),
    );
    assert.deepEqual(
      codesAt(
        ifaces({ name: 'v0', type: 'veth', veth: { peer: 'v1' } }, { name: 'v1', type: 'veth' }),
      ),
      [],
    );
  });
});

void describe('OVS (nmstate rust/src/lib/ifaces/ovs.rs)', () => {
  void it('a patch port holds no MTU nor IP and needs a peer', () => {
    const c = codesAt(
      ifaces({ name: 'p0', type: 'ovs-interface', mtu: 1500, ipv4: { enabled: true }, patch: {} }),
    );
    assert.ok(c.includes('ovs.patch.peer.required@interfaces[0].patch.peer'));
    assert.ok(c.includes('ovs.patch.mtu@interfaces[0].mtu'));
    assert.ok(c.includes('ovs.patch.ip@interfaces[0].ipv4'));
  });
  void it('DPDK queue sizes are 0 or a power of two up to 4096; devargs required', () => {
    const bad = codesAt(
      ifaces({ name: 'd0', type: 'ovs-interface', dpdk: { n_rxq_desc: 100, n_txq_desc: 8192 } }),
    );
    assert.ok(bad.includes('ovs.dpdk.devargs.required@interfaces[0].dpdk.devargs'));
    assert.ok(bad.includes('ovs.dpdk.desc.invalid@interfaces[0].dpdk.n_rxq_desc'));
    assert.ok(bad.includes('ovs.dpdk.desc.invalid@interfaces[0].dpdk.n_txq_desc'));
    const dpdk = { devargs: '0000:af:00.1', n_rxq_desc: 1, n_txq_desc: 4096 };
    assert.deepEqual(codesAt(ifaces({ name: 'd0', type: 'ovs-interface', dpdk })), []);
  });
  void it('an OVS bond mode is active-backup, balance-slb, balance-tcp or lacp', () => {
    const br = (mode: string) =>
      ifaces({
        name: 'br1',
        type: 'ovs-bridge',
        bridge: {
          port: [
            {
              name: 'bond1',
              'link-aggregation': { mode, port: [{ name: 'ens4' }, { name: 'ens5' }] },
            },
          ],
        },
      });
    assert.ok(!codesAt(br('lacp')).some((c) => c.startsWith('ovs.bond')));
    assert.ok(
      codesAt(br('802.3ad')).includes(
        'ovs.bond.mode.invalid@interfaces[0].bridge.port[0].link-aggregation.mode',
      ),
    );
  });
});

void describe('OVN bridge mappings (nmstate rust/src/lib/ovn.rs)', () => {
  void it('localnet unique; bridge needed unless absent', () => {
    const c = codesAt(
      policy({
        ovn: {
          'bridge-mappings': [
            { localnet: 'physnet', bridge: 'br1' },
            { localnet: 'physnet', bridge: 'br2' },
            { localnet: 'other' },
            { localnet: 'gone', state: 'absent' },
          ],
        },
      }),
    );
    assert.deepEqual(c, [
      'ovn.localnet.duplicate@ovn.bridge-mappings[1].localnet',
      'ovn.bridge.required@ovn.bridge-mappings[2].bridge',
    ]);
  });
});
