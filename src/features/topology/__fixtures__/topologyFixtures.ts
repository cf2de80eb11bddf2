// Handwritten, real-shaped fixtures for the topology logic. worker-0 carries every interface
// type and every edge kind, a duplicate name (br-ex as ovs-bridge and ovs-interface), cluster
// internals, LLDP neighbours and four policies in four enactment phases.
import type { Condition, Node } from '../../../shared/model/k8s';
import {
  ENACTMENT_NODE_LABEL,
  ENACTMENT_POLICY_LABEL,
  type LldpTlv,
  type NetworkInterface,
  type NetworkState,
  type NodeNetworkConfigurationEnactment,
  type NodeNetworkConfigurationPolicy,
  type NodeNetworkState,
} from '../../../shared/model/nmstate';

export const TOR1_CHASSIS = '08:05:E2:7D:0A:20';

export function lldpNeighbor(
  systemName: string,
  chassisId: string,
  portId: string,
  vlans: number[],
): LldpTlv[] {
  return [
    { type: 5, 'system-name': systemName },
    { type: 6, 'system-description': 'Juniper Networks, Inc. qfx5100-48s-6q Ethernet Switch' },
    { type: 7, 'system-capabilities': ['MAC Bridge component', 'Router'] },
    { type: 1, 'chassis-id': chassisId, 'chassis-id-type': 4, _description: 'MAC address' },
    { type: 2, 'port-id': portId, 'port-id-type': 5, _description: 'Interface name' },
    {
      type: 127,
      subtype: 3,
      oui: '00:80:c2',
      'ieee-802-1-vlans': vlans.map((vid) => ({ name: `vlan-${vid}`, vid })),
    },
    {
      type: 127,
      subtype: 1,
      oui: '00:12:0f',
      'ieee-802-3-mac-phy-conf': { autoneg: false, 'operational-mau-type': 0 },
    },
    {
      type: 8,
      'management-addresses': [
        { address: '10.47.246.241', 'address-subtype': 'IPv4', 'interface-number': 0 },
      ],
    },
    { type: 127, subtype: 4, oui: '00:12:0f', 'ieee-802-3-max-frame-size': 9216 },
  ];
}

const off = { enabled: false };

