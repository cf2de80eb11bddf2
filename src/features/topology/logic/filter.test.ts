import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { enactments, nodes, policies, worker0, worker1 } from '../__fixtures__/topologyFixtures';
import type { TopologyFilter, TopologyGraph } from '../model/types';
import { buildTopologyGraph } from './buildTopologyGraph';
import { filterTopology, parseTopologyFilter, serializeTopologyFilter } from './filter';

const base = { nodeNetworkStates: [worker0, worker1], enactments, policies, nodes };
const graph = buildTopologyGraph(base);

function ifaceIds(g: TopologyGraph): string[] {
  return g.nodes.filter((n) => n.kind === 'interface').map((n) => n.id);
}

function both(filter: TopologyFilter): string[] {
  const post = ifaceIds(filterTopology(graph, filter));
  const during = ifaceIds(buildTopologyGraph({ ...base, options: { filter } }));
  assert.deepEqual(during, post, 'building with the filter equals filtering the graph');
  return post;
}

void describe('filterTopology', () => {
  void it('matches an IPv6 CIDR against every address, not only the first', () => {
    assert.deepEqual(both({ ip: ['fd00:1101::/64'] }), [
      'worker-0/br-ex/ovs-interface',
      'worker-0/br1/linux-bridge',
    ]);
    assert.deepEqual(both({ ip: ['2001:db8:1::/48'] }), ['worker-0/ens1f0/ethernet']);
  });

  void it('compares IPv6 canonically', () => {
    assert.deepEqual(both({ ip: ['fd00:1101::10'] }), ['worker-0/br1/linux-bridge']);
    assert.deepEqual(both({ ip: ['FD00:1101:0:0::0010'] }), ['worker-0/br1/linux-bridge']);
  });

  void it('matches IPv4 addresses and CIDRs beyond the first address', () => {
    assert.deepEqual(both({ ip: ['192.168.11.5'] }), ['worker-0/bond0/bond']);
    assert.deepEqual(both({ ip: ['10.0.0.0/24'] }), [
      'worker-0/br-ex/ovs-interface',
      'worker-1/br-ex/ovs-interface',
    ]);
  });

  void it('matches MACs case-insensitively with any separator', () => {
    assert.deepEqual(both({ mac: ['f8-f2-1e-b7-a6-50'] }), ['worker-0/ens1f0/ethernet']);
    assert.deepEqual(both({ mac: ['20:04:0f:fb:a0:98'] }), [
      'worker-0/br-ex/ovs-interface',
      'worker-0/eno1/ethernet',
    ]);
  });

  void it('matches LLDP system names and VLANs', () => {
    assert.deepEqual(both({ lldp: ['TOR-1'] }), [
      'worker-0/eno1/ethernet',
      'worker-1/eno1/ethernet',
    ]);
    assert.deepEqual(both({ vlan: [200] }), ['worker-0/eno1/ethernet']);
    assert.deepEqual(both({ vlan: [100] }), [
      'worker-0/bond0.100/vlan',
      'worker-0/eno1/ethernet',
      'worker-1/eno1/ethernet',
    ]);
  });

  void it('narrows nodes by name glob, substring and labels', () => {
    const g = filterTopology(graph, { label: ['zone=b'] });
    assert.ok(ifaceIds(g).every((id) => id.startsWith('worker-1/')));
    assert.deepEqual(
      g.groups.map((x) => x.id),
      ['node:worker-1', 'switch:08:05:E2:7D:0A:20'],
    );
    assert.equal(ifaceIds(filterTopology(graph, { node: ['w*-0'] })).length > 0, true);
    assert.ok(
      ifaceIds(filterTopology(graph, { node: ['ker-1'] })).every((id) =>
        id.startsWith('worker-1/'),
      ),
    );
    assert.equal(ifaceIds(filterTopology(graph, { label: ['missing'] })).length, 0);
    assert.equal(
      ifaceIds(filterTopology(graph, { label: ['node-role.kubernetes.io/worker'] })).length,
      ifaceIds(graph).length,
    );
  });

  void it('filters by type, state, policy and failing', () => {
    assert.deepEqual(both({ type: ['bond'] }), ['worker-0/bond0/bond']);
    assert.deepEqual(both({ type: ['wireguard'] }), ['worker-0/wg0/unknown']);
    assert.deepEqual(both({ state: ['down'] }), [
      'worker-0/eno4/ethernet',
      'worker-1/eno2/ethernet',
    ]);
    assert.deepEqual(both({ policy: ['vrf-policy'] }), [
      'worker-0/dummy0/dummy',
      'worker-0/vrf0/vrf',
    ]);
    assert.deepEqual(both({ failing: true, type: ['ethernet'] }), ['worker-0/ens2f0/ethernet']);
  });

  void it('keeps edges only between kept interfaces and LLDP ports of kept NICs', () => {
    const g = filterTopology(graph, { type: ['bond', 'ethernet'] });
    const ids = new Set(g.nodes.map((n) => n.id));
    for (const e of g.edges) assert.ok(ids.has(e.source) && ids.has(e.target), e.id);
    assert.ok(g.edges.some((e) => e.kind === 'bond-port'));
    assert.ok(g.edges.some((e) => e.kind === 'lldp'));
  });

  void it('narrows collapsed nodes by their interfaces when built with the filter', () => {
    const g = buildTopologyGraph({
      ...base,
      options: { filter: { ip: ['192.168.11.0/24'] }, foldNodesAbove: 0 },
    });
    assert.deepEqual(
      g.nodes.map((n) => n.id),
      ['summary:worker-0'],
    );
  });
});

