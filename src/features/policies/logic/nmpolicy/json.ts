// Small JSON helpers. Keys are written with defineProperty so state keys such as `__proto__`
// stay ordinary data instead of changing an object's prototype.
import type { JsonObject, JsonValue, NmstateError, Result } from './types';

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function ownValue(object: JsonObject, key: string): JsonValue | undefined {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

export function setOwn(object: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

export function copyObject(object: JsonObject): JsonObject {
  const copy: JsonObject = {};
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (value !== undefined) setOwn(copy, key, value);
  }
  return copy;
}

/** Deep copy of arbitrary input, dropping what JSON cannot hold (undefined, functions). */
export function toJson(value: unknown): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map((item) => toJson(item));
  if (typeof value === 'object') {
    const copy: JsonObject = {};
    for (const key of Object.keys(value)) {
      const item: unknown = (value as Record<string, unknown>)[key];
      if (item !== undefined && typeof item !== 'function') setOwn(copy, key, toJson(item));
    }
    return copy;
  }
  return null;
}

export function jsonTypeName(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return (
      a.length === b.length &&
      a.every((item, i) => {
        const other = b[i];
        return other !== undefined && jsonEqual(item, other);
      })
    );
  }
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => {
      const left = ownValue(a, key);
      const right = ownValue(b, key);
      return left !== undefined && right !== undefined && jsonEqual(left, right);
    });
  }
  return false;
}

