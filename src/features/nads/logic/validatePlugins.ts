// Per-plugin rules (nad-validation.md §5.7) and OVN-Kubernetes rules (§5.8). Field lists double as
// the "known keys" for the unknown-key warning: Go plugins silently ignore keys they don't model.
import { contains, overlaps, parseCidr, toIp, type Cidr } from '../../../shared/net/cidr';
import type { JsonObject } from '../model/json';
import {
  checkTypes,
  int,
  isValidIfName,
  MAC_RE,
  str,
  suggestKey,
  type FieldKind,
  type RuleEnv,
  show,
} from './collector';
import { isJsonObject, joinPath } from './json';
import { parseOvnSubnet, splitList, type PluginRef } from './pools';

export const OVN_TYPE = 'ovn-k8s-cni-overlay';
export const SRIOV_RESOURCE_ANNOTATION = 'k8s.v1.cni.cncf.io/resourceName';

const COMMON: Record<string, FieldKind> = {
  cniVersion: 'string',
  name: 'string',
  type: 'string',
  ipam: 'object',
  dns: 'object',
  capabilities: 'object',
};
const ENVELOPE_KEYS = [
  'cniVersions',
  'plugins',
  'disableCheck',
  'disableGC',
  'loadOnlyInlinedPlugins',
  'runtimeConfig',
  'args',
  'prevResult',
];

const SCHEMAS: Record<string, Record<string, FieldKind>> = {
  bridge: {
    bridge: 'string',
    isGateway: 'boolean',
    isDefaultGateway: 'boolean',
    forceAddress: 'boolean',
    ipMasq: 'boolean',
    ipMasqBackend: 'string',
    mtu: 'integer',
    hairpinMode: 'boolean',
    promiscMode: 'boolean',
    vlan: 'integer',
    preserveDefaultVlan: 'boolean',
    vlanTrunk: 'array',
    enabledad: 'boolean',
    macspoofchk: 'boolean',
    disableContainerInterface: 'boolean',
    portIsolation: 'boolean',
  },
  macvlan: {
    master: 'string',
    mode: 'string',
    mtu: 'integer',
    linkInContainer: 'boolean',
    mac: 'string',
  },
  ipvlan: { master: 'string', mode: 'string', mtu: 'integer', linkInContainer: 'boolean' },
  vlan: { master: 'string', vlanId: 'integer', mtu: 'integer', linkInContainer: 'boolean' },
  'host-device': {
    device: 'string',
    hwaddr: 'string',
    kernelpath: 'string',
    pciBusID: 'string',
    deviceID: 'string',
  },
  sriov: {
    deviceID: 'string',
    vlan: 'integer',
    vlanQoS: 'integer',
    vlanProto: 'string',
    mac: 'string',
    spoofchk: 'string',
    trust: 'string',
    link_state: 'string',
    min_tx_rate: 'integer',
    max_tx_rate: 'integer',
    logLevel: 'string',
    logFile: 'string',
    pciBusID: 'string',
  },
  tuning: {
    sysctl: 'object',
    mac: 'string',
    mtu: 'integer',
    promisc: 'boolean',
    allmulti: 'boolean',
    txQLen: 'integer',
    dataDir: 'string',
  },
  [OVN_TYPE]: {
    topology: 'string',
    netAttachDefName: 'string',
    subnets: 'string',
    excludeSubnets: 'string',
    mtu: 'integer',
    vlanID: 'integer',
    allowPersistentIPs: 'boolean',
    physicalNetworkName: 'string',
    role: 'string',
    joinSubnet: 'string',
    transitSubnet: 'string',
    reservedSubnets: 'string',
    infrastructureSubnets: 'string',
    defaultGatewayIPs: 'string',
    transport: 'string',
    outboundSNAT: 'string',
    uplink: 'string',
    logFile: 'string',
    logLevel: 'integer',
  },
};
SCHEMAS['cnv-bridge'] = SCHEMAS.bridge ?? {};

/** Plugins that only modify an interface created earlier in the chain. */
export const META_PLUGINS = new Set([
  'tuning',
  'portmap',
  'bandwidth',
  'sbr',
  'vrf',
  'route-override',
  'firewall',
]);

