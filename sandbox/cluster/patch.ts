// The three patch formats of the Kubernetes API: JSON merge patch (RFC 7386), JSON patch
// (RFC 6902) and strategic merge patch (lists merged by their merge key for built-in kinds).
import { ApiError } from './api';

type Json = unknown;
type JsonObject = Record<string, Json>;

export function isObject(value: Json): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Keys that lead a JavaScript property walk out of the document into Object.prototype (or a
 * constructor): one JSON patch `/metadata/__proto__/x` would otherwise change every object in
 * the process. Go's apiserver has no such hazard; the sandbox refuses them wherever it follows
 * a path or a key from a request (patches, merges, selectors), and every lookup is an own-
 * property lookup besides.
 */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** An own property of `obj`, never one inherited from Object.prototype. */
export function own(obj: JsonObject, key: string): Json {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

function hasOwn(obj: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

function unsafeKey(key: string, where: string): ApiError {
  return new ApiError(
    422,
    'Invalid',
    `the server rejected our request due to an error in our request: ${where}: key ${JSON.stringify(key)} is not allowed`,
  );
}

export function applyMergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return structuredClone(patch);
  const result: JsonObject = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (UNSAFE_KEYS.has(key)) throw unsafeKey(key, 'merge patch');
    if (value === null) Reflect.deleteProperty(result, key);
    else result[key] = applyMergePatch(own(result, key), value);
  }
  return result;
}

interface JsonPatchOp {
  op: string;
  path: string;
  from?: string;
  value?: Json;
}

function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw invalidPatch(`invalid JSON pointer: ${pointer}`);
  const parts = pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (const part of parts) if (UNSAFE_KEYS.has(part)) throw unsafeKey(part, `path ${pointer}`);
  return parts;
}

function invalidPatch(message: string): ApiError {
  return new ApiError(422, 'Invalid', message);
}

function parentOf(doc: Json, parts: string[], opPath: string): { parent: Json; key: string } {
  let cur = doc;
  for (const part of parts.slice(0, -1)) {
    if (Array.isArray(cur)) cur = /^(0|[1-9]\d*)$/.test(part) ? cur[Number(part)] : undefined;
    else if (isObject(cur)) cur = own(cur, part);
    else cur = undefined;
    if (cur === undefined) {
      throw invalidPatch(
        `the server rejected our request due to an error in our request: doc is missing path: "${opPath}"`,
      );
    }
  }
  return { parent: cur, key: parts[parts.length - 1] ?? '' };
}

function getAt(doc: Json, pointer: string): Json {
  const parts = parsePointer(pointer);
  if (parts.length === 0) return doc;
  const { parent, key } = parentOf(doc, parts, pointer);
  const value: Json = Array.isArray(parent)
    ? /^(0|[1-9]\d*)$/.test(key)
      ? (parent as Json[])[Number(key)]
      : undefined
    : isObject(parent)
      ? own(parent, key)
      : undefined;
  if (value === undefined) throw invalidPatch(`doc is missing key: ${pointer}`);
  return value;
}

function arrayIndex(arr: Json[], key: string, allowEnd: boolean, path: string): number {
  if (key === '-' && allowEnd) return arr.length;
  if (!/^(0|[1-9]\d*)$/.test(key)) throw invalidPatch(`invalid array index in path: ${path}`);
  const i = Number(key);
  if (i > arr.length || (!allowEnd && i === arr.length)) {
    throw invalidPatch(`index out of bounds in path: ${path}`);
  }
  return i;
}

function removeAt(doc: Json, pointer: string): Json {
  const parts = parsePointer(pointer);
  const { parent, key } = parentOf(doc, parts, pointer);
  if (Array.isArray(parent)) {
    const i = arrayIndex(parent, key, false, pointer);
    return parent.splice(i, 1)[0];
  }
  if (!isObject(parent) || !hasOwn(parent, key)) {
    throw invalidPatch(
      `the server rejected our request due to an error in our request: Unable to remove nonexistent key: ${key}: missing value`,
    );
  }
  const old = parent[key];
  Reflect.deleteProperty(parent, key);
  return old;
}

function addAt(doc: Json, pointer: string, value: Json, replace: boolean): Json {
  const parts = parsePointer(pointer);
  if (parts.length === 0) return value;
  const { parent, key } = parentOf(doc, parts, pointer);
  if (Array.isArray(parent)) {
    const i = arrayIndex(parent, key, !replace, pointer);
    if (replace) parent[i] = value;
    else parent.splice(i, 0, value);
  } else if (isObject(parent)) {
    if (replace && !hasOwn(parent, key)) {
      throw invalidPatch(
        `the server rejected our request due to an error in our request: replace operation does not apply: doc is missing key: ${pointer}: missing value`,
      );
    }
    parent[key] = value;
  } else {
    throw invalidPatch(`doc is missing path: "${pointer}"`);
  }
  return doc;
}

