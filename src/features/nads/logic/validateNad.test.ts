// One row per finding code: a config that triggers it and one that does not.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FINDING_CODES, type FindingCode } from '../model/codes';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import type { NodeNetworkState } from '../../../shared/model/nmstate';
import {
  GOOD,
  BAD,
  makeNad,
  makeNns,
  NETWORK_CONFIG,
  OPERATOR_NETWORK,
  NNCP_BRIDGE_MAPPING,
} from '../__fixtures__/nads';
import { buildValidationContext, type ValidationContextInput } from './context';
import { validateNad } from './validateNad';

type Cfg = Record<string, unknown>;
const NAME = 'n';
const env = { cniVersion: '0.3.1', name: NAME };
const br = (x: Cfg = {}): Cfg => ({ ...env, type: 'bridge', bridge: 'br1', ipam: {}, ...x });
const mv = (x: Cfg = {}): Cfg => ({ ...env, type: 'macvlan', master: 'ens4', ipam: {}, ...x });
const hl = (ipam: Cfg = {}, x: Cfg = {}): Cfg =>
  br({ ipam: { type: 'host-local', ranges: [[{ subnet: '192.168.1.0/24' }]], ...ipam }, ...x });
const hlRange = (r: Cfg): Cfg => hl({ ranges: [[{ subnet: '192.168.1.0/24', ...r }]] });
const wa = (ipam: Cfg = {}): Cfg =>
  mv({ ipam: { type: 'whereabouts', range: '192.168.2.0/24', ...ipam } });
const st = (ipam: Cfg = {}, x: Cfg = {}): Cfg =>
  mv({
    capabilities: { ips: true },
    ipam: {
      type: 'static',
      addresses: [{ address: '192.168.3.10/24', gateway: '192.168.3.1' }],
      ...ipam,
    },
    ...x,
  });
const workerNode = (allocatable: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: 'worker-0' },
  status: { allocatable: { cpu: '16', memory: '64Gi', pods: '250', ...allocatable } },
});
const addresses = (...cidrs: string[]) => ({
  enabled: true,
  address: cidrs.map((c) => {
    const [ip = '', prefix = ''] = c.split('/');
    return { ip, 'prefix-length': Number(prefix) };
  }),
});
const v4 = addresses;
const v6 = addresses;
const sr = (x: Cfg = {}): Cfg => ({ ...env, type: 'sriov', ipam: {}, ...x });
const ovn = (x: Cfg = {}): Cfg => ({
  ...env,
  type: 'ovn-k8s-cni-overlay',
  topology: 'layer2',
  netAttachDefName: `demo/${NAME}`,
  ...x,
});
const ovnL3 = (x: Cfg = {}): Cfg => ovn({ topology: 'layer3', subnets: '10.220.0.0/16/24', ...x });
const loc = (x: Cfg = {}): Cfg => ovn({ topology: 'localnet', name: 'physnet-a', ...x });
const list = (plugins: Cfg[], x: Cfg = {}): Cfg => ({ ...env, plugins, ...x });
const without = (c: Cfg, ...keys: string[]): Cfg =>
  Object.fromEntries(Object.entries(c).filter(([k]) => !keys.includes(k)));

type Case = Cfg | string | NetworkAttachmentDefinition;
interface Row {
  code: FindingCode;
  bad: Case;
  ok: Case;
  ctx?: ValidationContextInput;
  /** Other NADs in the cluster for cross-NAD rules. */
  others?: NetworkAttachmentDefinition[];
}

/**
 * An OVN-Kubernetes node as nmstate reports it: br-ex is an OVS bridge with eno1 as its system port
 * and an internal interface of the same name that carries the default route; ens4 is a free NIC.
 */
const OVN_NODE = (node: string, opts: { eno1Port?: boolean } = {}): NodeNetworkState => {
  const nns = makeNns(node, [
    { name: 'eno1' },
    { name: 'ens4' },
    { name: 'br-ex', type: 'ovs-interface' },
  ]);
  const current = nns.status?.currentState;
  if (!current) return nns;
  current.interfaces = [
    {
      name: 'br-ex',
      type: 'ovs-bridge',
      state: 'up',
      bridge: {
        port: [{ name: 'br-ex' }, ...(opts.eno1Port === false ? [] : [{ name: 'eno1' }])],
      },
    },
    ...(current.interfaces ?? []),
  ];
  current.routes = {
    running: [
      { destination: '0.0.0.0/0', 'next-hop-interface': 'br-ex', 'next-hop-address': '10.0.0.1' },
      { destination: '10.0.0.0/24', 'next-hop-interface': 'eno1' },
    ],
  };
  return nns;
};

const other = (name: string, c: Cfg, namespace = 'demo'): NetworkAttachmentDefinition =>
  makeNad(name, c, { namespace });