/**
 * Plugins without a schema here that are still real binaries: the reference plugins
 * (containernetworking/plugins plugins/main/*, plugins/meta/*) and common add-ons (ovs-cni,
 * ib-sriov-cni).
 */
const OTHER_PLUGINS = ['ptp', 'loopback', 'dummy', 'tap', 'ovs', 'ib-sriov', 'bond'];

/** Plugin types a misspelt `type` is compared with. */
const KNOWN_PLUGIN_TYPES = [...Object.keys(SCHEMAS), ...META_PLUGINS, ...OTHER_PLUGINS];

function checkUnknownKeys(env: RuleEnv, p: PluginRef, schema: Record<string, FieldKind>): void {
  const known = [...Object.keys(COMMON), ...Object.keys(schema)];
  for (const key of Object.keys(p.obj)) {
    if (known.includes(key) || ENVELOPE_KEYS.includes(key) || key.startsWith('cni.dev/')) continue;
    const path = joinPath(p.path, key);
    const s = suggestKey(key, known);
    if (s !== undefined && p.obj[s] === undefined) {
      env.c.warn(
        'config.unknownKey',
        path,
        { key, suggestion: s },
        { kind: 'rename-key', path, to: s },
      );
    } else env.c.warn('config.unknownKey', path, { key });
  }
}

function checkIfName(env: RuleEnv, p: PluginRef, key: string): void {
  const v = str(p.obj, key);
  if (v !== undefined && !isValidIfName(v)) {
    env.c.error('plugin.interfaceNameInvalid', joinPath(p.path, key), { key, value: v });
  }
}

function checkMtu(env: RuleEnv, p: PluginRef): void {
  const mtu = int(p.obj, 'mtu');
  if (mtu !== undefined && (mtu < 0 || mtu > 65535))
    env.c.error('plugin.mtuInvalid', joinPath(p.path, 'mtu'), { value: mtu });
}

function vlanOk(v: number): boolean {
  return v >= 0 && v <= 4094;
}

function validateBridge(env: RuleEnv, p: PluginRef): void {
  const { c } = env;
  const o = p.obj;
  if (p.type === 'cnv-bridge') {
    c.warn('plugin.bridge.cnvBridge', joinPath(p.path, 'type'), undefined, {
      kind: 'replace',
      path: joinPath(p.path, 'type'),
      value: 'bridge',
    });
  }
  if (o.bridge === undefined) c.warn('plugin.bridge.defaultCni0', p.path);
  checkIfName(env, p, 'bridge');
  checkMtu(env, p);
  const vlan = int(o, 'vlan');
  if (vlan !== undefined && !vlanOk(vlan))
    c.error('plugin.bridge.vlanInvalid', joinPath(p.path, 'vlan'), { value: vlan });
  if (vlan !== undefined && vlan > 0 && o.preserveDefaultVlan !== false) {
    c.info('plugin.bridge.preserveDefaultVlan', joinPath(p.path, 'vlan'), undefined, {
      kind: 'replace',
      path: joinPath(p.path, 'preserveDefaultVlan'),
      value: false,
    });
  }
  const trunk = o.vlanTrunk;
  if (Array.isArray(trunk)) {
    trunk.forEach((t, i) => {
      const tp = `${joinPath(p.path, 'vlanTrunk')}[${i}]`;
      if (!isJsonObject(t)) {
        c.error('plugin.bridge.vlanTrunkInvalid', tp, { reason: 'notObject' });
        return;
      }
      const id = int(t, 'id');
      const min = int(t, 'minID');
      const max = int(t, 'maxID');
      const inRange = (v: number | undefined): boolean => v === undefined || (v >= 1 && v <= 4094);
      if (!inRange(id) || !inRange(min) || !inRange(max))
        c.error('plugin.bridge.vlanTrunkInvalid', tp, { reason: 'range' });
      else if ((min === undefined) !== (max === undefined))
        c.error('plugin.bridge.vlanTrunkInvalid', tp, { reason: 'minMaxPair' });
      else if (min !== undefined && max !== undefined && min > max)
        c.error('plugin.bridge.vlanTrunkInvalid', tp, { reason: 'order' });
      else if (id === undefined && min === undefined)
        c.error('plugin.bridge.vlanTrunkInvalid', tp, { reason: 'empty' });
    });
  }
  if (o.hairpinMode === true && o.promiscMode === true)
    c.error('plugin.bridge.hairpinPromisc', joinPath(p.path, 'promiscMode'));
  const ipam = o.ipam;
  if (
    o.disableContainerInterface === true &&
    isJsonObject(ipam) &&
    typeof ipam.type === 'string' &&
    ipam.type !== ''
  ) {
    c.error(
      'plugin.bridge.disableInterfaceWithIpam',
      joinPath(p.path, 'disableContainerInterface'),
    );
  }
  if (o.isDefaultGateway === true)
    c.warn('plugin.bridge.defaultGateway', joinPath(p.path, 'isDefaultGateway'));
}

