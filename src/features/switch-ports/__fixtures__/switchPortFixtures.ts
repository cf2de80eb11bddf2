// Handwritten Metal3 / nmstate / Multus objects for the switch-port logic. One host (host-0)
// runs node worker-0; its eno1 is cabled to xe-0/0/19 of tor-1, whose attachment `trunk-a` does
// not allow VLAN 200 although a policy and the NAD blue/tenant-a use it.
import type { Node, Pod } from '../../../shared/model/k8s';
import type {
  BareMetalHost,
  BareMetalSwitch,
  HardwareData,
  HostNetworkAttachment,
} from '../../../shared/model/metal3';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import type {
  NetworkInterface,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import type { SecretLike } from '../model/types';

export const NS = 'openshift-machine-api';
export const TOR1_MAC = '08:05:E2:7D:0A:20';

export const tor1: BareMetalSwitch = {
  apiVersion: 'metal3.io/v1alpha1',
  kind: 'BareMetalSwitch',
  metadata: { name: 'tor-1', namespace: NS },
  spec: {
    address: '10.47.246.241',
    macAddress: TOR1_MAC,
    driver: 'generic-switch',
    deviceType: 'netmiko_juniper_junos',
    credentials: { name: 'tor-1-credentials' },
  },
  status: { conditions: [{ type: 'Valid', status: 'True', reason: 'Reconciled' }] },
};

export const secrets: SecretLike[] = [
  {
    metadata: { name: 'tor-1-credentials', namespace: NS },
    data: { username: 'YWRtaW4=', password: 'c2VjcmV0' },
  },
  { metadata: { name: 'half', namespace: NS }, stringData: { username: 'admin' } },
];

export function hna(
  name: string,
  spec: HostNetworkAttachment['spec'],
  namespace = NS,
): HostNetworkAttachment {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'HostNetworkAttachment',
    metadata: { name, namespace },
    spec,
  };
}

export const attachments: HostNetworkAttachment[] = [
  hna('trunk-a', { mode: 'trunk', nativeVLAN: 10, allowedVLANs: ['100-110', '204'], mtu: 9000 }),
  hna('access-a', { mode: 'access', nativeVLAN: 300 }),
];

export const host0: BareMetalHost = {
  apiVersion: 'metal3.io/v1alpha1',
  kind: 'BareMetalHost',
  metadata: { name: 'host-0', namespace: NS },
  spec: {
    online: true,
    bootMACAddress: '20:04:0f:fb:a0:98',
    consumerRef: { kind: 'Machine', name: 'worker-0-machine', namespace: NS },
    networkInterfaces: [
      { name: 'eno1', hostNetworkAttachment: { name: 'trunk-a' } },
      {
        macAddress: '20:04:0F:FB:A0:9A',
        hostNetworkAttachment: { name: 'access-a', namespace: NS },
        switchPort: { switchID: '08:05:e2:7d:0a:20', portID: 'xe-0/0/21' },
      },
      { name: 'eno9', hostNetworkAttachment: { name: 'missing-hna' } },
    ],
  },
  status: { operationalStatus: 'OK', provisioning: { state: 'provisioned' } },
};

export const hardware0: HardwareData = {
  apiVersion: 'metal3.io/v1alpha1',
  kind: 'HardwareData',
  metadata: { name: 'host-0', namespace: NS },
  spec: {
    hardware: {
      hostname: 'worker-0',
      nics: [
        {
          name: 'eno1',
          mac: '20:04:0f:fb:a0:98',
          ip: '10.0.0.5',
          speedGbps: 25,
          pxe: true,
          vlans: [{ id: 100, name: 'vlan-100' }, { id: 204 }],
          vlanId: 10,
          lldp: { switchID: TOR1_MAC, portID: 'xe-0/0/19', switchSystemName: 'tor-1.example.com' },
        },
        { name: 'eno1', mac: '20:04:0f:fb:a0:98', ip: 'fd00:1101::5', speedGbps: 25, pxe: true },
        {
          name: 'eno2',
          mac: '20:04:0f:fb:a0:99',
          speedGbps: 10,
          pxe: false,
          lldp: { switchID: 'aa:bb:cc:dd:ee:01', portID: 'et-1' },
        },
        {
          name: 'eno3',
          mac: '20:04:0f:fb:a0:9a',
          speedGbps: 10,
          pxe: false,
          lldp: { switchID: TOR1_MAC, portID: 'xe-0/0/99' },
        },
        { name: 'eno4', mac: '20:04:0f:fb:a0:9b', speedGbps: 1 },
      ],
    },
  },
};

export const worker0: Node = {
  metadata: {
    name: 'worker-0',
    labels: { 'node-role.kubernetes.io/worker': '' },
    annotations: { 'machine.openshift.io/machine': `${NS}/worker-0-machine` },
  },
};

export const worker1: Node = {
  metadata: { name: 'worker-1', labels: { 'node-role.kubernetes.io/worker': '' } },
};

