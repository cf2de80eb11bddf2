// Field ownership over HTTP: every create, update and patch records its manager in
// managedFields as kube-apiserver does, and the policy history's author trust (which reads
// them) comes out as it would on a real cluster.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { K8sResource } from '../../src/shared/model/k8s';
import type { NodeNetworkConfigurationPolicy } from '../../src/shared/model/nmstate';
import { buildRevision, parseRevision } from '../../src/features/rollback/logic/revisions';
import { assessRevision } from '../../src/features/rollback/logic/trust';
import { REVISION_AUTHOR_ANNOTATION } from '../../src/features/rollback/model/revision';
import type { TestCluster } from './testing';
import { NNCP_PATH, availableStatus, policy, startTestCluster } from './testing';
import { fromFieldsV1 } from './managedFields';

const NS = 'openshift-nmstate';
const REVISIONS = `/apis/apps/v1/namespaces/${NS}/controllerrevisions`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)';
const KUBECTL = 'kubectl/v1.35.0 (linux/amd64) kubernetes/abcdef0';

interface Entry {
  manager: string;
  operation: string;
  apiVersion: string;
  time?: string;
  subresource?: string;
  fieldsV1: Record<string, unknown>;
}

let c: TestCluster;

before(async () => {
  c = await startTestCluster();
  const ns = await c.req('POST', '/api/v1/namespaces', {
    body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } },
    headers: { 'User-Agent': KUBECTL },
  });
  assert.equal(ns.status, 201, ns.text);
});
after(async () => {
  await c.dispose();
});

const entries = (obj: K8sResource): Entry[] =>
  (obj.metadata?.['managedFields'] as Entry[] | undefined) ?? [];
const owned = (e: Entry | undefined): string[] => fromFieldsV1(e?.fieldsV1).map((p) => p.join('.'));

/**
 * The nmstate webhook refuses spec changes while a policy is in progress, and no handler runs
 * here: report the policy Available as the handler would, and return it.
 */
async function settle(path: string): Promise<K8sResource> {
  const live = (await c.req('GET', path)).body;
  const res = await c.req('PUT', `${path}/status`, {
    body: { ...live, status: availableStatus() },
    headers: { 'User-Agent': 'manager/v0.0.0' },
  });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

describe('managedFields on ordinary writes', () => {
  it('records the creator from the User-Agent, or fieldManager, and never a webhook’s field', async () => {
    const created = await c.req('POST', NNCP_PATH, {
      body: policy('owned-by-browser'),
      headers: { 'User-Agent': BROWSER },
    });
    assert.equal(created.status, 201, created.text);
    const all = entries(created.body);
    assert.equal(all.length, 1);
    const entry = all[0];
    assert.ok(entry);
    assert.equal(entry.manager, 'Mozilla');
    assert.equal(entry.operation, 'Update');
    assert.equal(entry.apiVersion, 'nmstate.io/v1');
    assert.equal(entry.subresource, undefined);
    assert.match(entry.time ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.ok(owned(entry).includes('spec.desiredState.interfaces'));
    // The nmstate mutating webhook stamps an annotation after ownership is recorded.
    const annotations = created.body.metadata?.annotations ?? {};
    assert.ok('nmstate.io/webhook-mutating-timestamp' in annotations);
    assert.ok(!owned(entry).some((p) => p.includes('webhook-mutating-timestamp')));

    const named = await c.req('POST', `${NNCP_PATH}?fieldManager=switchboard-editor`, {
      body: policy('owned-by-name'),
      headers: { 'User-Agent': BROWSER },
    });
    assert.deepEqual(
      entries(named.body).map((e) => e.manager),
      ['switchboard-editor'],
    );
    const anonymous = await c.req('POST', NNCP_PATH, {
      body: policy('owned-by-nobody'),
      headers: { 'User-Agent': '' },
    });
    assert.deepEqual(
      entries(anonymous.body).map((e) => e.manager),
      ['unknown'],
    );
  });

  it('an update takes the fields it changed; a patch is recorded too; a no-op stores nothing', async () => {
    const path = `${NNCP_PATH}/owned-by-browser`;
    const live = await settle(path);
    const spec = live['spec'] as Record<string, unknown>;
    const put = await c.req('PUT', path, {
      body: { ...live, spec: { ...spec, maxUnavailable: 1 } },
      headers: { 'User-Agent': KUBECTL },
    });
    assert.equal(put.status, 200, put.text);
    // Beside the handler's status entry (settle above).
    const after = entries(put.body).filter((e) => e.subresource === undefined);
    assert.deepEqual(
      after.map((e) => [e.manager, owned(e).includes('spec.maxUnavailable')]),
      [
        ['Mozilla', false],
        ['kubectl', true],
      ],
    );
    const patched = await c.req('PATCH', `${path}?fieldManager=kubectl-label`, {
      raw: JSON.stringify({ metadata: { labels: { team: 'net' } } }),
      contentType: 'application/merge-patch+json',
      headers: { 'User-Agent': KUBECTL },
    });
    assert.equal(patched.status, 200, patched.text);
    const label = entries(patched.body).find((e) => e.manager === 'kubectl-label');
    assert.deepEqual(owned(label).sort(), ['metadata.labels', 'metadata.labels.team']);
  });

  it('an update that changes no field stores nothing and records no one', async () => {
    const cm = await c.req('POST', '/api/v1/namespaces/default/configmaps', {
      body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'same' }, data: { a: '1' } },
      headers: { 'User-Agent': KUBECTL },
    });
    assert.equal(cm.status, 201, cm.text);
    const same = await c.req('PUT', '/api/v1/namespaces/default/configmaps/same', {
      body: cm.body,
      headers: { 'User-Agent': 'someone-else/1.0' },
    });
    assert.equal(same.status, 200, same.text);
    assert.equal(same.body.metadata?.resourceVersion, cm.body.metadata?.resourceVersion);
    assert.deepEqual(entries(same.body), entries(cm.body));
    // Sent without managedFields (as the editors do), the stored ones stay the starting point.
    const stripped = { ...cm.body, metadata: { ...cm.body.metadata, managedFields: undefined } };
    const changed = await c.req('PUT', '/api/v1/namespaces/default/configmaps/same', {
      body: { ...stripped, data: { a: '2' } },
      headers: { 'User-Agent': 'someone-else/1.0' },
    });
    assert.deepEqual(
      entries(changed.body).map((e) => [e.manager, owned(e)]),
      [
        ['kubectl', ['data']],
        ['someone-else', ['data.a']],
      ],
    );
  });

  it('a status write gets its own entry with the subresource', async () => {
    const path = `${NNCP_PATH}/owned-by-name`;
    const live = (await c.req('GET', path)).body;
    const res = await c.req('PUT', `${path}/status`, {
      body: {
        ...live,
        status: {
          conditions: [
            {
              type: 'Available',
              status: 'True',
              reason: 'SuccessfullyConfigured',
              message: '',
              lastHeartbeatTime: '2026-03-02T09:00:00Z',
              lastTransitionTime: '2026-03-02T09:00:00Z',
            },
          ],
        },
      },
      headers: { 'User-Agent': 'manager/v0.0.0' },
    });
    assert.equal(res.status, 200, res.text);
    const status = entries(res.body).find((e) => e.subresource === 'status');
    assert.equal(status?.manager, 'manager');
    assert.ok(owned(status).includes('status.conditions'));
  });
});

