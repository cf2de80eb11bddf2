// @reliability: hostile keys and deep nesting over every write path of the sandbox API. No
// request may pollute Object.prototype, lock anyone out, or get a 500; too deep is a 400.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { TestCluster } from './testing';
import { NNCP_PATH, policy, startTestCluster } from './testing';
import { MAX_NESTING_DEPTH } from './http';

let c: TestCluster;
before(async () => {
  c = await startTestCluster();
});
after(async () => {
  await c.dispose();
});

const HOSTILE = ['__proto__', 'constructor', 'prototype'];
const CM = '/api/v1/namespaces/default/configmaps';

function prototypeClean(): void {
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), PROTO_NAMES);
  assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
}
const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

const key = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.constantFrom('data', 'metadata', 'labels', 'a'),
);
const segment = fc.oneof(key, fc.constantFrom('0', '-', 'polluted'));
const pointer = fc.oneof(
  fc.array(segment, { minLength: 1, maxLength: 5 }).map((p) => `/${p.join('/')}`),
  // Random segments rarely line up into a walk out of the document; these do.
  fc.constantFrom(
    '/metadata/constructor/prototype/polluted',
    '/data/constructor/prototype/polluted',
    '/metadata/__proto__/polluted',
  ),
);
/** Nested objects whose keys are often hostile; written as raw JSON so `__proto__` stays a key. */
const hostileJson: fc.Arbitrary<string> = fc.letrec<{ v: string }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('"x"', '1', 'null', 'true', '{"polluted":"yes"}'),
    fc
      .array(fc.tuple(key, tie('v')), { maxLength: 3 })
      .map((kv) => `{${kv.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).v;

describe('hostile keys', () => {
  it(
    '@reliability hostile keys and paths over every write path never pollute, lock out or 500',
    { timeout: 300_000 },
    async () => {
      await c.req('POST', CM, { body: { metadata: { name: 'target' }, data: { a: 'b' } } });
      const paths: fc.Arbitrary<{
        method: string;
        path: string;
        raw: string;
        type: string;
        persona?: string;
      }> = fc.oneof(
        hostileJson.map((j) => ({
          method: 'POST',
          path: CM,
          raw: `{"metadata":{"generateName":"h-","labels":${j}},"data":${j}}`,
          type: 'application/json',
        })),
        hostileJson.map((j) => ({
          method: 'PUT',
          path: `${CM}/target`,
          raw: `{"metadata":{"name":"target"},"data":${j}}`,
          type: 'application/json',
        })),
        hostileJson.map((j) => ({
          method: 'PATCH',
          path: `${CM}/target`,
          raw: `{"metadata":${j},"data":${j}}`,
          type: 'application/merge-patch+json',
        })),
        hostileJson.map((j) => ({
          method: 'PATCH',
          path: `${CM}/target`,
          raw: `{"metadata":${j}}`,
          type: 'application/strategic-merge-patch+json',
        })),
        hostileJson.map((j) => ({
          method: 'PATCH',
          path: `${CM}/target?fieldManager=t`,
          raw: `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"target"},"data":${j}}`,
          type: 'application/apply-patch+yaml',
        })),
        fc
          .tuple(
            fc.constantFrom('add', 'replace', 'remove', 'copy', 'move', 'test'),
            pointer,
            pointer,
            hostileJson,
            // A namespace-scoped user did the original damage (on the kinds it may write).
            fc.constantFrom(undefined, 'nad-editor'),
          )
          .map(([op, path, from, value, persona]) => ({
            method: 'PATCH',
            path: `${CM}/target`,
            raw: `[{"op":"${op}","path":${JSON.stringify(path)},"from":${JSON.stringify(from)},"value":${value}}]`,
            type: 'application/json-patch+json',
            persona,
          })),
        fc.tuple(key, fc.constantFrom('fieldSelector', 'labelSelector')).map(([k, sel]) => ({
          method: 'GET',
          path: `${CM}?${sel}=${encodeURIComponent(`${k}=x`)}`,
          raw: '',
          type: 'application/json',
        })),
        fc.constantFrom(...HOSTILE).map((persona) => ({
          method: 'GET',
          path: CM,
          raw: '',
          type: 'application/json',
          persona,
        })),
      );
      await fc.assert(
        fc.asyncProperty(paths, async (r) => {
          const res = await c.req(r.method, r.path, {
            raw: r.raw === '' ? undefined : r.raw,
            contentType: r.type,
            headers: r.raw === '' ? {} : { 'Content-Type': r.type },
            persona: r.persona,
          });
          assert.ok(
            res.status < 500,
            `${r.method} ${r.path} ${r.raw} -> ${res.status} ${res.text}`,
          );
          prototypeClean();
          // The administrator is never locked out.
          assert.equal((await c.req('GET', CM)).status, 200);
        }),
        { numRuns: 300 },
      );
    },
  );

  it('@reliability the original lock-out patch is refused', async () => {
    const res = await c.req('PATCH', `${CM}/target`, {
      raw: '[{"op":"add","path":"/metadata/__proto__/rules","value":[]}]',
      contentType: 'application/json-patch+json',
      persona: 'nad-editor',
    });
    assert.ok(res.status === 403 || res.status === 422, String(res.status));
    const admin = await c.req('PATCH', `${CM}/target`, {
      raw: '[{"op":"add","path":"/metadata/constructor/prototype/polluted","value":"yes"}]',
      contentType: 'application/json-patch+json',
    });
    assert.equal(admin.status, 422);
    assert.match(String(admin.body['message']), /not allowed/);
    prototypeClean();
  });
});

function nested(depth: number): string {
  return `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
}

describe('nesting depth', () => {
  it(`@reliability bodies nested deeper than the API server's ${MAX_NESTING_DEPTH} levels get a 400, not a 500`, async () => {
    const body = (depth: number): string =>
      JSON.stringify(policy('deep')).replace(
        '"desiredState":{',
        `"desiredState":{"deep":${nested(depth)},`,
      );
    const tooDeep = await c.req('POST', NNCP_PATH, { raw: body(MAX_NESTING_DEPTH) });
    assert.equal(tooDeep.status, 400);
    assert.match(String(tooDeep.body['message']), /exceeded max depth/);
    const yaml = await c.req('POST', NNCP_PATH, {
      raw: `${'['.repeat(MAX_NESTING_DEPTH + 5)}${']'.repeat(MAX_NESTING_DEPTH + 5)}`,
      contentType: 'application/yaml',
    });
    assert.ok(yaml.status === 400, `YAML: ${yaml.status}`);
    const patch = await c.req('PATCH', `${NNCP_PATH}/nothing`, {
      raw: nested(MAX_NESTING_DEPTH + 1),
      contentType: 'application/merge-patch+json',
    });
    assert.equal(patch.status, 400);
    // Just inside the limit the write is judged on its content, and never a 500.
    const deepOk = await c.req('POST', NNCP_PATH, { raw: body(MAX_NESTING_DEPTH - 10) });
    assert.ok(deepOk.status < 500, `${deepOk.status} ${deepOk.text.slice(0, 200)}`);
    if (deepOk.status !== 201) assert.equal(deepOk.status, 422);
    // Refused before the commit: nothing stored.
    if (deepOk.status === 422) assert.equal((await c.req('GET', `${NNCP_PATH}/deep`)).status, 404);
    const list = await c.req('GET', NNCP_PATH);
    assert.equal(list.status, 200);
  });
});
