import { test } from 'node:test';
import assert from 'node:assert/strict';
import { impersonationSubprotocols } from './impersonation';

test('impersonationSubprotocols: from the console store shape', () => {
  const state = {
    sdkCore: {
      impersonate: {
        kind: 'UserWithGroups',
        name: 'dev',
        subprotocols: ['Impersonate-User.ZGV2', 'Impersonate-Group.dGVhbQ__'],
        groups: ['team'],
      },
    },
    k8s: {},
  };
  assert.deepEqual(impersonationSubprotocols(state), [
    'Impersonate-User.ZGV2',
    'Impersonate-Group.dGVhbQ__',
  ]);
});

test('impersonationSubprotocols: none when not impersonating or the state is not the console', () => {
  assert.deepEqual(impersonationSubprotocols({ sdkCore: {} }), []);
  assert.deepEqual(impersonationSubprotocols(undefined), []);
  assert.deepEqual(
    impersonationSubprotocols({ sdkCore: { impersonate: { subprotocols: 'x' } } }),
    [],
  );
});

test('impersonationSubprotocols: only the bridge impersonation protocols are passed on', () => {
  const state = {
    sdkCore: {
      impersonate: { subprotocols: ['base64.binary.k8s.io', 'Impersonate-User.YQ__', 3] },
    },
  };
  assert.deepEqual(impersonationSubprotocols(state), ['Impersonate-User.YQ__']);
});
