import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getHandlerSummary, parseHandlerMessage } from './handlerSummary';
import { buildPolicyRows } from './policyList';
import { clusterNodes, WORKER_1, WORKER_2, WORKER_3 } from '../__fixtures__/clusterFixtures';
import { makeEnactment, withPolicyConditions } from '../__fixtures__/enactmentFixtures';
import { bondVlanPolicy } from '../__fixtures__/policyFixtures';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';

const withAvailableMessage = (message: string): NodeNetworkConfigurationPolicy => ({
  ...bondVlanPolicy,
  status: {
    conditions: [
      {
        type: 'Available',
        status: 'True',
        reason: 'SuccessfullyConfigured',
        message,
        lastHeartbeatTime: '2026-01-01T00:00:00Z',
        lastTransitionTime: '2026-01-01T00:00:00Z',
      },
    ],
  },
});

void describe('getHandlerSummary', () => {
  void it('reads the Available message, with or without NotReady nodes', () => {
    assert.deepEqual(getHandlerSummary(withPolicyConditions(bondVlanPolicy, 'available')), {
      matching: 3,
      available: 3,
      notReady: 0,
    });
    assert.deepEqual(
      getHandlerSummary(
        withAvailableMessage(
          '498/500 nodes successfully configured, 2 nodes ignored due to NotReady state',
        ),
      ),
      { matching: 500, available: 498, notReady: 2 },
    );
  });

  void it('counts NotReady nodes into M as v0.85 does: "2/3 ..., 1 nodes ignored" is fully known', () => {
    // kubernetes-nmstate v0.85.0 pkg/policyconditions/conditions.go setPolicyStatus: success
    // counts every matching node, progress only the Ready ones.
    assert.deepEqual(
      getHandlerSummary(
        withAvailableMessage(
          '2/3 nodes successfully configured, 1 nodes ignored due to NotReady state',
        ),
      ),
      { matching: 3, available: 2, notReady: 1 },
    );
    assert.deepEqual(
      getHandlerSummary(
        withAvailableMessage(
          '0/2 nodes successfully configured, 2 nodes ignored due to NotReady state',
        ),
      ),
      { matching: 2, available: 0, notReady: 2 },
    );
    assert.equal(
      getHandlerSummary(
        withAvailableMessage(
          '2/3 nodes successfully configured, 4 nodes ignored due to NotReady state',
        ),
      ),
      undefined,
    );
  });

  void it('says nothing for other states and odd messages', () => {
    for (const state of [
      'initial',
      'progressing',
      'degraded',
      'ignored',
      'noMatchingNodeV084',
    ] as const)
      assert.equal(
        getHandlerSummary(withPolicyConditions(bondVlanPolicy, state)),
        undefined,
        state,
      );
    for (const message of [
      '',
      'nodes successfully configured',
      '4/3 nodes successfully configured',
      '3/3 nodes successfully configured yesterday',
      '99999999999999999999/99999999999999999999 nodes successfully configured',
    ])
      assert.equal(getHandlerSummary(withAvailableMessage(message)), undefined, message);
    assert.equal(getHandlerSummary({ ...bondVlanPolicy, status: undefined }), undefined);
  });
});

void describe('parseHandlerMessage: every form setPolicyStatus writes (v0.85.0 policyconditions)', () => {
  const at = '2026-01-01T00:00:00Z';
  const c = (type: string, reason: string, message: string) => ({
    type,
    status: 'True' as const,
    reason,
    message,
    lastHeartbeatTime: at,
    lastTransitionTime: at,
  });
  const cases: { message: ReturnType<typeof c>; expected: unknown }[] = [
    {
      message: c('Available', 'SuccessfullyConfigured', '3/3 nodes successfully configured'),
      expected: { form: 'success', available: 3, matching: 3, notReady: 0 },
    },
    {
      message: c('Degraded', 'FailedToConfigure', '1/3 nodes failed to configure'),
      expected: { form: 'failure', failed: 1, matching: 3, aborted: 0 },
    },
    {
      message: c(
        'Degraded',
        'FailedToConfigure',
        '1/3 nodes failed to configure, 2 nodes aborted configuration',
      ),
      expected: { form: 'failure', failed: 1, matching: 3, aborted: 2 },
    },
    {
      message: c(
        'Progressing',
        'ConfigurationProgressing',
        'Policy is progressing 1/2 nodes finished',
      ),
      expected: { form: 'progress', finished: 1, ready: 2, notReady: 0 },
    },
    {
      message: c(
        'Progressing',
        'ConfigurationProgressing',
        'Policy is progressing 0/2 nodes finished, 1 nodes ignored due to NotReady state',
      ),
      expected: { form: 'progress', finished: 0, ready: 2, notReady: 1 },
    },
    {
      message: c('Ignored', 'NoMatchingNode', 'Policy does not match any node'),
      expected: { form: 'noMatch' },
    },
  ];
  for (const { message, expected } of cases) {
    void it(message.message, () => assert.deepEqual(parseHandlerMessage(message), expected));
  }
});

const first = <T>(list: T[]): T => {
  const [item] = list;
  assert.ok(item);
  return item;
};

void describe('buildPolicyRows with the handler summary', () => {
  const policy = {
    ...withPolicyConditions(bondVlanPolicy, 'available'),
    spec: { ...bondVlanPolicy.spec, nodeSelector: {} },
  };

  void it('shows the handler count while fewer enactments than it counted have arrived', () => {
    const row = first(
      buildPolicyRows(
        [policy],
        [makeEnactment(WORKER_1, policy.metadata.name, 'available')],
        clusterNodes,
      ),
    );
    assert.equal(row.countsFrom, 'handler');
    assert.equal(row.summary.counts.Available, 3);
    assert.equal(row.summary.headline, 'Available');
  });

  void it('counts the enactments once all of them are there, whatever the message says', () => {
    const row = first(
      buildPolicyRows(
        [policy],
        [
          makeEnactment(WORKER_1, policy.metadata.name, 'available'),
          makeEnactment(WORKER_2, policy.metadata.name, 'failing'),
          makeEnactment(WORKER_3, policy.metadata.name, 'available'),
        ],
        clusterNodes,
      ),
    );
    assert.equal(row.countsFrom, 'enactments');
    assert.equal(row.summary.counts.Available, 2);
    assert.equal(row.summary.counts.Failing, 1);
  });

  void it('never uses a message that leaves phases unknown', () => {
    const degraded = { ...withPolicyConditions(bondVlanPolicy, 'degraded') };
    const row = first(buildPolicyRows([degraded], [], clusterNodes));
    assert.equal(row.countsFrom, 'enactments');
    assert.equal(row.summary.counts.Failing, 0);
  });
});
