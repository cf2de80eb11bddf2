// English messages for the command-line validator, keyed by the same codes the console translates.
// `{name}` placeholders are filled from a finding's params. A unit test checks that every code the
// NAD validator can emit has an entry here.
import type { FindingCode } from '../src/features/nads/model/codes';
import { DAY1_MESSAGES } from './day1Messages';
import { IMPACT_MESSAGES } from './impactMessages';
import { POLICY_MESSAGES } from './policyMessages';

export type CliMessageCode =
  FindingCode | 'input.unreadable' | 'input.yamlSyntax' | 'input.notObject';

export const MESSAGES: Record<CliMessageCode, string> = {
  'input.unreadable': 'cannot read {path}: {reason}',
  'input.yamlSyntax': 'YAML syntax error: {reason}',
  'input.notObject': 'document is not a Kubernetes object',

  'json.empty': 'spec.config is empty',
  'json.unexpectedEnd': 'spec.config JSON ends unexpectedly (missing a closing bracket or brace?)',
  'json.unexpectedToken': 'spec.config JSON: unexpected "{found}"',
  'json.trailingComma': 'spec.config JSON: trailing comma (JSON allows none before "}" or "]")',
  'json.missingComma': 'spec.config JSON: expected "," or a closing bracket before "{found}"',
  'json.missingColon': 'spec.config JSON: expected ":" after the key, found "{found}"',
  'json.bracketMismatch':
    'spec.config JSON: found "{found}" where "{expected}" closes the open bracket',
  'json.comment': 'spec.config JSON: comments are not allowed in JSON',
  'json.singleQuote': 'spec.config JSON: strings must use double quotes',
  'json.unquotedKey': 'spec.config JSON: object keys must be double-quoted ("{found}")',
  'json.unterminatedString': 'spec.config JSON: string is not terminated',
  'json.invalidEscape': 'spec.config JSON: invalid escape sequence in a string',
  'json.controlCharacter': 'spec.config JSON: control character inside a string (escape it)',
  'json.invalidNumber': 'spec.config JSON: invalid number "{found}"',
  'json.tooDeep': 'spec.config JSON is nested deeper than {max} levels',
  'json.trailingContent':
    'spec.config JSON: unexpected content after the configuration ("{found}")',
  'json.notObject': 'spec.config must be a JSON object',
  'json.duplicateKey': 'duplicate key "{key}": only the last value is used',

  'nad.nameInvalid':
    'metadata.name "{value}" is not a DNS-1123 label (lowercase alphanumerics and "-", at most 63 characters)',
  'nad.nameLeadingZero':
    'metadata.name "{value}" starts with "0", which the OpenShift admission webhook rejects',
  'nad.namespaceMissing': 'metadata.namespace is not set; namespace-dependent checks are skipped',
  'nad.configEmpty':
    'spec.config is empty: Multus will look for a CNI config file on the node named after the NAD',
  'nad.configTooLarge':
    'spec.config is {size} bytes; a CNI configuration larger than {max} bytes is rejected',
  'nad.managed': 'this NAD is managed by {manager} "{owner}"; manual changes are reverted',
  'config.typeAndPlugins':
    'both "type" and "plugins" are set: Multus uses the root "type" and ignores the plugin list',
  'config.typeRequired': 'plugin "type" is required',
  'config.typeInvalid': 'plugin type "{value}" is invalid (non-empty string without "/" or "\\")',
  'config.pluginsInvalid': '"plugins" must be a non-empty list',
  'config.pluginInvalid': 'each "plugins" entry must be an object',
  'config.conflistNameRequired':
    'a plugin list needs a "name" (the OpenShift admission webhook rejects it otherwise)',
  'config.nameInjected': 'no "name": Multus injects the NAD name "{value}"',
  'config.nameInvalid':
    'name "{value}" must start with a letter or digit and contain only letters, digits, "_", "." and "-"',
  'config.nameMismatch': 'config name "{value}" differs from the NAD name "{expected}"',
  'config.cniVersionMissing': 'cniVersion is missing and is treated as 0.1.0',
  'config.cniVersionInvalid': 'cniVersion {value} is not a supported version (0.1.0 to 1.1.0)',
  'config.cniVersionMultipleAddresses':
    'cniVersion "{cniVersion}" allows only one {family} address per interface',
  'config.reservedKey':
    '"{key}" is reserved for the container runtime and must not be in a configuration',
  'config.unknownKey':
    'unknown key "{key}" is ignored by the plugin{suggestion?: did you mean "{suggestion}"?}',
  'config.fieldType': '"{key}" must be {expected}, not {actual}',
  'config.capabilitiesInvalid': '"capabilities" must map capability names to true or false',

  'ipam.required': '{plugin} needs an IPAM "type" (host-local, static, dhcp or whereabouts)',
  'ipam.typeMissing':
    'ipam has keys ({keys}) but no "type": they are ignored and the interface gets no address',
  'ipam.unknownType':
    'IPAM type "{type}" is not known to Switchboard; its settings are not checked{suggestion?: did you mean "{suggestion}"?}',
  'plugin.unknownType':
    'plugin type "{type}" is not known: did you mean "{suggestion}"? Pods fail with "failed to find plugin" if no such binary exists',
  'ipam.routeDstInvalid': 'route destination "{value}" is not a CIDR',
  'ipam.routeGwInvalid': 'route gateway "{value}" is not an IP address',
  'ipam.routeFamilyMismatch': 'route gateway {gw} is not of the same IP family as {dst}',
  'ipam.defaultRoute':
    'default route {dst} on a secondary network competes with the pod network; prefer specific routes',
  'ipam.defaultRouteNoGateway':
    'default route {dst} has no "gw": network-status will report the gateway as <nil>',
  'ipam.dnsNameserverInvalid': 'DNS nameserver "{value}" is not an IP address',
  'ipam.dnsDomainInvalid': 'DNS name "{value}" is not a valid domain',

  'ipam.hostLocal.rangesRequired': 'host-local needs "ranges" or a "subnet"',
  'ipam.hostLocal.rangeSetEmpty': 'host-local range set is empty',
  'ipam.hostLocal.subnetInvalid': 'subnet "{value}" is not a valid CIDR',
  'ipam.hostLocal.hostBitsSet':
    'subnet {value} has host bits set; the network address is {network}',
  'ipam.hostLocal.subnetTooSmall':
    'subnet {value} is too small to allocate from (prefix longer than /{max})',
  'ipam.hostLocal.addressInvalid': '{key} "{value}" is not an IP address',
  'ipam.hostLocal.rangeOutsideSubnet': '{key} {value} is outside subnet {subnet}',
  'ipam.hostLocal.rangeOrder':
    'rangeStart {start} is after rangeEnd {end}: no address can be allocated',
  'ipam.hostLocal.rangeEdge': '{key} {value} is the network or broadcast address',
  'ipam.hostLocal.gatewayOutsideSubnet': 'gateway {gateway} is outside subnet {subnet}',
  'ipam.hostLocal.gatewayReserved':
    'gateway {gateway} is the network or broadcast address of {subnet}',
  'ipam.hostLocal.gatewayInRange':
    'gateway {gateway} lies inside the allocation range; host-local skips it',
  'ipam.hostLocal.topLevelIgnored':
    'top-level "{key}" is silently ignored when "ranges" is used; move it into the range',
  'ipam.hostLocal.topLevelPlusRanges':
    'top-level subnet {subnet} is added as an extra range set: pods get one more address',
  'ipam.hostLocal.familyMix': 'range set {set} mixes IPv4 and IPv6 ranges',
  'ipam.hostLocal.rangeOverlap': 'range overlaps {other}',
  'ipam.hostLocal.multipleSetsSameFamily':
    '{count} range sets of {family}: each pod gets {count} {family} addresses',
  'ipam.hostLocal.nodeLocal':
    'host-local allocates per node: pods on different nodes sharing this {plugin} network can get the same IP; consider whereabouts or DHCP',
  'ipam.hostLocal.pathNotAbsolute': '{key} "{value}" should be an absolute path',

  'ipam.static.addressInvalid':
    'address "{value}" must be an IP address with a prefix length (CIDR)',
  'ipam.static.addressReserved':
    'address {value} is the network or broadcast address of its prefix',
  'ipam.static.gatewayInvalid': 'gateway "{value}" is not an IP address',
  'ipam.static.gatewayOutsidePrefix': 'gateway {gateway} is outside {address}',
  'ipam.static.noAddresses':
    'static IPAM has no addresses: each pod must pass its own in "cni-args" ("ips"), or enable the "ips" capability so pods can request "ips" in their network selection',
  'ipam.static.podSuppliedIps':
    'static IPAM has no addresses: every pod must request its address with "ips" in its k8s.v1.cni.cncf.io/networks selection',
  'ipam.static.sharedIp':
    'every pod attached to this NAD gets the same static address; use the "ips" capability or whereabouts',

  'ipam.dhcp.daemonRequired': 'dhcp IPAM needs the CNI dhcp daemon running on every node',
  'ipam.dhcp.daemonMissing':
    'the CNI dhcp daemon is not deployed: no additional network in the cluster network operator config uses dhcp, so pods will not get an address. Add a dhcp shim network to spec.additionalNetworks of networks.operator.openshift.io cluster',
  'ipam.dhcp.ipvlan': 'dhcp does not work with ipvlan (interfaces share the master MAC address)',
  'ipam.dhcp.bridgeServer': 'a DHCP server must be reachable on the bridge',
  'ipam.dhcp.extraKeys': '"{key}" is ignored by dhcp IPAM',

  'ipam.whereabouts.rangeRequired': 'whereabouts needs "range" or a non-empty "ipRanges"',
  'ipam.whereabouts.rangeInvalid': 'range "{value}" is not a CIDR or start-CIDR range',
  'ipam.whereabouts.rangeHostBits': 'range {value} has host bits set; whereabouts uses {network}',
  'ipam.whereabouts.rangeTooSmall': 'range {value} is too small to allocate from',
  'ipam.whereabouts.boundInvalid': '{key} "{value}" is not an IP address',
  'ipam.whereabouts.boundOutsideRange': '{key} {value} is outside range {range}',
  'ipam.whereabouts.boundOrder': 'range_start {start} is after range_end {end}',
  'ipam.whereabouts.foreignKey': 'whereabouts ignores "{key}"{suggestion? (use "{suggestion}")}',
  'ipam.whereabouts.excludeInvalid':
    'exclude entry "{value}" must be a CIDR (a bare IP fails at allocation)',
  'ipam.whereabouts.excludeOutsideRange': 'exclude entry {value} is outside range {range}',
  'ipam.whereabouts.gatewayInvalid': 'gateway "{value}" is not an IP address',
  'ipam.whereabouts.gatewayNotExcluded':
    'gateway {gateway} is not excluded and can be assigned to a pod',
  'ipam.whereabouts.ipv6Wide': 'IPv6 range {value} is /64 or wider: only the first /65 is used',
  'ipam.whereabouts.nodeSlice': 'node_slice_size requires the whereabouts node-slice controller',

  'plugin.interfaceNameInvalid':
    '{key} "{value}" is not a valid interface name (1-15 characters, no "/", ":" or spaces)',
  'plugin.mtuInvalid': 'mtu {value} is out of range',
  'plugin.bridge.defaultCni0': 'no "bridge": the plugin creates and uses "cni0" on every node',
  'plugin.bridge.vlanInvalid': 'vlan {value} must be from 0 to 4094',
  'plugin.bridge.vlanTrunkInvalid':
    'vlanTrunk entry is invalid ({reason}): ids 1-4094, minID and maxID together, minID ≤ maxID',
  'plugin.bridge.hairpinPromisc': 'hairpinMode and promiscMode cannot both be true',
  'plugin.bridge.disableInterfaceWithIpam': 'disableContainerInterface cannot be used with IPAM',
  'plugin.bridge.defaultGateway':
    'isDefaultGateway adds a default route through the bridge, replacing the pod network route',
  'plugin.bridge.cnvBridge': 'type "cnv-bridge" is legacy; use "bridge"',
  'plugin.bridge.preserveDefaultVlan':
    'with a VLAN set, "preserveDefaultVlan": false is recommended',
  'plugin.masterDefault':
    'no "master": {plugin} uses the node default-route interface, and pods cannot reach the host',
  'plugin.macvlan.modeInvalid': 'macvlan mode "{value}" must be one of {allowed}',
  'plugin.ipvlan.modeInvalid': 'ipvlan mode "{value}" must be one of {allowed}',
  'plugin.vlan.masterRequired': 'the vlan plugin requires "master"',
  'plugin.vlan.vlanIdInvalid': 'vlanId {value} must be from 0 to 4094',
  'plugin.vlan.vlanIdZero': 'vlanId 0 (or unset) means untagged traffic',
  'plugin.hostDevice.selectorRequired':
    'host-device needs one of "device", "hwaddr", "kernelpath" or "pciBusID"',
  'plugin.hostDevice.multipleSelectors': 'host-device takes exactly one of {keys}',
  'plugin.hostDevice.pciBusIdInvalid': 'pciBusID "{value}" must look like 0000:00:00.0',
  'plugin.hostDevice.hwaddrInvalid': 'hwaddr "{value}" is not a MAC address',
  'plugin.hostDevice.exclusive': 'host-device moves the NIC into one pod at a time',
  'plugin.sriov.resourceNameMissing':
    'SR-IOV NADs need the {annotation} annotation so the device plugin assigns a VF',
  'plugin.sriov.resourcePrefix':
    'resource name "{value}" should start with "openshift.io/" on OpenShift',
  'plugin.sriov.vlanInvalid': 'vlan {value} must be from 0 to 4094',
  'plugin.sriov.vlanQosInvalid': 'vlanQoS {value} must be from 0 to 7',
  'plugin.sriov.vlanQosWithoutVlan': 'vlanQoS needs a non-zero vlan',
  'plugin.sriov.vlanProtoInvalid': 'vlanProto "{value}" must be 802.1q or 802.1ad',
  'plugin.sriov.onOffInvalid': '{key} must be the string "on" or "off", not {value}',
  'plugin.sriov.linkStateInvalid': 'link_state "{value}" must be auto, enable or disable',
  'plugin.sriov.txRateOrder': 'min_tx_rate {min} is above max_tx_rate {max}',
  'plugin.sriov.macInvalid': 'mac "{value}" is not a MAC address',
  'plugin.tuning.notChained':
    'this plugin only modifies an interface created earlier in a plugin list',
  'plugin.tuning.sysctlInvalid': 'sysctl "{key}" must be a net.* key with a string value',
  'plugin.tuning.macInvalid': 'mac "{value}" is not a MAC address',
  'plugin.chainFirstMustBeInterface':
    'the first plugin of a list must create the interface; "{plugin}" only modifies one',

  'ovn.topologyInvalid': 'topology "{value}" must be layer2, layer3 or localnet',
  'ovn.topologyMissing': 'no "topology": OVN-Kubernetes treats this as the default network',
  'ovn.layer3Undocumented':
    'layer3 secondary networks are not documented as supported on OpenShift',
  'ovn.netAttachDefName': 'netAttachDefName must be "{expected}" (namespace/name), not "{actual}"',
  'ovn.nameReserved': 'name "{value}" is reserved by OVN-Kubernetes',
  'ovn.ipamNotSupported': 'OVN-Kubernetes does not accept "ipam"; use "subnets"',
  'ovn.chainingNotSupported': 'OVN-Kubernetes does not support plugin chaining ({count} plugins)',
  'ovn.subnetInvalid': 'subnet "{value}" is not a valid CIDR',
  'ovn.subnetsRequired': '{topology} networks need "subnets"',
  'ovn.subnetsTooMany': 'at most 2 subnets are allowed ({count} given)',
  'ovn.subnetsSameFamily': 'two subnets must be of different IP families',
  'ovn.subnetsOverlap': 'subnets overlap or repeat',
  'ovn.excludeInvalid': 'excludeSubnets entry "{value}" must be a CIDR',
  'ovn.excludeOutsideSubnets': 'excludeSubnets entry {value} is not inside "subnets"',
  'ovn.excludeWithoutSubnets': 'excludeSubnets requires "subnets"',
  'ovn.vlanNotLocalnet': 'vlanID is only allowed with the localnet topology',
  'ovn.vlanInvalid': 'vlanID {value} must be from 1 to 4094',
  'ovn.mtuInvalid': 'mtu {value} must be from 576 to 65536',
  'ovn.mtuIpv6': 'mtu {value} is below 1280, the IPv6 minimum',
  'ovn.roleInvalid': 'role "{value}" must be primary or secondary',
  'ovn.roleLocalnet': 'localnet networks can only be secondary',
  'ovn.persistentIpsLayer3': 'allowPersistentIPs is not supported with layer3',
  'ovn.persistentIpsNoSubnets': 'allowPersistentIPs has no effect without "subnets"',
  'ovn.joinSubnetLocalnet': 'joinSubnet is not allowed with localnet',
  'ovn.layer2OnlyKey': '"{key}" is only allowed with layer2',
  'ovn.physicalNetworkNameInvalid':
    'physicalNetworkName "{value}" must be 1-253 characters without "," or ":"',
  'ovn.sharedName':
    'network name "{name}" is also used by {other}: both NADs join the same network',
  'ovn.sharedNameConflict':
    'network name "{name}" is also used by {other} with different settings ({keys}); pods will hang',
  'ovn.physicalNetworkNotMapped':
    'physical network "{value}" is not in any NNCP ovn.bridge-mappings',
  'ovn.physicalNetworkUnverified':
    'cannot verify that physical network "{value}" has a bridge mapping',

  'cluster.podNetworkOverlap': '{value} overlaps the cluster pod network {range}',
  'cluster.serviceNetworkOverlap': '{value} overlaps the cluster service network {range}',
  'cluster.internalOverlap': '{value} overlaps the OVN-Kubernetes internal {kind} range {range}',
  'cluster.specialRange': '{value} overlaps the {kind} range {range}',
  'cluster.documentationRange': '{value} is in the reserved {kind} range {range}',
  'cluster.nadOverlap':
    '{value} overlaps {otherRange} of NAD {other}: duplicate addresses are possible',
  'cluster.whereaboutsSharedPool':
    '{value} is the same whereabouts pool as NAD {other}: addresses are shared',
  'cluster.whereaboutsOverlap':
    '{value} overlaps whereabouts range {otherRange} of NAD {other} ({reason}): duplicate addresses are possible',
  'cluster.interfaceMissing': '{key} "{name}" is missing on {count} of {total} nodes: {nodes}',
  'cluster.masterDefaultRoute':
    '"{name}" carries the default route on {count} nodes ({nodes}): {plugin} pods cannot reach the node over it, and a misconfigured pod network competes with the node\'s own traffic',
  'cluster.masterOvsPort':
    '"{name}" is a port of OVS bridge {bridge} on {count} nodes ({nodes}): Open vSwitch holds the device, so the kernel refuses a {plugin} on it (EBUSY); use the bridge or a free NIC',
  'cluster.mtuAboveInterface':
    'mtu {mtu} is above the MTU {interfaceMtu} of "{name}" on {count} nodes: {nodes}',
  'cluster.masterShared':
    'master "{name}" is also used by {otherType} NAD {other}; one interface cannot serve both',
  'cluster.resourceNotOffered':
    'no node offers the resource {resource}, so pods using this NAD will stay Pending (resources of the same kind that nodes offer: {known})',
  'cluster.nodeAddressInRange':
    '{value} can hand out {address}, which node {node} holds on {interface}; {addresses} node addresses are in the range (nodes: {nodes}). Exclude them or move the range',
};

const ALL_MESSAGES: Record<string, string | undefined> = {
  ...POLICY_MESSAGES,
  ...DAY1_MESSAGES,
  ...IMPACT_MESSAGES,
  ...MESSAGES,
};

/** What a withheld parameter (from a Secret's contents) prints as. */
export const HIDDEN = '<hidden>';

/**
 * Fills `{param}` and optional `{param?text with {param}}` placeholders. `redacted` findings had
 * their content params withheld: those placeholders print as <hidden> instead of vanishing.
 */
export function formatMessage(
  code: string,
  params: Record<string, string | number> = {},
  redacted = false,
): string {
  const template = ALL_MESSAGES[code];
  if (template === undefined) {
    const extra = Object.entries(params)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ');
    return extra ? `${code} (${extra})` : code;
  }
  const fill = (t: string): string =>
    t.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? (redacted ? HIDDEN : '')));
  return fill(
    template.replace(/\{(\w+)\?([^{}]*(?:\{\w+\}[^{}]*)*)\}/g, (_, k: string, body: string) =>
      params[k] !== undefined ? body : '',
    ),
  );
}
