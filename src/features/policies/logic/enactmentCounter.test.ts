import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
} from '../../../shared/model/nmstate';
import { makeEnactment } from '../__fixtures__/enactmentFixtures';
import type { EnactmentFixtureState } from '../__fixtures__/enactmentFixtures';
import type { EnactmentPhase } from '../model/enactmentStatus';
import { emptyPhaseCounts, getEnactmentKey, getEnactmentPhase } from './enactments';
import { createEnactmentCounter, digestEnactment } from './enactmentCounter';
import type { EnactmentBatch, EnactmentCounter, PhaseCounts } from './enactmentCounter';

const STATES: EnactmentFixtureState[] = [
  'initial',
  'progressing',
  'available',
  'failing',
  'retrying',
  'pending',
  'aborted',
];
const NODE_NAMES = ['worker-0.lab.example', 'worker-1.lab.example', 'worker-2.lab.example'];
const POLICY_NAMES = ['bond0', 'vlan.100', 'br-ex'];

const policy = (name: string, generation = 1): NodeNetworkConfigurationPolicy => ({
  apiVersion: 'nmstate.io/v1',
  kind: 'NodeNetworkConfigurationPolicy',
  metadata: { name, generation },
  spec: { desiredState: {} },
});

const node = (name: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name } });

/**
 * An independent count: key every enactment object, keep the greatest name per pair, then count
 * phases.
 */
function reference(
  policies: readonly NodeNetworkConfigurationPolicy[],
  enactments: readonly NodeNetworkConfigurationEnactment[],
  nodes: readonly Node[],
): Map<string, PhaseCounts> {
  const known = {
    policies: policies.map((p) => p.metadata.name),
    nodes: nodes.map((n) => n.metadata.name),
  };
  const byPair = new Map<string, { policy: string; nnce: NodeNetworkConfigurationEnactment }>();
  for (const nnce of enactments) {
    const key = getEnactmentKey(nnce, known);
    if (!key) continue;
    const pair = JSON.stringify([key.policy, key.node]);
    const held = byPair.get(pair);
    if (!held || nnce.metadata.name > held.nnce.metadata.name)
      byPair.set(pair, { policy: key.policy, nnce });
  }
  const out = new Map<string, Record<EnactmentPhase, number>>();
  for (const p of policies) out.set(p.metadata.name, emptyPhaseCounts());
  for (const { policy: name, nnce } of byPair.values()) {
    const generation = policies.find((p) => p.metadata.name === name)?.metadata.generation;
    const c = out.get(name);
    if (c) c[getEnactmentPhase(nnce, generation)] += 1;
  }
  return out;
}

/** The batch a watch flush delivers between two lists: changed or new objects, and deletions. */
function batchBetween(
  before: readonly NodeNetworkConfigurationEnactment[],
  after: readonly NodeNetworkConfigurationEnactment[],
): EnactmentBatch {
  const old = new Map(before.map((e) => [e.metadata.name, e]));
  const now = new Set(after.map((e) => e.metadata.name));
  return {
    upserts: after.filter((e) => old.get(e.metadata.name) !== e).map(digestEnactment),
    deletes: before.filter((e) => !now.has(e.metadata.name)).map((e) => e.metadata.name),
  };
}

const load = (counter: EnactmentCounter, list: readonly NodeNetworkConfigurationEnactment[]) =>
  counter.apply({ reset: true, upserts: list.map(digestEnactment), deletes: [] });

const asObject = (m: ReadonlyMap<string, PhaseCounts>) => Object.fromEntries(m);

interface World {
  policies: NodeNetworkConfigurationPolicy[];
  nodes: Node[];
  list: NodeNetworkConfigurationEnactment[];
}

type Op =
  | { kind: 'status'; at: number[]; state: EnactmentFixtureState; generation: number }
  | { kind: 'add'; node: number; policy: number; state: EnactmentFixtureState; labels: boolean }
  | { kind: 'delete'; at: number }
  | { kind: 'relist' }
  | { kind: 'relabel'; at: number; policy: number }
  | { kind: 'duplicate'; at: number; state: EnactmentFixtureState }
  | { kind: 'generation'; policy: number }
  | { kind: 'policies'; keep: boolean[] }
  | { kind: 'nodes'; keep: boolean[] }
  | { kind: 'copy' };

