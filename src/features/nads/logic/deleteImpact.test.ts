import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../shared/model/k8s';
import { makeNad } from '../__fixtures__/nads';
import { getDeleteImpact } from './deleteImpact';

const pod = (namespace: string, name: string, networks?: string, status?: unknown[]): Pod => {
  const annotations: Record<string, string> = {};
  if (networks !== undefined) annotations['k8s.v1.cni.cncf.io/networks'] = networks;
  if (status) annotations['k8s.v1.cni.cncf.io/network-status'] = JSON.stringify(status);
  return { metadata: { name, namespace, annotations } };
};

// Selection syntax as multus-cni pkg/k8sclient/k8sclient.go parsePodNetworkAnnotation reads it.
describe('getDeleteImpact', () => {
  const nad = makeNad('storage', { cniVersion: '0.3.1', type: 'macvlan' }, { namespace: 'a' });
  const pods = [
    pod('a', 'web-1', 'storage'),
    pod('a', 'db-0', '[{"name":"storage","interface":"net2"}]'),
    pod('b', 'backup', 'a/storage@net1'),
    pod('a', 'other', 'fast'),
    pod('b', 'storage-lookalike', 'storage'),
    pod('a', 'reported', undefined, [{ name: 'a/storage', interface: 'net1' }]),
  ];

  it('names the pods that select the NAD or report an interface on it, sorted', () => {
    assert.deepEqual(getDeleteImpact(pods, nad, 10), {
      count: 4,
      names: ['b/backup', 'db-0', 'reported', 'web-1'],
      more: 0,
    });
  });
  it('names only the first N and counts the rest', () => {
    assert.deepEqual(getDeleteImpact(pods, nad, 2), {
      count: 4,
      names: ['b/backup', 'db-0'],
      more: 2,
    });
  });
  it('reports nothing for an unused NAD', () => {
    assert.deepEqual(getDeleteImpact([pods[3] as Pod], nad, 5), { count: 0, names: [], more: 0 });
  });
});
