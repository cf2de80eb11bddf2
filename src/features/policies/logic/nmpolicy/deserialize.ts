// nmstate's deserialization of a desired state, as `nmstatectl policy` ends with it: the filled-in
// state goes through `serde_json::from_value::<NetworkState>` (rust/src/lib/policy/template.rs
// `fill_with_captured_data`) and is printed back with nmstate's serializer (rust/src/cli/policy.rs),
// which is the state kubernetes-nmstate then applies and stores in the enactment. So this both
// rejects what serde rejects, with serde's wording, and returns the state as nmstate prints it:
// aliases under their canonical key (`ports` -> `port`), numbers and booleans given as strings
// read as nmstate reads them (rust/src/lib/deserializer.rs), enum aliases such as bond mode `1`
// under their name, IP addresses in Rust's canonical form, and an interface's `state` defaulting
// to `up` (ifaces/base.rs `default_state`). nmstate visits keys in document order (its serde_json
// has `preserve_order`), and the document the handler hands it comes from the API server, which
// stores a custom resource from Go maps with its keys sorted; so keys are visited sorted, and when
// several are wrong the first in byte order is the one reported.
// Not modelled: defaults nmstate's serializer adds for keys the input did not have (for example
// `interfaces: []`, or `enabled` of an IP stack), and the order of keys inside unordered maps.
import type { NetworkInterface } from '../../../../shared/model/nmstate';
import { formatIp, parseIp } from '../../../../shared/net/cidr';
import { isJsonObject, ownValue, setOwn } from './json';
import {
  BASE_INTERFACE,
  BRIDGE_STP,
  BRIDGE_VLAN_RANGE,
  INTERFACE_IP,
  INTERFACE_STATE,
  INTERFACE_TYPES,
  NETWORK_STATE,
  expectedNames,
  findField,
  variantNames,
} from './schema';
import type { CustomKind, Field, Kind, Shape } from './schema';
import {
  BOOL_EXPECTED,
  boolOrString,
  err,
  intOrString,
  invalidType,
  ok,
  parseRustInt,
  plainBool,
  plainInt,
  plainString,
  plainUint,
  sortedKeys,
  U_MAX,
  uintOrString,
  unknownField,
  unknownVariant,
  visitNumber,
} from './serde';
import type { DeResult } from './serde';
import type { JsonObject, JsonValue } from './types';

/** `undefined` is serde's None: the key is left out of the output. */
type Out = JsonValue | undefined;

/** serde_json's `Display` of a `Value`: compact JSON, object keys in (sorted) document order. */
export function jsonDisplay(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(jsonDisplay).join(',')}]`;
  if (isJsonObject(value))
    return `{${sortedKeys(value)
      .map((k) => `${JSON.stringify(k)}:${jsonDisplay(value[k] ?? null)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** serde_json's `Debug` of a `Value`, as ovs.rs prints it in one message. */
function jsonDebug(value: JsonValue): string {
  if (value === null) return 'Null';
  if (typeof value === 'boolean') return `Bool(${String(value)})`;
  if (typeof value === 'number') return `Number(${String(value)})`;
  if (typeof value === 'string') return `String(${JSON.stringify(value)})`;
  if (Array.isArray(value)) return `Array [${value.map(jsonDebug).join(', ')}]`;
  return `Object {${sortedKeys(value)
    .map((k) => `${JSON.stringify(k)}: ${jsonDebug(value[k] ?? null)}`)
    .join(', ')}}`;
}

/** Reads one field's value; `undefined` in `value` means None. */
function deField(field: Field, value: JsonValue): DeResult<Out> {
  if (value === null && field.option === true) return ok(undefined);
  return deKind(field.kind, value);
}

/**
 * serde_derive's map visitor for a struct. Keys are visited in order; a known key's value is read
 * at once, an unknown one fails at once under deny_unknown_fields (or is ignored); missing
 * required fields are reported after the loop, in declaration order.
 */
function deStruct(value: JsonValue, shape: Shape): DeResult<JsonObject> {
  if (!isJsonObject(value)) return err(invalidType(value, `struct ${shape.name}`));
  const read = new Map<string, Out>();
  for (const key of sortedKeys(value)) {
    const field = findField(shape.fields, key);
    if (field === undefined) {
      if (shape.deny) return err(unknownField(key, expectedNames(shape.fields)));
      continue;
    }
    if (read.has(field.key)) return err(`duplicate field \`${field.key}\``);
    const r = deField(field, value[key] ?? null);
    if (!r.ok) return r;
    read.set(field.key, r.value);
  }
  for (const field of shape.fields)
    if (field.required === true && !read.has(field.key))
      return err(`missing field \`${field.key}\``);
  return ok(output(shape.fields, read));
}

