import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { NetworkInterface, NetworkState } from '../../../shared/model/nmstate';
import {
  filterCandidates,
  getDeclaredInterfaces,
  getInterfaceCandidates,
} from './interfaceCandidates';
import { newInterfaceFormValues } from './policyForm';
import { clusterNodeStates } from '../__fixtures__/clusterFixtures';

const state = (...interfaces: NetworkInterface[]): NetworkState => ({ interfaces });
const eth = (name: string, extra: Partial<NetworkInterface> = {}): NetworkInterface => ({
  name,
  type: 'ethernet',
  state: 'up',
  ...extra,
});

const states = new Map<string, NetworkState | undefined>([
  [
    'n1',
    state(
      eth('eth1'),
      eth('eth2'),
      eth('eth3', { controller: 'bond0' }),
      { name: 'bond0', type: 'bond', state: 'up' },
      { name: 'bond0.100', type: 'vlan', state: 'up' },
      { name: 'lo', type: 'loopback', state: 'up' },
      eth('genev_sys_6081', { controller: 'ovs-system' }),
      { name: 'br-ex', type: 'ovs-bridge', state: 'up' },
      { name: 'br-ex', type: 'ovs-interface', state: 'up' },
    ),
  ],
  ['n2', state(eth('eth1'), eth('eth3'), { name: 'bond0', type: 'bond', state: 'up' })],
  ['n3', state(eth('eth1'), eth('eth2'))],
  ['n4', undefined],
]);
const all = ['n1', 'n2', 'n3', 'n4'];
const summary = (r: ReturnType<typeof getInterfaceCandidates>): string[] =>
  r.candidates.map((c) => `${c.name}:${c.nodeCount}${c.inPolicy ? '*' : ''}`);

void describe('interface candidates', () => {
  void it('counts the matched nodes that have each NIC, most widespread first', () => {
    const r = getInterfaceCandidates({ kind: 'name', type: 'ethernet' }, all, states, []);
    assert.equal(r.nodesWithState, 3);
    // OVN tunnel endpoints are cluster plumbing, never offered.
    assert.deepEqual(summary(r), ['eth1:3', 'eth2:2', 'eth3:2']);
  });

  void it('only counts the nodes the selector matches', () => {
    const r = getInterfaceCandidates({ kind: 'name', type: 'ethernet' }, ['n2', 'n3'], states, []);
    assert.equal(r.nodesWithState, 2);
    assert.deepEqual(summary(r), ['eth1:2', 'eth2:1', 'eth3:1']);
  });

  void it('bond ports: NICs not already a port of another controller on that node', () => {
    const r = getInterfaceCandidates({ kind: 'bondPort', owner: 'bond9' }, all, states, []);
    // eth3 is bond0's port on n1, free on n2.
    assert.deepEqual(summary(r), ['eth1:3', 'eth2:2', 'eth3:1']);
  });

  void it("bond ports: the edited bond's own ports stay candidates", () => {
    const r = getInterfaceCandidates({ kind: 'bondPort', owner: 'bond0' }, all, states, []);
    assert.deepEqual(summary(r), ['eth1:3', 'eth2:2', 'eth3:2']);
  });

  void it('bond ports: a port another interface of the policy takes is not offered', () => {
    const r = getInterfaceCandidates({ kind: 'bondPort', owner: 'bond9' }, all, states, [
      { name: 'bond9', type: 'bond', ports: ['eth2'] },
      { name: 'bond8', type: 'bond', ports: ['eth1'] },
    ]);
    assert.deepEqual(summary(r), ['eth2:2', 'eth3:1']);
  });

  void it('VLAN base: NICs and bonds, including a bond the policy creates', () => {
    const r = getInterfaceCandidates({ kind: 'vlanBase' }, all, states, [
      { name: 'bond9', type: 'bond', ports: ['eth2'] },
      { name: 'br1', type: 'linux-bridge', ports: [] },
    ]);
    assert.deepEqual(summary(r), ['bond9:3*', 'eth1:3', 'bond0:2', 'eth2:2', 'eth3:2']);
  });

  void it('bridge ports: NICs, bonds and VLANs, never the bridge itself', () => {
    const r = getInterfaceCandidates({ kind: 'bridgePort', owner: 'br1' }, all, states, [
      { name: 'br1', type: 'linux-bridge', ports: [] },
      { name: 'bond0.200', type: 'vlan', ports: [] },
    ]);
    // eth3 is bond0's port on n1.
    assert.deepEqual(summary(r), [
      'bond0.200:3*',
      'eth1:3',
      'bond0:2',
      'eth2:2',
      'bond0.100:1',
      'eth3:1',
    ]);
  });

  void it('OVS ports also take OVS internal interfaces, counted once per node', () => {
    const r = getInterfaceCandidates({ kind: 'ovsPort', owner: 'br-phy' }, ['n1'], states, []);
    assert.ok(summary(r).includes('br-ex:1'));
  });

  void it('works on the realistic cluster fixture', () => {
    const map = new Map(clusterNodeStates.map((s) => [s.metadata.name, s.status?.currentState]));
    const nodes = [...map.keys()];
    const r = getInterfaceCandidates({ kind: 'bondPort', owner: 'bond9' }, nodes, map, []);
    assert.equal(r.nodesWithState, nodes.length);
    assert.ok(r.candidates.length > 0);
    for (const c of r.candidates) assert.ok(c.nodeCount >= 1 && c.nodeCount <= nodes.length);
  });

  void it('filters by typed text, case-insensitively', () => {
    const r = getInterfaceCandidates({ kind: 'name', type: 'ethernet' }, all, states, []);
    assert.deepEqual(
      filterCandidates(r.candidates, ' ETH2 ').map((c) => c.name),
      ['eth2'],
    );
    assert.equal(filterCandidates(r.candidates, '').length, 3);
  });

  void it('reads the ports every declared interface of a form draft takes', () => {
    const bond = newInterfaceFormValues('bond');
    const br = newInterfaceFormValues('ovs-bridge');
    assert.equal(bond.type, 'bond');
    assert.equal(br.type, 'ovs-bridge');
    const declared = getDeclaredInterfaces([
      { ...bond, name: 'bond9', bond: { ...bond.bond, ports: ['eth1'] } },
      {
        ...br,
        name: 'br-phy',
        ovsBridge: {
          ...br.ovsBridge,
          ports: [
            { name: 'eth2', vlan: null, bond: null },
            { name: 'ovsbond', vlan: null, bond: { mode: 'active-backup', ports: ['eth3'] } },
          ],
        },
      },
    ]);
    assert.deepEqual(declared, [
      { name: 'bond9', type: 'bond', ports: ['eth1'] },
      { name: 'br-phy', type: 'ovs-bridge', ports: ['eth2', 'ovsbond', 'eth3'] },
    ]);
  });
});