export const worker0Interfaces: NetworkInterface[] = [
  {
    name: 'lo',
    type: 'loopback',
    state: 'up',
    mtu: 65536,
    'mac-address': '00:00:00:00:00:00',
    ipv4: { enabled: true, address: [{ ip: '127.0.0.1', 'prefix-length': 8 }] },
    ipv6: { enabled: true, address: [{ ip: '::1', 'prefix-length': 128 }] },
  },
  {
    name: 'eno1',
    type: 'ethernet',
    state: 'up',
    controller: 'br-ex',
    'mac-address': '20:04:0f:fb:a0:98',
    mtu: 1500,
    ipv4: off,
    ipv6: off,
    ethernet: { 'auto-negotiation': true, speed: 25000, duplex: 'full' },
    ethtool: { feature: { 'rx-gro': true, 'tx-tcp-segmentation': true, 'rx-lro': false } },
    lldp: {
      enabled: true,
      neighbors: [
        lldpNeighbor('tor-1.example.com', TOR1_CHASSIS, 'xe-0/0/19', [100, 200, 204]),
        lldpNeighbor('tor-1.example.com', TOR1_CHASSIS, 'xe-0/0/19', [100, 200, 204]),
      ],
    },
  },
  {
    name: 'eno2',
    type: 'ethernet',
    state: 'up',
    controller: 'bond0',
    'mac-address': '20:04:0F:FB:A0:99',
    mtu: 9000,
  },
  {
    name: 'eno3',
    type: 'ethernet',
    state: 'up',
    controller: 'bond0',
    'mac-address': '20:04:0F:FB:A0:9A',
    mtu: 9000,
  },
  {
    name: 'eno4',
    type: 'ethernet',
    state: 'down',
    controller: 'br2',
    'mac-address': '20:04:0F:FB:A0:9B',
  },
  {
    name: 'ens1f0',
    type: 'ethernet',
    state: 'up',
    'mac-address': 'F8:F2:1E:B7:A6:50',
    mtu: 1500,
    ethernet: {
      'sr-iov': {
        'total-vfs': 4,
        vfs: [
          { id: 0, 'mac-address': '02:00:00:00:00:01', 'vlan-id': 200, trust: false },
          { id: 1, 'mac-address': '02:00:00:00:00:02' },
        ],
      },
    },
    ipv6: {
      enabled: true,
      autoconf: true,
      dhcp: false,
      address: [
        { ip: 'fe80::f6f2:1eff:feb7:a650', 'prefix-length': 64 },
        { ip: '2001:db8:1::50', 'prefix-length': 64 },
      ],
    },
  },
  { name: 'ens2f0', type: 'ethernet', state: 'up', 'mac-address': 'F8:F2:1E:B7:A6:60' },
  { name: 'ens2f1', type: 'ethernet', state: 'up', 'mac-address': 'F8:F2:1E:B7:A6:61' },
  {
    name: 'bond0',
    type: 'bond',
    state: 'up',
    'mac-address': '20:04:0F:FB:A0:99',
    mtu: 9000,
    'link-aggregation': {
      mode: '802.3ad',
      options: { miimon: '100', lacp_rate: 'fast' },
      port: ['eno2', 'eno3'],
    },
    ipv4: {
      enabled: true,
      dhcp: false,
      address: [
        { ip: '192.168.10.5', 'prefix-length': 24 },
        { ip: '192.168.11.5', 'prefix-length': 24 },
      ],
    },
    ipv6: off,
  },
  {
    name: 'bond0.100',
    type: 'vlan',
    state: 'up',
    controller: 'br1',
    vlan: { 'base-iface': 'bond0', id: 100, protocol: '802.1q' },
  },
  {
    name: 'br1',
    type: 'linux-bridge',
    state: 'up',
    'mac-address': '20:04:0F:FB:A0:99',
    bridge: {
      options: { stp: { enabled: false }, 'vlan-protocol': '802.1q' },
      port: [
        {
          name: 'bond0.100',
          vlan: {
            mode: 'trunk',
            'enable-native': false,
            'trunk-tags': [{ id: 300 }, { 'id-range': { min: 400, max: 410 } }],
          },
        },
        { name: 'veth1', vlan: { mode: 'access', tag: 300 } },
      ],
    },
    ipv4: off,
    ipv6: {
      enabled: true,
      dhcp: false,
      autoconf: false,
      address: [{ ip: 'fd00:1101:0::0010', 'prefix-length': 64 }],
    },
  },
  {
    name: 'br2',
    type: 'linux-bridge',
    state: 'up',
    bridge: { options: { stp: { enabled: true } } },
  },
  { name: 'veth1', type: 'veth', state: 'up', controller: 'br1', veth: { peer: 'veth1-ns' } },
  {
    name: 'br-ex',
    type: 'ovs-bridge',
    state: 'up',
    bridge: {
      options: { stp: false, 'mcast-snooping-enable': false },
      port: [
        { name: 'br-ex' },
        { name: 'eno1' },
        { name: 'patch-br-ex-to-br-int' },
        { name: 'patch-ex-to-phys' },
      ],
    },
  },
  {
    name: 'br-ex',
    type: 'ovs-interface',
    state: 'up',
    controller: 'br-ex',
    'mac-address': '20:04:0F:FB:A0:98',
    mtu: 1500,
    ipv4: {
      enabled: true,
      dhcp: true,
      address: [
        {
          ip: '10.0.0.5',
          'prefix-length': 24,
          'valid-left': '40218sec',
          'preferred-left': '40218sec',
        },
        { ip: '169.254.169.2', 'prefix-length': 29 },
      ],
    },
    ipv6: {
      enabled: true,
      dhcp: true,
      autoconf: true,
      address: [
        { ip: 'fd00:1101::5', 'prefix-length': 64, 'valid-left': '2591963sec' },
        { ip: 'fe80::2204:fff:fefb:a098', 'prefix-length': 64 },
      ],
    },
  },
  {
    name: 'br-phys',
    type: 'ovs-bridge',
    state: 'up',
    bridge: {
      options: { stp: false },
      port: [
        {
          name: 'ovsbond0',
          'link-aggregation': {
            mode: 'balance-slb',
            port: [{ name: 'ens2f0' }, { name: 'ens2f1' }],
          },
        },
        { name: 'patch-phys-to-ex' },
        { name: 'vlan-port', vlan: { mode: 'access', tag: 500 } },
      ],
    },
  },
  {
    name: 'vlan-port',
    type: 'ovs-interface',
    state: 'up',
    controller: 'br-phys',
  },
  {
    name: 'patch-ex-to-phys',
    type: 'ovs-interface',
    state: 'up',
    controller: 'br-ex',
    patch: { peer: 'patch-phys-to-ex' },
  },
  {
    name: 'patch-phys-to-ex',
    type: 'ovs-interface',
    state: 'up',
    controller: 'br-phys',
    patch: { peer: 'patch-ex-to-phys' },
  },
  { name: 'vxlan0', type: 'vxlan', state: 'up', vxlan: { 'base-iface': 'ens1f0', id: 42 } },
  {
    name: 'macvlan0',
    type: 'mac-vlan',
    state: 'up',
    'mac-vlan': { 'base-iface': 'ens1f0', mode: 'bridge' },
  },
  {
    name: 'macvtap0',
    type: 'mac-vtap',
    state: 'up',
    'mac-vtap': { 'base-iface': 'ens1f0', mode: 'passthru' },
  },
  { name: 'ipvlan0', type: 'ipvlan', state: 'up', ipvlan: { 'base-iface': 'ens1f0', mode: 'l2' } },
  { name: 'vrf0', type: 'vrf', state: 'up', vrf: { port: ['dummy0'], 'route-table-id': 100 } },
  { name: 'dummy0', type: 'dummy', state: 'up', controller: 'vrf0' },
  { name: 'ib0', type: 'infiniband', state: 'up', mtu: 2044 },
  { name: 'wg0', type: 'wireguard', state: 'up' },
  // OVN-Kubernetes plumbing, folded by default.
  { name: 'br-int', type: 'ovs-interface', state: 'ignore', controller: 'br-int' },
  { name: 'ovn-k8s-mp0', type: 'ovs-interface', state: 'ignore', controller: 'br-int' },
  { name: 'genev_sys_6081', type: 'ethernet', state: 'up', controller: 'ovs-system' },
  {
    name: 'patch-br-ex-to-br-int',
    type: 'ovs-interface',
    state: 'ignore',
    controller: 'br-ex',
    patch: { peer: 'patch-br-int-to-br-ex' },
  },
  {
    name: 'patch-br-int-to-br-ex',
    type: 'ovs-interface',
    state: 'ignore',
    controller: 'br-int',
    patch: { peer: 'patch-br-ex-to-br-int' },
  },
  { name: 'a1b2c3d4e5f6a7b', type: 'veth', state: 'ignore' },
];