function deepEqual(a: Json, b: Json): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(v: Json): Json {
  if (Array.isArray(v)) return v.map(canonical);
  if (isObject(v)) {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical(v[k])]),
    );
  }
  return v;
}

export { deepEqual };

export function applyJsonPatch(target: Json, patch: Json): Json {
  if (!Array.isArray(patch)) {
    throw new ApiError(
      400,
      'BadRequest',
      'json: cannot unmarshal object into Go value of type jsonpatch.Patch',
    );
  }
  let doc = structuredClone(target);
  for (const raw of patch as Json[]) {
    if (!isObject(raw) || typeof raw['op'] !== 'string' || typeof raw['path'] !== 'string') {
      throw invalidPatch('invalid JSON patch operation');
    }
    const op = raw as unknown as JsonPatchOp;
    switch (op.op) {
      case 'add':
        doc = addAt(doc, op.path, structuredClone(op.value), false);
        break;
      case 'replace':
        doc = addAt(doc, op.path, structuredClone(op.value), true);
        break;
      case 'remove':
        removeAt(doc, op.path);
        break;
      case 'move': {
        const value = removeAt(doc, op.from ?? '');
        doc = addAt(doc, op.path, value, false);
        break;
      }
      case 'copy':
        doc = addAt(doc, op.path, structuredClone(getAt(doc, op.from ?? '')), false);
        break;
      case 'test':
        if (!deepEqual(getAt(doc, op.path), op.value)) {
          throw invalidPatch(
            `the server rejected our request due to an error in our request: testing value ${op.path} failed: test failed`,
          );
        }
        break;
      default:
        throw invalidPatch(`Unexpected kind: ${op.op}`);
    }
  }
  return doc;
}

/**
 * Strategic merge patch for built-in kinds. `mergeKeys` maps a list field name to its merge key;
 * lists without one are replaced, like upstream's default for atomic lists. Supports the
 * `$patch: delete|replace` directive, `$deleteFromPrimitiveList/<field>` and ignores
 * `$setElementOrder/<field>` and `$retainKeys` (ordering and retainKeys only refine the result).
 */
export function applyStrategicMergePatch(
  target: Json,
  patch: Json,
  mergeKeys: Record<string, string>,
): Json {
  if (!isObject(patch)) return structuredClone(patch);
  if (patch['$patch'] === 'replace') {
    const copy = { ...patch };
    delete copy['$patch'];
    return structuredClone(copy);
  }
  if (patch['$patch'] === 'delete') return undefined;
  const result: JsonObject = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (key === '$patch' || key === '$retainKeys' || key.startsWith('$setElementOrder/')) continue;
    if (key.startsWith('$deleteFromPrimitiveList/')) {
      const field = key.slice('$deleteFromPrimitiveList/'.length);
      if (UNSAFE_KEYS.has(field)) throw unsafeKey(field, 'strategic merge patch');
      const current = own(result, field);
      if (Array.isArray(current) && Array.isArray(value)) {
        result[field] = current.filter((item) => !value.some((v) => deepEqual(v, item)));
      }
      continue;
    }
    if (UNSAFE_KEYS.has(key)) throw unsafeKey(key, 'strategic merge patch');
    if (value === null) {
      Reflect.deleteProperty(result, key);
      continue;
    }
    const mergeKey = hasOwn(mergeKeys, key) ? mergeKeys[key] : undefined;
    const current = own(result, key);
    if (Array.isArray(value) && mergeKey && Array.isArray(current)) {
      result[key] = mergeList(current, value, mergeKey, mergeKeys);
    } else if (Array.isArray(value) && key === 'finalizers' && Array.isArray(current)) {
      // metadata.finalizers is a merged list of primitives upstream.
      const merged: unknown[] = [...(current as unknown[])];
      for (const v of value as unknown[]) if (!merged.includes(v)) merged.push(v);
      result[key] = merged;
    } else if (isObject(value)) {
      const next = applyStrategicMergePatch(current, value, mergeKeys);
      if (next === undefined) Reflect.deleteProperty(result, key);
      else result[key] = next;
    } else {
      result[key] = structuredClone(value);
    }
  }
  return result;
}

function mergeList(
  current: Json[],
  patch: Json[],
  mergeKey: string,
  mergeKeys: Record<string, string>,
): Json[] {
  const out = [...current];
  for (const item of patch) {
    if (!isObject(item) || own(item, mergeKey) === undefined) {
      out.push(structuredClone(item));
      continue;
    }
    const idx = out.findIndex(
      (c) => isObject(c) && deepEqual(own(c, mergeKey), own(item, mergeKey)),
    );
    if (item['$patch'] === 'delete') {
      if (idx >= 0) out.splice(idx, 1);
      continue;
    }
    if (idx >= 0) out[idx] = applyStrategicMergePatch(out[idx], item, mergeKeys);
    else out.push(applyStrategicMergePatch({}, item, mergeKeys));
  }
  return out;
}
