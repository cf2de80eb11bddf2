// NADs written for the NAD tests: every CNI and IPAM kind, IPv4 and IPv6, good and bad. Configs
// are kept as text exactly as a user would type them (indentation styles vary on purpose).
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import type { K8sResource } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';

export function makeNad(
  name: string,
  config: string | Record<string, unknown>,
  extra: {
    namespace?: string;
    annotations?: Record<string, string>;
    labels?: Record<string, string>;
  } = {},
): NetworkAttachmentDefinition {
  const metadata: NetworkAttachmentDefinition['metadata'] = {
    name,
    namespace: extra.namespace ?? 'demo',
  };
  if (extra.annotations) metadata.annotations = extra.annotations;
  if (extra.labels) metadata.labels = extra.labels;
  return {
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata,
    spec: { config: typeof config === 'string' ? config : JSON.stringify(config, null, 2) },
  };
}

/** Configs that should produce no error or warning (infos are allowed). */
export const GOOD: Record<string, NetworkAttachmentDefinition> = {
  bridgeHostLocal: makeNad(
    'bridge-hl',
    `{
  "cniVersion": "0.3.1",
  "name": "bridge-hl",
  "type": "bridge",
  "bridge": "br1",
  "isGateway": true,
  "ipam": {
    "type": "host-local",
    "ranges": [
      [{ "subnet": "192.168.50.0/24", "rangeStart": "192.168.50.10", "rangeEnd": "192.168.50.200", "gateway": "192.168.50.1" }],
      [{ "subnet": "fd00:50::/64", "gateway": "fd00:50::1" }]
    ],
    "routes": [{ "dst": "192.168.60.0/24", "gw": "192.168.50.1" }],
    "dataDir": "/var/lib/cni/bridge-hl"
  },
  "x-custom": { "keep": [1, 2, 3] }
}`,
  ),
  bridgeL2: makeNad('bridge-l2', {
    cniVersion: '0.3.1',
    name: 'bridge-l2',
    type: 'bridge',
    bridge: 'br-vm',
    vlan: 100,
    preserveDefaultVlan: false,
    macspoofchk: true,
    ipam: {},
  }),
  macvlanWhereabouts: makeNad(
    'macvlan-wa',
    '{\n\t"cniVersion": "0.3.1",\n\t"name": "macvlan-wa",\n\t"type": "macvlan",\n\t"master": "ens4",\n\t"mode": "bridge",\n\t"ipam": {\n\t\t"type": "whereabouts",\n\t\t"range": "192.168.20.0/24",\n\t\t"range_start": "192.168.20.10",\n\t\t"range_end": "192.168.20.100",\n\t\t"exclude": ["192.168.20.1/32"],\n\t\t"gateway": "192.168.20.1"\n\t}\n}\n',
  ),
  ipvlanStaticV6: makeNad('ipvlan-static6', {
    cniVersion: '0.4.0',
    name: 'ipvlan-static6',
    type: 'ipvlan',
    master: 'ens5',
    mode: 'l2',
    capabilities: { ips: true },
    ipam: {
      type: 'static',
      addresses: [{ address: '2001:db9:1::10/64', gateway: '2001:db9:1::1' }],
      routes: [{ dst: '2001:db9:2::/64' }],
      dns: { nameservers: ['2001:db9:1::53'], domain: 'example.com', search: ['example.com'] },
    },
  }),
  vlanDhcp: makeNad('vlan-dhcp', {
    cniVersion: '0.3.1',
    name: 'vlan-dhcp',
    type: 'vlan',
    master: 'ens6',
    vlanId: 200,
    ipam: { type: 'dhcp' },
  }),
  hostDevice: makeNad('hostdev', {
    cniVersion: '0.3.1',
    name: 'hostdev',
    type: 'host-device',
    device: 'ens7',
    ipam: {},
  }),
  sriov: makeNad(
    'sriov-net',
    {
      cniVersion: '0.3.1',
      name: 'sriov-net',
      type: 'sriov',
      vlan: 30,
      vlanQoS: 2,
      spoofchk: 'on',
      trust: 'off',
      link_state: 'auto',
      ipam: { type: 'whereabouts', range: 'fd10:30::/120' },
    },
    { annotations: { 'k8s.v1.cni.cncf.io/resourceName': 'openshift.io/intelnics' } },
  ),
  conflistTuning: makeNad(
    'macvlan-tuned',
    `{"cniVersion":"1.0.0","name":"macvlan-tuned","plugins":[{"type":"macvlan","master":"ens4","ipam":{"type":"whereabouts","range":"192.168.70.0/24","exclude":["192.168.70.0/28"]}},{"type":"tuning","sysctl":{"net.ipv4.conf.IFNAME.arp_notify":"1"}}]}`,
  ),
  ovnLayer2: makeNad('l2-net', {
    cniVersion: '0.3.1',
    name: 'l2-net',
    type: 'ovn-k8s-cni-overlay',
    topology: 'layer2',
    netAttachDefName: 'demo/l2-net',
    subnets: '10.200.0.0/16,fd20::/64',
    excludeSubnets: '10.200.0.0/30',
    mtu: 1400,
    allowPersistentIPs: true,
  }),
  ovnLocalnet: makeNad('localnet-a', {
    cniVersion: '0.3.1',
    name: 'physnet-a',
    type: 'ovn-k8s-cni-overlay',
    topology: 'localnet',
    netAttachDefName: 'demo/localnet-a',
    vlanID: 120,
    mtu: 1500,
  }),
};

