// `{{ capture.<name>.<path> }}` substitution in a policy's desired state. As in upstream
// nmpolicy's state expander, only a string that is exactly one template (`{{ ` ... ` }}`) is
// substituted, and it is replaced by the referenced value with its own type (string, number,
// object, list); any other string is left alone.
import { PathFailure, walkState } from './evaluate';
import { captureNameOf, parseExpression } from './expression';
import { copyObject, isJsonObject, ownValue, setOwn } from './json';
import type { CaptureError, JsonObject, JsonValue } from './types';

const TEMPLATE = /^\{\{ (.*) \}\}$/;
const PREFIX = 'failed to resolve capture entry path expression: ';

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

function visitStrings(
  value: JsonValue,
  path: string,
  onString: (text: string, path: string) => JsonValue,
): JsonValue {
  if (typeof value === 'string') return onString(value, path);
  if (Array.isArray(value))
    return value.map((item, i) => visitStrings(item, joinPath(path, i), onString));
  if (isJsonObject(value)) {
    const out = copyObject(value);
    for (const key of Object.keys(value)) {
      const item = ownValue(value, key);
      if (item !== undefined) setOwn(out, key, visitStrings(item, joinPath(path, key), onString));
    }
    return out;
  }
  return value;
}

export function findTemplateReferences(desiredState: JsonValue): CaptureReferenceSite[] {
  const sites: CaptureReferenceSite[] = [];
  visitStrings(desiredState, '', (text, path) => {
    const match = TEMPLATE.exec(text);
    if (match?.[1] !== undefined) {
      const expression = match[1];
      const parsed = parseExpression(expression);
      let captureName = '';
      if (parsed.ok && parsed.value.kind === 'bare' && parsed.value.node?.kind === 'path') {
        captureName = captureNameOf(parsed.value.node) ?? '';
      }
      sites.push({ path, template: text, expression, captureName });
    }
    return text;
  });
  return sites;
}

class TemplateFailure extends Error {
  constructor(readonly error: CaptureError) {
    super(error.message);
  }
}

function resolveTemplate(
  expression: string,
  path: string,
  captured: Record<string, JsonObject>,
): JsonValue {
  const failAt = (code: CaptureError['code'], message: string, position: number): never => {
    throw new TemplateFailure({ code, message: `${PREFIX}${message}`, expression, position, path });
  };
  const parsed = parseExpression(expression);
  if (!parsed.ok) return failAt(parsed.error.code, parsed.error.message, parsed.error.position);
  const node = parsed.value;
  if (node.kind !== 'bare' || node.node?.kind !== 'path') {
    return failAt(
      'invalid-template',
      'only capture entry paths are supported between {{ and }}',
      node.position,
    );
  }
  const reference = node.node;
  const name = captureNameOf(reference);
  if (name === null) {
    return failAt(
      'invalid-template',
      'not supported path. Only paths with a capture entry reference are supported',
      reference.position,
    );
  }
  if (name === '')
    return failAt(
      'missing-capture-name',
      'path capture ref is missing capture entry name',
      reference.position,
    );
  if (!Object.prototype.hasOwnProperty.call(captured, name)) {
    return failAt('unknown-capture', `capture entry '${name}' not found`, reference.position);
  }
  const state = captured[name] ?? {};
  try {
    return walkState(state, reference.steps.slice(2));
  } catch (failure) {
    if (failure instanceof PathFailure)
      return failAt(failure.code, failure.message, failure.position);
    throw failure;
  }
}

export function expandTemplates(
  desiredState: JsonValue,
  captured: Record<string, JsonObject>,
): { ok: true; value: JsonValue } | { ok: false; error: CaptureError } {
  try {
    const value = visitStrings(desiredState, '', (text, path) => {
      const match = TEMPLATE.exec(text);
      return match?.[1] === undefined ? text : resolveTemplate(match[1], path, captured);
    });
    return { ok: true, value };
  } catch (failure) {
    if (failure instanceof TemplateFailure) return { ok: false, error: failure.error };
    throw failure;
  }
}
