// Walks a desired state along nmstate's own struct tables (schema.ts) without failing at the first
// problem, for the editor: it lists every key nmstate 2.2 would refuse as unknown (each struct
// marked `deny_unknown_fields`, nmstate/nmstate rust/src/lib/**), with where it sits, and it
// rewrites aliases to the names nmstate prints them under (`ports` -> `port`, bond mode `1` ->
// `active-backup`), as `serde_json::from_value::<NetworkState>` does (deserialize.ts). Unlike
// deserialize.ts it keeps everything it does not know (templates, wrong values), so the validator
// and the preview can read a half-written state the same way nmstate would read the finished one.
import { isJsonObject, setOwn } from './json';
import {
  BASE_INTERFACE,
  BRIDGE_STP,
  BRIDGE_VLAN_RANGE,
  INTERFACE_IP,
  INTERFACE_TYPES,
  NETWORK_STATE,
  expectedNames,
  findField,
} from './schema';
import type { CustomKind, Field, Kind } from './schema';
import type { JsonObject, JsonValue } from './types';

export interface UnknownKey {
  /** Path segments of the key itself, below the walked value. */
  path: (string | number)[];
  key: string;
  /** Every name nmstate accepts at that place (serde's `expected one of`). */
  expected: string[];
}

interface Visitor {
  unknown?: (path: (string | number)[], key: string, expected: string[]) => void;
  /** `key` of `obj` is an alias of `canonical` (or an enum value alias, then `value` is set). */
  rename?: (obj: JsonObject, key: string, canonical: string) => void;
  enumValue?: (obj: JsonObject, key: string, value: string) => void;
}

/** The variant an enum value names, through its aliases and `NumberAsString` (bond mode 1). */
const enumVariant = (kind: Extract<Kind, { t: 'enum' }>, value: JsonValue): string | undefined => {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' && kind.numberAsString === true
        ? String(value)
        : undefined;
  if (text === undefined) return undefined;
  return kind.variants.find((v) => v.name === text || (v.aliases ?? []).includes(text))?.name;
};

function walkKind(kind: Kind, value: JsonValue, path: (string | number)[], v: Visitor): void {
  if (kind.t === 'struct') walkStruct(kind.shape.fields, kind.shape.deny, value, path, v);
  else if (kind.t === 'list' && Array.isArray(value))
    value.forEach((item, i) => {
      walkKind(kind.of, item, [...path, i], v);
    });
  else if (kind.t === 'custom') walkCustom(kind.id, value, path, v);
}

function walkStruct(
  fields: readonly Field[],
  deny: boolean,
  value: JsonValue,
  path: (string | number)[],
  v: Visitor,
): void {
  if (!isJsonObject(value)) return;
  for (const key of Object.keys(value)) {
    const field = findField(fields, key);
    if (field === undefined) {
      if (deny) v.unknown?.([...path, key], key, expectedNames(fields));
      continue;
    }
    const child = value[key] ?? null;
    walkKind(field.kind, child, [...path, key], v);
    if (field.kind.t === 'enum') {
      const name = enumVariant(field.kind, child);
      if (name !== undefined && name !== child) v.enumValue?.(value, key, name);
    }
    if (key !== field.key) v.rename?.(value, key, field.key);
  }
}

function walkCustom(id: CustomKind, value: JsonValue, path: (string | number)[], v: Visitor): void {
  switch (id) {
    case 'interfaces':
      if (Array.isArray(value))
        value.forEach((item, i) => {
          walkInterface(item, [...path, i], v);
        });
      return;
    case 'ipv4':
    case 'ipv6':
      walkStruct(INTERFACE_IP.fields, INTERFACE_IP.deny, value, path, v);
      return;
    case 'ovsStp':
      walkStruct(BRIDGE_STP.fields, BRIDGE_STP.deny, value, path, v);
      return;
    case 'trunkTag':
      // bridge_vlan.rs `BridgePortTrunkTag::deserialize` reads `id` first, else `id-range`.
      if (isJsonObject(value) && value.id === undefined && value['id-range'] !== undefined)
        walkStruct(BRIDGE_VLAN_RANGE.fields, true, value['id-range'], [...path, 'id-range'], v);
      return;
    default:
      return;
  }
}

/**
 * iface.rs `Interface::deserialize`: a known type reads its own struct plus the flattened
 * `BaseInterface` (deny_unknown_fields); an absent interface keeps only name, type and state; any
 * other type is an `UnknownInterface`, which reads `name` and `state` and ignores the rest.
 */
function walkInterface(value: JsonValue, path: (string | number)[], v: Visitor): void {
  if (!isJsonObject(value) || value.state === 'absent') return;
  const outer = typeof value.type === 'string' ? INTERFACE_TYPES[value.type] : undefined;
  if (outer === undefined) return;
  walkStruct([...outer, ...BASE_INTERFACE.fields], true, value, path, v);
}

/** Every key of a desired state that nmstate refuses as an unknown field. */
export function findUnknownKeys(desiredState: JsonValue): UnknownKey[] {
  const out: UnknownKey[] = [];
  walkStruct(NETWORK_STATE.fields, NETWORK_STATE.deny, desiredState, [], {
    unknown: (path, key, expected) => out.push({ path, key, expected }),
  });
  return out;
}

/**
 * A copy of a desired state with aliases under nmstate's canonical keys and enum aliases under
 * their variant names. A key whose canonical name is also present is left alone (nmstate refuses
 * that as a duplicate field).
 */
export function canonicalizeDesiredState<T>(desiredState: T): T {
  const copy = structuredClone(desiredState);
  walkStruct(NETWORK_STATE.fields, NETWORK_STATE.deny, copy as JsonValue, [], {
    rename: (obj, key, canonical) => {
      if (Object.prototype.hasOwnProperty.call(obj, canonical)) return;
      // Rebuilt so the canonical key keeps the alias's place in the YAML written back.
      const entries = Object.entries(obj).map(([k, x]): [string, JsonValue] => [
        k === key ? canonical : k,
        x,
      ]);
      for (const k of Object.keys(obj)) Reflect.deleteProperty(obj, k);
      for (const [k, x] of entries) setOwn(obj, k, x);
    },
    enumValue: (obj, key, value) => {
      setOwn(obj, key, value);
    },
  });
  return copy;
}