/** Configs with known problems (each documents the code it must raise). */
export const BAD: Record<string, { nad: NetworkAttachmentDefinition; codes: string[] }> = {
  trailingComma: {
    nad: makeNad('tc', '{\n  "cniVersion": "0.3.1",\n  "type": "bridge",\n}'),
    codes: ['json.trailingComma'],
  },
  typeAndPlugins: {
    nad: makeNad('tp', {
      cniVersion: '0.3.1',
      name: 'tp',
      type: 'cnv-bridge',
      bridge: 'br0',
      plugins: [{ type: 'cnv-bridge', vlan: '100' }],
    }),
    codes: ['config.typeAndPlugins', 'plugin.bridge.cnvBridge'],
  },
  hostLocalTopLevel: {
    nad: makeNad('hl-top', {
      cniVersion: '0.3.1',
      name: 'hl-top',
      type: 'bridge',
      bridge: 'br1',
      ipam: {
        type: 'host-local',
        ranges: [[{ subnet: '10.10.0.0/24' }]],
        gateway: '10.10.0.254',
        routes: [{ dst: '0.0.0.0/0' }],
      },
    }),
    codes: ['ipam.hostLocal.topLevelIgnored', 'ipam.defaultRoute', 'ipam.defaultRouteNoGateway'],
  },
  whereaboutsCamel: {
    nad: makeNad('wa-camel', {
      cniVersion: '0.3.1',
      name: 'wa-camel',
      type: 'macvlan',
      master: 'ens4',
      ipam: {
        type: 'whereabouts',
        range: '192.168.30.5/24',
        rangeStart: '192.168.30.10',
        exclude: ['192.168.30.1'],
        gateway: '192.168.30.1',
      },
    }),
    codes: [
      'ipam.whereabouts.foreignKey',
      'ipam.whereabouts.rangeHostBits',
      'ipam.whereabouts.excludeInvalid',
      'ipam.whereabouts.gatewayNotExcluded',
    ],
  },
  ovnBad: {
    nad: makeNad('ovn-bad', {
      cniVersion: '0.3.1',
      name: 'default',
      type: 'ovn-k8s-cni-overlay',
      topology: 'layer2',
      netAttachDefName: 'ovn-bad/demo',
      subnets: '10.128.0.0/24',
      vlanID: 10,
      ipam: { type: 'host-local' },
    }),
    codes: [
      'ovn.netAttachDefName',
      'ovn.nameReserved',
      'ovn.vlanNotLocalnet',
      'ovn.ipamNotSupported',
      'cluster.podNetworkOverlap',
    ],
  },
  ipv6HostBits: {
    nad: makeNad('v6-bits', {
      cniVersion: '0.3.1',
      name: 'v6-bits',
      type: 'bridge',
      bridge: 'br6',
      ipam: { type: 'host-local', subnet: 'fd00:1::5/64', gateway: 'fd00:2::1' },
    }),
    codes: ['ipam.hostLocal.hostBitsSet', 'ipam.hostLocal.gatewayOutsideSubnet'],
  },
  notJson: { nad: makeNad('nj', "{ 'cniVersion': '0.3.1' }"), codes: ['json.singleQuote'] },
};

export const NETWORK_CONFIG: K8sResource = {
  apiVersion: 'config.openshift.io/v1',
  kind: 'Network',
  metadata: { name: 'cluster' },
  spec: {
    clusterNetwork: [{ cidr: '10.132.0.0/14', hostPrefix: 23 }],
    serviceNetwork: ['172.31.0.0/16'],
  },
  status: {
    clusterNetwork: [{ cidr: '10.132.0.0/14', hostPrefix: 23 }],
    serviceNetwork: ['172.31.0.0/16'],
  },
};

export const OPERATOR_NETWORK: K8sResource = {
  apiVersion: 'operator.openshift.io/v1',
  kind: 'Network',
  metadata: { name: 'cluster' },
  spec: {
    defaultNetwork: {
      type: 'OVNKubernetes',
      ovnKubernetesConfig: {
        ipv4: { internalJoinSubnet: '100.65.0.0/16', internalTransitSwitchSubnet: '100.89.0.0/16' },
        gatewayConfig: { ipv4: { internalMasqueradeSubnet: '169.254.0.0/17' } },
      },
    },
  },
};

type FixtureAddresses = { enabled: boolean; address: { ip: string; 'prefix-length': number }[] };

export function makeNns(
  node: string,
  ifaces: {
    name: string;
    mtu?: number;
    type?: string;
    ipv4?: FixtureAddresses;
    ipv6?: FixtureAddresses;
  }[],
): NodeNetworkState {
  return {
    apiVersion: 'nmstate.io/v1beta1',
    kind: 'NodeNetworkState',
    metadata: { name: node },
    status: {
      currentState: { interfaces: ifaces.map((i) => ({ state: 'up', type: 'ethernet', ...i })) },
    },
  };
}

export const NNCP_BRIDGE_MAPPING: NodeNetworkConfigurationPolicy = {
  apiVersion: 'nmstate.io/v1',
  kind: 'NodeNetworkConfigurationPolicy',
  metadata: { name: 'physnet-a-mapping' },
  spec: {
    desiredState: { ovn: { 'bridge-mappings': [{ localnet: 'physnet-a', bridge: 'br-ex' }] } },
  },
};
