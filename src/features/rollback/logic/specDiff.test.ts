import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { diffLines, diffPolicySpecs, toHunks, changedPaths } from './specDiff';
import { bondVlanPolicy } from '../../policies/__fixtures__/policyFixtures';

const sides = (ops: ReturnType<typeof diffLines>): { old: string[]; next: string[] } => ({
  old: ops.filter((o) => o.op !== 'add').map((o) => o.text),
  next: ops.filter((o) => o.op !== 'remove').map((o) => o.text),
});

void describe('diffLines (Myers)', () => {
  void it('finds a minimal script', () => {
    const ops = diffLines(['a', 'b', 'c', 'a', 'b', 'b', 'a'], ['c', 'b', 'a', 'b', 'a', 'c']);
    assert.equal(ops.filter((o) => o.op !== 'equal').length, 5);
  });
  void it('handles empty sides', () => {
    assert.deepEqual(diffLines([], []), []);
    assert.deepEqual(
      diffLines(['x'], []).map((o) => o.op),
      ['remove'],
    );
    assert.deepEqual(
      diffLines([], ['x']).map((o) => o.op),
      ['add'],
    );
  });
  void it('reconstructs both sides and numbers lines', () => {
    const line = fc.constantFrom('a', 'b', 'c', 'd');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(line, { maxLength: 30 }), (a, b) => {
        const ops = diffLines(a, b);
        const r = sides(ops);
        assert.deepEqual(r.old, a);
        assert.deepEqual(r.next, b);
        const olds = ops.map((o) => o.oldLine).filter((x) => x !== null);
        assert.deepEqual(
          olds,
          a.map((_, i) => i + 1),
        );
      }),
    );
  });
});

void describe('hunks', () => {
  void it('groups changes with context and unified-diff numbers', () => {
    const a = Array.from({ length: 20 }, (_, i) => `l${i + 1}`);
    const b = [...a];
    b[4] = 'X';
    b[16] = 'Y';
    const hunks = toHunks(diffLines(a, b), 2);
    assert.equal(hunks.length, 2);
    assert.deepEqual(
      [hunks[0]?.oldStart, hunks[0]?.oldLines, hunks[0]?.newStart, hunks[0]?.newLines],
      [3, 5, 3, 5],
    );
    assert.equal(toHunks(diffLines(a, b), 10).length, 1);
    assert.deepEqual(toHunks(diffLines(a, a)), []);
  });
});

void describe('diffPolicySpecs', () => {
  void it('summarises per interface with field paths', () => {
    const before = bondVlanPolicy.spec;
    const after = structuredClone(before);
    const ifaces = after.desiredState?.interfaces;
    assert.ok(ifaces?.[0]?.['link-aggregation'] && ifaces[1]);
    ifaces[0]['link-aggregation'].mode = 'active-backup';
    ifaces[0].mtu = 1500;
    ifaces.splice(1, 1);
    ifaces.push({ name: 'br0', type: 'linux-bridge', state: 'up' });
    after.maxUnavailable = 1;
    const d = diffPolicySpecs(before, after);
    assert.equal(d.identical, false);
    assert.deepEqual(d.interfaces.added, [{ name: 'br0', type: 'linux-bridge' }]);
    assert.deepEqual(d.interfaces.removed, [{ name: 'bond1.210', type: 'vlan' }]);
    assert.deepEqual(d.interfaces.changed, [
      { name: 'bond1', type: 'bond', fields: ['link-aggregation.mode', 'mtu'] },
    ]);
    assert.deepEqual(d.otherFields, ['maxUnavailable']);
    assert.ok(d.added > 0 && d.removed > 0);
    assert.ok(
      d.hunks.some((h) => h.lines.some((l) => l.op === 'add' && l.text.includes('active-backup'))),
    );
  });
  void it('identical specs, regardless of key order', () => {
    const spec = bondVlanPolicy.spec;
    const reordered = {
      desiredState: {
        interfaces: (spec.desiredState?.interfaces ?? []).map(
          (i) => Object.fromEntries(Object.entries(i).reverse()) as typeof i,
        ),
      },
    };
    assert.notEqual(JSON.stringify(reordered), JSON.stringify(spec));
    assert.equal(diffPolicySpecs(spec, reordered).identical, true);
  });
  void it('changedPaths descends into object arrays', () => {
    assert.deepEqual(changedPaths({ a: [{ x: 1 }, { x: 2 }] }, { a: [{ x: 1 }, { x: 3 }] }), [
      'a[1].x',
    ]);
    assert.deepEqual(changedPaths({ a: ['x'] }, { a: ['y', 'z'] }), ['a']);
  });
});