function output(fields: readonly Field[], read: Map<string, Out>): JsonObject {
  const out: JsonObject = {};
  for (const field of fields) {
    const v = read.get(field.key);
    if (v !== undefined && field.noOutput !== true) setOwn(out, field.key, v);
  }
  return out;
}

function deEnum(kind: Extract<Kind, { t: 'enum' }>, value: JsonValue): DeResult<Out> {
  let text: string;
  if (kind.numberAsString === true) {
    // deserializer.rs `NumberAsString`: a number is read as its decimal text.
    if (typeof value === 'number') text = String(value);
    else if (typeof value === 'string') text = value;
    else
      return err(
        `InvalidArgument: Invalid data type: ${jsonDisplay(value)}, should be integer or string`,
      );
  } else if (typeof value === 'string') {
    text = value;
  } else {
    return err(invalidType(value, 'string or map'));
  }
  const variant = kind.variants.find((v) => v.name === text || (v.aliases ?? []).includes(text));
  if (variant !== undefined) return ok(variant.name);
  if (kind.other === true) return ok(text);
  return err(unknownVariant(text, variantNames(kind.variants)));
}

function deKind(kind: Kind, value: JsonValue): DeResult<Out> {
  switch (kind.t) {
    case 'string':
      return plainString(value);
    case 'bool':
      return plainBool(value);
    case 'uint':
      return plainUint(value, kind.bits);
    case 'int':
      return plainInt(value, kind.bits);
    case 'boolOrString':
      return boolOrString(value);
    case 'uintOrString': {
      const r = uintOrString(value, kind.bits);
      // Rust `{:#x?}` (route_rule.rs) and `{:#02x}` (infiniband.rs) both print `0x` and the
      // lower-case digits.
      if (!r.ok || kind.hex !== true) return r;
      return ok(`0x${r.value.toString(16)}`);
    }
    case 'intOrString':
      return intOrString(value, kind.bits);
    case 'enum':
      return deEnum(kind, value);
    case 'ip': {
      if (typeof value !== 'string') return err(invalidType(value, 'IP address'));
      // Rust's `IpAddr::from_str` takes no zone index and no octal-looking IPv4 octets.
      const ip = value.includes('%') ? undefined : parseIp(value);
      return ip?.ok === true ? ok(formatIp(ip.value)) : err('invalid IP address syntax');
    }
    case 'struct':
      return deStruct(value, kind.shape);
    case 'list': {
      if (!Array.isArray(value)) return err(invalidType(value, 'a sequence'));
      const out: JsonValue[] = [];
      for (const item of value) {
        const r = deKind(kind.of, item);
        if (!r.ok) return r;
        out.push(r.value ?? null);
      }
      return ok(out);
    }
    case 'optionStringMap': {
      if (!isJsonObject(value)) return err(invalidType(value, 'a map'));
      const out: JsonObject = {};
      // ovs.rs `show_as_ordered_map` prints the keys sorted.
      for (const key of sortedKeys(value)) {
        const v = value[key] ?? null;
        if (v !== null && typeof v !== 'string') return err(invalidType(v, 'a string'));
        setOwn(out, key, v);
      }
      return ok(out);
    }
    case 'custom':
      return deCustom(kind.id, value);
  }
}

const IPSEC_IFACE_MSG =
  "Invalid ipsec-interface value, should be unsigned integer, string 'yes' or 'no'";

