// One capture expression: parsing into a command and running it against a state, following
// nmstate/nmstate rust/src/lib/policy/capture.rs (`NetworkCaptureCommand::parse`/`execute`,
// `sort_captures`), iface.rs, route.rs and route_rule.rs. The upstream rules this encodes:
// - `[capture.<name> |] <path> == <value>` filters, `... := <value>` replaces, a bare `<path>`
//   keeps only that key per object level (lists are kept whole);
// - only `interfaces`, `routes` (`running`/`config` + one field) and `route-rules` (`config` + one
//   field) can be filtered or replaced; any other keyword is an error;
// - a filter that matches nothing is an error; a replace applies to every item of the list;
// - the right-hand side may be a value, `null`, a path into the current state or
//   `capture.<name>.<path>` into another capture.
import { isJsonObject, retainOnly, searchItems, toJson, updateItems, valueToString } from './json';
import { getValueFromJson } from './json';
import { parseCaptureTokens } from './token';
import type {
  CaptureCommand,
  CaptureToken,
  JsonObject,
  JsonValue,
  NmstateError,
  Result,
} from './types';

const PIPE_FORMAT = "The pipe action should always in format of 'capture.<capture_name>'";
const KEY_FORMAT = 'The equal or replace action should always start with property path';
const VALUE_FORMAT = 'The equal or replace action should end with single value or property path';

function policyError(
  msg: string,
  line: string,
  position: number,
): { ok: false; error: NmstateError } {
  return {
    ok: false,
    error: { kind: 'PolicyError', msg, line, position, code: 'invalid-expression' },
  };
}

function conditionKey(
  tokens: readonly CaptureToken[],
  line: string,
  action: CaptureToken,
): Result<{ key: CaptureToken; capture?: { name: string; pos: number } }> {
  const first = tokens[0];
  if (tokens.length !== 1 || first === undefined) return policyError(KEY_FORMAT, line, action.pos);
  if (first.kind !== 'path') return policyError(KEY_FORMAT, line, first.pos);
  if (first.segments[0] !== 'capture') return { ok: true, value: { key: first } };
  const name = first.segments[1] ?? '';
  if (first.segments.length <= 2)
    return {
      ok: false,
      error: {
        kind: 'PolicyError',
        msg: 'No property path after capture name',
        line,
        position: first.pos,
        code: 'missing-capture-name',
      },
    };
  return {
    ok: true,
    value: {
      // Upstream offsets the key by "capture." + the name, without the dot after the name.
      key: { kind: 'path', segments: first.segments.slice(2), pos: first.pos + 8 + name.length },
      capture: { name, pos: first.pos + 8 },
    },
  };
}

function conditionValue(
  tokens: readonly CaptureToken[],
  line: string,
  action: CaptureToken,
): Result<{ value: CaptureToken; capture?: { name: string; pos: number } }> {
  const first = tokens[0];
  if (tokens.length !== 1 || first === undefined)
    return policyError(VALUE_FORMAT, line, tokens.length >= 2 ? (first?.pos ?? 0) : action.pos);
  if (first.kind === 'path') {
    if (first.segments[0] !== 'capture') return { ok: true, value: { value: first } };
    if (first.segments.length < 3)
      return {
        ok: false,
        error: {
          kind: 'InvalidArgument',
          msg:
            'When using equal action to match against captured data, the correct format should be ' +
            `'interfaces.name == capture.default-gw.interfaces.0.name', but got: ${line}`,
          code: 'missing-capture-name',
        },
      };
    const name = first.segments[1] ?? '';
    return {
      ok: true,
      value: {
        value: {
          kind: 'path',
          segments: first.segments.slice(2),
          pos: first.pos + `capture.${name}.`.length,
        },
        capture: { name, pos: first.pos + 8 },
      },
    };
  }
  if (first.kind === 'value' || first.kind === 'null') return { ok: true, value: { value: first } };
  return {
    ok: false,
    error: {
      kind: 'InvalidArgument',
      msg: `The equal action should end with single value or property path but got: ${line}`,
      code: 'invalid-expression',
    },
  };
}