export const worker0Routes: NetworkState['routes'] = {
  running: [
    {
      destination: '0.0.0.0/0',
      'next-hop-address': '10.0.0.1',
      'next-hop-interface': 'br-ex',
      'table-id': 254,
    },
    {
      destination: '192.168.20.0/24',
      'next-hop-address': '192.168.10.1',
      'next-hop-interface': 'bond0',
      'table-id': 254,
    },
    { destination: '10.128.0.0/14', 'next-hop-interface': 'ovn-k8s-mp0', 'table-id': 254 },
  ],
  config: [
    {
      destination: '192.168.20.0/24',
      'next-hop-address': '192.168.10.1',
      'next-hop-interface': 'bond0',
    },
  ],
};

export function makeNns(
  name: string,
  interfaces: unknown,
  extra: Partial<NetworkState> = {},
  resourceVersion = '1',
): NodeNetworkState {
  return {
    apiVersion: 'nmstate.io/v1beta1',
    kind: 'NodeNetworkState',
    metadata: { name, resourceVersion },
    status: { currentState: { interfaces: interfaces as NetworkInterface[], ...extra } },
  };
}

export const worker0 = makeNns('worker-0', worker0Interfaces, { routes: worker0Routes });

export const worker1 = makeNns('worker-1', [
  {
    name: 'eno1',
    type: 'ethernet',
    state: 'up',
    controller: 'br-ex',
    'mac-address': '30:04:0F:FB:A0:01',
    lldp: {
      enabled: true,
      neighbors: [lldpNeighbor('tor-1.example.com', TOR1_CHASSIS, 'xe-0/0/20', [100, 204])],
    },
  },
  {
    name: 'br-ex',
    type: 'ovs-bridge',
    state: 'up',
    bridge: { port: [{ name: 'br-ex' }, { name: 'eno1' }] },
  },
  {
    name: 'br-ex',
    type: 'ovs-interface',
    state: 'up',
    controller: 'br-ex',
    ipv4: { enabled: true, dhcp: true, address: [{ ip: '10.0.0.6', 'prefix-length': 24 }] },
  },
  { name: 'eno2', type: 'ethernet', state: 'down', 'mac-address': '30:04:0F:FB:A0:02' },
]);