function validateMaster(env: RuleEnv, p: PluginRef, required: boolean): void {
  if (p.obj.master === undefined) {
    if (required) env.c.error('plugin.vlan.masterRequired', p.path);
    else env.c.warn('plugin.masterDefault', p.path, { plugin: p.type });
  }
  checkIfName(env, p, 'master');
  checkMtu(env, p);
}

function validateMode(
  env: RuleEnv,
  p: PluginRef,
  allowed: string[],
  code: 'plugin.macvlan.modeInvalid' | 'plugin.ipvlan.modeInvalid',
): void {
  const mode = str(p.obj, 'mode');
  if (mode !== undefined && !allowed.includes(mode)) {
    const lower = mode.toLowerCase();
    const path = joinPath(p.path, 'mode');
    env.c.error(
      code,
      path,
      { value: mode, allowed: allowed.join(', ') },
      allowed.includes(lower) ? { kind: 'replace', path, value: lower } : undefined,
    );
  }
}

function validateVlan(env: RuleEnv, p: PluginRef): void {
  validateMaster(env, p, true);
  const id = int(p.obj, 'vlanId');
  const path = joinPath(p.path, 'vlanId');
  if (id !== undefined && !vlanOk(id))
    env.c.error('plugin.vlan.vlanIdInvalid', path, { value: id });
  else if ((id ?? 0) === 0 && p.obj.vlanId === undefined)
    env.c.warn('plugin.vlan.vlanIdZero', p.path);
  else if (id === 0) env.c.warn('plugin.vlan.vlanIdZero', path);
}

function validateHostDevice(env: RuleEnv, p: PluginRef): void {
  const { c } = env;
  const selectors = ['device', 'hwaddr', 'kernelpath', 'pciBusID'].filter(
    (k) => p.obj[k] !== undefined,
  );
  const caps = p.obj.capabilities;
  const runtimeDevice = isJsonObject(caps) && caps.deviceID === true;
  if (selectors.length === 0 && !runtimeDevice && p.obj.deviceID === undefined)
    c.error('plugin.hostDevice.selectorRequired', p.path);
  if (selectors.length > 1)
    c.error('plugin.hostDevice.multipleSelectors', joinPath(p.path, selectors[1] ?? ''), {
      keys: selectors.join(', '),
    });
  checkIfName(env, p, 'device');
  const pci = str(p.obj, 'pciBusID');
  if (pci !== undefined && !/^[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]$/.test(pci)) {
    c.error('plugin.hostDevice.pciBusIdInvalid', joinPath(p.path, 'pciBusID'), { value: pci });
  }
  const hw = str(p.obj, 'hwaddr');
  if (hw !== undefined && !MAC_RE.test(hw))
    c.error('plugin.hostDevice.hwaddrInvalid', joinPath(p.path, 'hwaddr'), { value: hw });
  c.info('plugin.hostDevice.exclusive', joinPath(p.path, 'type'));
}

