import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  enactments,
  generateCluster,
  makeNns,
  nodes,
  policies,
  worker0,
  worker1,
} from '../__fixtures__/topologyFixtures';
import type { GraphEdge } from '../model/types';
import { buildTopologyGraph } from './buildTopologyGraph';
import {
  COLUMN_WIDTH,
  ROW_HEIGHT,
  computeTopologyLayout,
  layoutLayers,
  mergeTopologyLayout,
} from './layout';

const edge = (source: string, kind: GraphEdge['kind'], target: string): GraphEdge => ({
  id: `${source}|${kind}|${target}`,
  kind,
  source,
  target,
});

describe('layoutLayers', () => {
  it('stacks a VLAN on a bond on two NICs three layers high, NICs at the bottom', () => {
    const { positions, height } = layoutLayers(
      ['vlan', 'bond', 'nic1', 'nic2'],
      [
        edge('vlan', 'vlan-base', 'bond'),
        edge('bond', 'bond-port', 'nic1'),
        edge('bond', 'bond-port', 'nic2'),
      ],
    );
    assert.equal(positions.get('vlan')?.y, 0);
    assert.equal(positions.get('bond')?.y, ROW_HEIGHT);
    assert.equal(positions.get('nic1')?.y, 2 * ROW_HEIGHT);
    assert.equal(positions.get('nic2')?.y, 2 * ROW_HEIGHT);
    assert.equal(height, 3 * ROW_HEIGHT);
    // The bond is centred over its two ports.
    const bx = positions.get('bond')?.x ?? -1;
    const mid = ((positions.get('nic1')?.x ?? 0) + (positions.get('nic2')?.x ?? 0)) / 2;
    assert.equal(bx, mid);
  });

  it('ignores patch and LLDP edges for layering and survives reference cycles', () => {
    const { positions } = layoutLayers(
      ['a', 'b', 'c'],
      [edge('a', 'ovs-patch', 'b'), edge('b', 'controller', 'c'), edge('c', 'controller', 'b')],
    );
    assert.equal(positions.size, 3);
    // `a` has no lower interface once the patch edge is ignored: it sits on the bottom layer.
    const ys = [...positions.values()].map((p) => p.y);
    assert.equal(positions.get('a')?.y, Math.max(...ys));
  });
});

describe('computeTopologyLayout', () => {
  it('is deterministic and keeps groups apart', () => {
    const graph = buildTopologyGraph({
      nodeNetworkStates: [worker0, worker1],
      enactments,
      policies,
      nodes,
    });
    const a = computeTopologyLayout(graph);
    const b = computeTopologyLayout(graph);
    assert.deepEqual([...a], [...b]);
    for (const n of graph.nodes) assert.ok(a.has(n.id), n.id);
    const maxX = (node: string) =>
      Math.max(
        ...graph.nodes
          .filter((n) => n.kind === 'interface' && n.node === node)
          .map((n) => a.get(n.id)?.x ?? 0),
      );
    const minX = (node: string) =>
      Math.min(
        ...graph.nodes
          .filter((n) => n.kind === 'interface' && n.node === node)
          .map((n) => a.get(n.id)?.x ?? 0),
      );
    assert.ok(minX('worker-1') > maxX('worker-0'), 'worker-1 is right of worker-0');
  });

  it('puts summary nodes of a folded cluster in a grid', () => {
    const cluster = generateCluster(50);
    const graph = buildTopologyGraph({ ...cluster, options: { foldNodesAbove: 10 } });
    const positions = computeTopologyLayout(graph);
    const seen = new Set([...positions.values()].map((p) => `${p.x},${p.y}`));
    assert.equal(seen.size, 50, 'no two summaries overlap');
  });
});