describe('policy history author trust on the sandbox', () => {
  let live: NodeNetworkConfigurationPolicy;
  before(async () => {
    live = (await c.req('GET', `${NNCP_PATH}/owned-by-browser`))
      .body as unknown as NodeNetworkConfigurationPolicy;
  });

  const assess = async (name: string) => {
    const stored = await c.req('GET', `${REVISIONS}/${name}`);
    const parsed = parseRevision(stored.body);
    assert.ok(parsed.ok);
    return assessRevision(parsed.revision, live);
  };

  it('a revision the plugin signs is server-confirmed; changed by another writer it is edited', async () => {
    const cr = buildRevision(live, {
      now: '2026-03-02T09:00:00Z',
      author: 'admin',
      namespace: NS,
    });
    const res = await c.req('POST', `${REVISIONS}?fieldManager=switchboard`, {
      body: cr,
      headers: { 'User-Agent': BROWSER },
    });
    assert.equal(res.status, 201, res.text);
    const trust = await assess(cr.metadata.name);
    assert.deepEqual(trust.issues, []);
    assert.equal(trust.author, 'serverConfirmed');

    const patched = await c.req('PATCH', `${REVISIONS}/${cr.metadata.name}`, {
      raw: JSON.stringify({
        metadata: { annotations: { [REVISION_AUTHOR_ANNOTATION]: 'mallory' } },
      }),
      contentType: 'application/merge-patch+json',
      headers: { 'User-Agent': KUBECTL },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.equal((await assess(cr.metadata.name)).author, 'edited');
  });

  it('an unsigned revision signed later by the plugin is server-confirmed', async () => {
    const unsigned = buildRevision(
      { ...live, metadata: { ...live.metadata, generation: 1 } },
      { now: '2026-03-02T09:00:00Z', namespace: NS },
    );
    const name = unsigned.metadata.name;
    const res = await c.req('POST', `${REVISIONS}?fieldManager=switchboard`, {
      body: unsigned,
      headers: { 'User-Agent': BROWSER },
    });
    assert.equal(res.status, 201, res.text);
    const stored = res.body;
    const signed = {
      ...stored,
      metadata: {
        ...stored.metadata,
        annotations: { ...stored.metadata?.annotations, [REVISION_AUTHOR_ANNOTATION]: 'admin' },
      },
    };
    const put = await c.req('PUT', `${REVISIONS}/${name}?fieldManager=switchboard`, {
      body: signed,
      headers: { 'User-Agent': BROWSER },
    });
    assert.equal(put.status, 200, put.text);
    assert.equal((await assess(name)).author, 'serverConfirmed');
  });

  it('a revision planted by another client is not plugin-written', async () => {
    // A new generation, planted by someone else with everything the plugin would write: only
    // the server's field ownership tells it apart.
    const path = `${NNCP_PATH}/owned-by-browser`;
    const current = await settle(path);
    const bumped = await c.req('PUT', path, {
      body: { ...current, spec: { ...(current['spec'] as object), maxUnavailable: 2 } },
      headers: { 'User-Agent': BROWSER },
    });
    assert.equal(bumped.status, 200, bumped.text);
    live = bumped.body as unknown as NodeNetworkConfigurationPolicy;
    const planted = buildRevision(live, {
      now: '2026-03-02T09:00:00Z',
      author: 'admin',
      namespace: NS,
    });
    const res = await c.req('POST', REVISIONS, {
      body: planted,
      headers: { 'User-Agent': 'curl/8.5.0' },
    });
    assert.equal(res.status, 201, res.text);
    const trust = await assess(planted.metadata.name);
    assert.deepEqual(trust.issues, ['trust.notPluginWritten']);
    assert.equal(trust.author, 'edited', 'the author annotation is owned by curl, not the plugin');
  });
});
