import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Node } from '../../../shared/model/k8s';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { findNarrowingSelector } from './narrow';

const node = (name: string, labels: Record<string, string>): Node => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } },
});
const policy: NodeNetworkConfigurationPolicy = {
  apiVersion: 'nmstate.io/v1',
  kind: 'NodeNetworkConfigurationPolicy',
  metadata: { name: 'p' },
  spec: { nodeSelector: { 'node-role.kubernetes.io/worker': '' } },
};
const w = { 'node-role.kubernetes.io/worker': '' };

describe('findNarrowingSelector', () => {
  it('adds the label the working nodes share and the failing one lacks', () => {
    const nodes = [
      node('w0', { ...w, nic: 'x710' }),
      node('w1', { ...w, nic: 'x710' }),
      node('w2', { ...w, nic: 'e810' }),
    ];
    assert.deepEqual(findNarrowingSelector(policy, nodes, ['w0', 'w1']), {
      ok: true,
      nodeSelector: { ...w, nic: 'x710' },
    });
  });
  it('uses the hostname for a single node', () => {
    const nodes = [node('w0', w), node('w2', w)];
    const r = findNarrowingSelector(policy, nodes, ['w0']);
    assert.deepEqual(r, { ok: true, nodeSelector: { ...w, 'kubernetes.io/hostname': 'w0' } });
  });
  it('refuses when no label set separates the nodes', () => {
    const nodes = [node('w0', w), node('w1', w), node('w2', w)];
    assert.deepEqual(findNarrowingSelector(policy, nodes, ['w0', 'w1']), {
      ok: false,
      reason: 'narrow.noSharedLabels',
    });
    assert.equal(findNarrowingSelector(policy, nodes, []).ok, false);
  });
});
