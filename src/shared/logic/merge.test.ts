import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { threeWayMerge } from './merge';
import { nmstateListIdentity } from './nmstateMergeIdentity';

const opts = { identity: nmstateListIdentity };

test('threeWayMerge replays my changes onto theirs; a value both changed is a conflict', () => {
  const base = { spec: { a: 1, b: 1, c: 1 }, metadata: { resourceVersion: '1' } };
  const mine = { spec: { a: 2, b: 1, c: 5 }, metadata: { resourceVersion: '1' } };
  const theirs = { spec: { a: 1, b: 3, c: 9 }, metadata: { resourceVersion: '7' } };
  const r = threeWayMerge(base, mine, theirs);
  // Unresolved, the server's value stands: nothing of theirs is dropped before the user chose.
  assert.deepEqual(r.merged, { spec: { a: 2, b: 3, c: 9 }, metadata: { resourceVersion: '7' } });
  assert.equal(r.unresolved, 1);
  assert.deepEqual(
    r.conflicts.map((c) => [c.id, c.base, c.mine, c.theirs]),
    [['spec.c', 1, 5, 9]],
  );
  const chosen = threeWayMerge(base, mine, theirs, { choices: { 'spec.c': 'mine' } });
  assert.equal(chosen.merged.spec.c, 5);
  assert.equal(chosen.unresolved, 0);
});

interface Iface {
  name: string;
  type?: string;
  mtu?: number;
  state?: string;
}
const policy = (interfaces: Iface[], dns?: { server?: string[]; search?: string[] }) => ({
  spec: {
    desiredState: { interfaces, ...(dns ? { 'dns-resolver': { config: dns } } : {}) },
  },
});

test('interfaces merge by name and type: a colleague adds C and edits B while I edit A', () => {
  const base = policy([
    { name: 'a', type: 'vlan', mtu: 1500 },
    { name: 'b', type: 'vlan', mtu: 1500 },
  ]);
  const mine = policy([
    { name: 'a', type: 'vlan', mtu: 9000 },
    { name: 'b', type: 'vlan', mtu: 1500 },
  ]);
  const theirs = policy([
    { name: 'a', type: 'vlan', mtu: 1500 },
    { name: 'b', type: 'vlan', mtu: 1400 },
    { name: 'c', type: 'bond', mtu: 1500 },
  ]);
  const r = threeWayMerge(base, mine, theirs, opts);
  assert.equal(r.conflicts.length, 0);
  assert.deepEqual(r.merged.spec.desiredState.interfaces, [
    { name: 'a', type: 'vlan', mtu: 9000 },
    { name: 'b', type: 'vlan', mtu: 1400 },
    { name: 'c', type: 'bond', mtu: 1500 },
  ]);
});

test('the same interface field changed on both sides is one conflict with all three values', () => {
  const base = policy([{ name: 'a', type: 'vlan', mtu: 1500, state: 'up' }]);
  const mine = policy([{ name: 'a', type: 'vlan', mtu: 9000, state: 'up' }]);
  const theirs = policy([{ name: 'a', type: 'vlan', mtu: 1400, state: 'down' }]);
  const r = threeWayMerge(base, mine, theirs, opts);
  assert.deepEqual(
    r.conflicts.map((c) => [c.id, c.mine, c.theirs]),
    [['spec.desiredState.interfaces[a/vlan].mtu', 9000, 1400]],
  );
  // Their other change (state) is kept regardless.
  assert.equal(r.merged.spec.desiredState.interfaces[0]?.state, 'down');
});

test('removing an element the other side edited is a conflict, not a silent loss', () => {
  const base = policy([{ name: 'a', type: 'vlan', mtu: 1500 }]);
  const mine = policy([]);
  const theirs = policy([{ name: 'a', type: 'vlan', mtu: 1400 }]);
  const r = threeWayMerge(base, mine, theirs, opts);
  assert.equal(r.conflicts.length, 1);
  assert.equal(r.conflicts[0]?.mine, undefined);
  assert.equal(r.merged.spec.desiredState.interfaces.length, 1);
  const gone = threeWayMerge(base, mine, theirs, {
    ...opts,
    choices: { 'spec.desiredState.interfaces[a/vlan]': 'mine' },
  });
  assert.deepEqual(gone.merged.spec.desiredState.interfaces, []);
});

test('routes merge by destination, next hop and table (table 0 is the main table)', () => {
  const r1 = { destination: '10.0.0.0/8', 'next-hop-address': '192.0.2.1', 'table-id': 254 };
  const r2 = { destination: '10.1.0.0/16', 'next-hop-address': '192.0.2.1' };
  const base = { routes: { config: [r1] } };
  const mine = { routes: { config: [{ ...r1, 'table-id': 0, metric: 5 }] } };
  const theirs = { routes: { config: [r1, r2] } };
  const r = threeWayMerge(base, mine, theirs, opts);
  assert.equal(r.conflicts.length, 0);
  assert.deepEqual(r.merged.routes.config, [{ ...r1, 'table-id': 0, metric: 5 }, r2]);
});

