// The NNS refresh writes only when the reported state changed (kubernetes-nmstate v0.85.0
// controllers/handler/node_controller.go, pkg/client/client.go `UpdateCurrentState`; e2e
// test/e2e/handler/nns_update_timestamp_test.go "nns should not be updated after reconcile").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { NodeNetworkState } from '../../../../src/shared/model/nmstate';
import { buildNodeNetworkState } from '../../../../src/features/policies/__fixtures__/nodeNetworkStates';
import { FakeApi } from '../testing/fakeApi';
import { NnsRefresh } from './refresh';

void test('no write while the state is unchanged; a changed state gets a new timestamp', () => {
  const api = new FakeApi();
  const nnsT = api.resourceType('nmstate.io', 'NodeNetworkState');
  const nns = buildNodeNetworkState({ nodeName: 'worker-0', role: 'worker', index: 0 });
  const created = api.create(nnsT, nns);
  api.update(nnsT, { ...created, status: nns.status }, { subresource: 'status' });
  const refresh = new NnsRefresh(api.clock);
  refresh.start(api, { speed: 'realtime' });
  const read = () => api.get(nnsT, undefined, 'worker-0') as NodeNetworkState;
  const before = read();
  api.clock.advance(10 * 60_000);
  assert.equal(read().metadata.resourceVersion, before.metadata.resourceVersion);
  const changed = read();
  api.update(
    nnsT,
    {
      ...changed,
      status: {
        ...changed.status,
        currentState: { ...changed.status?.currentState, interfaces: [] },
      },
    },
    { subresource: 'status' },
  );
  const stampBefore = read().status?.lastSuccessfulUpdateTime;
  api.clock.advance(2 * 60_000);
  assert.notEqual(read().status?.lastSuccessfulUpdateTime, stampBefore);
  const version = read().metadata.resourceVersion;
  api.clock.advance(10 * 60_000);
  assert.equal(read().metadata.resourceVersion, version);
  refresh.stop();
});
