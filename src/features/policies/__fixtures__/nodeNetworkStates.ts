// Realistic NodeNetworkStates of an OpenShift bare-metal cluster, written for this project in the
// shape `nmstatectl show` reports through the handler (duplicate br-ex rows, OVN-managed
// interfaces in state ignore, LLDP TLV arrays, routes with table-id 254). The sandbox scenarios
// build their nodes from the same builder, so tests and the demo cluster agree on MACs, switch
// ports and addresses.
import type {
  LldpTlv,
  NetworkInterface,
  NetworkState,
  NodeNetworkState,
  Route,
} from '../../../shared/model/nmstate';

export type NodeRole = 'master' | 'worker';

/** A top-of-rack switch as LLDP describes it. */
export interface SwitchIdentity {
  name: string;
  chassisId: string;
  vendor: 'juniper' | 'arista';
  description: string;
  managementAddress: string;
}

export const TOR1: SwitchIdentity = {
  name: 'tor-1',
  chassisId: '08:05:E2:7D:0A:20',
  vendor: 'juniper',
  description:
    'Juniper Networks, Inc. qfx5120-48y-8c Ethernet Switch, kernel JUNOS 22.4R3-S2.11, Build date: 2024-03-14 05:12:40 UTC Copyright (c) 1996-2024 Juniper Networks, Inc.',
  managementAddress: '192.168.110.2',
};

export const TOR2: SwitchIdentity = {
  name: 'tor-2',
  chassisId: '44:4C:A8:12:34:56',
  vendor: 'arista',
  description:
    'Arista Networks EOS version 4.31.2F running on an Arista Networks DCS-7050SX3-48YC8',
  managementAddress: '192.168.110.3',
};

export interface VlanName {
  vid: number;
  name: string;
}

export interface NicSpec {
  name: string;
  speed: number;
  /** Which switch and port the NIC is cabled to; undefined ⇒ no LLDP neighbour. */
  peer?: { switch: SwitchIdentity; port: string; vlans: VlanName[] };
  sriovTotalVfs?: number;
  maxMtu?: number;
  up?: boolean;
}

export interface NodeStateOptions {
  nodeName: string;
  role: NodeRole;
  /** 0-based node number within its role; drives addresses and MACs. */
  index: number;
  /** NICs that are missing on this host (failed card, not cabled), e.g. ens2f1 on worker-2. */
  missingNics?: readonly string[];
  /** Extra VLAN sub-interfaces and bridges for scale tests (0 for the demo shape). */
  extraVlans?: number;
  /** Internal veths (containers' host ends), reported as unmanaged. */
  veths?: number;
  cluster?: { domain: string; machineCidrPrefix: string; machineV6Prefix: string };
}

const DEFAULT_CLUSTER = {
  domain: 'ocp4.example.com',
  machineCidrPrefix: '192.168.111',
  machineV6Prefix: 'fd00:1101:',
};

const MACHINE_VLANS: VlanName[] = [{ vid: 111, name: 'machine-net' }];
const BOND_VLANS: VlanName[] = [
  { vid: 100, name: 'storage' },
  { vid: 300, name: 'vm-external' },
];
const TRUNK_VLANS: VlanName[] = [
  { vid: 200, name: 'tenant-200' },
  { vid: 201, name: 'tenant-201' },
  { vid: 202, name: 'tenant-202' },
  { vid: 203, name: 'tenant-203' },
  { vid: 300, name: 'vm-external' },
];

function hex2(n: number): string {
  return (n & 0xff).toString(16).toUpperCase().padStart(2, '0');
}

/** NIC MACs: a stable OUI per role, node number and NIC number, so NNS and HardwareData agree. */
export function nicMac(role: NodeRole, index: number, nic: number): string {
  const oui = role === 'master' ? 'B8:83:03' : '0C:42:A1';
  return `${oui}:${hex2(0x10 + index)}:${hex2(0xa0 + nic)}:${hex2(0x30 + nic * 2)}`;
}

/** The machine-network address of a node: masters .10+, workers .20+. */
export function nodeMachineIp(
  role: NodeRole,
  index: number,
  prefix = DEFAULT_CLUSTER.machineCidrPrefix,
): string {
  return `${prefix}.${(role === 'master' ? 10 : 20) + index}`;
}

