// English messages of the day-1 check's codes for the command line; the console translates the
// same codes (src/features/day1/components/messages.ts). Findings on Secret contents carry only
// the Secret's name, the key and host names, so these texts name places, never values from there.
import type { Day1Code } from '../src/features/day1/model/types';

export const DAY1_MESSAGES: Record<Day1Code, string> = {
  'day1.state.notObject': 'the network configuration must be an nmstate document (a mapping)',
  'day1.state.yamlSyntax':
    'the nmstate in Secret {secret} key "{key}" is not valid YAML{reason?: {reason}}',
  'day1.secret.base64Invalid': 'Secret {secret} key "{key}" is not valid base64-encoded UTF-8',
  'day1.secret.noNmstateKey':
    'Secret {secret}, the preprovisioning network data of {host}, has no "{key}" key: the host boots without its network configuration',
  'day1.secret.notFound':
    'preprovisioning network data Secret {secret} of {host} is not among the inputs; its nmstate is not checked',
  'day1.nmstateConfig.interfacesRequired':
    'NMStateConfig {name} needs at least one interface with name and macAddress: the MACs are how the agent finds its host',
  'day1.nmstateConfig.interfaceNotUnique':
    'NMStateConfig {name} lists {field} "{value}" twice; assisted-service requires the MACs and names of one host to be unique',
  'day1.nmstateConfig.notSelected':
    'NMStateConfig {name} is selected by no InfraEnv ({infraEnvs}), so no discovery image carries it and no host gets it',
  'day1.nmstateConfig.otherNamespace':
    'NMStateConfig {name} in namespace {namespace} is selected by InfraEnv {infraEnv} of another namespace: it is read when that InfraEnv reconciles, but changing it does not regenerate the image',
  'day1.nmstateConfig.macClaimedTwice':
    'MAC address {mac} is claimed by the NMStateConfigs of {host} and {other}, both in the discovery image of InfraEnv {infraEnv}: the host applies both, one after the other',
  'day1.infraEnv.notFound':
    'BareMetalHost {host} names InfraEnv {infraEnv} in its {label} label, but no such InfraEnv is among the inputs in its namespace: the host is given no discovery image',
  'day1.infraEnv.selector.notObject':
    'nmStateConfigLabelSelector of InfraEnv {name} is malformed at "{value}": the controller cannot list its NMStateConfigs, so its image carries none',
  'day1.infraEnv.selector.operatorInvalid':
    'InfraEnv {name}: "{value}" is not a label selector operator (In, NotIn, Exists, DoesNotExist); the controller cannot list its NMStateConfigs, so its image carries none',
  'day1.infraEnv.selector.valuesRequired':
    'InfraEnv {name}: operator {value} needs at least one value; the controller cannot list its NMStateConfigs, so its image carries none',
  'day1.infraEnv.selector.valuesForbidden':
    'InfraEnv {name}: operator {value} takes no values; the controller cannot list its NMStateConfigs, so its image carries none',
  'day1.infraEnv.selector.keyInvalid':
    'InfraEnv {name}: "{value}" is not a valid label key; the controller cannot list its NMStateConfigs, so its image carries none',
  'day1.infraEnv.selector.valueInvalid':
    'InfraEnv {name}: "{value}" is not a valid label value; the controller cannot list its NMStateConfigs, so its image carries none',
  'day1.mac.invalid': 'MAC address "{mac}" must be six colon-separated hex pairs',
  'day1.mac.duplicate': 'MAC address {mac} of {host} is also given for {other}',
  'day1.address.duplicate': 'static address {ip} of {host} is also set on {other}',
  'day1.address.inClusterNetwork': 'static address {ip} is inside the cluster (pod) network {cidr}',
  'day1.address.inServiceNetwork': 'static address {ip} is inside the service network {cidr}',
  'day1.address.isVip':
    "static address {ip} is the cluster's {field} address; keepalived moves it between nodes",
  'day1.host.noAddressInMachineNetwork':
    'no static address of {host} is in a machine network ({networks}): the node IP must come from one',
  'day1.vip.invalid': '{field} entry "{value}" is not an IP address',
  'day1.vip.outsideMachineNetwork':
    '{field} {value} is not inside any machine network ({networks})',
  'day1.network.cidrInvalid': 'networking.{field} entry "{value}" is not a CIDR',
  'day1.rendezvousIP.notAssigned':
    'rendezvousIP {ip} is not a static address of any host, though the hosts have static network configuration',
  'day1.rendezvousIP.onWorker':
    'rendezvousIP {ip} belongs to {host}, a worker; the rendezvous host must be a control plane host',
  'day1.vlan.notAllowedOnPort':
    'VLAN {vlan} on {nic} is not carried by its switch port: attachment {attachment} ({mode}) allows {allowed}',
  'day1.vlan.nativeTagged':
    'VLAN {vlan} on {nic} is the native VLAN of attachment {attachment}: the switch sends it untagged, so the VLAN interface gets no traffic',
};
