import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  summarizeHandler,
  summarizeOperatorConditions,
  summarizeOperatorDeployment,
} from './operatorStatus';

void test('conditions: Degraded wins, then Progressing, then Available', () => {
  assert.deepEqual(
    summarizeOperatorConditions([
      { type: 'Available', status: 'True', reason: 'SuccessfullyDeployed', message: 'All ok' },
      { type: 'Progressing', status: 'False', reason: 'SuccessfullyDeployed' },
      { type: 'Degraded', status: 'False', reason: 'SuccessfullyDeployed' },
    ]),
    { state: 'available', reason: 'SuccessfullyDeployed', lines: [] },
  );
  const progressing = summarizeOperatorConditions([
    {
      type: 'Progressing',
      status: 'True',
      reason: 'Deploying',
      message:
        'Deployment "nmstate-webhook" is not available (awaiting 1 nodes)\n\nDaemonSet "nmstate-handler" is not available (awaiting 2 nodes)',
    },
    { type: 'Available', status: 'False', reason: 'Deploying' },
  ]);
  assert.equal(progressing.state, 'progressing');
  assert.deepEqual(progressing.lines, [
    'Deployment "nmstate-webhook" is not available (awaiting 1 nodes)',
    'DaemonSet "nmstate-handler" is not available (awaiting 2 nodes)',
  ]);
  assert.deepEqual(
    summarizeOperatorConditions([
      { type: 'Progressing', status: 'True', reason: 'Deploying' },
      { type: 'Degraded', status: 'True', reason: 'InternalError', message: 'boom' },
    ]),
    { state: 'degraded', reason: 'InternalError', lines: ['boom'] },
  );
});

void test('conditions: an unknown reason is kept aside, none gives unknown', () => {
  assert.deepEqual(
    summarizeOperatorConditions([{ type: 'Degraded', status: 'True', reason: 'Weird' }]),
    { state: 'degraded', reason: 'other', rawReason: 'Weird', lines: [] },
  );
  assert.deepEqual(summarizeOperatorConditions(undefined), {
    state: 'unknown',
    reason: 'none',
    lines: [],
  });
  assert.equal(
    summarizeOperatorConditions([{ type: 'Available', status: 'Unknown' }]).state,
    'unknown',
  );
});

void test('handler: available never exceeds desired; junk status counts as zero', () => {
  assert.deepEqual(
    summarizeHandler([
      {
        metadata: { name: 'nmstate-handler', namespace: 'openshift-nmstate' },
        status: { desiredNumberScheduled: 6, numberAvailable: 9, updatedNumberScheduled: 4 },
      },
    ]),
    {
      name: 'nmstate-handler',
      namespace: 'openshift-nmstate',
      desired: 6,
      available: 6,
      outdated: 2,
    },
  );
  assert.deepEqual(
    summarizeHandler([
      {
        metadata: { name: 'h', namespace: 'n' },
        status: { desiredNumberScheduled: 'x', numberAvailable: -3 },
      },
    ]),
    { name: 'h', namespace: 'n', desired: 0, available: 0, outdated: 0 },
  );
  assert.equal(summarizeHandler([]), undefined);
});

void test('operator deployment: replicas default to one', () => {
  assert.deepEqual(
    summarizeOperatorDeployment([
      {
        metadata: { name: 'nmstate-operator', namespace: 'openshift-nmstate' },
        spec: {},
        status: {},
      },
    ]),
    { name: 'nmstate-operator', namespace: 'openshift-nmstate', desired: 1, available: 0 },
  );
});
