import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type {
  NetworkState,
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
} from '../../../shared/model/nmstate';
import { buildInverse, computeNodeInverse, type NodeBefore } from './inverse';
import { getNodeRevertInputs } from './revertInputs';

const bond0 = {
  name: 'bond0',
  type: 'bond',
  state: 'up',
  mtu: 1500,
  'link-aggregation': { mode: 'active-backup', port: ['eno1', 'eno2'], options: { miimon: 100 } },
  ipv4: { enabled: false },
};
const bond0300 = {
  name: 'bond0.300',
  type: 'vlan',
  state: 'up',
  vlan: { 'base-iface': 'bond0', id: 300 },
};
const eno1 = { name: 'eno1', type: 'ethernet', state: 'up', controller: 'bond0' };

// The policy from the issue: reuses bond0 (raising its MTU), adds bond0.100, a bridge on it and
// one DNS search domain.
const desired: NetworkState = {
  interfaces: [
    { name: 'bond0', type: 'bond', state: 'up', mtu: 9000 },
    { name: 'bond0.100', type: 'vlan', state: 'up', vlan: { 'base-iface': 'bond0', id: 100 } },
    { name: 'br100', type: 'linux-bridge', state: 'up', bridge: { port: [{ name: 'bond0.100' }] } },
  ],
  'dns-resolver': { config: { search: ['a.example', 'b.example'] } },
};
const dnsBefore = { config: { server: ['10.0.0.53'], search: ['a.example'] } };
const beforeState: NetworkState = {
  interfaces: [structuredClone(bond0)],
  'dns-resolver': structuredClone(dnsBefore),
};
const now: NetworkState = {
  interfaces: [
    { ...bond0, mtu: 9000 },
    bond0300,
    eno1,
    { name: 'bond0.100', type: 'vlan', state: 'up', vlan: { 'base-iface': 'bond0', id: 100 } },
    { name: 'br100', type: 'linux-bridge', state: 'up', bridge: { port: [{ name: 'bond0.100' }] } },
  ],
  'dns-resolver': { config: { server: ['10.0.0.53'], search: ['a.example', 'b.example'] } },
};
const complete = (state: NetworkState): NodeBefore => ({
  knowledge: 'complete',
  state,
  dns: state['dns-resolver'] !== undefined,
  routes: state.routes !== undefined,
  rules: state['route-rules'] !== undefined,
});