describe('mergeTopologyLayout', () => {
  it('keeps remembered positions and places a new interface next to its group', () => {
    const before = buildTopologyGraph({
      nodeNetworkStates: [worker1],
      enactments: [],
      policies: [],
    });
    const first = mergeTopologyLayout(before, new Map());
    // The user moved eno1 somewhere else.
    const memory = new Map(first);
    memory.set('worker-1/eno1/ethernet', { x: 5000, y: 5000 });
    const raw = (worker1.status?.currentState?.interfaces ?? []) as unknown[];
    const after = buildTopologyGraph({
      nodeNetworkStates: [
        makeNns(
          'worker-1',
          [
            ...raw,
            { name: 'eno2.7', type: 'vlan', state: 'up', vlan: { 'base-iface': 'eno2', id: 7 } },
          ],
          {},
          '2',
        ),
      ],
      enactments: [],
      policies: [],
    });
    const second = mergeTopologyLayout(after, memory);
    for (const [id, p] of memory) if (second.has(id)) assert.deepEqual(second.get(id), p, id);
    const added = second.get('worker-1/eno2.7/vlan');
    assert.ok(added);
    for (const [id, p] of second)
      if (id !== 'worker-1/eno2.7/vlan')
        assert.ok(
          Math.abs(p.x - added.x) >= COLUMN_WIDTH * 0.8 ||
            Math.abs(p.y - added.y) >= ROW_HEIGHT / 2,
          `${id} overlaps the new interface`,
        );
  });

  it('places a group that is new as a whole below everything remembered', () => {
    const one = buildTopologyGraph({ nodeNetworkStates: [worker0], enactments, policies });
    const memory = mergeTopologyLayout(one, new Map());
    const two = buildTopologyGraph({ nodeNetworkStates: [worker0, worker1], enactments, policies });
    const merged = mergeTopologyLayout(two, memory);
    const bottom = Math.max(...[...memory.values()].map((p) => p.y));
    for (const n of two.nodes)
      if (n.kind === 'interface' && n.node === 'worker-1')
        assert.ok((merged.get(n.id)?.y ?? 0) > bottom, n.id);
  });

  it('moves only a pinned (dragged) element when nothing else is remembered', () => {
    const graph = buildTopologyGraph({
      nodeNetworkStates: [worker0, worker1],
      enactments,
      policies,
    });
    const computed = mergeTopologyLayout(graph, new Map());
    // After a reload only what the user dragged is remembered.
    const dragged = 'worker-1/eno1/ethernet';
    const memory = new Map([[dragged, { x: 9000, y: 7000 }]]);
    const merged = mergeTopologyLayout(graph, memory, new Set([dragged]));
    assert.deepEqual(merged.get(dragged), { x: 9000, y: 7000 });
    for (const [id, p] of computed)
      if (id !== dragged) assert.deepEqual(merged.get(id), p, `${id} moved with the dragged one`);
  });
});

describe('mergeTopologyLayout: expanding a folded node', () => {
  const cluster = generateCluster(200);
  const folded = (expandedNodes: string[]) =>
    buildTopologyGraph({ ...cluster, options: { foldNodesAbove: 12, expandedNodes } });

  it('puts the node where its summary was and moves what it would cover aside', () => {
    const before = mergeTopologyLayout(folded([]), new Map());
    const node = 'worker-0107';
    const spot = before.get(`summary:${node}`);
    assert.ok(spot);
    const after = mergeTopologyLayout(folded([node]), before);
    const members = [...after].filter(([id]) => id.startsWith(`${node}/`));
    assert.ok(members.length > 10);
    // The block's top-left corner is the summary's.
    assert.equal(Math.min(...members.map(([, p]) => p.x)), spot.x);
    assert.equal(Math.min(...members.map(([, p]) => p.y)), spot.y);
    // Nothing else overlaps the expanded block.
    const xs = members.map(([, p]) => p.x);
    const ys = members.map(([, p]) => p.y);
    const box = {
      left: Math.min(...xs),
      right: Math.max(...xs) + COLUMN_WIDTH,
      top: Math.min(...ys),
      bottom: Math.max(...ys) + ROW_HEIGHT,
    };
    for (const [id, p] of after) {
      if (id.startsWith(`${node}/`)) continue;
      const inside = p.x >= box.left && p.x < box.right && p.y >= box.top && p.y < box.bottom;
      assert.ok(!inside, `${id} is under the expanded node`);
    }
    // Summaries before it on its row and on rows above did not move.
    for (const [id, p] of before)
      if (id.startsWith('summary:') && (p.y < spot.y || (p.y === spot.y && p.x < spot.x)))
        assert.deepEqual(after.get(id), p, id);
  });

  it('keeps a dragged element where the user put it', () => {
    const before = mergeTopologyLayout(folded([]), new Map());
    const dragged = 'summary:worker-0150';
    const memory = new Map(before);
    memory.set(dragged, { x: -4000, y: 9000 });
    const after = mergeTopologyLayout(folded(['worker-0010']), memory, new Set([dragged]));
    assert.deepEqual(after.get(dragged), { x: -4000, y: 9000 });
  });

  it('still places a node that had no summary on screen below everything', () => {
    const memory = mergeTopologyLayout(folded([]), new Map());
    memory.delete('summary:worker-0042');
    const after = mergeTopologyLayout(folded(['worker-0042']), memory);
    const bottom = Math.max(...[...memory.values()].map((p) => p.y));
    for (const [id, p] of after) if (id.startsWith('worker-0042/')) assert.ok(p.y > bottom, id);
  });
});