function validateSriov(env: RuleEnv, p: PluginRef): void {
  const { c } = env;
  const o = p.obj;
  const resource = env.nad.metadata.annotations?.[SRIOV_RESOURCE_ANNOTATION];
  if (!resource && o.deviceID === undefined)
    c.error('plugin.sriov.resourceNameMissing', 'metadata.annotations', {
      annotation: SRIOV_RESOURCE_ANNOTATION,
    });
  else if (resource && env.platform === 'openshift' && !resource.startsWith('openshift.io/')) {
    c.warn('plugin.sriov.resourcePrefix', 'metadata.annotations', { value: resource });
  }
  const vlan = int(o, 'vlan');
  if (vlan !== undefined && !vlanOk(vlan))
    c.error('plugin.sriov.vlanInvalid', joinPath(p.path, 'vlan'), { value: vlan });
  const qos = int(o, 'vlanQoS');
  if (qos !== undefined && (qos < 0 || qos > 7))
    c.error('plugin.sriov.vlanQosInvalid', joinPath(p.path, 'vlanQoS'), { value: qos });
  else if (qos !== undefined && qos !== 0 && (vlan ?? 0) === 0)
    c.error('plugin.sriov.vlanQosWithoutVlan', joinPath(p.path, 'vlanQoS'));
  const proto = str(o, 'vlanProto');
  if (proto !== undefined && proto !== '802.1q' && proto !== '802.1ad') {
    const path = joinPath(p.path, 'vlanProto');
    const lower = proto.toLowerCase();
    c.error(
      'plugin.sriov.vlanProtoInvalid',
      path,
      { value: proto },
      lower === '802.1q' || lower === '802.1ad'
        ? { kind: 'replace', path, value: lower }
        : undefined,
    );
  }
  for (const key of ['spoofchk', 'trust']) {
    const v = o[key];
    if (v === undefined || v === 'on' || v === 'off') continue;
    const path = joinPath(p.path, key);
    const fixed =
      v === true || v === 'true' ? 'on' : v === false || v === 'false' ? 'off' : undefined;
    c.error(
      'plugin.sriov.onOffInvalid',
      path,
      { key, value: show(v) },
      fixed ? { kind: 'replace', path, value: fixed } : undefined,
    );
  }
  const ls = str(o, 'link_state');
  if (ls !== undefined && !['auto', 'enable', 'disable'].includes(ls))
    c.error('plugin.sriov.linkStateInvalid', joinPath(p.path, 'link_state'), { value: ls });
  const min = int(o, 'min_tx_rate');
  const max = int(o, 'max_tx_rate');
  if (min !== undefined && max !== undefined && max > 0 && min > max) {
    c.error('plugin.sriov.txRateOrder', joinPath(p.path, 'min_tx_rate'), { min, max });
  }
  const mac = str(o, 'mac');
  if (mac !== undefined && !MAC_RE.test(mac))
    c.error('plugin.sriov.macInvalid', joinPath(p.path, 'mac'), { value: mac });
}

function validateTuning(env: RuleEnv, p: PluginRef): void {
  const { c } = env;
  if (!env.isConflist) c.error('plugin.tuning.notChained', joinPath(p.path, 'type'));
  const sysctl = p.obj.sysctl;
  if (isJsonObject(sysctl)) {
    for (const [k, v] of Object.entries(sysctl)) {
      if (typeof v !== 'string' || !/^net\.[A-Za-z0-9_.\-/]+$/.test(k)) {
        c.error('plugin.tuning.sysctlInvalid', joinPath(joinPath(p.path, 'sysctl'), k), { key: k });
      }
    }
  }
  const mac = str(p.obj, 'mac');
  if (mac !== undefined && !MAC_RE.test(mac))
    c.error('plugin.tuning.macInvalid', joinPath(p.path, 'mac'), { value: mac });
  checkMtu(env, p);
}

// ---------------------------------------------------------------------------------------------
// OVN-Kubernetes

