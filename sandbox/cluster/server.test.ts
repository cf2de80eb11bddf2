import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import type { TestCluster } from './testing';
import {
  BMH_PATH,
  HNA_PATH,
  NNCP_PATH,
  availableStatus,
  policy,
  readWatch,
  startTestCluster,
} from './testing';

let c: TestCluster;

before(async () => {
  c = await startTestCluster({ bookmarkIntervalMs: 100, historyCapacity: 64 });
});
after(async () => {
  await c.dispose();
});

function meta(body: Record<string, unknown>): Record<string, unknown> {
  return body['metadata'] as Record<string, unknown>;
}

describe('discovery', () => {
  it('serves version, core and group discovery documents', async () => {
    assert.equal((await c.req('GET', '/version')).body['minor'], '32');
    assert.deepEqual((await c.req('GET', '/api')).body['versions'], ['v1']);
    const core = await c.req('GET', '/api/v1');
    const names = (core.body['resources'] as { name: string }[]).map((r) => r.name);
    for (const n of [
      'nodes',
      'nodes/status',
      'namespaces',
      'pods',
      'events',
      'secrets',
      'configmaps',
    ]) {
      assert.ok(names.includes(n), n);
    }
    const groups = (await c.req('GET', '/apis')).body['groups'] as {
      name: string;
      preferredVersion: { version: string };
      versions: { version: string }[];
    }[];
    const nmstate = groups.find((g) => g.name === 'nmstate.io');
    assert.equal(nmstate?.preferredVersion.version, 'v1');
    assert.deepEqual(
      nmstate.versions.map((v) => v.version),
      ['v1', 'v1beta1'],
    );
    const metal3 = await c.req('GET', '/apis/metal3.io/v1alpha1');
    const bmh = (metal3.body['resources'] as Record<string, unknown>[]).find(
      (r) => r['name'] === 'baremetalhosts',
    );
    assert.deepEqual(bmh?.['shortNames'], ['bmh', 'bmhost']);
    assert.equal(bmh['namespaced'], true);
    assert.equal(bmh['singularName'], 'baremetalhost');
    const nad = await c.req('GET', '/apis/k8s.cni.cncf.io/v1');
    assert.equal(
      (nad.body['resources'] as { name: string }[])[0]?.name,
      'network-attachment-definitions',
    );
    const beta = await c.req('GET', '/apis/nmstate.io/v1beta1');
    const betaNames = (beta.body['resources'] as { name: string }[]).map((r) => r.name);
    assert.ok(betaNames.includes('nodenetworkstates'));
    const v1 = await c.req('GET', '/apis/nmstate.io/v1');
    assert.ok(
      !(v1.body['resources'] as { name: string }[]).some((r) => r.name === 'nodenetworkstates'),
    );
    assert.equal((await c.req('GET', '/apis/nmstate.io/v1/nodenetworkstates')).status, 404);
    assert.equal((await c.req('GET', '/apis/authorization.k8s.io')).body['kind'], 'APIGroup');
  });

  it('answers health endpoints and OpenAPI v3 with fieldValidation support', async () => {
    for (const p of ['/healthz', '/readyz', '/livez'])
      assert.equal((await c.req('GET', p)).text, 'ok');
    const root = await c.req('GET', '/openapi/v3');
    assert.ok((root.body['paths'] as Record<string, unknown>)['apis/nmstate.io/v1']);
    const doc = await c.req('GET', '/openapi/v3/apis/nmstate.io/v1');
    const path = (
      doc.body['paths'] as Record<string, { patch?: { parameters: { name: string }[] } }>
    )['/apis/nmstate.io/v1/nodenetworkconfigurationpolicies/{name}'];
    assert.equal(path?.patch?.parameters[0]?.name, 'fieldValidation');
    assert.equal((await c.req('GET', '/openapi/v2')).status, 404);
    assert.equal((await c.req('GET', '/_sandbox/health')).body['ok'], true);
  });
});