/** Short rendering of a value for error messages, capped so a whole state never ends up in one. */
export function describeValue(value: JsonValue): string {
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * serde_json's `Debug` rendering of a value (`Object {"k": String("v")}`), which upstream prints
 * in some error messages; capped like describeValue so a whole state never ends up in one.
 */
export function debugValue(value: JsonValue): string {
  const render = (v: JsonValue): string => {
    if (v === null) return 'Null';
    if (typeof v === 'boolean') return `Bool(${String(v)})`;
    if (typeof v === 'number') return `Number(${String(v)})`;
    if (typeof v === 'string') return `String(${JSON.stringify(v)})`;
    if (Array.isArray(v)) return `Array [${v.map(render).join(', ')}]`;
    return `Object {${Object.keys(v)
      .map((k) => `${JSON.stringify(k)}: ${render(ownValue(v, k) ?? null)}`)
      .join(', ')}}`;
  };
  const text = render(value);
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

function policyError(
  msg: string,
  line: string,
  position: number,
  code: NmstateError['code'],
): { ok: false; error: NmstateError } {
  return { ok: false, error: { kind: 'PolicyError', msg, line, position, code } };
}

/**
 * policy/json.rs `value_to_string`: strings as they are, anything else as compact JSON. Every
 * comparison goes through it, which is why `mtu == "1500"` matches the number 1500.
 */
export function valueToString(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const INDEX = /^\d+$/;

/**
 * policy/json.rs `get_value_from_json`: walks objects, and a list only through a numeric index
 * right after the list's key (`address.0.ip`). A list without an index is not descended into.
 */
export function getValueFromJson(
  path: readonly string[],
  data: JsonObject,
  line: string,
  pos: number,
): Result<JsonValue> {
  const [head, ...rest] = path;
  if (head === undefined)
    return {
      ok: false,
      error: { kind: 'Bug', msg: 'Got zero length prop_path', code: 'bad-path' },
    };
  const value = ownValue(data, head);
  if (rest.length === 0) {
    if (value !== undefined) return { ok: true, value };
    return policyError(
      `Failed to find property ${head}, exists properties are ${Object.keys(data).join(',')}`,
      line,
      pos,
      'bad-path',
    );
  }
  if (value === undefined)
    return policyError(
      `Failed to find leaf ${head} data, allowed keys are ${Object.keys(data).join(',')}`,
      line,
      pos,
      'bad-path',
    );
  const next = rest[0] ?? '';
  if (INDEX.test(next)) {
    const index = Number(next);
    const leafPos = pos + `${head}.${next}.`.length;
    const item = Array.isArray(value) ? value[index] : undefined;
    if (item === undefined)
      return policyError(`Failed to find index ${index} from ${head}`, line, leafPos, 'bad-path');
    const tail = rest.slice(1);
    if (tail.length === 0) return { ok: true, value: item };
    if (!isJsonObject(item))
      return policyError(
        `The ${head} index ${index} leaf data is not a object`,
        line,
        leafPos,
        'bad-path',
      );
    return getValueFromJson(tail, item, line, leafPos + `${index}.`.length);
  }
  if (!isJsonObject(value))
    return policyError(`The ${head} leaf data is not a object`, line, pos, 'bad-path');
  // Upstream advances by the key's length without the dot; kept for identical carets.
  return getValueFromJson(rest, value, line, pos + head.length);
}

/** policy/json.rs `search_item`: the items whose value at `path` reads as `value`; none is an error. */
export function searchItems(
  itemName: string,
  path: readonly string[],
  value: string,
  items: readonly JsonValue[],
  line: string,
  pos: number,
): Result<JsonObject[]> {
  const found: JsonObject[] = [];
  for (const item of items) {
    if (!isJsonObject(item)) continue;
    const current = getValueFromJson(path, item, line, pos);
    if (current.ok && valueToString(current.value) === value) found.push(item);
  }
  if (found.length === 0)
    return policyError(
      `${itemName} with '${path.join('.')}=${value}' not found`,
      line,
      pos,
      'no-match',
    );
  return { ok: true, value: found };
}

/**
 * What deserializing into nmstate's typed structs and serializing again does to a replaced value
 * (policy/json.rs `update_items`): the engine always inserts a string (or null), nmstate's
 * `*_or_string` deserializers turn numeric and boolean strings back into their type, and a
 * null optional disappears. A string where a list or object belongs does not deserialize.
 */
function settle(
  old: JsonValue | undefined,
  inserted: string | null,
): JsonValue | undefined | Error {
  if (inserted === null) return undefined;
  if (old === undefined || typeof old === 'string') return inserted;
  if (typeof old === 'number') {
    const n = Number(inserted);
    return inserted.trim() !== '' && Number.isFinite(n)
      ? n
      : new Error(`invalid digit found in string`);
  }
  if (typeof old === 'boolean') {
    const lower = inserted.toLowerCase();
    if (lower === 'true' || lower === 'false') return lower === 'true';
    return new Error(`invalid type: string ${JSON.stringify(inserted)}, expected a boolean`);
  }
  return new Error(
    `invalid type: string ${JSON.stringify(inserted)}, expected ${Array.isArray(old) ? 'a sequence' : 'a map'}`,
  );
}

/** policy/json.rs `update_json_value`: sets one key, creating the objects on the way. */
function updateJsonValue(
  path: readonly string[],
  value: string | null,
  data: JsonObject,
): { ok: true } | { ok: false; error: NmstateError } | { ok: 'type'; message: string } {
  const [head, ...rest] = path;
  if (head === undefined)
    return {
      ok: false,
      error: { kind: 'Bug', msg: 'Got zero length prop_path', code: 'bad-path' },
    };
  if (rest.length === 0) {
    const settled = settle(ownValue(data, head), value);
    if (settled instanceof Error) return { ok: 'type', message: settled.message };
    if (settled === undefined) Reflect.deleteProperty(data, head);
    else setOwn(data, head, settled);
    return { ok: true };
  }
  const existing = ownValue(data, head);
  if (existing === undefined) {
    const leaf: JsonObject = {};
    setOwn(data, head, leaf);
    return updateJsonValue(rest, value, leaf);
  }
  if (!isJsonObject(existing))
    return {
      ok: false,
      error: {
        kind: 'InvalidArgument',
        msg: `The ${head} leaf data ${debugValue(existing)} is not a object`,
        code: 'type-mismatch',
      },
    };
  return updateJsonValue(rest, value, existing);
}

/** policy/json.rs `update_items`: the replace applies to every item of the list. */
export function updateItems(
  itemName: string,
  path: readonly string[],
  value: string | null,
  items: readonly JsonValue[],
): Result<JsonObject[]> {
  const out: JsonObject[] = [];
  for (const item of items) {
    if (!isJsonObject(item)) continue;
    const copy = toJson(item) as JsonObject;
    const updated = updateJsonValue(path, value, copy);
    if (updated.ok === false) return updated;
    if (updated.ok === 'type')
      return {
        ok: false,
        error: {
          kind: 'Bug',
          msg: `Failed to deserialize ${debugValue(copy)} into ${itemName}: ${updated.message}`,
          code: 'type-mismatch',
        },
      };
    out.push(copy);
  }
  return { ok: true, value: out };
}

/** policy/json.rs `value_retain_only`: keeps one key per object level; lists are kept whole. */
export function retainOnly(data: JsonValue, path: readonly string[]): JsonValue {
  const [head, ...rest] = path;
  if (!isJsonObject(data) || head === undefined) return data;
  const out: JsonObject = {};
  const kept = ownValue(data, head);
  if (kept !== undefined) setOwn(out, head, rest.length > 0 ? retainOnly(kept, rest) : kept);
  return out;
}
