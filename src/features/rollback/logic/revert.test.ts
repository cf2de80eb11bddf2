import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildRevertDesiredState } from './revert';
import { makeNodeState } from '../../policies/__fixtures__/clusterFixtures';
import {
  bondVlanPolicy,
  dnsPolicy,
  linuxBridgePolicy,
  routePolicy,
  vlanPolicy,
  absentPolicy,
} from '../../policies/__fixtures__/policyFixtures';
import type { NetworkState } from '../../../shared/model/nmstate';

const W1 = 'worker-1';
const W2 = 'worker-2';
const before = (extra: Partial<Record<string, NetworkState>> = {}): Map<string, NetworkState> =>
  new Map([
    [W1, extra[W1] ?? makeNodeState(1)],
    [W2, extra[W2] ?? makeNodeState(2)],
  ]);

void describe('buildRevertDesiredState', () => {
  void it('bond: the created bond goes absent and its ports get their earlier config', () => {
    const spec = structuredClone(bondVlanPolicy.spec);
    const bond = spec.desiredState?.interfaces?.[0];
    assert.ok(bond?.['link-aggregation']);
    bond['link-aggregation'].port = ['ens4', 'ens5'];
    const r = buildRevertDesiredState(spec, before());
    const ifaces = r.desiredState.interfaces ?? [];
    assert.deepEqual(
      ifaces.filter((i) => i.state === 'absent').map((i) => `${i.name}/${i.type}`),
      ['bond1/bond', 'bond1.210/vlan'],
    );
    const ens4 = ifaces.find((i) => i.name === 'ens4');
    assert.deepEqual(ens4, {
      name: 'ens4',
      type: 'ethernet',
      state: 'up',
      'mac-address': '52:54:00:00:01:04',
      mtu: 1500,
      ipv4: { enabled: false },
      ipv6: { enabled: false },
    });
    assert.ok(
      r.notes.some((n) => n.code === 'revert.perNodeDifference' && n.params.name === 'ens4'),
    );
  });
  void it('bridge: created bridge absent, port restored', () => {
    const r = buildRevertDesiredState(linuxBridgePolicy.spec, before());
    const ifaces = r.desiredState.interfaces ?? [];
    assert.deepEqual(ifaces[0], { name: 'br-storage', type: 'linux-bridge', state: 'absent' });
    assert.deepEqual(
      ifaces.slice(1).map((i) => i.name),
      ['ens4', 'ens5'],
    );
  });
  void it('VLAN: created VLAN absent, nothing else', () => {
    const r = buildRevertDesiredState(vlanPolicy.spec, before());
    assert.deepEqual(r.desiredState, {
      interfaces: [{ name: 'ens4.102', type: 'vlan', state: 'absent' }],
    });
    assert.deepEqual(r.notes, []);
  });
  void it('changed interface: only the fields the policy touched, back to their earlier values', () => {
    const r = buildRevertDesiredState(routePolicy.spec, before());
    const ens4 = r.desiredState.interfaces?.[0];
    assert.deepEqual(ens4, {
      name: 'ens4',
      type: 'ethernet',
      state: 'up',
      ipv4: { enabled: false },
    });
  });
  void it('dynamic addresses are not restored as static', () => {
    const state = makeNodeState(1);
    const ens4 = state.interfaces?.find((i) => i.name === 'ens4');
    assert.ok(ens4);
    ens4.ipv4 = {
      enabled: true,
      dhcp: true,
      address: [{ ip: '10.0.0.5', 'prefix-length': 24, 'valid-left': '3600sec' }],
    };
    const r = buildRevertDesiredState(routePolicy.spec, new Map([[W1, state]]));
    assert.deepEqual(r.desiredState.interfaces?.[0]?.ipv4, { enabled: true, dhcp: true });
  });
  void it('routes: added ones go absent, removed ones come back', () => {
    const spec = structuredClone(routePolicy.spec);
    spec.desiredState?.routes?.config?.push({
      destination: '192.168.111.0/24',
      'next-hop-interface': 'br-ex',
      state: 'absent',
    });
    spec.desiredState?.routes?.config?.push({ destination: '203.0.113.0/24', state: 'absent' });
    const r = buildRevertDesiredState(spec, before());
    assert.deepEqual(r.desiredState.routes?.config, [
      {
        destination: '198.51.100.0/24',
        metric: 150,
        'next-hop-address': '192.0.2.2',
        'next-hop-interface': 'ens4',
        'table-id': 254,
        state: 'absent',
      },
      {
        destination: '192.168.111.0/24',
        'next-hop-address': '',
        'next-hop-interface': 'br-ex',
        metric: 48,
        'table-id': 254,
      },
    ]);
    assert.ok(
      r.notes.some(
        (n) => n.code === 'revert.routeUnknown' && n.params.destination === '203.0.113.0/24',
      ),
    );
  });
  void it('DNS goes back to the earlier static config', () => {
    const r = buildRevertDesiredState(dnsPolicy.spec, before());
    assert.deepEqual(r.desiredState['dns-resolver'], { config: { server: [], search: [] } });
  });
  void it('absent interfaces are recreated from the recorded state, with their ports', () => {
    const state = makeNodeState(1, {
      extraInterfaces: [
        {
          name: 'bond0',
          type: 'bond',
          state: 'up',
          mtu: 1500,
          'min-mtu': 68,
          'link-aggregation': { mode: 'active-backup', port: ['ens4'] },
        },
      ],
    });
    const r = buildRevertDesiredState(absentPolicy.spec, new Map([[W1, state]]));
    const ifaces = r.desiredState.interfaces ?? [];
    assert.deepEqual(ifaces[0], {
      name: 'bond0',
      type: 'bond',
      state: 'up',
      mtu: 1500,
      'link-aggregation': { mode: 'active-backup', port: ['ens4'] },
    });
    assert.equal(ifaces[1]?.name, 'ens4');
    assert.ok(
      r.notes.some((n) => n.code === 'revert.interfaceUnknown' && n.params.name === 'legacy0'),
    );
  });
  void it('notes per-node differences and partial creation', () => {
    const w2 = makeNodeState(2, {
      extraInterfaces: [
        { name: 'ens4.102', type: 'vlan', state: 'up', vlan: { 'base-iface': 'ens4', id: 102 } },
      ],
    });
    const r = buildRevertDesiredState(vlanPolicy.spec, before({ [W2]: w2 }));
    assert.deepEqual(r.notes.find((n) => n.code === 'revert.createdOnSomeNodes')?.nodes, [W1]);
    assert.equal(r.desiredState.interfaces?.[0]?.state, 'up');
  });
  void it('cannot remove a NIC and needs recorded states', () => {
    const r = buildRevertDesiredState(
      { desiredState: { interfaces: [{ name: 'ens9', type: 'ethernet', state: 'up' }] } },
      before(),
    );
    assert.equal(r.notes[0]?.code, 'revert.cannotRemovePhysical');
    assert.equal(
      buildRevertDesiredState(vlanPolicy.spec, new Map()).notes[0]?.code,
      'revert.noBeforeState',
    );
    assert.equal(
      buildRevertDesiredState(
        { desiredState: { interfaces: '{{ capture.x.interfaces }}' as unknown as [] } },
        before(),
      ).notes[0]?.code,
      'revert.templated',
    );
  });
});