const ROWS: Row[] = [
  { code: 'json.empty', bad: '   ', ok: br() },
  { code: 'json.unexpectedEnd', bad: '{"type": "bridge"', ok: br() },
  { code: 'json.unexpectedToken', bad: '{"type": tru}', ok: br() },
  { code: 'json.trailingComma', bad: '{"type": "bridge",}', ok: br() },
  { code: 'json.missingComma', bad: '{"type": "bridge" "name": "n"}', ok: br() },
  { code: 'json.missingColon', bad: '{"type" "bridge"}', ok: br() },
  { code: 'json.bracketMismatch', bad: '{"a": [1}', ok: br() },
  { code: 'json.comment', bad: '{ // bridge\n "type": "bridge"}', ok: br() },
  { code: 'json.singleQuote', bad: "{'type': 'bridge'}", ok: br() },
  { code: 'json.unquotedKey', bad: '{type: "bridge"}', ok: br() },
  { code: 'json.unterminatedString', bad: '{"type": "bridge', ok: br() },
  { code: 'json.invalidEscape', bad: '{"type": "br\\x"}', ok: br() },
  { code: 'json.controlCharacter', bad: '{"type": "br\tidge"}', ok: br() },
  { code: 'json.invalidNumber', bad: '{"mtu": 01}', ok: br() },
  { code: 'json.tooDeep', bad: `{"a": ${'['.repeat(100000)}`, ok: br() },
  { code: 'json.trailingContent', bad: '{"type": "bridge"} x', ok: br() },
  { code: 'json.notObject', bad: '[{"type": "bridge"}]', ok: br() },
  {
    code: 'json.duplicateKey',
    bad: '{"cniVersion":"0.3.1","name":"n","type":"bridge","bridge":"a","bridge":"b"}',
    ok: br(),
  },

  { code: 'nad.nameInvalid', bad: makeNad('Bad_Name', br()), ok: br() },
  { code: 'nad.nameLeadingZero', bad: makeNad('0net', br()), ok: br() },
  { code: 'nad.namespaceMissing', bad: makeNad(NAME, br(), { namespace: '' }), ok: br() },
  { code: 'nad.configEmpty', bad: '', ok: br() },
  {
    code: 'nad.configTooLarge',
    bad: JSON.stringify({
      cniVersion: '0.4.0',
      name: NAME,
      type: 'bridge',
      x: 'y'.repeat(1 << 20),
    }),
    ok: br(),
  },
  {
    code: 'nad.managed',
    bad: makeNad(NAME, br(), { labels: { 'k8s.ovn.org/user-defined-network': '' } }),
    ok: br(),
  },
  { code: 'config.typeAndPlugins', bad: br({ plugins: [{ type: 'bridge' }] }), ok: br() },
  { code: 'config.typeRequired', bad: env, ok: br() },
  { code: 'config.typeInvalid', bad: br({ type: '../bridge' }), ok: br() },
  { code: 'config.pluginsInvalid', bad: list([]), ok: list([mv()]) },
  { code: 'config.pluginInvalid', bad: list([mv(), 'tuning' as unknown as Cfg]), ok: list([mv()]) },
  { code: 'config.conflistNameRequired', bad: without(list([mv()]), 'name'), ok: list([mv()]) },
  { code: 'config.nameInjected', bad: without(br(), 'name'), ok: br() },
  { code: 'config.nameInvalid', bad: br({ name: '-n' }), ok: br() },
  { code: 'config.nameMismatch', bad: br({ name: 'other' }), ok: br() },
  { code: 'config.cniVersionMissing', bad: without(br(), 'cniVersion'), ok: br() },
  { code: 'config.cniVersionInvalid', bad: br({ cniVersion: '0.5.0' }), ok: br() },
  {
    code: 'config.cniVersionMultipleAddresses',
    bad: hl(
      { ranges: [[{ subnet: '192.168.1.0/24' }], [{ subnet: '192.168.2.0/24' }]] },
      { cniVersion: '0.2.0' },
    ),
    ok: hl({ ranges: [[{ subnet: '192.168.1.0/24' }], [{ subnet: '192.168.2.0/24' }]] }),
  },
  { code: 'config.reservedKey', bad: br({ runtimeConfig: { ips: [] } }), ok: br() },
  {
    code: 'config.unknownKey',
    bad: br({ vlanID: 10 }),
    ok: br({ vlan: 10, preserveDefaultVlan: false }),
  },
  {
    code: 'config.fieldType',
    bad: br({ vlan: '100' }),
    ok: br({ vlan: 100, preserveDefaultVlan: false }),
  },
  {
    code: 'config.capabilitiesInvalid',
    bad: br({ capabilities: { ips: 'yes' } }),
    ok: br({ capabilities: { ips: true } }),
  },

  {
    code: 'ipam.required',
    bad: { ...env, type: 'vlan', master: 'ens4', vlanId: 5 },
    ok: { ...env, type: 'vlan', master: 'ens4', vlanId: 5, ipam: { type: 'dhcp' } },
  },
  { code: 'ipam.typeMissing', bad: br({ ipam: { subnet: '10.0.0.0/24' } }), ok: br() },
  { code: 'ipam.unknownType', bad: br({ ipam: { type: 'calico-ipam' } }), ok: hl() },
  {
    code: 'ipam.routeDstInvalid',
    bad: hl({ routes: [{ dst: '10.0.0.0' }] }),
    ok: hl({ routes: [{ dst: '10.0.0.0/8' }] }),
  },
  {
    code: 'ipam.routeGwInvalid',
    bad: hl({ routes: [{ dst: '10.0.0.0/8', gw: 'gw' }] }),
    ok: hl({ routes: [{ dst: '10.0.0.0/8', gw: '192.168.1.1' }] }),
  },
  {
    code: 'ipam.routeFamilyMismatch',
    bad: hl({ routes: [{ dst: '10.0.0.0/8', gw: 'fd00::1' }] }),
    ok: hl({ routes: [{ dst: '10.0.0.0/8', gw: '192.168.1.1' }] }),
  },
  {
    code: 'ipam.defaultRoute',
    bad: hl({ routes: [{ dst: '0.0.0.0/0', gw: '192.168.1.1' }] }),
    ok: hl({ routes: [{ dst: '10.0.0.0/8' }] }),
  },
  {
    code: 'ipam.defaultRouteNoGateway',
    bad: hl({ routes: [{ dst: '::/0' }], ranges: [[{ subnet: 'fd00:1::/64' }]] }),
    ok: hl({ routes: [{ dst: '0.0.0.0/0', gw: '192.168.1.1' }] }),
  },
  {
    code: 'ipam.dnsNameserverInvalid',
    bad: st({ dns: { nameservers: ['dns1'] } }),
    ok: st({ dns: { nameservers: ['192.168.3.53'] } }),
  },
  {
    code: 'ipam.dnsDomainInvalid',
    bad: st({ dns: { domain: 'bad_domain!' } }),
    ok: st({ dns: { domain: 'example.com' } }),
  },

  { code: 'ipam.hostLocal.rangesRequired', bad: br({ ipam: { type: 'host-local' } }), ok: hl() },
  { code: 'ipam.hostLocal.rangeSetEmpty', bad: hl({ ranges: [[]] }), ok: hl() },
  { code: 'ipam.hostLocal.subnetInvalid', bad: hlRange({ subnet: '999.1.1.0/24' }), ok: hl() },
  { code: 'ipam.hostLocal.hostBitsSet', bad: hlRange({ subnet: '192.168.1.7/24' }), ok: hl() },
  {
    code: 'ipam.hostLocal.subnetTooSmall',
    bad: hlRange({ subnet: '192.168.1.0/31' }),
    ok: hlRange({ subnet: '192.168.1.0/30' }),
  },
  {
    code: 'ipam.hostLocal.addressInvalid',
    bad: hlRange({ rangeStart: '192.168.1' }),
    ok: hlRange({ rangeStart: '192.168.1.5' }),
  },
  {
    code: 'ipam.hostLocal.rangeOutsideSubnet',
    bad: hlRange({ rangeEnd: '192.168.2.5' }),
    ok: hlRange({ rangeEnd: '192.168.1.200' }),
  },
  {
    code: 'ipam.hostLocal.rangeOrder',
    bad: hlRange({ rangeStart: '192.168.1.100', rangeEnd: '192.168.1.10' }),
    ok: hlRange({ rangeStart: '192.168.1.10', rangeEnd: '192.168.1.100' }),
  },
  {
    code: 'ipam.hostLocal.rangeEdge',
    bad: hlRange({ rangeEnd: '192.168.1.255' }),
    ok: hlRange({ rangeEnd: '192.168.1.254' }),
  },
  {
    code: 'ipam.hostLocal.gatewayOutsideSubnet',
    bad: hlRange({ gateway: '192.168.9.1' }),
    ok: hlRange({ gateway: '192.168.1.1' }),
  },
  {
    code: 'ipam.hostLocal.gatewayReserved',
    bad: hlRange({ gateway: '192.168.1.255' }),
    ok: hlRange({ gateway: '192.168.1.254' }),
  },
  {
    code: 'ipam.hostLocal.gatewayInRange',
    bad: hlRange({ rangeStart: '192.168.1.1', rangeEnd: '192.168.1.100', gateway: '192.168.1.50' }),
    ok: hlRange({ rangeStart: '192.168.1.10', gateway: '192.168.1.1' }),
  },
  {
    code: 'ipam.hostLocal.topLevelIgnored',
    bad: hl({ gateway: '192.168.1.254' }),
    ok: hlRange({ gateway: '192.168.1.254' }),
  },
  { code: 'ipam.hostLocal.topLevelPlusRanges', bad: hl({ subnet: '192.168.5.0/24' }), ok: hl() },
  {
    code: 'ipam.hostLocal.familyMix',
    bad: hl({ ranges: [[{ subnet: '192.168.1.0/24' }, { subnet: 'fd00::/64' }]] }),
    ok: hl({ ranges: [[{ subnet: '192.168.1.0/24' }], [{ subnet: 'fd00::/64' }]] }),
  },
  {
    code: 'ipam.hostLocal.rangeOverlap',
    bad: hl({ ranges: [[{ subnet: '192.168.1.0/24' }], [{ subnet: '192.168.0.0/16' }]] }),
    ok: hl({ ranges: [[{ subnet: '192.168.1.0/24' }, { subnet: '192.168.2.0/24' }]] }),
  },
  {
    code: 'ipam.hostLocal.multipleSetsSameFamily',
    bad: hl({ ranges: [[{ subnet: '192.168.1.0/24' }], [{ subnet: '192.168.2.0/24' }]] }),
    ok: hl(),
  },
  {
    code: 'ipam.hostLocal.nodeLocal',
    bad: mv({ ipam: { type: 'host-local', subnet: '192.168.1.0/24' } }),
    ok: br({ ipam: { type: 'host-local', subnet: '192.168.1.0/24' } }),
  },
  {
    code: 'ipam.hostLocal.pathNotAbsolute',
    bad: hl({ dataDir: 'var/lib/x' }),
    ok: hl({ dataDir: '/var/lib/x' }),
  },

  {
    code: 'ipam.static.addressInvalid',
    bad: st({ addresses: [{ address: '192.168.3.10' }] }),
    ok: st(),
  },
  {
    code: 'ipam.static.addressReserved',
    bad: st({ addresses: [{ address: '192.168.3.0/24' }] }),
    ok: st(),
  },
  {
    code: 'ipam.static.gatewayInvalid',
    bad: st({ addresses: [{ address: '192.168.3.10/24', gateway: 'gw' }] }),
    ok: st(),
  },
  {
    code: 'ipam.static.gatewayOutsidePrefix',
    bad: st({ addresses: [{ address: '192.168.3.10/24', gateway: '192.168.4.1' }] }),
    ok: st(),
  },
  {
    code: 'ipam.static.noAddresses',
    bad: st({ addresses: [] }, { capabilities: {} }),
    ok: st({ addresses: [] }),
  },
  {
    code: 'ipam.static.podSuppliedIps',
    bad: st({ addresses: [] }),
    ok: st(),
  },
  { code: 'ipam.static.sharedIp', bad: st({}, { capabilities: {} }), ok: st() },

  { code: 'ipam.dhcp.daemonRequired', bad: br({ ipam: { type: 'dhcp' } }), ok: hl() },
  {
    code: 'ipam.dhcp.daemonMissing',
    bad: mv({ ipam: { type: 'dhcp' } }),
    ok: hl(),
    ctx: { operatorNetwork: OPERATOR_NETWORK },
  },
  {
    code: 'ipam.dhcp.ipvlan',
    bad: { ...env, type: 'ipvlan', master: 'ens4', ipam: { type: 'dhcp' } },
    ok: mv({ ipam: { type: 'dhcp' } }),
  },
  {
    code: 'ipam.dhcp.bridgeServer',
    bad: br({ ipam: { type: 'dhcp' } }),
    ok: mv({ ipam: { type: 'dhcp' } }),
  },
  {
    code: 'ipam.dhcp.extraKeys',
    bad: br({ ipam: { type: 'dhcp', ranges: [] } }),
    ok: br({ ipam: { type: 'dhcp' } }),
  },

  { code: 'ipam.whereabouts.rangeRequired', bad: mv({ ipam: { type: 'whereabouts' } }), ok: wa() },
  {
    code: 'ipam.whereabouts.rangeInvalid',
    bad: wa({ range: 'abc.169.1.0/24' }),
    ok: wa({ range: '192.168.2.10-192.168.2.0/24' }),
  },
  { code: 'ipam.whereabouts.rangeHostBits', bad: wa({ range: '192.168.2.5/24' }), ok: wa() },
  {
    code: 'ipam.whereabouts.rangeTooSmall',
    bad: wa({ range: '192.168.2.0/31' }),
    ok: wa({ range: '192.168.2.0/30' }),
  },
  {
    code: 'ipam.whereabouts.boundInvalid',
    bad: wa({ range_start: 'x' }),
    ok: wa({ range_start: '192.168.2.10' }),
  },
  {
    code: 'ipam.whereabouts.boundOutsideRange',
    bad: wa({ range_end: '192.168.3.1' }),
    ok: wa({ range_end: '192.168.2.100' }),
  },
  {
    code: 'ipam.whereabouts.boundOrder',
    bad: wa({ range_start: '192.168.2.100', range_end: '192.168.2.10' }),
    ok: wa({ range_start: '192.168.2.10', range_end: '192.168.2.100' }),
  },
  {
    code: 'ipam.whereabouts.foreignKey',
    bad: wa({ rangeStart: '192.168.2.10' }),
    ok: wa({ range_start: '192.168.2.10' }),
  },
  {
    code: 'ipam.whereabouts.excludeInvalid',
    bad: wa({ exclude: ['192.168.2.1'] }),
    ok: wa({ exclude: ['192.168.2.1/32'] }),
  },
  {
    code: 'ipam.whereabouts.excludeOutsideRange',
    bad: wa({ exclude: ['10.0.0.0/28'] }),
    ok: wa({ exclude: ['192.168.2.0/28'] }),
  },
  {
    code: 'ipam.whereabouts.gatewayInvalid',
    bad: wa({ gateway: 'gw' }),
    ok: wa({ gateway: '192.168.2.1', exclude: ['192.168.2.1/32'] }),
  },
  {
    code: 'ipam.whereabouts.gatewayNotExcluded',
    bad: wa({ gateway: '192.168.2.1' }),
    ok: wa({ gateway: '192.168.2.1', range_start: '192.168.2.10' }),
  },
  {
    code: 'ipam.whereabouts.ipv6Wide',
    bad: wa({ range: 'fd00:2::/64' }),
    ok: wa({ range: 'fd00:2::/112' }),
  },
  { code: 'ipam.whereabouts.nodeSlice', bad: wa({ node_slice_size: '/28' }), ok: wa() },

  { code: 'plugin.interfaceNameInvalid', bad: br({ bridge: 'bridge-name-too-long' }), ok: br() },
  { code: 'plugin.mtuInvalid', bad: mv({ mtu: 70000 }), ok: mv({ mtu: 9000 }) },
  { code: 'plugin.bridge.defaultCni0', bad: without(br(), 'bridge'), ok: br() },
  {
    code: 'plugin.bridge.vlanInvalid',
    bad: br({ vlan: 4095 }),
    ok: br({ vlan: 4094, preserveDefaultVlan: false }),
  },
  {
    code: 'plugin.bridge.vlanTrunkInvalid',
    bad: br({ vlanTrunk: [{ minID: 10 }] }),
    ok: br({ vlanTrunk: [{ minID: 10, maxID: 20 }, { id: 30 }] }),
  },
  {
    code: 'plugin.bridge.hairpinPromisc',
    bad: br({ hairpinMode: true, promiscMode: true }),
    ok: br({ hairpinMode: true }),
  },
  {
    code: 'plugin.bridge.disableInterfaceWithIpam',
    bad: hl({}, { disableContainerInterface: true }),
    ok: br({ disableContainerInterface: true }),
  },
  {
    code: 'plugin.bridge.defaultGateway',
    bad: br({ isDefaultGateway: true }),
    ok: br({ isGateway: true }),
  },
  { code: 'plugin.bridge.cnvBridge', bad: br({ type: 'cnv-bridge' }), ok: br() },
  {
    code: 'plugin.bridge.preserveDefaultVlan',
    bad: br({ vlan: 100 }),
    ok: br({ vlan: 100, preserveDefaultVlan: false }),
  },
  { code: 'plugin.masterDefault', bad: without(mv(), 'master'), ok: mv() },
  { code: 'plugin.unknownType', bad: mv({ type: 'macvlna' }), ok: mv({ type: 'kube-ovn' }) },
  { code: 'plugin.macvlan.modeInvalid', bad: mv({ mode: 'Bridge' }), ok: mv({ mode: 'vepa' }) },
  {
    code: 'plugin.ipvlan.modeInvalid',
    bad: mv({ type: 'ipvlan', mode: 'l4', ipam: { type: 'dhcp' } }),
    ok: mv({ type: 'ipvlan', mode: 'l3s', ipam: { type: 'whereabouts', range: '192.168.2.0/24' } }),
  },
  {
    code: 'plugin.vlan.masterRequired',
    bad: { ...env, type: 'vlan', vlanId: 5, ipam: { type: 'dhcp' } },
    ok: { ...env, type: 'vlan', master: 'ens4', vlanId: 5, ipam: { type: 'dhcp' } },
  },
  {
    code: 'plugin.vlan.vlanIdInvalid',
    bad: { ...env, type: 'vlan', master: 'ens4', vlanId: 5000, ipam: { type: 'dhcp' } },
    ok: { ...env, type: 'vlan', master: 'ens4', vlanId: 4094, ipam: { type: 'dhcp' } },
  },
  {
    code: 'plugin.vlan.vlanIdZero',
    bad: { ...env, type: 'vlan', master: 'ens4', vlanId: 0, ipam: { type: 'dhcp' } },
    ok: { ...env, type: 'vlan', master: 'ens4', vlanId: 1, ipam: { type: 'dhcp' } },
  },
  {
    code: 'plugin.hostDevice.selectorRequired',
    bad: { ...env, type: 'host-device' },
    ok: { ...env, type: 'host-device', hwaddr: '52:54:00:12:34:56' },
  },
  {
    code: 'plugin.hostDevice.multipleSelectors',
    bad: { ...env, type: 'host-device', device: 'ens7', pciBusID: '0000:3b:00.1' },
    ok: { ...env, type: 'host-device', pciBusID: '0000:3b:00.1' },
  },
  {
    code: 'plugin.hostDevice.pciBusIdInvalid',
    bad: { ...env, type: 'host-device', pciBusID: '3b:00.1' },
    ok: { ...env, type: 'host-device', pciBusID: '0000:3b:00.1' },
  },
  {
    code: 'plugin.hostDevice.hwaddrInvalid',
    bad: { ...env, type: 'host-device', hwaddr: '52:54:00' },
    ok: { ...env, type: 'host-device', hwaddr: '52:54:00:12:34:56' },
  },
  {
    code: 'plugin.hostDevice.exclusive',
    bad: { ...env, type: 'host-device', device: 'ens7' },
    ok: mv(),
  },
  { code: 'plugin.sriov.resourceNameMissing', bad: sr(), ok: sr({ deviceID: '0000:3b:02.0' }) },
  {
    code: 'plugin.sriov.resourcePrefix',
    bad: makeNad(NAME, sr(), {
      annotations: { 'k8s.v1.cni.cncf.io/resourceName': 'intel.com/sriov' },
    }),
    ok: makeNad(NAME, sr(), {
      annotations: { 'k8s.v1.cni.cncf.io/resourceName': 'openshift.io/sriov' },
    }),
  },
  {
    code: 'plugin.sriov.vlanInvalid',
    bad: sr({ deviceID: 'x', vlan: 4095 }),
    ok: sr({ deviceID: 'x', vlan: 4094 }),
  },
  {
    code: 'plugin.sriov.vlanQosInvalid',
    bad: sr({ deviceID: 'x', vlan: 5, vlanQoS: 8 }),
    ok: sr({ deviceID: 'x', vlan: 5, vlanQoS: 7 }),
  },
  {
    code: 'plugin.sriov.vlanQosWithoutVlan',
    bad: sr({ deviceID: 'x', vlanQoS: 3 }),
    ok: sr({ deviceID: 'x', vlan: 5, vlanQoS: 3 }),
  },
  {
    code: 'plugin.sriov.vlanProtoInvalid',
    bad: sr({ deviceID: 'x', vlanProto: '802.1Q' }),
    ok: sr({ deviceID: 'x', vlanProto: '802.1q' }),
  },
  {
    code: 'plugin.sriov.onOffInvalid',
    bad: sr({ deviceID: 'x', spoofchk: true }),
    ok: sr({ deviceID: 'x', spoofchk: 'on' }),
  },
  {
    code: 'plugin.sriov.linkStateInvalid',
    bad: sr({ deviceID: 'x', link_state: 'up' }),
    ok: sr({ deviceID: 'x', link_state: 'enable' }),
  },
  {
    code: 'plugin.sriov.txRateOrder',
    bad: sr({ deviceID: 'x', min_tx_rate: 100, max_tx_rate: 10 }),
    ok: sr({ deviceID: 'x', min_tx_rate: 10, max_tx_rate: 100 }),
  },
  {
    code: 'plugin.sriov.macInvalid',
    bad: sr({ deviceID: 'x', mac: 'zz' }),
    ok: sr({ deviceID: 'x', mac: '02:00:00:00:00:01' }),
  },
  {
    code: 'plugin.tuning.notChained',
    bad: { ...env, type: 'tuning', mtu: 1400 },
    ok: list([mv(), { type: 'tuning', mtu: 1400 }]),
  },
  {
    code: 'plugin.tuning.sysctlInvalid',
    bad: list([mv(), { type: 'tuning', sysctl: { 'net.ipv4.x': 1 } }]),
    ok: list([mv(), { type: 'tuning', sysctl: { 'net.ipv4.x': '1' } }]),
  },
  {
    code: 'plugin.tuning.macInvalid',
    bad: list([mv(), { type: 'tuning', mac: '02:00' }]),
    ok: list([mv(), { type: 'tuning', mac: '02:00:00:00:00:01' }]),
  },
  {
    code: 'plugin.chainFirstMustBeInterface',
    bad: list([{ type: 'tuning' }, mv()]),
    ok: list([mv(), { type: 'tuning' }]),
  },

  { code: 'ovn.topologyInvalid', bad: ovn({ topology: 'layer4' }), ok: ovn() },
  { code: 'ovn.topologyMissing', bad: without(ovn(), 'topology'), ok: ovn() },
  { code: 'ovn.layer3Undocumented', bad: ovnL3(), ok: ovn() },
  { code: 'ovn.netAttachDefName', bad: ovn({ netAttachDefName: `${NAME}/demo` }), ok: ovn() },
  { code: 'ovn.nameReserved', bad: ovn({ name: 'ovn-kubernetes' }), ok: ovn() },
  {
    code: 'ovn.ipamNotSupported',
    bad: ovn({ ipam: { type: 'whereabouts' } }),
    ok: ovn({ subnets: '10.200.0.0/16' }),
  },
  {
    code: 'ovn.chainingNotSupported',
    bad: list([without(ovn(), 'cniVersion', 'name'), { type: 'tuning' }]),
    ok: ovn(),
  },
  {
    code: 'ovn.subnetInvalid',
    bad: ovn({ subnets: '10.200.0.0/33' }),
    ok: ovn({ subnets: '10.200.0.0/16' }),
  },
  { code: 'ovn.subnetsRequired', bad: ovnL3({ subnets: undefined }), ok: ovnL3() },
  {
    code: 'ovn.subnetsTooMany',
    bad: ovn({ subnets: '10.200.0.0/16,fd20::/64,10.201.0.0/16' }),
    ok: ovn({ subnets: '10.200.0.0/16,fd20::/64' }),
  },
  {
    code: 'ovn.subnetsSameFamily',
    bad: ovn({ subnets: '10.200.0.0/16,10.201.0.0/16' }),
    ok: ovn({ subnets: '10.200.0.0/16,fd20::/64' }),
  },
  {
    code: 'ovn.subnetsOverlap',
    bad: ovn({ subnets: '10.200.0.0/16,10.200.0.0/24' }),
    ok: ovn({ subnets: '10.200.0.0/16' }),
  },
  {
    code: 'ovn.excludeInvalid',
    bad: ovn({ subnets: '10.200.0.0/16', excludeSubnets: '10.200.0.5' }),
    ok: ovn({ subnets: '10.200.0.0/16', excludeSubnets: '10.200.0.5/32' }),
  },
  {
    code: 'ovn.excludeOutsideSubnets',
    bad: ovn({ subnets: '10.200.0.0/16', excludeSubnets: '10.201.0.0/24' }),
    ok: ovn({ subnets: '10.200.0.0/16', excludeSubnets: '10.200.1.0/24' }),
  },
  { code: 'ovn.excludeWithoutSubnets', bad: ovn({ excludeSubnets: '10.200.0.0/24' }), ok: ovn() },
  { code: 'ovn.vlanNotLocalnet', bad: ovn({ vlanID: 10 }), ok: loc({ vlanID: 10 }) },
  { code: 'ovn.vlanInvalid', bad: loc({ vlanID: 0 }), ok: loc({ vlanID: 4094 }) },
  { code: 'ovn.mtuInvalid', bad: ovn({ mtu: 500 }), ok: ovn({ mtu: 576 }) },
  {
    code: 'ovn.mtuIpv6',
    bad: ovn({ mtu: 1000, subnets: 'fd20::/64' }),
    ok: ovn({ mtu: 1000, subnets: '10.200.0.0/16' }),
  },
  {
    code: 'ovn.roleInvalid',
    bad: ovn({ role: 'tertiary', subnets: '10.200.0.0/16' }),
    ok: ovn({ role: 'primary', subnets: '10.200.0.0/16' }),
  },
  { code: 'ovn.roleLocalnet', bad: loc({ role: 'primary' }), ok: loc({ role: 'secondary' }) },
  {
    code: 'ovn.persistentIpsLayer3',
    bad: ovnL3({ allowPersistentIPs: true }),
    ok: ovn({ allowPersistentIPs: true, subnets: '10.200.0.0/16' }),
  },
  {
    code: 'ovn.persistentIpsNoSubnets',
    bad: ovn({ allowPersistentIPs: true }),
    ok: ovn({ allowPersistentIPs: true, subnets: '10.200.0.0/16' }),
  },
  {
    code: 'ovn.joinSubnetLocalnet',
    bad: loc({ joinSubnet: '100.66.0.0/16' }),
    ok: ovn({ joinSubnet: '100.66.0.0/16' }),
  },
  {
    code: 'ovn.layer2OnlyKey',
    bad: loc({ reservedSubnets: '10.0.0.0/24' }),
    ok: ovn({ subnets: '10.200.0.0/16', reservedSubnets: '10.200.0.0/24' }),
  },
  {
    code: 'ovn.physicalNetworkNameInvalid',
    bad: loc({ physicalNetworkName: 'a:b' }),
    ok: loc({ physicalNetworkName: 'physnet-a' }),
  },
  {
    code: 'ovn.sharedName',
    bad: ovn({ subnets: '10.200.0.0/16' }),
    ok: ovn({ name: 'unique', subnets: '10.200.0.0/16' }),
    others: [other('n2', ovn({ subnets: '10.200.0.0/16', netAttachDefName: 'other/n2' }), 'other')],
  },
  {
    code: 'ovn.sharedNameConflict',
    bad: ovn({ subnets: '10.200.0.0/16' }),
    ok: ovn({ subnets: '10.200.0.0/16', mtu: 1400 }),
    others: [
      other(
        'n2',
        ovn({ subnets: '10.200.0.0/16', mtu: 1400, netAttachDefName: 'other/n2' }),
        'other',
      ),
    ],
  },
  {
    code: 'ovn.physicalNetworkNotMapped',
    bad: loc({ name: 'physnet-b' }),
    ok: loc(),
    ctx: { policies: [NNCP_BRIDGE_MAPPING] },
  },
  { code: 'ovn.physicalNetworkUnverified', bad: loc(), ok: ovn(), ctx: {} },

  { code: 'cluster.podNetworkOverlap', bad: wa({ range: '10.128.4.0/24' }), ok: wa(), ctx: {} },
  {
    code: 'cluster.serviceNetworkOverlap',
    bad: wa({ range: '172.31.4.0/24' }),
    ok: wa({ range: '172.30.4.0/24' }),
    ctx: { networkConfig: NETWORK_CONFIG },
  },
  {
    code: 'cluster.internalOverlap',
    bad: wa({ range: '100.65.1.0/24' }),
    ok: wa({ range: '100.64.1.0/24' }),
    ctx: { operatorNetwork: OPERATOR_NETWORK },
  },
  { code: 'cluster.specialRange', bad: wa({ range: '127.0.0.0/24' }), ok: wa() },
  { code: 'cluster.documentationRange', bad: wa({ range: '198.51.100.0/24' }), ok: wa() },
  {
    code: 'cluster.nadOverlap',
    bad: hl(),
    ok: hlRange({ subnet: '192.168.9.0/24' }),
    others: [other('n2', hl())],
  },
  {
    code: 'cluster.whereaboutsSharedPool',
    bad: wa(),
    ok: wa({ range: '192.168.9.0/24' }),
    others: [other('n2', wa(), 'other')],
  },
  {
    code: 'cluster.whereaboutsOverlap',
    bad: wa({ network_name: 'a' }),
    ok: wa(),
    others: [other('n2', wa(), 'other')],
  },
  {
    code: 'cluster.interfaceMissing',
    bad: mv({ master: 'ens9' }),
    ok: mv(),
    ctx: {
      nodeNetworkStates: [makeNns('w1', [{ name: 'ens4' }]), makeNns('w2', [{ name: 'ens4' }])],
    },
  },
  {
    code: 'cluster.masterDefaultRoute',
    bad: mv({ master: 'br-ex' }),
    ok: mv(),
    ctx: { nodeNetworkStates: [OVN_NODE('w1')] },
  },
  {
    code: 'cluster.masterOvsPort',
    bad: mv({ master: 'eno1' }),
    ok: mv(),
    ctx: { nodeNetworkStates: [OVN_NODE('w1')] },
  },
  {
    code: 'cluster.mtuAboveInterface',
    bad: mv({ mtu: 9000 }),
    ok: mv({ mtu: 1500 }),
    ctx: { nodeNetworkStates: [makeNns('w1', [{ name: 'ens4', mtu: 1500 }])] },
  },
  {
    code: 'cluster.resourceNotOffered',
    bad: makeNad(NAME, sr(), {
      annotations: { 'k8s.v1.cni.cncf.io/resourceName': 'openshift.io/ens2f0vf' },
    }),
    ok: makeNad(NAME, sr(), {
      annotations: { 'k8s.v1.cni.cncf.io/resourceName': 'openshift.io/ens2f0vfs' },
    }),
    ctx: { nodes: [workerNode({ 'openshift.io/ens2f0vfs': '8' })] },
  },
  {
    code: 'cluster.nodeAddressInRange',
    bad: wa(),
    ok: wa({ exclude: ['192.168.2.0/28'] }),
    ctx: {
      nodeNetworkStates: [
        makeNns('w1', [
          { name: 'bond0.50', type: 'vlan', ipv4: v4('192.168.2.11/24') },
          { name: 'br-ex', type: 'ovs-interface', ipv4: v4('10.0.0.11/24') },
        ]),
      ],
    },
  },
  {
    code: 'cluster.masterShared',
    bad: mv(),
    ok: mv({ master: 'ens5' }),
    others: [
      other('n2', mv({ type: 'ipvlan', ipam: { type: 'whereabouts', range: '192.168.8.0/24' } })),
    ],
  },
];

