import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toK8sError } from './k8sError';

// The shape useK8sWatchResource(s) hands out for a kind discovery does not know (openshift/console
// release-4.22, console-dynamic-plugin-sdk/src/utils/k8s/hooks/k8s-watcher.ts): an Error subclass
// named after its class, message 'Model does not exist', no code, no json.
class NoModelError extends Error {
  constructor() {
    super('Model does not exist');
    Object.defineProperty(this, 'name', { value: 'NoModelError', enumerable: false });
  }
}

test('toK8sError: the console NoModelError is a missing API, not a network failure', () => {
  const e = toK8sError(new NoModelError());
  assert.equal(e.kind, 'missingApi');
  assert.equal(e.status, undefined);
});

test('toK8sError: a NoModelError whose class name a minifier renamed is still recognised', () => {
  class E extends Error {}
  const renamed = new E('Model does not exist');
  assert.equal(toK8sError(renamed).kind, 'missingApi');
});

test('toK8sError: an HTTP 404 stays notFound; code-less failures stay network', () => {
  const http404 = Object.assign(new Error('Not Found'), {
    code: 404,
    json: { kind: 'Status', code: 404, reason: 'NotFound', message: 'nncps not found' },
  });
  assert.equal(toK8sError(http404).kind, 'notFound');
  assert.equal(toK8sError(new TypeError('Failed to fetch')).kind, 'network');
  // Same message with an HTTP code is an HTTP error, not the SDK's missing model.
  const withCode = Object.assign(new Error('Model does not exist'), { code: 500 });
  assert.equal(toK8sError(withCode).kind, 'server');
});
