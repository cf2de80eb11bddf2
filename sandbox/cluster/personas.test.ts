// @reliability: the read-only personas match the built-in `view` role: no Secrets.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { TestCluster } from './testing';
import { startTestCluster } from './testing';

let c: TestCluster;
before(async () => {
  c = await startTestCluster();
  await c.req('POST', '/api/v1/namespaces/default/secrets', {
    body: { metadata: { name: 'switch-creds' }, stringData: { password: 'p' } },
  });
});
after(async () => {
  await c.dispose();
});

it('@reliability viewer and nad-editor cannot read Secrets, like the built-in view role', async () => {
  for (const persona of ['viewer', 'nad-editor', 'network-viewer']) {
    for (const path of [
      '/api/v1/secrets',
      '/api/v1/namespaces/default/secrets',
      '/api/v1/namespaces/default/secrets/switch-creds',
      '/api/v1/secrets?watch=true&timeoutSeconds=1',
    ]) {
      const res = await c.req('GET', path, { persona });
      assert.equal(res.status, 403, `${persona} ${path}`);
    }
    // Everything else stays readable.
    assert.equal(
      (await c.req('GET', '/api/v1/namespaces/default/configmaps', { persona })).status,
      persona === 'network-viewer' ? 403 : 200,
    );
  }
  assert.equal((await c.req('GET', '/api/v1/namespaces/default/secrets/switch-creds')).status, 200);
  const review = await c.req('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', {
    persona: 'viewer',
    body: {
      spec: { resourceAttributes: { verb: 'list', resource: 'secrets', namespace: 'default' } },
    },
  });
  assert.equal((review.body['status'] as { allowed: boolean }).allowed, false);
});