function toNad(c: Case): NetworkAttachmentDefinition {
  if (typeof c === 'object' && 'metadata' in c && 'spec' in c)
    return c as NetworkAttachmentDefinition;
  return makeNad(NAME, c);
}

function codesFor(row: Row, c: Case): Set<string> {
  const nad = toNad(c);
  const ctx =
    row.ctx || row.others
      ? buildValidationContext({ ...row.ctx, nads: [nad, ...(row.others ?? [])] })
      : undefined;
  return new Set(validateNad(nad, ctx).map((f) => f.code));
}

describe('validateNad rule table', () => {
  for (const row of ROWS) {
    it(`${row.code}: triggers`, () => {
      const codes = codesFor(row, row.bad);
      assert.ok(codes.has(row.code), `expected ${row.code}, got ${[...codes].join(', ')}`);
    });
    it(`${row.code}: stays quiet`, () => {
      const codes = codesFor(row, row.ok);
      assert.ok(!codes.has(row.code), `unexpected ${row.code} in ${[...codes].join(', ')}`);
    });
  }
  it('has a row for every code', () => {
    const covered = new Set(ROWS.map((r) => r.code));
    assert.deepEqual(
      FINDING_CODES.filter((c) => !covered.has(c)),
      [],
    );
  });
});

describe('fixtures', () => {
  for (const [name, nad] of Object.entries(GOOD)) {
    // Good fixtures may carry deliberate custom keys (to test that they survive edits).
    it(`good fixture ${name} has no errors or warnings`, () => {
      const ctx = buildValidationContext({
        nads: Object.values(GOOD),
        policies: [NNCP_BRIDGE_MAPPING],
      });
      const bad = validateNad(nad, ctx).filter(
        (f) => f.severity !== 'info' && f.code !== 'config.unknownKey',
      );
      assert.deepEqual(bad, []);
    });
  }
  for (const [name, { nad, codes }] of Object.entries(BAD)) {
    it(`bad fixture ${name} raises ${codes.join(', ')}`, () => {
      const got = new Set(validateNad(nad, buildValidationContext({})).map((f): string => f.code));
      for (const c of codes) assert.ok(got.has(c), `${c} missing from ${[...got].join(', ')}`);
    });
  }
});

