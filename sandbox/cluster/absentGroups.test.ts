// A cluster "without an operator": its API group vanishes from discovery and its paths 404,
// which is how the console decides not to show the pages that need it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestCluster } from './testing';

test('absent API groups are not discovered and not served', async () => {
  const c = await startTestCluster({ absentGroups: ['nmstate.io', 'metal3.io'] });
  try {
    const apis = await c.req('GET', '/apis');
    const groups = (apis.body.groups as { name: string }[]).map((g) => g.name);
    assert.ok(!groups.includes('nmstate.io'));
    assert.ok(!groups.includes('metal3.io'));
    assert.ok(groups.includes('k8s.cni.cncf.io'));
    assert.equal((await c.req('GET', '/apis/nmstate.io/v1')).status, 404);
    assert.equal(
      (await c.req('GET', '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies')).status,
      404,
    );
    assert.equal(
      (await c.req('GET', '/apis/k8s.cni.cncf.io/v1/network-attachment-definitions')).status,
      200,
    );
  } finally {
    await c.dispose();
  }
});
