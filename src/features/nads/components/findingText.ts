// Translated text for the NAD validator's codes. Logic returns codes and params only; these
// tables are the console's counterpart of cli/messages.ts, written as literal t() calls so the
// i18n extraction sees every message.
import { useCallback } from 'react';
import type { EffectiveNoteCode, FindingCode, FormUnavailableReason } from '../model/codes';
import type { EffectiveNote, Finding } from '../model/types';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';

type T = ReturnType<typeof usePluginTranslation>['t'];
type Params = Record<string, string | number>;

function findingText(t: T, code: FindingCode, p: Params): string {
  switch (code) {
    case 'config.unknownKey':
      return p.suggestion !== undefined
        ? t('unknown key "{{key}}" is ignored by the plugin: did you mean "{{suggestion}}"?', p)
        : t('unknown key "{{key}}" is ignored by the plugin', p);
    case 'ipam.whereabouts.foreignKey':
      return p.suggestion !== undefined
        ? t('whereabouts ignores "{{key}}" (use "{{suggestion}}")', p)
        : t('whereabouts ignores "{{key}}"', p);
    case 'json.empty':
      return t('spec.config is empty');
    case 'json.unexpectedEnd':
      return t('spec.config JSON ends unexpectedly (missing a closing bracket or brace?)');
    case 'json.unexpectedToken':
      return t('spec.config JSON: unexpected "{{found}}"', p);
    case 'json.trailingComma':
      return t('spec.config JSON: trailing comma (JSON allows none before "}" or "]")');
    case 'json.missingComma':
      return t('spec.config JSON: expected "," or a closing bracket before "{{found}}"', p);
    case 'json.missingColon':
      return t('spec.config JSON: expected ":" after the key, found "{{found}}"', p);
    case 'json.bracketMismatch':
      return t(
        'spec.config JSON: found "{{found}}" where "{{expected}}" closes the open bracket',
        p,
      );
    case 'json.comment':
      return t('spec.config JSON: comments are not allowed in JSON');
    case 'json.singleQuote':
      return t('spec.config JSON: strings must use double quotes');
    case 'json.unquotedKey':
      return t('spec.config JSON: object keys must be double-quoted ("{{found}}")', p);
    case 'json.unterminatedString':
      return t('spec.config JSON: string is not terminated');
    case 'json.invalidEscape':
      return t('spec.config JSON: invalid escape sequence in a string');
    case 'json.controlCharacter':
      return t('spec.config JSON: control character inside a string (escape it)');
    case 'json.invalidNumber':
      return t('spec.config JSON: invalid number "{{found}}"', p);
    case 'json.tooDeep':
      return t('spec.config JSON is nested deeper than {{max}} levels', p);
    case 'json.trailingContent':
      return t('spec.config JSON: unexpected content after the configuration ("{{found}}")', p);
    case 'json.notObject':
      return t('spec.config must be a JSON object');
    case 'json.duplicateKey':
      return t('duplicate key "{{key}}": only the last value is used', p);
    case 'nad.nameInvalid':
      return t(
        'metadata.name "{{value}}" is not a DNS-1123 label (lowercase alphanumerics and "-", at most 63 characters)',
        p,
      );
    case 'nad.nameLeadingZero':
      return t(
        'metadata.name "{{value}}" starts with "0", which the OpenShift admission webhook rejects',
        p,
      );
    case 'nad.namespaceMissing':
      return t('metadata.namespace is not set; namespace-dependent checks are skipped');
    case 'nad.configEmpty':
      return t(
        'spec.config is empty: Multus will look for a CNI config file on the node named after the NAD',
      );
    case 'nad.configTooLarge':
      return t(
        'spec.config is {{size}} bytes; a CNI configuration larger than {{max}} bytes is rejected',
        p,
      );
    case 'nad.managed':
      return t('this NAD is managed by {{manager}} "{{owner}}"; manual changes are reverted', p);
    case 'config.typeAndPlugins':
      return t(
        'both "type" and "plugins" are set: Multus uses the root "type" and ignores the plugin list',
      );
    case 'config.typeRequired':
      return t('plugin "type" is required');
    case 'config.typeInvalid':
      return t('plugin type "{{value}}" is invalid (non-empty string without "/" or "\\")', p);
    case 'config.pluginsInvalid':
      return t('"plugins" must be a non-empty list');
    case 'config.pluginInvalid':
      return t('each "plugins" entry must be an object');
    case 'config.conflistNameRequired':
      return t(
        'a plugin list needs a "name" (the OpenShift admission webhook rejects it otherwise)',
      );
    case 'config.nameInjected':
      return t('no "name": Multus injects the NAD name "{{value}}"', p);
    case 'config.nameInvalid':
      return t(
        'name "{{value}}" must start with a letter or digit and contain only letters, digits, "_", "." and "-"',
        p,
      );
    case 'config.nameMismatch':
      return t('config name "{{value}}" differs from the NAD name "{{expected}}"', p);
    case 'config.cniVersionMissing':
      return t('cniVersion is missing and is treated as 0.1.0');
    case 'config.cniVersionInvalid':
      return t('cniVersion {{value}} is not a supported version (0.1.0 to 1.1.0)', p);
    case 'config.cniVersionMultipleAddresses':
      return t('cniVersion "{{cniVersion}}" allows only one {{family}} address per interface', p);
    case 'config.reservedKey':
      return t(
        '"{{key}}" is reserved for the container runtime and must not be in a configuration',
        p,
      );
    case 'config.fieldType':
      return t('"{{key}}" must be {{expected}}, not {{actual}}', p);
    case 'config.capabilitiesInvalid':
      return t('"capabilities" must map capability names to true or false');
    case 'ipam.required':
      return t('{{plugin}} needs an IPAM "type" (host-local, static, dhcp or whereabouts)', p);
    case 'ipam.typeMissing':
      return t(
        'ipam has keys ({{keys}}) but no "type": they are ignored and the interface gets no address',
        p,
      );
    case 'ipam.unknownType':
      return p.suggestion !== undefined
        ? t(
            'IPAM type "{{type}}" is not known: did you mean "{{suggestion}}"? Pods fail with "failed to find plugin" if no such binary exists',
            p,
          )
        : t('IPAM type "{{type}}" is not known to Switchboard; its settings are not checked', p);
    case 'plugin.unknownType':
      return t(
        'plugin type "{{type}}" is not known: did you mean "{{suggestion}}"? Pods fail with "failed to find plugin" if no such binary exists',
        p,
      );
    case 'ipam.routeDstInvalid':
      return t('route destination "{{value}}" is not a CIDR', p);
    case 'ipam.routeGwInvalid':
      return t('route gateway "{{value}}" is not an IP address', p);
    case 'ipam.routeFamilyMismatch':
      return t('route gateway {{gw}} is not of the same IP family as {{dst}}', p);
    case 'ipam.defaultRoute':
      return t(
        'default route {{dst}} on a secondary network competes with the pod network; prefer specific routes',
        p,
      );
    case 'ipam.defaultRouteNoGateway':
      return t(
        'default route {{dst}} has no "gw": network-status will report the gateway as <nil>',
        p,
      );
    case 'ipam.dnsNameserverInvalid':
      return t('DNS nameserver "{{value}}" is not an IP address', p);
    case 'ipam.dnsDomainInvalid':
      return t('DNS name "{{value}}" is not a valid domain', p);
    case 'ipam.hostLocal.rangesRequired':
      return t('host-local needs "ranges" or a "subnet"');
    case 'ipam.hostLocal.rangeSetEmpty':
      return t('host-local range set is empty');
    case 'ipam.hostLocal.subnetInvalid':
      return t('subnet "{{value}}" is not a valid CIDR', p);
    case 'ipam.hostLocal.hostBitsSet':
      return t('subnet {{value}} has host bits set; the network address is {{network}}', p);
    case 'ipam.hostLocal.subnetTooSmall':
      return t('subnet {{value}} is too small to allocate from (prefix longer than /{{max}})', p);
    case 'ipam.hostLocal.addressInvalid':
      return t('{{key}} "{{value}}" is not an IP address', p);
    case 'ipam.hostLocal.rangeOutsideSubnet':
      return t('{{key}} {{value}} is outside subnet {{subnet}}', p);
    case 'ipam.hostLocal.rangeOrder':
      return t('rangeStart {{start}} is after rangeEnd {{end}}: no address can be allocated', p);
    case 'ipam.hostLocal.rangeEdge':
      return t('{{key}} {{value}} is the network or broadcast address', p);
    case 'ipam.hostLocal.gatewayOutsideSubnet':
      return t('gateway {{gateway}} is outside subnet {{subnet}}', p);
    case 'ipam.hostLocal.gatewayReserved':
      return t('gateway {{gateway}} is the network or broadcast address of {{subnet}}', p);
    case 'ipam.hostLocal.gatewayInRange':
      return t('gateway {{gateway}} lies inside the allocation range; host-local skips it', p);
    case 'ipam.hostLocal.topLevelIgnored':
      return t(
        'top-level "{{key}}" is silently ignored when "ranges" is used; move it into the range',
        p,
      );
    case 'ipam.hostLocal.topLevelPlusRanges':
      return t(
        'top-level subnet {{subnet}} is added as an extra range set: pods get one more address',
        p,
      );
    case 'ipam.hostLocal.familyMix':
      return t('range set {{set}} mixes IPv4 and IPv6 ranges', p);
    case 'ipam.hostLocal.rangeOverlap':
      return t('range overlaps {{other}}', p);
    case 'ipam.hostLocal.multipleSetsSameFamily':
      return t(
        '{{count}} range sets of {{family}}: each pod gets {{count}} {{family}} addresses',
        p,
      );
    case 'ipam.hostLocal.nodeLocal':
      return t(
        'host-local allocates per node: pods on different nodes sharing this {{plugin}} network can get the same IP; consider whereabouts or DHCP',
        p,
      );
    case 'ipam.hostLocal.pathNotAbsolute':
      return t('{{key}} "{{value}}" should be an absolute path', p);
    case 'ipam.static.addressInvalid':
      return t('address "{{value}}" must be an IP address with a prefix length (CIDR)', p);
    case 'ipam.static.addressReserved':
      return t('address {{value}} is the network or broadcast address of its prefix', p);
    case 'ipam.static.gatewayInvalid':
      return t('gateway "{{value}}" is not an IP address', p);
    case 'ipam.static.gatewayOutsidePrefix':
      return t('gateway {{gateway}} is outside {{address}}', p);
    case 'ipam.static.noAddresses':
      return t(
        'static IPAM has no addresses: each pod must pass its own in "cni-args" ("ips"), or enable the "ips" capability so pods can request "ips" in their network selection',
      );
    case 'ipam.static.podSuppliedIps':
      return t(
        'static IPAM has no addresses: every pod must request its address with "ips" in its k8s.v1.cni.cncf.io/networks selection',
      );
    case 'ipam.static.sharedIp':
      return t(
        'every pod attached to this NAD gets the same static address; use the "ips" capability or whereabouts',
      );
    case 'ipam.dhcp.daemonRequired':
      return t('dhcp IPAM needs the CNI dhcp daemon running on every node');
    case 'ipam.dhcp.daemonMissing':
      return t(
        'the CNI dhcp daemon is not deployed: no additional network in the cluster network operator config uses dhcp, so pods will not get an address. Add a dhcp shim network to spec.additionalNetworks of networks.operator.openshift.io cluster',
      );
    case 'ipam.dhcp.ipvlan':
      return t('dhcp does not work with ipvlan (interfaces share the master MAC address)');
    case 'ipam.dhcp.bridgeServer':
      return t('a DHCP server must be reachable on the bridge');
    case 'ipam.dhcp.extraKeys':
      return t('"{{key}}" is ignored by dhcp IPAM', p);
    case 'ipam.whereabouts.rangeRequired':
      return t('whereabouts needs "range" or a non-empty "ipRanges"');
    case 'ipam.whereabouts.rangeInvalid':
      return t('range "{{value}}" is not a CIDR or start-CIDR range', p);
    case 'ipam.whereabouts.rangeHostBits':
      return t('range {{value}} has host bits set; whereabouts uses {{network}}', p);
    case 'ipam.whereabouts.rangeTooSmall':
      return t('range {{value}} is too small to allocate from', p);
    case 'ipam.whereabouts.boundInvalid':
      return t('{{key}} "{{value}}" is not an IP address', p);
    case 'ipam.whereabouts.boundOutsideRange':
      return t('{{key}} {{value}} is outside range {{range}}', p);
    case 'ipam.whereabouts.boundOrder':
      return t('range_start {{start}} is after range_end {{end}}', p);
    case 'ipam.whereabouts.excludeInvalid':
      return t('exclude entry "{{value}}" must be a CIDR (a bare IP fails at allocation)', p);
    case 'ipam.whereabouts.excludeOutsideRange':
      return t('exclude entry {{value}} is outside range {{range}}', p);
    case 'ipam.whereabouts.gatewayInvalid':
      return t('gateway "{{value}}" is not an IP address', p);
    case 'ipam.whereabouts.gatewayNotExcluded':
      return t('gateway {{gateway}} is not excluded and can be assigned to a pod', p);
    case 'ipam.whereabouts.ipv6Wide':
      return t('IPv6 range {{value}} is /64 or wider: only the first /65 is used', p);
    case 'ipam.whereabouts.nodeSlice':
      return t('node_slice_size requires the whereabouts node-slice controller');
    case 'plugin.interfaceNameInvalid':
      return t(
        '{{key}} "{{value}}" is not a valid interface name (1-15 characters, no "/", ":" or spaces)',
        p,
      );
    case 'plugin.mtuInvalid':
      return t('mtu {{value}} is out of range', p);
    case 'plugin.bridge.defaultCni0':
      return t('no "bridge": the plugin creates and uses "cni0" on every node');
    case 'plugin.bridge.vlanInvalid':
      return t('vlan {{value}} must be from 0 to 4094', p);
    case 'plugin.bridge.vlanTrunkInvalid':
      return t(
        'vlanTrunk entry is invalid ({{reason}}): ids 1-4094, minID and maxID together, minID ≤ maxID',
        p,
      );
    case 'plugin.bridge.hairpinPromisc':
      return t('hairpinMode and promiscMode cannot both be true');
    case 'plugin.bridge.disableInterfaceWithIpam':
      return t('disableContainerInterface cannot be used with IPAM');
    case 'plugin.bridge.defaultGateway':
      return t(
        'isDefaultGateway adds a default route through the bridge, replacing the pod network route',
      );
    case 'plugin.bridge.cnvBridge':
      return t('type "cnv-bridge" is legacy; use "bridge"');
    case 'plugin.bridge.preserveDefaultVlan':
      return t('with a VLAN set, "preserveDefaultVlan": false is recommended');
    case 'plugin.masterDefault':
      return t(
        'no "master": {{plugin}} uses the node default-route interface, and pods cannot reach the host',
        p,
      );
    case 'plugin.macvlan.modeInvalid':
      return t('macvlan mode "{{value}}" must be one of {{allowed}}', p);
    case 'plugin.ipvlan.modeInvalid':
      return t('ipvlan mode "{{value}}" must be one of {{allowed}}', p);
    case 'plugin.vlan.masterRequired':
      return t('the vlan plugin requires "master"');
    case 'plugin.vlan.vlanIdInvalid':
      return t('vlanId {{value}} must be from 0 to 4094', p);
    case 'plugin.vlan.vlanIdZero':
      return t('vlanId 0 (or unset) means untagged traffic');
    case 'plugin.hostDevice.selectorRequired':
      return t('host-device needs one of "device", "hwaddr", "kernelpath" or "pciBusID"');
    case 'plugin.hostDevice.multipleSelectors':
      return t('host-device takes exactly one of {{keys}}', p);
    case 'plugin.hostDevice.pciBusIdInvalid':
      return t('pciBusID "{{value}}" must look like 0000:00:00.0', p);
    case 'plugin.hostDevice.hwaddrInvalid':
      return t('hwaddr "{{value}}" is not a MAC address', p);
    case 'plugin.hostDevice.exclusive':
      return t('host-device moves the NIC into one pod at a time');
    case 'plugin.sriov.resourceNameMissing':
      return t(
        'SR-IOV NADs need the {{annotation}} annotation so the device plugin assigns a VF',
        p,
      );
    case 'plugin.sriov.resourcePrefix':
      return t('resource name "{{value}}" should start with "openshift.io/" on OpenShift', p);
    case 'plugin.sriov.vlanInvalid':
      return t('vlan {{value}} must be from 0 to 4094', p);
    case 'plugin.sriov.vlanQosInvalid':
      return t('vlanQoS {{value}} must be from 0 to 7', p);
    case 'plugin.sriov.vlanQosWithoutVlan':
      return t('vlanQoS needs a non-zero vlan');
    case 'plugin.sriov.vlanProtoInvalid':
      return t('vlanProto "{{value}}" must be 802.1q or 802.1ad', p);
    case 'plugin.sriov.onOffInvalid':
      return t('{{key}} must be the string "on" or "off", not {{value}}', p);
    case 'plugin.sriov.linkStateInvalid':
      return t('link_state "{{value}}" must be auto, enable or disable', p);
    case 'plugin.sriov.txRateOrder':
      return t('min_tx_rate {{min}} is above max_tx_rate {{max}}', p);
    case 'plugin.sriov.macInvalid':
      return t('mac "{{value}}" is not a MAC address', p);
    case 'plugin.tuning.notChained':
      return t('this plugin only modifies an interface created earlier in a plugin list');
    case 'plugin.tuning.sysctlInvalid':
      return t('sysctl "{{key}}" must be a net.* key with a string value', p);
    case 'plugin.tuning.macInvalid':
      return t('mac "{{value}}" is not a MAC address', p);
    case 'plugin.chainFirstMustBeInterface':
      return t(
        'the first plugin of a list must create the interface; "{{plugin}}" only modifies one',
        p,
      );
    case 'ovn.topologyInvalid':
      return t('topology "{{value}}" must be layer2, layer3 or localnet', p);
    case 'ovn.topologyMissing':
      return t('no "topology": OVN-Kubernetes treats this as the default network');
    case 'ovn.layer3Undocumented':
      return t('layer3 secondary networks are not documented as supported on OpenShift');
    case 'ovn.netAttachDefName':
      return t('netAttachDefName must be "{{expected}}" (namespace/name), not "{{actual}}"', p);
    case 'ovn.nameReserved':
      return t('name "{{value}}" is reserved by OVN-Kubernetes', p);
    case 'ovn.ipamNotSupported':
      return t('OVN-Kubernetes does not accept "ipam"; use "subnets"');
    case 'ovn.chainingNotSupported':
      return t('OVN-Kubernetes does not support plugin chaining ({{count}} plugins)', p);
    case 'ovn.subnetInvalid':
      return t('subnet "{{value}}" is not a valid CIDR', p);
    case 'ovn.subnetsRequired':
      return t('{{topology}} networks need "subnets"', p);
    case 'ovn.subnetsTooMany':
      return t('at most 2 subnets are allowed ({{count}} given)', p);
    case 'ovn.subnetsSameFamily':
      return t('two subnets must be of different IP families');
    case 'ovn.subnetsOverlap':
      return t('subnets overlap or repeat');
    case 'ovn.excludeInvalid':
      return t('excludeSubnets entry "{{value}}" must be a CIDR', p);
    case 'ovn.excludeOutsideSubnets':
      return t('excludeSubnets entry {{value}} is not inside "subnets"', p);
    case 'ovn.excludeWithoutSubnets':
      return t('excludeSubnets requires "subnets"');
    case 'ovn.vlanNotLocalnet':
      return t('vlanID is only allowed with the localnet topology');
    case 'ovn.vlanInvalid':
      return t('vlanID {{value}} must be from 1 to 4094', p);
    case 'ovn.mtuInvalid':
      return t('mtu {{value}} must be from 576 to 65536', p);
    case 'ovn.mtuIpv6':
      return t('mtu {{value}} is below 1280, the IPv6 minimum', p);
    case 'ovn.roleInvalid':
      return t('role "{{value}}" must be primary or secondary', p);
    case 'ovn.roleLocalnet':
      return t('localnet networks can only be secondary');
    case 'ovn.persistentIpsLayer3':
      return t('allowPersistentIPs is not supported with layer3');
    case 'ovn.persistentIpsNoSubnets':
      return t('allowPersistentIPs has no effect without "subnets"');
    case 'ovn.joinSubnetLocalnet':
      return t('joinSubnet is not allowed with localnet');
    case 'ovn.layer2OnlyKey':
      return t('"{{key}}" is only allowed with layer2', p);
    case 'ovn.physicalNetworkNameInvalid':
      return t('physicalNetworkName "{{value}}" must be 1-253 characters without "," or ":"', p);
    case 'ovn.sharedName':
      return t(
        'network name "{{name}}" is also used by {{other}}: both NADs join the same network',
        p,
      );
    case 'ovn.sharedNameConflict':
      return t(
        'network name "{{name}}" is also used by {{other}} with different settings ({{keys}}); pods will hang',
        p,
      );
    case 'ovn.physicalNetworkNotMapped':
      return t('physical network "{{value}}" is not in any NNCP ovn.bridge-mappings', p);
    case 'ovn.physicalNetworkUnverified':
      return t('cannot verify that physical network "{{value}}" has a bridge mapping', p);
    case 'cluster.podNetworkOverlap':
      return t('{{value}} overlaps the cluster pod network {{range}}', p);
    case 'cluster.serviceNetworkOverlap':
      return t('{{value}} overlaps the cluster service network {{range}}', p);
    case 'cluster.internalOverlap':
      return t('{{value}} overlaps the OVN-Kubernetes internal {{kind}} range {{range}}', p);
    case 'cluster.specialRange':
      return t('{{value}} overlaps the {{kind}} range {{range}}', p);
    case 'cluster.documentationRange':
      return t('{{value}} is in the reserved {{kind}} range {{range}}', p);
    case 'cluster.nadOverlap':
      return t(
        '{{value}} overlaps {{otherRange}} of NAD {{other}}: duplicate addresses are possible',
        p,
      );
    case 'cluster.whereaboutsSharedPool':
      return t('{{value}} is the same whereabouts pool as NAD {{other}}: addresses are shared', p);
    case 'cluster.whereaboutsOverlap':
      return t(
        '{{value}} overlaps whereabouts range {{otherRange}} of NAD {{other}} ({{reason}}): duplicate addresses are possible',
        p,
      );
    case 'cluster.interfaceMissing':
      return t('{{key}} "{{name}}" is missing on {{count}} of {{total}} nodes: {{nodes}}', p);
    case 'cluster.masterDefaultRoute':
      return t(
        '"{{name}}" carries the default route on {{count}} nodes ({{nodes}}): {{plugin}} pods cannot reach the node over it, and a misconfigured pod network competes with the node\'s own traffic',
        { ...p, count: Number(p.count) },
      );
    case 'cluster.masterOvsPort':
      return t(
        '"{{name}}" is a port of OVS bridge {{bridge}} on {{count}} nodes ({{nodes}}): Open vSwitch holds the device, so the kernel refuses a {{plugin}} on it (EBUSY); use the bridge or a free NIC',
        { ...p, count: Number(p.count) },
      );
    case 'cluster.mtuAboveInterface':
      return t(
        'mtu {{mtu}} is above the MTU {{interfaceMtu}} of "{{name}}" on {{count}} nodes: {{nodes}}',
        { ...p, count: Number(p.count) },
      );
    case 'cluster.masterShared':
      return t(
        'master "{{name}}" is also used by {{otherType}} NAD {{other}}; one interface cannot serve both',
        p,
      );
    case 'cluster.resourceNotOffered':
      return t(
        'no node offers the resource {{resource}}, so pods using this NAD will stay Pending (resources of the same kind that nodes offer: {{known}})',
        p,
      );
    case 'cluster.nodeAddressInRange':
      return t(
        '{{value}} can hand out {{address}}, which node {{node}} holds on {{interface}}; {{addresses}} node addresses are in the range (nodes: {{nodes}}). Exclude them or move the range',
        p,
      );
  }
}