function withoutPipe(cmd: CaptureCommand, tokens: readonly CaptureToken[]): Result<CaptureCommand> {
  const line = cmd.line;
  let at = tokens.findIndex((t) => t.kind === 'equal');
  let action: CaptureCommand['action'] = 'equal';
  if (at < 0) {
    at = tokens.findIndex((t) => t.kind === 'replace');
    action = 'replace';
  }
  const operator = tokens[at];
  if (operator === undefined) {
    const first = tokens[0];
    if (first?.kind === 'path') return { ok: true, value: { ...cmd, action: 'none', key: first } };
    return { ok: true, value: cmd };
  }
  if (action === 'equal' && at + 1 >= tokens.length)
    return policyError('The equal action got no value defined afterwards', line, operator.pos);
  const key = conditionKey(tokens.slice(0, at), line, operator);
  if (!key.ok) return key;
  const next: CaptureCommand = { ...cmd, action, key: key.value.key };
  if (next.keyCapture === undefined && key.value.capture !== undefined) {
    next.keyCapture = key.value.capture.name;
    next.keyCapturePos = key.value.capture.pos;
  }
  const value = conditionValue(tokens.slice(at + 1), line, operator);
  if (!value.ok) return value;
  next.value = value.value.value;
  if (value.value.capture !== undefined) {
    next.valueCapture = value.value.capture.name;
    next.valueCapturePos = value.value.capture.pos;
  }
  return { ok: true, value: next };
}

/** capture.rs `NetworkCaptureCommand::parse`. */
export function parseCaptureCommand(expression: string): Result<CaptureCommand> {
  const line = expression
    .trim()
    .replace(/\u00a0/g, ' ')
    .trim();
  const parsed = parseCaptureTokens(line);
  if (!parsed.ok) return parsed;
  const tokens = parsed.value;
  const base: CaptureCommand = {
    line,
    key: { kind: 'value', value: '', pos: 0 },
    keyCapturePos: 0,
    action: 'none',
    value: { kind: 'value', value: '', pos: 0 },
    valueCapturePos: 0,
  };
  const pipe = tokens.findIndex((t) => t.kind === 'pipe');
  const pipeToken = tokens[pipe];
  if (pipeToken === undefined) return withoutPipe(base, tokens);
  const source = tokens[0];
  if (
    source === undefined ||
    pipe === 0 ||
    source.kind !== 'path' ||
    source.segments.length !== 2 ||
    source.segments[0] !== 'capture'
  )
    return policyError(PIPE_FORMAT, line, pipe === 0 ? pipeToken.pos : (source?.pos ?? 0));
  const withSource: CaptureCommand = {
    ...base,
    keyCapture: source.segments[1] ?? '',
    // Upstream never records the pipe source's position; errors about it point at 0.
    keyCapturePos: 0,
  };
  return pipe + 1 < tokens.length
    ? withoutPipe(withSource, tokens.slice(pipe + 1))
    : { ok: true, value: withSource };
}

/** The capture a command reads from, either side of the operator (capture.rs `parent_capture`). */
export function parentCapture(cmd: CaptureCommand): string | undefined {
  return cmd.keyCapture ?? cmd.valueCapture;
}