describe('CRUD and errors', () => {
  it('creates, reads, updates and deletes with server-set metadata', async () => {
    const created = await c.req('POST', NNCP_PATH, { body: policy('crud-1') });
    assert.equal(created.status, 201);
    const m = meta(created.body);
    assert.equal(m['generation'], 1);
    assert.match(String(m['uid']), /^[0-9a-f-]{36}$/);
    assert.ok(m['creationTimestamp']);
    assert.ok(
      (m['annotations'] as Record<string, string>)['nmstate.io/webhook-mutating-timestamp'],
    );
    const got = await c.req('GET', `${NNCP_PATH}/crud-1`);
    assert.equal(meta(got.body)['resourceVersion'], m['resourceVersion']);
    const dup = await c.req('POST', NNCP_PATH, { body: policy('crud-1') });
    assert.equal(dup.status, 409);
    assert.equal(dup.body['reason'], 'AlreadyExists');
    assert.equal(
      dup.body['message'],
      'nodenetworkconfigurationpolicies.nmstate.io "crud-1" already exists',
    );
    const beta = await c.req(
      'GET',
      '/apis/nmstate.io/v1beta1/nodenetworkconfigurationpolicies/crud-1',
    );
    assert.equal(beta.body['apiVersion'], 'nmstate.io/v1beta1');
    const del = await c.req('DELETE', `${NNCP_PATH}/crud-1`);
    assert.equal(del.status, 200);
    const missing = await c.req('GET', `${NNCP_PATH}/crud-1`);
    assert.equal(missing.status, 404);
    assert.equal(missing.body['reason'], 'NotFound');
    assert.deepEqual(missing.body['details'], {
      name: 'crud-1',
      group: 'nmstate.io',
      kind: 'nodenetworkconfigurationpolicies',
    });
  });

  it('supports generateName and keeps resourceVersion a growing global counter', async () => {
    const a = await c.req('POST', '/api/v1/namespaces/default/configmaps', {
      body: { metadata: { generateName: 'gen-' }, data: { a: '1' } },
    });
    assert.equal(a.status, 201);
    assert.match(String(meta(a.body)['name']), /^gen-[a-z0-9]{5}$/);
    const b = await c.req('POST', '/api/v1/namespaces/default/configmaps', {
      body: { metadata: { generateName: 'gen-' } },
    });
    assert.ok(Number(meta(b.body)['resourceVersion']) > Number(meta(a.body)['resourceVersion']));
  });

  it('answers 409 Conflict with the upstream message on a stale update', async () => {
    const created = await c.req('POST', NNCP_PATH, { body: policy('conflict-1') });
    await c.req('PUT', `${NNCP_PATH}/conflict-1/status`, {
      body: { ...created.body, status: availableStatus() },
    });
    const fresh = await c.req('GET', `${NNCP_PATH}/conflict-1`);
    const first = await c.req('PUT', `${NNCP_PATH}/conflict-1`, {
      body: { ...fresh.body, metadata: { ...meta(fresh.body), labels: { a: 'b' } } },
    });
    assert.equal(first.status, 200);
    const stale = await c.req('PUT', `${NNCP_PATH}/conflict-1`, { body: fresh.body });
    assert.equal(stale.status, 409);
    assert.equal(stale.body['reason'], 'Conflict');
    assert.equal(
      stale.body['message'],
      'Operation cannot be fulfilled on nodenetworkconfigurationpolicies.nmstate.io "conflict-1": the object has been modified; please apply your changes to the latest version and try again',
    );
    const noRv = await c.req('PUT', `${NNCP_PATH}/conflict-1`, {
      body: { ...fresh.body, metadata: { name: 'conflict-1' } },
    });
    assert.equal(noRv.status, 422);
  });

  it('answers 422 Invalid with field causes from the schema', async () => {
    const bad = await c.req('POST', HNA_PATH, {
      body: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'HostNetworkAttachment',
        metadata: { name: 'bad' },
        spec: { mode: 'weird', nativeVLAN: 5000, mtu: 10 },
      },
    });
    assert.equal(bad.status, 422);
    assert.equal(bad.body['reason'], 'Invalid');
    const details = bad.body['details'] as {
      kind: string;
      causes: { field: string; reason: string }[];
    };
    assert.equal(details.kind, 'HostNetworkAttachment');
    const fields = details.causes.map((x) => x.field).sort();
    assert.deepEqual(fields, ['spec.mode', 'spec.mtu', 'spec.nativeVLAN']);
    assert.equal(
      details.causes.find((x) => x.field === 'spec.mode')?.reason,
      'FieldValueNotSupported',
    );
    const missing = await c.req('POST', HNA_PATH, {
      body: { metadata: { name: 'bad2' }, spec: {} },
    });
    assert.equal(missing.status, 422);
    const cause = (missing.body['details'] as { causes: { field: string; reason: string }[] })
      .causes[0];
    assert.deepEqual([cause?.field, cause?.reason], ['spec.nativeVLAN', 'FieldValueRequired']);
    const badName = await c.req('POST', '/api/v1/namespaces/default/configmaps', {
      body: { metadata: { name: 'Upper_Case' } },
    });
    assert.equal(badName.status, 422);
  });

  it('prunes unknown fields, keeps preserved ones, and rejects them under Strict', async () => {
    const body = policy('prune-1', { bogus: 1 });
    (body['spec'] as Record<string, unknown>)['desiredState'] = {
      interfaces: [{ name: 'x', extra: { deep: true } }],
    };
    const res = await c.req('POST', NNCP_PATH, { body: { ...body, topLevel: 'x' } });
    assert.equal(res.status, 201);
    assert.equal(res.body['topLevel'], undefined);
    assert.equal((res.body['spec'] as Record<string, unknown>)['bogus'], undefined);
    assert.deepEqual((res.body['spec'] as { desiredState: unknown }).desiredState, {
      interfaces: [{ name: 'x', extra: { deep: true } }],
    });
    assert.match(res.headers.get('warning') ?? '', /unknown field/);
    const strict = await c.req('POST', `${NNCP_PATH}?fieldValidation=Strict`, {
      body: { ...policy('prune-2'), topLevel: 1 },
    });
    assert.equal(strict.status, 400);
    assert.match(String(strict.body['message']), /strict decoding error: unknown field "topLevel"/);
    const nad = await c.req(
      'POST',
      '/apis/k8s.cni.cncf.io/v1/namespaces/default/network-attachment-definitions',
      {
        body: { metadata: { name: 'not-json' }, spec: { config: '{ this is not json' } },
      },
    );
    assert.equal(nad.status, 201, 'NAD config is an opaque string');
  });

  it('rejects malformed JSON and YAML with 400, accepts YAML bodies, and 413 over 3 MiB', async () => {
    const badJson = await c.req('POST', NNCP_PATH, { raw: '{"metadata": ' });
    assert.equal(badJson.status, 400);
    assert.equal(badJson.body['reason'], 'BadRequest');
    const badYaml = await c.req('POST', NNCP_PATH, {
      raw: 'metadata: [unclosed',
      contentType: 'application/yaml',
    });
    assert.equal(badYaml.status, 400);
    const yaml = await c.req('POST', '/api/v1/namespaces/default/configmaps', {
      raw: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-yaml\ndata:\n  k: v\n',
      contentType: 'application/yaml',
    });
    assert.equal(yaml.status, 201);
    const huge = await c.req('POST', '/api/v1/namespaces/default/configmaps', {
      body: { metadata: { name: 'huge' }, data: { k: 'x'.repeat(3 * 1024 * 1024 + 10) } },
    });
    assert.equal(huge.status, 413);
    assert.equal(huge.body['reason'], 'RequestEntityTooLarge');
    assert.equal((await c.req('GET', '/api/v1/namespaces/default/configmaps/huge')).status, 404);
    const wrongKind = await c.req('POST', NNCP_PATH, { body: { ...policy('wk'), kind: 'Pod' } });
    assert.equal(wrongKind.status, 400);
    const noNs = await c.req('POST', '/api/v1/namespaces/nope/configmaps', {
      body: { metadata: { name: 'x' } },
    });
    assert.equal(noNs.status, 404);
    assert.equal(noNs.body['message'], 'namespaces "nope" not found');
    const method = await c.req('GET', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews');
    assert.equal(method.status, 405);
    assert.equal(method.body['reason'], 'MethodNotAllowed');
  });
});

