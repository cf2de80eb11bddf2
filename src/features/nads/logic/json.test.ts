import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { detectIndent, formatJsonPath, parseJson, parseJsonPath, stringifyLike } from './json';
import { parseCniConfig } from './parseCniConfig';
import { validateNad } from './validateNad';
import { makeNad } from '../__fixtures__/nads';

describe('parseJson', () => {
  it('parses what JSON.parse parses, with positions for every path', () => {
    const text = '{\n  "a": [1, {"b": "x"}],\n  "c d": null\n}';
    const r = parseJson(text);
    assert.ok(r.ok);
    assert.deepEqual(r.value, JSON.parse(text));
    assert.deepEqual(r.positions.get('$.a[1].b')?.value, { line: 2, column: 18, offset: 19 });
    assert.deepEqual(r.positions.get('$.a[1].b')?.key, { line: 2, column: 13, offset: 14 });
    assert.equal(r.positions.get('$["c d"]')?.key?.line, 3);
  });
  it('keeps __proto__ as a plain key', () => {
    const r = parseJson('{"__proto__": {"polluted": true}}');
    assert.ok(r.ok);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.deepEqual(Object.keys(r.value as object), ['__proto__']);
  });
  it('reports duplicates, last one wins', () => {
    const r = parseJson('{"a": 1, "a": 2}');
    assert.ok(r.ok);
    assert.deepEqual(r.value, { a: 2 });
    assert.deepEqual(
      r.duplicates.map((d) => d.path),
      ['$.a'],
    );
  });
  it('rejects a non-object config', () => {
    const r = parseCniConfig('"x"');
    assert.equal(r.ok ? '' : r.error.code, 'json.notObject');
  });
  it('round-trips paths', () => {
    const segs = ['ipam', 'ranges', 0, 0, 'subnet', 'a.b/c', 'q"uote'];
    const p = formatJsonPath(segs);
    assert.equal(p.startsWith('$.ipam.ranges[0][0].subnet'), true);
    assert.deepEqual(parseJsonPath(p), segs);
  });
  it('keeps the text style when serialising', () => {
    assert.equal(detectIndent('{\n\t"a": 1\n}'), '\t');
    assert.equal(detectIndent('{\n    "a": 1\n}'), '    ');
    assert.equal(stringifyLike({ a: 1 }, '{"b":2}'), '{"a":1}');
    assert.equal(stringifyLike({ a: 1 }, '{\n    "b": 2\n}\n'), '{\n    "a": 1\n}\n');
  });
});

describe('parseJson properties', () => {
  it('agrees with JSON.parse on arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2, '\t'), (v, indent) => {
        const text = JSON.stringify(v, null, indent);
        const r = parseJson(text);
        assert.ok(r.ok, text);
        assert.deepEqual(r.value, JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });
  it('never throws on arbitrary text, and rejects exactly what JSON.parse rejects', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json().map((j) => j.slice(0, Math.max(0, j.length - 1))),
        ),
        (text) => {
          const r = parseJson(text);
          let native = true;
          try {
            JSON.parse(text);
          } catch {
            native = false;
          }
          // The parser is stricter only about nesting depth.
          if (r.ok) assert.equal(native, true);
          if (!r.ok && r.error.code !== 'json.tooDeep') assert.equal(native, false, text);
          validateNad(makeNad('n', text));
        },
      ),
      { numRuns: 1000 },
    );
  });
  // Hangs are caught by the timeout; parse speed is a benchmark figure, not a unit assertion.
  it('handles deep nesting and huge input without throwing', { timeout: 120_000 }, () => {
    const deep = '['.repeat(100_000);
    assert.equal(parseJson(deep).ok, false);
    const closed = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const r = parseJson(closed);
    assert.equal(r.ok ? '' : r.error.code, 'json.tooDeep');
    const big = JSON.stringify({
      type: 'bridge',
      data: Array.from({ length: 60_000 }, (_, i) => ({ i, s: 'abcdefgh' })),
    });
    assert.ok(big.length > 1_000_000);
    assert.equal(parseJson(big).ok, true);
    assert.ok(validateNad(makeNad('n', big)).length > 0);
    const hugeString = `{"a": "${'x'.repeat(1_048_576)}"}`;
    assert.equal(parseJson(hugeString).ok, true);
  });
});
