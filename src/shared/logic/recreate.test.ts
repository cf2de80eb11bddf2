import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { K8sResource } from '../model/k8s';
import { toRecreate } from './recreate';

test('toRecreate: keeps name, namespace, labels and spec; drops what the server owns', () => {
  const obj = {
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata: {
      name: 'br1',
      namespace: 'lab',
      labels: { team: 'net' },
      annotations: { note: 'x' },
      resourceVersion: '42',
      uid: 'u-1',
      creationTimestamp: '2026-01-01T00:00:00Z',
      generation: 3,
      managedFields: [{ manager: 'kubectl' }],
    },
    spec: { config: '{}' },
    status: { ok: true },
  } as unknown as K8sResource;
  const out = toRecreate(obj) as unknown as Record<string, unknown>;
  assert.deepEqual(out, {
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata: {
      name: 'br1',
      namespace: 'lab',
      labels: { team: 'net' },
      annotations: { note: 'x' },
    },
    spec: { config: '{}' },
  });
  // The draft itself is untouched.
  assert.equal((obj.metadata as { resourceVersion?: string }).resourceVersion, '42');
});
