// Form ⇄ policy mapping. `toPolicyFormValues` reads what the form edits; `applyPolicyFormValues`
// writes the values onto a deep copy of the original, field by field, and only where a value
// differs from what the original reads as. So an untouched form gives back the original exactly
// (unknown keys, unmodelled interfaces and key order included), and an edit changes only the
// keys it is about. Constructs the form would have to rewrite to show (templates where it
// expects numbers, odd shapes) make `toPolicyFormValues` refuse with a reason: edit in YAML.
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import {
  DESCRIPTION_ANNOTATION,
  FORM_INTERFACE_STATES,
  FORM_INTERFACE_TYPES,
  type AddressFormValues,
  type BridgePortFormValues,
  type CaptureRow,
  type FormInterfaceState,
  type FormInterfaceType,
  type InterfaceFormValues,
  type IpFormValues,
  type KeyValueRow,
  type OvsBridgePortFormValues,
  type PolicyFormReason,
  type PolicyFormValues,
  type PortVlanFormValues,
  type PreservedInterface,
  type RouteFormValues,
  type ToPolicyFormResult,
  type TrunkTagFormValues,
} from '../model/policyForm';
import { isTemplate } from './validatePolicy';
import {
  emptyIpAuto,
  readInterfaceSettings,
  readIpAuto,
  readPolicySettings,
  writeInterfaceSettings,
  writeIpAuto,
  writePolicySettings,
  type FormIo,
} from './policyFormSettings';
import {
  isKindValues,
  readKind,
  readOvnMappings,
  writeKind,
  writeOvnMappings,
  type KindReaders,
  type KindWriters,
} from './interfaceKinds';
import { KIND_SECTION_KEYS } from '../model/interfaceKinds';
import { parseIp } from '../../../shared/net/cidr';

type Obj = Record<string, unknown>;

class NotRepresentable extends Error {
  constructor(
    readonly reason: PolicyFormReason,
    readonly path: string,
  ) {
    super(reason);
  }
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const fail = (value: unknown, path: string): never => {
  throw new NotRepresentable(
    isTemplate(value) ? 'form.templatedValue' : 'form.unsupportedValue',
    path,
  );
};

const readObj = (v: unknown, path: string): Obj | undefined => {
  if (v === undefined) return undefined;
  return isObj(v) ? v : fail(v, path);
};
const readStr = (v: unknown, path: string): string => {
  if (v === undefined) return '';
  return typeof v === 'string' ? v : fail(v, path);
};
const readNum = (v: unknown, path: string): number | null => {
  if (v === undefined) return null;
  return typeof v === 'number' && Number.isFinite(v) ? v : fail(v, path);
};
const readBool = (v: unknown, path: string): boolean | null => {
  if (v === undefined) return null;
  return typeof v === 'boolean' ? v : fail(v, path);
};
const readStrList = (v: unknown, path: string): string[] => {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) return fail(v, path);
  return v.map((x: unknown, i) => (typeof x === 'string' ? x : fail(x, `${path}[${i}]`)));
};
const scalarText = (v: unknown, path: string): string => {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return fail(v, path);
};
const readRows = (v: unknown, path: string, valuesAreScalars = false): KeyValueRow[] =>
  Object.entries(readObj(v, path) ?? {}).map(([key, value]) => ({
    key,
    value: valuesAreScalars
      ? scalarText(value, `${path}.${key}`)
      : readStr(value, `${path}.${key}`),
  }));

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Creates the child object at `key` when a write needs it. */
const child = (o: Obj, key: string): Obj => {
  const existing = o[key];
  if (isObj(existing)) return existing;
  const created: Obj = {};
  o[key] = created;
  return created;
};
const setOrDelete = (o: Obj, key: string, v: unknown, unset: unknown): void => {
  if (v === unset) Reflect.deleteProperty(o, key);
  else o[key] = v;
};

const io: FormIo = {
  obj: readObj,
  str: readStr,
  num: readNum,
  bool: readBool,
  strList: readStrList,
  fail,
  child,
  setOrDelete,
  same,
};

// ---------------------------------------------------------------------------------------------
// Reading