export function nodeMachineIpv6(
  role: NodeRole,
  index: number,
  prefix = DEFAULT_CLUSTER.machineV6Prefix,
): string {
  return `${prefix}:${(role === 'master' ? 10 : 20) + index}`.replace(':::', '::');
}

function lldpNeighbor(peer: NonNullable<NicSpec['peer']>): LldpTlv[] {
  const { switch: sw } = peer;
  const tlvs: LldpTlv[] = [
    { type: 5, 'system-name': `${sw.name}.${DEFAULT_CLUSTER.domain}` },
    { type: 6, 'system-description': sw.description },
    { type: 7, 'system-capabilities': ['MAC Bridge component', 'Router'] },
    { type: 1, _description: 'MAC address', 'chassis-id': sw.chassisId, 'chassis-id-type': 4 },
    { type: 2, _description: 'Interface name', 'port-id': peer.port, 'port-id-type': 5 },
  ];
  if (peer.vlans.length > 0) {
    tlvs.push({
      type: 127,
      subtype: 3,
      oui: '00:80:c2',
      'ieee-802-1-vlans': peer.vlans.map((v) => ({ name: v.name, vid: v.vid })),
    });
  }
  tlvs.push(
    {
      type: 127,
      subtype: 1,
      oui: '00:12:0f',
      'ieee-802-3-mac-phy-conf': {
        autoneg: true,
        'operational-mau-type': 0,
        'pmd-autoneg-cap': 32768,
      },
    },
    {
      type: 8,
      'management-addresses': [
        {
          address: sw.managementAddress,
          'address-subtype': 'IPv4',
          'interface-number': 0,
          'interface-number-subtype': 1,
        },
      ],
    },
    { type: 127, subtype: 4, oui: '00:12:0f', 'ieee-802-3-max-frame-size': 9216 },
  );
  return tlvs;
}

const ETHTOOL_FEATURES = {
  'rx-checksum': true,
  'rx-gro': true,
  'rx-gro-list': false,
  'tx-checksum-ipv4': true,
  'tx-checksum-ipv6': true,
  'tx-generic-segmentation': true,
  'tx-tcp-segmentation': true,
  'tx-tcp6-segmentation': true,
  highdma: true,
};

function ethernet(spec: NicSpec, mac: string): NetworkInterface {
  const iface: NetworkInterface = {
    name: spec.name,
    type: 'ethernet',
    state: spec.up === false ? 'down' : 'up',
    'mac-address': mac,
    mtu: 1500,
    'min-mtu': 60,
    'max-mtu': spec.maxMtu ?? 9216,
    'accept-all-mac-addresses': false,
    ipv4: { enabled: false },
    ipv6: { enabled: false },
    ethernet: {
      'auto-negotiation': true,
      duplex: 'full',
      speed: spec.speed,
      ...(spec.sriovTotalVfs === undefined
        ? {}
        : { 'sr-iov': { 'total-vfs': spec.sriovTotalVfs, vfs: [] } }),
    },
    ethtool: { feature: { ...ETHTOOL_FEATURES } },
    lldp:
      spec.peer === undefined
        ? { enabled: false }
        : { enabled: true, neighbors: [lldpNeighbor(spec.peer)] },
  };
  return iface;
}

function disabledIp(): { enabled: false } {
  return { enabled: false };
}

