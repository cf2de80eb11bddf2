// Evaluates every capture of a policy against a node's current state. Captures may reference each
// other in any declaration order: they run in dependency order, and cycles are reported instead
// of recursing forever (upstream nmpolicy would overflow its stack on a cycle). Each capture gets
// its own result so the editor can show every capture even when one of them fails.
import type { NetworkState } from '../../../../shared/model/nmstate';
import {
  equalValues,
  differentValues,
  filterState,
  PathFailure,
  replaceState,
  walkState,
} from './evaluate';
import { captureNameOf, parseExpression, referencesOf } from './expression';
import type { CaptureReference } from './expression';
import { isJsonObject, toJson } from './json';
import type {
  CaptureError,
  ExpressionNode,
  JsonObject,
  JsonValue,
  PathNode,
  PositionedError,
  ValueNode,
} from './types';

export type CaptureEvaluation =
  | { name: string; expression: string; ok: true; value: NetworkState; cached: boolean }
  | { name: string; expression: string; ok: false; error: CaptureError };

export interface EvaluateOptions {
  /** Already resolved captures (an enactment's `capturedStates`); they are not re-evaluated. */
  cachedCaptures?: Record<string, NetworkState>;
}

class EvaluationFailure extends Error {
  constructor(readonly error: PositionedError) {
    super(error.message);
  }
}

function fail(code: PositionedError['code'], message: string, position: number): never {
  throw new EvaluationFailure({ code, message, position });
}

type Lookup = (name: string, position: number, prefix: string) => JsonObject;

function resolveCaptureValue(path: PathNode, lookup: Lookup, prefix: string): JsonValue {
  const name = captureNameOf(path);
  if (name === null) {
    fail(
      'invalid-value-path',
      `${prefix}not supported filtered value path. Only paths with a capture entry reference are supported`,
      path.position,
    );
  }
  if (name === '')
    fail(
      'missing-capture-name',
      `${prefix}path capture ref is missing capture entry name`,
      path.position,
    );
  const state = lookup(name, path.position, prefix);
  try {
    return walkState(state, path.steps.slice(2));
  } catch (failure) {
    if (failure instanceof PathFailure)
      fail(failure.code, `${prefix}${failure.message}`, failure.position);
    throw failure;
  }
}

function valueOf(node: ValueNode, lookup: Lookup, prefix: string): JsonValue {
  return node.kind === 'path' ? resolveCaptureValue(node, lookup, prefix) : node.value;
}

/** Runs one parsed expression; `lookup` yields referenced captures that were evaluated before. */
export function runExpression(
  node: ExpressionNode,
  currentState: JsonObject,
  lookup: Lookup,
): JsonObject {
  if (node.kind === 'bare') {
    fail(
      'unsupported-operation',
      'resolve error: root node has unsupported operation',
      node.position,
    );
  }
  const prefix =
    node.kind === 'replace' ? 'resolve error: replace error: ' : 'resolve error: eqfilter error: ';
  let input = currentState;
  if (node.source !== null) {
    const name = captureNameOf(node.source);
    if (name === null) {
      fail(
        'invalid-input-source',
        `${prefix}invalid path input source, only capture reference is supported`,
        node.source.position,
      );
    }
    if (name === '')
      fail(
        'missing-capture-name',
        `${prefix}path capture ref is missing capture entry name`,
        node.source.position,
      );
    input = lookup(name, node.source.position, prefix);
  }
  const value = valueOf(node.value, lookup, prefix);
  try {
    if (node.kind === 'replace') return replaceState(input, node.path.steps, value);
    return filterState(
      input,
      node.path.steps,
      value,
      node.kind === 'eqfilter' ? equalValues : differentValues,
    );
  } catch (failure) {
    if (failure instanceof PathFailure) {
      fail(
        failure.code,
        `${prefix}failed applying operation on the path: ${failure.message}`,
        failure.position,
      );
    }
    throw failure;
  }
}

interface Entry {
  name: string;
  expression: string;
  parsed: ExpressionNode | null;
  refs: CaptureReference[];
}

