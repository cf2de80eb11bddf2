// JSON value and source-location types for CNI configuration text. A NAD's `spec.config` is parsed
// by our own parser (logic/json.ts) so every value keeps the line and column it came from.

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** 1-based line and column (UTF-16 code units, like Monaco), 0-based offset. */
export interface SourcePosition {
  line: number;
  column: number;
  offset: number;
}

export interface JsonLocation {
  /** Where the value starts. */
  value: SourcePosition;
  /** Offset just past the value. */
  end: number;
  /** Where the member's key starts, for object members. */
  key?: SourcePosition;
}

export type JsonSyntaxErrorCode =
  | 'json.empty'
  | 'json.unexpectedEnd'
  | 'json.unexpectedToken'
  | 'json.trailingComma'
  | 'json.missingComma'
  | 'json.missingColon'
  | 'json.bracketMismatch'
  | 'json.comment'
  | 'json.singleQuote'
  | 'json.unquotedKey'
  | 'json.unterminatedString'
  | 'json.invalidEscape'
  | 'json.controlCharacter'
  | 'json.invalidNumber'
  | 'json.tooDeep'
  | 'json.trailingContent'
  | 'json.notObject';

export interface JsonSyntaxError extends SourcePosition {
  code: JsonSyntaxErrorCode;
  params?: Record<string, string | number>;
}

export interface JsonDuplicateKey {
  /** Path of the member that appears more than once (the last occurrence wins, as in Go). */
  path: string;
  key: SourcePosition;
}

export interface ParsedJson<T extends JsonValue = JsonValue> {
  value: T;
  /** Every value's location, keyed by JSON path (`$`, `$.ipam.ranges[0][0].subnet`, `$["a/b"]`). */
  positions: Map<string, JsonLocation>;
  duplicates: JsonDuplicateKey[];
}

export type ParseJsonResult<T extends JsonValue = JsonValue> =
  ({ ok: true } & ParsedJson<T>) | { ok: false; error: JsonSyntaxError };
