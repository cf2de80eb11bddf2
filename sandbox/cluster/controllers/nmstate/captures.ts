// The seam between the simulated handler and the capture engine: what `nmstatectl policy` does for
// kubernetes-nmstate >= v0.84 (pkg/nmpolicy/generate.go `GenerateState`). An empty desired state
// skips nmstatectl entirely; otherwise the enactment's cached captured states are passed as
// `--captured` (then no capture runs), the result is parsed strictly, and the captured states are
// written back with a fresh `metaInfo` (nmstate rust/src/cli/policy.rs
// `store_capture_states_from_file`: version "0", RFC 3339 time in seconds).
import type { NetworkState } from '../../../../src/shared/model/nmstate';
import type { NodeNetworkConfigurationPolicy } from '../../../../src/shared/model/nmstate';
import { parseCaptureCommand } from '../../../../src/features/policies/logic/nmpolicy/command';
import {
  formatNmstateError,
  resolvePolicyCaptures,
} from '../../../../src/features/policies/logic/nmpolicy/resolve';

export interface CapturedState {
  state: NetworkState;
  metaInfo: { version: string; time: string };
}

export type GenerateResult =
  | {
      ok: true;
      desiredState: NetworkState;
      capturedStates: Record<string, CapturedState>;
      usedCache: boolean;
    }
  | { ok: false; nmstateError: string; usedCache: boolean };

export function generateState(
  spec: NodeNetworkConfigurationPolicy['spec'],
  current: NetworkState,
  cached: Record<string, { state?: NetworkState }> | undefined,
  isoTime: string,
): GenerateResult {
  const desired = spec.desiredState ?? {};
  const capture = spec.capture ?? {};
  const usedCache = cached !== undefined && Object.keys(cached).length > 0;
  if (Object.keys(desired).length === 0 || Object.keys(current).length === 0)
    return { ok: true, desiredState: {}, capturedStates: {}, usedCache: false };
  // A capture that does not parse fails while nmstatectl loads the policy file, before anything
  // runs, and nmstatectl reports it as a load failure (rust/src/cli/policy.rs
  // `deserilize_from_file`, which tries YAML then JSON). serde may append a location to each
  // message; that suffix is not reproduced.
  for (const name of Object.keys(capture).sort()) {
    const parsed = parseCaptureCommand(capture[name] ?? '');
    if (!parsed.ok) {
      const text = formatNmstateError({
        code: parsed.error.code,
        kind: parsed.error.kind,
        message: parsed.error.msg,
        ...(parsed.error.line === undefined ? {} : { expression: parsed.error.line }),
        ...(parsed.error.position === undefined ? {} : { position: parsed.error.position }),
      });
      return {
        ok: false,
        nmstateError: `Failed to load from file, tried both YAML and JSON format. Errors: ${text}, ${text}`,
        usedCache,
      };
    }
  }
  const cachedStates = usedCache
    ? Object.fromEntries(Object.entries(cached).map(([k, v]) => [k, v.state ?? {}]))
    : undefined;
  const r = resolvePolicyCaptures(
    capture,
    desired,
    current,
    cachedStates === undefined ? undefined : { cachedCaptures: cachedStates },
  );
  if (!r.ok)
    return { ok: false, nmstateError: `NmstateError: ${formatNmstateError(r.error)}`, usedCache };
  const time = isoTime.replace(/\.\d+Z$/, 'Z');
  return {
    ok: true,
    desiredState: r.desiredState,
    capturedStates: Object.fromEntries(
      Object.entries(r.capturedStates).map(([k, state]) => [
        k,
        { state, metaInfo: { version: '0', time } },
      ]),
    ),
    usedCache,
  };
}
