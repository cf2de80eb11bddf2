// Form ↔ config mapping. Values are read from the parsed config and written back onto a copy of
// it: a field is touched only when its value differs from what reading it gives, so unknown keys,
// keys the form cannot represent (wrong JSON types) and key order survive. When nothing changed,
// the original text is returned byte for byte; an unparsable config is never replaced.
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import type { FormUnavailableReason } from '../model/codes';
import type {
  FormPluginType,
  HostLocalRangeFormValue,
  IpamFormValues,
  NadFormValues,
  PluginFormValues,
  RouteFormValue,
  TuningFormValues,
  WhereaboutsRangeFormValue,
} from '../model/form';
import type { JsonObject, JsonValue } from '../model/json';
import { cloneJson, isJsonObject, jsonEqual, setMember, stringifyLike } from './json';
import { parseCniConfig } from './parseCniConfig';
import { splitList } from './pools';
import { OVN_TYPE, SRIOV_RESOURCE_ANNOTATION } from './validatePlugins';

type FieldKind = 'str' | 'num' | 'bool' | 'list';
type Field = readonly [formKey: string, jsonKey: string, kind: FieldKind];

const PLUGIN_FIELDS: Record<FormPluginType, readonly Field[]> = {
  bridge: [
    ['bridge', 'bridge', 'str'],
    ['vlan', 'vlan', 'num'],
    ['mtu', 'mtu', 'num'],
    ['isGateway', 'isGateway', 'bool'],
    ['isDefaultGateway', 'isDefaultGateway', 'bool'],
    ['ipMasq', 'ipMasq', 'bool'],
    ['hairpinMode', 'hairpinMode', 'bool'],
    ['promiscMode', 'promiscMode', 'bool'],
    ['macspoofchk', 'macspoofchk', 'bool'],
    ['preserveDefaultVlan', 'preserveDefaultVlan', 'bool'],
  ],
  macvlan: [
    ['master', 'master', 'str'],
    ['mode', 'mode', 'str'],
    ['mtu', 'mtu', 'num'],
  ],
  ipvlan: [
    ['master', 'master', 'str'],
    ['mode', 'mode', 'str'],
    ['mtu', 'mtu', 'num'],
  ],
  vlan: [
    ['master', 'master', 'str'],
    ['vlanId', 'vlanId', 'num'],
    ['mtu', 'mtu', 'num'],
  ],
  'host-device': [
    ['device', 'device', 'str'],
    ['hwaddr', 'hwaddr', 'str'],
    ['kernelpath', 'kernelpath', 'str'],
    ['pciBusID', 'pciBusID', 'str'],
  ],
  sriov: [
    ['vlan', 'vlan', 'num'],
    ['vlanQoS', 'vlanQoS', 'num'],
    ['spoofchk', 'spoofchk', 'str'],
    ['trust', 'trust', 'str'],
    ['linkState', 'link_state', 'str'],
    ['minTxRate', 'min_tx_rate', 'num'],
    ['maxTxRate', 'max_tx_rate', 'num'],
  ],
  [OVN_TYPE]: [
    ['topology', 'topology', 'str'],
    ['netAttachDefName', 'netAttachDefName', 'str'],
    ['subnets', 'subnets', 'list'],
    ['excludeSubnets', 'excludeSubnets', 'list'],
    ['mtu', 'mtu', 'num'],
    ['vlanID', 'vlanID', 'num'],
    ['physicalNetworkName', 'physicalNetworkName', 'str'],
    ['allowPersistentIPs', 'allowPersistentIPs', 'bool'],
    ['role', 'role', 'str'],
  ],
};

export const FORM_PLUGIN_TYPES = Object.keys(PLUGIN_FIELDS) as FormPluginType[];

function isFormPluginType(t: unknown): t is FormPluginType {
  return typeof t === 'string' && Object.hasOwn(PLUGIN_FIELDS, t);
}

