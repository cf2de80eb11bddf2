import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import {
  enactments,
  generateCluster,
  makeEnactment,
  makeNns,
  nodes,
  policies,
  TOR1_CHASSIS,
  worker0,
  worker1,
} from '../__fixtures__/topologyFixtures';
import type {
  EdgeKind,
  GraphNode,
  InterfaceGraphNode,
  NodeGroup,
  TopologyGraph,
} from '../model/types';
import {
  buildNodeSubgraph,
  buildTopologyGraph,
  createTopologyGraphBuilder,
} from './buildTopologyGraph';
import { indexEnactments } from './enactments';
import { isClusterInternalInterface } from './internal';

function build(options = {}, extra: Partial<Parameters<typeof buildTopologyGraph>[0]> = {}) {
  return buildTopologyGraph({
    nodeNetworkStates: [worker0, worker1],
    enactments,
    policies,
    nodes,
    options,
    ...extra,
  });
}

function iface(graph: TopologyGraph, id: string): InterfaceGraphNode {
  const n = graph.nodes.find((x) => x.id === id);
  assert.ok(n, `missing node ${id}`);
  assert.equal(n.kind, 'interface');
  return n;
}

function edgeSet(graph: TopologyGraph): Set<string> {
  return new Set(graph.edges.map((e) => `${e.kind} ${e.source} -> ${e.target}`));
}

function group(graph: TopologyGraph, id: string): NodeGroup {
  const g = graph.groups.find((x) => x.id === id);
  assert.ok(g && g.kind === 'node', `missing group ${id}`);
  return g;
}

const W = 'worker-0';

