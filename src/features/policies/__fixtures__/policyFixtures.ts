// Policies of the shapes users write (bond, VLAN, bridges, routes, DNS, selectors …), written for
// our tests. Each one round-trips through the form; `unrepresentable` ones must open in YAML.
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';

const nncp = (
  name: string,
  spec: NodeNetworkConfigurationPolicy['spec'],
  metadata: Partial<NodeNetworkConfigurationPolicy['metadata']> = {},
): NodeNetworkConfigurationPolicy => ({
  apiVersion: 'nmstate.io/v1',
  kind: 'NodeNetworkConfigurationPolicy',
  metadata: { name, generation: 1, resourceVersion: '1000', ...metadata },
  spec,
});

export const bondPolicy = nncp('bond0-workers', {
  desiredState: {
    interfaces: [
      {
        name: 'bond0',
        type: 'bond',
        state: 'up',
        'copy-mac-from': 'ens3',
        ipv4: { dhcp: true, enabled: true },
        'link-aggregation': {
          mode: 'balance-rr',
          options: { miimon: '140' },
          port: ['ens3', 'ens4'],
        },
      },
    ],
  },
});

export const bondVlanPolicy = nncp('bond-vlan', {
  desiredState: {
    interfaces: [
      {
        name: 'bond1',
        type: 'bond',
        state: 'up',
        ipv4: { enabled: false },
        'link-aggregation': {
          mode: '802.3ad',
          options: { miimon: 100, lacp_rate: 'fast', xmit_hash_policy: 'layer3+4' },
          port: ['ens5', 'ens6'],
        },
        mtu: 9000,
      },
      {
        name: 'bond1.210',
        type: 'vlan',
        state: 'up',
        mtu: 9000,
        ipv4: { enabled: true, dhcp: true },
        vlan: { 'base-iface': 'bond1', id: 210 },
      },
    ],
  },
});

export const dhcpPolicy = nncp('ens4-dhcp', {
  desiredState: {
    interfaces: [
      { name: 'ens4', type: 'ethernet', state: 'up', ipv4: { dhcp: true, enabled: true } },
    ],
  },
});

export const dnsPolicy = nncp('dns-static', {
  desiredState: {
    'dns-resolver': {
      config: {
        search: ['lab.example.com', 'example.org'],
        server: ['192.0.2.53', '2001:db8::53'],
      },
    },
    interfaces: [
      {
        name: 'ens4',
        type: 'ethernet',
        state: 'up',
        ipv4: { 'auto-dns': false, dhcp: true, enabled: true },
        ipv6: { 'auto-dns': false, dhcp: true, autoconf: true, enabled: true },
      },
    ],
  },
});

export const linuxBridgePolicy = nncp('br-storage', {
  desiredState: {
    interfaces: [
      {
        name: 'br-storage',
        description: 'Linux bridge with ens4 as a port',
        type: 'linux-bridge',
        state: 'up',
        ipv4: { dhcp: true, enabled: true },
        bridge: {
          options: { stp: { enabled: false } },
          port: [{ name: 'ens4' }, { name: 'ens5' }],
        },
      },
    ],
  },
});

export const linuxBridgeVlanPolicy = nncp('br-trunk', {
  desiredState: {
    interfaces: [
      {
        name: 'br-trunk',
        description: 'trunk bridge with native VLAN',
        type: 'linux-bridge',
        state: 'up',
        ipv4: { enabled: false },
        bridge: {
          options: { stp: { enabled: false, 'forward-delay': 15 }, 'mac-ageing-time': 300 },
          port: [
            {
              name: 'ens4',
              vlan: {
                mode: 'trunk',
                'trunk-tags': [{ id: 101 }, { 'id-range': { max: 500, min: 200 } }],
                tag: 100,
                'enable-native': true,
              },
            },
            { name: 'ens5', vlan: { mode: 'access', tag: 300 }, 'stp-priority': 32 },
          ],
        },
      },
    ],
  },
});