const eno1Lldp = {
  enabled: true,
  neighbors: [
    [
      { type: 1, 'chassis-id': TOR1_MAC, 'chassis-id-type': 4 },
      { type: 2, 'port-id': 'xe-0/0/19', 'port-id-type': 5 },
      { type: 5, 'system-name': 'tor-1.example.com' },
      {
        type: 127,
        subtype: 3,
        'ieee-802-1-vlans': [
          { name: 'v100', vid: 100 },
          { name: 'v204', vid: 204 },
        ],
      },
    ],
  ],
};

export const nns0Interfaces: NetworkInterface[] = [
  {
    name: 'eno1',
    type: 'ethernet',
    state: 'up',
    controller: 'br-phys',
    'mac-address': '20:04:0F:FB:A0:98',
    lldp: eno1Lldp,
  },
  { name: 'eno2', type: 'ethernet', state: 'up', 'mac-address': '20:04:0F:FB:A0:99' },
  {
    name: 'eno3',
    type: 'ethernet',
    state: 'up',
    controller: 'br-tenant',
    'mac-address': '20:04:0F:FB:A0:9A',
  },
  {
    name: 'br-phys',
    type: 'ovs-bridge',
    state: 'up',
    bridge: { port: [{ name: 'br-phys' }, { name: 'eno1' }] },
  },
  { name: 'br-phys', type: 'ovs-interface', state: 'up', controller: 'br-phys' },
  {
    name: 'br-tenant',
    type: 'linux-bridge',
    state: 'up',
    bridge: { port: [{ name: 'eno3' }] },
  },
];

export const nns0: NodeNetworkState = {
  metadata: { name: 'worker-0', resourceVersion: '7' },
  status: {
    currentState: {
      interfaces: nns0Interfaces,
      ovn: { 'bridge-mappings': [{ localnet: 'physnet', bridge: 'br-phys', state: 'present' }] },
    },
  },
};

function policy(
  name: string,
  interfaces: NetworkInterface[],
  nodeSelector?: Record<string, string>,
): NodeNetworkConfigurationPolicy {
  return {
    metadata: { name },
    spec: { ...(nodeSelector ? { nodeSelector } : {}), desiredState: { interfaces } },
  };
}

function vlanIface(base: string, id: number): NetworkInterface {
  return { name: `${base}.${id}`, type: 'vlan', state: 'up', vlan: { 'base-iface': base, id } };
}

export const vlanPolicies: NodeNetworkConfigurationPolicy[] = [
  policy('vlan200', [vlanIface('eno1', 200)], { 'node-role.kubernetes.io/worker': '' }),
  policy('vlan204', [vlanIface('eno1', 204)]),
  policy('vlan300', [vlanIface('eno3', 300)]),
  policy('vlan50', [vlanIface('eno2', 50)]),
  // Selects no node: must not produce anything.
  policy('elsewhere', [vlanIface('eno1', 999)], { 'kubernetes.io/hostname': 'other' }),
];

function nad(
  namespace: string,
  name: string,
  config: Record<string, unknown>,
): NetworkAttachmentDefinition {
  return {
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata: { namespace, name },
    spec: { config: JSON.stringify({ cniVersion: '0.4.0', name, ...config }) },
  };
}

export const nads: NetworkAttachmentDefinition[] = [
  nad('blue', 'tenant-a', { type: 'vlan', master: 'eno1', vlanId: 200, ipam: {} }),
  nad('blue', 'localnet-a', {
    type: 'ovn-k8s-cni-overlay',
    topology: 'localnet',
    physicalNetworkName: 'physnet',
    vlanID: 106,
    netAttachDefName: 'blue/localnet-a',
  }),
  {
    ...nad('green', 'br-nad', {}),
    spec: {
      config: JSON.stringify({
        cniVersion: '0.4.0',
        name: 'br-nad',
        plugins: [{ type: 'bridge', bridge: 'br-tenant', vlan: 150 }, { type: 'tuning' }],
      }),
    },
  },
  nad('green', 'broken', {}),
];

export const pods: Pod[] = [
  {
    metadata: {
      name: 'app-0',
      namespace: 'blue',
      annotations: { 'k8s.v1.cni.cncf.io/networks': 'tenant-a, blue/localnet-a@net2' },
    },
    spec: { nodeName: 'worker-0' },
    status: { phase: 'Running' },
  },
  {
    metadata: {
      name: 'app-1',
      namespace: 'green',
      annotations: { 'k8s.v1.cni.cncf.io/networks': '[{"name":"br-nad"}]' },
    },
    spec: { nodeName: 'worker-1' },
    status: { phase: 'Running' },
  },
  {
    metadata: {
      name: 'done',
      namespace: 'green',
      annotations: { 'k8s.v1.cni.cncf.io/networks': 'br-nad' },
    },
    spec: { nodeName: 'worker-0' },
    status: { phase: 'Succeeded' },
  },
];