function multicastRouterError(shown: string): string {
  return `InvalidArgument: Invalid linux bridge multicast_router type ${shown}, expecting 0|1|2 or auto|disabled|enabled`;
}

/** ovs.rs `value_to_hash_map`: scalars become strings, null removes the key, others are skipped. */
function valueToHashMap(value: JsonValue | undefined): JsonObject {
  const out: JsonObject = {};
  if (value === undefined || !isJsonObject(value)) return out;
  for (const key of sortedKeys(value)) {
    const v = value[key] ?? null;
    if (typeof v === 'number' || typeof v === 'boolean') setOwn(out, key, String(v));
    else if (typeof v === 'string' || v === null) setOwn(out, key, v);
  }
  return out;
}

/** Rust's `str::parse::<u16>()` / `::<u32>()`: decimal only, with its own error texts. */
function rustParseUint(text: string, bits: 16 | 32): DeResult<number> {
  const r = parseRustInt(text, 10, false);
  if (!r.ok) return r;
  return r.value > U_MAX[bits]
    ? err('number too large to fit in target type')
    : ok(Number(r.value));
}

function deCustom(id: CustomKind, value: JsonValue): DeResult<Out> {
  switch (id) {
    case 'interfaces':
      return deInterfaces(value);
    case 'interfaceType':
      // iface.rs `InterfaceType`: unknown names are kept as `Other(String)`.
      return typeof value === 'string' ? ok(value) : err(invalidType(value, 'string or map'));
    case 'ipv4':
    case 'ipv6': {
      // ip.rs `InterfaceIpv4::deserialize` / `InterfaceIpv6::deserialize` look for these keys
      // (with underscores) before reading the shared `InterfaceIp`.
      if (isJsonObject(value)) {
        if (id === 'ipv4' && ownValue(value, 'autoconf') !== undefined)
          return err('autoconf is not allowed for IPv4');
        if (id === 'ipv4' && ownValue(value, 'dhcp_duid') !== undefined)
          return err('dhcp-duid is not allowed for IPv4');
        if (id === 'ipv6' && ownValue(value, 'dhcp_client_id') !== undefined)
          return err('dhcp-client-id is not allowed for IPv6');
      }
      return deStruct(value, INTERFACE_IP);
    }
    case 'ovsDbIface': {
      // ovs.rs `OvsDbIfaceConfig::deserialize`
      if (!isJsonObject(value)) return err(`Expecting dict/HashMap, but got ${jsonDebug(value)}`);
      const rest = sortedKeys(value).filter((k) => k !== 'external_ids' && k !== 'other_config');
      if (rest.length > 0)
        return err(
          `Unsupported section names '${rest.join(', ')}', only supports \`external_ids\` and \`other_config\``,
        );
      const out: JsonObject = {};
      const eids = ownValue(value, 'external_ids');
      const other = ownValue(value, 'other_config');
      if (eids !== undefined) setOwn(out, 'external_ids', valueToHashMap(eids));
      if (other !== undefined) setOwn(out, 'other_config', valueToHashMap(other));
      return ok(out);
    }
    case 'ovsStp': {
      // ifaces/ovs.rs `ovs_stp_deserializer`. Upstream reads every recognised string, the false
      // ones included, as `enabled: true`; that is what nmstate does, so it is what we do.
      if (typeof value === 'boolean') return ok({ enabled: value });
      if (typeof value === 'string') {
        const word = value.toLowerCase();
        if (['1', 'true', 'yes', 'on', 'y', '0', 'false', 'no', 'off', 'n'].includes(word))
          return ok({ enabled: true });
        return err(BOOL_EXPECTED);
      }
      if (isJsonObject(value)) return deStruct(value, BRIDGE_STP);
      return err('Need to be boolean or map like {enabled: true}');
    }
    case 'ethtoolFeature': {
      // ifaces/ethtool.rs `parse_ethtool_feature`
      if (!isJsonObject(value)) return err(invalidType(value, 'Need to hash map of String:bool'));
      const out: JsonObject = {};
      for (const key of sortedKeys(value)) {
        const v = value[key] ?? null;
        if (typeof v === 'boolean') setOwn(out, key, v);
        else if (typeof v === 'string' && (v.toLowerCase() === 'false' || v === '0'))
          setOwn(out, key, false);
        else if (typeof v === 'string' && (v.toLowerCase() === 'true' || v === '1'))
          setOwn(out, key, true);
        else return err('Invalid feature value, should be boolean');
      }
      return ok(out);
    }
    case 'ipsecInterface': {
      // ifaces/ipsec.rs `parse_ipsec_iface`
      if (typeof value === 'number')
        return visitNumber(value).kind === 'u64' ? ok(String(value)) : err(IPSEC_IFACE_MSG);
      if (typeof value === 'string') {
        if (value === 'yes' || value === 'no') return ok(value);
        return rustParseUint(value, 32).ok ? ok(value) : err(IPSEC_IFACE_MSG);
      }
      return err(IPSEC_IFACE_MSG);
    }
    case 'multicastRouter': {
      // ifaces/linux_bridge.rs `de_multicast_router`: Disabled = 0, Auto = 1, Enabled = 2.
      if (typeof value === 'string') {
        const word = value.toLowerCase();
        if (word === 'auto' || word === 'disabled' || word === 'enabled') return ok(word);
        return err(multicastRouterError(value));
      }
      if (typeof value === 'number' && visitNumber(value).kind === 'u64') {
        const named = ['disabled', 'auto', 'enabled'][value];
        return named === undefined ? err(multicastRouterError(String(value))) : ok(named);
      }
      return err(invalidType(value, 'integer 0|1|2 or string auto|disabled|enabled'));
    }
    case 'trunkTag':
      return deTrunkTag(value);
    case 'ignored':
      return ok(undefined);
  }
}