export function condition(type: string, status: Condition['status'], message = ''): Condition {
  return { type, status, reason: status === 'True' ? type : '', message };
}

const PHASE_CONDITIONS: Record<string, Condition[]> = {
  Available: [
    condition('Available', 'True'),
    condition('Failing', 'False'),
    condition('Progressing', 'False'),
    condition('Pending', 'False'),
    condition('Aborted', 'False'),
  ],
  Failing: [
    condition('Available', 'False'),
    condition('Failing', 'True', 'NmstateError: InvalidArgument: bond0.100 failed'),
    condition('Progressing', 'False'),
    condition('Pending', 'False'),
    condition('Aborted', 'False'),
  ],
  Progressing: [
    condition('Available', 'Unknown'),
    condition('Failing', 'Unknown'),
    condition('Progressing', 'True'),
    condition('Pending', 'False'),
    condition('Aborted', 'False'),
  ],
  Aborted: [
    condition('Available', 'False'),
    condition('Failing', 'False'),
    condition('Progressing', 'False'),
    condition('Pending', 'False'),
    condition('Aborted', 'True', 'reconciliation of enactment has aborted'),
  ],
};

export function makeEnactment(
  node: string,
  policy: string,
  phase: keyof typeof PHASE_CONDITIONS,
  desiredState?: NetworkState,
  name = `${node}.${policy}`,
): NodeNetworkConfigurationEnactment {
  const status: NonNullable<NodeNetworkConfigurationEnactment['status']> = {
    conditions: PHASE_CONDITIONS[phase] ?? [],
    policyGeneration: 1,
  };
  if (desiredState) status.desiredState = desiredState;
  return {
    apiVersion: 'nmstate.io/v1beta1',
    kind: 'NodeNetworkConfigurationEnactment',
    metadata: {
      name,
      resourceVersion: '1',
      labels: { [ENACTMENT_NODE_LABEL]: node, [ENACTMENT_POLICY_LABEL]: policy },
    },
    status,
  };
}

export function makePolicy(
  name: string,
  desiredState: NetworkState,
): NodeNetworkConfigurationPolicy {
  return {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name, generation: 1, resourceVersion: '1' },
    spec: { desiredState },
  };
}

export const policies: NodeNetworkConfigurationPolicy[] = [
  makePolicy('bond0-policy', {
    interfaces: [
      {
        name: 'bond0',
        type: 'bond',
        state: 'up',
        'link-aggregation': { mode: '802.3ad', port: ['eno2', 'eno3'] },
      },
    ],
  }),
  makePolicy('br1-policy', {
    interfaces: [
      { name: 'bond0.100', type: 'vlan', state: 'up', vlan: { 'base-iface': 'bond0', id: 100 } },
      { name: 'br1', type: 'linux-bridge', state: 'up', bridge: { port: [{ name: 'bond0.100' }] } },
    ],
  }),
  makePolicy('vrf-policy', {
    interfaces: [
      { name: 'vrf0', type: 'vrf', state: 'up', vrf: { port: ['dummy0'], 'route-table-id': 100 } },
      { name: 'dummy0', type: 'dummy', state: 'up' },
    ],
  }),
  // The spec names br-phys through a capture template; the enactment carries the resolved state.
  makePolicy('ovs-policy', { interfaces: '{{ capture.phys.interfaces }}' as unknown as [] }),
  makePolicy('mtu-policy', {
    interfaces: [{ name: 'bond0', type: 'bond', state: 'up', mtu: 9000 }],
  }),
  makePolicy('eth-policy', { interfaces: [{ name: 'eno1', type: 'ethernet', state: 'up' }] }),
];

export const enactments: NodeNetworkConfigurationEnactment[] = [
  makeEnactment('worker-0', 'bond0-policy', 'Available'),
  makeEnactment('worker-0', 'mtu-policy', 'Available'),
  makeEnactment('worker-0', 'br1-policy', 'Failing'),
  makeEnactment('worker-0', 'vrf-policy', 'Progressing'),
  makeEnactment('worker-0', 'ovs-policy', 'Aborted', {
    interfaces: [
      {
        name: 'br-phys',
        type: 'ovs-bridge',
        state: 'up',
        bridge: {
          port: [{ name: 'ovsbond0', 'link-aggregation': { port: [{ name: 'ens2f0' }] } }],
        },
      },
    ],
  }),
  // Misleading name: labels are authoritative, this one belongs to worker-1.
  makeEnactment('worker-1', 'eth-policy', 'Available', undefined, 'worker-0.eth-policy'),
];