void describe('buildTopologyGraph: nodes', () => {
  const graph = build();

  void it('emits every interface type keyed by name and type, unknown types kept with the raw type', () => {
    const types = new Set(
      graph.nodes.filter((n): n is InterfaceGraphNode => n.kind === 'interface').map((n) => n.type),
    );
    for (const t of [
      'ethernet',
      'bond',
      'linux-bridge',
      'vlan',
      'vxlan',
      'ovs-bridge',
      'ovs-interface',
      'mac-vlan',
      'mac-vtap',
      'ipvlan',
      'vrf',
      'infiniband',
      'dummy',
      'veth',
      'unknown',
    ])
      assert.ok(types.has(t as InterfaceGraphNode['type']), `type ${t}`);
    const wg = iface(graph, `${W}/wg0/unknown`);
    assert.equal(wg.rawType, 'wireguard');
    assert.ok(graph.notes.some((n) => n.code === 'iface.unknownType' && n.params.name === 'wg0'));
  });

  void it('keeps br-ex as both an ovs-bridge and an ovs-interface', () => {
    assert.equal(iface(graph, `${W}/br-ex/ovs-bridge`).type, 'ovs-bridge');
    const brEx = iface(graph, `${W}/br-ex/ovs-interface`);
    assert.deepEqual(brEx.addresses, [
      '10.0.0.5/24',
      '169.254.169.2/29',
      'fd00:1101::5/64',
      'fe80::2204:fff:fefb:a098/64',
    ]);
    assert.equal(brEx.macAddress, '20:04:0F:FB:A0:98');
  });

  void it('is sorted and deterministic', () => {
    const ids = graph.nodes.map((n) => n.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    assert.deepEqual(build(), graph);
    assert.deepEqual(JSON.parse(JSON.stringify(graph)), graph);
  });

  void it('states and vlan ids', () => {
    assert.equal(iface(graph, `${W}/eno4/ethernet`).state, 'down');
    assert.equal(iface(graph, `${W}/bond0.100/vlan`).vlanId, 100);
  });
});

void describe('buildTopologyGraph: edges', () => {
  const graph = build();
  const edges = edgeSet(graph);
  const expect = (kind: EdgeKind, source: string, target: string) => {
    assert.ok(edges.has(`${kind} ${source} -> ${target}`), `${kind} ${source} -> ${target}`);
  };

  void it('covers every edge kind', () => {
    expect('bridge-port', `${W}/br1/linux-bridge`, `${W}/bond0.100/vlan`);
    expect('bridge-port', `${W}/br1/linux-bridge`, `${W}/veth1/veth`);
    expect('bond-port', `${W}/bond0/bond`, `${W}/eno2/ethernet`);
    expect('bond-port', `${W}/bond0/bond`, `${W}/eno3/ethernet`);
    expect('vlan-base', `${W}/bond0.100/vlan`, `${W}/bond0/bond`);
    expect('vxlan-base', `${W}/vxlan0/vxlan`, `${W}/ens1f0/ethernet`);
    expect('macvlan-base', `${W}/macvlan0/mac-vlan`, `${W}/ens1f0/ethernet`);
    expect('macvlan-base', `${W}/macvtap0/mac-vtap`, `${W}/ens1f0/ethernet`);
    expect('ipvlan-base', `${W}/ipvlan0/ipvlan`, `${W}/ens1f0/ethernet`);
    expect('ovs-port', `${W}/br-ex/ovs-bridge`, `${W}/br-ex/ovs-interface`);
    expect('ovs-port', `${W}/br-ex/ovs-bridge`, `${W}/eno1/ethernet`);
    expect('ovs-port', `${W}/br-phys/ovs-bridge`, `${W}/vlan-port/ovs-interface`);
    expect(
      'ovs-patch',
      `${W}/patch-ex-to-phys/ovs-interface`,
      `${W}/patch-phys-to-ex/ovs-interface`,
    );
    expect('vrf-member', `${W}/vrf0/vrf`, `${W}/dummy0/dummy`);
    expect('controller', `${W}/br2/linux-bridge`, `${W}/eno4/ethernet`);
    expect('lldp', `${W}/eno1/ethernet`, `lldp:${TOR1_CHASSIS}/xe-0/0/19`);
  });

  void it('routes OVS bond members through link-aggregation with the bond name', () => {
    const e = graph.edges.filter((x) => x.source === `${W}/br-phys/ovs-bridge` && x.via);
    assert.deepEqual(
      e.map((x) => [x.target, x.via]),
      [
        [`${W}/ens2f0/ethernet`, 'ovsbond0'],
        [`${W}/ens2f1/ethernet`, 'ovsbond0'],
      ],
    );
  });

  void it('adds no controller edge where a port list already links the pair, and one patch edge per pair', () => {
    assert.ok(!edges.has(`controller ${W}/bond0/bond -> ${W}/eno2/ethernet`));
    assert.ok(!edges.has(`controller ${W}/br-ex/ovs-bridge -> ${W}/eno1/ethernet`));
    assert.equal(graph.edges.filter((e) => e.kind === 'ovs-patch').length, 1);
    assert.ok(graph.edges.every((e) => e.source !== e.target));
  });

  void it('every edge end exists (except folded internals, which drop their edges)', () => {
    const ids = new Set(graph.nodes.map((n) => n.id));
    for (const e of graph.edges) {
      assert.ok(ids.has(e.source), e.id);
      assert.ok(ids.has(e.target), e.id);
    }
  });

  void it('groups LLDP switch ports per switch, shared across nodes', () => {
    const sw = graph.groups.find((g) => g.id === `switch:${TOR1_CHASSIS}`);
    assert.ok(sw && sw.kind === 'switch');
    assert.equal(sw.systemName, 'tor-1.example.com');
    assert.deepEqual(sw.ports, [
      `lldp:${TOR1_CHASSIS}/xe-0/0/19`,
      `lldp:${TOR1_CHASSIS}/xe-0/0/20`,
    ]);
    const port = graph.nodes.find((n) => n.id === `lldp:${TOR1_CHASSIS}/xe-0/0/19`);
    assert.ok(port && port.kind === 'switch-port');
    assert.deepEqual(port.vlans, [100, 200, 204]);
    // the duplicated neighbour entry gives one edge
    assert.equal(graph.edges.filter((e) => e.kind === 'lldp' && e.source.startsWith(W)).length, 1);
  });
});

void describe('buildTopologyGraph: folding of cluster internals', () => {
  void it('folds internals by default and reports the count', () => {
    const graph = build();
    const ids = new Set(graph.nodes.map((n) => n.id));
    for (const id of [
      `${W}/lo/loopback`,
      `${W}/br-int/ovs-interface`,
      `${W}/ovn-k8s-mp0/ovs-interface`,
      `${W}/genev_sys_6081/ethernet`,
      `${W}/patch-br-ex-to-br-int/ovs-interface`,
      `${W}/patch-br-int-to-br-ex/ovs-interface`,
      `${W}/a1b2c3d4e5f6a7b/veth`,
    ])
      assert.ok(!ids.has(id), id);
    assert.equal(group(graph, 'node:worker-0').hiddenInternal, 7);
    assert.ok(ids.has(`${W}/veth1/veth`), 'an administrator veth stays');
    // ovs-system is not reported by nmstate: no dangling note for OVN plumbing
    assert.ok(!graph.notes.some((n) => n.code === 'edge.danglingReference'));
  });

  void it('shows them with showInternal, with their edges', () => {
    const graph = build({ showInternal: true });
    assert.equal(group(graph, 'node:worker-0').hiddenInternal, 0);
    const edges = edgeSet(graph);
    assert.ok(
      edges.has(
        `ovs-patch ${W}/patch-br-ex-to-br-int/ovs-interface -> ${W}/patch-br-int-to-br-ex/ovs-interface`,
      ),
    );
    assert.ok(edges.has(`controller ${W}/br-int/ovs-interface -> ${W}/ovn-k8s-mp0/ovs-interface`));
  });

  void it('documents the predicate', () => {
    assert.equal(isClusterInternalInterface({ name: 'ovn-k8s-mp1', type: 'ovs-interface' }), true);
    assert.equal(isClusterInternalInterface({ name: 'vxlan_sys_4789', type: 'vxlan' }), true);
    assert.equal(isClusterInternalInterface({ name: 'veth1a2b3c4d', type: 'veth' }), true);
    assert.equal(
      isClusterInternalInterface({ name: 'vethx', type: 'veth', state: 'ignore' }),
      true,
    );
    assert.equal(isClusterInternalInterface({ name: 'ovs-system', type: 'ovs-interface' }), true);
    assert.equal(isClusterInternalInterface({ name: 'veth1', type: 'veth', state: 'up' }), false);
    assert.equal(
      isClusterInternalInterface({ name: 'patch-a-to-b', type: 'ovs-interface' }),
      false,
    );
    assert.equal(isClusterInternalInterface({ name: 'eno1', type: 'ethernet' }), false);
    assert.equal(isClusterInternalInterface({}), false);
  });
});

void describe('buildTopologyGraph: policies and enactments', () => {
  const graph = build();

  void it('indexes enactments by labels, several policies per node and per interface', () => {
    const g = group(graph, 'node:worker-0');
    assert.deepEqual(g.policies, [
      { policy: 'bond0-policy', phase: 'Available' },
      { policy: 'br1-policy', phase: 'Failing' },
      { policy: 'mtu-policy', phase: 'Available' },
      { policy: 'ovs-policy', phase: 'Aborted' },
      { policy: 'vrf-policy', phase: 'Progressing' },
    ]);
    assert.deepEqual(iface(graph, `${W}/bond0/bond`).managedBy, ['bond0-policy', 'mtu-policy']);
    assert.deepEqual(iface(graph, `${W}/vrf0/vrf`).managedBy, ['vrf-policy']);
    // the misleadingly named enactment belongs to worker-1 through its labels
    assert.deepEqual(iface(graph, `${W}/eno1/ethernet`).managedBy, []);
    assert.deepEqual(iface(graph, 'worker-1/eno1/ethernet').managedBy, ['eth-policy']);
  });

  void it('uses the enactment desired state over the policy spec (captures resolved)', () => {
    assert.deepEqual(iface(graph, `${W}/br-phys/ovs-bridge`).managedBy, ['ovs-policy']);
  });

  void it('matches the policy interface type: ovs-bridge claims do not mark the ovs-interface', () => {
    assert.deepEqual(iface(graph, `${W}/br-ex/ovs-interface`).managedBy, []);
  });

  void it('marks interfaces touched by Failing and Aborted enactments', () => {
    const br1 = iface(graph, `${W}/br1/linux-bridge`);
    assert.equal(br1.failing, true);
    assert.deepEqual(br1.failingPolicies, ['br1-policy']);
    // bond0 is the base of the failing VLAN: touched
    assert.deepEqual(iface(graph, `${W}/bond0/bond`).failingPolicies, ['br1-policy']);
    // ens2f0 is an OVS bond member in the aborted policy
    assert.deepEqual(iface(graph, `${W}/ens2f0/ethernet`).failingPolicies, ['ovs-policy']);
    // progressing is not failing
    assert.equal(iface(graph, `${W}/vrf0/vrf`).failing, false);
    assert.deepEqual(group(graph, 'node:worker-0').failingPolicies, ['br1-policy', 'ovs-policy']);
  });

  void it('accepts a prebuilt enactment index and a policy map', () => {
    const again = buildTopologyGraph({
      nodeNetworkStates: [worker0, worker1],
      enactments: indexEnactments(enactments),
      policies: new Map(policies.map((p) => [p.metadata.name, p])),
      nodes,
    });
    assert.deepEqual(again, graph);
  });
});

void describe('buildTopologyGraph: scale and incremental builds', () => {
  void it('folds nodes above the threshold into summary nodes unless expanded', () => {
    const graph = build({ foldNodesAbove: 1, expandedNodes: ['worker-1'] });
    const summary = graph.nodes.find((n) => n.id === 'summary:worker-0');
    assert.ok(summary && summary.kind === 'node-summary');
    assert.equal(summary.counts.total, 33);
    assert.equal(summary.counts.byType.ethernet, 8);
    assert.equal(summary.counts.failing > 0, true);
    assert.ok(!graph.nodes.some((n) => n.id.startsWith('worker-0/')));
    assert.ok(graph.nodes.some((n) => n.id === 'worker-1/eno1/ethernet'));
    assert.equal(group(graph, 'node:worker-0').collapsed, true);
  });

  void it('collapsedNodes wins over expandedNodes', () => {
    const graph = build({ collapsedNodes: ['worker-1'], expandedNodes: ['worker-1'] });
    assert.ok(graph.nodes.some((n) => n.id === 'summary:worker-1'));
  });

  void it('notes nodes without a NodeNetworkState', () => {
    const graph = build();
    assert.ok(graph.notes.some((n) => n.code === 'node.noNetworkState' && n.node === 'worker-2'));
    assert.deepEqual(group(graph, 'node:worker-0').labels, {
      'node-role.kubernetes.io/worker': '',
      zone: 'a',
    });
  });

  void it('the memoising builder reuses unchanged nodes and rebuilds changed ones', () => {
    const builder = createTopologyGraphBuilder();
    const first = builder({ nodeNetworkStates: [worker0, worker1], enactments, policies, nodes });
    assert.deepEqual(first, build());
    const changed = makeNns('worker-1', [{ name: 'eno9', type: 'ethernet', state: 'up' }], {}, '2');
    const second = builder({ nodeNetworkStates: [worker0, changed], enactments, policies, nodes });
    const w0First = first.nodes.find((n) => n.id === `${W}/bond0/bond`);
    const w0Second = second.nodes.find((n) => n.id === `${W}/bond0/bond`);
    assert.ok(w0First && w0First === w0Second, 'unchanged node objects are reused');
    assert.ok(second.nodes.some((n) => n.id === 'worker-1/eno9/ethernet'));
    assert.ok(!second.nodes.some((n) => n.id === 'worker-1/eno1/ethernet'));
    // a new enactment on worker-0 invalidates worker-0 only
    const third = builder({
      nodeNetworkStates: [worker0, changed],
      enactments: [...enactments, { ...makeEnactment('worker-0', 'eth-policy', 'Available') }],
      policies,
      nodes,
    });
    assert.deepEqual(iface(third, `${W}/eno1/ethernet`).managedBy, ['eth-policy']);
  });

  void it('the memoising builder keeps nodes across a policy status write, not a spec change', () => {
    const builder = createTopologyGraphBuilder();
    const first = builder({ nodeNetworkStates: [worker0, worker1], enactments, policies, nodes });
    const bondOf = (g: ReturnType<typeof builder>) => iface(g, `${W}/bond0/bond`);
    // The handler writes status throughout a rollout: a new resourceVersion, the same generation.
    const statusWritten = policies.map((p): NodeNetworkConfigurationPolicy => ({
      ...p,
      metadata: { ...p.metadata, resourceVersion: '2' },
      status: { conditions: [{ type: 'Available', status: 'True' as const }] },
    }));
    const second = builder({
      nodeNetworkStates: [worker0, worker1],
      enactments,
      policies: statusWritten,
      nodes,
    });
    assert.equal(bondOf(second), bondOf(first), 'a status write rebuilds nothing');
    // A spec change bumps the generation: every node of the policy is rebuilt, from its cached
    // interfaces, into the same graph a fresh build gives.
    const respecified = statusWritten.map((p): NodeNetworkConfigurationPolicy => ({
      ...p,
      metadata: { ...p.metadata, generation: 2, resourceVersion: '3' },
    }));
    const inputs = {
      nodeNetworkStates: [worker0, worker1],
      enactments,
      policies: respecified,
      nodes,
    };
    const third = builder(inputs);
    assert.notEqual(bondOf(third), bondOf(first));
    assert.deepEqual(third, buildTopologyGraph(inputs));
  });

  void it('the memoising builder keeps interfaces across phase flips, not a new failure', () => {
    const builder = createTopologyGraphBuilder();
    const bondOf = (g: ReturnType<typeof builder>) => iface(g, `${W}/bond0/bond`);
    // A rollout flips enactment conditions (a new resourceVersion each time).
    const flip = (
      from: NodeNetworkConfigurationEnactment[],
      policy: string,
      phase: 'Progressing' | 'Available' | 'Failing',
      rv: string,
    ) =>
      from.map((e) => {
        if (e.metadata.name !== `worker-0.${policy}`) return e;
        const made = makeEnactment('worker-0', policy, phase);
        return { ...made, metadata: { ...made.metadata, resourceVersion: rv } };
      });
    for (const folded of [false, true]) {
      const options = folded ? { foldNodesAbove: 1 } : {};
      const first = builder({
        nodeNetworkStates: [worker0, worker1],
        enactments,
        policies,
        nodes,
        options,
      });
      const progressing = flip(enactments, 'bond0-policy', 'Progressing', '5');
      const inputs = {
        nodeNetworkStates: [worker0, worker1],
        enactments: progressing,
        policies,
        nodes,
        options,
      };
      const second = builder(inputs);
      assert.deepEqual(second, buildTopologyGraph(inputs), 'the same graph as a fresh build');
      const phaseOf = (g: ReturnType<typeof builder>) =>
        group(g, 'node:worker-0').policies.find((x) => x.policy === 'bond0-policy')?.phase;
      assert.equal(phaseOf(second), 'Progressing');
      if (folded) {
        const summaryOf = (g: ReturnType<typeof builder>) =>
          g.nodes.find((n) => n.id === 'summary:worker-0');
        assert.ok(summaryOf(first) && summaryOf(first) === summaryOf(second), 'summary reused');
      } else assert.equal(bondOf(second), bondOf(first), 'a phase flip rebuilds no interface');
      // Failing touches interfaces: they are rebuilt and marked.
      const failingInputs = {
        ...inputs,
        enactments: flip(progressing, 'bond0-policy', 'Failing', '6'),
      };
      const third = builder(failingInputs);
      assert.deepEqual(third, buildTopologyGraph(failingInputs));
      if (!folded) {
        assert.notEqual(bondOf(third), bondOf(second));
        assert.equal(bondOf(third).failing, true);
      }
    }
  });

  void it('buildNodeSubgraph builds one node', () => {
    const sub = buildNodeSubgraph(worker1, indexEnactments(enactments), policies);
    assert.equal(sub.group.id, 'node:worker-1');
    assert.deepEqual(
      sub.nodes.map((n: GraphNode) => n.id),
      [
        'worker-1/br-ex/ovs-bridge',
        'worker-1/br-ex/ovs-interface',
        'worker-1/eno1/ethernet',
        'worker-1/eno2/ethernet',
      ],
    );
    assert.equal(sub.switchPorts.length, 1);
  });

  // Build time is measured by `npm run bench`; this proves the full-size build is correct.
  void it('builds 500 nodes × 40 interfaces', { timeout: 120_000 }, () => {
    const cluster = generateCluster(500);
    const graph = buildTopologyGraph({ ...cluster, options: { showInternal: true } });
    const interfaces = graph.nodes.filter((n) => n.kind === 'interface').length;
    assert.equal(interfaces, 500 * 40);
  });
});

void describe('buildTopologyGraph: bad input', () => {
  void it('reports empty, missing names, missing types, duplicates and dangling references', () => {
    const broken = makeNns('broken', [
      { type: 'ethernet', state: 'up' },
      'not-an-object',
      { name: 'eth0', state: 'up' },
      { name: 'eth1', type: 'ethernet', state: 'weird' },
      { name: 'eth1', type: 'ethernet', state: 'down' },
      { name: 'br0', type: 'linux-bridge', bridge: { port: [{ name: 'ghost' }, 'x', {}] } },
      { name: 'v10', type: 'vlan', vlan: { 'base-iface': 'nowhere', id: 10 } },
      { name: 'p0', type: 'ethernet', controller: 'missing-bond' },
    ]);
    const empty = makeNns('empty', []);
    const noStatus = { metadata: { name: 'no-status' } } as NodeNetworkState;
    const graph = buildTopologyGraph({
      nodeNetworkStates: [broken, empty, noStatus, { metadata: {} } as NodeNetworkState],
      enactments: [],
      policies: [],
    });
    const codes = graph.notes.map(
      (n) => `${n.code} ${n.node ?? ''} ${String(n.params.reference ?? n.params.name ?? '')}`,
    );
    for (const expected of [
      'iface.missingName broken ',
      'iface.invalid broken ',
      'iface.missingType broken eth0',
      'iface.duplicate broken eth1',
      'edge.danglingReference broken ghost',
      'edge.danglingReference broken nowhere',
      'edge.danglingReference broken missing-bond',
      'nns.emptyState empty ',
      'nns.emptyState no-status ',
      'nns.missingName  ',
    ])
      assert.ok(codes.includes(expected), `${expected} in ${codes.join(' | ')}`);
    assert.equal(iface(graph, 'broken/eth0/unknown').type, 'unknown');
    assert.equal(iface(graph, 'broken/eth1/ethernet').state, 'unknown');
    assert.ok(graph.groups.some((g) => g.id === 'node:empty'));
  });

  void it('never throws on random JSON-ish NNS, enactments and policies', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom('eth0', 'br-ex', 'bond0', 'ovs-bridge', 'linux-bridge', 'vlan', 'up', ''),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(
          fc.constantFrom(
            'name',
            'type',
            'state',
            'controller',
            'bridge',
            'port',
            'vlan',
            'base-iface',
            'link-aggregation',
            'lldp',
            'neighbors',
            'patch',
            'peer',
            'ipv4',
            'address',
            'ip',
          ),
          tie('value'),
          { maxKeys: 5 },
        ),
      ),
    })).value;
    const nnsArb = fc.record({
      metadata: fc.oneof(fc.record({ name: fc.constantFrom('n1', 'n2') }), json),
      status: fc.oneof(
        json,
        fc.record({
          currentState: fc.oneof(json, fc.record({ interfaces: fc.array(json, { maxLength: 8 }) })),
        }),
      ),
    });
    fc.assert(
      fc.property(
        fc.array(nnsArb, { maxLength: 4 }),
        fc.array(json, { maxLength: 3 }),
        (nnss, junk) => {
          const graph = buildTopologyGraph({
            nodeNetworkStates: nnss as unknown as NodeNetworkState[],
            enactments: junk as never,
            policies: junk as never,
            options: { showInternal: true, filter: { ip: ['10.0.0.0/8'], type: ['vlan'] } },
          });
          JSON.stringify(graph);
        },
      ),
      { numRuns: 300 },
    );
  });
});