/** ifaces/bridge_vlan.rs `BridgePortTrunkTag::deserialize` */
function deTrunkTag(value: JsonValue): DeResult<Out> {
  const id = isJsonObject(value) ? ownValue(value, 'id') : undefined;
  if (id !== undefined) {
    if (typeof id === 'string') {
      const n = rustParseUint(id, 16);
      return n.ok
        ? ok({ id: n.value })
        : err(`Failed to parse BridgePortTrunkTag id ${id} as u16: ${n.msg}`);
    }
    if (typeof id === 'number' && visitNumber(id).kind === 'u64') {
      return id > 65535
        ? err(
            `Failed to parse BridgePortTrunkTag id ${String(id)} as u16: out of range integral type conversion attempted`,
          )
        : ok({ id });
    }
    return err(
      `The id of BridgePortTrunkTag should be unsigned 16 bits integer, but got ${jsonDisplay(value)}`,
    );
  }
  const range = isJsonObject(value) ? ownValue(value, 'id-range') : undefined;
  if (range !== undefined) {
    const r = deStruct(range, BRIDGE_VLAN_RANGE);
    return r.ok ? ok({ 'id-range': r.value }) : r;
  }
  return err(`BridgePortTrunkTag only support 'id' or 'id-range', but got ${jsonDisplay(value)}`);
}

