// Runs a policy's captures against a node's current state, as nmstate/nmstate
// rust/src/lib/policy/capture.rs `NetworkCaptureRules::execute` does: every expression is parsed
// first (a syntax error fails the policy before anything runs), then the captures run in
// dependency order (`sort_captures`) and the first failure fails the policy. For the editor each
// capture also gets its own result, so one failing capture does not hide the others.
import type { NetworkState } from '../../../../shared/model/nmstate';
import { executeCaptureCommand, parentCapture, parseCaptureCommand, sortCaptures } from './command';
import { isJsonObject, toJson } from './json';
import type { CaptureCommand, CaptureError, JsonObject, NmstateError } from './types';

export type CaptureEvaluation =
  | { name: string; expression: string; ok: true; value: NetworkState; cached: boolean }
  | { name: string; expression: string; ok: false; error: CaptureError };

export interface EvaluateOptions {
  /**
   * An enactment's `status.capturedStates`. Upstream passes them as `nmstatectl policy --captured`
   * (kubernetes-nmstate pkg/nmpolicy/generate.go, pkg/nmstatectl/nmstatectl.go `Policy`), and
   * nmstate then runs no capture at all and uses these (rust/src/cli/policy.rs).
   */
  cachedCaptures?: Record<string, NetworkState>;
}

export function captureError(
  error: NmstateError,
  name?: string,
  expression?: string,
): CaptureError {
  const out: CaptureError = { code: error.code, kind: error.kind, message: error.msg };
  if (name !== undefined) out.captureName = name;
  const line = error.line ?? expression;
  if (line !== undefined) out.expression = line;
  if (error.position !== undefined) out.position = error.position;
  return out;
}

function asObject(value: unknown): JsonObject {
  const json = toJson(value);
  return isJsonObject(json) ? json : {};
}

export interface CaptureRun {
  evaluations: CaptureEvaluation[];
  /** What `nmstatectl policy` reports: the first error in its own order, if any. */
  error?: CaptureError;
  captured: Map<string, JsonObject>;
  cached: boolean;
}

export function runCaptures(
  capture: Record<string, string>,
  currentState: NetworkState,
  options: EvaluateOptions = {},
): CaptureRun {
  const entries = Object.entries(capture).map(([name, expr]) => [name, expr] as const);
  const cachedInput = options.cachedCaptures;
  if (cachedInput !== undefined && Object.keys(cachedInput).length > 0) {
    const captured = new Map(Object.entries(cachedInput).map(([k, v]) => [k, asObject(v)]));
    const evaluations: CaptureEvaluation[] = entries.map(([name, expression]) => {
      const value = captured.get(name);
      return value !== undefined
        ? { name, expression, ok: true, value, cached: true }
        : {
            name,
            expression,
            ok: false,
            error: {
              code: 'unknown-capture',
              kind: 'PolicyError',
              message: `Capture ${name} is not in the cached captured states`,
              captureName: name,
            },
          };
    });
    return { evaluations, captured, cached: true };
  }

  const current = asObject(currentState);
  const parsed = new Map<string, CaptureCommand>();
  const results = new Map<string, CaptureEvaluation>();
  let firstError: CaptureError | undefined;
  for (const [name, expression] of [...entries].sort(([a], [b]) => a.localeCompare(b))) {
    const cmd = parseCaptureCommand(expression);
    if (cmd.ok) parsed.set(name, cmd.value);
    else {
      const error = captureError(cmd.error, name, expression);
      results.set(name, { name, expression, ok: false, error });
      firstError ??= error;
    }
  }
  const captured = new Map<string, JsonObject>();
  const order = sortCaptures(parsed);
  if (!order.ok) {
    // Upstream fails the policy as a whole; per capture, name the reason where it is known.
    for (const [name, cmd] of parsed) {
      const parent = parentCapture(cmd);
      const unknown = parent !== undefined && !entries.some(([n]) => n === parent);
      const error: CaptureError = {
        ...captureError(order.error, name, cmd.line),
        code: unknown ? 'unknown-capture' : 'capture-cycle',
      };
      if (parent !== undefined) results.set(name, { name, expression: cmd.line, ok: false, error });
      else {
        const r = executeCaptureCommand(cmd, current, captured);
        results.set(
          name,
          r.ok
            ? { name, expression: cmd.line, ok: true, value: r.value, cached: false }
            : {
                name,
                expression: cmd.line,
                ok: false,
                error: captureError(r.error, name, cmd.line),
              },
        );
      }
    }
    firstError ??= captureError(order.error);
  } else {
    for (const name of order.value) {
      const cmd = parsed.get(name);
      if (cmd === undefined) continue;
      const parent = parentCapture(cmd);
      const parentResult = parent === undefined ? undefined : results.get(parent);
      if (parentResult !== undefined && !parentResult.ok) {
        results.set(name, {
          name,
          expression: cmd.line,
          ok: false,
          error: {
            code: 'dependency-failed',
            kind: parentResult.error.kind ?? 'PolicyError',
            message: `Capture ${parent ?? ''} failed: ${parentResult.error.message}`,
            captureName: name,
            expression: cmd.line,
          },
        });
        continue;
      }
      const r = executeCaptureCommand(cmd, current, captured);
      if (r.ok) {
        captured.set(name, r.value);
        results.set(name, { name, expression: cmd.line, ok: true, value: r.value, cached: false });
      } else {
        const error = captureError(r.error, name, cmd.line);
        results.set(name, { name, expression: cmd.line, ok: false, error });
        firstError ??= error;
      }
    }
  }
  const evaluations = entries.map(
    ([name, expression]): CaptureEvaluation =>
      results.get(name) ?? {
        name,
        expression,
        ok: false,
        error: { code: 'invalid-expression', message: 'not evaluated', captureName: name },
      },
  );
  const run: CaptureRun = { evaluations, captured, cached: false };
  if (firstError !== undefined) run.error = firstError;
  return run;
}

/** Every capture's result, in declaration order. */
export function evaluateCaptures(
  capture: Record<string, string>,
  currentState: NetworkState,
  options: EvaluateOptions = {},
): CaptureEvaluation[] {
  return runCaptures(capture, currentState, options).evaluations;
}