describe('status, generation, dryRun and patches', () => {
  it('bumps generation on spec changes only and isolates the status subresource', async () => {
    const created = await c.req('POST', HNA_PATH, {
      body: { metadata: { name: 'gen-hna' }, spec: { nativeVLAN: 10 } },
    });
    assert.equal((created.body['spec'] as Record<string, unknown>)['mode'], 'access', 'defaulted');
    const labeled = await c.req('PATCH', `${HNA_PATH}/gen-hna`, {
      body: { metadata: { labels: { x: 'y' } } },
      contentType: 'application/merge-patch+json',
    });
    assert.equal(meta(labeled.body)['generation'], 1);
    const spec = await c.req('PATCH', `${HNA_PATH}/gen-hna`, {
      body: { spec: { nativeVLAN: 11 } },
      contentType: 'application/merge-patch+json',
    });
    assert.equal(meta(spec.body)['generation'], 2);
    const nnsPath = '/apis/nmstate.io/v1beta1/nodenetworkstates';
    const nns = await c.req('POST', nnsPath, {
      body: { metadata: { name: 'node-a' }, status: { currentState: { interfaces: [] } } },
    });
    assert.equal(nns.body['status'], undefined, 'status is dropped on create over HTTP');
    const st = await c.req('PUT', `${nnsPath}/node-a/status`, {
      body: {
        ...nns.body,
        metadata: { ...meta(nns.body), labels: { ignored: 'yes' } },
        status: { currentState: { interfaces: [{ name: 'eth0' }] } },
      },
    });
    assert.equal(st.status, 200);
    assert.equal(meta(st.body)['generation'], 1);
    assert.equal(meta(st.body)['labels'], undefined, 'status writes ignore metadata');
    const main = await c.req('PUT', `${nnsPath}/node-a`, {
      body: { ...st.body, status: { currentState: { interfaces: [] } } },
    });
    assert.deepEqual((main.body['status'] as { currentState: unknown }).currentState, {
      interfaces: [{ name: 'eth0' }],
    });
  });

  it('dryRun=All validates and answers without storing', async () => {
    const dry = await c.req('POST', `${NNCP_PATH}?dryRun=All`, { body: policy('dry-1') });
    assert.equal(dry.status, 201);
    assert.equal((await c.req('GET', `${NNCP_PATH}/dry-1`)).status, 404);
    const invalid = await c.req('POST', `${HNA_PATH}?dryRun=All`, {
      body: { metadata: { name: 'd' }, spec: { nativeVLAN: 0 } },
    });
    assert.equal(invalid.status, 422);
    await c.req('POST', '/api/v1/namespaces/default/configmaps', {
      body: { metadata: { name: 'dry-cm' }, data: { a: '1' } },
    });
    const patched = await c.req(
      'PATCH',
      '/api/v1/namespaces/default/configmaps/dry-cm?dryRun=All',
      {
        body: { data: { a: '2' } },
        contentType: 'application/merge-patch+json',
      },
    );
    assert.equal((patched.body['data'] as Record<string, string>)['a'], '2');
    const cm = await c.req('GET', '/api/v1/namespaces/default/configmaps/dry-cm');
    assert.equal((cm.body['data'] as Record<string, string>)['a'], '1');
    const del = await c.req('DELETE', '/api/v1/namespaces/default/configmaps/dry-cm?dryRun=All');
    assert.equal(del.status, 200);
    assert.equal((await c.req('GET', '/api/v1/namespaces/default/configmaps/dry-cm')).status, 200);
    const put = await c.req('PUT', '/api/v1/namespaces/default/configmaps/dry-cm?dryRun=All', {
      body: { ...cm.body, data: { z: '1' } },
    });
    assert.equal(put.status, 200);
    const after = await c.req('GET', '/api/v1/namespaces/default/configmaps/dry-cm');
    assert.deepEqual(after.body['data'], { a: '1' });
  });

  it('applies JSON patch, merge patch, strategic merge patch and server-side apply', async () => {
    const pod = {
      metadata: { name: 'p1', labels: { app: 'x' } },
      spec: {
        nodeName: 'worker-0',
        containers: [
          { name: 'a', image: 'a:1', env: [{ name: 'A', value: '1' }] },
          { name: 'b', image: 'b:1' },
        ],
      },
    };
    await c.req('POST', '/api/v1/namespaces/default/pods', { body: pod });
    const base = '/api/v1/namespaces/default/pods/p1';
    const smp = await c.req('PATCH', base, {
      body: {
        spec: {
          containers: [
            { name: 'b', image: 'b:2' },
            { name: 'c', image: 'c:1' },
          ],
        },
      },
      contentType: 'application/strategic-merge-patch+json',
    });
    assert.equal(smp.status, 200);
    const containers = (smp.body['spec'] as { containers: { name: string; image: string }[] })
      .containers;
    assert.deepEqual(
      containers.map((x) => `${x.name}=${x.image}`),
      ['a=a:1', 'b=b:2', 'c=c:1'],
    );
    const del = await c.req('PATCH', base, {
      body: { spec: { containers: [{ name: 'c', $patch: 'delete' }] } },
      contentType: 'application/strategic-merge-patch+json',
    });
    assert.equal((del.body['spec'] as { containers: unknown[] }).containers.length, 2);
    const json = await c.req('PATCH', base, {
      body: [
        { op: 'test', path: '/metadata/labels/app', value: 'x' },
        { op: 'add', path: '/metadata/labels/tier', value: 'web' },
        { op: 'replace', path: '/spec/containers/0/image', value: 'a:2' },
        { op: 'remove', path: '/metadata/labels/app' },
      ],
      contentType: 'application/json-patch+json',
    });
    assert.deepEqual(meta(json.body)['labels'], { tier: 'web' });
    const failedTest = await c.req('PATCH', base, {
      body: [{ op: 'test', path: '/metadata/labels/tier', value: 'db' }],
      contentType: 'application/json-patch+json',
    });
    assert.equal(failedTest.status, 422);
    const merge = await c.req('PATCH', base, {
      body: { metadata: { labels: { tier: null, m: 'y' } } },
      contentType: 'application/merge-patch+json',
    });
    assert.deepEqual(meta(merge.body)['labels'], { m: 'y' });
    const crdSmp = await c.req('PATCH', `${HNA_PATH}/gen-hna`, {
      body: { spec: { nativeVLAN: 12 } },
      contentType: 'application/strategic-merge-patch+json',
    });
    assert.equal(crdSmp.status, 415);
    const noManager = await c.req('PATCH', '/api/v1/namespaces/default/configmaps/applied', {
      raw: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  a: "1"\n',
      contentType: 'application/apply-patch+yaml',
    });
    assert.equal(noManager.status, 422);
    const applied = await c.req(
      'PATCH',
      '/api/v1/namespaces/default/configmaps/applied?fieldManager=test',
      {
        raw: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  a: "1"\n',
        contentType: 'application/apply-patch+yaml',
      },
    );
    assert.equal(applied.status, 201);
    const reapplied = await c.req(
      'PATCH',
      '/api/v1/namespaces/default/configmaps/applied?fieldManager=test',
      {
        raw: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  b: "2"\n',
        contentType: 'application/apply-patch+yaml',
      },
    );
    assert.equal(reapplied.status, 200);
    // Server-side apply, not a merge: the manager stopped applying `a`, nobody else owns it.
    assert.deepEqual(reapplied.body['data'], { b: '2' });
  });
});

