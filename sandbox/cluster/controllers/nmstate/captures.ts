// The one seam between the simulated handler and the nmpolicy engine (what `nmstatectl policy`
// does on a node): resolve a policy's captures against the node's current state.
import type { NetworkState } from '../../../../src/shared/model/nmstate';
import { resolvePolicyCaptures } from '../../../../src/features/policies/logic/nmpolicy/resolve';

export type CaptureResolution =
  | { ok: true; desiredState: NetworkState; capturedStates: Record<string, NetworkState> }
  | { ok: false; error: { message: string } };

export function resolveCaptures(
  capture: Record<string, string>,
  desiredState: NetworkState,
  currentState: NetworkState,
): CaptureResolution {
  return resolvePolicyCaptures(capture, desiredState, currentState);
}
