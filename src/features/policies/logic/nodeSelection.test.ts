import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getMatchedNodes, matchesNodeSelector } from './nodeSelection';
import { clusterNodes, WORKER_2 } from '../__fixtures__/clusterFixtures';
import { routePolicy, workerSelectorPolicy, dhcpPolicy } from '../__fixtures__/policyFixtures';

const names = (ns: { metadata: { name: string } }[]): string[] => ns.map((n) => n.metadata.name);

void describe('node selection', () => {
  void it('an empty selector matches every node', () => {
    assert.equal(getMatchedNodes(dhcpPolicy, clusterNodes).length, 4);
  });
  void it('matches empty-valued role labels', () => {
    assert.equal(getMatchedNodes(workerSelectorPolicy, clusterNodes).length, 3);
  });
  void it('matches by hostname', () => {
    assert.deepEqual(names(getMatchedNodes(routePolicy, clusterNodes)), [WORKER_2]);
  });
  void it('requires every key and an exact value', () => {
    const [, w1] = clusterNodes;
    assert.ok(w1);
    assert.equal(matchesNodeSelector(w1, { 'topology.kubernetes.io/zone': 'a' }), true);
    assert.equal(matchesNodeSelector(w1, { 'topology.kubernetes.io/zone': 'A' }), false);
    assert.equal(
      matchesNodeSelector(w1, { 'topology.kubernetes.io/zone': 'a', missing: '' }),
      false,
    );
    assert.equal(matchesNodeSelector({ metadata: { name: 'bare' } }, { a: '' }), false);
    assert.equal(matchesNodeSelector({ metadata: { name: 'bare' } }, undefined), true);
  });
});
