import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  digestFailedEnactment,
  getFailedNodeDetails,
  getTouchedInterfaceNames,
  listFailedPolicies,
} from './failed';
import { makeEnactment, withPolicyConditions } from '../../policies/__fixtures__/enactmentFixtures';
import {
  bondPolicy,
  vlanPolicy,
  linuxBridgePolicy,
} from '../../policies/__fixtures__/policyFixtures';
import { makeNodeState } from '../../policies/__fixtures__/clusterFixtures';
import type { NodeNetworkState } from '../../../shared/model/nmstate';

const bond = withPolicyConditions(bondPolicy, 'degraded');
const vlan = withPolicyConditions(vlanPolicy, 'available');
const nns = (name: string, octet: number): NodeNetworkState => ({
  apiVersion: 'nmstate.io/v1beta1',
  kind: 'NodeNetworkState',
  metadata: { name },
  status: { currentState: makeNodeState(octet) },
});

void describe('listFailedPolicies', () => {
  void it('lists Failing and Aborted policies with node counts and the error headline', () => {
    const rows = listFailedPolicies(
      [bond, vlan],
      [
        makeEnactment('w1', 'bond0-workers', 'failing'),
        makeEnactment('w2', 'bond0-workers', 'aborted'),
        makeEnactment('w3', 'bond0-workers', 'available'),
        makeEnactment('w1', 'vlan-102', 'available'),
      ],
    );
    assert.equal(rows.length, 1);
    assert.deepEqual(
      { ...rows[0], headline: undefined },
      {
        name: 'bond0-workers',
        outcome: 'Failing',
        failingNodes: ['w1'],
        abortedNodes: ['w2'],
        total: 3,
        headline: undefined,
      },
    );
    assert.match(rows[0]?.headline ?? '', /eth666/);
  });
  void it('ignores progressing and stale rollouts', () => {
    const rows = listFailedPolicies(
      [{ ...bond, metadata: { ...bond.metadata, generation: 2 } }],
      [makeEnactment('w1', 'bond0-workers', 'failing', { generation: 1 })],
    );
    assert.deepEqual(rows, []);
  });
});

void describe('getFailedNodeDetails', () => {
  void it('shows what was attempted, the error and the touched interfaces the node has now', () => {
    const failing = makeEnactment('worker-1', 'vlan-102', 'failing');
    failing.status = { ...failing.status, desiredState: vlanPolicy.spec.desiredState };
    const details = getFailedNodeDetails(
      vlan,
      [failing, makeEnactment('worker-2', 'vlan-102', 'available')],
      [nns('worker-1', 1), nns('worker-2', 2)],
    );
    assert.equal(details.length, 1);
    const d = details[0];
    assert.ok(d);
    assert.equal(d.node, 'worker-1');
    assert.equal(d.phase, 'Failing');
    assert.deepEqual(d.attempted, vlanPolicy.spec.desiredState);
    assert.equal(d.error?.kind, 'nmstate');
    assert.deepEqual(
      d.restored.map((i) => i.name),
      ['ens4'],
    );
  });
  void it('aborted nodes fall back to the spec; missing states are flagged', () => {
    const details = getFailedNodeDetails(
      vlan,
      [makeEnactment('worker-9', 'vlan-102', 'aborted')],
      [],
    );
    const d = details[0];
    assert.ok(d);
    assert.equal(d.attempted, null);
    assert.equal(d.hasState, false);
    assert.deepEqual(d.restored, []);
  });
});

void describe('getTouchedInterfaceNames', () => {
  void it('includes ports and VLAN bases; tolerates templates', () => {
    assert.deepEqual(getTouchedInterfaceNames(linuxBridgePolicy.spec.desiredState), [
      'br-storage',
      'ens4',
      'ens5',
    ]);
    assert.deepEqual(getTouchedInterfaceNames({ interfaces: '{{ capture.x }}' as never }), []);
    assert.deepEqual(getTouchedInterfaceNames(null), []);
  });
});

void describe('digestFailedEnactment', () => {
  const all = [
    makeEnactment('w1', 'bond0-workers', 'failing'),
    makeEnactment('w2', 'bond0-workers', 'aborted'),
    makeEnactment('w3', 'bond0-workers', 'available'),
    makeEnactment('w4', 'bond0-workers', 'retrying'),
    makeEnactment('w5', 'bond0-workers', 'failing', { labels: false }),
    makeEnactment('w6', 'bond0-workers', 'progressing'),
    makeEnactment('w7', 'bond0-workers', 'failing'),
  ];
  void it('keeps failing and aborted enactments only, without states or other messages', () => {
    const digests = all.map(digestFailedEnactment);
    assert.deepEqual(
      digests.map((d) => d?.metadata.name ?? null),
      [
        'w1.bond0-workers',
        'w2.bond0-workers',
        null,
        null,
        'w5.bond0-workers',
        null,
        'w7.bond0-workers',
      ],
    );
    const failing = digests[0];
    assert.ok(failing);
    assert.deepEqual(failing.metadata.labels, {
      'nmstate.io/node': 'w1',
      'nmstate.io/policy': 'bond0-workers',
    });
    assert.equal(failing.status?.policyGeneration, 1);
    for (const c of failing.status.conditions ?? []) {
      assert.deepEqual(
        Object.keys(c).filter((k) => k === 'lastHeartbeatTime'),
        [],
      );
      if (c.type !== 'Failing') assert.equal(c.message, undefined);
    }
    assert.ok(JSON.stringify(failing).length < JSON.stringify(all[0]).length);
    const aborted = digests[1];
    assert.ok(aborted);
    for (const c of aborted.status?.conditions ?? []) assert.equal(c.message, undefined);
    assert.equal(digestFailedEnactment({ metadata: 'x' } as never), null);
  });
  const digestOf = (i: number) => {
    const e = all[i];
    assert.ok(e);
    const d = digestFailedEnactment(e);
    assert.ok(d);
    return d;
  };
  void it('gives a failed policy the row the whole enactments give', () => {
    const whole = listFailedPolicies([bond], all.slice(0, 3));
    const lean = listFailedPolicies(
      [bond],
      all.slice(0, 3).flatMap((e) => digestFailedEnactment(e) ?? []),
    );
    assert.equal(whole.length, 1);
    assert.deepEqual(
      lean.map((r) => [r.name, r.outcome, r.failingNodes, r.abortedNodes, r.headline]),
      whole.map((r) => [r.name, r.outcome, r.failingNodes, r.abortedNodes, r.headline]),
    );
    // The node comes from the `<node>.<policy>` name when the labels are missing.
    const unlabelled = listFailedPolicies([bond], [digestOf(4)]);
    assert.deepEqual(unlabelled[0]?.failingNodes, ['w5']);
    // A failure of an older generation is not this generation's outcome.
    const newer = { ...bond, metadata: { ...bond.metadata, generation: 2 } };
    assert.deepEqual(listFailedPolicies([newer], [digestOf(0)]), []);
  });
});