export const ovsBridgePolicy = nncp('ovs-br1', {
  nodeSelector: { 'kubernetes.io/hostname': 'worker-1.ocp.example.com' },
  desiredState: {
    interfaces: [
      {
        name: 'ovs-br1',
        description: 'ovs bridge with a bond and an internal port',
        type: 'ovs-bridge',
        state: 'up',
        bridge: {
          options: { stp: false, 'mcast-snooping-enable': true },
          port: [
            { name: 'ovs-br1-int' },
            {
              name: 'ovs-bond1',
              'link-aggregation': {
                mode: 'balance-slb',
                port: [{ name: 'ens6' }, { name: 'ens7' }],
              },
            },
          ],
        },
      },
      {
        name: 'ovs-br1-int',
        type: 'ovs-interface',
        state: 'up',
        ipv4: {
          enabled: true,
          dhcp: false,
          address: [{ ip: '198.51.100.10', 'prefix-length': 24 }],
        },
      },
    ],
  },
});

export const routePolicy = nncp('route-ens4', {
  nodeSelector: { 'kubernetes.io/hostname': 'worker-2.ocp.example.com' },
  desiredState: {
    interfaces: [
      {
        name: 'ens4',
        type: 'ethernet',
        state: 'up',
        ipv4: { address: [{ ip: '192.0.2.251', 'prefix-length': 24 }], dhcp: false, enabled: true },
      },
    ],
    routes: {
      config: [
        {
          destination: '198.51.100.0/24',
          metric: 150,
          'next-hop-address': '192.0.2.2',
          'next-hop-interface': 'ens4',
          'table-id': 254,
        },
      ],
    },
  },
});

export const staticIpPolicy = nncp('static-ip-worker2', {
  nodeSelector: { 'kubernetes.io/hostname': 'worker-2.ocp.example.com' },
  desiredState: {
    interfaces: [
      {
        name: 'ens4',
        type: 'ethernet',
        state: 'up',
        ipv4: { address: [{ ip: '10.244.0.2', 'prefix-length': 24 }], dhcp: false, enabled: true },
        ipv6: {
          enabled: true,
          autoconf: false,
          dhcp: false,
          address: [
            { ip: '2001:db8:1::2', 'prefix-length': 64 },
            { ip: '2001:db8:2::2', 'prefix-length': 64 },
          ],
        },
      },
    ],
  },
});

export const vlanPolicy = nncp('vlan-102', {
  desiredState: {
    interfaces: [
      {
        name: 'ens4.102',
        type: 'vlan',
        state: 'up',
        vlan: { id: 102, 'base-iface': 'ens4' },
        ipv4: { dhcp: true, enabled: true },
      },
    ],
  },
});

export const workerSelectorPolicy = nncp(
  'worker-ens4',
  {
    nodeSelector: { 'node-role.kubernetes.io/worker': '' },
    maxUnavailable: '25%',
    desiredState: {
      interfaces: [
        { name: 'ens4', type: 'ethernet', state: 'up', ipv4: { dhcp: true, enabled: true } },
      ],
    },
  },
  { annotations: { description: 'DHCP on the second NIC of every worker' } },
);

export const macVlanPolicy = nncp('macvlan0', {
  maxUnavailable: 2,
  desiredState: {
    interfaces: [
      {
        name: 'mac0',
        type: 'mac-vlan',
        state: 'up',
        'mac-vlan': { 'base-iface': 'ens4', mode: 'bridge', promiscuous: true },
        ipv6: { enabled: true, autoconf: true, dhcp: true },
      },
    ],
  },
});

export const absentPolicy = nncp('remove-bond0', {
  desiredState: {
    interfaces: [
      { name: 'bond0', type: 'bond', state: 'absent' },
      { name: 'legacy0', state: 'absent' },
    ],
  },
});