function validateOvn(env: RuleEnv, p: PluginRef): void {
  const { c, nad } = env;
  const o = p.obj;
  const topology = str(o, 'topology');
  const tp = joinPath(p.path, 'topology');
  if (o.topology === undefined || topology === '') c.warn('ovn.topologyMissing', p.path);
  else if (topology !== undefined && !['layer2', 'layer3', 'localnet'].includes(topology)) {
    c.error('ovn.topologyInvalid', tp, { value: topology });
  } else if (topology === 'layer3' && env.platform === 'openshift')
    c.warn('ovn.layer3Undocumented', tp);
  const ns = nad.metadata.namespace;
  if (ns) {
    const expected = `${ns}/${nad.metadata.name}`;
    const actual = str(o, 'netAttachDefName');
    if (actual !== expected) {
      c.error(
        'ovn.netAttachDefName',
        joinPath(p.path, 'netAttachDefName'),
        { expected, actual: actual ?? '' },
        {
          kind: 'replace',
          path: joinPath(p.path, 'netAttachDefName'),
          value: expected,
        },
      );
    }
  }
  const name = str(o, 'name');
  if (name === 'default' || name === 'ovn-kubernetes')
    c.error('ovn.nameReserved', joinPath(p.path, 'name'), { value: name });
  const ipam = o.ipam;
  if (isJsonObject(ipam) && typeof ipam.type === 'string' && ipam.type !== '') {
    c.error(
      'ovn.ipamNotSupported',
      joinPath(p.path, 'ipam'),
      { type: ipam.type },
      { kind: 'remove', path: joinPath(p.path, 'ipam') },
    );
  }
  if (env.plugins.length > 1)
    c.error('ovn.chainingNotSupported', '$.plugins', { count: env.plugins.length });

  const layer3 = topology === 'layer3';
  const subnets: Cidr[] = [];
  const subnetsText = str(o, 'subnets');
  const sp = joinPath(p.path, 'subnets');
  if (subnetsText !== undefined) {
    for (const s of splitList(subnetsText)) {
      const cidr = parseOvnSubnet(s, layer3);
      if (!cidr) c.error('ovn.subnetInvalid', sp, { value: s });
      else subnets.push(cidr);
    }
    if (subnets.length > 2) c.error('ovn.subnetsTooMany', sp, { count: subnets.length });
    else if (subnets.length === 2 && subnets[0]?.family === subnets[1]?.family)
      c.error('ovn.subnetsSameFamily', sp);
    for (let i = 0; i < subnets.length; i++) {
      for (let j = i + 1; j < subnets.length && j < 8; j++) {
        const a = subnets[i];
        const b = subnets[j];
        if (a && b && overlaps(a, b)) c.error('ovn.subnetsOverlap', sp);
      }
    }
  }
  const role = str(o, 'role');
  if (subnets.length === 0 && (layer3 || (topology === 'layer2' && role === 'primary'))) {
    c.error('ovn.subnetsRequired', p.path, { topology: layer3 ? 'layer3' : 'layer2' });
  }
  const exText = str(o, 'excludeSubnets');
  const ep = joinPath(p.path, 'excludeSubnets');
  if (exText !== undefined) {
    if (subnetsText === undefined) c.error('ovn.excludeWithoutSubnets', ep);
    for (const e of splitList(exText)) {
      const ex = parseCidr(e);
      if (!ex.ok) {
        c.error('ovn.excludeInvalid', ep, { value: e, error: ex.error });
        continue;
      }
      if (subnets.length > 0 && !subnets.some((s) => contains(s, ex.value)))
        c.error('ovn.excludeOutsideSubnets', ep, { value: e });
    }
  }
  const vlanPath = joinPath(p.path, 'vlanID');
  if (o.vlanID !== undefined && topology !== 'localnet') {
    c.error(
      'ovn.vlanNotLocalnet',
      vlanPath,
      { topology: topology ?? '' },
      { kind: 'remove', path: vlanPath },
    );
  } else {
    const vlan = int(o, 'vlanID');
    if (vlan !== undefined && (vlan < 1 || vlan > 4094))
      c.error('ovn.vlanInvalid', vlanPath, { value: vlan });
  }
  const mtu = int(o, 'mtu');
  if (mtu !== undefined) {
    if (mtu < 576 || mtu > 65536)
      c.error('ovn.mtuInvalid', joinPath(p.path, 'mtu'), { value: mtu });
    else if (mtu < 1280 && subnets.some((s) => s.family === 6))
      c.error('ovn.mtuIpv6', joinPath(p.path, 'mtu'), { value: mtu });
  }
  if (role !== undefined && role !== '' && role !== 'primary' && role !== 'secondary')
    c.error('ovn.roleInvalid', joinPath(p.path, 'role'), { value: role });
  else if (topology === 'localnet' && role === 'primary')
    c.error('ovn.roleLocalnet', joinPath(p.path, 'role'));
  if (o.allowPersistentIPs === true) {
    if (layer3) c.error('ovn.persistentIpsLayer3', joinPath(p.path, 'allowPersistentIPs'));
    else if (subnetsText === undefined)
      c.warn('ovn.persistentIpsNoSubnets', joinPath(p.path, 'allowPersistentIPs'));
  }
  if (o.joinSubnet !== undefined && topology === 'localnet')
    c.error('ovn.joinSubnetLocalnet', joinPath(p.path, 'joinSubnet'));
  for (const key of ['infrastructureSubnets', 'reservedSubnets', 'defaultGatewayIPs']) {
    if (o[key] !== undefined && topology !== 'layer2')
      c.error('ovn.layer2OnlyKey', joinPath(p.path, key), { key });
  }
  const phys = o.physicalNetworkName;
  if (typeof phys === 'string' && (phys.length === 0 || phys.length > 253 || /[,:]/.test(phys))) {
    c.error('ovn.physicalNetworkNameInvalid', joinPath(p.path, 'physicalNetworkName'), {
      value: phys,
    });
  }
}

