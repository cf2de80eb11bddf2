// The demo cluster's workload objects. What the demo shows once the controllers settle
// (≈15 s with --speed fast, about a minute realtime):
// - Policies: `dns-search-domains` (all 6 nodes) and `lldp-on-up-ethernets` (captures; all 6
//   nodes) are Available; `worker-bond1` (bond1 over ens2f1+eno4) is Degraded, failing on
//   worker-2 only, which has no ens2f1; `worker-vlan200-bridge` (maxUnavailable 1) rolls out one
//   worker at a time, so it shows Pending/Progressing enactments for its first steps, then
//   becomes Available; `sriov-gpu-nodes` matches no node (Ignored).
// - NADs: tenant-a/macvlan-storage (macvlan+whereabouts, no default route so no gateway),
//   tenant-a/bridge-dualstack
//   (bridge+host-local v4/v6), tenant-a/tenant-vlan210 (bridge br-tenant, VLAN 210: not allowed on
//   tor-1 xe-0/0/19, the port of worker-2's ens2f0 whose HNA storage-trunk allows 200-203,300),
//   tenant-a/l2-overlay (OVN layer2), tenant-a/overlapping-hostlocal (problems: range inside the
//   cluster network, gateway outside its subnet; no pod uses it), tenant-b/ipvlan-static (a
//   default route without gw, so network-status reports the gateway "<nil>"),
//   tenant-b/hostdev-dhcp, tenant-b/sriov-net, tenant-b/localnet-physnet (OVN localnet VLAN 300),
//   tenant-b/tuning-conflist (macvlan+tuning conflist), tenant-b/broken-ipam (IPAM "host-locall").
// - Pods: tenant-b/broken-app (broken-ipam) and tenant-b/orphan-app (missing NAD storage-net) stay
//   ContainerCreating with FailedCreatePodSandBox events; every other pod gets network-status.
// - Bare metal: openshift-worker-2 (provisioned, consumerRef Machine ocp4-worker-2 = node
//   worker-2, same NIC MACs) and openshift-worker-3 (registers, inspects, becomes available and
//   is provisioned while you watch; its ports move idle → inspection → idle → provisioning →
//   tenant). Switches tor-1 (Valid) and tor-2 (Valid=False: its Secret tor-2-credentials is
//   missing). HNAs storage-trunk (trunk, native 100, allowed 200-203,300, mtu 9000) and
//   provisioning-access (access 10). Day-1: openshift-worker-2 was installed with the nmstate in
//   Secret openshift-worker-2-network-config-secret (drifted since: eno1 under br-ex, ens2f0 MTU,
//   ens2f1 gone, bond0.200 now managed by worker-vlan200-bridge); openshift-worker-3 gets
//   NMStateConfig openshift-worker-3 (static 192.168.111.23 on eno1), which InfraEnv ocp4
//   selects. NMStateConfig openshift-worker-2-retired claims worker-2's boot MAC but no InfraEnv
//   selects it (its label names a retired environment), so no host is configured by it.
import type { K8sResource } from '../../../src/shared/model/k8s';
import { nicMac } from '../../../src/features/policies/__fixtures__/nodeNetworkStates';

const WORKERS = { 'node-role.kubernetes.io/worker': '' };

function policy(name: string, spec: Record<string, unknown>, description: string): K8sResource {
  return {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name, annotations: { description } },
    spec,
  };
}

