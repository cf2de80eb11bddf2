import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding, NadSummary } from '../model/types';
import { nadHasType, problemSortKey } from './nadList';

const summary = (cniTypes: string[], problem?: NadSummary['problem']): NadSummary => ({
  cniTypes,
  primaryType: cniTypes[0],
  subnetsV4: [],
  subnetsV6: [],
  problem,
});

test('the type filter matches the first plugin of the chain', () => {
  assert.equal(nadHasType(summary(['bridge', 'tuning']), 'bridge'), true);
  assert.equal(nadHasType(summary(['tuning', 'bridge']), 'bridge'), false);
  assert.equal(nadHasType(summary(['macvlan']), 'other'), false);
});

test('unknown plugins and unreadable configs are "other"', () => {
  assert.equal(nadHasType(summary(['whereabouts-custom']), 'other'), true);
  assert.equal(nadHasType(summary([], 'configUnparsable'), 'other'), true);
  assert.equal(nadHasType(summary(['bridge'], 'configNotObject'), 'bridge'), false);
});

test('problems sort by errors, then warnings', () => {
  const f = (severity: Finding['severity']) => ({ severity }) as Finding;
  assert.deepEqual(problemSortKey([f('warning'), f('error'), f('warning')]), [1, 2]);
  assert.deepEqual(problemSortKey([]), [0, 0]);
});
