import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import type { PhaseCounts } from '../../policies/logic/enactmentCounter';
import { emptyPhaseCounts } from '../../policies/logic/enactments';
import { withPolicyConditions } from '../../policies/__fixtures__/enactmentFixtures';
import { bondPolicy } from '../../policies/__fixtures__/policyFixtures';
import {
  countCurrent,
  failedNodesSortKey,
  failedOutcomeSortKey,
  listFailedCandidates,
} from './failedList';

const policy = (name: string): NodeNetworkConfigurationPolicy => {
  const p = withPolicyConditions(bondPolicy, 'available');
  return { ...p, metadata: { ...p.metadata, name } };
};
const counts = (c: Partial<PhaseCounts>): PhaseCounts => ({ ...emptyPhaseCounts(), ...c });

test('lists failing and aborted policies, most failing nodes first, then by name', () => {
  const map = new Map<string, PhaseCounts>([
    ['ok', counts({ Available: 3 })],
    ['one-failing', counts({ Available: 2, Failing: 1 })],
    ['two-failing', counts({ Failing: 2, Aborted: 1 })],
    ['aborted', counts({ Available: 2, Aborted: 1 })],
    ['rolling', counts({ Failing: 1, Progressing: 1 })],
  ]);
  const list = listFailedCandidates(
    ['ok', 'one-failing', 'aborted', 'two-failing', 'rolling', 'no-counts'].map(policy),
    map,
  );
  assert.deepEqual(
    list.map((c) => [c.policy.metadata.name, c.outcome]),
    [
      ['two-failing', 'Failing'],
      ['one-failing', 'Failing'],
      ['aborted', 'Aborted'],
    ],
  );
});

test('sort keys: failing before aborted, nodes by failing then aborted', () => {
  assert.ok(failedOutcomeSortKey('Failing') < failedOutcomeSortKey('Aborted'));
  assert.deepEqual(failedNodesSortKey(counts({ Failing: 2, Aborted: 1, Available: 4 })), [2, 1]);
});

test('the current generation counts every phase but stale enactments', () => {
  assert.equal(countCurrent(counts({ Available: 2, Failing: 1, Stale: 3, Unknown: 1 })), 4);
});
