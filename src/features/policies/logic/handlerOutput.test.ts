// Field meanings: kubernetes-nmstate api/v1beta1 (enactment and node state types) and
// pkg/enactmentstatus; retryCount is per policy generation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { getHandlerOutput, getNodeStateHandlerInfo } from './handlerOutput';

const nnce = (status: Record<string, unknown>): NodeNetworkConfigurationEnactment => ({
  apiVersion: 'nmstate.io/v1beta1',
  kind: 'NodeNetworkConfigurationEnactment',
  metadata: { name: 'worker-0.p' },
  status,
});

void test('retries are those of the generation the enactment reports, not of older ones', () => {
  const out = getHandlerOutput(
    nnce({ policyGeneration: 3, retryCount: { '2': 5, '3': 2 }, features: ['static-dns'] }),
  );
  assert.equal(out.generation, 3);
  assert.equal(out.retries, 2);
  assert.deepEqual(out.features, ['static-dns']);
  assert.equal(getHandlerOutput(nnce({ policyGeneration: 4, retryCount: { '3': 5 } })).retries, 0);
});

void test('captures are listed by name with their metaInfo time and version', () => {
  const out = getHandlerOutput(
    nnce({
      policyGeneration: 1,
      desiredState: { interfaces: [{ name: 'br1', type: 'linux-bridge' }] },
      capturedStates: {
        'default-gw': {
          state: { routes: { running: [] } },
          metaInfo: { version: '0', time: '2026-03-02T09:00:00Z' },
        },
        'base-iface': { state: { interfaces: [] } },
      },
    }),
  );
  assert.deepEqual(
    out.captures.map((c) => [c.name, c.time, c.version]),
    [
      ['base-iface', undefined, undefined],
      ['default-gw', '2026-03-02T09:00:00Z', '0'],
    ],
  );
  assert.deepEqual(out.desiredState, { interfaces: [{ name: 'br1', type: 'linux-bridge' }] });
});

void test('malformed status from the cluster is left out, never thrown on', () => {
  const out = getHandlerOutput(
    nnce({
      policyGeneration: '1',
      retryCount: ['x'],
      features: [1, 'ok', null],
      capturedStates: { a: null, b: 'text', ['__proto__']: { state: [] } },
      desiredState: 'garbage',
    }),
  );
  assert.equal(out.generation, undefined);
  assert.equal(out.retries, 0);
  assert.deepEqual(out.features, ['ok']);
  assert.equal(out.desiredState, undefined);
  // A capture named __proto__ is just a name; its non-object state is left out.
  assert.deepEqual(
    out.captures.map((c) => [c.name, c.state]),
    [['__proto__', undefined]],
  );
  const proto = getHandlerOutput(
    nnce({ policyGeneration: 1, retryCount: JSON.parse('{"__proto__": 4, "1": 1}') as object }),
  );
  assert.equal(proto.retries, 1);
});

void test('node state: the handler versions and the last successful refresh', () => {
  const nns: NodeNetworkState = {
    metadata: { name: 'worker-0' },
    status: {
      lastSuccessfulUpdateTime: '2026-03-02T09:00:00Z',
      handlerNmstateVersion: 'nmstatectl 2.2.12',
      handlerNetworkManagerVersion: '1.36.0-12.el8_6',
      hostNetworkManagerVersion: '1.42.2',
    },
  };
  assert.deepEqual(getNodeStateHandlerInfo(nns), {
    lastSuccessfulUpdateTime: '2026-03-02T09:00:00Z',
    nmstateVersion: 'nmstatectl 2.2.12',
    handlerNetworkManagerVersion: '1.36.0-12.el8_6',
    hostNetworkManagerVersion: '1.42.2',
  });
  assert.deepEqual(getNodeStateHandlerInfo({ metadata: { name: 'x' } }), {
    lastSuccessfulUpdateTime: undefined,
    nmstateVersion: undefined,
    handlerNetworkManagerVersion: undefined,
    hostNetworkManagerVersion: undefined,
  });
});
