import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EdgeModel, Model, NodeModel } from '@patternfly/react-topology';
import { modelDelta } from './modelDelta';

const data = { kind: 'x' };

function model(overrides: { nodes?: NodeModel[]; edges?: EdgeModel[] } = {}): Model {
  return {
    graph: { id: 'g', type: 'graph' },
    nodes: overrides.nodes ?? [
      { id: 'a', type: 'iface', x: 0, y: 0, data },
      { id: 'b', type: 'iface', x: 10, y: 0, data },
      { id: 'grp', type: 'group', group: true, children: ['a', 'b'], style: { padding: 36 } },
    ],
    edges: overrides.edges ?? [{ id: 'e', type: 'edge', source: 'a', target: 'b', data }],
  };
}

describe('modelDelta', () => {
  it('finds nothing to change in a model rebuilt with equal values', () => {
    // Fresh objects, as toPatternFlyModel makes them on every build: style and children are new
    // but equal, and the data objects are the cached ones.
    assert.deepEqual(modelDelta(model(), model()), { nodes: [], edges: [] });
  });

  it('returns only the elements whose model changed', () => {
    const next = model();
    const changed = { ...(next.nodes?.[1] as NodeModel), data: { kind: 'y' } };
    const moved = { ...(next.nodes?.[0] as NodeModel), x: 5 };
    const nodes = [moved, changed, next.nodes?.[2] as NodeModel];
    const edge = { ...(next.edges?.[0] as EdgeModel), data: { kind: 'z' } };
    const delta = modelDelta(model(), model({ nodes, edges: [edge] }));
    assert.ok(delta);
    assert.deepEqual(
      delta.nodes.map((n) => n.id),
      ['a', 'b'],
    );
    assert.deepEqual(
      delta.edges.map((e) => e.id),
      ['e'],
    );
  });

  it('counts a changed style value or an added or removed key as a change', () => {
    const base = model();
    const restyled = base.nodes?.map((n) =>
      n.id === 'grp' ? { ...n, style: { padding: 28 } } : n,
    );
    assert.deepEqual(
      modelDelta(model(), model({ nodes: restyled }))?.nodes.map((n) => n.id),
      ['grp'],
    );
    const labelled = base.nodes?.map((n) => (n.id === 'a' ? { ...n, label: 'eth0' } : n));
    assert.deepEqual(
      modelDelta(model(), model({ nodes: labelled }))?.nodes.map((n) => n.id),
      ['a'],
    );
    assert.deepEqual(
      modelDelta(model({ nodes: labelled }), model())?.nodes.map((n) => n.id),
      ['a'],
    );
  });

  it('leaves a structural change to fromModel', () => {
    const base = model();
    const nodes = base.nodes ?? [];
    const cases: Record<string, Model> = {
      'node added': model({ nodes: [...nodes, { id: 'c', type: 'iface' }] }),
      'node removed': model({ nodes: nodes.slice(1) }),
      'nodes reordered': model({
        nodes: [nodes[1] as NodeModel, nodes[0] as NodeModel, nodes[2] as NodeModel],
      }),
      'node re-typed': model({
        nodes: nodes.map((n) => (n.id === 'a' ? { ...n, type: 'summary' } : n)),
      }),
      'group membership': model({
        nodes: nodes.map((n) => (n.id === 'grp' ? { ...n, children: ['a'] } : n)),
      }),
      'edge end moved': model({ edges: [{ id: 'e', type: 'edge', source: 'b', target: 'a' }] }),
      'edge removed': model({ edges: [] }),
      'graph changed': { ...model(), graph: { id: 'g2', type: 'graph' } },
    };
    for (const [what, next] of Object.entries(cases))
      assert.equal(modelDelta(base, next), null, what);
  });
});
