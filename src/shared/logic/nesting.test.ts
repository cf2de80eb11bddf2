import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isNestedDeeperThan, MAX_NESTING_DEPTH } from './nesting';

/** Nests `{ a: … }` and `[…]` alternately, `levels` containers in all. */
function chain(levels: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < levels; i++) v = i % 2 === 0 ? { a: v } : [v];
  return v;
}

/** Recursive reference, for small values only. */
function depthOf(v: unknown): number {
  if (typeof v !== 'object' || v === null) return 0;
  const children: unknown[] = Array.isArray(v) ? v : Object.values(v);
  return 1 + Math.max(0, ...children.map(depthOf));
}

void describe('isNestedDeeperThan', () => {
  void it('counts the object itself as level 1 and scalars as 0', () => {
    assert.equal(isNestedDeeperThan('x', 0), false);
    assert.equal(isNestedDeeperThan({}, 0), true);
    assert.equal(isNestedDeeperThan({}, 1), false);
    assert.equal(isNestedDeeperThan(chain(MAX_NESTING_DEPTH)), false);
    assert.equal(isNestedDeeperThan(chain(MAX_NESTING_DEPTH + 1)), true);
    // Depth is per path, not a count of containers.
    const wide = { a: chain(3), b: [chain(5)], c: { d: chain(2) } };
    // wide (1) > b's array (2) > five more.
    assert.equal(isNestedDeeperThan(wide, 7), false);
    assert.equal(isNestedDeeperThan(wide, 6), true);
  });

  void it('agrees with a recursive reference (property)', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constant(null),
        fc.integer(),
        fc.string(),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 3 }), tie('value'), { maxKeys: 3 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 8 }), (v, max) => {
        assert.equal(isNestedDeeperThan(v, max), depthOf(v) > max);
      }),
    );
  });

  void it('@reliability measures objects nested far beyond the stack without recursing', () => {
    // Recursive code overflows at a few thousand levels; this must not.
    assert.equal(isNestedDeeperThan(chain(200_000)), true);
    assert.equal(isNestedDeeperThan(chain(200_000), 200_000), false);
    // A cycle (never from JSON, but possible in memory) ends as "too deep".
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assert.equal(isNestedDeeperThan(cyclic), true);
  });
});