function noteText(t: T, code: EffectiveNoteCode, p: Params): string {
  switch (code) {
    case 'effective.nameInjected':
      return t('Multus injects the NAD name "{{value}}" as the config name', p);
    case 'effective.pluginsIgnored':
      return t('"plugins" is ignored because the root has a "type"');
    case 'effective.cniVersionDefaulted':
      return t('no cniVersion: treated as {{value}}', p);
    case 'effective.defaultApplied':
      return t('"{{key}}" defaults to {{value}}', p);
    case 'effective.ipamIgnored':
      return t('ipam has no "type": it is ignored and the interface gets no address');
    case 'effective.hostLocal.topLevelDropped':
      return t('top-level "{{key}}" ({{value}}) is dropped because "ranges" is used', p);
    case 'effective.hostLocal.topLevelPrepended':
      return t('the top-level subnet becomes the first range set');
    case 'effective.hostLocal.gatewayDefaulted':
      return t('gateway defaults to {{value}}, the first address of {{subnet}}', p);
    case 'effective.hostLocal.rangeStartDefaulted':
      return t('rangeStart defaults to {{value}} in {{subnet}}', p);
    case 'effective.hostLocal.rangeEndDefaulted':
      return t('rangeEnd defaults to {{value}} in {{subnet}}', p);
    case 'effective.whereabouts.keyDropped':
      return t('whereabouts does not read "{{key}}"; it is dropped', p);
    case 'effective.whereabouts.rangesMerged':
      return t('the top-level range is merged into ipRanges as the first pool');
    case 'effective.whereabouts.rangeNormalized':
      return t('range {{value}} is used as {{network}}', p);
    case 'effective.ovn.physicalNetworkDefaulted':
      return t('physicalNetworkName defaults to the network name "{{value}}"', p);
  }
}

