import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { NetworkInterface, NetworkState } from '../../../shared/model/nmstate';
import { currentStateOf, worker0Nns, worker2Nns } from '../__fixtures__/nodeNetworkStates';
import type { ApplyError, ApplyResult } from './applyDesiredState';
import {
  applyDefaultVlanFiltering,
  applyDesiredState,
  diffNetworkStates,
} from './applyDesiredState';

function errorOf(result: ApplyResult): ApplyError {
  if (result.ok) return assert.fail('expected the apply to fail');
  return result.error;
}

function must<T>(value: T | undefined): T {
  if (value === undefined) return assert.fail('missing value');
  return value;
}

const worker0 = (): NetworkState => currentStateOf(worker0Nns);

function iface(state: NetworkState, name: string, type?: string): NetworkInterface | undefined {
  return state.interfaces?.find((i) => i.name === name && (type === undefined || i.type === type));
}

function applied(current: NetworkState, desired: NetworkState): NetworkState {
  const result = applyDesiredState(current, desired, { macSeed: 'worker-0' });
  if (!result.ok) assert.fail(result.error.message);
  return result.state;
}

void test('creates a bond over free NICs and makes them its ports', () => {
  const state = applied(worker0(), {
    interfaces: [
      {
        name: 'bond1',
        type: 'bond',
        state: 'up',
        'link-aggregation': {
          mode: 'active-backup',
          options: { miimon: '140' },
          port: ['ens2f1', 'eno4'],
        },
      },
    ],
  });
  const bond = must(iface(state, 'bond1'));
  assert.equal(bond.state, 'up');
  assert.equal(iface(state, 'ens2f1')?.controller, 'bond1');
  assert.equal(iface(state, 'eno4')?.controller, 'bond1');
  assert.equal(bond['mac-address'], iface(state, 'ens2f1')?.['mac-address']);
});

void test('a bond port missing on the node fails like nmstate', () => {
  const result = applyDesiredState(currentStateOf(worker2Nns), {
    interfaces: [
      {
        name: 'bond1',
        type: 'bond',
        state: 'up',
        'link-aggregation': { mode: '802.3ad', port: ['ens2f1'] },
      },
    ],
  });
  const error = errorOf(result);
  assert.equal(error.code, 'InterfaceNotFound');
  assert.equal(error.interface, 'ens2f1');
  assert.match(error.message, /^NmstateError: InvalidArgument: Interface ens2f1 does not exist/);
});

void test('ethernets cannot be created', () => {
  const result = applyDesiredState(worker0(), {
    interfaces: [{ name: 'eth666', type: 'ethernet', state: 'up' }],
  });
  assert.deepEqual(errorOf(result), {
    code: 'InterfaceNotFound',
    message: 'NmstateError: InvalidArgument: Ethernet interface eth666 does not exists',
    interface: 'eth666',
  });
});

void test('state absent removes a bridge and frees its port; a typeless entry matches by name', () => {
  const state = applied(worker0(), { interfaces: [{ name: 'br-tenant', state: 'absent' }] });
  assert.equal(iface(state, 'br-tenant'), undefined);
  assert.equal(iface(state, 'ens2f0')?.controller, undefined);
});

void test('removing the base of a VLAN is an error unless the VLAN goes too', () => {
  const bad = applyDesiredState(worker0(), {
    interfaces: [{ name: 'bond0', type: 'bond', state: 'absent' }],
  });
  assert.equal(errorOf(bad).code, 'DependencyError');
  const state = applied(worker0(), {
    interfaces: [
      { name: 'bond0.100', type: 'vlan', state: 'absent' },
      { name: 'bond0.300', type: 'vlan', state: 'absent' },
      { name: 'br-vm', type: 'linux-bridge', state: 'absent' },
      { name: 'bond0', type: 'bond', state: 'absent' },
    ],
  });
  assert.equal(iface(state, 'bond0'), undefined);
  assert.equal(iface(state, 'eno2')?.controller, undefined);
  assert.ok(!(state.routes?.running ?? []).some((r) => r['next-hop-interface'] === 'bond0.100'));
});

void test('partial edit merges keys and replaces lists', () => {
  const state = applied(worker0(), {
    interfaces: [
      { name: 'bond0', type: 'bond', mtu: 8000, 'link-aggregation': { options: { miimon: 200 } } },
      { name: 'bond0.100', ipv4: { address: [{ ip: '172.22.100.50', 'prefix-length': 24 }] } },
    ],
  });
  const agg = must(iface(state, 'bond0')?.['link-aggregation']);
  assert.equal(iface(state, 'bond0')?.mtu, 8000);
  assert.equal(agg.mode, '802.3ad');
  assert.deepEqual(agg.options, {
    miimon: 200,
    lacp_rate: 'fast',
    xmit_hash_policy: 'layer3+4',
    ad_select: 'stable',
  });
  assert.deepEqual(iface(state, 'bond0.100')?.ipv4?.address, [
    { ip: '172.22.100.50', 'prefix-length': 24 },
  ]);
});

