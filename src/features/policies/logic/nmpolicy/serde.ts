// What serde and serde_json say and accept when nmstate deserializes a `serde_json::Value` into its
// structs (`serde_json::from_value`, rust/src/lib/policy/template.rs `fill_with_captured_data`),
// and nmstate's own lenient helpers (rust/src/lib/deserializer.rs). Only facts are carried over:
// - serde `de::Error::unknown_field` / `unknown_variant` and their `OneOf` list: one name is
//   "`a`", two are "`a` or `b`", more are "one of `a`, `b`, ..."; an empty list is "there are no
//   fields" / "there are no variants";
// - serde_json's `invalid type: <unexpected>, expected <what>` where null reads "null" and a float
//   "floating point `1.5`" (serde_json error.rs `JsonUnexpected`), a string is quoted with escapes;
// - a `serde_json::Value` number is visited as u64 when it is a non-negative integer, as i64 when
//   negative, as f64 otherwise (serde_json value/de.rs).
// Messages carry no line or column: `from_value` has none.
import type { JsonValue } from './types';

export type DeResult<T> = { ok: true; value: T } | { ok: false; msg: string };

export const ok = <T>(value: T): DeResult<T> => ({ ok: true, value });
export const err = <T>(msg: string): DeResult<T> => ({ ok: false, msg });

/** serde's `OneOf` rendering of the names a field or variant may have. */
export function oneOf(names: readonly string[]): string {
  const q = names.map((n) => `\`${n}\``);
  if (q.length === 1) return q[0] ?? '';
  if (q.length === 2) return `${q[0] ?? ''} or ${q[1] ?? ''}`;
  return `one of ${q.join(', ')}`;
}

export function unknownField(key: string, expected: readonly string[]): string {
  return expected.length === 0
    ? `unknown field \`${key}\`, there are no fields`
    : `unknown field \`${key}\`, expected ${oneOf(expected)}`;
}

export function unknownVariant(value: string, expected: readonly string[]): string {
  return expected.length === 0
    ? `unknown variant \`${value}\`, there are no variants`
    : `unknown variant \`${value}\`, expected ${oneOf(expected)}`;
}

/** Rust's `{:?}` of a string as serde's `Unexpected::Str` prints it. */
function rustDebugString(s: string): string {
  let out = '"';
  for (const ch of s) {
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else out += ch;
  }
  return `${out}"`;
}

export type NumberVisit =
  | { kind: 'u64'; value: number }
  | { kind: 'i64'; value: number }
  | {
      kind: 'f64';
      value: number;
    };

export function visitNumber(n: number): NumberVisit {
  if (Number.isInteger(n)) return n >= 0 ? { kind: 'u64', value: n } : { kind: 'i64', value: n };
  return { kind: 'f64', value: n };
}

/** serde_json's `JsonUnexpected` of a value. */
export function unexpected(value: JsonValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return `boolean \`${String(value)}\``;
  if (typeof value === 'string') return `string ${rustDebugString(value)}`;
  if (typeof value === 'number') {
    const v = visitNumber(value);
    return v.kind === 'f64'
      ? `floating point \`${String(value)}\``
      : `integer \`${String(value)}\``;
  }
  if (Array.isArray(value)) return 'sequence';
  return 'map';
}

export function invalidType(value: JsonValue, expected: string): string {
  return `invalid type: ${unexpected(value)}, expected ${expected}`;
}

export function invalidValue(value: JsonValue, expected: string): string {
  return `invalid value: ${unexpected(value)}, expected ${expected}`;
}

/** Rust's `ParseIntError` Display for `u64::from_str` / `i64::from_str` / `from_str_radix`. */
export function parseRustInt(text: string, radix: 10 | 16, signed: boolean): DeResult<bigint> {
  if (text === '') return err('cannot parse integer from empty string');
  let body = text;
  let negative = false;
  if (body.startsWith('+') || (signed && body.startsWith('-'))) {
    negative = body.startsWith('-');
    body = body.slice(1);
    if (body === '') return err('invalid digit found in string');
  }
  const digits = radix === 16 ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/;
  if (!digits.test(body)) return err('invalid digit found in string');
  const magnitude = BigInt(radix === 16 ? `0x${body}` : body);
  const value = negative ? -magnitude : magnitude;
  if (signed) {
    if (value > 9223372036854775807n) return err('number too large to fit in target type');
    if (value < -9223372036854775808n) return err('number too small to fit in target type');
  } else if (value > 18446744073709551615n) {
    return err('number too large to fit in target type');
  }
  return ok(value);
}

export type UintBits = 8 | 16 | 32 | 64;
export type IntBits = 32 | 64;