function listOf(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

function field(object: JsonObject, key: string): JsonValue | undefined {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

/** capture.rs `NetworkCaptureCommand::execute`. */
export function executeCaptureCommand(
  cmd: CaptureCommand,
  current: JsonObject,
  captures: ReadonlyMap<string, JsonObject>,
): Result<JsonObject> {
  const line = cmd.line;
  const notFound = (name: string): { ok: false; error: NmstateError } => ({
    ok: false,
    error: {
      kind: 'PolicyError',
      msg: `Capture ${name} not found`,
      line,
      position: cmd.keyCapturePos,
      code: 'unknown-capture',
    },
  });
  let input = current;
  if (cmd.keyCapture !== undefined) {
    const found = captures.get(cmd.keyCapture);
    if (found === undefined) return notFound(cmd.keyCapture);
    input = found;
  }
  if (cmd.action === 'none') {
    if (cmd.key.kind !== 'path') return { ok: true, value: toJson(input) as JsonObject };
    const kept = retainOnly(input, cmd.key.segments);
    return { ok: true, value: isJsonObject(kept) ? kept : {} };
  }

  let valueInput = current;
  if (cmd.valueCapture !== undefined) {
    const found = captures.get(cmd.valueCapture);
    // Upstream reports a missing value capture at the key capture's position.
    if (found === undefined) return notFound(cmd.valueCapture);
    valueInput = found;
  }
  let matching: string | null;
  if (cmd.value.kind === 'path') {
    const read = getValueFromJson(cmd.value.segments, valueInput, line, cmd.value.pos);
    if (!read.ok) return read;
    matching = read.value === null ? null : valueToString(read.value);
  } else if (cmd.value.kind === 'value') matching = cmd.value.value;
  else matching = null;

  if (cmd.key.kind !== 'path')
    return {
      ok: false,
      error: {
        kind: 'Bug',
        msg: 'The NetworkCaptureCommand.key is not Path',
        code: 'invalid-expression',
      },
    };
  const [keyword, ...path] = cmd.key.segments;
  const pos = cmd.key.pos + `${keyword ?? ''}.`.length;
  const equal = cmd.action === 'equal';
  const run = (itemName: string, items: JsonValue[]): Result<JsonObject[]> =>
    equal
      ? searchItems(itemName, path.slice(1), matching ?? '', items, line, pos)
      : updateItems(itemName, path.slice(1), matching, items);

  if (keyword === 'interfaces') {
    const r = equal
      ? searchItems(
          'interface',
          path,
          matching ?? '',
          listOf(field(input, 'interfaces')),
          line,
          pos,
        )
      : updateItems('interface', path, matching, listOf(field(input, 'interfaces')));
    return r.ok ? { ok: true, value: { interfaces: r.value } } : r;
  }
  if (keyword === 'routes') {
    const routes = field(input, 'routes');
    const table = path[0];
    if (path.length !== 2)
      return policyError(
        equal ? 'No route search pattern found' : 'No route replace pattern found',
        line,
        pos,
      );
    if (table !== 'running' && table !== 'config')
      return policyError(
        equal
          ? "Only support 'running' or 'config' keyword for route searching"
          : "Only support 'running' or 'config' keyword for replacing routes",
        line,
        pos,
      );
    const r = run('route', listOf(isJsonObject(routes) ? field(routes, table) : undefined));
    return r.ok ? { ok: true, value: { routes: { [table]: r.value } } } : r;
  }
  if (keyword === 'route-rules') {
    const rules = field(input, 'route-rules');
    if (path.length !== 2) return policyError('No route rule search pattern found', line, pos);
    if (path[0] !== 'config')
      return policyError(
        equal
          ? "Only support 'config' keyword for searching route rules"
          : "Only support 'config' keyword for replacing route rules",
        line,
        pos,
      );
    const r = run('route_rule', listOf(isJsonObject(rules) ? field(rules, 'config') : undefined));
    return r.ok ? { ok: true, value: { 'route-rules': { config: r.value } } } : r;
  }
  return {
    ok: false,
    error: {
      kind: 'InvalidArgument',
      msg:
        keyword === undefined || keyword === ''
          ? 'Invalid empty keyword'
          : `Unsupported capture keyword '${keyword}'`,
      code: 'invalid-path',
    },
  };
}

const SORT_ROUNDS = 10;

/**
 * capture.rs `sort_captures`: a capture runs after the capture it reads from. Ten rounds of
 * priority assignment, after which a reference that never settles (a cycle or a capture that
 * does not exist) fails the whole policy. Within one priority the order is the key order of the
 * JSON the handler writes, which Go sorts alphabetically.
 */
export function sortCaptures(commands: ReadonlyMap<string, CaptureCommand>): Result<string[]> {
  const names = [...commands.keys()].sort();
  const priority = new Map<string, number>();
  for (let round = 0; round < SORT_ROUNDS; round += 1) {
    let settled = true;
    const pending = new Map<string, number>();
    for (const name of names) {
      const cmd = commands.get(name);
      const parent = cmd === undefined ? undefined : parentCapture(cmd);
      if (parent === undefined) {
        pending.set(name, 1);
        continue;
      }
      const parentPriority = pending.get(parent) ?? priority.get(parent);
      if (parentPriority === undefined) settled = false;
      else pending.set(name, parentPriority + 1);
    }
    for (const [name, p] of pending) priority.set(name, p);
    if (settled) {
      return {
        ok: true,
        value: [...names].sort((a, b) => (priority.get(a) ?? 0) - (priority.get(b) ?? 0)),
      };
    }
  }
  return {
    ok: false,
    error: {
      kind: 'InvalidArgument',
      msg:
        `Failed to sort the policy capture in ${SORT_ROUNDS} round of rotation, please order the ` +
        'capture in desire policy by placing capture before its consumer',
      code: 'capture-cycle',
    },
  };
}