const readIp = (v: unknown, path: string, v6: boolean): IpFormValues => {
  const b = readObj(v, path) ?? {};
  const addresses: unknown = b.address;
  if (addresses !== undefined && !Array.isArray(addresses)) fail(addresses, `${path}.address`);
  return {
    enabled: readBool(b.enabled, `${path}.enabled`),
    dhcp: readBool(b.dhcp, `${path}.dhcp`) ?? false,
    autoconf: v6 ? (readBool(b.autoconf, `${path}.autoconf`) ?? false) : false,
    autoDns: readBool(b['auto-dns'], `${path}.auto-dns`),
    auto: readIpAuto(io, b, path, v6),
    addresses: ((addresses ?? []) as unknown[]).map((a, i): AddressFormValues => {
      const ap = `${path}.address[${i}]`;
      const o = readObj(a, ap) ?? fail(a, ap);
      return {
        ip: readStr(o.ip, `${ap}.ip`),
        prefixLength: readNum(o['prefix-length'], `${ap}.prefix-length`),
      };
    }),
  };
};

const readPortVlan = (v: unknown, path: string): PortVlanFormValues | null => {
  const o = readObj(v, path);
  if (!o) return null;
  const mode = o.mode;
  if (mode !== 'access' && mode !== 'trunk') return fail(mode, `${path}.mode`);
  const tags: unknown = o['trunk-tags'];
  if (tags !== undefined && !Array.isArray(tags)) fail(tags, `${path}.trunk-tags`);
  return {
    mode,
    tag: readNum(o.tag, `${path}.tag`),
    enableNative: readBool(o['enable-native'], `${path}.enable-native`),
    trunkTags: ((tags ?? []) as unknown[]).map((t, i): TrunkTagFormValues => {
      const tp = `${path}.trunk-tags[${i}]`;
      const to = readObj(t, tp) ?? fail(t, tp);
      if ('id' in to)
        return { kind: 'id', id: readNum(to.id, `${tp}.id`) ?? fail(to.id, `${tp}.id`) };
      const r = readObj(to['id-range'], `${tp}.id-range`) ?? fail(to, tp);
      return {
        kind: 'range',
        min: readNum(r.min, `${tp}.id-range.min`) ?? fail(r.min, `${tp}.id-range.min`),
        max: readNum(r.max, `${tp}.id-range.max`) ?? fail(r.max, `${tp}.id-range.max`),
      };
    }),
  };
};

/**
 * A port list under `port` or its serde alias `ports` (bond.rs, linux_bridge.rs, ovs.rs); the
 * form writes it back as `port` and drops the alias (nmstate refuses both as a duplicate field).
 */
const portsOf = (section: Obj): unknown => section.port ?? section.ports;
const setPorts = (section: Obj, ports: unknown[]): void => {
  if (Object.prototype.hasOwnProperty.call(section, 'ports')) {
    // `port` takes the alias's place, so the YAML keeps its order.
    const entries = Object.entries(section).filter(([k]) => k !== 'port');
    for (const k of Object.keys(section)) Reflect.deleteProperty(section, k);
    for (const [k, v] of entries) section[k === 'ports' ? 'port' : k] = v;
  }
  section.port = ports;
};

const readBridgePorts = (v: unknown, path: string): Obj[] => {
  if (v === undefined) return [];
  if (!Array.isArray(v)) return fail(v, path);
  return v.map((p: unknown, i) => {
    const o = readObj(p, `${path}[${i}]`) ?? fail(p, `${path}[${i}]`);
    if (typeof o.name !== 'string') fail(o.name, `${path}[${i}].name`);
    return o;
  });
};

const readStp = (bridge: Obj, path: string): boolean | null => {
  const options = readObj(bridge.options, `${path}.options`) ?? {};
  const stp = options.stp;
  if (isObj(stp)) return readBool(stp.enabled, `${path}.options.stp.enabled`);
  return readBool(stp, `${path}.options.stp`);
};

const KIND_READERS: KindReaders = {
  obj: readObj,
  str: readStr,
  num: readNum,
  bool: readBool,
  strList: readStrList,
  fail,
};

const isFormType = (t: unknown): t is FormInterfaceType =>
  (FORM_INTERFACE_TYPES as readonly unknown[]).includes(t);
const isFormState = (s: unknown): s is FormInterfaceState =>
  (FORM_INTERFACE_STATES as readonly unknown[]).includes(s);

/** Whether the form edits this interface; others are preserved as they are. */
const isModelled = (raw: unknown): raw is Obj =>
  isObj(raw) &&
  typeof raw.name === 'string' &&
  isFormType(raw.type) &&
  (raw.state === undefined || isFormState(raw.state));

