import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { diffLines, hasChanges, toHunks } from './lineDiff';

test('diffLines finds a minimal edit script', () => {
  const d = diffLines('a\nb\nc', 'a\nx\nc\nd');
  assert.deepEqual(
    d.map((l) => `${l.kind[0] ?? ''}${l.text}`),
    ['sa', 'rb', 'ax', 'sc', 'ad'],
  );
  assert.ok(hasChanges(d));
  assert.ok(!hasChanges(diffLines('same\ntext', 'same\ntext')));
});

test('diffLines handles empty sides', () => {
  assert.deepEqual(
    diffLines('', 'a').map((l) => l.kind),
    ['added'],
  );
  assert.deepEqual(
    diffLines('a', '').map((l) => l.kind),
    ['removed'],
  );
  assert.deepEqual(diffLines('', ''), []);
});

test('diff reconstructs both texts (property)', () => {
  const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', ''), { maxLength: 30 });
  fc.assert(
    fc.property(lines, lines, (x, y) => {
      const d = diffLines(x.join('\n'), y.join('\n'));
      const oldText = d.filter((l) => l.kind !== 'added').map((l) => l.text);
      const newText = d.filter((l) => l.kind !== 'removed').map((l) => l.text);
      const ox = x.join('\n') === '' ? [] : x;
      const oy = y.join('\n') === '' ? [] : y;
      assert.deepEqual(oldText, ox);
      assert.deepEqual(newText, oy);
    }),
  );
});

test('toHunks keeps context and splits distant changes', () => {
  const before = Array.from({ length: 20 }, (_, i) => `l${i}`).join('\n');
  const after = before.replace('l2', 'L2').replace('l17', 'L17');
  const hunks = toHunks(diffLines(before, after), 2);
  assert.equal(hunks.length, 2);
  assert.deepEqual(
    hunks[0]?.lines.map((l) => l.text),
    ['l0', 'l1', 'l2', 'L2', 'l3', 'l4'],
  );
});
