import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { VlanSet } from '../model/types';
import {
  difference,
  format,
  has,
  ids,
  intersect,
  parseVlanList,
  toStrings,
  union,
  vlanSetOf,
} from './vlanSet';

void describe('parseVlanList', () => {
  void it('parses comma lists and arrays into a compact set', () => {
    const r = parseVlanList('10, 20-30,31,5');
    assert.equal(r.ok, true);
    assert.deepEqual(r.set, [
      { min: 5, max: 5 },
      { min: 10, max: 10 },
      { min: 20, max: 31 },
    ]);
    assert.deepEqual(parseVlanList(['200-203', '100']).set, [
      { min: 100, max: 100 },
      { min: 200, max: 203 },
    ]);
    assert.deepEqual(parseVlanList('').set, []);
    assert.deepEqual(parseVlanList([]).errors, []);
  });

  void it('reports precise codes with the term index', () => {
    const r = parseVlanList('10,abc,0,4095,30-20,7-7,1-5000,,12');
    assert.equal(r.ok, false);
    assert.deepEqual(
      r.errors.map((e) => `${e.code}@${e.index}`),
      [
        'vlan.syntax@1',
        'vlan.outOfRange@2',
        'vlan.outOfRange@3',
        'vlan.reversedRange@4',
        'vlan.outOfRange@6',
        'vlan.syntax@7',
      ],
    );
    assert.deepEqual(
      r.warnings.map((e) => `${e.code}@${e.index}`),
      ['vlan.singletonRange@5'],
    );
    assert.deepEqual(ids(r.set), [7, 10, 12]);
  });

  void it('warns about overlapping terms', () => {
    const r = parseVlanList(['100-110', '105', '200', '90-100']);
    assert.equal(r.ok, true);
    assert.deepEqual(
      r.warnings.map((w) => `${w.code}@${w.index}:${String(w.params.with)}`),
      ['vlan.overlap@1:100-110', 'vlan.overlap@3:100-110'],
    );
  });
});

void describe('VlanSet operations', () => {
  const a = vlanSetOf([{ min: 10, max: 20 }, 30]);
  const b = vlanSetOf([{ min: 15, max: 31 }]);

  void it('union, intersect, difference, has', () => {
    assert.deepEqual(union(a, b), [{ min: 10, max: 31 }]);
    assert.deepEqual(intersect(a, b), [
      { min: 15, max: 20 },
      { min: 30, max: 30 },
    ]);
    assert.deepEqual(difference(a, b), [{ min: 10, max: 14 }]);
    assert.deepEqual(difference(b, a), [
      { min: 21, max: 29 },
      { min: 31, max: 31 },
    ]);
    assert.equal(has(a, 30), true);
    assert.equal(has(a, 29), false);
  });

  void it('formats for allowedVLANs and for people', () => {
    const s = vlanSetOf([1, 2, 5, { min: 7, max: 9 }]);
    assert.deepEqual(toStrings(s), ['1', '2', '5', '7-9']);
    assert.equal(format(s), '1-2,5,7-9');
  });

  const setArb = fc
    .array(fc.tuple(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 20 })), {
      maxLength: 8,
    })
    .map((xs) => vlanSetOf(xs.map(([min, len]) => ({ min, max: Math.min(4094, min + len) }))));
  const members = (s: VlanSet) => new Set(ids(s));

  void it('operations agree with plain sets (property)', () => {
    fc.assert(
      fc.property(setArb, setArb, fc.integer({ min: 1, max: 230 }), (x, y, v) => {
        const mx = members(x);
        const my = members(y);
        assert.equal(has(union(x, y), v), mx.has(v) || my.has(v));
        assert.equal(has(intersect(x, y), v), mx.has(v) && my.has(v));
        assert.equal(has(difference(x, y), v), mx.has(v) && !my.has(v));
        assert.equal(has(x, v), mx.has(v));
      }),
    );
  });

  void it('stays sorted, disjoint and non-adjacent, and round-trips (property)', () => {
    fc.assert(
      fc.property(setArb, setArb, (x, y) => {
        for (const s of [union(x, y), intersect(x, y), difference(x, y)])
          for (let i = 1; i < s.length; i++) {
            const prev = s[i - 1];
            const cur = s[i];
            assert.ok(prev && cur && prev.max + 1 < cur.min);
          }
        assert.deepEqual(parseVlanList(format(x)).set, x);
        assert.deepEqual(parseVlanList(toStrings(x)).set, x);
        assert.equal(parseVlanList(toStrings(x)).warnings.length, 0);
      }),
    );
  });
});
