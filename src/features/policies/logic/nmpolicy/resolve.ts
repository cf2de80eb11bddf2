// Public API of the nmpolicy capture engine: resolve a policy's captures against one node's
// current state and substitute them into the desired state, as the nmstate handler does before
// applying a policy. Pure: shared by the policy editor, the sandbox handler and the CLI.
import type { NetworkState } from '../../../../shared/model/nmstate';
import { evaluateCaptures, firstCaptureError } from './captures';
import { isJsonObject, toJson } from './json';
import { expandTemplates, findTemplateReferences } from './template';
import type { CaptureReferenceSite } from './template';
import type { CaptureError, JsonObject } from './types';

export type { CaptureError, CaptureErrorCode } from './types';
export type { CaptureEvaluation, EvaluateOptions } from './captures';
export type { CaptureReferenceSite } from './template';
export { evaluateCaptures } from './captures';
export { formatCaptureError, formatSnippet } from './format';

export type ResolveCapturesResult =
  | { ok: true; desiredState: NetworkState; capturedStates: Record<string, NetworkState> }
  | { ok: false; error: CaptureError };

export function resolvePolicyCaptures(
  capture: Record<string, string>,
  desiredState: NetworkState,
  currentState: NetworkState,
  options?: { cachedCaptures?: Record<string, NetworkState> },
): ResolveCapturesResult {
  const evaluations = evaluateCaptures(capture, currentState, options);
  const error = firstCaptureError(evaluations);
  if (error !== undefined) return { ok: false, error };

  // Upstream keeps every cached capture in the result, even ones the policy no longer declares.
  const captured: Record<string, JsonObject> = {};
  for (const [name, state] of Object.entries(options?.cachedCaptures ?? {})) {
    const json = toJson(state);
    captured[name] = isJsonObject(json) ? json : {};
  }
  for (const evaluation of evaluations) {
    if (evaluation.ok) captured[evaluation.name] = toJson(evaluation.value) as JsonObject;
  }

  const expanded = expandTemplates(toJson(desiredState), captured);
  if (!expanded.ok) return expanded;
  if (!isJsonObject(expanded.value)) {
    return {
      ok: false,
      error: {
        code: 'invalid-desired-state',
        message: 'expand error: the desired state is not an object after capture substitution',
      },
    };
  }
  return {
    ok: true,
    desiredState: expanded.value,
    capturedStates: captured,
  };
}

/** Every `{{ capture.… }}` template in a desired state, with where it sits and what it names. */
export function findCaptureReferences(desiredState: NetworkState): CaptureReferenceSite[] {
  return findTemplateReferences(toJson(desiredState));
}
