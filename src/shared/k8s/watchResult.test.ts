import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { K8sResource } from '../model/k8s';
import {
  gatedResult,
  gateFromFlag,
  keepIfUnchanged,
  sortByName,
  toListResult,
  toObjectResult,
} from './watchResult';

const obj = (name: string, namespace?: string, rv = '1'): K8sResource => ({
  apiVersion: 'v1',
  kind: 'Thing',
  metadata: { name, resourceVersion: rv, ...(namespace ? { namespace } : {}) },
});

class NoModelError extends Error {
  constructor() {
    super('Model does not exist');
    Object.defineProperty(this, 'name', { value: 'NoModelError', enumerable: false });
  }
}
const http = (code: number) =>
  Object.assign(new Error(`HTTP ${code}`), { code, json: { kind: 'Status', code } });

test('gateFromFlag: an unknown console flag is pending, not enabled', () => {
  assert.equal(gateFromFlag(undefined), 'pending');
  assert.equal(gateFromFlag(true), true);
  assert.equal(gateFromFlag(false), false);
});

test('gatedResult: a switched-off watch is loaded and empty; a pending one is loading', () => {
  // The console answers `resource: null` with loaded true, the old stand-in with false; the
  // plugin decides itself so neither can hang a page.
  assert.equal(gatedResult(false, []).isLoading, false);
  assert.equal(gatedResult('pending', []).isLoading, true);
  assert.equal(gatedResult('pending', []).isMissingApi, false);
});

test('sortByName: hash-ordered store output comes out by namespace, then name', () => {
  const scrambled = [obj('b', 'ns2'), obj('c', 'ns1'), obj('a', 'ns2'), obj('a', 'ns1')];
  const names = sortByName(scrambled).map(
    (o) => `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`,
  );
  assert.deepEqual(names, ['ns1/a', 'ns1/c', 'ns2/a', 'ns2/b']);
  // Code-unit order, independent of the locale.
  assert.deepEqual(
    sortByName([obj('b'), obj('B'), obj('a')]).map((o) => o.metadata?.name),
    ['B', 'a', 'b'],
  );
});

test('sortByName: a list already in order keeps its identity', () => {
  const sorted = [obj('a'), obj('b'), obj('c')];
  assert.equal(sortByName(sorted), sorted);
});

test('toListResult: NoModelError means the API is missing, not "could not load"', () => {
  const r = toListResult([], true, new NoModelError());
  assert.equal(r.isMissingApi, true);
  assert.equal(r.isStale, false);
  assert.equal(r.isLoading, false);
});

test('toListResult: a 404 on the list with nothing shown is a missing API too', () => {
  assert.equal(toListResult([], false, http(404)).isMissingApi, true);
});

test('toListResult: a failed re-list that kept its data is stale; without data it is an error', () => {
  const kept = toListResult([obj('a')], true, http(503));
  assert.equal(kept.isStale, true);
  assert.equal(kept.data.length, 1);
  const none = toListResult([], true, http(503));
  assert.equal(none.isStale, false);
  assert.equal(none.error?.kind, 'server');
});

test('toListResult: loading until loaded or an error', () => {
  assert.equal(toListResult([], false, undefined).isLoading, true);
  assert.equal(toListResult([], true, undefined).isLoading, false);
});

test('toObjectResult: found in the narrowed list', () => {
  const a = obj('a', 'ns');
  const r = toObjectResult([a], true, undefined, 'a', 'ns', undefined);
  assert.equal(r.data, a);
  assert.equal(r.isDeleted, false);
});

test('toObjectResult: absent before it was ever seen is "does not exist", not an error', () => {
  const r = toObjectResult([], true, undefined, 'a', 'ns', undefined);
  assert.equal(r.data, undefined);
  assert.equal(r.isDeleted, false);
  assert.equal(r.error, undefined);
  assert.equal(r.isMissingApi, false);
});

test('toObjectResult: absent after it was seen is a deletion, with the last copy kept', () => {
  const last = obj('a', 'ns', '7');
  const r = toObjectResult([], true, undefined, 'a', 'ns', last);
  assert.equal(r.isDeleted, true);
  assert.equal(r.data, last);
});

test('toObjectResult: an object of another name in the list is not the object', () => {
  const r = toObjectResult([obj('ab', 'ns')], true, undefined, 'a', 'ns', undefined);
  assert.equal(r.data, undefined);
});

test('toObjectResult: a kind the cluster does not serve', () => {
  const r = toObjectResult([], true, new NoModelError(), 'a', 'ns', undefined);
  assert.equal(r.isMissingApi, true);
  assert.equal(r.isDeleted, false);
});

test('toObjectResult: a failed re-list that kept the object is stale, not deleted', () => {
  const a = obj('a');
  const r = toObjectResult([a], true, http(500), 'a', undefined, a);
  assert.equal(r.isStale, true);
  assert.equal(r.isDeleted, false);
});

test('toObjectResult: loading until the first list answers', () => {
  assert.equal(
    toObjectResult(undefined, false, undefined, 'a', undefined, undefined).isLoading,
    true,
  );
});

test('keepIfUnchanged: a re-list of the same objects at the same versions is the previous list', () => {
  const obj = (name: string, rv: string, uid = `u-${name}`): K8sResource => ({
    metadata: { name, uid, resourceVersion: rv },
  });
  const before = [obj('a', '1'), obj('b', '2')];
  assert.equal(keepIfUnchanged(before, [obj('a', '1'), obj('b', '2')]), before);
  const written = [obj('a', '1'), obj('b', '3')];
  assert.equal(keepIfUnchanged(before, written), written, 'a new version');
  const replaced = [obj('a', '1'), obj('b', '2', 'other')];
  assert.equal(keepIfUnchanged(before, replaced), replaced, 'deleted and created again');
  const fewer = [obj('a', '1')];
  assert.equal(keepIfUnchanged(before, fewer), fewer);
  const unversioned: K8sResource[] = [{ metadata: { name: 'a' } }];
  assert.equal(keepIfUnchanged(unversioned, [{ metadata: { name: 'a' } }]).length, 1);
  const next = [{ metadata: { name: 'a' } }];
  assert.equal(keepIfUnchanged(unversioned, next), next, 'no version: nothing to compare');
  assert.equal(keepIfUnchanged(undefined, before), before);
});
