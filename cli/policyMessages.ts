// English messages of the policy validator's codes for the command line, the same texts the
// console shows (src/features/policies/components/messages.ts). The day-1 check reuses that
// validator on install-time nmstate, so its findings reach the terminal too.
export const POLICY_MESSAGES: Record<string, string> = {
  'interface.name.required': 'Interface name is required',
  'interface.name.tooLong':
    'Interface name "{name}" is longer than {max} characters (kernel limit)',
  'interface.name.invalidChars': 'Interface name "{name}" must not contain "/", ":" or spaces',
  'interface.name.duplicate': 'Interface "{name}" appears twice with the same type',
  'interface.state.invalid': 'State "{state}" is not one of up, down, absent or ignore',
  'interface.type.missing': 'Interface "{name}" has no type; nmstate must find it on the node',
  'interface.brEx':
    'Changing br-ex ("{name}") is not supported on OpenShift and can cut the node off the cluster',
  'interface.defaultRoute':
    '"{name}" carries the default route on {nodes}: changing it is an unsupported day-2 operation on OpenShift',
  'interface.mtu.invalid': 'MTU {mtu} must be a whole number from {min} to {max}',
  'interface.mtu.tooSmallForIpv6': 'MTU {mtu} is below {min}, the minimum for IPv6',
  'interface.mtu.exceedsParent':
    'MTU {mtu} is above the MTU {parentMtu} of "{parent}"{nodes? on {nodes}}',
  'port.multipleControllers': 'Port "{port}" is used by both "{controller}" and "{other}"',
  'port.notFound': 'Port "{port}" of "{controller}" does not exist on {nodes}',
  'baseIface.notFound': 'Base interface "{base}" of "{name}" does not exist on {nodes}',
  'ip.address.invalid': '"{ip}" is not a valid IP address',
  'ip.address.wrongFamily': '"{ip}" is not an IPv{family} address',
  'ip.prefix.invalid': 'Prefix length "{prefix}" must be from 0 to {max}',
  'ip.address.duplicateInPolicy': '{ip} is also set on "{other}"',
  'ip.address.duplicateAcrossNodes':
    'Static address {ip} would be set on every matched node ({nodes}); narrow the node selector to one node',
  'ip.address.duplicateAcrossNodesIsolated':
    'Static address {ip} is set on every matched node ({nodes}); "{name}" carries no traffic off the node, so each node keeps its own copy',
  'ip.address.inUseOnNode': '{ip} is already in use on {nodes}',
  'policy.desiredState.templatedInterfaces':
    'The interfaces list comes from a capture; it is resolved per node',
  'policy.desiredState.empty': 'The desired state is empty: this policy changes nothing',
  'policy.name.required': 'Name is required',
  'policy.name.tooLong': 'Name must be at most {max} characters (it is {length})',
  'policy.name.invalid':
    'Name must be lowercase: letters, digits, "-" and ".", starting and ending with a letter or digit',
  'policy.name.duplicate': 'A policy named "{name}" already exists',
  'policy.capture.immutable':
    'Captures cannot be changed after creation (the API server refuses it); delete and recreate the policy, or clone it under a new name',
  'policy.update.inProgress':
    'Policy "{name}" is still progressing: the API server refuses spec changes until every node has finished',
  'policy.nodeSelector.invalid': 'The node selector must be a map of label keys to values',
  'policy.nodeSelector.keyInvalid': '"{key}" is not a valid label key',
  'policy.nodeSelector.valueInvalid': '"{value}" is not a valid label value for "{key}"',
  'policy.nodeSelector.noMatch': 'The node selector matches no node',
  'policy.maxUnavailable.invalid':
    'maxUnavailable "{value}" must be an integer or a string such as "25%"',
  'policy.maxUnavailable.fallback':
    'maxUnavailable "{value}" is not a number or a percentage; the handler uses 50% instead',
  'policy.maxUnavailable.atLeastOne': 'maxUnavailable {value} is below 1; the handler uses 1',
  'policy.maxUnavailable.allNodes':
    'maxUnavailable {value} is over 100%; every node changes at once',
  'vlan.baseIface.required':
    'A new VLAN needs a base interface{nodes? ("{name}" does not exist on {nodes})}',
  'vlan.id.invalid': 'VLAN ID "{id}" must be from {min} to {max}',
  'bond.mode.required': 'A new bond needs a mode{nodes? ("{name}" does not exist on {nodes})}',
  'bond.mode.invalid': '"{mode}" is not a bond mode',
  'bond.ports.empty': 'This bond has no ports: it carries no traffic',
  'macvlan.baseIface.required': 'A MAC-VLAN needs a base interface',
  'macvlan.mode.required': 'A MAC-VLAN needs a mode',
  'macvlan.mode.invalid': '"{mode}" is not a MAC-VLAN mode',
  'bridge.port.vlan.modeInvalid': 'Port VLAN mode "{mode}" must be access or trunk',
  'bridge.port.vlan.accessNeedsTag': 'An access port needs a VLAN tag',
  'bridge.port.vlan.trunkNeedsTags': 'A trunk port needs at least one trunk tag',
  'bridge.port.vlan.nativeNeedsTag': 'A native VLAN needs a tag',
  'bridge.port.vlan.tagNeedsNative':
    'A trunk port can have a tag only as its native VLAN: turn on "enable-native"',
  'bridge.port.vlan.accessNative': 'An access port cannot have "enable-native"',
  'bridge.port.vlan.accessTrunkTags': 'An access port cannot have trunk tags',
  'bridge.port.vlan.trunkOverlap': 'Trunk tag {tag} overlaps trunk tag {other}',
  'bridge.port.vlan.trunkRangeInvalid': 'Trunk range {min}-{max} is not a valid VLAN range',
  'bridge.port.vlan.trunkTagInvalid': 'A trunk tag needs an id or an id-range',
  'route.invalid': 'A route must be an object',
  'route.destination.required': 'A route needs a destination',
  'route.destination.invalid': '"{destination}" is not a valid destination (CIDR)',
  'route.defaultRoute':
    'Changing the default route ({destination}) is an unsupported day-2 operation on OpenShift',
  'route.nextHopAddress.invalid': '"{address}" is not a valid next-hop address',
  'route.familyMismatch': 'Next hop {address} is not of the same IP family as {destination}',
  'route.nextHopInterface.notFound': 'Next-hop interface "{name}" does not exist on {nodes}',
  'route.nextHopInterface.required':
    'A route needs a next-hop interface (unless it is a blackhole, unreachable or prohibit route)',
  'route.type.invalid': 'Route type "{type}" is not one of blackhole, unreachable or prohibit',
  'route.typed.nextHop': 'A {type} route cannot have a next hop',
  'route.metric.invalid':
    'Metric "{value}" must be -1 (the default) or a whole number from 0 to 4294967295',
  'route.tableId.invalid': 'Table ID "{value}" must be a whole number from 0 to 4294967295',
  'interface.type.team': '"{name}": nmstate 2 has no team interfaces; use a bond',
  'nmstate.unknownField': 'nmstate does not know the key "{key}" here',
  'nmstate.unknownField.suggest':
    'nmstate does not know the key "{key}" here: did you mean "{suggestion}"?',
  'dns.server.invalid': '"{server}" is not a valid DNS server address',
  'dns.server.tooMany': '{count} DNS servers: only the first {max} are used by the resolver',
  'dns.search.invalid': '"{domain}" is not a valid search domain',
  'capture.referenceUnknown': 'The desired state uses capture "{name}", which is not defined',
};