/** inter_ifaces.rs `Interfaces::deserialize` over iface.rs `Interface::deserialize`. */
function deInterfaces(value: JsonValue): DeResult<Out> {
  if (!Array.isArray(value)) return err(invalidType(value, 'a sequence'));
  const out: JsonValue[] = [];
  for (const item of value) {
    const r = deInterface(item);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}

function deInterface(raw: JsonValue): DeResult<JsonObject> {
  // `v["state"]` and `v["type"]` are null when missing or when `v` is not an object.
  const stateValue = isJsonObject(raw) ? (ownValue(raw, 'state') ?? null) : null;
  let state: Out;
  if (stateValue !== null) {
    const r = deKind(INTERFACE_STATE, stateValue);
    if (!r.ok) return r;
    state = r.value;
  }
  let value = raw;
  // An absent interface keeps only name, type and state: nothing else is read.
  if (state === 'absent' && isJsonObject(raw)) {
    const kept: JsonObject = {};
    for (const key of ['name', 'type', 'state']) {
      const v = ownValue(raw, key);
      if (v !== undefined) setOwn(kept, key, v);
    }
    value = kept;
  }
  const typeValue = isJsonObject(value) ? (ownValue(value, 'type') ?? null) : null;
  if (typeValue !== null && typeof typeValue !== 'string')
    return err(invalidType(typeValue, 'string or map'));
  const outer = typeof typeValue === 'string' ? INTERFACE_TYPES[typeValue] : undefined;
  if (outer === undefined || !isJsonObject(value)) return deUnknownInterface(value);
  return deTypedInterface(value, outer);
}

/**
 * An interface type with its own struct: the struct's own fields are read first, the rest go to
 * the flattened `BaseInterface`, whose leftovers fail its deny_unknown_fields check.
 */
function deTypedInterface(value: JsonObject, outer: readonly Field[]): DeResult<JsonObject> {
  const outerRead = new Map<string, Out>();
  const rest: string[] = [];
  for (const key of sortedKeys(value)) {
    const field = findField(outer, key);
    if (field === undefined) {
      rest.push(key);
      continue;
    }
    if (outerRead.has(field.key)) return err(`duplicate field \`${field.key}\``);
    const r = deField(field, value[key] ?? null);
    if (!r.ok) return r;
    outerRead.set(field.key, r.value);
  }
  const baseRead = new Map<string, Out>();
  const unknown: string[] = [];
  for (const key of rest) {
    const field = findField(BASE_INTERFACE.fields, key);
    if (field === undefined) {
      unknown.push(key);
      continue;
    }
    if (baseRead.has(field.key)) return err(`duplicate field \`${field.key}\``);
    const r = deField(field, value[key] ?? null);
    if (!r.ok) return r;
    baseRead.set(field.key, r.value);
  }
  if (!baseRead.has('name')) return err('missing field `name`');
  const first = unknown[0];
  if (first !== undefined) return err(`unknown field \`${first}\``);
  if (!baseRead.has('state')) baseRead.set('state', 'up');
  const out = output(BASE_INTERFACE.fields, baseRead);
  const own = output(outer, outerRead);
  for (const key of Object.keys(own)) setOwn(out, key, own[key] ?? null);
  return ok(out);
}

/** iface.rs `UnknownInterface::deserialize`: only `name` and `state` are read. */
function deUnknownInterface(value: JsonValue): DeResult<JsonObject> {
  if (!isJsonObject(value)) return err(invalidType(value, 'a map'));
  const nameValue = ownValue(value, 'name');
  if (nameValue === undefined) return err('missing field `name`');
  const name = plainString(nameValue);
  if (!name.ok) return name;
  const out: JsonObject = { name: name.value, type: 'unknown', state: 'up' };
  for (const key of Object.keys(value)) {
    if (key === 'name') continue;
    const v = value[key];
    if (v !== undefined) setOwn(out, key, v);
  }
  return ok(out);
}

export type DeserializeResult = { ok: true; value: JsonObject } | { ok: false; msg: string };

/** `serde_json::from_value::<NetworkState>` and back: the state nmstate reads, or serde's error. */
export function deserializeNetworkState(value: JsonValue): DeserializeResult {
  const r = deStruct(value, NETWORK_STATE);
  return r.ok ? { ok: true, value: r.value } : { ok: false, msg: r.msg };
}

/**
 * ifaces/base.rs `BaseInterface::sanitize` on a desired interface before nmstate merges and
 * verifies it: the MAC address is compared upper-case, and query-only keys are dropped.
 */
const QUERY_ONLY = new Set(['permanent-mac-address', 'max-mtu', 'min-mtu', 'driver']);

export function sanitizeDesiredInterface(iface: NetworkInterface): NetworkInterface {
  const out: NetworkInterface = { name: iface.name };
  for (const [key, v] of Object.entries(iface)) {
    if (QUERY_ONLY.has(key)) continue;
    // defineProperty keeps a `__proto__` key an ordinary key.
    Object.defineProperty(out, key, {
      value: key === 'mac-address' && typeof v === 'string' ? v.toUpperCase() : v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
