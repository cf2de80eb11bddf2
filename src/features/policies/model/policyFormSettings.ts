// Form values for the nmstate settings beyond an interface's type, addresses and routes: per
// interface LLDP, ethtool and SR-IOV, and per policy route rules, DNS options and the hostname.
// Like policyForm.ts, every field is always present (null or empty for "not set").

/** `null`: the policy does not say. */
export type TriState = boolean | null;

/** ip.rs `InterfaceIpv4`/`InterfaceIpv6` keys that only act while DHCP/autoconf is on. */
export interface IpAutoFormValues {
  autoRoutes: TriState;
  autoGateway: TriState;
  autoRouteTableId: number | null;
  /** IPv4 only: `ll`, `iaid+duid` or a backend-specific (hex) id; '' when unset. */
  dhcpClientId: string;
  /** IPv6 only: `eui64`, `stable-privacy` or a backend-specific value; '' when unset. */
  addrGenMode: string;
}

export interface EthtoolFeatureRow {
  name: string;
  enabled: boolean;
}

export interface EthtoolFormValues {
  features: EthtoolFeatureRow[];
  ringRx: number | null;
  ringTx: number | null;
  pauseAutoneg: TriState;
  pauseRx: TriState;
  pauseTx: TriState;
}

export interface SriovVfFormValues {
  id: number | null;
  macAddress: string;
  spoofCheck: TriState;
  trust: TriState;
  minTxRate: number | null;
  maxTxRate: number | null;
  vlanId: number | null;
  qos: number | null;
}

export interface SriovFormValues {
  totalVfs: number | null;
  vfs: SriovVfFormValues[];
}

export interface InterfaceSettingsFormValues {
  lldp: TriState;
  ethtool: EthtoolFormValues;
  /** `ethernet.sr-iov`; only edited on ethernet interfaces. */
  sriov: SriovFormValues;
}

/** route_rule.rs `RouteRuleAction`. */
export const ROUTE_RULE_ACTIONS = ['blackhole', 'unreachable', 'prohibit'] as const;
/** route_rule.rs `family` (`AddressFamily`). */
export const ROUTE_RULE_FAMILIES = ['ipv4', 'ipv6'] as const;

export interface RouteRuleFormValues {
  /** Index in `route-rules.config` of the original, or null for a new rule. */
  sourceIndex: number | null;
  ipFrom: string;
  ipTo: string;
  priority: number | null;
  routeTable: number | null;
  /** '' when unset. */
  action: string;
  iif: string;
  fwmark: number | null;
  fwmask: number | null;
  /** '' when unset. */
  family: string;
  absent: boolean;
}

export interface PolicySettingsFormValues {
  routeRules: RouteRuleFormValues[];
  dnsOptions: string[];
  /** hostname.rs `HostNameState`: `config` the static hostname, `running` the live one. */
  hostnameConfig: string | null;
  hostnameRunning: string | null;
}

/** ethtool.rs feature names the form offers; any other kernel feature name can be typed. */
export const COMMON_ETHTOOL_FEATURES = [
  'rx-checksum',
  'tx-checksum-ip-generic',
  'tx-tcp-segmentation',
  'tx-generic-segmentation',
  'rx-gro',
  'rx-lro',
  'rx-vlan-hw-parse',
  'tx-vlan-hw-insert',
  'rx-hashing',
  'rx-ntuple-filter',
] as const;

/** ip.rs `Ipv6AddrGenMode` named variants. */
export const ADDR_GEN_MODES = ['eui64', 'stable-privacy'] as const;
/** ip.rs `Dhcpv4ClientId` named variants. */
export const DHCP_CLIENT_IDS = ['ll', 'iaid+duid'] as const;