const state = fc.constantFrom(...STATES);
const index = fc.nat({ max: 1000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      at: fc.array(index, { minLength: 1, maxLength: 4 }),
      state,
      generation: fc.integer({ min: 1, max: 3 }),
    }),
  },
  fc.record({
    kind: fc.constant('add' as const),
    node: index,
    policy: index,
    state,
    labels: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('delete' as const), at: index }),
  fc.record({ kind: fc.constant('relist' as const) }),
  fc.record({ kind: fc.constant('relabel' as const), at: index, policy: index }),
  fc.record({ kind: fc.constant('duplicate' as const), at: index, state }),
  fc.record({ kind: fc.constant('generation' as const), policy: index }),
  fc.record({
    kind: fc.constant('policies' as const),
    keep: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('nodes' as const),
    keep: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('copy' as const) }),
);

const pick = <T>(xs: readonly T[], i: number): T | undefined =>
  xs.length === 0 ? undefined : xs[i % xs.length];

const uniqueName = (list: readonly NodeNetworkConfigurationEnactment[], base: string): string => {
  let name = base;
  while (list.some((e) => e.metadata.name === name)) name += 'x';
  return name;
};

/** Applies one change the way a watch flush delivers it: a new array, untouched objects kept. */
function apply(w: World, o: Op): World {
  const list = [...w.list];
  switch (o.kind) {
    case 'status':
      for (const i of o.at) {
        const cur = pick(list, i);
        if (!cur) continue;
        const fresh = makeEnactment('x', 'y', o.state, { generation: o.generation });
        list[i % list.length] = { ...cur, status: fresh.status };
      }
      return { ...w, list };
    case 'add': {
      const n = NODE_NAMES[o.node % NODE_NAMES.length] ?? '';
      const p = POLICY_NAMES[o.policy % POLICY_NAMES.length] ?? '';
      const added = makeEnactment(n, p, o.state, { labels: o.labels });
      // Names are unique in a cluster: adding an existing one replaces it.
      return {
        ...w,
        list: [...list.filter((e) => e.metadata.name !== added.metadata.name), added],
      };
    }
    case 'delete':
      if (list.length > 0) list.splice(o.at % list.length, 1);
      return { ...w, list };
    case 'relist':
      return w;
    case 'relabel': {
      const cur = pick(list, o.at);
      if (!cur) return w;
      const p = POLICY_NAMES[o.policy % POLICY_NAMES.length] ?? '';
      list[o.at % list.length] = {
        ...cur,
        metadata: {
          ...cur.metadata,
          labels: { ...cur.metadata.labels, 'nmstate.io/policy': p },
        },
      };
      return { ...w, list };
    }
    case 'duplicate': {
      const cur = pick(list, o.at);
      if (!cur) return w;
      const fresh = makeEnactment('x', 'y', o.state);
      const copy = {
        ...cur,
        metadata: { ...cur.metadata, name: uniqueName(list, `${cur.metadata.name}-copy`) },
        status: fresh.status,
      };
      return { ...w, list: [...list, copy] };
    }
    case 'generation': {
      const policies = [...w.policies];
      const p = pick(policies, o.policy);
      if (!p) return w;
      policies[o.policy % policies.length] = policy(
        p.metadata.name,
        (p.metadata.generation ?? 1) + 1,
      );
      return { ...w, policies };
    }
    case 'policies':
      return {
        ...w,
        policies: POLICY_NAMES.flatMap((name, i) => {
          if (!o.keep[i]) return [];
          const cur = w.policies.find((p) => p.metadata.name === name);
          return [cur ?? policy(name)];
        }),
      };
    case 'nodes':
      return { ...w, nodes: NODE_NAMES.filter((_, i) => o.keep[i]).map(node) };
    case 'copy':
      return { ...w, list };
  }
}

const start: World = {
  policies: POLICY_NAMES.map((n) => policy(n)),
  nodes: NODE_NAMES.map(node),
  list: NODE_NAMES.flatMap((n) => POLICY_NAMES.map((p) => makeEnactment(n, p, 'available'))),
};