describe('positions and fixes', () => {
  it('reports JSON syntax errors at their line and column', () => {
    const [f] = validateNad(makeNad(NAME, '{\n  "type": "bridge",\n  "bridge": "br1",\n}')).filter(
      (x) => x.code.startsWith('json.'),
    );
    assert.deepEqual(f?.position, { line: 3, column: 18, offset: 39 });
  });
  it('points rule findings at the key in the config text', () => {
    const nad = BAD.whereaboutsCamel?.nad;
    assert.ok(nad);
    const f = validateNad(nad).find((x) => x.code === 'ipam.whereabouts.foreignKey');
    assert.equal(f?.path, '$.ipam.rangeStart');
    assert.deepEqual(f.fix, { kind: 'rename-key', path: '$.ipam.rangeStart', to: 'range_start' });
    assert.equal(f.position?.line, 9);
  });
});

void describe('node addresses inside a pool (cluster.nodeAddressInRange)', () => {
  const states = [
    makeNns('worker-0', [
      { name: 'lo', type: 'loopback', ipv4: v4('127.0.0.1/8'), ipv6: v6('::1/128') },
      { name: 'br-ex', type: 'ovs-interface', ipv4: v4('10.0.0.10/24', '169.254.169.2/29') },
      { name: 'bond0.50', type: 'vlan', ipv4: v4('192.168.50.10/24'), ipv6: v6('fd50::10/64') },
      { name: 'ens5', ipv6: v6('fe80::1/64') },
      { name: 'ovn-k8s-mp0', type: 'ovs-interface', ipv4: v4('10.128.0.2/23') },
    ]),
    makeNns('worker-1', [
      { name: 'bond0.50', type: 'vlan', ipv4: v4('192.168.50.11/24'), ipv6: v6('fd50::11/64') },
    ]),
  ];
  const ctx = buildValidationContext({ nodeNetworkStates: states });
  const findings = (cfg: Cfg) =>
    validateNad(makeNad(NAME, cfg), ctx).filter((f) => f.code === 'cluster.nodeAddressInRange');

  void it('names the first node address a whereabouts range could hand out, and counts all', () => {
    const [f, ...rest] = findings(wa({ range: '192.168.50.0/24' }));
    assert.ok(f);
    assert.equal(rest.length, 0);
    assert.equal(f.severity, 'warning');
    assert.equal(f.path, '$.ipam.range');
    assert.deepEqual(f.params, {
      value: '192.168.50.0/24',
      address: '192.168.50.10',
      node: 'worker-0',
      interface: 'bond0.50',
      addresses: 2,
      nodes: 'worker-0, worker-1',
      count: 2,
    });
  });

  void it('is quiet when the range, its exclusions or its gateway leave the node addresses out', () => {
    assert.equal(
      findings(wa({ range: '192.168.50.0/24', range_start: '192.168.50.100' })).length,
      0,
    );
    assert.equal(
      findings(wa({ range: '192.168.50.0/24', exclude: ['192.168.50.8/29'] })).length,
      0,
    );
    assert.equal(
      findings(
        mv({
          ipam: {
            type: 'whereabouts',
            ipRanges: [{ range: '192.168.50.0/24', exclude: ['192.168.50.10/31'] }],
          },
        }),
      ).length,
      0,
    );
    assert.equal(
      findings(
        hl({
          ranges: [
            [{ subnet: '192.168.50.0/24', rangeStart: '192.168.50.11', gateway: '192.168.50.11' }],
          ],
        }),
      ).length,
      0,
    );
    // The node's subnet alone is fine: a NAD on a host VLAN shares it by design.
    assert.equal(findings(wa({ range: '192.168.50.128/25' })).length, 0);
  });

  void it('reports a partial exclusion, host-local ranges, static addresses and IPv6', () => {
    const partial = findings(wa({ range: '192.168.50.0/24', exclude: ['192.168.50.10/32'] }));
    const params = partial[0]?.params;
    assert.ok(params);
    assert.equal(params['address'], '192.168.50.11');
    assert.equal(params['addresses'], 1);
    const hostLocal = findings(hl({ ranges: [[{ subnet: '192.168.50.0/24' }]] }));
    assert.equal(hostLocal[0]?.path, '$.ipam.ranges[0][0].subnet');
    const stat = findings(st({ addresses: [{ address: '10.0.0.10/24' }] }));
    assert.equal(stat[0]?.params?.['interface'], 'br-ex');
    assert.equal(findings(wa({ range: 'fd50::/64' }))[0]?.params?.['addresses'], 2);
  });

  void it('ignores loopback, link-local and OVN management port addresses', () => {
    assert.equal(findings(wa({ range: '169.254.169.0/29' })).length, 0);
    assert.equal(findings(wa({ range: 'fe80::/64' })).length, 0);
    assert.equal(findings(wa({ range: '127.0.0.0/24' })).length, 0);
    assert.equal(findings(wa({ range: '10.128.0.0/24' })).length, 0);
  });

  void it('needs NodeNetworkStates: without them nothing is claimed', () => {
    const none = validateNad(
      makeNad(NAME, wa({ range: '192.168.50.0/24' })),
      buildValidationContext(),
    );
    assert.equal(none.filter((f) => f.code === 'cluster.nodeAddressInRange').length, 0);
  });
});

