// The simulated operator follows kubernetes-nmstate controllers/operator/nmstate_controller.go
// `reconcileStatus`: operand rollout lines in the operator's wording, and the three conditions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Condition, K8sResource } from '../../../../src/shared/model/k8s';
import { FakeApi } from '../testing/fakeApi';
import {
  HANDLER_DAEMONSET,
  NmstateOperator,
  OPERATOR_NAMESPACE,
  progressingLines,
} from './operator';

function node(name: string, ready: boolean, master = false): K8sResource {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      labels: {
        'kubernetes.io/os': 'linux',
        ...(master ? { 'node-role.kubernetes.io/master': '' } : {}),
      },
    },
    status: { conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  };
}

function setup(): { api: FakeApi; operator: NmstateOperator } {
  const api = new FakeApi();
  api.create(api.resourceType('', 'Namespace'), {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: OPERATOR_NAMESPACE },
  });
  const nodeT = api.resourceType('', 'Node');
  for (const n of [
    node('master-0', true, true),
    node('master-1', true, true),
    node('worker-0', true),
  ]) {
    const created = api.create(nodeT, n);
    api.update(nodeT, { ...created, status: n['status'] }, { subresource: 'status' });
  }
  api.create(api.resourceType('nmstate.io', 'NMState'), {
    apiVersion: 'nmstate.io/v1',
    kind: 'NMState',
    metadata: { name: 'nmstate' },
  });
  const operator = new NmstateOperator(api.clock);
  operator.start(api);
  api.clock.advance(1000);
  return { api, operator };
}

const conditions = (api: FakeApi): Condition[] =>
  (
    api.get(api.resourceType('nmstate.io', 'NMState'), undefined, 'nmstate')?.['status'] as
      { conditions?: Condition[] } | undefined
  )?.conditions ?? [];
const condition = (api: FakeApi, type: string) => conditions(api).find((c) => c.type === type);

void test('all operands ready: Available, SuccessfullyDeployed', () => {
  const { api, operator } = setup();
  assert.equal(condition(api, 'Available')?.status, 'True');
  assert.equal(condition(api, 'Available')?.reason, 'SuccessfullyDeployed');
  assert.equal(condition(api, 'Available')?.message, 'All components are available and ready');
  assert.equal(condition(api, 'Progressing')?.status, 'False');
  assert.equal(condition(api, 'Degraded')?.status, 'False');
  const ds = api.get(api.resourceType('apps', 'DaemonSet'), OPERATOR_NAMESPACE, HANDLER_DAEMONSET);
  assert.deepEqual(ds?.metadata?.labels, {
    app: 'kubernetes-nmstate',
    component: 'kubernetes-nmstate-handler',
  });
  assert.ok(ds);
  assert.equal((ds['status'] as { desiredNumberScheduled: number }).desiredNumberScheduled, 3);
  operator.stop();
});

void test('a NotReady node makes the handler unavailable there and the NMState Progressing', () => {
  const { api, operator } = setup();
  const nodeT = api.resourceType('', 'Node');
  const worker = api.get(nodeT, undefined, 'worker-0');
  assert.ok(worker);
  api.update(
    nodeT,
    { ...worker, status: { conditions: [{ type: 'Ready', status: 'Unknown' }] } },
    { subresource: 'status' },
  );
  api.clock.advance(1000);
  assert.equal(condition(api, 'Progressing')?.status, 'True');
  assert.equal(
    condition(api, 'Progressing')?.message,
    'DaemonSet "nmstate-handler" is not available (awaiting 1 nodes)',
  );
  assert.equal(condition(api, 'Available')?.status, 'False');
  assert.equal(condition(api, 'Available')?.reason, 'Deploying');
  assert.equal(condition(api, 'Degraded')?.message, 'Deploying is in progress');
  operator.stop();
});

void test('lines come in the operator order: Deployments first, then DaemonSets', () => {
  const lines = progressingLines([
    {
      kind: 'DaemonSet',
      name: 'nmstate-handler',
      status: {
        desiredNumberScheduled: 3,
        currentNumberScheduled: 3,
        numberMisscheduled: 0,
        numberReady: 0,
        numberAvailable: 0,
        numberUnavailable: 0,
        updatedNumberScheduled: 3,
        observedGeneration: 1,
      },
    },
    {
      kind: 'Deployment',
      name: 'nmstate-webhook',
      status: {
        replicas: 2,
        readyReplicas: 1,
        availableReplicas: 1,
        unavailableReplicas: 1,
        updatedReplicas: 2,
        observedGeneration: 1,
      },
    },
  ]);
  assert.deepEqual(lines, [
    'Deployment "nmstate-webhook" is not available (awaiting 1 nodes)',
    'DaemonSet "nmstate-handler" is not yet scheduled on any nodes',
  ]);
});
