import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { NetworkState, NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import {
  clusterNodes,
  MASTER_0,
  WORKER_1,
  WORKER_2,
  WORKER_3,
} from '../../policies/__fixtures__/clusterFixtures';
import { makeEnactment } from '../../policies/__fixtures__/enactmentFixtures';
import { buildLeavingRevertPlan, getLeavingNodes, getRevertTargets } from './leavingNodes';

const policy = (nodeSelector: Record<string, string>): NodeNetworkConfigurationPolicy => ({
  apiVersion: 'nmstate.io/v1',
  kind: 'NodeNetworkConfigurationPolicy',
  metadata: { name: 'bond-vlan', generation: 1 },
  spec: {
    nodeSelector,
    desiredState: {
      interfaces: [
        {
          name: 'bond9',
          type: 'bond',
          state: 'up',
          'link-aggregation': { mode: 'active-backup', port: ['ens4'] },
        },
        { name: 'bond9.77', type: 'vlan', state: 'up', vlan: { 'base-iface': 'bond9', id: 77 } },
        { name: 'old0', type: 'dummy', state: 'absent' },
      ],
      routes: {
        config: [
          { destination: '198.51.100.0/24', 'next-hop-interface': 'bond9.77' },
          { destination: '203.0.113.0/24', state: 'absent' },
        ],
      },
    },
  },
});

const workers = policy({ 'node-role.kubernetes.io/worker': '' });
const zoneA = policy({ 'topology.kubernetes.io/zone': 'a' });
const enactments = [
  makeEnactment(WORKER_1, 'bond-vlan', 'available'),
  makeEnactment(WORKER_2, 'bond-vlan', 'available'),
  makeEnactment(WORKER_3, 'bond-vlan', 'failing'),
];

/** The node's state after the policy applied: what it created is there. */
const applied: NetworkState = {
  interfaces: [
    { name: 'ens4', type: 'ethernet', state: 'up', controller: 'bond9' },
    { name: 'bond9', type: 'bond', state: 'up' },
    { name: 'bond9.77', type: 'vlan', state: 'up', vlan: { 'base-iface': 'bond9', id: 77 } },
  ],
};
const states = new Map<string, NetworkState>([
  [WORKER_1, applied],
  [WORKER_2, applied],
  [WORKER_3, applied],
]);

void describe('nodes that leave a policy', () => {
  void it('lists the nodes the old selector matches and the new one does not', () => {
    const leaving = getLeavingNodes(workers, zoneA, clusterNodes, enactments);
    assert.deepEqual(
      leaving.map((l) => l.node),
      [WORKER_2, WORKER_3],
    );
    assert.deepEqual(getLeavingNodes(zoneA, workers, clusterNodes, enactments), []);
  });

  void it('says what stays: the interfaces and routes the policy configured, not its removals', () => {
    const [w2] = getLeavingNodes(workers, zoneA, clusterNodes, enactments);
    assert.deepEqual(w2, {
      node: WORKER_2,
      applied: true,
      interfaces: [
        { name: 'bond9', type: 'bond' },
        { name: 'bond9.77', type: 'vlan' },
      ],
      routes: [{ destination: '198.51.100.0/24', 'next-hop-interface': 'bond9.77' }],
    });
  });

  void it('nothing stays where the apply failed (kubernetes-nmstate rolled it back)', () => {
    const w3 = getLeavingNodes(workers, zoneA, clusterNodes, enactments)[1];
    assert.equal(w3?.node, WORKER_3);
    assert.equal(w3.applied, false);
    assert.deepEqual(w3.interfaces, []);
    assert.deepEqual(w3.routes, []);
  });

  void it('selects the leaving nodes by a label only they carry', () => {
    assert.deepEqual(getRevertTargets([WORKER_3, WORKER_2], clusterNodes), [
      {
        kind: 'label',
        key: 'topology.kubernetes.io/zone',
        value: 'b',
        nodes: [WORKER_2, WORKER_3],
      },
    ]);
  });

  void it('falls back to one target per hostname when no label fits', () => {
    assert.deepEqual(getRevertTargets([MASTER_0, WORKER_2], clusterNodes), [
      { kind: 'hostname', value: MASTER_0, nodes: [MASTER_0] },
      { kind: 'hostname', value: WORKER_2, nodes: [WORKER_2] },
    ]);
    // A label all workers share also covers WORKER_1: not an exact set.
    assert.equal(getRevertTargets([WORKER_1, WORKER_3], clusterNodes).length, 2);
  });

  void it('builds revert policies that remove what the policy created, per hostname', () => {
    const plan = buildLeavingRevertPlan(workers, [WORKER_2], clusterNodes, states, enactments);
    assert.equal(plan.policies.length, 1);
    const [p] = plan.policies;
    assert.equal(p?.metadata.name, `bond-vlan-revert-${WORKER_2}`);
    assert.deepEqual(p.spec.nodeSelector, { 'kubernetes.io/hostname': WORKER_2 });
    const ifaces = p.spec.desiredState?.interfaces ?? [];
    // Created interfaces go absent (nmstate revert), not down.
    assert.deepEqual(
      ifaces
        .filter((i) => i.state === 'absent')
        .map((i) => i.name)
        .sort(),
      ['bond9', 'bond9.77'],
    );
    assert.ok(ifaces.every((i) => i.state !== 'down'));
  });

  void it('one revert policy for leaving nodes that share a label', () => {
    const plan = buildLeavingRevertPlan(workers, [WORKER_2, WORKER_3], clusterNodes, states, [
      makeEnactment(WORKER_2, 'bond-vlan', 'available'),
      makeEnactment(WORKER_3, 'bond-vlan', 'available'),
    ]);
    assert.deepEqual(
      plan.policies.map((p) => [p.metadata.name, p.spec.nodeSelector]),
      [['bond-vlan-revert-zone-b', { 'topology.kubernetes.io/zone': 'b' }]],
    );
  });

  void it('keeps revert policy names valid object names', () => {
    const long = { ...workers, metadata: { ...workers.metadata, name: 'x'.repeat(250) } };
    const plan = buildLeavingRevertPlan(long, [WORKER_2], clusterNodes, states, []);
    assert.equal(plan.policies.length, 1);
    for (const p of plan.policies) {
      assert.ok(p.metadata.name.length <= 253);
      assert.match(p.metadata.name, /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/);
    }
  });
});
