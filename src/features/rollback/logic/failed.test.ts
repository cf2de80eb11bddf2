import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getFailedNodeDetails, getTouchedInterfaceNames, listFailedPolicies } from './failed';
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