void describe('the dhcp daemon, from the network operator config', () => {
  const withNetworks = (additionalNetworks: unknown[], extra: Record<string, unknown> = {}) => ({
    ...OPERATOR_NETWORK,
    spec: { ...(OPERATOR_NETWORK['spec'] as object), additionalNetworks, ...extra },
  });
  const codes = (operatorNetwork: typeof OPERATOR_NETWORK | undefined, platform?: 'microshift') =>
    validateNad(
      makeNad(NAME, mv({ ipam: { type: 'dhcp' } })),
      buildValidationContext({ operatorNetwork, ...(platform ? { platform } : {}) }),
    )
      .map((f) => f.code)
      .filter((c) => c.startsWith('ipam.dhcp.daemon'));
  const shim = {
    name: 'dhcp-shim',
    namespace: 'default',
    type: 'Raw',
    rawCNIConfig: JSON.stringify({
      name: 'dhcp-shim',
      cniVersion: '0.3.1',
      type: 'bridge',
      ipam: { type: 'dhcp' },
    }),
  };

  void it('is deployed for a Raw shim (single config or a plugin of a list) or a DHCP SimpleMacvlan', () => {
    assert.deepEqual(codes(withNetworks([shim])), []);
    const list = {
      ...shim,
      rawCNIConfig: JSON.stringify({
        cniVersion: '0.4.0',
        name: 'l',
        plugins: [{ type: 'macvlan', ipam: { type: 'dhcp' } }],
      }),
    };
    assert.deepEqual(codes(withNetworks([list])), []);
    assert.deepEqual(codes(withNetworks([{ name: 'm', type: 'SimpleMacvlan' }])), []);
    assert.deepEqual(
      codes(
        withNetworks([
          {
            name: 'm',
            type: 'SimpleMacvlan',
            simpleMacvlanConfig: { ipamConfig: { type: 'DHCP' } },
          },
        ]),
      ),
      [],
    );
  });

  void it('is missing without such a network, with a static SimpleMacvlan, broken JSON or Multus disabled', () => {
    assert.deepEqual(codes(OPERATOR_NETWORK), ['ipam.dhcp.daemonMissing']);
    assert.deepEqual(
      codes(
        withNetworks([
          {
            name: 'm',
            type: 'SimpleMacvlan',
            simpleMacvlanConfig: { ipamConfig: { type: 'static' } },
          },
        ]),
      ),
      ['ipam.dhcp.daemonMissing'],
    );
    assert.deepEqual(codes(withNetworks([{ ...shim, rawCNIConfig: '{"ipam": {"type": "dhcp"' }])), [
      'ipam.dhcp.daemonMissing',
    ]);
    assert.deepEqual(codes(withNetworks([shim], { disableMultiNetwork: true })), [
      'ipam.dhcp.daemonMissing',
    ]);
  });

  void it('only reminds when the operator config is unknown or on MicroShift', () => {
    assert.deepEqual(codes(undefined), ['ipam.dhcp.daemonRequired']);
    assert.deepEqual(codes(OPERATOR_NETWORK, 'microshift'), ['ipam.dhcp.daemonRequired']);
  });
});

