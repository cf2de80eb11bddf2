// Form values for the NAD editors. Text inputs use '' for "key absent"; numbers and booleans use
// undefined. `applyNadFormValues` writes only what differs from the current config, so unknown
// keys, wrongly typed keys the form cannot show, and key order all survive a form round trip.

export interface RouteFormValue {
  dst: string;
  gw: string;
}

export interface HostLocalRangeFormValue {
  subnet: string;
  rangeStart: string;
  rangeEnd: string;
  gateway: string;
}

export interface WhereaboutsRangeFormValue {
  range: string;
  rangeStart: string;
  rangeEnd: string;
  exclude: string[];
}

export type IpamFormValues =
  | { type: 'none' }
  | {
      type: 'host-local';
      rangeSets: HostLocalRangeFormValue[][];
      routes: RouteFormValue[];
      dataDir: string;
    }
  | {
      type: 'static';
      addresses: { address: string; gateway: string }[];
      routes: RouteFormValue[];
      dns: { nameservers: string[]; domain: string; search: string[] };
    }
  | { type: 'dhcp' }
  | {
      type: 'whereabouts';
      /** The top-level range (first pool). */
      range: WhereaboutsRangeFormValue;
      ipRanges: WhereaboutsRangeFormValue[];
      networkName: string;
      enableOverlappingRanges: boolean | undefined;
      gateway: string;
      routes: RouteFormValue[];
    }
  /** An IPAM plugin the form does not edit (kept as is). */
  | { type: 'other'; ipamType: string };

export type PluginFormValues =
  | {
      type: 'bridge';
      bridge: string;
      vlan: number | undefined;
      mtu: number | undefined;
      isGateway: boolean | undefined;
      isDefaultGateway: boolean | undefined;
      ipMasq: boolean | undefined;
      hairpinMode: boolean | undefined;
      promiscMode: boolean | undefined;
      macspoofchk: boolean | undefined;
      preserveDefaultVlan: boolean | undefined;
    }
  | { type: 'macvlan'; master: string; mode: string; mtu: number | undefined }
  | { type: 'ipvlan'; master: string; mode: string; mtu: number | undefined }
  | { type: 'vlan'; master: string; vlanId: number | undefined; mtu: number | undefined }
  | { type: 'host-device'; device: string; hwaddr: string; kernelpath: string; pciBusID: string }
  | {
      type: 'sriov';
      /** Written to the NAD annotation `k8s.v1.cni.cncf.io/resourceName`. */
      resourceName: string;
      vlan: number | undefined;
      vlanQoS: number | undefined;
      spoofchk: string;
      trust: string;
      linkState: string;
      minTxRate: number | undefined;
      maxTxRate: number | undefined;
    }
  | {
      type: 'ovn-k8s-cni-overlay';
      topology: string;
      netAttachDefName: string;
      subnets: string[];
      excludeSubnets: string[];
      mtu: number | undefined;
      vlanID: number | undefined;
      physicalNetworkName: string;
      allowPersistentIPs: boolean | undefined;
      role: string;
    };

export type FormPluginType = PluginFormValues['type'];

export interface TuningFormValues {
  mac: string;
  mtu: number | undefined;
  promisc: boolean | undefined;
  sysctl: { key: string; value: string }[];
}

export interface NadFormValues {
  /** The config `name` (the network identity for OVN-K). */
  networkName: string;
  cniVersion: string;
  plugin: PluginFormValues;
  ipam: IpamFormValues;
  /** A `tuning` plugin later in the chain; undefined removes it. */
  tuning: TuningFormValues | undefined;
}