void test('creates a VLAN, linux-bridge with port VLANs, OVS bridge, mac-vlan, vxlan, vrf and dummy', () => {
  const state = applied(worker0(), {
    interfaces: [
      { name: 'ens2f1.210', type: 'vlan', state: 'up', vlan: { 'base-iface': 'ens2f1', id: 210 } },
      {
        name: 'br210',
        type: 'linux-bridge',
        state: 'up',
        bridge: {
          options: { stp: { enabled: false } },
          port: [{ name: 'ens2f1.210', vlan: { mode: 'access', tag: 210 } }],
        },
      },
      {
        name: 'ovs1',
        type: 'ovs-interface',
        state: 'up',
        ipv4: { enabled: true, address: [{ ip: '10.9.0.2', 'prefix-length': 24 }] },
      },
      {
        name: 'br-ovs',
        type: 'ovs-bridge',
        state: 'up',
        bridge: { port: [{ name: 'ovs1' }, { name: 'eno4' }] },
      },
      {
        name: 'mv0',
        type: 'mac-vlan',
        state: 'up',
        'mac-vlan': { 'base-iface': 'bond0.100', mode: 'bridge' },
      },
      {
        name: 'vx100',
        type: 'vxlan',
        state: 'up',
        vxlan: { 'base-iface': 'bond0.100', id: 100, remote: '172.22.100.9' },
      },
      { name: 'dummy0', type: 'dummy', state: 'up' },
      {
        name: 'vrf100',
        type: 'vrf',
        state: 'up',
        vrf: { port: ['dummy0'], 'route-table-id': 100 },
      },
    ],
  });
  assert.equal(iface(state, 'ens2f1.210')?.controller, 'br210');
  assert.equal(iface(state, 'ovs1')?.controller, 'br-ovs');
  assert.equal(iface(state, 'eno4')?.controller, 'br-ovs');
  assert.equal(iface(state, 'dummy0')?.controller, 'vrf100');
  assert.equal(
    iface(state, 'ens2f1.210')?.['mac-address'],
    iface(state, 'ens2f1')?.['mac-address'],
  );
  for (const name of ['mv0', 'vx100']) assert.equal(iface(state, name)?.state, 'up');
});

void test('invalid options fail with InvalidArgument', () => {
  const cases: NetworkState[] = [
    {
      interfaces: [
        {
          name: 'bond9',
          type: 'bond',
          state: 'up',
          'link-aggregation': { mode: 'lacp', port: ['eno4'] },
        },
      ],
    },
    {
      interfaces: [
        { name: 'v', type: 'vlan', state: 'up', vlan: { 'base-iface': 'eno4', id: 5000 } },
      ],
    },
    { interfaces: [{ name: 'eno4', type: 'ethernet', state: 'up', mtu: 12000 }] },
    { interfaces: [{ name: 'eno4', type: 'ethernet', state: 'up', mtu: 10 }] },
  ];
  for (const desired of cases) {
    const result = applyDesiredState(worker0(), desired);
    const error = errorOf(result);
    assert.equal(error.code, 'InvalidArgument', JSON.stringify(desired));
    assert.match(error.message, /^NmstateError: InvalidArgument: /);
  }
});

void test('an address used by another interface is rejected', () => {
  const result = applyDesiredState(worker0(), {
    interfaces: [
      {
        name: 'eno4',
        type: 'ethernet',
        state: 'up',
        ipv4: { enabled: true, address: [{ ip: '172.22.100.20', 'prefix-length': 24 }] },
      },
    ],
  });
  const error = errorOf(result);
  assert.equal(error.code, 'AddressInUse');
  assert.match(error.message, /already used by interface bond0\.100/);
});

void test('taking down the default-route interface fails the ping probe and rolls back', () => {
  for (const desired of [
    { interfaces: [{ name: 'br-ex', type: 'ovs-interface', state: 'down' }] },
    { interfaces: [{ name: 'eno1', type: 'ethernet', state: 'absent' }] },
    {
      interfaces: [
        {
          name: 'br-ex',
          type: 'ovs-interface',
          ipv4: {
            enabled: true,
            dhcp: false,
            address: [{ ip: '192.168.111.99', 'prefix-length': 24 }],
          },
        },
      ],
    },
  ] satisfies NetworkState[]) {
    const result = applyDesiredState(worker0(), desired);
    const error = errorOf(result);
    assert.equal(error.code, 'ProbeFailed');
    assert.ok(
      error.message.startsWith(
        "rolling back desired state configuration: failed runnig probes after network changes: failed runnig probe 'ping' with after network reconfiguration -> currentState: ",
      ),
    );
    assert.match(error.message, /name: br-ex/);
  }
});

void test('routes: add, reflect in running, remove with state absent', () => {
  const added = applied(worker0(), {
    routes: {
      config: [
        {
          destination: '198.51.100.0/24',
          'next-hop-address': '172.22.100.1',
          'next-hop-interface': 'bond0.100',
          metric: 150,
        },
      ],
    },
  });
  assert.ok(
    added.routes?.running?.some(
      (r) => r.destination === '198.51.100.0/24' && r['table-id'] === 254,
    ),
  );
  assert.equal(added.routes?.config?.length, 1);
  const removed = applied(added, {
    routes: { config: [{ destination: '198.51.100.0/24', state: 'absent' }] },
  });
  assert.ok(!(removed.routes?.running ?? []).some((r) => r.destination === '198.51.100.0/24'));
  const bad = applyDesiredState(worker0(), {
    routes: { config: [{ destination: '10.0.0.0/8', 'next-hop-interface': 'nope' }] },
  });
  assert.equal(bad.ok, false);
});