describe('authorization', () => {
  it('denies viewer writes with the upstream message and allows reads', async () => {
    const denied = await c.req('POST', NNCP_PATH, { body: policy('viewer-1'), persona: 'viewer' });
    assert.equal(denied.status, 403);
    assert.equal(denied.body['reason'], 'Forbidden');
    assert.equal(
      denied.body['message'],
      'nodenetworkconfigurationpolicies.nmstate.io is forbidden: User "viewer" cannot create resource "nodenetworkconfigurationpolicies" in API group "nmstate.io" at the cluster scope',
    );
    await c.req('POST', NNCP_PATH, { body: policy('viewer-2') });
    const del = await c.req('DELETE', `${NNCP_PATH}/viewer-2`, {
      headers: { 'Impersonate-User': 'viewer' },
    });
    assert.equal(
      del.body['message'],
      'nodenetworkconfigurationpolicies.nmstate.io "viewer-2" is forbidden: User "viewer" cannot delete resource "nodenetworkconfigurationpolicies" in API group "nmstate.io" at the cluster scope',
    );
    const pods = await c.req('DELETE', '/api/v1/namespaces/default/pods/x', { persona: 'viewer' });
    assert.match(
      String(pods.body['message']),
      /cannot delete resource "pods" in API group "" in the namespace "default"/,
    );
    assert.equal((await c.req('GET', NNCP_PATH, { persona: 'viewer' })).status, 200);
  });

  it('scopes nad-editor to NADs in one namespace', async () => {
    const nad = (ns: string): Promise<{ status: number }> =>
      c.req('POST', `/apis/k8s.cni.cncf.io/v1/namespaces/${ns}/network-attachment-definitions`, {
        body: { metadata: { name: `n-${ns}` }, spec: { config: '{}' } },
        persona: 'nad-editor',
      });
    assert.equal((await nad('default')).status, 201);
    assert.equal((await nad('kube-system')).status, 403);
  });

  it('answers SelfSubjectAccessReviews per persona', async () => {
    const review = async (
      persona: string,
      verb: string,
      group = 'nmstate.io',
      resource = 'nodenetworkconfigurationpolicies',
    ): Promise<boolean> => {
      const res = await c.req('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', {
        body: {
          apiVersion: 'authorization.k8s.io/v1',
          kind: 'SelfSubjectAccessReview',
          spec: { resourceAttributes: { group, resource, verb } },
        },
        persona,
      });
      assert.equal(res.status, 201);
      return (res.body['status'] as { allowed: boolean }).allowed;
    };
    assert.equal(await review('admin', 'create'), true);
    assert.equal(await review('viewer', 'create'), false);
    assert.equal(await review('viewer', 'list'), true);
    assert.equal(
      await review('nad-editor', 'delete', 'k8s.cni.cncf.io', 'network-attachment-definitions'),
      false,
      'no namespace given',
    );
  });

  it('tells every persona who it is (SelfSubjectReview), impersonation included', async () => {
    const whoami = async (opts: { persona?: string; headers?: Record<string, string> }) => {
      const res = await c.req('POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', {
        body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' },
        ...opts,
      });
      assert.equal(res.status, 201);
      assert.equal(res.body['kind'], 'SelfSubjectReview');
      return (res.body['status'] as { userInfo: { username: string; groups: string[] } }).userInfo;
    };
    assert.deepEqual(await whoami({ persona: 'network-viewer' }), {
      username: 'network-viewer',
      groups: ['system:authenticated'],
    });
    assert.equal((await whoami({ headers: { 'Impersonate-User': 'viewer' } })).username, 'viewer');
    assert.equal((await whoami({})).username, 'admin');
  });

  it("refuses changes to a stored ControllerRevision's data, as the apps API does", async () => {
    const path = '/apis/apps/v1/namespaces/default/controllerrevisions';
    const created = await c.req('POST', path, {
      body: {
        apiVersion: 'apps/v1',
        kind: 'ControllerRevision',
        metadata: { name: 'immutable-1' },
        data: { spec: { a: 1 } },
        revision: 1,
      },
    });
    assert.equal(created.status, 201);
    const stored = created.body as { metadata: Record<string, unknown> };
    const changed = await c.req('PUT', `${path}/immutable-1`, {
      body: { ...created.body, data: { spec: { a: 2 } } },
    });
    assert.equal(changed.status, 422);
    assert.match(String(changed.body['message']), /data: Invalid value: .*field is immutable/);
    const annotated = await c.req('PUT', `${path}/immutable-1`, {
      body: {
        ...created.body,
        metadata: { ...stored.metadata, annotations: { 'switchboard.openshift.io/author': 'x' } },
      },
    });
    assert.equal(annotated.status, 200);
  });
});

