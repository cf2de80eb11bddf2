// Shapes follow nmstate's reported state (nmstate rust/src/lib/net_state.rs NetworkState:
// interfaces, routes.running, dns-resolver.running) as kubernetes-nmstate stores it in
// NodeNetworkState status.currentState.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeNns, worker0, worker0Interfaces } from '../__fixtures__/topologyFixtures';
import { getDnsInfo, getInterfaceRows, getLldpRows, getRouteRows } from './nnsTables';
import type { NodeOwnership } from './buildTopologyGraph';

test('interface rows carry addresses, MTU and the policies that manage or fail on them', () => {
  const ownership: NodeOwnership = {
    policies: [{ policy: 'bond-policy', phase: 'Failing' }],
    failingPolicies: ['bond-policy'],
    named: new Map([['eno1', [{ policy: 'lldp' }, { policy: 'lldp' }, { policy: 'a-first' }]]]),
    failingTouched: new Map([['eno1', new Set(['bond-policy'])]]),
  };
  const rows = getInterfaceRows(worker0, ownership);
  assert.equal(rows.length, worker0Interfaces.length);
  const eno1 = rows.find((r) => r.name === 'eno1');
  assert.ok(eno1);
  assert.deepEqual(eno1.managedBy, ['a-first', 'lldp']);
  assert.deepEqual(eno1.failingPolicies, ['bond-policy']);
  assert.equal(eno1.type, 'ethernet');
  const withAddress = rows.find((r) => r.addresses.length > 0);
  assert.ok(withAddress && /\/\d+$/.test(withAddress.addresses[0] ?? ''));
});

test('malformed interfaces and addresses are skipped, not thrown on', () => {
  const nns = makeNns('n', [
    null,
    'eth0',
    {
      name: 'eth1',
      type: 'ethernet',
      description: 7,
      ipv4: { address: [{ ip: 5 }, { ip: '10.0.0.2' }] },
    },
    { name: 'eth2', type: 'ethernet', description: 'uplink to tor-a' },
  ]);
  const rows = getInterfaceRows(nns, undefined);
  assert.deepEqual(
    rows.map((r) => [r.name, r.addresses, r.managedBy, r.description]),
    [
      ['eth1', ['10.0.0.2'], [], ''],
      ['eth2', [], [], 'uplink to tor-a'],
    ],
  );
});

test('routes: default routes first, then by destination', () => {
  const rows = getRouteRows(worker0);
  assert.deepEqual(
    rows.map((r) => r.destination),
    ['0.0.0.0/0', '10.128.0.0/14', '192.168.20.0/24'],
  );
  assert.equal(rows[0]?.nextHopInterface, 'br-ex');
  assert.equal(rows[0].tableId, 254);
  assert.deepEqual(getRouteRows(makeNns('n', [], { routes: { running: 'x' } as never })), []);
});

test('DNS resolver in use, and none when not reported', () => {
  const nns = makeNns('n', [], {
    'dns-resolver': { running: { server: ['10.0.0.53', 7], search: ['example.com'] } },
  } as never);
  assert.deepEqual(getDnsInfo(nns), { servers: ['10.0.0.53'], search: ['example.com'] });
  assert.deepEqual(getDnsInfo(worker0), { servers: [], search: [] });
});

test('LLDP neighbours by interface, duplicates merged', () => {
  const rows = getLldpRows(worker0);
  const eno1 = rows.filter((r) => r.interface === 'eno1');
  assert.equal(eno1.length, 1);
  assert.equal(eno1[0]?.neighbor.portId, 'xe-0/0/19');
  assert.deepEqual(
    eno1[0].neighbor.vlans.map((v) => v.id),
    [100, 200, 204],
  );
});