export const DEMO_POLICIES: K8sResource[] = [
  policy(
    'dns-search-domains',
    {
      desiredState: {
        'dns-resolver': {
          config: {
            search: ['ocp4.example.com', 'example.com'],
            server: ['192.168.111.1', 'fd00:1101::1'],
          },
        },
      },
    },
    'Static DNS servers and search domains on every node',
  ),
  policy(
    'lldp-on-up-ethernets',
    {
      capture: {
        ethernets: 'interfaces.type=="ethernet"',
        'ethernets-up': 'capture.ethernets | interfaces.state=="up"',
        'ethernets-lldp': 'capture.ethernets-up | interfaces.lldp.enabled:=true',
      },
      desiredState: { interfaces: '{{ capture.ethernets-lldp.interfaces }}' },
    },
    'Enable LLDP on every ethernet that is up (captures)',
  ),
  policy(
    'worker-bond1',
    {
      nodeSelector: WORKERS,
      desiredState: {
        interfaces: [
          {
            name: 'bond1',
            type: 'bond',
            state: 'up',
            description: 'Backup uplink for VM traffic',
            ipv4: { enabled: false },
            ipv6: { enabled: false },
            'link-aggregation': {
              mode: 'active-backup',
              options: { miimon: '100', primary: 'ens2f1' },
              port: ['ens2f1', 'eno4'],
            },
          },
        ],
      },
    },
    'Active-backup bond over ens2f1 and eno4 (worker-2 has no ens2f1)',
  ),
  policy(
    'worker-vlan200-bridge',
    {
      nodeSelector: WORKERS,
      maxUnavailable: 1,
      desiredState: {
        interfaces: [
          {
            name: 'bond0.200',
            type: 'vlan',
            state: 'up',
            vlan: { 'base-iface': 'bond0', id: 200 },
          },
          {
            name: 'br-vlan200',
            type: 'linux-bridge',
            state: 'up',
            ipv4: { enabled: false },
            bridge: { options: { stp: { enabled: false } }, port: [{ name: 'bond0.200' }] },
          },
        ],
      },
    },
    'VLAN 200 bridge on bond0, one worker at a time',
  ),
  policy(
    'sriov-gpu-nodes',
    {
      nodeSelector: { 'feature.node.kubernetes.io/pci-10de.present': 'true' },
      desiredState: {
        interfaces: [
          {
            name: 'ens2f0',
            type: 'ethernet',
            state: 'up',
            ethernet: { 'sr-iov': { 'total-vfs': 8 } },
          },
        ],
      },
    },
    'SR-IOV VFs on GPU nodes (no such node yet)',
  ),
];

function nad(
  namespace: string,
  name: string,
  config: Record<string, unknown>,
  annotations: Record<string, string> = {},
): K8sResource {
  return {
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata: { name, namespace, annotations },
    spec: { config: JSON.stringify(config, null, 2) },
  };
}