/** Which switch port each NIC of a node is cabled to: the demo and the switch-port pages agree. */
export function nicSpecsFor(role: NodeRole, index: number): NicSpec[] {
  if (role === 'master') {
    return [
      {
        name: 'eno1',
        speed: 10000,
        peer: { switch: TOR1, port: `xe-0/0/${index}`, vlans: MACHINE_VLANS },
      },
      {
        name: 'eno2',
        speed: 10000,
        peer: { switch: TOR2, port: `Ethernet1/${index + 1}`, vlans: [] },
      },
      { name: 'eno3', speed: 1000, up: false },
      { name: 'eno4', speed: 1000, up: false },
    ];
  }
  return [
    {
      name: 'eno1',
      speed: 25000,
      peer: { switch: TOR1, port: `xe-0/0/${10 + index}`, vlans: MACHINE_VLANS },
    },
    {
      name: 'eno2',
      speed: 25000,
      peer: { switch: TOR1, port: `xe-0/0/${30 + index}`, vlans: BOND_VLANS },
    },
    {
      name: 'eno3',
      speed: 25000,
      peer: { switch: TOR2, port: `Ethernet1/${20 + index}`, vlans: BOND_VLANS },
    },
    { name: 'eno4', speed: 1000, up: false },
    {
      name: 'ens2f0',
      speed: 25000,
      sriovTotalVfs: 8,
      peer: { switch: TOR1, port: `xe-0/0/${17 + index}`, vlans: TRUNK_VLANS },
    },
    {
      name: 'ens2f1',
      speed: 25000,
      sriovTotalVfs: 8,
      up: false,
      peer: { switch: TOR2, port: `Ethernet1/${30 + index}`, vlans: TRUNK_VLANS },
    },
  ];
}