const readInterface = (o: Obj, sourceIndex: number | null, path: string): InterfaceFormValues => {
  const type = o.type as FormInterfaceType;
  const common = {
    sourceIndex,
    name: readStr(o.name, `${path}.name`),
    state: (o.state ?? 'up') as FormInterfaceState,
    description: readStr(o.description, `${path}.description`),
    mtu: readNum(o.mtu, `${path}.mtu`),
    ipv4: readIp(o.ipv4, `${path}.ipv4`, false),
    ipv6: readIp(o.ipv6, `${path}.ipv6`, true),
    settings: readInterfaceSettings(io, o, path),
  };
  switch (type) {
    case 'ethernet':
      return { ...common, type };
    case 'bond': {
      const la = readObj(o['link-aggregation'], `${path}.link-aggregation`) ?? {};
      return {
        ...common,
        type,
        bond: {
          mode: readStr(la.mode, `${path}.link-aggregation.mode`),
          options: readRows(la.options, `${path}.link-aggregation.options`, true),
          ports: readStrList(portsOf(la), `${path}.link-aggregation.port`),
        },
      };
    }
    case 'linux-bridge': {
      const bp = `${path}.bridge`;
      const bridge = readObj(o.bridge, bp) ?? {};
      return {
        ...common,
        type,
        linuxBridge: {
          stpEnabled: readStp(bridge, bp),
          ports: readBridgePorts(portsOf(bridge), `${bp}.port`).map(
            (p, i): BridgePortFormValues => ({
              name: p.name as string,
              vlan: readPortVlan(p.vlan, `${bp}.port[${i}].vlan`),
            }),
          ),
        },
      };
    }
    case 'ovs-bridge': {
      const bp = `${path}.bridge`;
      const bridge = readObj(o.bridge, bp) ?? {};
      return {
        ...common,
        type,
        ovsBridge: {
          stpEnabled: readStp(bridge, bp),
          ports: readBridgePorts(portsOf(bridge), `${bp}.port`).map(
            (p, i): OvsBridgePortFormValues => {
              const pp = `${bp}.port[${i}]`;
              const la = readObj(p['link-aggregation'], `${pp}.link-aggregation`);
              const members: unknown = la ? portsOf(la) : undefined;
              if (members !== undefined && !Array.isArray(members))
                fail(members, `${pp}.link-aggregation.port`);
              return {
                name: p.name as string,
                vlan: readPortVlan(p.vlan, `${pp}.vlan`),
                bond: la
                  ? {
                      mode: readStr(la.mode, `${pp}.link-aggregation.mode`),
                      ports: ((members ?? []) as unknown[]).map((m, mi) => {
                        const mp = `${pp}.link-aggregation.port[${mi}]`;
                        const mo = readObj(m, mp) ?? fail(m, mp);
                        return typeof mo.name === 'string' ? mo.name : fail(mo.name, `${mp}.name`);
                      }),
                    }
                  : null,
              };
            },
          ),
        },
      };
    }
    case 'vlan': {
      const vlan = readObj(o.vlan, `${path}.vlan`) ?? {};
      return {
        ...common,
        type,
        vlan: {
          baseIface: readStr(vlan['base-iface'], `${path}.vlan.base-iface`),
          id: readNum(vlan.id, `${path}.vlan.id`),
        },
      };
    }
    case 'mac-vlan': {
      const mv = readObj(o['mac-vlan'], `${path}.mac-vlan`) ?? {};
      return {
        ...common,
        type,
        macVlan: {
          baseIface: readStr(mv['base-iface'], `${path}.mac-vlan.base-iface`),
          mode: readStr(mv.mode, `${path}.mac-vlan.mode`),
        },
      };
    }
    default:
      // The kinds of issue 24 (interfaceKinds.ts).
      return { ...common, ...readKind(KIND_READERS, type, o, path) };
  }
};

const readRoute = (v: unknown, sourceIndex: number, path: string): RouteFormValues => {
  const o = readObj(v, path) ?? fail(v, path);
  if (o.state !== undefined && o.state !== 'absent') fail(o.state, `${path}.state`);
  return {
    sourceIndex,
    destination: readStr(o.destination, `${path}.destination`),
    nextHopAddress: readStr(o['next-hop-address'], `${path}.next-hop-address`),
    nextHopInterface: readStr(o['next-hop-interface'], `${path}.next-hop-interface`),
    metric: readNum(o.metric, `${path}.metric`),
    tableId: readNum(o['table-id'], `${path}.table-id`),
    routeType: readStr(o['route-type'], `${path}.route-type`),
    weight: readNum(o.weight, `${path}.weight`),
    source: readStr(o.source, `${path}.source`),
    absent: o.state === 'absent',
  };
};