export const DEMO_NADS: K8sResource[] = [
  nad('tenant-a', 'macvlan-storage', {
    cniVersion: '0.3.1',
    name: 'macvlan-storage',
    type: 'macvlan',
    master: 'bond0.100',
    mode: 'bridge',
    ipam: { type: 'whereabouts', range: '172.22.100.128/26', exclude: ['172.22.100.128/30'] },
  }),
  nad(
    'tenant-a',
    'bridge-dualstack',
    {
      cniVersion: '0.3.1',
      name: 'bridge-dualstack',
      type: 'bridge',
      bridge: 'br-vm',
      isGateway: false,
      macspoofchk: true,
      ipam: {
        type: 'host-local',
        ranges: [
          [
            {
              subnet: '10.30.0.0/24',
              rangeStart: '10.30.0.50',
              rangeEnd: '10.30.0.99',
              gateway: '10.30.0.1',
            },
          ],
          [{ subnet: 'fd00:30::/64', rangeStart: 'fd00:30::50', rangeEnd: 'fd00:30::99' }],
        ],
        routes: [{ dst: '10.31.0.0/16', gw: '10.30.0.1' }],
      },
    },
    { description: 'VM network on br-vm (VLAN 300), dual-stack' },
  ),
  nad(
    'tenant-a',
    'tenant-vlan210',
    {
      cniVersion: '0.3.1',
      name: 'tenant-vlan210',
      type: 'bridge',
      bridge: 'br-tenant',
      vlan: 210,
      ipam: {
        type: 'host-local',
        subnet: '10.210.0.0/24',
        rangeStart: '10.210.0.10',
        rangeEnd: '10.210.0.200',
        gateway: '10.210.0.1',
      },
    },
    { description: 'Tenant A VLAN 210 on the br-tenant trunk' },
  ),
  nad('tenant-a', 'l2-overlay', {
    cniVersion: '0.3.1',
    name: 'tenant-a-l2',
    type: 'ovn-k8s-cni-overlay',
    topology: 'layer2',
    subnets: '10.100.200.0/24',
    mtu: 1300,
    netAttachDefName: 'tenant-a/l2-overlay',
  }),
  nad('tenant-a', 'overlapping-hostlocal', {
    cniVersion: '0.3.1',
    name: 'overlapping-hostlocal',
    type: 'bridge',
    bridge: 'br-vm',
    ipam: { type: 'host-local', subnet: '10.128.10.0/24', gateway: '10.99.0.1' },
  }),
  nad('tenant-b', 'ipvlan-static', {
    cniVersion: '0.3.1',
    name: 'ipvlan-static',
    type: 'ipvlan',
    master: 'bond0.100',
    mode: 'l2',
    ipam: {
      type: 'static',
      addresses: [{ address: '172.22.100.240/24', gateway: '172.22.100.1' }],
      routes: [{ dst: '0.0.0.0/0' }],
    },
  }),
  nad('tenant-b', 'hostdev-dhcp', {
    cniVersion: '0.3.1',
    name: 'hostdev-dhcp',
    type: 'host-device',
    pciBusID: '0000:d8:00.1',
    ipam: { type: 'dhcp' },
  }),
  nad(
    'tenant-b',
    'sriov-net',
    {
      cniVersion: '0.3.1',
      name: 'sriov-net',
      type: 'sriov',
      vlan: 300,
      spoofchk: 'on',
      trust: 'off',
      vlanQoS: 0,
      ipam: {
        type: 'host-local',
        subnet: '10.56.217.0/24',
        rangeStart: '10.56.217.171',
        rangeEnd: '10.56.217.181',
        gateway: '10.56.217.1',
      },
    },
    { 'k8s.v1.cni.cncf.io/resourceName': 'openshift.io/ens2f0vfs' },
  ),
  nad('tenant-b', 'localnet-physnet', {
    cniVersion: '0.3.1',
    name: 'physnet',
    type: 'ovn-k8s-cni-overlay',
    topology: 'localnet',
    subnets: '192.168.130.0/24',
    excludeSubnets: '192.168.130.0/29',
    vlanID: 300,
    mtu: 1500,
    netAttachDefName: 'tenant-b/localnet-physnet',
  }),
  nad('tenant-b', 'tuning-conflist', {
    cniVersion: '0.4.0',
    name: 'tuned-macvlan',
    plugins: [
      {
        type: 'macvlan',
        master: 'bond0.100',
        mode: 'bridge',
        ipam: { type: 'static', addresses: [{ address: '172.22.100.241/24' }] },
      },
      { type: 'tuning', sysctl: { 'net.ipv4.conf.IFNAME.arp_notify': '1' }, mtu: 9000 },
    ],
  }),
  nad('tenant-b', 'broken-ipam', {
    cniVersion: '0.3.1',
    name: 'broken-ipam',
    type: 'macvlan',
    master: 'bond0.100',
    ipam: { type: 'host-locall', subnet: '172.22.101.0/24' },
  }),
];

function pod(
  namespace: string,
  name: string,
  node: string,
  networks: string | undefined,
  app: string,
): K8sResource {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace,
      labels: { app },
      annotations: networks === undefined ? {} : { 'k8s.v1.cni.cncf.io/networks': networks },
    },
    spec: {
      nodeName: node,
      containers: [
        {
          name: app,
          image: 'registry.access.redhat.com/ubi9/ubi-minimal:9.6',
          command: ['sleep', 'infinity'],
        },
      ],
      restartPolicy: 'Always',
    },
    status: { phase: 'Pending' },
  };
}