export function validatePlugin(env: RuleEnv, p: PluginRef, index: number): void {
  // Own keys only: a plugin `type` of `constructor` or `__proto__` is not a known plugin.
  const schema = Object.hasOwn(SCHEMAS, p.type) ? SCHEMAS[p.type] : undefined;
  const { c } = env;
  if (!schema) {
    if (META_PLUGINS.has(p.type) && !env.isConflist)
      c.error('plugin.tuning.notChained', joinPath(p.path, 'type'));
    else if (!META_PLUGINS.has(p.type) && !OTHER_PLUGINS.includes(p.type)) {
      // Third-party plugins are fine to name; only a near miss of a known one is reported,
      // since libcni fails the pod with `failed to find plugin "<type>"` for a misspelt binary.
      const suggestion = suggestKey(p.type, KNOWN_PLUGIN_TYPES);
      const tp = joinPath(p.path, 'type');
      if (suggestion)
        c.warn(
          'plugin.unknownType',
          tp,
          { type: p.type, suggestion },
          { kind: 'replace', path: tp, value: suggestion },
        );
    }
    return;
  }
  checkTypes(c, p.obj, p.path, { ...COMMON, ...schema });
  checkUnknownKeys(env, p, schema);
  if (index === 0 && env.isConflist && META_PLUGINS.has(p.type))
    c.error('plugin.chainFirstMustBeInterface', joinPath(p.path, 'type'), { plugin: p.type });
  switch (p.type) {
    case 'bridge':
    case 'cnv-bridge':
      validateBridge(env, p);
      break;
    case 'macvlan':
      validateMaster(env, p, false);
      validateMode(env, p, ['bridge', 'private', 'vepa', 'passthru'], 'plugin.macvlan.modeInvalid');
      break;
    case 'ipvlan':
      validateMaster(env, p, false);
      validateMode(env, p, ['l2', 'l3', 'l3s'], 'plugin.ipvlan.modeInvalid');
      break;
    case 'vlan':
      validateVlan(env, p);
      break;
    case 'host-device':
      validateHostDevice(env, p);
      break;
    case 'sriov':
      validateSriov(env, p);
      break;
    case 'tuning':
      validateTuning(env, p);
      break;
    case OVN_TYPE:
      validateOvn(env, p);
      break;
  }
}

/** The master-like interface a plugin attaches to on the node, for NodeNetworkState checks. */
export function getNodeInterface(p: {
  obj: JsonObject;
  type: string;
}): { key: string; name: string } | undefined {
  const key =
    p.type === 'bridge' || p.type === 'cnv-bridge'
      ? 'bridge'
      : p.type === 'host-device'
        ? 'device'
        : ['macvlan', 'ipvlan', 'vlan'].includes(p.type)
          ? 'master'
          : undefined;
  if (!key) return undefined;
  const name = str(p.obj, key);
  return name ? { key, name } : undefined;
}

export function isKnownIp(v: unknown): boolean {
  return toIp(v) !== undefined;
}