const readValues = (policy: NodeNetworkConfigurationPolicy): PolicyFormValues => {
  const metadata = readObj(policy.metadata, 'metadata') ?? {};
  const spec = readObj(policy.spec, 'spec') ?? fail(policy.spec, 'spec');
  const annotations = readObj(metadata.annotations, 'metadata.annotations') ?? {};
  const ds = readObj(spec.desiredState, 'spec.desiredState') ?? {};
  const rawIfaces: unknown = ds.interfaces;
  if (rawIfaces !== undefined && !Array.isArray(rawIfaces))
    fail(rawIfaces, 'spec.desiredState.interfaces');
  const interfaces: InterfaceFormValues[] = [];
  const preservedInterfaces: PreservedInterface[] = [];
  ((rawIfaces ?? []) as unknown[]).forEach((raw, i) => {
    if (isModelled(raw))
      interfaces.push(readInterface(raw, i, `spec.desiredState.interfaces[${i}]`));
    else {
      const o = isObj(raw) ? raw : {};
      preservedInterfaces.push({
        sourceIndex: i,
        name: typeof o.name === 'string' ? o.name : '',
        type: typeof o.type === 'string' ? o.type : '',
        state: typeof o.state === 'string' ? o.state : '',
      });
    }
  });
  const routes = readObj(ds.routes, 'spec.desiredState.routes') ?? {};
  const config: unknown = routes.config;
  if (config !== undefined && !Array.isArray(config))
    fail(config, 'spec.desiredState.routes.config');
  const dnsConfig =
    readObj(
      readObj(ds['dns-resolver'], 'spec.desiredState.dns-resolver')?.config,
      'spec.desiredState.dns-resolver.config',
    ) ?? {};
  const mu: unknown = spec.maxUnavailable;
  return {
    name: readStr(metadata.name, 'metadata.name'),
    description: readStr(
      annotations[DESCRIPTION_ANNOTATION],
      `metadata.annotations.${DESCRIPTION_ANNOTATION}`,
    ),
    nodeSelector: readRows(spec.nodeSelector, 'spec.nodeSelector'),
    maxUnavailable:
      mu === undefined
        ? ''
        : typeof mu === 'number' && Number.isInteger(mu)
          ? String(mu)
          : readStr(mu, 'spec.maxUnavailable'),
    interfaces,
    preservedInterfaces,
    routes: ((config ?? []) as unknown[]).map((r, i) =>
      readRoute(r, i, `spec.desiredState.routes.config[${i}]`),
    ),
    dns: {
      servers: readStrList(dnsConfig.server, 'spec.desiredState.dns-resolver.config.server'),
      search: readStrList(dnsConfig.search, 'spec.desiredState.dns-resolver.config.search'),
    },
    captures: readRows(spec.capture, 'spec.capture').map((r): CaptureRow => ({
      name: r.key,
      expression: r.value,
    })),
    settings: readPolicySettings(io, ds),
    ovnBridgeMappings: readOvnMappings(KIND_READERS, ds),
  };
};

export const toPolicyFormValues = (policy: NodeNetworkConfigurationPolicy): ToPolicyFormResult => {
  if (!isObj(policy) || !isObj(policy.spec))
    return { ok: false, reason: 'form.notAPolicy', params: { path: 'spec' } };
  try {
    return { ok: true, values: readValues(policy) };
  } catch (e) {
    if (e instanceof NotRepresentable)
      return { ok: false, reason: e.reason, params: { path: e.path } };
    throw e;
  }
};

// ---------------------------------------------------------------------------------------------
// Writing

const writeIp = (
  iface: Obj,
  key: 'ipv4' | 'ipv6',
  before: IpFormValues,
  after: IpFormValues,
): void => {
  if (same(before, after)) return;
  const block = child(iface, key);
  if (before.enabled !== after.enabled) setOrDelete(block, 'enabled', after.enabled, null);
  if (before.dhcp !== after.dhcp) block.dhcp = after.dhcp;
  if (key === 'ipv6' && before.autoconf !== after.autoconf) block.autoconf = after.autoconf;
  if (before.autoDns !== after.autoDns) setOrDelete(block, 'auto-dns', after.autoDns, null);
  writeIpAuto(io, block, before.auto, after.auto);
  if (!same(before.addresses, after.addresses)) {
    const old: unknown[] = Array.isArray(block.address) ? (block.address as unknown[]) : [];
    block.address = after.addresses.map((a) => {
      // Keep keys the form does not edit (lifetimes …) of the address with the same IP.
      const prev = old.find((o): o is Obj => isObj(o) && o.ip === a.ip);
      const next: Obj = prev ? { ...prev } : {};
      // A CIDR left in the address field (Save before the field lost focus) is split too.
      const split = a.prefixLength === null ? splitCidrAddress(a) : a;
      next.ip = split.ip;
      setOrDelete(next, 'prefix-length', split.prefixLength, null);
      return next;
    });
  }
};