export const DEMO_PODS: K8sResource[] = [
  pod('tenant-a', 'web-0', 'worker-0', 'macvlan-storage,bridge-dualstack', 'web'),
  pod('tenant-a', 'web-1', 'worker-1', 'tenant-a/macvlan-storage', 'web'),
  pod('tenant-a', 'vlan210-app', 'worker-2', 'tenant-vlan210', 'vlan210'),
  pod('tenant-a', 'l2-app', 'worker-1', 'l2-overlay@l2', 'l2'),
  pod('tenant-b', 'ipvlan-app', 'worker-1', 'ipvlan-static', 'ipvlan'),
  pod('tenant-b', 'dhcp-app', 'worker-0', 'hostdev-dhcp', 'dhcp'),
  pod(
    'tenant-b',
    'sriov-app',
    'worker-0',
    JSON.stringify([{ name: 'sriov-net', interface: 'net1' }]),
    'sriov',
  ),
  pod('tenant-b', 'localnet-app', 'worker-2', 'localnet-physnet', 'localnet'),
  pod('tenant-b', 'tuned-app', 'worker-1', 'tuning-conflist', 'tuned'),
  pod('tenant-b', 'broken-app', 'worker-0', 'broken-ipam', 'broken'),
  pod('tenant-b', 'orphan-app', 'worker-1', 'storage-net', 'orphan'),
];

const NS = 'openshift-machine-api';
const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

function secret(name: string, data: Record<string, string>): [string, string, K8sResource] {
  return [
    '',
    'Secret',
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name, namespace: NS },
      type: 'Opaque',
      data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, b64(v)])),
    },
  ];
}

/**
 * The nmstate openshift-worker-2 was installed with, as the installer stores an install-config
 * host's networkConfig: a Secret with key `nmstate` named by the host's
 * spec.preprovisioningNetworkDataName (openshift/image-customization-controller reads that key).
 * Since then eno1 moved under br-ex, ens2f0 runs at MTU 1500, ens2f1 failed, and the policy
 * worker-vlan200-bridge manages bond0.200.
 */
const WORKER_2_INSTALLED_NMSTATE = `interfaces:
  - name: eno1
    type: ethernet
    state: up
    ipv4:
      enabled: true
      dhcp: true
  - name: bond0
    type: bond
    state: up
    mtu: 9000
    link-aggregation:
      mode: 802.3ad
      port:
        - eno2
        - eno3
  - name: bond0.100
    type: vlan
    state: up
    mtu: 9000
    vlan:
      base-iface: bond0
      id: 100
    ipv4:
      enabled: true
      dhcp: false
      address:
        - ip: 172.22.100.22
          prefix-length: 24
  - name: bond0.200
    type: vlan
    state: up
    vlan:
      base-iface: bond0
      id: 200
  - name: ens2f0
    type: ethernet
    state: up
    mtu: 9000
  - name: ens2f1
    type: ethernet
    state: up
`;