/** Translates a validator finding. */
export function useFindingText(): (f: Pick<Finding, 'code' | 'params'>) => string {
  const { t } = usePluginTranslation();
  return useCallback((f) => findingText(t, f.code, f.params ?? {}), [t]);
}

/** Translates an effective-configuration note. */
export function useEffectiveNoteText(): (n: EffectiveNote) => string {
  const { t } = usePluginTranslation();
  return useCallback((n) => noteText(t, n.code, n.params ?? {}), [t]);
}

/** Why the form cannot edit a config (the JSON editor stays available). */
export function useFormUnavailableText(): (reason: FormUnavailableReason) => string {
  const { t } = usePluginTranslation();
  return useCallback(
    (reason) => {
      switch (reason) {
        case 'form.configEmpty':
          return t(
            'The configuration is empty. Choose a type in the JSON editor or start from the form.',
          );
        case 'form.configUnparsable':
          return t(
            'The configuration is not valid JSON. Fix it in the JSON editor to use the form.',
          );
        case 'form.configNotObject':
          return t(
            'The configuration is not a JSON object. Fix it in the JSON editor to use the form.',
          );
        case 'form.unsupportedType':
          return t('The form does not support this plugin type or chain. Edit it as JSON.');
        case 'form.managed':
          return t('This NAD is managed by an operator and cannot be edited.');
      }
    },
    [t],
  );
}