void test('dns-resolver config sets running servers and search', () => {
  const state = applied(worker0(), {
    'dns-resolver': { config: { server: ['8.8.8.8'], search: ['example.org'] } },
  });
  assert.deepEqual(state['dns-resolver']?.running, {
    server: ['8.8.8.8', '192.168.111.1', 'fd00:1101::1'],
    search: ['example.org', 'ocp4.example.com'],
  });
  assert.deepEqual(must(state['dns-resolver']).config, {
    server: ['8.8.8.8'],
    search: ['example.org'],
  });
  const cleared = applied(state, { 'dns-resolver': { config: {} } });
  assert.deepEqual(cleared['dns-resolver']?.running?.server, ['192.168.111.1', 'fd00:1101::1']);
});

void test('state down keeps the interface; disabling IPv4 drops addresses', () => {
  const state = applied(worker0(), {
    interfaces: [
      { name: 'br-vm', type: 'linux-bridge', state: 'down' },
      { name: 'bond0.100', ipv4: { enabled: false } },
    ],
  });
  assert.equal(iface(state, 'br-vm')?.state, 'down');
  assert.deepEqual(iface(state, 'bond0.100')?.ipv4, { enabled: false });
});

void test('inputs are not mutated and applying twice is idempotent', () => {
  const current = worker0();
  const snapshot = JSON.stringify(current);
  const desired: NetworkState = {
    interfaces: [
      {
        name: 'bond1',
        type: 'bond',
        state: 'up',
        'link-aggregation': { mode: 'active-backup', port: ['ens2f1'] },
      },
    ],
  };
  const once = applied(current, desired);
  assert.equal(JSON.stringify(current), snapshot);
  const twice = applyDesiredState(once, desired);
  if (!twice.ok) assert.fail(twice.error.message);
  assert.deepEqual(twice.changes.interfaces, { created: [], changed: [], removed: [] });
});

void test('diffNetworkStates reports created, changed (with paths) and removed interfaces', () => {
  const before = worker0();
  const after = applied(before, {
    interfaces: [
      { name: 'dummy1', type: 'dummy', state: 'up' },
      { name: 'bond0', type: 'bond', mtu: 8000 },
      { name: 'br-tenant', type: 'linux-bridge', state: 'absent' },
    ],
  });
  const diff = diffNetworkStates(before, after);
  assert.deepEqual(diff.interfaces.created, [{ name: 'dummy1', type: 'dummy' }]);
  assert.deepEqual(diff.interfaces.removed, [{ name: 'br-tenant', type: 'linux-bridge' }]);
  assert.deepEqual(diff.interfaces.changed.find((c) => c.name === 'bond0')?.fields, ['mtu']);
  assert.deepEqual(diff.interfaces.changed.find((c) => c.name === 'ens2f0')?.fields, [
    'controller',
  ]);
  const brEx = diffNetworkStates(before, before);
  assert.equal(brEx.interfaces.changed.length, 0);
});

void test('applyDefaultVlanFiltering injects a 2-4094 trunk into up linux-bridge ports without vlan', () => {
  const desired: NetworkState = {
    interfaces: [
      {
        name: 'br1',
        type: 'linux-bridge',
        state: 'up',
        bridge: { port: [{ name: 'eth1' }, { name: 'eth2', vlan: { mode: 'access', tag: 5 } }] },
      },
      { name: 'br2', type: 'linux-bridge', state: 'down', bridge: { port: [{ name: 'eth3' }] } },
    ],
  };
  const out = applyDefaultVlanFiltering(desired);
  const [br1, br2] = must(out.interfaces);
  const [eth1, eth2] = must(br1?.bridge?.port);
  assert.deepEqual(eth1?.vlan, {
    mode: 'trunk',
    'trunk-tags': [{ 'id-range': { min: 2, max: 4094 } }],
  });
  assert.deepEqual(eth2?.vlan, { mode: 'access', tag: 5 });
  assert.equal(br2?.bridge?.port?.[0]?.vlan, undefined);
  assert.equal(desired.interfaces?.[0]?.bridge?.port?.[0]?.vlan, undefined);
});

test('diffNetworkStates skips list entries that are not objects (found by the property test)', () => {
  const junk = { interfaces: [null, 7], routes: { running: [null] } } as unknown as NetworkState;
  const diff = diffNetworkStates(junk, { interfaces: [{ name: 'eth9', type: 'dummy' }] });
  assert.deepEqual(diff.interfaces.created, [{ name: 'eth9', type: 'dummy' }]);
  assert.deepEqual(diff.interfaces.removed, []);
  assert.deepEqual(diff.routes, { added: [], removed: [] });
});