/** Builds a node's `status.currentState`. */
export function buildNetworkState(options: NodeStateOptions): NetworkState {
  const { role, index, nodeName } = options;
  const cluster = options.cluster ?? DEFAULT_CLUSTER;
  const missing = new Set(options.missingNics ?? []);
  const nics = nicSpecsFor(role, index).filter((n) => !missing.has(n.name));
  const macs = new Map(nics.map((n, i) => [n.name, nicMac(role, index, i)]));
  const mac = (name: string): string => macs.get(name) ?? nicMac(role, index, 15);
  const ipv4 = nodeMachineIp(role, index, cluster.machineCidrPrefix);
  const ipv6 = nodeMachineIpv6(role, index, cluster.machineV6Prefix);
  const podSubnetThird = (role === 'master' ? 0 : 6) + index * 2;
  const podGateway = `10.128.${podSubnetThird}.1`;
  const patchToInt = `patch-br-ex_${nodeName}-to-br-int`;
  const patchToEx = `patch-br-int-to-br-ex_${nodeName}`;

  const interfaces: NetworkInterface[] = [
    {
      name: 'lo',
      type: 'loopback',
      state: 'up',
      'mac-address': '00:00:00:00:00:00',
      mtu: 65536,
      ipv4: { enabled: true, address: [{ ip: '127.0.0.1', 'prefix-length': 8 }] },
      ipv6: { enabled: true, address: [{ ip: '::1', 'prefix-length': 128 }] },
      'accept-all-mac-addresses': false,
    },
  ];
  for (const nic of nics) {
    const iface = ethernet(nic, mac(nic.name));
    if (nic.name === 'eno1') {
      iface.controller = 'br-ex';
      iface['profile-name'] = 'ovs-if-phys0';
    }
    if (role === 'worker' && (nic.name === 'eno2' || nic.name === 'eno3')) {
      iface.controller = 'bond0';
      iface.mtu = 9000;
    }
    interfaces.push(iface);
  }
  interfaces.push(
    {
      name: 'br-ex',
      type: 'ovs-bridge',
      state: 'up',
      ipv4: disabledIp(),
      ipv6: disabledIp(),
      bridge: {
        options: {
          stp: false,
          rstp: false,
          'mcast-snooping-enable': false,
          'fail-mode': '',
          datapath: '',
        },
        port: [{ name: 'br-ex' }, { name: 'eno1' }, { name: patchToInt }],
      },
      'ovs-db': { external_ids: {}, other_config: { hwaddr: mac('eno1') } },
      'wait-ip': 'any',
    },
    {
      name: 'br-ex',
      type: 'ovs-interface',
      state: 'up',
      controller: 'br-ex',
      'profile-name': 'ovs-if-br-ex',
      'mac-address': mac('eno1'),
      mtu: 1500,
      'min-mtu': 68,
      'max-mtu': 65535,
      'wait-ip': 'ipv4+ipv6',
      ipv4: {
        enabled: true,
        dhcp: true,
        'auto-dns': true,
        'auto-gateway': true,
        'auto-routes': true,
        'auto-route-table-id': 0,
        'auto-route-metric': 48,
        address: [
          { ip: ipv4, 'prefix-length': 24, 'valid-left': '3412sec', 'preferred-left': '3412sec' },
          { ip: '169.254.169.2', 'prefix-length': 17 },
        ],
      },
      ipv6: {
        enabled: true,
        dhcp: true,
        autoconf: true,
        'auto-dns': true,
        'auto-gateway': true,
        'auto-routes': true,
        'auto-route-table-id': 0,
        'auto-route-metric': 48,
        'addr-gen-mode': 'eui64',
        address: [
          { ip: ipv6, 'prefix-length': 128, 'valid-left': '3412sec', 'preferred-left': '3412sec' },
          { ip: `fe80::e42:a1ff:fe${hex2(0x10 + index).toLowerCase()}:a030`, 'prefix-length': 64 },
        ],
      },
    },
    {
      name: 'br-int',
      type: 'ovs-interface',
      state: 'ignore',
      controller: 'br-int',
      'mac-address': `D6:1E:${hex2(0x40 + index)}:7B:20:11`,
      mtu: 1400,
      ipv4: disabledIp(),
      ipv6: disabledIp(),
    },
    {
      name: 'ovn-k8s-mp0',
      type: 'ovs-interface',
      state: 'ignore',
      controller: 'br-int',
      'mac-address': `0A:58:0A:80:${hex2(podSubnetThird)}:02`,
      mtu: 1400,
      ipv4: { enabled: true, address: [{ ip: `10.128.${podSubnetThird}.2`, 'prefix-length': 23 }] },
      ipv6: { enabled: false },
      'ovs-db': { external_ids: { 'iface-id': `k8s-${nodeName}` }, other_config: {} },
    },
    {
      name: 'genev_sys_6081',
      type: 'ethernet',
      state: 'up',
      controller: 'ovs-system',
      'mac-address': `26:71:9F:${hex2(0x80 + index)}:86:5D`,
      mtu: 65000,
      ipv4: disabledIp(),
      ipv6: {
        enabled: true,
        address: [
          { ip: `fe80::2471:9fff:fe${hex2(0x80 + index).toLowerCase()}:865d`, 'prefix-length': 64 },
        ],
      },
      ethernet: {},
    },
    {
      name: patchToInt,
      type: 'ovs-interface',
      state: 'ignore',
      controller: 'br-ex',
      patch: { peer: patchToEx },
    },
    {
      name: patchToEx,
      type: 'ovs-interface',
      state: 'ignore',
      controller: 'br-int',
      patch: { peer: patchToInt },
    },
  );

  const routes: Route[] = [
    {
      destination: '0.0.0.0/0',
      'next-hop-address': `${cluster.machineCidrPrefix}.1`,
      'next-hop-interface': 'br-ex',
      metric: 48,
      'table-id': 254,
    },
    {
      destination: `${cluster.machineCidrPrefix}.0/24`,
      'next-hop-address': '0.0.0.0',
      'next-hop-interface': 'br-ex',
      metric: 48,
      'table-id': 254,
    },
    {
      destination: '10.128.0.0/14',
      'next-hop-address': podGateway,
      'next-hop-interface': 'ovn-k8s-mp0',
      'table-id': 254,
    },
    {
      destination: '169.254.169.3/32',
      'next-hop-address': podGateway,
      'next-hop-interface': 'ovn-k8s-mp0',
      'table-id': 254,
    },
    {
      destination: '172.30.0.0/16',
      'next-hop-address': '169.254.169.4',
      'next-hop-interface': 'br-ex',
      metric: 0,
      'table-id': 254,
    },
    {
      destination: '172.30.0.0/16',
      'next-hop-address': podGateway,
      'next-hop-interface': 'ovn-k8s-mp0',
      'table-id': 7,
    },
    {
      destination: '::/0',
      'next-hop-address': `${cluster.machineV6Prefix}:1`.replace(':::', '::'),
      'next-hop-interface': 'br-ex',
      metric: 48,
      'table-id': 254,
    },
    {
      destination: `${cluster.machineV6Prefix}:/64`.replace(':::', '::'),
      'next-hop-address': '::',
      'next-hop-interface': 'br-ex',
      metric: 48,
      'table-id': 254,
    },
  ];

  if (role === 'worker') {
    interfaces.push(
      {
        name: 'bond0',
        type: 'bond',
        state: 'up',
        'mac-address': mac('eno2'),
        mtu: 9000,
        'min-mtu': 68,
        'max-mtu': 65535,
        ipv4: disabledIp(),
        ipv6: disabledIp(),
        'link-aggregation': {
          mode: '802.3ad',
          options: {
            miimon: 100,
            lacp_rate: 'fast',
            xmit_hash_policy: 'layer3+4',
            ad_select: 'stable',
          },
          port: ['eno2', 'eno3'].filter((p) => !missing.has(p)),
        },
      },
      {
        name: 'bond0.100',
        type: 'vlan',
        state: 'up',
        description: 'storage network on bond0',
        'mac-address': mac('eno2'),
        mtu: 9000,
        vlan: { 'base-iface': 'bond0', id: 100, protocol: '802.1q' },
        ipv4: {
          enabled: true,
          dhcp: false,
          address: [{ ip: `172.22.100.${20 + index}`, 'prefix-length': 24 }],
        },
        ipv6: disabledIp(),
      },
      {
        name: 'bond0.300',
        type: 'vlan',
        state: 'up',
        controller: 'br-vm',
        'mac-address': mac('eno2'),
        mtu: 9000,
        vlan: { 'base-iface': 'bond0', id: 300, protocol: '802.1q' },
        ipv4: disabledIp(),
        ipv6: disabledIp(),
      },
      {
        name: 'br-vm',
        type: 'linux-bridge',
        state: 'up',
        description: 'VM external network on VLAN 300 of bond0',
        'mac-address': mac('eno2'),
        mtu: 9000,
        ipv4: disabledIp(),
        ipv6: disabledIp(),
        bridge: {
          options: {
            stp: {
              enabled: false,
              'forward-delay': 15,
              'hello-time': 2,
              'max-age': 20,
              priority: 32768,
            },
            'mac-ageing-time': 300,
            'multicast-snooping': true,
            'vlan-protocol': '802.1q',
            'vlan-default-pvid': 1,
          },
          port: [
            {
              name: 'bond0.300',
              'stp-hairpin-mode': false,
              'stp-path-cost': 100,
              'stp-priority': 32,
              vlan: {
                mode: 'trunk',
                'enable-native': false,
                'trunk-tags': [{ 'id-range': { min: 2, max: 4094 } }],
              },
            },
          ],
        },
      },
    );
    if (!missing.has('ens2f0')) {
      const ens2f0 = interfaces.find((i) => i.name === 'ens2f0');
      if (ens2f0 !== undefined) ens2f0.controller = 'br-tenant';
      interfaces.push({
        name: 'br-tenant',
        type: 'linux-bridge',
        state: 'up',
        description: 'Tenant VLAN trunk on ens2f0 (VLANs 200-203 and 300)',
        'mac-address': mac('ens2f0'),
        mtu: 1500,
        ipv4: disabledIp(),
        ipv6: disabledIp(),
        bridge: {
          options: {
            stp: {
              enabled: false,
              'forward-delay': 15,
              'hello-time': 2,
              'max-age': 20,
              priority: 32768,
            },
            'mac-ageing-time': 300,
            'multicast-snooping': true,
            'vlan-protocol': '802.1q',
            'vlan-default-pvid': 1,
          },
          port: [
            {
              name: 'ens2f0',
              'stp-hairpin-mode': false,
              'stp-path-cost': 100,
              'stp-priority': 32,
              vlan: {
                mode: 'trunk',
                'enable-native': false,
                'trunk-tags': [{ 'id-range': { min: 200, max: 203 } }, { id: 300 }],
              },
            },
          ],
        },
      });
    }
    routes.push({
      destination: '172.22.100.0/24',
      'next-hop-address': '0.0.0.0',
      'next-hop-interface': 'bond0.100',
      metric: 400,
      'table-id': 254,
    });
  }

  for (let v = 0; v < (options.extraVlans ?? 0); v++) {
    const id = 400 + v;
    const vlanName = `bond0.${id}`;
    interfaces.push({
      name: vlanName,
      type: 'vlan',
      state: 'up',
      controller: v % 2 === 0 ? `br-vlan${id}` : undefined,
      'mac-address': mac('eno2'),
      mtu: 9000,
      vlan: { 'base-iface': 'bond0', id, protocol: '802.1q' },
      ipv4: disabledIp(),
      ipv6: disabledIp(),
    });
    if (v % 2 === 0) {
      interfaces.push({
        name: `br-vlan${id}`,
        type: 'linux-bridge',
        state: 'up',
        'mac-address': mac('eno2'),
        mtu: 9000,
        ipv4: disabledIp(),
        ipv6: disabledIp(),
        bridge: {
          options: { stp: { enabled: false } },
          port: [
            {
              name: vlanName,
              vlan: { mode: 'trunk', 'trunk-tags': [{ 'id-range': { min: 2, max: 4094 } }] },
            },
          ],
        },
      });
    }
  }
  for (let v = 0; v < (options.veths ?? 0); v++) {
    interfaces.push({
      name: `veth${hex2(index).toLowerCase()}${hex2(v * 7 + 3).toLowerCase()}a1`,
      type: 'veth',
      state: 'ignore',
      'mac-address': `EE:${hex2(index)}:${hex2(v)}:4F:11:0${v % 10}`,
      mtu: 1400,
      controller: 'ovs-system',
      ipv4: disabledIp(),
      ipv6: disabledIp(),
    });
  }
  for (const iface of interfaces) if (iface.controller === undefined) delete iface.controller;

  return {
    interfaces,
    routes: { config: [], running: routes },
    'dns-resolver': {
      config: {},
      running: {
        server: [
          `${cluster.machineCidrPrefix}.1`,
          `${cluster.machineV6Prefix}:1`.replace(':::', '::'),
        ],
        search: [cluster.domain],
      },
    },
    ...(role === 'worker'
      ? { ovn: { 'bridge-mappings': [{ localnet: 'physnet', bridge: 'br-ex' }] } }
      : {}),
  };
}

