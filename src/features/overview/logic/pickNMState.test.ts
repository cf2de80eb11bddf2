import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { NMState } from '../../../shared/model/nmstate';
import { pickNMState } from './pickNMState';

const nmstate = (name: string, creationTimestamp?: string): NMState => ({
  apiVersion: 'nmstate.io/v1',
  kind: 'NMState',
  metadata: { name, ...(creationTimestamp ? { creationTimestamp } : {}) },
});

test('pickNMState: the oldest instance, whatever order the watch hands them out in', () => {
  const old = nmstate('zeta', '2026-01-01T00:00:00Z');
  const young = nmstate('alpha', '2026-02-01T00:00:00Z');
  assert.equal(pickNMState([young, old]), old);
  assert.equal(pickNMState([old, young]), old);
});

test('pickNMState: equal or missing timestamps are decided by name, missing ones last', () => {
  const a = nmstate('a', '2026-01-01T00:00:00Z');
  const b = nmstate('b', '2026-01-01T00:00:00Z');
  assert.equal(pickNMState([b, a]), a);
  const undated = nmstate('0-undated');
  assert.equal(pickNMState([undated, b]), b);
  assert.equal(pickNMState([nmstate('y'), nmstate('x')])?.metadata.name, 'x');
});

test('pickNMState: none', () => {
  assert.equal(pickNMState([]), undefined);
});