const optionValue = (text: string, previous: unknown): unknown => {
  // Keep the original scalar type so `miimon: 100` does not become `miimon: "100"`.
  if (typeof previous === 'number' && text.trim() !== '' && Number.isFinite(Number(text)))
    return Number(text);
  if (typeof previous === 'boolean' && (text === 'true' || text === 'false'))
    return text === 'true';
  return text;
};

const writePortVlan = (
  port: Obj,
  before: PortVlanFormValues | null,
  after: PortVlanFormValues | null,
): void => {
  if (same(before, after)) return;
  if (after === null) {
    Reflect.deleteProperty(port, 'vlan');
    return;
  }
  const vlan = child(port, 'vlan');
  if (before?.mode !== after.mode) vlan.mode = after.mode;
  if ((before?.tag ?? null) !== after.tag) setOrDelete(vlan, 'tag', after.tag, null);
  if ((before?.enableNative ?? null) !== after.enableNative)
    setOrDelete(vlan, 'enable-native', after.enableNative, null);
  if (!same(before?.trunkTags ?? [], after.trunkTags)) {
    if (after.trunkTags.length === 0) Reflect.deleteProperty(vlan, 'trunk-tags');
    else
      vlan['trunk-tags'] = after.trunkTags.map((t) =>
        t.kind === 'id' ? { id: t.id } : { 'id-range': { min: t.min, max: t.max } },
      );
  }
};

const writeBridgePorts = <P extends BridgePortFormValues>(
  bridge: Obj,
  before: P[],
  after: P[],
  extra: (port: Obj, b: P | undefined, a: P) => void,
): void => {
  if (same(before, after)) return;
  const listed = portsOf(bridge);
  const old: unknown[] = Array.isArray(listed) ? (listed as unknown[]) : [];
  setPorts(
    bridge,
    after.map((a) => {
      const i = before.findIndex((b) => b.name === a.name);
      const prev = old[i];
      const port: Obj = isObj(prev) ? structuredClone(prev) : { name: a.name };
      const b = before[i];
      writePortVlan(port, b?.vlan ?? null, a.vlan);
      extra(port, b, a);
      return port;
    }),
  );
};

const writeStp = (
  bridge: Obj,
  before: boolean | null,
  after: boolean | null,
  ovs: boolean,
): void => {
  if (before === after) return;
  const options = child(bridge, 'options');
  if (after === null) Reflect.deleteProperty(options, 'stp');
  else if (isObj(options.stp) || !ovs) child(options, 'stp').enabled = after;
  else options.stp = after;
};

const TYPE_KEYS: Record<FormInterfaceType, readonly string[]> = {
  ethernet: [],
  bond: ['link-aggregation'],
  'linux-bridge': ['bridge'],
  'ovs-bridge': ['bridge'],
  vlan: ['vlan'],
  'mac-vlan': ['mac-vlan'],
  ...KIND_SECTION_KEYS,
};

const KIND_WRITERS: KindWriters = { child, setOrDelete, same, setPorts };

