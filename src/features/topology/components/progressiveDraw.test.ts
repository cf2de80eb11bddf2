import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EdgeModel, Model, NodeModel } from '@patternfly/react-topology';
import { progressiveStep } from './progressiveDraw';

const node = (id: string): NodeModel => ({ id, type: 'node' });
const group = (id: string, children: string[]): NodeModel => ({
  id,
  type: 'group',
  group: true,
  children,
});
const edge = (id: string, source: string, target: string): EdgeModel => ({
  id,
  type: 'edge',
  source,
  target,
});

/** Ten folded nodes in a row, each linked to the next. */
function row(): Model {
  const nodes = Array.from({ length: 10 }, (_, i) => node(`n${i}`));
  const edges = nodes.slice(1).map((n, i) => edge(`e${i}`, `n${i}`, n.id));
  return { graph: { id: 'g', type: 'graph' }, nodes, edges };
}

/** Runs steps as the view does until the model is drawn; returns every step. */
function drawAll(model: Model, budget: number) {
  const steps = [];
  let drawn: ReadonlySet<string> = new Set();
  for (let i = 0; i < 100; i++) {
    const step = progressiveStep(model, drawn, budget);
    steps.push(step);
    drawn = step.ids;
    if (step.complete) return steps;
  }
  throw new Error('no progress');
}

describe('progressiveStep', () => {
  it('hands a model within the budget over whole, in one step', () => {
    const model = row();
    const step = progressiveStep(model, new Set(), 50);
    assert.equal(step.complete, true);
    assert.equal(step.model, model);
    assert.equal(step.ids.size, 19);
  });

  it('adds at most the budget of new elements per step, edges once both ends are drawn', () => {
    const steps = drawAll(row(), 3);
    assert.deepEqual(
      steps.map((s) => s.model.nodes?.map((n) => n.id).length),
      [3, 6, 9, 10],
    );
    const first = steps[0];
    assert.ok(first);
    assert.deepEqual(
      first.model.edges?.map((e) => e.id),
      ['e0', 'e1'],
    );
    assert.equal(first.complete, false);
    assert.deepEqual([...first.ids].sort(), ['e0', 'e1', 'n0', 'n1', 'n2']);
    assert.equal(steps.at(-1)?.model.edges?.length, 9);
  });

  it('never draws a group without all its members, even past the budget', () => {
    const members = ['a/0', 'a/1', 'a/2', 'a/3', 'a/4'];
    const model: Model = {
      graph: { id: 'g', type: 'graph' },
      nodes: [...members.map(node), group('a', members), node('b')],
      edges: [edge('ab', 'a/0', 'b')],
    };
    const steps = drawAll(model, 2);
    assert.equal(steps.length, 2);
    const first = steps[0];
    const second = steps[1];
    assert.ok(first && second);
    assert.deepEqual(
      first.model.nodes?.map((n) => n.id),
      [...members, 'a'],
    );
    assert.deepEqual(first.model.edges, []);
    assert.equal(second.complete, true);
    assert.equal(second.model, model);
  });

  it('keeps what is drawn and adds an expanded node at once, whatever the budget', () => {
    const model = row();
    const drawn = drawAll(model, 100).at(-1)?.ids ?? new Set<string>();
    const ifaces = Array.from({ length: 40 }, (_, i) => `n3/eth${i}`);
    const expanded: Model = {
      ...model,
      nodes: [
        ...(model.nodes ?? []).filter((n) => n.id !== 'n3'),
        ...ifaces.map(node),
        group('n3-group', ifaces),
      ],
    };
    const step = progressiveStep(expanded, drawn, 5);
    assert.equal(step.complete, true);
    assert.equal(step.model, expanded);
  });

  it('keeps drawn units and adds new ones in later steps when a filter is cleared', () => {
    const model = row();
    const step = progressiveStep(model, new Set(['n8', 'n9', 'e8']), 2);
    assert.deepEqual(
      step.model.nodes?.map((n) => n.id),
      ['n0', 'n1', 'n8', 'n9'],
    );
    assert.deepEqual(
      step.model.edges?.map((e) => e.id),
      ['e0', 'e8'],
    );
    assert.equal(step.complete, false);
  });
});