export const U_MAX: Record<UintBits, bigint> = {
  8: 255n,
  16: 65535n,
  32: 4294967295n,
  64: 18446744073709551615n,
};
const I_MIN: Record<IntBits, bigint> = { 32: -2147483648n, 64: -9223372036854775808n };
const I_MAX: Record<IntBits, bigint> = { 32: 2147483647n, 64: 9223372036854775807n };

/** Rust's `TryFromIntError` Display, raised by `u8::try_from(u64)` and friends. */
const OUT_OF_RANGE = 'out of range integral type conversion attempted';

/**
 * deserializer.rs `option_u64_or_string` and the `u8/u16/u32` wrappers over it: an unsigned
 * integer, or a string holding one in decimal or `0x` hexadecimal; then narrowed with `try_from`.
 */
export function uintOrString(value: JsonValue, bits: UintBits): DeResult<number> {
  const expected = 'unsigned integer or string';
  let wide: bigint;
  if (typeof value === 'string') {
    const hex = value.startsWith('0x');
    const parsed = parseRustInt(hex ? value.slice(2) : value, hex ? 16 : 10, false);
    if (!parsed.ok) return parsed;
    wide = parsed.value;
  } else if (typeof value === 'number' && visitNumber(value).kind === 'u64') {
    wide = BigInt(value);
  } else {
    return err(invalidType(value, expected));
  }
  if (wide > U_MAX[bits]) return err(OUT_OF_RANGE);
  return ok(Number(wide));
}

/** deserializer.rs `option_i64_or_string` and the `i32` wrapper over it. */
export function intOrString(value: JsonValue, bits: IntBits): DeResult<number> {
  const expected = 'signed integer or string';
  let wide: bigint;
  if (typeof value === 'string') {
    const parsed = parseRustInt(value, 10, true);
    if (!parsed.ok) return parsed;
    wide = parsed.value;
  } else if (typeof value === 'number' && visitNumber(value).kind !== 'f64') {
    wide = BigInt(value);
    // visit_u64 converts with i64::try_from.
    if (wide > I_MAX[64]) return err(OUT_OF_RANGE);
  } else {
    return err(invalidType(value, expected));
  }
  if (wide > I_MAX[bits] || wide < I_MIN[bits]) return err(OUT_OF_RANGE);
  return ok(Number(wide));
}

export const BOOL_EXPECTED = 'Need to be boolean: 1|0|true|false|yes|no|on|off|y|n';

/** deserializer.rs `option_bool_or_string`: booleans, 0/1, and the usual words in any case. */
export function boolOrString(value: JsonValue): DeResult<boolean> {
  if (typeof value === 'boolean') return ok(value);
  if (typeof value === 'string') {
    const word = value.toLowerCase();
    if (['1', 'true', 'yes', 'on', 'y'].includes(word)) return ok(true);
    if (['0', 'false', 'no', 'off', 'n'].includes(word)) return ok(false);
    return err(BOOL_EXPECTED);
  }
  if (typeof value === 'number' && visitNumber(value).kind === 'u64') {
    if (value === 1) return ok(true);
    if (value === 0) return ok(false);
    return err(BOOL_EXPECTED);
  }
  return err(invalidType(value, BOOL_EXPECTED));
}

/** serde's own primitive impls over a `serde_json::Value` (no string coercion). */
export function plainUint(value: JsonValue, bits: UintBits): DeResult<number> {
  const expected = `u${String(bits)}`;
  if (typeof value !== 'number') return err(invalidType(value, expected));
  const v = visitNumber(value);
  if (v.kind === 'f64') return err(invalidType(value, expected));
  if (v.kind === 'i64' || BigInt(value) > U_MAX[bits]) return err(invalidValue(value, expected));
  return ok(value);
}

export function plainInt(value: JsonValue, bits: IntBits): DeResult<number> {
  const expected = `i${String(bits)}`;
  if (typeof value !== 'number') return err(invalidType(value, expected));
  if (visitNumber(value).kind === 'f64') return err(invalidType(value, expected));
  const wide = BigInt(value);
  if (wide > I_MAX[bits] || wide < I_MIN[bits]) return err(invalidValue(value, expected));
  return ok(value);
}

export function plainBool(value: JsonValue): DeResult<boolean> {
  return typeof value === 'boolean' ? ok(value) : err(invalidType(value, 'a boolean'));
}

export function plainString(value: JsonValue): DeResult<string> {
  return typeof value === 'string' ? ok(value) : err(invalidType(value, 'a string'));
}

/**
 * The order nmstate meets a map's keys in. Its serde_json keeps document order (`preserve_order`,
 * rust/src/lib/Cargo.toml), but the API server re-encodes custom resources from Go maps, which
 * sorts their keys, before kubernetes-nmstate writes the policy file nmstatectl reads.
 */
export function sortedKeys(object: { [key: string]: JsonValue }): string[] {
  return Object.keys(object).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
