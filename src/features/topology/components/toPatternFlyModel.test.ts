import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  enactments,
  generateCluster,
  nodes,
  policies,
  worker0,
  worker1,
} from '../__fixtures__/topologyFixtures';
import { buildTopologyGraph } from '../logic/buildTopologyGraph';
import type { TopologyGraph } from '../model/types';
import { mergeTopologyLayout } from '../logic/layout';
import type { InterfaceNodeData, SummaryNodeData } from './toPatternFlyModel';
import {
  ELEMENT_TYPES,
  getInterfaceShape,
  parseInterfaceId,
  toPatternFlyModel,
} from './toPatternFlyModel';

function model(highlightPolicy?: string) {
  const graph = buildTopologyGraph({
    nodeNetworkStates: [worker0, worker1],
    enactments,
    policies,
    nodes,
  });
  const positions = mergeTopologyLayout(graph, new Map());
  return { graph, model: toPatternFlyModel(graph, { positions, highlightPolicy }) };
}

describe('toPatternFlyModel', () => {
  it('emits every graph node and edge, and one group per node with its interfaces', () => {
    const { graph, model: m } = model();
    const ids = new Set((m.nodes ?? []).map((n) => n.id));
    for (const n of graph.nodes) assert.ok(ids.has(n.id), n.id);
    assert.equal(m.edges?.length, graph.edges.length);
    const group = m.nodes?.find((n) => n.id === 'node:worker-1');
    assert.ok(group);
    assert.equal(group.group, true);
    assert.equal(group.type, ELEMENT_TYPES.nodeGroup);
    const ifaces = graph.nodes.filter((n) => n.kind === 'interface' && n.node === 'worker-1');
    assert.deepEqual([...(group.children ?? [])].sort(), ifaces.map((n) => n.id).sort());
    for (const e of m.edges ?? []) {
      assert.ok(ids.has(e.source ?? ''), e.id);
      assert.ok(ids.has(e.target ?? ''), e.id);
    }
  });

  it('gives interfaces a shape by kind, a status for failing or down, and positions', () => {
    const { graph, model: m } = model();
    for (const n of m.nodes ?? []) {
      if (n.type !== ELEMENT_TYPES.interface) continue;
      const data = n.data as InterfaceNodeData;
      assert.equal(n.shape, getInterfaceShape(data.iface.type));
      const expected = data.iface.failing
        ? 'danger'
        : data.iface.state === 'up'
          ? 'default'
          : 'warning';
      assert.equal(String(n.status), expected, n.id);
      assert.equal(typeof n.x, 'number');
    }
    const failing = graph.nodes.filter((n) => n.kind === 'interface' && n.failing);
    assert.ok(failing.length > 0, 'the fixtures have failing interfaces');
    assert.equal(getInterfaceShape('bond'), 'octagon');
    assert.equal(getInterfaceShape('ovs-bridge'), 'hexagon');
    assert.equal(getInterfaceShape('something-new'), 'circle');
  });

  it('marks interfaces of the highlighted policy only', () => {
    const { model: m } = model('bond0-policy');
    const highlighted = (m.nodes ?? [])
      .filter(
        (n) => n.type === ELEMENT_TYPES.interface && (n.data as InterfaceNodeData).highlighted,
      )
      .map((n) => n.id);
    assert.deepEqual(highlighted, ['worker-0/bond0/bond']);
  });

  it('maps LLDP switch ports into a switch group and LLDP edges as dotted', () => {
    const { model: m } = model();
    const sw = m.nodes?.find((n) => n.type === ELEMENT_TYPES.switchGroup);
    assert.ok(sw?.children && sw.children.length > 0);
    const lldp = m.edges?.find((e) => e.id.includes('|lldp|'));
    assert.equal(lldp?.edgeStyle, 'dotted');
  });

  it('draws folded nodes as summary nodes without empty groups', () => {
    const cluster = generateCluster(30);
    const graph = buildTopologyGraph({
      ...cluster,
      options: { foldNodesAbove: 10, expandedNodes: ['worker-0003'] },
    });
    const m = toPatternFlyModel(graph, { positions: mergeTopologyLayout(graph, new Map()) });
    const summaries = (m.nodes ?? []).filter((n) => n.type === ELEMENT_TYPES.summary);
    assert.equal(summaries.length, 29);
    const failing = summaries.filter((n) => (n.data as SummaryNodeData).summary.counts.failing > 0);
    assert.ok(failing.every((n) => String(n.status) === 'danger'));
    const groups = (m.nodes ?? []).filter((n) => n.type === ELEMENT_TYPES.nodeGroup);
    assert.deepEqual(
      groups.map((g) => g.id),
      ['node:worker-0003'],
    );
  });
});

describe('parseInterfaceId', () => {
  it('splits node, name and type, names with dots and slashes-free nodes', () => {
    assert.deepEqual(parseInterfaceId('worker-0/bond0.100/vlan'), {
      node: 'worker-0',
      name: 'bond0.100',
      type: 'vlan',
    });
    assert.equal(parseInterfaceId('summary:worker-0'), null);
  });
});

void describe('toPatternFlyModel: VLAN mismatches on switch ports', () => {
  void it('marks a switch port whose chassis and port have findings, case-insensitively', () => {
    const graph: TopologyGraph = {
      nodes: [
        {
          kind: 'switch-port',
          id: 'lldp:08:05:E2:7D:0A:20/xe-0/0/19',
          group: 'switch:08:05:E2:7D:0A:20',
          chassisId: '08:05:E2:7D:0A:20',
          portId: 'xe-0/0/19',
          vlans: [200],
        },
        {
          kind: 'switch-port',
          id: 'lldp:08:05:E2:7D:0A:20/xe-0/0/20',
          group: 'switch:08:05:E2:7D:0A:20',
          chassisId: '08:05:E2:7D:0A:20',
          portId: 'xe-0/0/20',
          vlans: [],
        },
      ],
      edges: [],
      groups: [],
      notes: [],
    } as unknown as TopologyGraph;
    const model = toPatternFlyModel(graph, {
      positions: new Map(),
      portMismatches: new Map([['08:05:e2:7d:0a:20/xe-0/0/19', 2]]),
    });
    const byId = new Map((model.nodes ?? []).map((n) => [n.id, n]));
    const marked = byId.get('lldp:08:05:E2:7D:0A:20/xe-0/0/19');
    const clean = byId.get('lldp:08:05:E2:7D:0A:20/xe-0/0/20');
    assert.equal((marked?.data as { vlanMismatches: number }).vlanMismatches, 2);
    assert.equal((clean?.data as { vlanMismatches: number }).vlanMismatches, 0);
    assert.notEqual(marked?.status, clean?.status);
  });
});
