// A strict JSON parser (RFC 8259, as Go's encoding/json reads it) that records where every value
// came from, so findings can be shown at their exact line and column in the JSON editor. It is an
// explicit-stack state machine with a depth limit: untrusted text of any size or nesting can
// neither throw nor exhaust the call stack.
import type {
  JsonDuplicateKey,
  JsonLocation,
  JsonObject,
  JsonSyntaxError,
  JsonSyntaxErrorCode,
  JsonValue,
  ParseJsonResult,
  SourcePosition,
} from '../model/json';

/** Deeper than any real CNI config; keeps every recursive consumer of the value safe. */
export const MAX_JSON_DEPTH = 256;

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function joinPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return IDENT.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/** Splits a path produced by `joinPath` back into keys and indexes; undefined if malformed. */
export function parseJsonPath(path: string): (string | number)[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const out: (string | number)[] = [];
  let i = 1;
  while (i < path.length) {
    const c = path[i];
    if (c === '.') {
      let j = i + 1;
      while (j < path.length && path[j] !== '.' && path[j] !== '[') j++;
      out.push(path.slice(i + 1, j));
      i = j;
    } else if (c === '[') {
      if (path[i + 1] === '"') {
        let j = i + 2;
        while (j < path.length && path[j] !== '"') j += path[j] === '\\' ? 2 : 1;
        try {
          out.push(JSON.parse(path.slice(i + 1, j + 1)) as string);
        } catch {
          return undefined;
        }
        i = j + 2;
      } else {
        const j = path.indexOf(']', i);
        if (j < 0) return undefined;
        const n = Number(path.slice(i + 1, j));
        if (!Number.isInteger(n)) return undefined;
        out.push(n);
        i = j + 1;
      }
    } else return undefined;
  }
  return out;
}

export function formatJsonPath(segments: readonly (string | number)[]): string {
  return segments.reduce<string>((p, s) => joinPath(p, s), '$');
}

