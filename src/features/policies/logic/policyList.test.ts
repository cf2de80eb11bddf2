import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildPolicyRows, filterPolicyRows, getPolicyEvents, parseStateFilter } from './policyList';
import { clusterNodes, WORKER_1, WORKER_2, WORKER_3 } from '../__fixtures__/clusterFixtures';
import { makeEnactment } from '../__fixtures__/enactmentFixtures';
import { bondVlanPolicy, dnsPolicy } from '../__fixtures__/policyFixtures';
import type { Event } from '../../../shared/model/k8s';

const bond = {
  ...bondVlanPolicy,
  metadata: { ...bondVlanPolicy.metadata, annotations: { description: 'Uplink bond' } },
  spec: { ...bondVlanPolicy.spec, nodeSelector: { 'node-role.kubernetes.io/worker': '' } },
};
const enactments = [
  makeEnactment(WORKER_1, bond.metadata.name, 'available'),
  makeEnactment(WORKER_2, bond.metadata.name, 'failing'),
  makeEnactment(WORKER_3, bond.metadata.name, 'pending'),
];
const rows = buildPolicyRows([bond, dnsPolicy], enactments, clusterNodes);

void describe('buildPolicyRows', () => {
  void it('sorts by name, matches nodes and counts phases', () => {
    assert.deepEqual(
      rows.map((r) => r.name),
      ['bond-vlan', 'dns-static'],
    );
    const [b, d] = rows;
    assert.ok(b && d);
    assert.deepEqual(b.matchedNodes, [WORKER_1, WORKER_2, WORKER_3]);
    assert.equal(b.summary.counts.Available, 1);
    assert.equal(b.summary.counts.Failing, 1);
    assert.equal(b.summary.counts.Pending, 1);
    assert.equal(d.summary.counts.Available, 0);
  });

  void it('counts the greater name of two enactments claiming the same node and policy', () => {
    const [b] = buildPolicyRows(
      [bond],
      [
        makeEnactment(WORKER_1, bond.metadata.name, 'failing'),
        {
          ...makeEnactment(WORKER_1, bond.metadata.name, 'available'),
          metadata: {
            name: `${WORKER_1}.${bond.metadata.name}-copy`,
            labels: { 'nmstate.io/node': WORKER_1, 'nmstate.io/policy': bond.metadata.name },
          },
        },
      ],
      clusterNodes,
    );
    assert.ok(b);
    assert.equal(b.summary.counts.Available, 1);
    assert.equal(b.summary.counts.Failing, 0);
  });
});

void describe('filterPolicyRows', () => {
  const names = (f: Parameters<typeof filterPolicyRows>[1]) =>
    filterPolicyRows(rows, f).map((r) => r.name);
  void it('no filter keeps all', () =>
    assert.deepEqual(names({ text: '', states: [] }), ['bond-vlan', 'dns-static']));
  void it('by enactment state; policies without enactments never throw', () =>
    assert.deepEqual(names({ text: '', states: ['Failing'] }), ['bond-vlan']));
  void it('by text on name, description and node', () => {
    assert.deepEqual(names({ text: 'UPLINK', states: [] }), ['bond-vlan']);
    assert.ok(names({ text: 'worker-3', states: [] }).includes('bond-vlan'));
    assert.deepEqual(names({ text: 'nothing', states: [] }), []);
  });
});

void describe('getPolicyEvents', () => {
  const ev = (name: string, kind: string, at: string, uid?: string): Event => ({
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${name}.${at}`, namespace: 'default' },
    involvedObject: { kind, name, ...(uid ? { uid } : {}) },
    lastTimestamp: at,
    reason: 'ReconcileFailed',
  });
  void it('keeps this policy’s events, newest first, and drops a predecessor’s', () => {
    const p = { ...bond, metadata: { ...bond.metadata, uid: 'u2' } };
    const out = getPolicyEvents(
      [
        ev('bond-vlan', 'NodeNetworkConfigurationPolicy', '2026-01-01T00:00:01Z', 'u2'),
        ev('bond-vlan', 'NodeNetworkConfigurationPolicy', '2026-01-01T00:00:03Z'),
        ev('bond-vlan', 'NodeNetworkConfigurationPolicy', '2026-01-01T00:00:02Z', 'u1'),
        ev('bond-vlan', 'Node', '2026-01-01T00:00:04Z'),
      ],
      p,
    );
    assert.deepEqual(
      out.map((e) => e.lastTimestamp),
      ['2026-01-01T00:00:03Z', '2026-01-01T00:00:01Z'],
    );
  });
});

void describe('parseStateFilter', () => {
  void it('reads the comma-joined row filter in the toolbar order and drops unknown names', () => {
    assert.deepEqual(parseStateFilter('Failing,Available'), ['Available', 'Failing']);
    assert.deepEqual(parseStateFilter('Degraded,<img>,degraded,,Progressing'), [
      'Progressing',
      'Degraded',
    ]);
    assert.deepEqual(parseStateFilter(null), []);
    assert.deepEqual(parseStateFilter(''), []);
  });
});