const writeInterface = (
  iface: Obj,
  beforeIn: InterfaceFormValues,
  after: InterfaceFormValues,
  path: string,
): void => {
  let before = beforeIn;
  if (before.type !== after.type) {
    for (const oldKey of TYPE_KEYS[before.type]) Reflect.deleteProperty(iface, oldKey);
    iface.type = after.type;
    before = readInterface(iface, before.sourceIndex, path);
  }
  if (before.name !== after.name) iface.name = after.name;
  if (before.state !== after.state) iface.state = after.state;
  if (before.description !== after.description)
    setOrDelete(iface, 'description', after.description, '');
  if (before.mtu !== after.mtu) setOrDelete(iface, 'mtu', after.mtu, null);
  writeIp(iface, 'ipv4', before.ipv4, after.ipv4);
  writeIp(iface, 'ipv6', before.ipv6, after.ipv6);
  writeInterfaceSettings(io, iface, before.settings, after.settings);

  if (before.type === 'bond' && after.type === 'bond') {
    const b = before.bond;
    const a = after.bond;
    if (same(b, a)) return;
    const la = child(iface, 'link-aggregation');
    if (b.mode !== a.mode) setOrDelete(la, 'mode', a.mode, '');
    if (!same(b.options, a.options)) {
      const prev = isObj(la.options) ? la.options : {};
      if (a.options.length === 0) Reflect.deleteProperty(la, 'options');
      else
        la.options = Object.fromEntries(
          a.options.map((r) => [r.key, optionValue(r.value, prev[r.key])]),
        );
    }
    if (!same(b.ports, a.ports)) setPorts(la, [...a.ports]);
  } else if (before.type === 'linux-bridge' && after.type === 'linux-bridge') {
    if (same(before.linuxBridge, after.linuxBridge)) return;
    const bridge = child(iface, 'bridge');
    writeStp(bridge, before.linuxBridge.stpEnabled, after.linuxBridge.stpEnabled, false);
    writeBridgePorts(bridge, before.linuxBridge.ports, after.linuxBridge.ports, () => undefined);
  } else if (before.type === 'ovs-bridge' && after.type === 'ovs-bridge') {
    if (same(before.ovsBridge, after.ovsBridge)) return;
    const bridge = child(iface, 'bridge');
    writeStp(bridge, before.ovsBridge.stpEnabled, after.ovsBridge.stpEnabled, true);
    writeBridgePorts(bridge, before.ovsBridge.ports, after.ovsBridge.ports, (port, b, a) => {
      if (same(b?.bond ?? null, a.bond)) return;
      if (a.bond === null) {
        Reflect.deleteProperty(port, 'link-aggregation');
        return;
      }
      const la = child(port, 'link-aggregation');
      if ((b?.bond?.mode ?? '') !== a.bond.mode) setOrDelete(la, 'mode', a.bond.mode, '');
      if (!same(b?.bond?.ports ?? [], a.bond.ports))
        setPorts(
          la,
          a.bond.ports.map((name) => ({ name })),
        );
    });
  } else if (before.type === 'vlan' && after.type === 'vlan') {
    if (same(before.vlan, after.vlan)) return;
    const vlan = child(iface, 'vlan');
    if (before.vlan.baseIface !== after.vlan.baseIface)
      setOrDelete(vlan, 'base-iface', after.vlan.baseIface, '');
    if (before.vlan.id !== after.vlan.id) setOrDelete(vlan, 'id', after.vlan.id, null);
  } else if (before.type === 'mac-vlan' && after.type === 'mac-vlan') {
    if (same(before.macVlan, after.macVlan)) return;
    const mv = child(iface, 'mac-vlan');
    if (before.macVlan.baseIface !== after.macVlan.baseIface)
      setOrDelete(mv, 'base-iface', after.macVlan.baseIface, '');
    if (before.macVlan.mode !== after.macVlan.mode) setOrDelete(mv, 'mode', after.macVlan.mode, '');
  } else if (isKindValues(before) && isKindValues(after))
    writeKind(KIND_WRITERS, iface, before, after);
};

const writeRoute = (route: Obj, before: RouteFormValues, after: RouteFormValues): void => {
  const strings: [
    keyof RouteFormValues &
      ('destination' | 'nextHopAddress' | 'nextHopInterface' | 'routeType' | 'source'),
    string,
  ][] = [
    ['destination', 'destination'],
    ['nextHopAddress', 'next-hop-address'],
    ['nextHopInterface', 'next-hop-interface'],
    ['routeType', 'route-type'],
    ['source', 'source'],
  ];
  for (const [field, key] of strings)
    if (before[field] !== after[field]) setOrDelete(route, key, after[field], '');
  if (before.metric !== after.metric) setOrDelete(route, 'metric', after.metric, null);
  if (before.tableId !== after.tableId) setOrDelete(route, 'table-id', after.tableId, null);
  if (before.weight !== after.weight) setOrDelete(route, 'weight', after.weight, null);
  if (before.absent !== after.absent)
    setOrDelete(route, 'state', after.absent ? 'absent' : null, null);
};

/**
 * Rebuilds a list: kept entries stay where they were (in original order), entries whose
 * `sourceIndex` is gone are dropped, and new entries (sourceIndex null) are appended.
 */