void describe('createEnactmentCounter', () => {
  void it('always gives what an independent count of the same objects gives', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const counter = createEnactmentCounter();
        let w = start;
        load(counter, w.list);
        assert.deepEqual(
          asObject(counter.count(w.policies, w.nodes)),
          asObject(reference(w.policies, w.list, w.nodes)),
        );
        for (const o of ops) {
          const next = apply(w, o);
          if (o.kind === 'relist') load(counter, next.list);
          else counter.apply(batchBetween(w.list, next.list));
          w = next;
          assert.deepEqual(
            asObject(counter.count(w.policies, w.nodes)),
            asObject(reference(w.policies, w.list, w.nodes)),
            JSON.stringify(o),
          );
          assert.equal(counter.size, w.list.length);
        }
      }),
      { numRuns: 300 },
    );
  });

  void it('keeps the counts object of a policy whose enactments did not change', () => {
    const counter = createEnactmentCounter();
    load(counter, start.list);
    const first = counter.count(start.policies, start.nodes);
    const i = start.list.findIndex((e) => e.metadata.labels?.['nmstate.io/policy'] === 'bond0');
    const next = apply(start, { kind: 'status', at: [i], state: 'failing', generation: 1 });
    counter.apply(batchBetween(start.list, next.list));
    const second = counter.count(next.policies, next.nodes);
    assert.notEqual(second.get('bond0'), first.get('bond0'));
    assert.equal(second.get('br-ex'), first.get('br-ex'));
    assert.equal(second.get('vlan.100'), first.get('vlan.100'));
    assert.equal(second.get('bond0')?.Failing, 1);
    // What the first call returned is never changed afterwards: rows rendered from it stay right.
    assert.equal(first.get('bond0')?.Failing, 0);
    assert.equal(first.get('bond0')?.Available, 3);
  });

  void it('a status flip and its reversal give back equal counts', () => {
    const counter = createEnactmentCounter();
    load(counter, start.list);
    const base = counter.count(start.policies, start.nodes);
    const flipped = apply(start, {
      kind: 'status',
      at: [0, 4],
      state: 'progressing',
      generation: 1,
    });
    counter.apply(batchBetween(start.list, flipped.list));
    const during = counter.count(flipped.policies, flipped.nodes);
    assert.equal(
      [...during.values()].reduce((n, c) => n + c.Progressing, 0),
      2,
    );
    const back = apply(flipped, { kind: 'status', at: [0, 4], state: 'available', generation: 1 });
    counter.apply(batchBetween(flipped.list, back.list));
    assert.deepEqual(asObject(counter.count(back.policies, back.nodes)), asObject(base));
  });

  void it('counts an enactment of an older policy generation as Stale once the policy moves on', () => {
    const counter = createEnactmentCounter();
    load(counter, start.list);
    counter.count(start.policies, start.nodes);
    const next = apply(start, { kind: 'generation', policy: 0 });
    const counts = counter.count(next.policies, next.nodes);
    assert.equal(counts.get('bond0')?.Stale, 3);
    assert.equal(counts.get('bond0')?.Available, 0);
    assert.equal(counts.get('vlan.100')?.Available, 3);
  });

  void it('gives zero counts to a policy without enactments and ignores unknown policies', () => {
    const counter = createEnactmentCounter();
    load(counter, start.list);
    const counts = counter.count([policy('bond0'), policy('new-policy')], start.nodes);
    assert.deepEqual([...counts.keys()], ['bond0', 'new-policy']);
    assert.deepEqual(counts.get('new-policy'), emptyPhaseCounts());
    assert.equal(counts.get('bond0')?.Available, 3);
  });

  void it('keeps only a digest of each enactment, not the object', () => {
    const [nnce] = start.list;
    assert.ok(nnce);
    assert.deepEqual(digestEnactment(nnce), {
      name: nnce.metadata.name,
      nodeLabel: NODE_NAMES[0],
      policyLabel: POLICY_NAMES[0],
      phase: 'Available',
      policyGeneration: 1,
    });
  });
});