/** Wraps a state into the NodeNetworkState object the handler writes (name = node name). */
export function buildNodeNetworkState(
  options: NodeStateOptions & { nodeUid?: string; updated?: string },
): NodeNetworkState {
  return {
    apiVersion: 'nmstate.io/v1beta1',
    kind: 'NodeNetworkState',
    metadata: {
      name: options.nodeName,
      ownerReferences: [
        {
          apiVersion: 'v1',
          kind: 'Node',
          name: options.nodeName,
          uid: options.nodeUid ?? `uid-${options.nodeName}`,
        },
      ],
    },
    status: {
      currentState: buildNetworkState(options),
      lastSuccessfulUpdateTime: options.updated ?? '2026-03-02T09:14:07Z',
      handlerNetworkManagerVersion: '1.46.0-26.el9_4',
      handlerNmstateVersion: 'nmstatectl 2.2.38',
      hostNetworkManagerVersion: '1.46.0-26.el9_4',
    },
  };
}

/** worker-0: eno1 on br-ex, bond0 (eno2+eno3) with VLANs 100/300, br-vm, br-tenant on ens2f0. */
export const worker0Nns: NodeNetworkState = buildNodeNetworkState({
  nodeName: 'worker-0',
  role: 'worker',
  index: 0,
});
export const worker1Nns: NodeNetworkState = buildNodeNetworkState({
  nodeName: 'worker-1',
  role: 'worker',
  index: 1,
});
/** worker-2 has no ens2f1 (a failed card): bond policies using ens2f1 fail here. */
export const worker2Nns: NodeNetworkState = buildNodeNetworkState({
  nodeName: 'worker-2',
  role: 'worker',
  index: 2,
  missingNics: ['ens2f1'],
});
/** master-0: eno1 on br-ex only, eno2 cabled to tor-2, eno3/eno4 down. */
export const master0Nns: NodeNetworkState = buildNodeNetworkState({
  nodeName: 'master-0',
  role: 'master',
  index: 0,
});

export function currentStateOf(nns: NodeNetworkState): NetworkState {
  return structuredClone(nns.status?.currentState ?? {});
}
