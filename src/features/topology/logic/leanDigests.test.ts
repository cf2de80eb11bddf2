import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import type { Node } from '../../../shared/model/k8s';
import {
  enactments,
  generateCluster,
  makeEnactment,
  nodes,
  policies,
  worker0,
  worker1,
} from '../__fixtures__/topologyFixtures';
import type { TopologyOptions } from '../model/types';
import { buildTopologyGraph } from './buildTopologyGraph';
import { getInterfaceDetails } from './details';
import { indexEnactments } from './enactments';
import {
  digestEnactmentForTopology,
  digestNnsForTopology,
  digestNodeForTopology,
} from './leanDigests';

const digestAll = <T>(list: readonly T[], digest: (o: unknown) => T | null): T[] =>
  list.flatMap((o) => {
    const d = digest(o);
    return d ? [d] : [];
  });

/** The graph from whole objects and from the digests, for the same options. */
function bothGraphs(
  input: {
    nodeNetworkStates: NodeNetworkState[];
    enactments: NodeNetworkConfigurationEnactment[];
    nodes?: Node[];
  },
  options: TopologyOptions,
) {
  const whole = buildTopologyGraph({
    nodeNetworkStates: input.nodeNetworkStates,
    enactments: indexEnactments(input.enactments),
    policies,
    nodes: input.nodes ?? nodes,
    options,
  });
  const lean = buildTopologyGraph({
    nodeNetworkStates: digestAll(input.nodeNetworkStates, digestNnsForTopology),
    enactments: indexEnactments(digestAll(input.enactments, digestEnactmentForTopology)),
    policies,
    nodes: digestAll(input.nodes ?? nodes, digestNodeForTopology),
    options,
  });
  return { whole, lean };
}

// Every filter field the toolbar offers, so a field the digest dropped shows up as a difference.
const OPTIONS: TopologyOptions[] = [
  {},
  { showInternal: true },
  { showLldp: false },
  { foldNodesAbove: 1, expandedNodes: ['worker-1'] },
  { filter: { ip: ['10.0.0.0/8'] } },
  { filter: { ip: ['fd00::/16'] } },
  { filter: { mac: ['52:54'] } },
  { filter: { lldp: ['tor'] } },
  { filter: { vlan: [100, 101, 3000] } },
  { filter: { policy: ['bond-policy', 'eth-policy'] } },
  { filter: { label: ['zone=b'] } },
  { filter: { failing: true } },
  { filter: { type: ['vlan', 'linux-bridge'], state: ['up'] } },
];

describe('cluster topology digests (leanDigests.ts)', () => {
  for (const options of OPTIONS) {
    it(`draw the same graph as whole objects: ${JSON.stringify(options)}`, () => {
      const { whole, lean } = bothGraphs(
        { nodeNetworkStates: [worker0, worker1], enactments },
        options,
      );
      assert.ok(whole.nodes.length > 0 || options.filter !== undefined);
      assert.deepEqual(lean, whole);
    });
  }

  it('draw the same generated 40-node cluster, folded and expanded', () => {
    const cluster = generateCluster(40);
    for (const options of [
      { foldNodesAbove: 12, expandedNodes: ['worker-0003'] },
      { filter: { failing: true } },
      { filter: { node: ['worker-00?1'] }, showInternal: true },
    ]) {
      const { whole, lean } = bothGraphs(cluster, options);
      assert.deepEqual(lean, whole);
    }
  });

  it('keep a fraction of a node state: no ethtool, routes, DNS or port options', () => {
    const digest = digestNnsForTopology(worker0);
    assert.ok(digest);
    const text = JSON.stringify(digest);
    assert.ok(JSON.stringify(worker0).includes('routes'));
    assert.ok(!text.includes('"routes"'));
    assert.ok(!text.includes('ethtool'));
    assert.ok(text.length < JSON.stringify(worker0).length * 0.8);
    assert.equal(digest.metadata.resourceVersion, worker0.metadata.resourceVersion);
  });

  it('keep an enactment’s conditions whole and its desired state’s claimed names only', () => {
    const nnce = makeEnactment('worker-0', 'vlans', 'Failing');
    nnce.status = {
      ...nnce.status,
      desiredState: {
        interfaces: [
          {
            name: 'br1',
            type: 'linux-bridge',
            state: 'up',
            bridge: {
              options: { stp: { enabled: false } },
              port: [{ name: 'eth1', vlan: { mode: 'trunk', 'trunk-tags': [{ id: 10 }] } }],
            },
            ipv4: { enabled: true, dhcp: true },
          },
          { name: 'eth1.5', type: 'vlan', vlan: { 'base-iface': 'eth1', id: 5 } },
        ],
      },
    };
    const digest = digestEnactmentForTopology(nnce);
    assert.ok(digest);
    assert.deepEqual(digest.status?.conditions, nnce.status.conditions);
    assert.deepEqual(digest.status?.desiredState, {
      interfaces: [
        { name: 'br1', type: 'linux-bridge', state: 'up', bridge: { port: [{ name: 'eth1' }] } },
        { name: 'eth1.5', type: 'vlan', vlan: { 'base-iface': 'eth1' } },
      ],
    });
    assert.deepEqual(digest.metadata.labels, nnce.metadata.labels);
  });

  it('let the side panel tell the digest from the whole state (routes are the panel’s)', () => {
    const index = indexEnactments(enactments);
    const digest = digestNnsForTopology(worker0);
    assert.ok(digest);
    const id = { name: 'bond0', type: 'bond' };
    const fromWhole = getInterfaceDetails(worker0, id, { enactmentIndex: index, policies });
    const fromDigest = getInterfaceDetails(digest, id, { enactmentIndex: index, policies });
    assert.ok(fromWhole && fromDigest);
    assert.equal(fromDigest.name, fromWhole.name);
    assert.deepEqual(fromDigest.policies, fromWhole.policies);
  });

  it('keep malformed states malformed, so the graph still reports them', () => {
    const bad = {
      metadata: { name: 'worker-9', resourceVersion: '3' },
      status: { currentState: { interfaces: [42, { type: 'ethernet' }, { name: 'eth0' }] } },
    };
    const digest = digestNnsForTopology(bad);
    assert.deepEqual(digest?.status?.currentState?.interfaces, [
      42,
      { type: 'ethernet' },
      { name: 'eth0' },
    ]);
    const notAList = digestNnsForTopology({
      metadata: { name: 'w' },
      status: { currentState: { interfaces: 'oops' } },
    });
    assert.equal(notAList?.status?.currentState?.interfaces, 'oops');
    assert.equal(digestNnsForTopology({ metadata: {} }), null);
    assert.equal(digestNnsForTopology('x'), null);
    assert.equal(digestEnactmentForTopology({ metadata: { name: 5 } }), null);
    assert.equal(digestNodeForTopology(null), null);
  });
});