function read(obj: JsonObject | undefined, key: string, kind: FieldKind): unknown {
  const v = obj?.[key];
  switch (kind) {
    case 'str':
      return typeof v === 'string' ? v : '';
    case 'num':
      return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
    case 'bool':
      return typeof v === 'boolean' ? v : undefined;
    case 'list':
      return typeof v === 'string' ? splitList(v) : [];
  }
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    return (
      ka.length === Object.keys(b).length &&
      ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return a === b;
}

function write(obj: JsonObject, key: string, kind: FieldKind, value: unknown): void {
  if (same(read(obj, key, kind), value)) return;
  const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  if (empty) {
    Reflect.deleteProperty(obj, key);
    return;
  }
  if (kind === 'list' && Array.isArray(value)) setMember(obj, key, value.join(','));
  else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    setMember(obj, key, value);
}

/** Writes a derived array value only when it differs from what reading gives. */
function writeArray<T>(
  obj: JsonObject,
  key: string,
  current: T,
  next: T,
  build: (existing: JsonValue | undefined) => JsonValue,
): void {
  if (same(current, next)) return;
  if (Array.isArray(next) && next.length === 0) Reflect.deleteProperty(obj, key);
  else setMember(obj, key, build(obj[key]));
}

function objects(v: JsonValue | undefined): JsonObject[] {
  return Array.isArray(v) ? v.filter(isJsonObject) : [];
}
function stringsOf(v: JsonValue | undefined): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

// --- routes -----------------------------------------------------------------------------------

function readRoutes(ipam: JsonObject): RouteFormValue[] {
  return objects(ipam.routes).map((r) => ({
    dst: read(r, 'dst', 'str') as string,
    gw: read(r, 'gw', 'str') as string,
  }));
}
function writeRoutes(ipam: JsonObject, routes: RouteFormValue[]): void {
  writeArray(ipam, 'routes', readRoutes(ipam), routes, (existing) => {
    const old = objects(existing);
    return routes.map((r, i) => {
      const o = cloneJson(old[i] ?? {});
      write(o, 'dst', 'str', r.dst);
      write(o, 'gw', 'str', r.gw);
      return o;
    });
  });
}

// --- host-local -------------------------------------------------------------------------------

const HL_RANGE_FIELDS: readonly Field[] = [
  ['subnet', 'subnet', 'str'],
  ['rangeStart', 'rangeStart', 'str'],
  ['rangeEnd', 'rangeEnd', 'str'],
  ['gateway', 'gateway', 'str'],
];

function readFields(
  obj: JsonObject | undefined,
  fields: readonly Field[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [f, k, kind] of fields) out[f] = read(obj, k, kind);
  return out;
}
function writeFields(
  obj: JsonObject,
  fields: readonly Field[],
  values: Record<string, unknown>,
): void {
  for (const [f, k, kind] of fields) write(obj, k, kind, values[f]);
}

function readRangeSets(ipam: JsonObject): HostLocalRangeFormValue[][] {
  if (!Array.isArray(ipam.ranges)) {
    return ipam.subnet !== undefined
      ? [[readFields(ipam, HL_RANGE_FIELDS) as unknown as HostLocalRangeFormValue]]
      : [];
  }
  return ipam.ranges.map((set) =>
    objects(set).map((r) => readFields(r, HL_RANGE_FIELDS) as unknown as HostLocalRangeFormValue),
  );
}

function writeRangeSets(ipam: JsonObject, sets: HostLocalRangeFormValue[][]): void {
  const current = readRangeSets(ipam);
  if (same(current, sets)) return;
  const legacy = !Array.isArray(ipam.ranges) && ipam.subnet !== undefined;
  const single = sets.length === 1 && sets[0]?.length === 1 ? sets[0][0] : undefined;
  if (legacy && single) {
    writeFields(ipam, HL_RANGE_FIELDS, single as unknown as Record<string, unknown>);
    return;
  }
  if (legacy) for (const [, k] of HL_RANGE_FIELDS) Reflect.deleteProperty(ipam, k);
  const old = Array.isArray(ipam.ranges) ? ipam.ranges : [];
  setMember(
    ipam,
    'ranges',
    sets.map((set, i) => {
      const oldSet = objects(old[i]);
      return set.map((r, j) => {
        const o = cloneJson(oldSet[j] ?? {});
        writeFields(o, HL_RANGE_FIELDS, r as unknown as Record<string, unknown>);
        return o;
      });
    }),
  );
}

// --- whereabouts ------------------------------------------------------------------------------

const WA_RANGE_FIELDS: readonly Field[] = [
  ['range', 'range', 'str'],
  ['rangeStart', 'range_start', 'str'],
  ['rangeEnd', 'range_end', 'str'],
];

function readWaRange(obj: JsonObject): WhereaboutsRangeFormValue {
  return {
    ...(readFields(obj, WA_RANGE_FIELDS) as {
      range: string;
      rangeStart: string;
      rangeEnd: string;
    }),
    exclude: stringsOf(obj.exclude),
  };
}
function writeWaRange(obj: JsonObject, v: WhereaboutsRangeFormValue): void {
  writeFields(obj, WA_RANGE_FIELDS, v as unknown as Record<string, unknown>);
  writeArray(obj, 'exclude', stringsOf(obj.exclude), v.exclude, () => [...v.exclude]);
}

// --- IPAM -------------------------------------------------------------------------------------

function readIpam(plugin: JsonObject): IpamFormValues {
  const ipam = isJsonObject(plugin.ipam) ? plugin.ipam : undefined;
  const type = ipam?.type;
  if (!ipam || type === undefined || type === '') return { type: 'none' };
  switch (type) {
    case 'host-local':
      return {
        type,
        rangeSets: readRangeSets(ipam),
        routes: readRoutes(ipam),
        dataDir: read(ipam, 'dataDir', 'str') as string,
      };
    case 'static': {
      const dns = isJsonObject(ipam.dns) ? ipam.dns : {};
      return {
        type,
        addresses: objects(ipam.addresses).map((a) => ({
          address: read(a, 'address', 'str') as string,
          gateway: read(a, 'gateway', 'str') as string,
        })),
        routes: readRoutes(ipam),
        dns: {
          nameservers: stringsOf(dns.nameservers),
          domain: read(dns, 'domain', 'str') as string,
          search: stringsOf(dns.search),
        },
      };
    }
    case 'dhcp':
      return { type };
    case 'whereabouts':
      return {
        type,
        range: readWaRange(ipam),
        ipRanges: objects(ipam.ipRanges).map(readWaRange),
        networkName: read(ipam, 'network_name', 'str') as string,
        enableOverlappingRanges: read(ipam, 'enable_overlapping_ranges', 'bool') as
          boolean | undefined,
        gateway: read(ipam, 'gateway', 'str') as string,
        routes: readRoutes(ipam),
      };
    default:
      return { type: 'other', ipamType: typeof type === 'string' ? type : JSON.stringify(type) };
  }
}

function writeIpam(plugin: JsonObject, values: IpamFormValues): void {
  const current = readIpam(plugin);
  if (same(current, values)) return;
  if (values.type === 'other') return;
  if (values.type === 'none') {
    if (plugin.ipam !== undefined) setMember(plugin, 'ipam', {});
    return;
  }
  let ipam = isJsonObject(plugin.ipam) ? plugin.ipam : undefined;
  if (!ipam || current.type !== values.type) {
    ipam = { type: values.type };
    setMember(plugin, 'ipam', ipam);
  }
  switch (values.type) {
    case 'host-local':
      writeRangeSets(ipam, values.rangeSets);
      writeRoutes(ipam, values.routes);
      write(ipam, 'dataDir', 'str', values.dataDir);
      break;
    case 'static': {
      const v = values;
      writeArray(
        ipam,
        'addresses',
        (readIpam(plugin) as Extract<IpamFormValues, { type: 'static' }>).addresses,
        v.addresses,
        (existing) => {
          const old = objects(existing);
          return v.addresses.map((a, i) => {
            const o = cloneJson(old[i] ?? {});
            write(o, 'address', 'str', a.address);
            write(o, 'gateway', 'str', a.gateway);
            return o;
          });
        },
      );
      writeRoutes(ipam, v.routes);
      const emptyDns =
        v.dns.nameservers.length === 0 && v.dns.domain === '' && v.dns.search.length === 0;
      if (!isJsonObject(ipam.dns) && emptyDns) break;
      const dns = isJsonObject(ipam.dns) ? ipam.dns : {};
      writeArray(dns, 'nameservers', stringsOf(dns.nameservers), v.dns.nameservers, () => [
        ...v.dns.nameservers,
      ]);
      write(dns, 'domain', 'str', v.dns.domain);
      writeArray(dns, 'search', stringsOf(dns.search), v.dns.search, () => [...v.dns.search]);
      setMember(ipam, 'dns', dns);
      break;
    }
    case 'dhcp':
      break;
    case 'whereabouts': {
      writeWaRange(ipam, values.range);
      const v = values;
      writeArray(
        ipam,
        'ipRanges',
        objects(ipam.ipRanges).map(readWaRange),
        v.ipRanges,
        (existing) => {
          const old = objects(existing);
          return v.ipRanges.map((r, i) => {
            const o = cloneJson(old[i] ?? {});
            writeWaRange(o, r);
            return o;
          });
        },
      );
      write(ipam, 'network_name', 'str', v.networkName);
      write(ipam, 'enable_overlapping_ranges', 'bool', v.enableOverlappingRanges);
      write(ipam, 'gateway', 'str', v.gateway);
      writeRoutes(ipam, v.routes);
      break;
    }
  }
}

// --- tuning -----------------------------------------------------------------------------------

function readTuning(t: JsonObject): TuningFormValues {
  const sysctl = isJsonObject(t.sysctl) ? t.sysctl : {};
  return {
    mac: read(t, 'mac', 'str') as string,
    mtu: read(t, 'mtu', 'num') as number | undefined,
    promisc: read(t, 'promisc', 'bool') as boolean | undefined,
    sysctl: Object.entries(sysctl).flatMap(([key, value]) =>
      typeof value === 'string' ? [{ key, value }] : [],
    ),
  };
}

function writeTuning(t: JsonObject, v: TuningFormValues): void {
  write(t, 'mac', 'str', v.mac);
  write(t, 'mtu', 'num', v.mtu);
  write(t, 'promisc', 'bool', v.promisc);
  if (same(readTuning(t).sysctl, v.sysctl)) return;
  const sysctl: JsonObject = {};
  for (const { key, value } of v.sysctl) setMember(sysctl, key, value);
  if (v.sysctl.length === 0) Reflect.deleteProperty(t, 'sysctl');
  else setMember(t, 'sysctl', sysctl);
}

// --- public API -------------------------------------------------------------------------------

interface Located {
  root: JsonObject;
  plugin: JsonObject;
  tuningIndex: number;
}

function locate(root: JsonObject): Located | FormUnavailableReason {
  if (typeof root.type === 'string' && root.type !== '') {
    if (root.plugins !== undefined) return 'form.unsupportedType';
    return { root, plugin: root, tuningIndex: -1 };
  }
  const plugins = root.plugins;
  if (!Array.isArray(plugins) || !isJsonObject(plugins[0])) return 'form.unsupportedType';
  const tuningIndex = plugins.findIndex((p, i) => i > 0 && isJsonObject(p) && p.type === 'tuning');
  return { root, plugin: plugins[0], tuningIndex };
}

export type ToNadFormValuesResult =
  { ok: true; values: NadFormValues } | { ok: false; reason: FormUnavailableReason };
export type ApplyNadFormValuesResult =
  | { ok: true; config: string; nad: NetworkAttachmentDefinition; changed: boolean }
  | { ok: false; reason: FormUnavailableReason };

function parseFor(
  nad: NetworkAttachmentDefinition,
): { root: JsonObject; text: string } | FormUnavailableReason {
  const text = nad.spec?.config;
  if (typeof text !== 'string' || text.trim() === '') return 'form.configEmpty';
  const parsed = parseCniConfig(text);
  if (!parsed.ok)
    return parsed.error.code === 'json.notObject'
      ? 'form.configNotObject'
      : 'form.configUnparsable';
  return { root: parsed.value, text };
}

export function toNadFormValues(nad: NetworkAttachmentDefinition): ToNadFormValuesResult {
  const p = parseFor(nad);
  if (typeof p === 'string') return { ok: false, reason: p };
  const loc = locate(p.root);
  if (typeof loc === 'string') return { ok: false, reason: loc };
  const type = loc.plugin.type;
  if (!isFormPluginType(type)) return { ok: false, reason: 'form.unsupportedType' };
  const plugin = { type, ...readFields(loc.plugin, PLUGIN_FIELDS[type]) } as Record<
    string,
    unknown
  >;
  if (type === 'sriov')
    plugin.resourceName = nad.metadata.annotations?.[SRIOV_RESOURCE_ANNOTATION] ?? '';
  const plugins = Array.isArray(p.root.plugins) ? p.root.plugins : [];
  const tuning = loc.tuningIndex > 0 ? plugins[loc.tuningIndex] : undefined;
  return {
    ok: true,
    values: {
      networkName: read(p.root, 'name', 'str') as string,
      cniVersion: read(p.root, 'cniVersion', 'str') as string,
      plugin: plugin as unknown as PluginFormValues,
      ipam: readIpam(loc.plugin),
      tuning: isJsonObject(tuning) ? readTuning(tuning) : undefined,
    },
  };
}

/** Writes form values onto a copy of the parsed config (exported for tests of the no-op property). */
export function writeNadFormValues(
  original: JsonObject,
  values: NadFormValues,
): JsonObject | FormUnavailableReason {
  const root = cloneJson(original);
  write(root, 'cniVersion', 'str', values.cniVersion);
  write(root, 'name', 'str', values.networkName);
  const loc = locate(root);
  if (typeof loc === 'string') return loc;
  let plugin = loc.plugin;
  const v = values.plugin;
  if (plugin.type !== v.type) {
    const oldFields = isFormPluginType(plugin.type) ? PLUGIN_FIELDS[plugin.type] : [];
    for (const [, k] of oldFields) Reflect.deleteProperty(plugin, k);
    setMember(plugin, 'type', v.type);
  }
  writeFields(plugin, PLUGIN_FIELDS[v.type], v);
  writeIpam(plugin, values.ipam);
  const tuning = values.tuning;
  if (Array.isArray(root.plugins)) {
    const plugins = root.plugins;
    if (tuning && loc.tuningIndex < 0) {
      const t: JsonObject = { type: 'tuning' };
      writeTuning(t, tuning);
      plugins.push(t);
    } else if (tuning) {
      const t = plugins[loc.tuningIndex];
      if (isJsonObject(t)) writeTuning(t, tuning);
    } else if (loc.tuningIndex > 0) plugins.splice(loc.tuningIndex, 1);
  } else if (tuning) {
    // A single config becomes a conflist: the envelope keys stay on the root, the plugin moves.
    plugin = cloneJson(root);
    const envelope: JsonObject = {};
    for (const k of ['cniVersion', 'name']) {
      const val = root[k];
      if (val !== undefined) setMember(envelope, k, val);
      Reflect.deleteProperty(plugin, k);
    }
    const t: JsonObject = { type: 'tuning' };
    writeTuning(t, tuning);
    setMember(envelope, 'plugins', [plugin, t]);
    return envelope;
  }
  return root;
}

export function applyNadFormValues(
  nad: NetworkAttachmentDefinition,
  values: NadFormValues,
): ApplyNadFormValuesResult {
  const p = parseFor(nad);
  if (typeof p === 'string') return { ok: false, reason: p };
  const next = writeNadFormValues(p.root, values);
  if (typeof next === 'string') return { ok: false, reason: next };
  const changedConfig = !jsonEqual(next, p.root);
  const config = changedConfig ? stringifyLike(next, p.text) : p.text;
  let metadata = nad.metadata;
  if (values.plugin.type === 'sriov') {
    const current = nad.metadata.annotations?.[SRIOV_RESOURCE_ANNOTATION] ?? '';
    if (current !== values.plugin.resourceName) {
      const annotations = { ...(nad.metadata.annotations ?? {}) };
      if (values.plugin.resourceName === '')
        Reflect.deleteProperty(annotations, SRIOV_RESOURCE_ANNOTATION);
      else annotations[SRIOV_RESOURCE_ANNOTATION] = values.plugin.resourceName;
      metadata = { ...nad.metadata, annotations };
    }
  }
  const changed = changedConfig || metadata !== nad.metadata;
  return {
    ok: true,
    config,
    changed,
    nad: { ...nad, metadata, spec: { ...(nad.spec ?? {}), config } },
  };
}
