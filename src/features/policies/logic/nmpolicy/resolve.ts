// Public API of the capture engine: what `nmstatectl policy` does on a node for the handler
// (kubernetes-nmstate >= v0.84 pkg/nmpolicy/generate.go): run the captures against the node's
// current state (or take the cached ones), fill them into the desired state and parse the result
// strictly. Pure: shared by the policy editor and preview, the sandbox handler and the CLI.
import type { NetworkState } from '../../../../shared/model/nmstate';
import { runCaptures } from './captures';
import { isJsonObject, toJson } from './json';
import { deserializeNetworkState } from './deserialize';
import { fillWithCapturedData, findTemplateReferences, templateError } from './template';
import type { CaptureReferenceSite } from './template';
import type { CaptureError } from './types';

export type { CaptureError, CaptureErrorCode, NmstateErrorKind } from './types';
export type { CaptureEvaluation, EvaluateOptions } from './captures';
export type { CaptureReferenceSite } from './template';
export { evaluateCaptures } from './captures';
export { formatCaptureError, formatNmstateError, formatSnippet } from './format';

export type ResolveCapturesResult =
  | {
      ok: true;
      desiredState: NetworkState;
      capturedStates: Record<string, NetworkState>;
      /** True when the captures came from `cachedCaptures` and none was run. */
      capturesCached: boolean;
    }
  | { ok: false; error: CaptureError };

export function resolvePolicyCaptures(
  capture: Record<string, string>,
  desiredState: NetworkState,
  currentState: NetworkState,
  options?: { cachedCaptures?: Record<string, NetworkState> },
): ResolveCapturesResult {
  const run = runCaptures(capture, currentState, options);
  if (run.error !== undefined) return { ok: false, error: run.error };
  const desired = toJson(desiredState);
  const filled = fillWithCapturedData(isJsonObject(desired) ? desired : {}, run.captured);
  if (!filled.ok) return { ok: false, error: templateError(filled.error, filled.path) };
  // The strict parse `nmstatectl policy` ends with; what it prints back is what gets applied.
  const parsed = deserializeNetworkState(filled.value);
  if (!parsed.ok) {
    const code = parsed.msg.startsWith('unknown field') ? 'unknown-field' : 'invalid-value';
    return { ok: false, error: { code, kind: 'InvalidArgument', message: parsed.msg } };
  }
  return {
    ok: true,
    desiredState: parsed.value,
    capturedStates: Object.fromEntries(run.captured),
    capturesCached: run.cached,
  };
}

/** Every `{{ capture.… }}` template in a desired state, with where it sits and what it names. */
export function findCaptureReferences(desiredState: NetworkState): CaptureReferenceSite[] {
  return findTemplateReferences(toJson(desiredState));
}
