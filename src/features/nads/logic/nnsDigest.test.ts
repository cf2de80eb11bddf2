import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { NodeNetworkState } from '../../../shared/model/nmstate';
import { clusterNodeStates } from '../../policies/__fixtures__/clusterFixtures';
import { buildValidationContext } from './context';
import { digestNnsForNads } from './nnsDigest';

/** A state with what the digest must keep and drop: addresses, OVN mappings, LLDP, routes. */
const rich: NodeNetworkState = {
  apiVersion: 'nmstate.io/v1beta1',
  kind: 'NodeNetworkState',
  metadata: { name: 'worker-9', resourceVersion: '5', managedFields: [] },
  status: {
    currentState: {
      interfaces: [
        {
          name: 'br-ex',
          type: 'ovs-interface',
          state: 'up',
          mtu: 1500,
          ipv4: { enabled: true, address: [{ ip: '192.168.111.29', 'prefix-length': 24 }] },
          ipv6: { enabled: true, address: [{ ip: 'fd00::29', 'prefix-length': 64 }] },
          lldp: { enabled: true, neighbors: [[{ type: 1, 'chassis-id': 'aa' }]] },
          ethtool: { feature: { tso: true } },
        },
        {
          name: 'lo',
          type: 'loopback',
          state: 'up',
          ipv4: { address: [{ ip: '127.0.0.1', 'prefix-length': 8 }] },
        },
      ],
      routes: { running: [{ destination: '0.0.0.0/0', 'next-hop-address': '192.168.111.1' }] },
      ovn: { 'bridge-mappings': [{ localnet: 'physnet', bridge: 'br-ex' }] },
      'ovs-db': { external_ids: { a: 'b' } },
    },
  },
};

describe('digestNnsForNads', () => {
  it('keeps interface names, types, MTU, state, addresses and the OVN mappings only', () => {
    assert.deepEqual(digestNnsForNads(rich), {
      metadata: { name: 'worker-9' },
      status: {
        currentState: {
          interfaces: [
            {
              name: 'br-ex',
              type: 'ovs-interface',
              state: 'up',
              mtu: 1500,
              ipv4: { address: [{ ip: '192.168.111.29' }] },
              ipv6: { address: [{ ip: 'fd00::29' }] },
            },
            { name: 'lo', type: 'loopback', state: 'up', ipv4: { address: [{ ip: '127.0.0.1' }] } },
          ],
          ovn: { 'bridge-mappings': [{ localnet: 'physnet', bridge: 'br-ex' }] },
        },
      },
    });
    assert.equal(digestNnsForNads({ metadata: {} }), null);
    assert.equal(digestNnsForNads('x'), null);
  });

  it('gives the NAD validation context the whole states give', () => {
    const states = [...clusterNodeStates, rich];
    const digests = states.flatMap((s) => digestNnsForNads(s) ?? []);
    const whole = buildValidationContext({ nodeNetworkStates: states });
    const lean = buildValidationContext({ nodeNetworkStates: digests });
    assert.deepEqual(lean, whole);
    assert.ok(JSON.stringify(digests).length < JSON.stringify(states).length / 2);
  });

  it("keeps the default routes' interfaces and OVS bridge ports the master checks read", () => {
    const nns: NodeNetworkState = {
      ...rich,
      status: {
        currentState: {
          interfaces: [
            {
              name: 'br-ex',
              type: 'ovs-bridge',
              state: 'up',
              bridge: { options: { stp: false }, port: [{ name: 'br-ex' }, { name: 'eno1' }] },
            },
            { name: 'br-ex', type: 'ovs-interface', state: 'up' },
            { name: 'eno1', type: 'ethernet', state: 'up' },
          ],
          routes: {
            running: [
              { destination: '0.0.0.0/0', 'next-hop-interface': 'br-ex', metric: 48 },
              { destination: '10.0.0.0/24', 'next-hop-interface': 'br-ex' },
            ],
          },
        },
      },
    };
    const digest = digestNnsForNads(nns);
    assert.ok(digest);
    const state = digest.status?.currentState;
    assert.deepEqual(state?.interfaces?.[0]?.bridge, {
      port: [{ name: 'br-ex' }, { name: 'eno1' }],
    });
    assert.deepEqual(state.routes, {
      running: [{ destination: '0.0.0.0/0', 'next-hop-interface': 'br-ex' }],
    });
    const ifaces = buildValidationContext({ nodeNetworkStates: [digest] }).nodeInterfaces?.get(
      'worker-9',
    );
    assert.ok(ifaces);
    assert.deepEqual(ifaces.get('br-ex'), {
      type: 'ovs-interface',
      state: 'up',
      defaultRoute: true,
    });
    assert.deepEqual(ifaces.get('eno1'), { type: 'ethernet', state: 'up', ovsBridge: 'br-ex' });
  });
});
