import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../shared/model/k8s';
import { countPodsByNad } from './podUsage';

const pod = (name: string, networks: string | undefined, status?: unknown[]): Pod => {
  const annotations: Record<string, string> = {};
  if (networks !== undefined) annotations['k8s.v1.cni.cncf.io/networks'] = networks;
  if (status) annotations['k8s.v1.cni.cncf.io/network-status'] = JSON.stringify(status);
  return { metadata: { name, namespace: 'a', annotations } };
};

describe('countPodsByNad', () => {
  it('counts attached and pending pods per NAD in one pass', () => {
    const counts = countPodsByNad([
      pod('p1', 'net1,b/net2', [
        { name: 'ovn-kubernetes', default: true },
        { name: 'a/net1', interface: 'net1' },
        { name: 'b/net2', interface: 'net2' },
      ]),
      pod('p2', 'net1'),
      pod('p3', '[{"name":"net1","interface":"x"},{"name":"net1","interface":"y"}]', [
        { name: 'a/net1', interface: 'x' },
        { name: 'a/net1', interface: 'y' },
      ]),
      pod('p4', undefined),
    ]);
    assert.deepEqual(counts.get('a/net1'), { attached: 2, pending: 1 });
    assert.deepEqual(counts.get('b/net2'), { attached: 1, pending: 0 });
    assert.equal(counts.has('ovn-kubernetes'), false);
  });
});
