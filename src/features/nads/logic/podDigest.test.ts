import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../shared/model/k8s';
import { getNadRefsByNode } from '../../switch-ports/logic/checkVlanConsistency';
import { digestAttachedPod } from './podDigest';
import { countPodsByNad } from './podUsage';
import { getPodsUsingNad } from './podNetworks';

const NETWORKS = 'k8s.v1.cni.cncf.io/networks';
const STATUS = 'k8s.v1.cni.cncf.io/network-status';

/** A pod as the API server sends it, with the fields no view reads. */
const fullPod = (name: string, annotations: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name,
    namespace: 'team-a',
    uid: `uid-${name}`,
    resourceVersion: '42',
    labels: { app: 'x' },
    annotations: { 'openshift.io/scc': 'restricted-v2', ...annotations },
    managedFields: [{ manager: 'kubelet' }],
  },
  spec: {
    nodeName: 'worker-1',
    containers: [{ name: 'c', image: 'registry/x:1', env: [{ name: 'A', value: 'b' }] }],
  },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }], podIP: '10.0.0.4' },
});

describe('digestAttachedPod', () => {
  it('keeps only name, namespace, uid, resourceVersion, the Multus annotations, node and phase', () => {
    const status = JSON.stringify([
      { name: 'ovn-kubernetes', default: true },
      { name: 'team-a/br-vlan', interface: 'net1' },
    ]);
    const digest = digestAttachedPod(fullPod('p1', { [NETWORKS]: 'br-vlan', [STATUS]: status }));
    assert.deepEqual(digest, {
      metadata: {
        name: 'p1',
        namespace: 'team-a',
        uid: 'uid-p1',
        resourceVersion: '42',
        annotations: { [NETWORKS]: 'br-vlan', [STATUS]: status },
      },
      spec: { nodeName: 'worker-1' },
      status: { phase: 'Running' },
    });
  });

  it('drops pods with no NAD attachment, and keeps one that only reports one', () => {
    assert.equal(digestAttachedPod(fullPod('plain', {})), null);
    assert.equal(
      digestAttachedPod(
        fullPod('default-only', {
          [STATUS]: JSON.stringify([{ name: 'ovn-kubernetes', default: true }]),
        }),
      ),
      null,
    );
    assert.equal(digestAttachedPod(fullPod('empty', { [NETWORKS]: ' ' })), null);
    const reported = digestAttachedPod(
      fullPod('override', { [STATUS]: JSON.stringify([{ name: 'team-a/br-vlan' }]) }),
    );
    assert.equal(reported?.metadata.name, 'override');
  });

  it('rejects what is not a pod instead of throwing', () => {
    assert.equal(digestAttachedPod(null), null);
    assert.equal(digestAttachedPod({ metadata: { name: 'x' } }), null);
    assert.equal(digestAttachedPod({ metadata: 'x' }), null);
  });

  it('gives the NAD counts, the attached pods and the VLAN check the same answers as whole pods', () => {
    const pods = [
      fullPod('a', {
        [NETWORKS]: 'br-vlan,team-b/other',
        [STATUS]: JSON.stringify([{ name: 'team-a/br-vlan', interface: 'net1' }]),
      }),
      fullPod('b', { [NETWORKS]: '[{"name":"br-vlan","namespace":"team-a"}]' }),
      fullPod('c', {}),
    ] as unknown as Pod[];
    const digests = pods.map(digestAttachedPod).filter((p): p is Pod => p !== null);
    assert.equal(digests.length, 2);
    assert.deepEqual(countPodsByNad(digests), countPodsByNad(pods));
    const nad = { metadata: { name: 'br-vlan', namespace: 'team-a' } };
    assert.deepEqual(
      getPodsUsingNad(digests, nad).map((u) => [u.pod.metadata.name, u.pending, u.status.length]),
      getPodsUsingNad(pods, nad).map((u) => [u.pod.metadata.name, u.pending, u.status.length]),
    );
    assert.deepEqual(getNadRefsByNode(digests), getNadRefsByNode(pods));
  });
});
