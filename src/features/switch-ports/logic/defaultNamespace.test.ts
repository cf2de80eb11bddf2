import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pickHostNamespace } from './defaultNamespace';

const host = (namespace: string) => ({ metadata: { namespace } });
const PREFERRED = 'openshift-machine-api';

test('pickHostNamespace: the preferred namespace when it has hosts or nothing does', () => {
  assert.equal(pickHostNamespace([], PREFERRED), PREFERRED);
  assert.equal(
    pickHostNamespace([host('lab'), host('lab'), host(PREFERRED)], PREFERRED),
    PREFERRED,
  );
});

test('pickHostNamespace: otherwise the busiest namespace, independent of list order', () => {
  const hosts = [host('b'), host('a'), host('b'), host('c')];
  assert.equal(pickHostNamespace(hosts, PREFERRED), 'b');
  assert.equal(pickHostNamespace([...hosts].reverse(), PREFERRED), 'b');
});

test('pickHostNamespace: a tie goes to the lowest name, whichever host comes first', () => {
  assert.equal(pickHostNamespace([host('z'), host('m')], PREFERRED), 'm');
  assert.equal(pickHostNamespace([host('m'), host('z')], PREFERRED), 'm');
});