void describe('extended resources a NAD asks for (cluster.resourceNotOffered)', () => {
  const check = (resource: string, nodes: ReturnType<typeof workerNode>[] | undefined) =>
    validateNad(
      makeNad(NAME, sr(), { annotations: { 'k8s.v1.cni.cncf.io/resourceName': resource } }),
      buildValidationContext(nodes ? { nodes } : {}),
    ).filter((f) => f.code === 'cluster.resourceNotOffered');

  void it('names the resource and what nodes offer of the same kind', () => {
    const [f] = check('openshift.io/ens2f0vf', [
      workerNode({ 'openshift.io/ens2f0vfs': '8', 'openshift.io/mlx': '4', 'nvidia.com/gpu': '1' }),
    ]);
    assert.ok(f);
    assert.equal(f.severity, 'warning');
    assert.equal(f.path, 'metadata.annotations');
    assert.deepEqual(f.params, {
      resource: 'openshift.io/ens2f0vf',
      known: 'openshift.io/ens2f0vfs, openshift.io/mlx',
    });
  });

  void it('counts only nodes with some of it left to allocate, in any quantity notation', () => {
    assert.equal(check('openshift.io/p', [workerNode({ 'openshift.io/p': '0' })]).length, 1);
    for (const amount of ['1', '1k', '500m', '2Gi', '1e3', '+3'])
      assert.equal(
        check('openshift.io/p', [workerNode({ 'openshift.io/p': amount })]).length,
        0,
        amount,
      );
    assert.equal(check('openshift.io/p', [workerNode({ 'openshift.io/p': 'lots' })]).length, 1);
    assert.equal(check('openshift.io/p', [workerNode({})]).length, 1);
  });

  void it('claims nothing without Nodes', () => {
    assert.equal(check('openshift.io/anything', undefined).length, 0);
  });
});