/** Sets an own property without ever touching the prototype (`__proto__` is just a key here). */
export function setMember(obj: JsonObject, key: string, value: JsonValue): void {
  // `__proto__` is the only accessor a plain object inherits; every other key assigned is an own
  // data property, and assigning is several times faster than defining.
  if (key === '__proto__')
    Object.defineProperty(obj, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else obj[key] = value;
}

interface ObjectFrame {
  kind: 'object';
  value: JsonObject;
  path: string;
  keys: Set<string>;
  pendingKey: string;
}
interface ArrayFrame {
  kind: 'array';
  value: JsonValue[];
  path: string;
}
type Frame = ObjectFrame | ArrayFrame;

type Mode = 'value' | 'after' | 'keyOrEnd' | 'key' | 'valueOrEnd';

class Fail extends Error {
  constructor(readonly error: JsonSyntaxError) {
    super(error.code);
  }
}

export function parseJson(text: string): ParseJsonResult {
  let pos = 0;
  let line = 1;
  let lineStart = 0;
  const n = text.length;
  const positions = new Map<string, JsonLocation>();
  const duplicates: JsonDuplicateKey[] = [];

  const here = (at = pos): SourcePosition => {
    if (at >= lineStart) return { line, column: at - lineStart + 1, offset: at };
    // Only error paths point behind the current line (a trailing comma); count back to it.
    let l = line;
    for (let i = at; i < lineStart; i++) if (text.charCodeAt(i) === 10) l--;
    const start = text.lastIndexOf('\n', at - 1) + 1;
    return { line: l, column: at - start + 1, offset: at };
  };
  const fail = (
    code: JsonSyntaxErrorCode,
    at = pos,
    params?: Record<string, string | number>,
  ): Fail => new Fail({ code, ...here(at), ...(params ? { params } : {}) });
  const found = (at: number): string => {
    const m = /^[A-Za-z0-9_.+-]+/.exec(text.slice(at, at + 20));
    return m ? m[0] : text.charAt(at);
  };

  const skipWs = (): void => {
    while (pos < n) {
      const c = text.charCodeAt(pos);
      if (c === 10) {
        line++;
        lineStart = pos + 1;
      } else if (c !== 32 && c !== 9 && c !== 13) {
        if (c === 47 && (text[pos + 1] === '/' || text[pos + 1] === '*'))
          throw fail('json.comment');
        return;
      }
      pos++;
    }
  };

  const readString = (): string => {
    const start = pos;
    pos++;
    let out = '';
    let run = pos;
    while (pos < n) {
      const c = text.charCodeAt(pos);
      if (c === 34) {
        out += text.slice(run, pos);
        pos++;
        return out;
      }
      if (c < 0x20) {
        if (c === 10) throw fail('json.unterminatedString', start);
        throw fail('json.controlCharacter');
      }
      if (c === 92) {
        out += text.slice(run, pos);
        const e = text[pos + 1];
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (e !== undefined && e in simple) {
          out += simple[e] ?? '';
          pos += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6))) {
          out += String.fromCharCode(parseInt(text.slice(pos + 2, pos + 6), 16));
          pos += 6;
        } else throw fail('json.invalidEscape');
        run = pos;
        continue;
      }
      pos++;
    }
    throw fail('json.unterminatedString', start);
  };

  const readNumber = (): number => {
    const start = pos;
    if (text[pos] === '-') pos++;
    const digits = (): number => {
      const s = pos;
      while (pos < n && text.charCodeAt(pos) >= 48 && text.charCodeAt(pos) <= 57) pos++;
      return pos - s;
    };
    const intStart = pos;
    const intLen = digits();
    if (intLen === 0 || (intLen > 1 && text[intStart] === '0')) {
      throw fail('json.invalidNumber', start, { found: found(start) });
    }
    if (text[pos] === '.') {
      pos++;
      if (digits() === 0) throw fail('json.invalidNumber', start, { found: found(start) });
    }
    if (text[pos] === 'e' || text[pos] === 'E') {
      pos++;
      if (text[pos] === '+' || text[pos] === '-') pos++;
      if (digits() === 0) throw fail('json.invalidNumber', start, { found: found(start) });
    }
    if (pos < n && /[A-Za-z0-9_.]/.test(text.charAt(pos))) {
      throw fail('json.invalidNumber', start, { found: found(start) });
    }
    return Number(text.slice(start, pos));
  };

  const stack: Frame[] = [];
  let mode = 'value' as Mode;
  let valuePath = '$';
  let keyPos: SourcePosition | undefined;
  let root: JsonValue | undefined;
  let done = false as boolean;

  const record = (path: string, start: SourcePosition): void => {
    positions.set(
      path,
      keyPos ? { value: start, end: pos, key: keyPos } : { value: start, end: pos },
    );
  };
  const complete = (v: JsonValue): void => {
    const top = stack[stack.length - 1];
    if (!top) {
      root = v;
      done = true;
      return;
    }
    if (top.kind === 'array') top.value.push(v);
    else setMember(top.value, top.pendingKey, v);
    mode = 'after';
  };
  const closeFrame = (): void => {
    const frame = stack.pop();
    if (!frame) return;
    pos++;
    const loc = positions.get(frame.path);
    if (loc) loc.end = pos;
    complete(frame.value);
  };

  try {
    skipWs();
    if (pos >= n) throw fail('json.empty');
    while (!done) {
      skipWs();
      if (pos >= n) throw fail('json.unexpectedEnd');
      const c = text[pos];
      const top = stack[stack.length - 1];
      switch (mode) {
        case 'value':
        case 'valueOrEnd': {
          if (mode === 'valueOrEnd' && c === ']') {
            closeFrame();
            break;
          }
          const start = here();
          const path = valuePath;
          if (c === '{' || c === '[') {
            if (stack.length >= MAX_JSON_DEPTH)
              throw fail('json.tooDeep', pos, { max: MAX_JSON_DEPTH });
            pos++;
            record(path, start);
            keyPos = undefined;
            if (c === '{') {
              stack.push({ kind: 'object', value: {}, path, keys: new Set(), pendingKey: '' });
              mode = 'keyOrEnd';
            } else {
              stack.push({ kind: 'array', value: [], path });
              valuePath = joinPath(path, 0);
              mode = 'valueOrEnd';
            }
            break;
          }
          let v: JsonValue;
          if (c === '"') v = readString();
          else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) v = readNumber();
          else if (text.startsWith('true', pos)) {
            v = true;
            pos += 4;
          } else if (text.startsWith('false', pos)) {
            v = false;
            pos += 5;
          } else if (text.startsWith('null', pos)) {
            v = null;
            pos += 4;
          } else if (c === "'") throw fail('json.singleQuote');
          else if ((c === ']' || c === '}') && top) {
            const prev = text.lastIndexOf(',', pos);
            if (prev >= 0 && text.slice(prev + 1, pos).trim() === '')
              throw fail('json.trailingComma', prev);
            throw fail('json.unexpectedToken', pos, { found: c });
          } else throw fail('json.unexpectedToken', pos, { found: found(pos) });
          if (typeof v === 'boolean' || v === null) {
            if (pos < n && /[A-Za-z0-9_]/.test(text.charAt(pos))) {
              throw fail('json.unexpectedToken', start.offset, { found: found(start.offset) });
            }
          }
          record(path, start);
          keyPos = undefined;
          complete(v);
          break;
        }
        case 'after': {
          if (!top) throw fail('json.unexpectedToken', pos, { found: found(pos) });
          if (c === ',') {
            pos++;
            if (top.kind === 'array') {
              valuePath = joinPath(top.path, top.value.length);
              mode = 'value';
            } else mode = 'key';
          } else if ((c === '}' && top.kind === 'object') || (c === ']' && top.kind === 'array')) {
            closeFrame();
          } else if (c === '}' || c === ']') {
            throw fail('json.bracketMismatch', pos, {
              found: c,
              expected: top.kind === 'object' ? '}' : ']',
            });
          } else throw fail('json.missingComma', pos, { found: found(pos) });
          break;
        }
        case 'keyOrEnd':
        case 'key': {
          if (!top || top.kind !== 'object') throw fail('json.unexpectedToken');
          if (c === '}') {
            if (mode === 'key') throw fail('json.trailingComma', text.lastIndexOf(',', pos));
            closeFrame();
            break;
          }
          if (c === "'") throw fail('json.singleQuote');
          if (c !== '"') {
            throw fail(
              /[A-Za-z_$]/.test(c ?? '') ? 'json.unquotedKey' : 'json.unexpectedToken',
              pos,
              {
                found: found(pos),
              },
            );
          }
          const kp = here();
          const key = readString();
          skipWs();
          if (text[pos] !== ':') {
            throw fail(pos >= n ? 'json.unexpectedEnd' : 'json.missingColon', pos, {
              found: found(pos),
            });
          }
          pos++;
          const path = joinPath(top.path, key);
          if (top.keys.has(key)) duplicates.push({ path, key: kp });
          top.keys.add(key);
          top.pendingKey = key;
          valuePath = path;
          keyPos = kp;
          mode = 'value';
          break;
        }
      }
    }
    skipWs();
    if (pos < n) throw fail('json.trailingContent', pos, { found: found(pos) });
  } catch (e) {
    if (e instanceof Fail) return { ok: false, error: e.error };
    // Nothing above throws anything else; a RangeError here would be a bug, reported as a
    // syntax error rather than crashing the editor.
    return { ok: false, error: { code: 'json.unexpectedToken', ...here() } };
  }
  return { ok: true, value: root ?? null, positions, duplicates };
}

/** The indentation unit the text uses (two spaces when it cannot tell). */
export function detectIndent(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  if (!m?.[1]) return text.includes('\n') ? '' : '  ';
  return m[1].startsWith('\t') ? '\t' : m[1];
}

/**
 * Serialises in the style of `original`: same indentation unit, single line when the original was
 * a single line, same trailing newline.
 */
export function stringifyLike(value: JsonValue, original: string): string {
  const singleLine = original.trim() !== '' && !original.trim().includes('\n');
  const body = singleLine
    ? JSON.stringify(value)
    : JSON.stringify(value, null, detectIndent(original) || '  ');
  return /\n$/.test(original) ? `${body}\n` : body;
}

export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Structural equality with key order; used to tell whether an edit changed anything. */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => jsonEqual(x, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k, i) => k === kb[i] && jsonEqual(a[k], b[k]));
}

export function cloneJson<T extends JsonValue>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map((x) => cloneJson(x)) as T;
  const out: JsonObject = {};
  for (const k of Object.keys(v)) setMember(out, k, cloneJson(v[k] as JsonValue));
  return out as T;
}
