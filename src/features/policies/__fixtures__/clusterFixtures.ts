// A small OpenShift-like cluster: three workers on OVN-Kubernetes (br-ex over ens3 carries the
// default route), ens4/ens5 spare NICs, and worker-3 cabled without ens5.
import type { Node } from '../../../shared/model/k8s';
import type {
  NetworkInterface,
  NetworkState,
  NodeNetworkState,
} from '../../../shared/model/nmstate';

export const WORKER_1 = 'worker-1.ocp.example.com';
export const WORKER_2 = 'worker-2.ocp.example.com';
export const WORKER_3 = 'worker-3.ocp.example.com';
export const MASTER_0 = 'master-0.ocp.example.com';

const node = (name: string, labels: Record<string, string>): Node => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: {
    name,
    labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', ...labels },
  },
});

export const clusterNodes: Node[] = [
  node(MASTER_0, {
    'node-role.kubernetes.io/master': '',
    'node-role.kubernetes.io/control-plane': '',
  }),
  node(WORKER_1, { 'node-role.kubernetes.io/worker': '', 'topology.kubernetes.io/zone': 'a' }),
  node(WORKER_2, { 'node-role.kubernetes.io/worker': '', 'topology.kubernetes.io/zone': 'b' }),
  node(WORKER_3, { 'node-role.kubernetes.io/worker': '', 'topology.kubernetes.io/zone': 'b' }),
];

const eth = (
  name: string,
  mac: string,
  extra: Partial<NetworkInterface> = {},
): NetworkInterface => ({
  name,
  type: 'ethernet',
  state: 'up',
  'mac-address': mac,
  mtu: 1500,
  ipv4: { enabled: false },
  ipv6: { enabled: false },
  ...extra,
});

export const makeNodeState = (
  octet: number,
  opts: { withEns5?: boolean; extraInterfaces?: NetworkInterface[] } = {},
): NetworkState => ({
  interfaces: [
    eth('ens3', `52:54:00:00:0${octet}:03`, { controller: 'br-ex' }),
    eth('ens4', `52:54:00:00:0${octet}:04`),
    ...(opts.withEns5 === false ? [] : [eth('ens5', `52:54:00:00:0${octet}:05`, { mtu: 9000 })]),
    {
      name: 'br-ex',
      type: 'ovs-bridge',
      state: 'up',
      bridge: { options: { stp: false }, port: [{ name: 'br-ex' }, { name: 'ens3' }] },
    },
    {
      name: 'br-ex',
      type: 'ovs-interface',
      state: 'up',
      'mac-address': `52:54:00:00:0${octet}:03`,
      mtu: 1500,
      ipv4: {
        enabled: true,
        dhcp: true,
        address: [{ ip: `192.168.111.${20 + octet}`, 'prefix-length': 24 }],
      },
      ipv6: { enabled: false },
    },
    { name: 'lo', type: 'loopback', state: 'up', mtu: 65536 },
    ...(opts.extraInterfaces ?? []),
  ],
  routes: {
    config: [],
    running: [
      {
        destination: '0.0.0.0/0',
        'next-hop-address': '192.168.111.1',
        'next-hop-interface': 'br-ex',
        metric: 48,
        'table-id': 254,
      },
      {
        destination: '192.168.111.0/24',
        'next-hop-address': '',
        'next-hop-interface': 'br-ex',
        metric: 48,
        'table-id': 254,
      },
    ],
  },
  'dns-resolver': {
    config: { search: [], server: [] },
    running: { search: ['ocp.example.com'], server: ['192.168.111.1'] },
  },
});

const nns = (name: string, state: NetworkState): NodeNetworkState => ({
  apiVersion: 'nmstate.io/v1beta1',
  kind: 'NodeNetworkState',
  metadata: { name },
  status: { currentState: state, handlerNmstateVersion: 'nmstatectl 2.2.37' },
});

export const clusterNodeStates: NodeNetworkState[] = [
  nns(MASTER_0, makeNodeState(0)),
  nns(WORKER_1, makeNodeState(1)),
  nns(WORKER_2, makeNodeState(2)),
  nns(WORKER_3, makeNodeState(3, { withEns5: false })),
];