export const nodes: Node[] = [
  { metadata: { name: 'worker-0', labels: { 'node-role.kubernetes.io/worker': '', zone: 'a' } } },
  { metadata: { name: 'worker-1', labels: { 'node-role.kubernetes.io/worker': '', zone: 'b' } } },
  { metadata: { name: 'worker-2', labels: { zone: 'b' } } },
];

/** A generated cluster for scale tests and the benchmark: `nodeCount` nodes × 40 interfaces. */
export function generateCluster(nodeCount: number): {
  nodeNetworkStates: NodeNetworkState[];
  enactments: NodeNetworkConfigurationEnactment[];
  policies: NodeNetworkConfigurationPolicy[];
} {
  const nodeNetworkStates: NodeNetworkState[] = [];
  const enacts: NodeNetworkConfigurationEnactment[] = [];
  const pols = [
    makePolicy('bonds', { interfaces: [{ name: 'bond0', type: 'bond', state: 'up' }] }),
    makePolicy('vlans', {
      interfaces: Array.from({ length: 10 }, (_, v) => ({
        name: `bond0.${100 + v}`,
        type: 'vlan',
        state: 'up',
        vlan: { 'base-iface': 'bond0', id: 100 + v },
      })),
    }),
  ];
  for (let n = 0; n < nodeCount; n++) {
    const node = `worker-${String(n).padStart(4, '0')}`;
    const ifaces: Record<string, unknown>[] = [];
    for (let e = 0; e < 8; e++)
      ifaces.push({
        name: `eno${e + 1}`,
        type: 'ethernet',
        state: 'up',
        controller: e < 2 ? 'bond0' : undefined,
        'mac-address': `02:00:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}:00:0${e}`,
        lldp: {
          enabled: true,
          neighbors: [
            lldpNeighbor(
              `tor-${n % 20}`,
              `0a:00:00:00:00:${(n % 20).toString(16).padStart(2, '0')}`,
              `xe-0/0/${n}`,
              [100, 101],
            ),
          ],
        },
      });
    ifaces.push({
      name: 'bond0',
      type: 'bond',
      state: 'up',
      'link-aggregation': { mode: '802.3ad', port: ['eno1', 'eno2'] },
      ipv4: { enabled: true, address: [{ ip: `10.${n >> 8}.${n & 255}.1`, 'prefix-length': 16 }] },
    });
    for (let v = 0; v < 10; v++) {
      ifaces.push({
        name: `bond0.${100 + v}`,
        type: 'vlan',
        state: 'up',
        controller: `br${v}`,
        vlan: { 'base-iface': 'bond0', id: 100 + v },
      });
      ifaces.push({
        name: `br${v}`,
        type: 'linux-bridge',
        state: 'up',
        bridge: { port: [{ name: `bond0.${100 + v}` }] },
        ipv6: {
          enabled: true,
          address: [{ ip: `fd00:${v}::${n.toString(16)}`, 'prefix-length': 64 }],
        },
      });
    }
    ifaces.push(
      {
        name: 'br-ex',
        type: 'ovs-bridge',
        state: 'up',
        bridge: { port: [{ name: 'br-ex' }, { name: 'eno3' }] },
      },
      { name: 'br-ex', type: 'ovs-interface', state: 'up', controller: 'br-ex' },
      { name: 'lo', type: 'loopback', state: 'up' },
      { name: 'br-int', type: 'ovs-interface', state: 'ignore', controller: 'br-int' },
      { name: 'ovn-k8s-mp0', type: 'ovs-interface', state: 'ignore', controller: 'br-int' },
      { name: 'genev_sys_6081', type: 'ethernet', state: 'up', controller: 'ovs-system' },
      { name: 'vxlan0', type: 'vxlan', state: 'up', vxlan: { 'base-iface': 'eno4', id: 7 } },
      { name: 'dummy0', type: 'dummy', state: 'down' },
      { name: 'veth0', type: 'veth', state: 'up' },
      { name: 'wg0', type: 'wireguard', state: 'up' },
      { name: 'ens9', type: 'ethernet', state: 'down' },
    );
    nodeNetworkStates.push(makeNns(node, ifaces, {}, String(n + 1)));
    enacts.push(makeEnactment(node, 'bonds', 'Available'));
    enacts.push(makeEnactment(node, 'vlans', n % 10 === 0 ? 'Failing' : 'Available'));
  }
  return { nodeNetworkStates, enactments: enacts, policies: pols };
}