/** The findings with one code, for the severity checks below. */
function findingsFor(c: Case, code: FindingCode, ctx?: ValidationContextInput) {
  const nad = toNad(c);
  const context = ctx ? buildValidationContext({ ...ctx, nads: [nad] }) : undefined;
  return validateNad(nad, context).filter((f) => f.code === code);
}

describe('host-local range overlap follows Range.Overlaps (containernetworking/plugins plugins/ipam/host-local/backend/allocator/range.go, range_set.go, config.go)', () => {
  const block = (rangeStart: string, rangeEnd: string) => ({
    subnet: '192.168.1.0/24',
    rangeStart,
    rangeEnd,
  });
  it('accepts disjoint blocks of one /24 in one range set (RangeSet.Canonicalize)', () => {
    const c = hl({
      ranges: [[block('192.168.1.10', '192.168.1.99'), block('192.168.1.100', '192.168.1.200')]],
    });
    assert.deepEqual(findingsFor(c, 'ipam.hostLocal.rangeOverlap'), []);
  });
  it('accepts disjoint blocks of one /24 in separate range sets (LoadIPAMConfig)', () => {
    const c = hl({
      ranges: [[block('192.168.1.10', '192.168.1.99')], [block('192.168.1.100', '192.168.1.200')]],
    });
    assert.deepEqual(findingsFor(c, 'ipam.hostLocal.rangeOverlap'), []);
  });
  it('reports blocks that share one address', () => {
    const c = hl({
      ranges: [[block('192.168.1.10', '192.168.1.100'), block('192.168.1.100', '192.168.1.200')]],
    });
    const [f, ...rest] = findingsFor(c, 'ipam.hostLocal.rangeOverlap');
    assert.equal(rest.length, 0);
    assert.equal(f?.severity, 'error');
    assert.equal(f.path, '$.ipam.ranges[0][1].subnet');
  });
  it('compares a range without bounds as first..last usable of its subnet', () => {
    // 192.168.1.0/25 defaults to .1-.126; a block starting at .127 is clear of it, .126 is not.
    const whole = { subnet: '192.168.1.0/25' };
    const wide = (start: string) => ({ subnet: '192.168.1.0/24', rangeStart: start });
    assert.deepEqual(
      findingsFor(
        hl({ ranges: [[whole], [wide('192.168.1.127')]] }),
        'ipam.hostLocal.rangeOverlap',
      ),
      [],
    );
    assert.equal(
      findingsFor(hl({ ranges: [[whole], [wide('192.168.1.126')]] }), 'ipam.hostLocal.rangeOverlap')
        .length,
      1,
    );
  });
  it('takes the IPv6 default rangeEnd as the last address of the subnet (range.go lastIP)', () => {
    const v6 = (r: Cfg) => ({ subnet: 'fd00::/120', ...r });
    const c = hl({ ranges: [[v6({})], [v6({ rangeStart: 'fd00::ff' })]] });
    assert.equal(findingsFor(c, 'ipam.hostLocal.rangeOverlap').length, 1);
  });
});