describe('buildInverse', () => {
  it('restores a pre-existing bond, removes only what the policy created, keeps DNS servers', () => {
    const r = buildInverse([{ node: 'w0', desired, before: complete(beforeState), now }]);
    assert.deepEqual(r.notes, []);
    assert.deepEqual(r.desiredState.interfaces, [
      { name: 'bond0.100', type: 'vlan', state: 'absent' },
      { name: 'br100', type: 'linux-bridge', state: 'absent' },
      // Earlier values for the keys the policy set; never absent, its ports untouched.
      { name: 'bond0', type: 'bond', state: 'up', mtu: 1500 },
    ]);
    assert.deepEqual(r.desiredState['dns-resolver'], {
      config: { server: ['10.0.0.53'], search: ['a.example'] },
    });
  });

  it('does not remove a created interface that something present now is built on', () => {
    const d: NetworkState = {
      interfaces: [
        {
          name: 'bond5',
          type: 'bond',
          state: 'up',
          'link-aggregation': { mode: 'balance-rr', port: [] },
        },
      ],
    };
    const n: NetworkState = {
      interfaces: [
        { name: 'bond5', type: 'bond', state: 'up' },
        { name: 'bond5.300', type: 'vlan', state: 'up', vlan: { 'base-iface': 'bond5', id: 300 } },
      ],
    };
    const r = buildInverse([
      { node: 'w0', desired: d, before: complete({ interfaces: [] }), now: n },
    ]);
    assert.equal(r.desiredState.interfaces, undefined);
    assert.deepEqual(
      r.notes.map((x) => [x.code, x.element, x.params.dependents]),
      [['inverse.hasDependents', 'bond5', 'bond5.300']],
    );
  });

  it('a bond not in a complete earlier state is created; a foreign VLAN on it keeps it, its own VLAN goes', () => {
    const r = computeNodeInverse({
      node: 'w0',
      desired,
      before: complete({ interfaces: [] }),
      now,
    });
    // bond0 is declared but was not in the (complete) earlier state: created, and bond0.300 (not
    // the policy's) is built on it, so it stays.
    assert.equal(r.elements.get('if:bond0/bond')?.kind, 'refused');
    assert.equal(r.elements.get('if:bond0.100/vlan')?.kind, 'value');
  });

  it('refuses what the earlier state does not say, and says so', () => {
    const r = buildInverse([
      {
        node: 'w0',
        desired,
        before: { knowledge: 'none', state: {}, dns: false, routes: false, rules: false },
        now,
      },
    ]);
    assert.equal(r.desiredState.interfaces, undefined);
    assert.equal(r.desiredState['dns-resolver'], undefined);
    assert.deepEqual(r.notes.map((n) => n.code).sort(), [
      'inverse.dnsUnknown',
      'inverse.interfaceUnknown',
      'inverse.interfaceUnknown',
      'inverse.interfaceUnknown',
    ]);
    // The user may assume declared virtual interfaces were created; DNS stays refused.
    const assumed = buildInverse(
      [
        {
          node: 'w0',
          desired,
          before: { knowledge: 'none', state: {}, dns: false, routes: false, rules: false },
          now,
        },
      ],
      { assumeDeclaredVirtualCreated: true },
    );
    assert.ok(assumed.notes.some((n) => n.code === 'inverse.assumedCreated'));
    assert.ok(
      assumed.notes.some((n) => n.element === 'bond0' && n.code === 'inverse.hasDependents'),
    );
    assert.deepEqual(
      assumed.desiredState.interfaces?.map((i) => i.name),
      ['bond0.100', 'br100'],
    );
  });

  it('routes: added ones become absent, removed ones come back, pre-existing ones stay', () => {
    const kept = {
      destination: '10.9.0.0/16',
      'next-hop-address': '192.0.2.1',
      'next-hop-interface': 'eno1',
    };
    const gone = {
      destination: '10.8.0.0/16',
      'next-hop-address': '192.0.2.1',
      'next-hop-interface': 'eno1',
      metric: 50,
    };
    const added = {
      destination: '10.7.0.0/16',
      'next-hop-address': '192.0.2.1',
      'next-hop-interface': 'eno1',
    };
    const d: NetworkState = {
      routes: { config: [kept, added, { destination: '10.8.0.0/16', state: 'absent' }] },
    };
    const b: NetworkState = { routes: { config: [kept, gone] } };
    const n: NetworkState = { routes: { config: [kept, added] } };
    const r = buildInverse([{ node: 'w0', desired: d, before: complete(b), now: n }]);
    assert.deepEqual(r.desiredState.routes?.config, [{ ...added, state: 'absent' }, gone]);
  });

  it('route rules: added ones become absent, removed ones come back by nmstate matching', () => {
    const rule = { 'ip-from': '192.0.2.0/24', 'route-table': 100, 'table-id': 100, priority: 1000 };
    const old = { 'ip-to': '198.51.100.0/24', 'table-id': 200, priority: 500 };
    const d = {
      'route-rules': { config: [rule, { 'ip-to': '198.51.100.0/24', state: 'absent' }] },
    } as NetworkState;
    const b = { 'route-rules': { config: [old] } } as NetworkState;
    const n = { 'route-rules': { config: [rule] } } as NetworkState;
    const r = buildInverse([{ node: 'w0', desired: d, before: complete(b), now: n }]);
    assert.deepEqual(r.desiredState['route-rules'], {
      config: [{ ...rule, state: 'absent' }, old],
    });
  });

  it('nodes needing different values: the element is refused for all, with the nodes named', () => {
    const b1: NetworkState = { interfaces: [{ ...bond0, mtu: 1500 }], 'dns-resolver': dnsBefore };
    const b2: NetworkState = { interfaces: [{ ...bond0, mtu: 1400 }], 'dns-resolver': dnsBefore };
    const r = buildInverse([
      { node: 'w0', desired, before: complete(b1), now },
      { node: 'w1', desired, before: complete(b2), now },
    ]);
    assert.ok(!r.desiredState.interfaces?.some((i) => i.name === 'bond0'));
    const note = r.notes.find((n) => n.element === 'bond0');
    assert.ok(note);
    assert.equal(note.code, 'inverse.perNodeDifference');
    assert.deepEqual(note.nodes, ['w1']);
  });

  it('a node where the policy failed (restored) accepts removals that are no-ops there', () => {
    const failedNow: NetworkState = {
      interfaces: [structuredClone(bond0), bond0300, eno1],
      'dns-resolver': dnsBefore,
    };
    const r = buildInverse([
      { node: 'w0', desired, before: complete(beforeState), now },
      { node: 'w2', desired, before: complete(failedNow), now: failedNow },
    ]);
    assert.deepEqual(r.notes, []);
    assert.deepEqual(
      r.desiredState.interfaces?.map((i) => `${i.name}:${String(i.state)}`),
      ['bond0.100:absent', 'br100:absent', 'bond0:up'],
    );
  });
});

describe('getNodeRevertInputs', () => {
  const policy: NodeNetworkConfigurationPolicy = {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name: 'p', generation: 1, uid: 'u1' },
    spec: { desiredState: desired },
  };
  const nnce = (node: string, type: string): NodeNetworkConfigurationEnactment => ({
    apiVersion: 'nmstate.io/v1beta1',
    kind: 'NodeNetworkConfigurationEnactment',
    metadata: { name: `${node}.p`, labels: { 'nmstate.io/policy': 'p', 'nmstate.io/node': node } },
    status: { policyGeneration: 1, conditions: [{ type, status: 'True' as const }] },
  });
  it('uses a trusted baseline, a failed node’s restored state, else nothing', () => {
    const current = new Map<string, NetworkState>([
      ['w0', now],
      ['w1', now],
      ['w2', beforeState],
    ]);
    const inputs = getNodeRevertInputs(
      policy,
      ['w0', 'w1', 'w2'],
      current,
      [nnce('w0', 'Available'), nnce('w1', 'Available'), nnce('w2', 'Failing')],
      [{ generation: 1, specDesiredState: desired, baseline: { w0: beforeState } }],
    );
    assert.deepEqual(
      inputs.map((i) => [i.node, i.before.knowledge]),
      [
        ['w0', 'complete'],
        ['w1', 'none'],
        ['w2', 'complete'],
      ],
    );
    assert.equal(inputs[2]?.before.state, beforeState);
  });
});