describe('list semantics', () => {
  before(async () => {
    for (let i = 0; i < 7; i++) {
      await c.req('POST', '/api/v1/nodes', {
        body: {
          metadata: {
            name: `node-${i}`,
            labels: { zone: i % 2 ? 'a' : 'b', ...(i < 2 ? { gpu: 'true' } : {}) },
          },
        },
      });
    }
  });

  it('filters with label selectors', async () => {
    const names = async (sel: string): Promise<string[]> => {
      const res = await c.req('GET', `/api/v1/nodes?labelSelector=${encodeURIComponent(sel)}`);
      assert.equal(res.status, 200, sel);
      return (res.body['items'] as { metadata: { name: string } }[]).map((n) => n.metadata.name);
    };
    assert.deepEqual(await names('zone=a'), ['node-1', 'node-3', 'node-5']);
    assert.deepEqual(await names('zone==a,gpu'), ['node-1']);
    assert.deepEqual(await names('zone!=a,!gpu'), ['node-2', 'node-4', 'node-6']);
    assert.deepEqual(await names('zone in (a),gpu notin (true)'), ['node-3', 'node-5']);
    assert.equal((await c.req('GET', '/api/v1/nodes?labelSelector=a%20%3D%3D%3D')).status, 400);
  });

  it('filters with field selectors', async () => {
    await c.req('POST', '/api/v1/namespaces/default/pods', {
      body: { metadata: { name: 'on-1' }, spec: { nodeName: 'node-1' } },
    });
    const byNode = await c.req('GET', '/api/v1/pods?fieldSelector=spec.nodeName%3Dnode-1');
    assert.deepEqual(
      (byNode.body['items'] as { metadata: { name: string } }[]).map((p) => p.metadata.name),
      ['on-1'],
    );
    const byName = await c.req('GET', '/api/v1/nodes?fieldSelector=metadata.name%3Dnode-3');
    assert.equal((byName.body['items'] as unknown[]).length, 1);
    const bad = await c.req('GET', '/api/v1/nodes?fieldSelector=spec.foo%3Dx');
    assert.equal(bad.status, 400);
    c.api.recordEvent({
      involved: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1', uid: 'u1' } },
      type: 'Warning',
      reason: 'Test',
      message: 'm',
      component: 'test',
    });
    c.api.recordEvent({
      involved: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1', uid: 'u1' } },
      type: 'Warning',
      reason: 'Test',
      message: 'm',
      component: 'test',
    });
    const ev = await c.req(
      'GET',
      '/api/v1/namespaces/default/events?fieldSelector=involvedObject.kind%3DNode,involvedObject.name%3Dnode-1',
    );
    const items = ev.body['items'] as { count: number }[];
    assert.equal(items.length, 1);
    assert.equal(items[0]?.count, 2, 'repeats aggregate');
  });

  it('selects pods by the fields kube-apiserver offers for them, on lists and watches', async () => {
    // kubernetes pkg/registry/core/pod/strategy.go ToSelectableFields.
    for (const [name, spec] of [
      ['host-net', { nodeName: 'node-2', hostNetwork: true, serviceAccountName: 'sa1' }],
      ['plain-2', { nodeName: 'node-2' }],
      ['plain-3', { nodeName: 'node-3' }],
    ] as const) {
      await c.req('POST', '/api/v1/namespaces/default/pods', {
        body: { metadata: { name }, spec },
      });
    }
    const names = async (sel: string): Promise<string[]> => {
      const res = await c.req('GET', `/api/v1/pods?fieldSelector=${encodeURIComponent(sel)}`);
      assert.equal(res.status, 200, sel);
      return (res.body['items'] as { metadata: { name: string } }[]).map((p) => p.metadata.name);
    };
    assert.deepEqual(await names('spec.nodeName=node-2'), ['host-net', 'plain-2']);
    assert.deepEqual(await names('spec.nodeName=node-2,spec.hostNetwork=false'), ['plain-2']);
    assert.deepEqual(await names('spec.nodeName=node-2,spec.hostNetwork=true'), ['host-net']);
    assert.deepEqual(await names('spec.nodeName=node-2,spec.serviceAccountName=sa1'), ['host-net']);
    const events = await readWatch(
      `${c.url}/api/v1/pods?watch=true&fieldSelector=${encodeURIComponent('spec.nodeName=node-3')}`,
      2,
      {
        onOpen: async () => {
          await c.req('POST', '/api/v1/namespaces/default/pods', {
            body: { metadata: { name: 'late-2' }, spec: { nodeName: 'node-2' } },
          });
          await c.req('POST', '/api/v1/namespaces/default/pods', {
            body: { metadata: { name: 'late-3' }, spec: { nodeName: 'node-3' } },
          });
        },
      },
    );
    assert.deepEqual(
      events.map((e) => [e['type'], meta(e['object'] as Record<string, unknown>)['name']]),
      [
        ['ADDED', 'plain-3'],
        ['ADDED', 'late-3'],
      ],
    );
  });

  it('paginates with limit and continue', async () => {
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const res = await c.req(
        'GET',
        `/api/v1/nodes?limit=3${token ? `&continue=${encodeURIComponent(token)}` : ''}`,
      );
      const m = meta(res.body);
      seen.push(
        ...(res.body['items'] as { metadata: { name: string } }[]).map((n) => n.metadata.name),
      );
      if (pages === 0) assert.equal(m['remainingItemCount'], 4);
      token = m['continue'] as string | undefined;
      pages++;
    } while (token);
    assert.equal(pages, 3);
    assert.deepEqual(seen, ['node-0', 'node-1', 'node-2', 'node-3', 'node-4', 'node-5', 'node-6']);
    assert.equal((await c.req('GET', '/api/v1/nodes?limit=2&continue=garbage')).status, 400);
    const table = await c.req('GET', '/api/v1/nodes?limit=1', {
      headers: { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' },
    });
    assert.equal(table.body['kind'], 'Table');
  });

  it('lists are ordered and complete after objects are added and removed', async () => {
    const list = async () => {
      const names: string[] = [];
      const remaining: unknown[] = [];
      let token: string | undefined;
      do {
        const res = await c.req(
          'GET',
          `/api/v1/nodes?limit=2${token ? `&continue=${encodeURIComponent(token)}` : ''}`,
        );
        names.push(
          ...(res.body['items'] as { metadata: { name: string } }[]).map((n) => n.metadata.name),
        );
        remaining.push(meta(res.body)['remainingItemCount']);
        token = meta(res.body)['continue'] as string | undefined;
      } while (token);
      return { names, remaining };
    };
    const nodes = ['node-0', 'node-1', 'node-2', 'node-3', 'node-4', 'node-5', 'node-6'];
    assert.deepEqual((await list()).names, nodes);
    await c.req('POST', '/api/v1/nodes', { body: { metadata: { name: 'node-2b' } } });
    await c.req('POST', '/api/v1/nodes', { body: { metadata: { name: 'a-node' } } });
    const grown = await list();
    assert.deepEqual(grown.names, ['a-node', ...nodes.slice(0, 3), 'node-2b', ...nodes.slice(3)]);
    assert.deepEqual(grown.remaining, [7, 5, 3, 1, undefined]);
    await c.req('DELETE', '/api/v1/nodes/node-2b');
    await c.req('DELETE', '/api/v1/nodes/a-node');
    assert.deepEqual((await list()).names, nodes);
  });
});

