// Day-1 support in the sandbox: metadata-only reads (PartialObjectMetadata) and the NMStateConfig
// and InfraEnv CRDs of assisted-service.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestCluster } from './testing';
import { startTestCluster } from './testing';

let c: TestCluster;
before(async () => {
  c = await startTestCluster();
});
after(async () => {
  await c.dispose();
});

const SECRETS = '/api/v1/namespaces/default/secrets';
const PARTIAL = 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1';
const PARTIAL_LIST = 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1';

describe('PartialObjectMetadata', () => {
  it('serves metadata without data on get and list, and refuses the wrong form', async () => {
    const value = Buffer.from('interfaces: []').toString('base64');
    const created = await c.req('POST', SECRETS, {
      body: {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'net', labels: { a: 'b' } },
        data: { nmstate: value },
      },
    });
    assert.equal(created.status, 201);
    const one = await c.req('GET', `${SECRETS}/net`, { headers: { Accept: PARTIAL } });
    assert.equal(one.status, 200);
    assert.equal(one.body.kind, 'PartialObjectMetadata');
    assert.equal(one.body.apiVersion, 'meta.k8s.io/v1');
    assert.equal(one.body.metadata?.name, 'net');
    // No data; the key's name may show, as on a real cluster, in the creator's managedFields.
    assert.equal(one.body['data'], undefined);
    assert.ok(!one.text.includes(value));
    const list = await c.req('GET', SECRETS, { headers: { Accept: PARTIAL_LIST } });
    assert.equal(list.body.kind, 'PartialObjectMetadataList');
    const items = list.body['items'] as { metadata: { name: string } }[];
    assert.deepEqual(
      items.map((i) => i.metadata.name),
      ['net'],
    );
    assert.ok(!list.text.includes(value));
    assert.equal((await c.req('GET', SECRETS, { headers: { Accept: PARTIAL } })).status, 406);
    // Metadata is still a get: RBAC applies unchanged.
    const denied = await c.req('GET', `${SECRETS}/net`, {
      headers: { Accept: PARTIAL },
      persona: 'network-viewer',
    });
    assert.equal(denied.status, 403);
  });
});

describe('NMStateConfig', () => {
  const PATH = '/apis/agent-install.openshift.io/v1beta1/namespaces/default/nmstateconfigs';
  const cfg = (spec: Record<string, unknown>) => ({
    apiVersion: 'agent-install.openshift.io/v1beta1',
    kind: 'NMStateConfig',
    metadata: { name: `c${Math.random().toString(36).slice(2, 8)}` },
    spec,
  });
  it('keeps the raw nmstate and validates interfaces as the CRD does', async () => {
    const ok = await c.req('POST', PATH, {
      body: cfg({
        interfaces: [{ name: 'eno1', macAddress: '52:54:00:00:00:01' }],
        config: { interfaces: [{ name: 'eno1', type: 'ethernet', 'x-unknown': 1 }] },
      }),
    });
    assert.equal(ok.status, 201, ok.text);
    assert.match(ok.text, /x-unknown/);
    const empty = await c.req('POST', PATH, { body: cfg({ interfaces: [] }) });
    assert.equal(empty.status, 422);
    assert.match(empty.text, /should have at least 1 items/);
    const badMac = await c.req('POST', PATH, {
      body: cfg({ interfaces: [{ name: 'eno1', macAddress: '52:54:00:00:00' }] }),
    });
    assert.equal(badMac.status, 422);
    const noName = await c.req('POST', PATH, {
      body: cfg({ interfaces: [{ macAddress: '52:54:00:00:00:01' }] }),
    });
    assert.equal(noName.status, 422);
  });
});

describe('InfraEnv', () => {
  const PATH = '/apis/agent-install.openshift.io/v1beta1/namespaces/default/infraenvs';
  const env = (name: string, spec: Record<string, unknown>) => ({
    apiVersion: 'agent-install.openshift.io/v1beta1',
    kind: 'InfraEnv',
    metadata: { name },
    spec,
  });
  it('is served with the CRD schema: required pull secret, defaults, selector shape, pruning', async () => {
    const ok = await c.req('POST', PATH, {
      body: env('spoke', {
        pullSecretRef: { name: 'ps' },
        nmStateConfigLabelSelector: {
          matchLabels: { 'infraenvs.agent-install.openshift.io': 'spoke' },
          matchExpressions: [{ key: 'site', operator: 'In', values: ['west'] }],
        },
        notAField: true,
      }),
    });
    assert.equal(ok.status, 201, ok.text);
    const spec = ok.body['spec'] as Record<string, unknown>;
    assert.equal(spec['cpuArchitecture'], 'x86_64');
    assert.equal(spec['ipxeScriptType'], 'DiscoveryImageAlways');
    assert.equal(spec['notAField'], undefined);
    assert.deepEqual(spec['nmStateConfigLabelSelector'], {
      matchLabels: { 'infraenvs.agent-install.openshift.io': 'spoke' },
      matchExpressions: [{ key: 'site', operator: 'In', values: ['west'] }],
    });
    const noPullSecret = await c.req('POST', PATH, { body: env('no-ps', {}) });
    assert.equal(noPullSecret.status, 422);
    assert.match(noPullSecret.text, /pullSecretRef/);
    // The CRD checks only the shape; an unknown operator is the controller's to refuse.
    const noKey = await c.req('POST', PATH, {
      body: env('no-key', {
        pullSecretRef: { name: 'ps' },
        nmStateConfigLabelSelector: { matchExpressions: [{ operator: 'Exists' }] },
      }),
    });
    assert.equal(noKey.status, 422);
    const oddOperator = await c.req('POST', PATH, {
      body: env('odd', {
        pullSecretRef: { name: 'ps' },
        nmStateConfigLabelSelector: { matchExpressions: [{ key: 'a', operator: 'Equals' }] },
      }),
    });
    assert.equal(oddOperator.status, 201, oddOperator.text);
  });
});
