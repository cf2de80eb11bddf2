import { test } from 'node:test';
import assert from 'node:assert/strict';
import { minimalReplacement, tokenEndColumn } from './textEdit';

function apply(before: string, after: string): string {
  const r = minimalReplacement(before, after);
  return r ? before.slice(0, r.start) + r.text + before.slice(r.end) : before;
}

test('minimalReplacement: nothing for equal texts', () => {
  assert.equal(minimalReplacement('abc', 'abc'), undefined);
});

test('minimalReplacement: replaces only the changed middle', () => {
  const before = '{\n  "gateway": "10.0.0.1"\n}';
  const after = '{\n  "gateway": "10.0.0.254"\n}';
  assert.deepEqual(minimalReplacement(before, after), { start: 23, end: 24, text: '254' });
  assert.equal(apply(before, after), after);
});

test('minimalReplacement: insertions, deletions and repeated characters round-trip', () => {
  for (const [a, b] of [
    ['aaa', 'aaaa'],
    ['aaaa', 'aa'],
    ['', 'x'],
    ['x', ''],
    ['{"a":1}', '{"a":1,"b":2}'],
    ['line\nline\n', 'line\n'],
  ] as const) {
    assert.equal(apply(a, b), b, `${JSON.stringify(a)} -> ${JSON.stringify(b)}`);
  }
});

test('tokenEndColumn: covers a quoted key or value, a bare word, or one character', () => {
  const line = '  "mtu": "1400",';
  assert.equal(tokenEndColumn(line, 3), 8); // "mtu"
  assert.equal(tokenEndColumn(line, 10), 16); // "1400"
  assert.equal(tokenEndColumn('  mtu: 1400 # x', 8), 12); // 1400
  assert.equal(tokenEndColumn('  - eth0', 3), 4); // '-'
  assert.equal(tokenEndColumn('a: {', 4), 5); // '{' alone
  assert.equal(tokenEndColumn('abc', 4), 4); // past the end: nothing to cover
});