describe('garbage collection and namespaces', () => {
  it('deleting a Node deletes the NNS and NNCEs it owns', async () => {
    const node = await c.req('POST', '/api/v1/nodes', { body: { metadata: { name: 'gc-node' } } });
    const owner = { apiVersion: 'v1', kind: 'Node', name: 'gc-node', uid: meta(node.body)['uid'] };
    await c.req('POST', '/apis/nmstate.io/v1beta1/nodenetworkstates', {
      body: { metadata: { name: 'gc-node', ownerReferences: [owner] } },
    });
    await c.req('POST', '/apis/nmstate.io/v1beta1/nodenetworkconfigurationenactments', {
      body: {
        metadata: {
          name: 'gc-node.p',
          ownerReferences: [owner],
          labels: { 'nmstate.io/node': 'gc-node' },
        },
      },
    });
    const del = await c.req('DELETE', '/api/v1/nodes/gc-node', {
      body: { propagationPolicy: 'Foreground' },
    });
    assert.equal(del.status, 200);
    assert.equal(
      (await c.req('GET', '/apis/nmstate.io/v1beta1/nodenetworkstates/gc-node')).status,
      404,
    );
    assert.equal(
      (await c.req('GET', '/apis/nmstate.io/v1beta1/nodenetworkconfigurationenactments/gc-node.p'))
        .status,
      404,
    );
  });

  // A namespaced dependent may name a cluster-scoped owner, and the garbage collector deletes it
  // with that owner (Kubernetes docs, "Owners and dependents": "Namespaced dependents can specify
  // cluster-scoped or namespaced owners"): policy history in openshift-nmstate goes with its NNCP.
  it('deleting a cluster-scoped NNCP deletes the namespaced ControllerRevisions it owns', async () => {
    const policy = await c.req('POST', '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies', {
      body: { metadata: { name: 'gc-policy' }, spec: { desiredState: {} } },
    });
    const owner = {
      apiVersion: 'nmstate.io/v1',
      kind: 'NodeNetworkConfigurationPolicy',
      name: 'gc-policy',
      uid: meta(policy.body)['uid'],
    };
    const revs = '/apis/apps/v1/namespaces/default/controllerrevisions';
    const made = await c.req('POST', revs, {
      body: { metadata: { name: 'gc-policy-1', ownerReferences: [owner] }, data: {}, revision: 1 },
    });
    assert.equal(made.status, 201);
    await c.req('DELETE', '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies/gc-policy');
    assert.equal((await c.req('GET', `${revs}/gc-policy-1`)).status, 404);
  });

  it('orphans dependents on request and deletes namespace content', async () => {
    const node = await c.req('POST', '/api/v1/nodes', {
      body: { metadata: { name: 'orphan-node' } },
    });
    const owner = {
      apiVersion: 'v1',
      kind: 'Node',
      name: 'orphan-node',
      uid: meta(node.body)['uid'],
    };
    await c.req('POST', '/apis/nmstate.io/v1beta1/nodenetworkstates', {
      body: { metadata: { name: 'orphan-node', ownerReferences: [owner] } },
    });
    await c.req('DELETE', '/api/v1/nodes/orphan-node?propagationPolicy=Orphan');
    const nns = await c.req('GET', '/apis/nmstate.io/v1beta1/nodenetworkstates/orphan-node');
    assert.equal(nns.status, 200);
    assert.equal(meta(nns.body)['ownerReferences'], undefined);
    await c.req('POST', '/api/v1/namespaces', { body: { metadata: { name: 'doomed' } } });
    await c.req('POST', '/api/v1/namespaces/doomed/configmaps', {
      body: { metadata: { name: 'x' } },
    });
    await c.req('DELETE', '/api/v1/namespaces/doomed');
    assert.equal((await c.req('GET', '/api/v1/namespaces/doomed/configmaps/x')).status, 404);
    assert.equal((await c.req('GET', '/api/v1/namespaces/doomed')).status, 404);
  });

  it('holds objects with finalizers until the finalizers are removed', async () => {
    await c.req('POST', '/api/v1/namespaces/default/configmaps', {
      body: { metadata: { name: 'fin', finalizers: ['x/y'] } },
    });
    const del = await c.req('DELETE', '/api/v1/namespaces/default/configmaps/fin');
    assert.ok(meta(del.body)['deletionTimestamp']);
    const patched = await c.req('PATCH', '/api/v1/namespaces/default/configmaps/fin', {
      body: { metadata: { finalizers: null } },
      contentType: 'application/merge-patch+json',
    });
    assert.equal(patched.status, 200);
    assert.equal((await c.req('GET', '/api/v1/namespaces/default/configmaps/fin')).status, 404);
  });
});