describe('host-local gateways are warnings (containernetworking/plugins plugins/ipam/host-local/backend/allocator/config.go, range.go)', () => {
  it('warns, with the move fix, about a top-level gateway next to ranges (IPAMConfig embeds a Range LoadIPAMConfig drops)', () => {
    const [f] = findingsFor(hl({ gateway: '192.168.1.254' }), 'ipam.hostLocal.topLevelIgnored');
    assert.equal(f?.severity, 'warning');
    assert.deepEqual(f.fix, {
      kind: 'move',
      from: '$.ipam.gateway',
      path: '$.ipam.ranges[0][0].gateway',
    });
  });
  it('warns about a gateway outside the subnet or on its network address (Canonicalize does not check it)', () => {
    const [out] = findingsFor(
      hlRange({ gateway: '192.168.9.1' }),
      'ipam.hostLocal.gatewayOutsideSubnet',
    );
    const [reserved] = findingsFor(
      hlRange({ gateway: '192.168.1.0' }),
      'ipam.hostLocal.gatewayReserved',
    );
    assert.equal(out?.severity, 'warning');
    assert.equal(reserved?.severity, 'warning');
    assert.deepEqual(reserved.fix, {
      kind: 'replace',
      path: '$.ipam.ranges[0][0].gateway',
      value: '192.168.1.1',
    });
  });
});

describe('static IPAM without addresses (containernetworking/plugins plugins/ipam/static/main.go LoadIPAMConfig)', () => {
  it('is not an error when pods may request IPs through the ips capability', () => {
    const all = validateNad(makeNad(NAME, st({ addresses: [] })));
    assert.deepEqual(
      all.filter((f) => f.severity === 'error').map((f) => f.code),
      [],
    );
    assert.equal(all.find((f) => f.code === 'ipam.static.podSuppliedIps')?.severity, 'info');
  });
  it('warns, offering the ips capability, when only cni-args can bring an address', () => {
    const [f] = findingsFor(st({ addresses: [] }, { capabilities: {} }), 'ipam.static.noAddresses');
    assert.equal(f?.severity, 'warning');
    assert.deepEqual(f.fix, { kind: 'replace', path: '$.capabilities', value: { ips: true } });
  });
});

describe('macvlan/ipvlan master on the nodes (containernetworking/plugins plugins/main/macvlan/macvlan.go, plugins/main/ipvlan/ipvlan.go)', () => {
  const ipv = (x: Cfg = {}): Cfg => mv({ type: 'ipvlan', mode: 'l2', ...x });
  it('is an error when missing on every node ("failed to lookup master")', () => {
    const [f] = findingsFor(mv({ master: 'ens9' }), 'cluster.interfaceMissing', {
      nodeNetworkStates: [OVN_NODE('w1'), OVN_NODE('w2')],
    });
    assert.equal(f?.severity, 'error');
    assert.equal(f.params?.count, 2);
  });
  it('stays a warning when missing on some nodes only', () => {
    const [f] = findingsFor(mv({ master: 'ens9' }), 'cluster.interfaceMissing', {
      nodeNetworkStates: [OVN_NODE('w1'), makeNns('w2', [{ name: 'ens9' }])],
    });
    assert.equal(f?.severity, 'warning');
    assert.equal(f.params?.nodes, 'w1');
  });
  it('keeps a missing bridge a warning: the bridge plugin creates it', () => {
    const [f] = findingsFor(br({ bridge: 'br9' }), 'cluster.interfaceMissing', {
      nodeNetworkStates: [OVN_NODE('w1')],
    });
    assert.equal(f?.severity, 'warning');
  });
  it('warns when the master carries the default route, for ipvlan too', () => {
    for (const c of [mv({ master: 'br-ex' }), ipv({ master: 'br-ex' })]) {
      const [f] = findingsFor(c, 'cluster.masterDefaultRoute', {
        nodeNetworkStates: [OVN_NODE('w1'), OVN_NODE('w2')],
      });
      assert.equal(f?.severity, 'warning');
      assert.equal(f.params?.count, 2);
    }
    assert.deepEqual(
      findingsFor(mv({ master: 'eno1' }), 'cluster.masterDefaultRoute', {
        nodeNetworkStates: [OVN_NODE('w1')],
      }),
      [],
    );
  });
  it('is an error for a system port of an OVS bridge on every node that has it (kernel EBUSY)', () => {
    const [f] = findingsFor(ipv({ master: 'eno1' }), 'cluster.masterOvsPort', {
      nodeNetworkStates: [OVN_NODE('w1'), OVN_NODE('w2')],
    });
    assert.equal(f?.severity, 'error');
    assert.equal(f.params?.bridge, 'br-ex');
  });
  it('warns when the master is an OVS port on some nodes only', () => {
    const [f] = findingsFor(mv({ master: 'eno1' }), 'cluster.masterOvsPort', {
      nodeNetworkStates: [OVN_NODE('w1'), OVN_NODE('w2', { eno1Port: false })],
    });
    assert.equal(f?.severity, 'warning');
    assert.equal(f.params?.nodes, 'w1');
  });
  it('does not treat the OVS internal interface as a port', () => {
    assert.deepEqual(
      findingsFor(mv({ master: 'br-ex' }), 'cluster.masterOvsPort', {
        nodeNetworkStates: [OVN_NODE('w1')],
      }),
      [],
    );
  });
});

describe('unknown types offer the closest known one (libcni finds plugins by binary name)', () => {
  it('suggests host-local for host-locall, with a replace fix', () => {
    const [f] = findingsFor(br({ ipam: { type: 'host-locall' } }), 'ipam.unknownType');
    assert.equal(f?.severity, 'warning');
    assert.equal(f.params?.suggestion, 'host-local');
    assert.deepEqual(f.fix, { kind: 'replace', path: '$.ipam.type', value: 'host-local' });
  });
  it('keeps an unrelated IPAM type as info without a suggestion', () => {
    const [f] = findingsFor(br({ ipam: { type: 'calico-ipam' } }), 'ipam.unknownType');
    assert.equal(f?.severity, 'info');
    assert.equal(f.params?.suggestion, undefined);
  });
  it('suggests a plugin type within edit distance 2 and stays quiet for third-party ones', () => {
    const [f] = findingsFor(mv({ type: 'macvaln' }), 'plugin.unknownType');
    assert.equal(f?.params?.suggestion, 'macvlan');
    assert.deepEqual(findingsFor(mv({ type: 'calico' }), 'plugin.unknownType'), []);
    assert.deepEqual(findingsFor(mv({ type: 'ptp' }), 'plugin.unknownType'), []);
  });
});