export const DEMO_BARE_METAL: [string, string, K8sResource][] = [
  secret('openshift-worker-2-network-config-secret', { nmstate: WORKER_2_INSTALLED_NMSTATE }),
  [
    'agent-install.openshift.io',
    'NMStateConfig',
    {
      // assisted-service puts the NMStateConfigs an InfraEnv selects into its discovery image; a
      // host booting it applies the one having one of its MACs (infraEnvSelection.ts).
      metadata: {
        name: 'openshift-worker-3',
        namespace: NS,
        labels: { 'infraenvs.agent-install.openshift.io': 'ocp4' },
      },
      spec: {
        interfaces: [{ name: 'eno1', macAddress: '52:54:00:a3:3b:10' }],
        config: {
          interfaces: [
            {
              name: 'eno1',
              type: 'ethernet',
              state: 'up',
              ipv4: {
                enabled: true,
                dhcp: false,
                address: [{ ip: '192.168.111.23', 'prefix-length': 24 }],
              },
            },
          ],
          routes: {
            config: [
              {
                destination: '0.0.0.0/0',
                'next-hop-address': '192.168.111.1',
                'next-hop-interface': 'eno1',
              },
            ],
          },
        },
      },
    },
  ],
  [
    'agent-install.openshift.io',
    'InfraEnv',
    {
      // openshift/assisted-service api/v1beta1/infraenv_types.go: the discovery image of ocp4
      // carries the NMStateConfigs labelled for it.
      metadata: { name: 'ocp4', namespace: NS },
      spec: {
        pullSecretRef: { name: 'pull-secret' },
        nmStateConfigLabelSelector: {
          matchLabels: { 'infraenvs.agent-install.openshift.io': 'ocp4' },
        },
      },
    },
  ],
  [
    'agent-install.openshift.io',
    'NMStateConfig',
    {
      metadata: {
        name: 'openshift-worker-2-retired',
        namespace: NS,
        labels: { 'infraenvs.agent-install.openshift.io': 'ocp4-retired' },
      },
      spec: {
        interfaces: [{ name: 'eno1', macAddress: nicMac('worker', 2, 0).toLowerCase() }],
        config: {
          interfaces: [
            { name: 'eno1', type: 'ethernet', state: 'up', ipv4: { enabled: true, dhcp: true } },
          ],
        },
      },
    },
  ],
  secret('tor-1-credentials', { username: 'netops', password: 'juniper-demo-password' }),
  // The provider networks Ironic moves switch ports to in each phase (IrSO api/v1alpha1
  // ironic_types.go NetworkingService). Idle must reach the Ironic API (Ironic standalone
  // networking docs); the provisioning network carries PXE and the inspection agent.
  [
    'ironic.metal3.io',
    'Ironic',
    {
      metadata: { name: 'ironic', namespace: NS },
      spec: {
        networkingService: {
          enabled: true,
          providerNetworks: [
            { type: 'idle', mode: 'access', nativeVLAN: 999 },
            { type: 'inspection', mode: 'access', nativeVLAN: 10 },
            { type: 'provisioning', mode: 'access', nativeVLAN: 10 },
            { type: 'cleaning', mode: 'access', nativeVLAN: 10, mtu: 1500 },
            { type: 'servicing', mode: 'access', nativeVLAN: 11 },
            { type: 'rescuing', mode: 'access', nativeVLAN: 12 },
          ],
        },
      },
    },
  ],
  secret('openshift-worker-2-bmc-secret', { username: 'root', password: 'calvin' }),
  secret('openshift-worker-3-bmc-secret', { username: 'root', password: 'calvin' }),
  [
    'metal3.io',
    'BareMetalSwitch',
    {
      metadata: { name: 'tor-1', namespace: NS },
      spec: {
        address: '192.168.110.2',
        macAddress: '08:05:e2:7d:0a:20',
        driver: 'generic-switch',
        deviceType: 'netmiko_juniper_junos',
        credentials: { name: 'tor-1-credentials' },
        port: 22,
      },
    },
  ],
  [
    'metal3.io',
    'BareMetalSwitch',
    {
      metadata: { name: 'tor-2', namespace: NS },
      spec: {
        address: '192.168.110.3',
        macAddress: '44:4c:a8:12:34:56',
        driver: 'generic-switch',
        deviceType: 'netmiko_arista_eos',
        credentials: { name: 'tor-2-credentials' },
      },
    },
  ],
  [
    'metal3.io',
    'HostNetworkAttachment',
    {
      metadata: { name: 'storage-trunk', namespace: NS },
      spec: { mode: 'trunk', nativeVLAN: 100, allowedVLANs: ['200-203', '300'], mtu: 9000 },
    },
  ],
  [
    'metal3.io',
    'HostNetworkAttachment',
    {
      metadata: { name: 'provisioning-access', namespace: NS },
      spec: { mode: 'access', nativeVLAN: 10, mtu: 1500 },
    },
  ],
  [
    'metal3.io',
    'BareMetalHost',
    {
      metadata: {
        name: 'openshift-worker-2',
        namespace: NS,
        labels: { 'infraenvs.agent-install.openshift.io': '' },
      },
      spec: {
        online: true,
        bootMode: 'UEFI',
        bootMACAddress: nicMac('worker', 2, 0).toLowerCase(),
        bmc: {
          address: 'redfish-virtualmedia://192.168.110.52/redfish/v1/Systems/1',
          credentialsName: 'openshift-worker-2-bmc-secret',
        },
        preprovisioningNetworkDataName: 'openshift-worker-2-network-config-secret',
        consumerRef: {
          apiVersion: 'machine.openshift.io/v1beta1',
          kind: 'Machine',
          name: 'ocp4-worker-2',
          namespace: NS,
        },
        image: {
          url: 'http://192.168.111.3:6181/images/rhcos-9.6.20250612-0-openstack.x86_64.qcow2',
          checksum: 'sha256:1f4c2b9e',
          checksumType: 'sha256',
        },
        networkInterfaces: [
          { name: 'eno1', hostNetworkAttachment: { name: 'provisioning-access' } },
          { name: 'ens2f0', hostNetworkAttachment: { name: 'storage-trunk' } },
        ],
      },
      status: {
        errorCount: 0,
        errorMessage: '',
        operationalStatus: 'OK',
        poweredOn: true,
        provisioningFailCount: 0,
        provisioning: {
          state: 'provisioned',
          ID: '3c9f7a52-1b8e-4d61-a0f4-6e2d9c8b7a11',
          bootMode: 'UEFI',
          image: {
            url: 'http://192.168.111.3:6181/images/rhcos-9.6.20250612-0-openstack.x86_64.qcow2',
          },
        },
        lastUpdated: '2026-03-02T08:41:17Z',
        // Written into Ironic's port.extra.switchport while the host was available and applied
        // by Ironic at deploy (BMO PR #3470); no switchPort: the ports come from LLDP.
        appliedNetworkAttachmentConfigs: [
          { name: 'eno1', switchPortConfig: { mode: 'access', nativeVLAN: 10, mtu: 1500 } },
          {
            name: 'ens2f0',
            switchPortConfig: {
              mode: 'trunk',
              nativeVLAN: 100,
              allowedVLANs: [200, 201, 202, 203, 300],
              mtu: 9000,
            },
          },
        ],
      },
    },
  ],
  [
    'metal3.io',
    'BareMetalHost',
    {
      // bmh_agent_controller.go findInfraEnvForBMH: the label names the InfraEnv it boots.
      metadata: {
        name: 'openshift-worker-3',
        namespace: NS,
        labels: { 'infraenvs.agent-install.openshift.io': 'ocp4' },
      },
      spec: {
        online: true,
        bootMode: 'UEFI',
        bootMACAddress: '52:54:00:a3:3b:10',
        bmc: {
          address: 'redfish-virtualmedia://192.168.110.53/redfish/v1/Systems/1',
          credentialsName: 'openshift-worker-3-bmc-secret',
        },
        image: {
          url: 'http://192.168.111.3:6181/images/rhcos-9.6.20250612-0-openstack.x86_64.qcow2',
          checksum: 'sha256:1f4c2b9e',
          checksumType: 'sha256',
        },
        networkInterfaces: [
          { name: 'eno1', hostNetworkAttachment: { name: 'provisioning-access' } },
          { name: 'ens2f0', hostNetworkAttachment: { name: 'storage-trunk' } },
        ],
      },
    },
  ],
];