const mergeList = <V extends { sourceIndex: number | null }>(
  original: unknown[],
  keep: ReadonlySet<number>,
  before: Map<number, V>,
  after: V[],
  create: (v: V) => Obj,
  write: (target: Obj, b: V, a: V, index: number) => void,
): unknown[] => {
  const byIndex = new Map<number, V>();
  for (const v of after) if (v.sourceIndex !== null) byIndex.set(v.sourceIndex, v);
  const out: unknown[] = [];
  original.forEach((entry, i) => {
    if (keep.has(i)) {
      out.push(entry);
      return;
    }
    const a = byIndex.get(i);
    const b = before.get(i);
    if (!a || !b || !isObj(entry)) return;
    write(entry, b, a, i);
    out.push(entry);
  });
  for (const v of after)
    if (v.sourceIndex === null || !before.has(v.sourceIndex)) out.push(create(v));
  return out;
};

const rowsToRecord = (rows: KeyValueRow[]): Record<string, string> =>
  Object.fromEntries(rows.map((r) => [r.key, r.value]));

/**
 * Writes form values onto a deep copy of `original`. Values must come from
 * `toPolicyFormValues(original)` (possibly edited); `sourceIndex` refers to `original`.
 */
export const applyPolicyFormValues = (
  original: NodeNetworkConfigurationPolicy,
  values: PolicyFormValues,
): NodeNetworkConfigurationPolicy => {
  const policy = structuredClone(original);
  const beforeResult = toPolicyFormValues(original);
  // An unrepresentable original never reaches the form; writing from blank values would be
  // wrong, so the copy is returned as is.
  if (!beforeResult.ok) return policy;
  const before = beforeResult.values;
  const root = policy as unknown as Obj;
  const metadata = child(root, 'metadata');
  const spec = child(root, 'spec');

  if (before.name !== values.name) metadata.name = values.name;
  if (before.description !== values.description) {
    const annotations = child(metadata, 'annotations');
    setOrDelete(annotations, DESCRIPTION_ANNOTATION, values.description, '');
    if (Object.keys(annotations).length === 0) Reflect.deleteProperty(metadata, 'annotations');
  }
  if (!same(before.nodeSelector, values.nodeSelector)) {
    if (values.nodeSelector.length === 0) Reflect.deleteProperty(spec, 'nodeSelector');
    else spec.nodeSelector = rowsToRecord(values.nodeSelector);
  }
  if (before.maxUnavailable !== values.maxUnavailable) {
    const mu = values.maxUnavailable.trim();
    setOrDelete(spec, 'maxUnavailable', /^\d+$/.test(mu) ? Number(mu) : values.maxUnavailable, '');
  }
  if (!same(before.captures, values.captures)) {
    if (values.captures.length === 0) Reflect.deleteProperty(spec, 'capture');
    else spec.capture = Object.fromEntries(values.captures.map((c) => [c.name, c.expression]));
  }

  const interfacesChanged = !same(before.interfaces, values.interfaces);
  const routesChanged = !same(before.routes, values.routes);
  const dnsChanged = !same(before.dns, values.dns);
  const settingsChanged = !same(before.settings, values.settings);
  const ovnChanged = !same(before.ovnBridgeMappings, values.ovnBridgeMappings);
  if (!interfacesChanged && !routesChanged && !dnsChanged && !settingsChanged && !ovnChanged)
    return policy;
  const ds = child(spec, 'desiredState');
  writePolicySettings(io, ds, before.settings, values.settings);
  writeOvnMappings(KIND_WRITERS, ds, before.ovnBridgeMappings, values.ovnBridgeMappings);

  if (interfacesChanged) {
    const original: unknown[] = Array.isArray(ds.interfaces) ? (ds.interfaces as unknown[]) : [];
    const beforeByIndex = new Map<number, InterfaceFormValues>();
    for (const v of before.interfaces)
      if (v.sourceIndex !== null) beforeByIndex.set(v.sourceIndex, v);
    ds.interfaces = mergeList(
      original,
      new Set(before.preservedInterfaces.map((p) => p.sourceIndex)),
      beforeByIndex,
      values.interfaces,
      (v) => {
        const created: Obj = { name: v.name, type: v.type, state: v.state };
        writeInterface(created, readInterface(created, null, ''), v, '');
        return created;
      },
      (target, b, a, i) => {
        writeInterface(target, b, a, `spec.desiredState.interfaces[${i}]`);
      },
    );
  }
  if (routesChanged) {
    const routes = child(ds, 'routes');
    const original: unknown[] = Array.isArray(routes.config) ? (routes.config as unknown[]) : [];
    const beforeByIndex = new Map<number, RouteFormValues>();
    for (const v of before.routes) if (v.sourceIndex !== null) beforeByIndex.set(v.sourceIndex, v);
    routes.config = mergeList(
      original,
      new Set(),
      beforeByIndex,
      values.routes,
      (v) => {
        const created: Obj = {};
        writeRoute(
          created,
          {
            ...v,
            destination: '',
            nextHopAddress: '',
            nextHopInterface: '',
            metric: null,
            tableId: null,
            routeType: '',
            weight: null,
            source: '',
            absent: false,
          },
          v,
        );
        return created;
      },
      writeRoute,
    );
  }
  if (dnsChanged) {
    const config = child(child(ds, 'dns-resolver'), 'config');
    if (!same(before.dns.servers, values.dns.servers)) config.server = [...values.dns.servers];
    if (!same(before.dns.search, values.dns.search)) config.search = [...values.dns.search];
  }
  return policy;
};