test('DNS server lists merge as ordered lists; different reorders are an order conflict', () => {
  const base = policy([], { server: ['1.1.1.1', '8.8.8.8'], search: ['a.example'] });
  const mine = policy([], { server: ['1.1.1.1', '8.8.8.8', '9.9.9.9'], search: ['a.example'] });
  const theirs = policy([], { server: ['1.1.1.1', '8.8.8.8'], search: ['a.example', 'b.example'] });
  const r = threeWayMerge(base, mine, theirs, opts);
  assert.equal(r.conflicts.length, 0);
  assert.deepEqual(r.merged.spec.desiredState['dns-resolver']?.config, {
    server: ['1.1.1.1', '8.8.8.8', '9.9.9.9'],
    search: ['a.example', 'b.example'],
  });
  const swapMine = policy([], { server: ['8.8.8.8', '1.1.1.1'] });
  const swapTheirs = policy([], { server: ['1.1.1.1', '8.8.8.8', '4.4.4.4'] });
  const both = threeWayMerge(
    policy([], { server: ['1.1.1.1', '8.8.8.8'] }),
    swapMine,
    swapTheirs,
    opts,
  );
  // Only I reordered; they only appended: my order, their addition.
  assert.deepEqual(both.merged.spec.desiredState['dns-resolver']?.config.server, [
    '8.8.8.8',
    '4.4.4.4',
    '1.1.1.1',
  ]);
  const three = ['a', 'b', 'c'];
  const order = threeWayMerge(three, ['b', 'a', 'c'], ['a', 'c', 'b']);
  assert.equal(order.conflicts.length, 1);
  assert.equal(order.conflicts[0]?.order, true);
});

// Property: an element only one side changed (edited, added or removed) always ends up as that
// side left it, and never causes a conflict.
const names = ['eth0', 'eth1', 'bond0', 'bond0.100', 'br0', 'vlan7', 'x', 'y'];
type Op = 'keep' | 'mineEdit' | 'theirsEdit' | 'mineDrop' | 'theirsDrop';
test('property: no element changed by only one side is ever lost', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.constantFrom(...names), { minLength: 0, maxLength: 6 }),
      fc.array(fc.constantFrom<Op>('keep', 'mineEdit', 'theirsEdit', 'mineDrop', 'theirsDrop'), {
        minLength: 6,
        maxLength: 6,
      }),
      fc.integer({ min: 1, max: 9000 }),
      fc.boolean(),
      fc.boolean(),
      (present, ops, mtu, mineAdds, theirsAdds) => {
        const base = present.map((name) => ({ name, type: 'vlan', mtu: 1500 }));
        const mine: typeof base = [];
        const theirs: typeof base = [];
        present.forEach((name, i) => {
          const op = ops[i] ?? 'keep';
          const el = { name, type: 'vlan', mtu: 1500 };
          if (op !== 'mineDrop') mine.push(op === 'mineEdit' ? { ...el, mtu } : el);
          if (op !== 'theirsDrop') theirs.push(op === 'theirsEdit' ? { ...el, mtu: mtu + 1 } : el);
        });
        if (mineAdds) mine.push({ name: 'mine-new', type: 'bond', mtu });
        if (theirsAdds) theirs.push({ name: 'theirs-new', type: 'bond', mtu });
        const r = threeWayMerge(policy(base), policy(mine), policy(theirs), opts);
        assert.equal(r.conflicts.length, 0);
        const out = r.merged.spec.desiredState.interfaces;
        const get = (n: string) => out.find((i) => i.name === n);
        present.forEach((name, i) => {
          const op = ops[i] ?? 'keep';
          if (op === 'mineDrop' || op === 'theirsDrop') assert.equal(get(name), undefined);
          else if (op === 'mineEdit') assert.equal(get(name)?.mtu, mtu);
          else if (op === 'theirsEdit') assert.equal(get(name)?.mtu, mtu + 1);
          else assert.equal(get(name)?.mtu, 1500);
        });
        assert.equal(Boolean(get('mine-new')), mineAdds);
        assert.equal(Boolean(get('theirs-new')), theirsAdds);
      },
    ),
  );
});

test('property: an element both sides changed differently is always reported', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 101, max: 200 }), (m, t) => {
      const base = policy([{ name: 'a', type: 'vlan', mtu: 1500 }]);
      const r = threeWayMerge(
        base,
        policy([{ name: 'a', type: 'vlan', mtu: m }]),
        policy([{ name: 'a', type: 'vlan', mtu: t }]),
        opts,
      );
      assert.equal(r.unresolved, 1);
    }),
  );
});