/** Finds the cycles among captures; returns, per capture on a cycle, the cycle as names. */
function findCycles(entries: Map<string, Entry>, cached: Set<string>): Map<string, string[]> {
  const onCycle = new Map<string, string[]>();
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (name: string): void => {
    state.set(name, 'visiting');
    stack.push(name);
    for (const ref of entries.get(name)?.refs ?? []) {
      if (cached.has(ref.name) || !entries.has(ref.name)) continue;
      const seen = state.get(ref.name);
      if (seen === 'visiting') {
        const cycle = stack.slice(stack.indexOf(ref.name));
        for (const member of cycle) {
          if (!onCycle.has(member)) {
            const start = cycle.indexOf(member);
            const rotated = [...cycle.slice(start), ...cycle.slice(0, start), member];
            onCycle.set(member, rotated);
          }
        }
      } else if (seen === undefined) {
        visit(ref.name);
      }
    }
    stack.pop();
    state.set(name, 'done');
  };
  for (const name of entries.keys()) if (!state.has(name)) visit(name);
  return onCycle;
}

function withContext(error: PositionedError, name: string, expression: string): CaptureError {
  return {
    code: error.code,
    message: error.message,
    captureName: name,
    expression,
    position: error.position,
  };
}

/** Evaluates every capture; results come back in declaration order. */
export function evaluateCaptures(
  capture: Record<string, string>,
  currentState: NetworkState,
  options: EvaluateOptions = {},
): CaptureEvaluation[] {
  const current = toJson(currentState);
  const currentObject: JsonObject = isJsonObject(current) ? current : {};
  const cachedStates = new Map<string, JsonObject>();
  for (const [name, state] of Object.entries(options.cachedCaptures ?? {})) {
    const json = toJson(state);
    cachedStates.set(name, isJsonObject(json) ? json : {});
  }

  const entries = new Map<string, Entry>();
  for (const [name, expression] of Object.entries(capture)) {
    const text = typeof expression === 'string' ? expression : String(expression);
    const parsed = parseExpression(text);
    entries.set(name, {
      name,
      expression: text,
      parsed: parsed.ok ? parsed.value : null,
      refs: parsed.ok ? referencesOf(parsed.value) : [],
    });
  }
  const cycles = findCycles(entries, new Set(cachedStates.keys()));

  const results = new Map<string, CaptureEvaluation>();
  const evaluate = (entry: Entry): CaptureEvaluation => {
    const done = results.get(entry.name);
    if (done !== undefined) return done;
    const result = evaluateEntry(entry);
    results.set(entry.name, result);
    return result;
  };

  const evaluateEntry = (entry: Entry): CaptureEvaluation => {
    const { name, expression } = entry;
    const cachedState = cachedStates.get(name);
    if (cachedState !== undefined)
      return { name, expression, ok: true, value: cachedState, cached: true };
    const failed = (error: PositionedError): CaptureEvaluation => ({
      name,
      expression,
      ok: false,
      error: withContext(error, name, expression),
    });
    if (entry.parsed === null) {
      const parsed = parseExpression(expression);
      return parsed.ok
        ? failed({ code: 'invalid-expression', message: 'invalid expression', position: 0 })
        : failed(parsed.error);
    }
    const cycle = cycles.get(name);
    if (cycle !== undefined) {
      const next = cycle[1];
      const ref = entry.refs.find((r) => r.name === next) ?? entry.refs[0];
      return failed({
        code: 'capture-cycle',
        message: `resolve error: capture entry '${name}' has a circular reference: ${cycle.join(' -> ')}`,
        position: ref?.position ?? 0,
      });
    }
    const lookup: Lookup = (refName, position, prefix) => {
      const cachedRef = cachedStates.get(refName);
      if (cachedRef !== undefined) return cachedRef;
      const target = entries.get(refName);
      if (target === undefined)
        fail('unknown-capture', `${prefix}capture entry '${refName}' not found`, position);
      const result = evaluate(target);
      if (!result.ok) {
        fail(
          'dependency-failed',
          `${prefix}capture entry '${refName}' failed: ${result.error.message}`,
          position,
        );
      }
      return result.value as JsonObject;
    };
    try {
      const value = runExpression(entry.parsed, currentObject, lookup);
      return { name, expression, ok: true, value, cached: false };
    } catch (failure) {
      if (failure instanceof EvaluationFailure) return failed(failure.error);
      throw failure;
    }
  };

  return [...entries.values()].map((entry) => evaluate(entry));
}

/** The error that explains a failed evaluation best: a root cause rather than a knock-on failure. */
export function firstCaptureError(evaluations: CaptureEvaluation[]): CaptureError | undefined {
  const errors = evaluations.flatMap((e) => (e.ok ? [] : [e.error]));
  return errors.find((e) => e.code !== 'dependency-failed') ?? errors[0];
}