/** Keys the form does not model (route-rules, an hsr, unknown interface keys) must survive. */
export const unknownKeysPolicy = nncp(
  'mixed-unknown',
  {
    'x-future-field': { keep: true },
    desiredState: {
      'route-rules': { config: [{ 'ip-from': '192.0.2.0/24', 'route-table': 100 }] },
      ovn: { 'bridge-mappings': [{ localnet: 'physnet', bridge: 'br-ex' }] },
      interfaces: [
        {
          name: 'hsr0',
          type: 'hsr',
          state: 'up',
          hsr: { port1: 'ens5', port2: 'ens6', 'multicast-spec': 40, protocol: 'prp' },
        },
        {
          name: 'ens4',
          type: 'ethernet',
          state: 'up',
          'x-vendor': 'keep-me',
          ethtool: { feature: { 'rx-checksum': false } },
          ipv4: { enabled: true, dhcp: true, 'dhcp-client-id': 'mac' },
        },
      ],
      routes: {
        config: [
          {
            destination: '0.0.0.0/0',
            'next-hop-address': '192.0.2.1',
            'next-hop-interface': 'ens4',
            'x-weight': 3,
          },
        ],
      },
    },
  },
  { labels: { team: 'net' } },
);

/** Capture-based policy: text fields may hold templates; the form keeps them as text. */
export const capturePolicy = nncp('br-on-default-gw', {
  capture: {
    'default-gw': 'routes.running.destination=="0.0.0.0/0"',
    'base-iface': 'interfaces.name==capture.default-gw.routes.running.0.next-hop-interface',
  },
  desiredState: {
    interfaces: [
      {
        name: 'br1',
        type: 'linux-bridge',
        state: 'up',
        ipv4: { enabled: true, dhcp: true },
        bridge: {
          options: { stp: { enabled: false } },
          port: [{ name: '{{ capture.base-iface.interfaces.0.name }}' }],
        },
      },
    ],
  },
});

/** A template where the form edits a number: must open in YAML. */
export const templatedMtuPolicy = nncp('templated-mtu', {
  capture: { 'eth-mtu': 'interfaces.name=="ens4"' },
  desiredState: {
    interfaces: [
      {
        name: 'ens4.100',
        type: 'vlan',
        state: 'up',
        mtu: '{{ capture.eth-mtu.interfaces.0.mtu }}' as unknown as number,
        vlan: { 'base-iface': 'ens4', id: 100 },
      },
    ],
  },
});

/** Interfaces given as one template: nothing for the form to show. */
export const templatedInterfacesPolicy = nncp('lldp-all', {
  capture: {
    'ethernets-up': 'interfaces.type=="ethernet" | interfaces.state=="up"',
    'ethernets-lldp': 'capture.ethernets-up | interfaces.lldp.enabled:=true',
  },
  desiredState: { interfaces: '{{ capture.ethernets-lldp.interfaces }}' as unknown as [] },
});

export const REPRESENTABLE_POLICIES: Record<string, NodeNetworkConfigurationPolicy> = {
  bond: bondPolicy,
  'bond-vlan': bondVlanPolicy,
  dhcp: dhcpPolicy,
  dns: dnsPolicy,
  'linux-bridge': linuxBridgePolicy,
  'linux-bridge-vlan': linuxBridgeVlanPolicy,
  'ovs-bridge': ovsBridgePolicy,
  route: routePolicy,
  'static-ip': staticIpPolicy,
  vlan: vlanPolicy,
  'worker-selector': workerSelectorPolicy,
  'mac-vlan': macVlanPolicy,
  absent: absentPolicy,
  'unknown-keys': unknownKeysPolicy,
  capture: capturePolicy,
};

export const UNREPRESENTABLE_POLICIES: Record<string, NodeNetworkConfigurationPolicy> = {
  'templated-mtu': templatedMtuPolicy,
  'templated-interfaces': templatedInterfacesPolicy,
};