describe('admission', () => {
  it('enforces the NNCP name rule on create', async () => {
    const long = await c.req('POST', NNCP_PATH, { body: policy('a'.repeat(64)) });
    assert.equal(long.status, 422);
    assert.match(String(long.body['message']), /63 characters/);
    const badSelector = await c.req('POST', NNCP_PATH, {
      body: policy('sel', { nodeSelector: { role: 'not a label!' } }),
    });
    assert.equal(badSelector.status, 422);
    assert.equal(
      (badSelector.body['details'] as { causes: { field: string }[] }).causes[0]?.field,
      'spec.nodeSelector.role',
    );
  });

  it('forbids NNCP spec updates while progressing and capture changes always', async () => {
    const created = await c.req('POST', NNCP_PATH, {
      body: policy('prog', { capture: { gw: 'routes.running.destination=="0.0.0.0/0"' } }),
    });
    const patchSpec = (): Promise<{ status: number; body: Record<string, unknown> }> =>
      c.req('PATCH', `${NNCP_PATH}/prog`, {
        body: {
          spec: {
            desiredState: { interfaces: [{ name: 'br2', type: 'linux-bridge', state: 'up' }] },
          },
        },
        contentType: 'application/merge-patch+json',
      });
    const early = await patchSpec();
    assert.equal(early.status, 422);
    assert.match(String(early.body['message']), /policy prog is still in progress/);
    // The status-mutate webhook fills in four Unknown conditions when a status write has none.
    const empty = await c.req('PUT', `${NNCP_PATH}/prog/status`, {
      body: { ...created.body, status: {} },
    });
    assert.equal((empty.body['status'] as { conditions: unknown[] }).conditions.length, 4);
    await c.req('PATCH', `${NNCP_PATH}/prog/status`, {
      body: { status: availableStatus('ConfigurationProgressing') },
      contentType: 'application/merge-patch+json',
    });
    assert.equal((await patchSpec()).status, 422);
    const labels = await c.req('PATCH', `${NNCP_PATH}/prog`, {
      body: { metadata: { labels: { ok: 'yes' } } },
      contentType: 'application/merge-patch+json',
    });
    assert.equal(labels.status, 200, 'metadata-only writes are allowed while progressing');
    await c.req('PATCH', `${NNCP_PATH}/prog/status`, {
      body: { status: availableStatus() },
      contentType: 'application/merge-patch+json',
    });
    const ok = await patchSpec();
    assert.equal(ok.status, 200);
    assert.equal(meta(ok.body)['generation'], 2);
    assert.equal(
      (ok.body['status'] as { conditions: unknown[] }).conditions.length,
      4,
      'status kept on spec update',
    );
    const capture = await c.req('PATCH', `${NNCP_PATH}/prog`, {
      body: { spec: { capture: { gw: 'x' } } },
      contentType: 'application/merge-patch+json',
    });
    assert.equal(capture.status, 422);
    assert.match(
      String(capture.body['message']),
      /invalid policy operation: capture field cannot be modified/,
    );
  });

  // BMO internal/webhooks/metal3.io/v1alpha1/hostnetworkattachment_validation.go: webhook denials
  // are 403 with upstream's wording; a non-numeric entry is the CRD pattern's 422.
  it('validates HNA VLANs and guards referenced HNAs as the BMO webhook words it', async () => {
    const hna = (
      name: string,
      spec: Record<string, unknown>,
    ): Promise<{ status: number; body: Record<string, unknown> }> =>
      c.req('POST', HNA_PATH, { body: { metadata: { name }, spec } });
    const acc = await hna('acc', { mode: 'access', nativeVLAN: 10, allowedVLANs: ['20'] });
    assert.equal(acc.status, 403);
    assert.equal(
      acc.body['message'],
      'admission webhook "hostnetworkattachment.metal3.io" denied the request: allowedVLANs cannot be specified for access mode',
    );
    const rng = await hna('rng', { mode: 'trunk', nativeVLAN: 10, allowedVLANs: ['30-20'] });
    assert.equal(rng.status, 403);
    assert.match(
      String(rng.body['message']),
      /allowedVLANs\[0\] "30-20": range start \(30\) must be less than end \(20\)$/,
    );
    assert.equal(
      (await hna('big', { mode: 'trunk', nativeVLAN: 10, allowedVLANs: ['4095'] })).status,
      403,
    );
    assert.equal(
      (await hna('pat', { mode: 'trunk', nativeVLAN: 10, allowedVLANs: ['a-b'] })).status,
      422,
    );
    assert.equal(
      (await hna('trunk', { mode: 'trunk', nativeVLAN: 200, allowedVLANs: ['200-203'], mtu: 9000 }))
        .status,
      201,
    );
    const bmh = await c.req('POST', BMH_PATH, {
      body: {
        metadata: { name: 'host-0' },
        spec: {
          online: true,
          networkInterfaces: [{ name: 'eno1', hostNetworkAttachment: { name: 'trunk' } }],
        },
      },
    });
    assert.equal(bmh.status, 201);
    const change = await c.req('PATCH', `${HNA_PATH}/trunk`, {
      body: { spec: { mtu: 1500 } },
      contentType: 'application/merge-patch+json',
    });
    assert.equal(change.status, 403);
    assert.match(
      String(change.body['message']),
      /denied the request: HostNetworkAttachment spec is immutable while referenced by BMH interfaces: default\/host-0\[eno1\]/,
    );
    const del = await c.req('DELETE', `${HNA_PATH}/trunk`);
    assert.equal(del.status, 403);
    assert.match(
      String(del.body['message']),
      /cannot delete attachment while referenced by BMH interfaces: default\/host-0\[eno1\]/,
    );
    await c.req('DELETE', `${BMH_PATH}/host-0`);
    assert.equal((await c.req('DELETE', `${HNA_PATH}/trunk`)).status, 200);
  });

  it('requires exactly one of name/macAddress per BMH interface and no duplicates', async () => {
    const bmh = (ifaces: unknown[]): Promise<{ status: number; body: Record<string, unknown> }> =>
      c.req('POST', BMH_PATH, {
        body: { metadata: { name: 'bmh-if' }, spec: { online: false, networkInterfaces: ifaces } },
      });
    assert.equal((await bmh([{ name: 'eno1', macAddress: '00:11:22:33:44:55' }])).status, 422);
    assert.equal((await bmh([{}])).status, 422);
    const dup = await bmh([{ name: 'eno1' }, { name: 'eno1' }]);
    assert.equal(dup.status, 422);
    assert.equal(
      (dup.body['details'] as { causes: { reason: string }[] }).causes[0]?.reason,
      'FieldValueDuplicate',
    );
    assert.equal((await bmh([{ macAddress: 'zz' }])).status, 422);
    assert.equal((await bmh([{ name: 'eno1' }, { macAddress: '00:11:22:33:44:55' }])).status, 201);
  });
});

