// A worker node's current state, written for these tests: two NICs with the default route on
// ens3, a down NIC, a bond and a VLAN, so filters have matches, misses and nested lists.
import type { NetworkState } from '../../../../../shared/model/nmstate';

export const workerState: NetworkState = {
  interfaces: [
    {
      name: 'ens3',
      type: 'ethernet',
      state: 'up',
      'mac-address': '52:54:00:AB:00:03',
      mtu: 1500,
      ipv4: {
        enabled: true,
        dhcp: true,
        address: [
          { ip: '192.0.2.10', 'prefix-length': 24 },
          { ip: '198.51.100.7', 'prefix-length': 32 },
        ],
      },
      lldp: { enabled: false },
    },
    {
      name: 'ens4',
      type: 'ethernet',
      state: 'up',
      'mac-address': '52:54:00:AB:00:04',
      mtu: 9000,
      ipv4: { enabled: false },
    },
    {
      name: 'ens5',
      type: 'ethernet',
      state: 'down',
      'mac-address': '52:54:00:AB:00:05',
      mtu: 1500,
    },
    {
      name: 'bond0',
      type: 'bond',
      state: 'up',
      mtu: 9000,
      'link-aggregation': { mode: '802.3ad', port: ['ens4', 'ens5'] },
    },
    { name: 'bond0.120', type: 'vlan', state: 'up', vlan: { 'base-iface': 'bond0', id: 120 } },
  ],
  routes: {
    config: [
      {
        destination: '203.0.113.0/24',
        'next-hop-address': '192.0.2.254',
        'next-hop-interface': 'ens3',
      },
    ],
    running: [
      {
        destination: '0.0.0.0/0',
        'next-hop-address': '192.0.2.1',
        'next-hop-interface': 'ens3',
        'table-id': 254,
        metric: 100,
      },
      {
        destination: '192.0.2.0/24',
        'next-hop-address': '0.0.0.0',
        'next-hop-interface': 'ens3',
        'table-id': 254,
        metric: 100,
      },
      {
        destination: '10.120.0.0/16',
        'next-hop-address': '10.120.0.1',
        'next-hop-interface': 'bond0.120',
        'table-id': 254,
      },
    ],
  },
  'dns-resolver': { running: { server: ['192.0.2.53'], search: ['example.test'] } },
};

/** The same node after the default route moved to bond0.120. */
export const movedGatewayState: NetworkState = {
  ...workerState,
  routes: {
    running: [
      {
        destination: '0.0.0.0/0',
        'next-hop-address': '10.120.0.1',
        'next-hop-interface': 'bond0.120',
        'table-id': 254,
      },
    ],
  },
};
