import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getHandlerSummary } from './handlerSummary';
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
    });
    assert.deepEqual(
      getHandlerSummary(
        withAvailableMessage(
          '498/500 nodes successfully configured, 2 nodes ignored due to NotReady state',
        ),
      ),
      { matching: 500, available: 498 },
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