describe('watch', () => {
  it('streams chunked events and replays from a resourceVersion', async () => {
    const first = await c.req('POST', '/api/v1/namespaces/default/configmaps', {
      body: { metadata: { name: 'w1' } },
    });
    const rv = meta(first.body)['resourceVersion'] as string;
    await c.req('PATCH', '/api/v1/namespaces/default/configmaps/w1', {
      body: { data: { a: '1' } },
      contentType: 'application/merge-patch+json',
    });
    await c.req('DELETE', '/api/v1/namespaces/default/configmaps/w1');
    const events = await readWatch(
      `${c.url}/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=${rv}&fieldSelector=metadata.name%3Dw1`,
      2,
    );
    assert.deepEqual(
      events.map((e) => e['type']),
      ['MODIFIED', 'DELETED'],
    );
    const live = await readWatch(
      `${c.url}/api/v1/namespaces/default/configmaps?watch=1&labelSelector=w%3Dlive`,
      3,
      {
        onOpen: async () => {
          await c.req('POST', '/api/v1/namespaces/default/configmaps', {
            body: { metadata: { name: 'w2', labels: { w: 'live' } } },
          });
          await c.req('PATCH', '/api/v1/namespaces/default/configmaps/w2', {
            body: { metadata: { labels: { w: 'gone' } } },
            contentType: 'application/merge-patch+json',
          });
          await c.req('PATCH', '/api/v1/namespaces/default/configmaps/w2', {
            body: { metadata: { labels: { w: 'live' } } },
            contentType: 'application/merge-patch+json',
          });
        },
      },
    );
    assert.deepEqual(
      live.map((e) => e['type']),
      ['ADDED', 'DELETED', 'ADDED'],
      'selector transitions',
    );
  });

  it('sends initial ADDED events without a resourceVersion and bookmarks on request', async () => {
    const events = await readWatch(
      `${c.url}/api/v1/nodes?watch=true&allowWatchBookmarks=true&labelSelector=zone%3Da`,
      4,
    );
    assert.deepEqual(
      events.slice(0, 3).map((e) => e['type']),
      ['ADDED', 'ADDED', 'ADDED'],
    );
    assert.equal(events[3]?.['type'], 'BOOKMARK');
    const bm = events[3]['object'] as { kind: string; metadata: { resourceVersion: string } };
    assert.equal(bm.kind, 'Node');
    assert.ok(Number(bm.metadata.resourceVersion) > 0);
  });

  it('answers a too-old resourceVersion with an ERROR event carrying 410 Expired', async () => {
    for (let i = 0; i < 70; i++) {
      await c
        .req('PUT', '/api/v1/namespaces/default/configmaps/churn', {
          body: { metadata: { name: 'churn' }, data: { i: String(i) } },
        })
        .then(async (r) => {
          if (r.status === 404)
            await c.req('POST', '/api/v1/namespaces/default/configmaps', {
              body: { metadata: { name: 'churn' } },
            });
        });
    }
    const events = await readWatch(
      `${c.url}/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=1`,
      1,
    );
    assert.equal(events[0]?.['type'], 'ERROR');
    const status = events[0]['object'] as { code: number; reason: string };
    assert.deepEqual([status.code, status.reason], [410, 'Expired']);
  });

  it('streams over WebSocket with a persona subprotocol and releases listeners on close', async () => {
    const before = (await c.req('GET', '/_sandbox/health')).body['listeners'] as number;
    const ws = new WebSocket(
      `${c.url.replace('http', 'ws')}/apis/nmstate.io/v1/nodenetworkconfigurationpolicies?watch=true`,
      ['base64.binary.k8s.io', 'switchboard.persona.viewer'],
    );
    const frames: { type: string; object: { metadata: { name: string } } }[] = [];
    await new Promise<void>((ok, fail) => {
      ws.once('open', () => ok());
      ws.once('error', fail);
    });
    assert.equal(ws.protocol, 'base64.binary.k8s.io');
    const got = new Promise<void>((ok) => {
      ws.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString('utf8')) as (typeof frames)[number];
        frames.push(frame);
        if (frame.object.metadata.name === 'ws-policy') ok();
      });
    });
    await c.req('POST', NNCP_PATH, { body: policy('ws-policy') });
    await got;
    assert.equal(frames.at(-1)?.type, 'ADDED');
    ws.close();
    await new Promise((r) => setTimeout(r, 100));
    assert.equal((await c.req('GET', '/_sandbox/health')).body['listeners'], before);
    const denied = new WebSocket(
      `${c.url.replace('http', 'ws')}/api/v1/secrets?watch=true&persona=nobody`,
    );
    const code = await new Promise<number>((ok) => {
      denied.on('unexpected-response', (_req, res) => ok(res.statusCode ?? 0));
      denied.on('error', () => undefined);
    });
    assert.equal(code, 403);
  });
});
