// Request media types as kube-apiserver negotiates them: protobuf for built-in kinds (what
// client-go's typed clients send), JSON and YAML for everything, 415 for the rest.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestCluster } from './testing';
import { NNCP_PATH, policy, startTestCluster } from './testing';

let c: TestCluster;
before(async () => {
  c = await startTestCluster();
});
after(async () => {
  await c.dispose();
});

/** Hand-encoded protobuf, the way gogo-protobuf writes it: tag, length, bytes. */
function field(n: number, value: Buffer | string): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value) : value;
  const varint = (x: number): Buffer => {
    const out: number[] = [];
    let v = x;
    while (v > 0x7f) {
      out.push((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    out.push(v);
    return Buffer.from(out);
  };
  return Buffer.concat([varint((n << 3) | 2), varint(bytes.length), bytes]);
}
const entry = (k: string, v: Buffer | string): Buffer => Buffer.concat([field(1, k), field(2, v)]);

function envelope(apiVersion: string, kind: string, object: Buffer): Buffer {
  const typeMeta = Buffer.concat([field(1, apiVersion), field(2, kind)]);
  return Buffer.concat([Buffer.from('k8s\0', 'latin1'), field(1, typeMeta), field(2, object)]);
}

async function post(path: string, body: Buffer | string, contentType: string) {
  const res = await fetch(`${c.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('request media types', () => {
  it('decodes a protobuf ConfigMap with labels, data and binaryData', async () => {
    const meta = Buffer.concat([
      field(1, 'from-proto'),
      field(3, ''),
      field(11, entry('app', 'x')),
    ]);
    const object = Buffer.concat([
      field(1, meta),
      field(2, entry('mtu', '9000')),
      field(3, entry('blob', Buffer.from([0, 1, 2]))),
    ]);
    const r = await post(
      '/api/v1/namespaces/default/configmaps',
      envelope('v1', 'ConfigMap', object),
      'application/vnd.kubernetes.protobuf',
    );
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.deepEqual(r.body['data'], { mtu: '9000' });
    assert.deepEqual(r.body['binaryData'], { blob: 'AAEC' });
    const metadata = r.body['metadata'] as Record<string, unknown>;
    assert.equal(metadata['namespace'], 'default', 'an empty proto string is no namespace');
    assert.deepEqual(metadata['labels'], { app: 'x' });
  });

  it('decodes a protobuf Secret and defaults its type to Opaque', async () => {
    const object = Buffer.concat([field(1, field(1, 'proto-secret')), field(2, entry('k', 'v'))]);
    const r = await post(
      '/api/v1/namespaces/default/secrets',
      envelope('v1', 'Secret', object),
      'application/vnd.kubernetes.protobuf',
    );
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body['type'], 'Opaque');
    assert.deepEqual(r.body['data'], { k: Buffer.from('v').toString('base64') });
  });

  it('refuses protobuf for a custom resource with 415 and the types it accepts', async () => {
    const r = await post(
      NNCP_PATH,
      envelope('nmstate.io/v1', 'NodeNetworkConfigurationPolicy', Buffer.alloc(0)),
      'application/vnd.kubernetes.protobuf',
    );
    assert.equal(r.status, 415);
    assert.equal(r.body['reason'], 'UnsupportedMediaType');
    assert.match(
      String(r.body['message']),
      /accepted media types include: application\/json, application\/yaml$/,
    );
  });

  it('answers 415 to text/plain instead of parsing it as JSON', async () => {
    const body = JSON.stringify({ metadata: { name: 'sneaky' } });
    const r = await post('/api/v1/namespaces/default/configmaps', body, 'text/plain');
    assert.equal(r.status, 415);
    assert.equal(r.body['kind'], 'Status');
    assert.match(
      String(r.body['message']),
      /accepted media types include: application\/json, application\/yaml, application\/vnd\.kubernetes\.protobuf$/,
    );
    const stored = await c.req('GET', '/api/v1/namespaces/default/configmaps/sneaky');
    assert.equal(stored.status, 404, 'nothing was stored');
    const crd = await post(NNCP_PATH, JSON.stringify(policy('plain')), 'text/plain;charset=utf-8');
    assert.equal(crd.status, 415);
  });

  it('takes JSON with parameters and YAML', async () => {
    const json = await post(
      '/api/v1/namespaces/default/configmaps',
      JSON.stringify({ metadata: { name: 'j' } }),
      'application/json; charset=utf-8',
    );
    assert.equal(json.status, 201);
    const yaml = await post(
      '/api/v1/namespaces/default/configmaps',
      'metadata:\n  name: y\n',
      'application/yaml',
    );
    assert.equal(yaml.status, 201);
  });
});
