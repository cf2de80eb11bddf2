import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareSortValues, labelStrings, matchesAnySelected, sortRows, timeKey } from './listSort';

interface R {
  name: string;
  n: number;
}
const byN = sortRows<R>(
  (r) => r.n,
  (r) => r.name,
);

test('numbers sort numerically, ties by name, both directions', () => {
  const rows: R[] = [
    { name: 'b', n: 10 },
    { name: 'a', n: 9 },
    { name: 'c', n: 10 },
  ];
  assert.deepEqual(
    byN(rows, 'asc').map((r) => r.name),
    ['a', 'b', 'c'],
  );
  assert.deepEqual(
    byN(rows, 'desc').map((r) => r.name),
    ['b', 'c', 'a'],
  );
  // The input is not reordered.
  assert.deepEqual(
    rows.map((r) => r.name),
    ['b', 'a', 'c'],
  );
});

test('text sorts in natural order like the console (worker-2 before worker-10)', () => {
  const names = ['worker-10', 'worker-2', 'Worker-1'];
  const sorted = [...names].sort((a, b) => compareSortValues(a, b));
  assert.deepEqual(sorted, ['Worker-1', 'worker-2', 'worker-10']);
});

test('tuples compare element by element', () => {
  assert.ok(compareSortValues([1, 0], [0, 5]) > 0);
  assert.ok(compareSortValues([1, 2], [1, 3]) < 0);
  assert.equal(compareSortValues([1, 'a'], [1, 'a']), 0);
});

test('labels become key=value strings', () => {
  assert.deepEqual(labelStrings({ a: '1', 'x/y': '' }), ['a=1', 'x/y=']);
  assert.deepEqual(labelStrings(undefined), []);
});

test('an empty selection keeps every row; otherwise one selected id must match', () => {
  const isMatch = (r: R, id: string) => r.name === id;
  assert.equal(matchesAnySelected([], { name: 'a', n: 1 }, isMatch), true);
  assert.equal(matchesAnySelected(undefined, { name: 'a', n: 1 }, isMatch), true);
  assert.equal(matchesAnySelected(['b', 'a'], { name: 'a', n: 1 }, isMatch), true);
  assert.equal(matchesAnySelected(['b'], { name: 'a', n: 1 }, isMatch), false);
});

test('times sort as epoch milliseconds, missing ones first', () => {
  assert.equal(timeKey(undefined), 0);
  assert.equal(timeKey('not a date'), 0);
  assert.equal(timeKey('1970-01-01T00:00:01Z'), 1000);
});
