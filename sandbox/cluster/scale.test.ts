// Scale budget: 1000 NodeNetworkStates of ~40 interfaces each, listed in under a second.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { K8sResource } from '../../src/shared/model/k8s';
import type { TestCluster } from './testing';
import { startTestCluster } from './testing';

const NODES = 1000;

function nodeNetworkState(i: number): K8sResource {
  const interfaces = Array.from({ length: 40 }, (_, j) => ({
    name: j < 4 ? `eno${j + 1}` : `vlan${100 + j}`,
    type: j < 4 ? 'ethernet' : 'vlan',
    state: 'up',
    'mac-address': `52:54:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:${j.toString(16).padStart(2, '0')}`,
    mtu: 1500,
    ipv4: {
      enabled: true,
      dhcp: false,
      address: [{ ip: `10.${j}.${i >> 8}.${i & 255}`, 'prefix-length': 24 }],
    },
    ipv6: { enabled: false },
    ...(j < 4
      ? { ethernet: { 'auto-negotiation': true, speed: 25000, duplex: 'full' } }
      : { vlan: { 'base-iface': 'eno1', id: 100 + j } }),
  }));
  return {
    apiVersion: 'nmstate.io/v1beta1',
    kind: 'NodeNetworkState',
    metadata: { name: `worker-${i}` },
    status: {
      currentState: {
        interfaces,
        routes: {
          running: [
            {
              destination: '0.0.0.0/0',
              'next-hop-address': '10.0.0.1',
              'next-hop-interface': 'eno1',
              'table-id': 254,
            },
          ],
        },
      },
      handlerNmstateVersion: 'nmstatectl 2.2.12',
    },
  };
}

let c: TestCluster;
before(async () => {
  c = await startTestCluster();
});
after(async () => {
  await c.dispose();
});

describe('scale', () => {
  // Latency and memory at this size are benchmark figures (npm run bench); this checks the
  // server serves a complete, correct 1000-object list.
  it('lists 1000 NodeNetworkStates completely', { timeout: 120_000 }, async () => {
    const nns = c.api.resourceType('nmstate.io', 'NodeNetworkState');
    for (let i = 0; i < NODES; i++) c.api.create(nns, nodeNetworkState(i));
    await c.req('GET', '/healthz');
    for (let round = 0; round < 3; round++) {
      const res = await fetch(`${c.url}/apis/nmstate.io/v1beta1/nodenetworkstates`);
      const text = await res.text();
      assert.equal((JSON.parse(text) as { items: unknown[] }).items.length, NODES);
    }
  });
});