void describe('parse/serialize topology filter', () => {
  void it('round-trips a full filter', () => {
    const filter: TopologyFilter = {
      node: ['worker-*'],
      label: ['zone=a', 'node-role.kubernetes.io/worker'],
      type: ['bond', 'vlan'],
      state: ['up'],
      ip: ['fd00:1101::/64', '10.0.0.5'],
      mac: ['20:04:0f:fb:a0:98'],
      lldp: ['tor 1'],
      vlan: [100, 200],
      policy: ['br1-policy'],
      failing: true,
    };
    const query = serializeTopologyFilter(filter);
    const { filter: back, errors } = parseTopologyFilter(`?${query}`);
    assert.deepEqual(errors, []);
    assert.deepEqual(serializeTopologyFilter(back), query);
    assert.deepEqual(back.ip, ['10.0.0.5', 'fd00:1101::/64']);
    assert.equal(back.failing, true);
  });

  void it('accepts comma lists, ignores unknown keys and reports bad terms', () => {
    const { filter, errors } = parseTopologyFilter(
      'selectedID=x&type=Bond,vlan&ip=10.0.0.0/33&ip=fd00::1&vlan=0&vlan=5000&vlan=7&mac=zz&failing=maybe',
    );
    assert.deepEqual(filter, { type: ['bond', 'vlan'], ip: ['fd00::1'], vlan: [7] });
    assert.deepEqual(
      errors.map((e) => `${e.code}:${e.params.value}`),
      [
        'filter.invalidIp:10.0.0.0/33',
        'filter.invalidMac:zz',
        'filter.invalidVlan:0',
        'filter.invalidVlan:5000',
        'filter.invalidFailing:maybe',
      ],
    );
    assert.deepEqual(parseTopologyFilter('').filter, {});
  });

  void it('round-trips arbitrary filters (property)', () => {
    const term = fc
      .string({ minLength: 1, maxLength: 12 })
      .filter((s) => !s.includes(',') && s.trim() === s);
    const arb = fc.record(
      {
        node: fc.array(term, { minLength: 1, maxLength: 3 }),
        label: fc.array(term, { minLength: 1, maxLength: 3 }),
        lldp: fc.array(term, { minLength: 1, maxLength: 3 }),
        policy: fc.array(term, { minLength: 1, maxLength: 3 }),
        vlan: fc.array(fc.integer({ min: 1, max: 4094 }), { minLength: 1, maxLength: 4 }),
        failing: fc.constant(true),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(arb, (filter) => {
        const once = serializeTopologyFilter(filter);
        const parsed = parseTopologyFilter(once);
        assert.deepEqual(parsed.errors, []);
        assert.equal(serializeTopologyFilter(parsed.filter), once);
      }),
    );
  });
});