void describe('buildTopologyGraph: order', () => {
  const sortedIds = (ids: string[]) => [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  void it('sorts interfaces by id even when one name is a prefix of another', () => {
    // '-', '.' and '/' sort below and above the separator: names alone would misorder these.
    const names = ['br', 'br-ex', 'br.100', 'br/x', 'br0', 'b', 'br-ex0'];
    const types = ['linux-bridge', 'ovs-bridge', 'ovs-interface', 'vlan'];
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.constantFrom(...names), fc.constantFrom(...types)), {
          selector: ([n, t]) => `${n}/${t}`,
          maxLength: 12,
        }),
        (pairs) => {
          const nns = makeNns(
            'n',
            pairs.map(([name, type]) => ({ name, type, state: 'up' })),
          );
          const graph = buildTopologyGraph({
            nodeNetworkStates: [nns],
            enactments: [],
            policies: [],
            options: { showInternal: true },
          });
          const ids = graph.nodes.map((n) => n.id);
          assert.deepEqual(ids, sortedIds(ids));
        },
      ),
      { numRuns: 200 },
    );
  });

  void it('does not depend on the order the NNS lists interfaces and ports in', () => {
    const cluster = generateCluster(3);
    const reference = buildTopologyGraph({ ...cluster, options: { showInternal: true } });
    const edgeKey = (e: { source: string; kind: string; target: string }) =>
      `${e.source}\u0000${e.kind}\u0000${e.target}`;
    // Edges are ordered by (source, kind, target), and nodes by id.
    const keys = reference.edges.map(edgeKey);
    assert.deepEqual(keys, sortedIds(keys));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        let x = seed;
        const random = () => {
          x = (x * 48271) % 2147483647;
          return x / 2147483647;
        };
        const shuffle = <T>(list: readonly T[]): T[] => {
          const out = [...list];
          for (let i = out.length - 1; i > 0; i--) {
            const j = Math.floor(random() * (i + 1));
            [out[i], out[j]] = [out[j] as T, out[i] as T];
          }
          return out;
        };
        const shuffled = cluster.nodeNetworkStates.map((nns) =>
          makeNns(
            nns.metadata.name,
            shuffle(nns.status?.currentState?.interfaces ?? []).map((i) =>
              isRecordLike(i.bridge) && Array.isArray(i.bridge.port)
                ? { ...i, bridge: { ...i.bridge, port: shuffle(i.bridge.port) } }
                : i,
            ),
            {},
            nns.metadata.resourceVersion,
          ),
        );
        const graph = buildTopologyGraph({
          ...cluster,
          nodeNetworkStates: shuffle(shuffled),
          options: { showInternal: true },
        });
        assert.deepEqual(JSON.stringify(graph.nodes), JSON.stringify(reference.nodes));
        assert.deepEqual(graph.edges, reference.edges);
        assert.deepEqual(graph.notes, reference.notes);
      }),
      { numRuns: 25 },
    );
  });
});

function isRecordLike(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
