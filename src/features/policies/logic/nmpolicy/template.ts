// `{{ capture.<name>.<path> }}` substitution in a policy's desired state, following nmstate/nmstate
// rust/src/lib/policy/template.rs (`fill_with_captured_data`, `resolve_capture_data`) and the
// template tokenizer in token.rs. Upstream rules:
// - every string of the desired state is tokenized (so a lone `{` or `}` in any string is an
//   error), trimmed first;
// - the space after `{{` is optional; text before and after a reference is allowed when the
//   referenced value is a string, and is joined without the whitespace between words;
// - a reference to an object, list or number must be the whole string, and then keeps its type.
import { getValueFromJson, isJsonObject, ownValue, setOwn, copyObject } from './json';
import { parseTemplateTokens } from './token';
import type {
  CaptureError,
  JsonObject,
  JsonValue,
  NmstateError,
  Result,
  TemplateToken,
} from './types';

export interface CaptureReferenceSite {
  /** Dotted location in the desired state, list indexes included (`interfaces.0.bridge.port.0.name`). */
  path: string;
  /** The whole template string as written. */
  template: string;
  /** The reference inside the braces (`capture.base-iface.interfaces.0.name`). */
  expression: string;
  /** Referenced capture; '' when the reference does not name one. */
  captureName: string;
}

function joinPath(parent: string, key: string | number): string {
  return parent === '' ? String(key) : `${parent}.${key}`;
}

type Visit = (text: string, path: string) => Result<JsonValue>;

function visitStrings(value: JsonValue, path: string, onString: Visit): Result<JsonValue> {
  if (typeof value === 'string') return onString(value, path);
  if (Array.isArray(value)) {
    const out: JsonValue[] = [];
    for (const [i, item] of value.entries()) {
      const r = visitStrings(item, joinPath(path, i), onString);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  if (isJsonObject(value)) {
    const out = copyObject(value);
    for (const key of Object.keys(value)) {
      const item = ownValue(value, key);
      if (item === undefined) continue;
      const r = visitStrings(item, joinPath(path, key), onString);
      if (!r.ok) return r;
      setOwn(out, key, r.value);
    }
    return { ok: true, value: out };
  }
  return { ok: true, value };
}

interface Reference {
  start: number;
  end: number;
  tokens: TemplateToken[];
  line: string;
}

function referenceOf(text: string): Result<Reference | null> {
  const line = text.trim();
  const parsed = parseTemplateTokens(line);
  if (!parsed.ok) return parsed;
  const tokens = parsed.value;
  const start = tokens.findIndex((t) => t.kind === 'start');
  const end = tokens.findIndex((t) => t.kind === 'end');
  if (start < 0 || end < 0) return { ok: true, value: null };
  return { ok: true, value: { start, end, tokens, line } };
}

function policyError(msg: string, line: string, position: number, code: NmstateError['code']) {
  return { ok: false as const, error: { kind: 'PolicyError' as const, msg, line, position, code } };
}

/** template.rs `get_capture_value`. */
function captureValue(
  segments: readonly string[],
  captures: ReadonlyMap<string, JsonObject>,
  line: string,
  pos: number,
): Result<JsonValue> {
  if (segments.length < 2)
    return policyError(
      'Invalid capture reference string, should be in the format capture.<capture_name>.<property_path>',
      line,
      pos,
      'invalid-template',
    );
  if (segments[0] !== 'capture')
    return policyError('Can only refer to captured data', line, pos, 'invalid-template');
  const name = segments[1] ?? '';
  const state = captures.get(name);
  if (state === undefined)
    return policyError(
      `Failed to find capture ${name}`,
      line,
      pos + 'capture.'.length,
      'unknown-capture',
    );
  return getValueFromJson(segments.slice(2), state, line, pos + `capture.${name}.`.length);
}

function resolveString(text: string, captures: ReadonlyMap<string, JsonObject>): Result<JsonValue> {
  const found = referenceOf(text);
  if (!found.ok) return found;
  if (found.value === null) return { ok: true, value: text };
  const { start, end, tokens, line } = found.value;
  const ref = tokens[start + 1];
  if (ref?.kind !== 'path')
    return policyError(
      'Only allow property path between reference start {{ and reference end }}',
      line,
      tokens[start]?.pos ?? 0,
      'invalid-template',
    );
  const resolved = captureValue(ref.segments, captures, line, ref.pos);
  if (!resolved.ok) return resolved;
  const whole = start === 0 && end === tokens.length - 1;
  if (typeof resolved.value !== 'string') {
    if (!whole)
      return policyError(
        'The resolved reference result is object or array, hence you cannot add prefix or postfix',
        line,
        ref.pos,
        'invalid-template',
      );
    return resolved;
  }
  let out = '';
  for (const t of tokens.slice(0, start)) {
    if (t.kind !== 'value')
      return policyError('Only allows string before reference', line, t.pos, 'invalid-template');
    out += t.value;
  }
  out += resolved.value;
  for (const t of tokens.slice(end + 1)) {
    if (t.kind !== 'value')
      return policyError('Only allows string after reference', line, t.pos, 'invalid-template');
    out += t.value;
  }
  return { ok: true, value: out };
}

/** Fills the captured values into the desired state; errors carry where in the state they sit. */
export function fillWithCapturedData(
  desired: JsonObject,
  captures: ReadonlyMap<string, JsonObject>,
): { ok: true; value: JsonObject } | { ok: false; error: NmstateError; path: string } {
  let failedAt = '';
  const r = visitStrings(desired, '', (text, path) => {
    const value = resolveString(text, captures);
    if (!value.ok) failedAt = path;
    return value;
  });
  if (!r.ok) return { ok: false, error: r.error, path: failedAt };
  return { ok: true, value: isJsonObject(r.value) ? r.value : {} };
}

export function findTemplateReferences(desiredState: JsonValue): CaptureReferenceSite[] {
  const sites: CaptureReferenceSite[] = [];
  visitStrings(desiredState, '', (text, path) => {
    const found = referenceOf(text);
    if (found.ok && found.value !== null) {
      const ref = found.value.tokens[found.value.start + 1];
      const segments = ref?.kind === 'path' ? ref.segments : [];
      sites.push({
        path,
        template: text,
        expression: segments.join('.'),
        captureName: segments[0] === 'capture' ? (segments[1] ?? '') : '',
      });
    }
    return { ok: true, value: text };
  });
  return sites;
}

export function templateError(error: NmstateError, path: string): CaptureError {
  const out: CaptureError = { code: error.code, kind: error.kind, message: error.msg, path };
  if (error.line !== undefined) out.expression = error.line;
  if (error.position !== undefined) out.position = error.position;
  return out;
}
