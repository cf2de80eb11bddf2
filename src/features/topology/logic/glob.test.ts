import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { compileTopologyFilter, MAX_FILTER_VALUES, parseTopologyFilter } from './filter';
import { matchGlob, matchGlobCounted, MAX_NODE_PATTERN_LENGTH } from './glob';

/**
 * Reference semantics, written independently: dynamic programming over (pattern prefix, name
 * prefix). Quadratic, never exponential, and obviously right, so it judges the fast matcher.
 */
function referenceMatch(pattern: string, name: string): boolean {
  const p = pattern.toLowerCase();
  const s = name.toLowerCase();
  // row[j]: does p[0..i) match s[0..j)?
  let row = new Array<boolean>(s.length + 1).fill(false);
  row[0] = true;
  for (let i = 1; i <= p.length; i++) {
    const c = p[i - 1];
    const next = new Array<boolean>(s.length + 1).fill(false);
    next[0] = c === '*' && row[0] === true;
    for (let j = 1; j <= s.length; j++) {
      if (c === '*') next[j] = row[j] === true || next[j - 1] === true;
      else next[j] = row[j - 1] === true && (c === '?' || c === s[j - 1]);
    }
    row = next;
  }
  return row[s.length] === true;
}

/** The RegExp the filter used to build; kept here only to show the semantics did not change. */
function previousRegExpMatch(pattern: string, name: string): boolean {
  const escaped = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 'i').test(name);
}

/** Generous linear-in-the-product bound the two-pointer algorithm must stay under. */
const bound = (pattern: string, name: string) => (name.length + 1) * (pattern.length + 2);

void describe('node name globs', () => {
  void it('matches `*`, `?` and literals case-insensitively over the whole name', () => {
    assert.equal(matchGlob('w*-0', 'worker-0'), true);
    assert.equal(matchGlob('W*-0', 'worker-0'), true);
    assert.equal(matchGlob('w*-0', 'worker-01'), false);
    assert.equal(matchGlob('worker-?', 'worker-7'), true);
    assert.equal(matchGlob('worker-?', 'worker-17'), false);
    assert.equal(matchGlob('*', ''), true);
    assert.equal(matchGlob('?', ''), false);
    assert.equal(matchGlob('a.b*', 'aXb'), false, 'a dot is literal');
    assert.equal(matchGlob('**a**', 'bab'), true);
    assert.equal(matchGlob('*.example.com', 'node1.example.com'), true);
  });

  void it('agrees with a reference matcher and with the former RegExp on random inputs (property)', () => {
    const alphabet = fc.constantFrom('a', 'b', 'A', '.', '-', '*', '?');
    const patterns = fc.string({ unit: alphabet, maxLength: 12 });
    const names = fc.string({
      unit: fc.constantFrom('a', 'b', 'B', '.', '-', '*', '?'),
      maxLength: 16,
    });
    fc.assert(
      fc.property(patterns, names, (pattern, name) => {
        const { matched, steps } = matchGlobCounted(pattern, name);
        assert.equal(matched, referenceMatch(pattern, name));
        assert.equal(matched, previousRegExpMatch(pattern, name));
        assert.ok(steps <= bound(pattern, name), `${steps} steps for ${pattern} / ${name}`);
      }),
      { numRuns: 3000 },
    );
  });

  void it('@reliability adversarial node globs from a shared link take linear steps, not backtracking', () => {
    // The link that froze the tab: many stars, a literal that never appears at the end.
    const stars = `*${'a*'.repeat(11)}b`;
    const counted = (n: number) => matchGlobCounted(stars, 'a'.repeat(n)).steps;
    for (const n of [253, 1_000, 10_000, 100_000]) {
      const steps = counted(n);
      assert.equal(matchGlob(stars, 'a'.repeat(n)), false);
      assert.ok(steps <= 2 * (n + stars.length), `${steps} steps for a name of ${n}`);
    }
    // At the pattern cap, the work per character of the name does not grow with the name.
    const half = Math.floor((MAX_NODE_PATTERN_LENGTH - 2) / 2);
    const shapes = [
      `*${'a*'.repeat(half)}b`,
      `*${'a'.repeat(MAX_NODE_PATTERN_LENGTH - 2)}b`,
      `*${'a?'.repeat(half)}b`,
      `${'?*'.repeat(half)}b`,
    ];
    for (const pattern of shapes) {
      assert.ok(pattern.length <= MAX_NODE_PATTERN_LENGTH, `${pattern.length}`);
      const perChar = (n: number) => matchGlobCounted(pattern, 'a'.repeat(n)).steps / n;
      const small = perChar(20_000);
      const large = perChar(40_000);
      assert.ok(large <= 1.05 * small, `${pattern.slice(0, 12)}…: ${small} → ${large} per char`);
      assert.ok(large <= MAX_NODE_PATTERN_LENGTH + 2, `${large} steps per character`);
    }
  });

  void it('@reliability a node pattern past the length cap and values past the count cap are dropped and reported', () => {
    const long = `${'*a'.repeat(200)}b`;
    const parsed = parseTopologyFilter(new URLSearchParams({ node: `${long},w*-0` }).toString());
    assert.deepEqual(parsed.filter.node, ['w*-0']);
    assert.deepEqual(
      parsed.errors.map((e) => [e.code, e.params.max]),
      [['filter.patternTooLong', MAX_NODE_PATTERN_LENGTH]],
    );
    // The longest pattern that is still accepted.
    const atCap = 'n'.repeat(MAX_NODE_PATTERN_LENGTH);
    assert.deepEqual(parseTopologyFilter(`node=${atCap}`).filter.node, [atCap]);

    const many = Array.from({ length: 500 }, (_, i) => `n${String(i).padStart(3, '0')}`);
    const flood = parseTopologyFilter(new URLSearchParams({ node: many.join(',') }).toString());
    assert.equal(flood.filter.node?.length, MAX_FILTER_VALUES);
    assert.deepEqual(flood.filter.node.slice(0, 2), ['n000', 'n001']);
    assert.deepEqual(
      flood.errors.map((e) => `${e.code}:${e.params.value}:${e.params.max}`),
      [`filter.tooManyValues:500:${MAX_FILTER_VALUES}`],
    );

    // A filter built in code gets the same caps.
    const compiled = compileTopologyFilter({ node: [long] });
    assert.equal(compiled.nodeless, true);
  });
});