// ---------------------------------------------------------------------------------------------
// Helpers for the UI

const emptyIp = (): IpFormValues => ({
  enabled: null,
  dhcp: false,
  autoconf: false,
  autoDns: null,
  auto: emptyIpAuto(),
  addresses: [],
});

/** Blank values for a new interface of `type`; IP disabled explicitly so nmstate adds none. */
export const newInterfaceFormValues = (type: FormInterfaceType, name = ''): InterfaceFormValues => {
  const created: Obj = { name, type, state: 'up' };
  const values = readInterface(created, null, '');
  values.ipv4 = { ...emptyIp(), enabled: false };
  values.ipv6 = { ...emptyIp(), enabled: false };
  return values;
};

/**
 * The interface as another type: name, state, description, MTU and IP settings stay; the settings
 * of the new type come from `stashed` (what the form held for this interface as that type, so
 * switching back and forth loses nothing) or are blank. On save the old type's section leaves the object.
 */
export const withInterfaceType = (
  value: InterfaceFormValues,
  type: FormInterfaceType,
  stashed?: InterfaceFormValues,
): InterfaceFormValues => {
  if (value.type === type) return value;
  // Only the same interface's earlier values: a form that reuses a card for another interface
  // (after a removal) must not hand it someone else's ports.
  const own =
    stashed?.type === type &&
    stashed.sourceIndex === value.sourceIndex &&
    stashed.name === value.name;
  const base = own ? stashed : newInterfaceFormValues(type, value.name);
  const { sourceIndex, name, state, description, mtu, ipv4, ipv6, settings } = value;
  return { ...base, sourceIndex, name, state, description, mtu, ipv4, ipv6, settings };
};

/**
 * An address typed as a CIDR (`10.0.0.5/24`) as nmstate takes it: `ip` and `prefix-length`
 * (ip.rs `InterfaceIpAddr`). Anything that is not a valid address with an in-range prefix stays
 * as typed, for the validator to point at.
 */
export const splitCidrAddress = (a: AddressFormValues): AddressFormValues => {
  const m = /^\s*([^/\s]+)\/(\d{1,3})\s*$/.exec(a.ip);
  if (!m) return a;
  const ip = parseIp(m[1]);
  const prefix = Number(m[2]);
  if (!ip.ok || prefix > (ip.value.family === 4 ? 32 : 128)) return a;
  return { ...a, ip: m[1] ?? a.ip, prefixLength: prefix };
};

/**
 * A bridge port's VLAN settings after the mode select changed. nmstate refuses trunk keys on an
 * access port and a trunk `tag` without `enable-native` (ifaces/bridge_vlan.rs `sanitize`), so
 * access drops them, and an access tag becomes the trunk's native VLAN.
 */
export const withPortVlanMode = (
  value: PortVlanFormValues | null,
  mode: 'access' | 'trunk' | 'none',
): PortVlanFormValues | null => {
  if (mode === 'none') return null;
  if (mode === 'access')
    return { mode, tag: value?.tag ?? null, enableNative: null, trunkTags: [] };
  if (value?.mode === 'trunk') return value;
  const tag = value?.tag ?? null;
  return { mode, tag, enableNative: tag === null ? null : true, trunkTags: value?.trunkTags ?? [] };
};

export const newRouteFormValues = (): RouteFormValues => ({
  sourceIndex: null,
  destination: '',
  nextHopAddress: '',
  nextHopInterface: '',
  metric: null,
  tableId: null,
  routeType: '',
  weight: null,
  source: '',
  absent: false,
});

export const createEmptyPolicy = (name = ''): NodeNetworkConfigurationPolicy => ({
  apiVersion: 'nmstate.io/v1',
  kind: 'NodeNetworkConfigurationPolicy',
  metadata: { name },
  spec: { desiredState: { interfaces: [] } },
});
