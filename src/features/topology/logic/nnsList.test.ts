import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { NodeNetworkState } from '../../../shared/model/nmstate';
import { nnsHasType, toNnsListRow } from './nnsList';

const nns = (status: NodeNetworkState['status']): NodeNetworkState => ({
  apiVersion: 'nmstate.io/v1beta1',
  kind: 'NodeNetworkState',
  metadata: { name: 'worker-1' },
  status,
});

test('a row counts interfaces, down ones and kinds, and finds the default gateways', () => {
  const row = toNnsListRow(
    nns({
      lastSuccessfulUpdateTime: '2026-01-01T00:00:00Z',
      hostNetworkManagerVersion: '1.46.0',
      currentState: {
        interfaces: [
          { name: 'lo', type: 'loopback', state: 'up' },
          { name: 'eno1', type: 'ethernet', state: 'up' },
          { name: 'eno2', type: 'ethernet', state: 'down' },
          { name: 'bond0', type: 'bond', state: 'up' },
        ],
        routes: {
          running: [
            { destination: '::/0', 'next-hop-address': 'fd00::1' },
            { destination: '0.0.0.0/0', 'next-hop-address': '192.0.2.1' },
            { destination: '0.0.0.0/0', 'next-hop-address': '192.0.2.1', 'table-id': 100 },
            { destination: '198.51.100.0/24', 'next-hop-address': '192.0.2.9' },
          ],
        },
      },
    }),
  );
  assert.equal(row.interfaces, 4);
  assert.equal(row.down, 1);
  assert.deepEqual(row.gateways, ['192.0.2.1', 'fd00::1']);
  assert.equal(row.updated, '2026-01-01T00:00:00Z');
  assert.equal(row.nmVersion, '1.46.0');
  assert.equal(nnsHasType(row, 'bond'), true);
  assert.equal(nnsHasType(row, 'vlan'), false);
});

test('a node that has not reported yet is an empty row, not an error', () => {
  const row = toNnsListRow(nns(undefined));
  assert.equal(row.interfaces, 0);
  assert.deepEqual(row.gateways, []);
  assert.equal(row.updated, '');
  assert.equal(row.types.size, 0);
});
