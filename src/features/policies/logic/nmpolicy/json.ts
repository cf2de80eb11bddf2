// Small JSON helpers. Keys are written with defineProperty so state keys such as `__proto__`
// stay ordinary data instead of changing an object's prototype.
import type { JsonObject, JsonValue } from './types';

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
