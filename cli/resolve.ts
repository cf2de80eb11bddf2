// `switchboard resolve`: what `nmstatectl policy` does for the kubernetes-nmstate handler (>= v0.84,
// pkg/nmstatectl/nmstatectl.go `Policy`), with the same engine the console and the sandbox handler
// use: resolve a policy's captures against one node's current state and print the resulting
// desired state. `--captured FILE` plays `nmstatectl policy --captured`: an enactment's
// `status.capturedStates` (or the bare map) is used and no capture runs (nmstate/nmstate
// rust/src/cli/policy.rs). Errors print as nmstatectl prints them (`NmstateError: <kind>: …`).
// Exit codes: 0 resolved, 1 capture/template error, 2 bad arguments or unreadable input.
import { parse, stringify } from 'yaml';
import type { NetworkState } from '../src/shared/model/nmstate';
import {
  formatNmstateError,
  resolvePolicyCaptures,
} from '../src/features/policies/logic/nmpolicy/resolve';
import type { CliIo, Subcommand } from './io';

const USAGE =
  'usage: switchboard resolve --state CURRENT.yaml --policy POLICY.yaml [--captured FILE] [--format yaml|json]\n';

type Options = { state: string; policy: string; captured?: string; format: 'yaml' | 'json' };

function parseArgs(argv: string[]): Options | string {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const match = /^--(state|policy|captured|format)(?:=(.*))?$/.exec(arg);
    if (match === null) return `unknown argument: ${arg}`;
    const name = match[1] ?? '';
    let value = match[2];
    if (value === undefined) {
      value = argv[i + 1];
      i += 1;
    }
    if (value === undefined || value === '') return `missing value for --${name}`;
    values[name] = value;
  }
  const { state, policy, captured, format = 'yaml' } = values;
  if (state === undefined) return 'missing --state';
  if (policy === undefined) return 'missing --policy';
  if (format !== 'yaml' && format !== 'json')
    return `unsupported --format ${format} (yaml or json)`;
  return captured === undefined ? { state, policy, format } : { state, policy, captured, format };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readDocument(io: CliIo, path: string): unknown {
  let text: string;
  try {
    text = io.readFile(path);
  } catch (e) {
    throw new InputError(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    return parse(text) as unknown;
  } catch (e) {
    throw new InputError(`cannot parse ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

class InputError extends Error {}

/** A bare nmstate document, a NodeNetworkState (`status.currentState`) or an enactment's state. */
function currentStateOf(doc: unknown, path: string): NetworkState {
  if (!isRecord(doc))
    throw new InputError(`${path}: expected an nmstate document or a NodeNetworkState`);
  const status = isRecord(doc.status) ? doc.status : undefined;
  if (doc.kind === 'NodeNetworkState' || (status !== undefined && isRecord(status.currentState))) {
    if (status === undefined || !isRecord(status.currentState))
      throw new InputError(`${path}: NodeNetworkState has no status.currentState`);
    return status.currentState;
  }
  if (doc.kind === 'NodeNetworkConfigurationEnactment') {
    if (status === undefined || !isRecord(status.desiredState))
      throw new InputError(`${path}: enactment has no status.desiredState`);
    return status.desiredState;
  }
  if (typeof doc.kind === 'string' && typeof doc.apiVersion === 'string') {
    throw new InputError(`${path}: ${doc.kind} does not hold a network state`);
  }
  return doc;
}

/** An NNCP (`spec.capture`, `spec.desiredState`) or a bare nmpolicy `{capture, desiredState}`. */
function policyOf(
  doc: unknown,
  path: string,
): { capture: Record<string, string>; desiredState: NetworkState } {
  if (!isRecord(doc)) throw new InputError(`${path}: expected a NodeNetworkConfigurationPolicy`);
  const spec = isRecord(doc.spec) ? doc.spec : doc;
  const capture = spec.capture ?? {};
  if (!isRecord(capture) || Object.values(capture).some((v) => typeof v !== 'string')) {
    throw new InputError(`${path}: spec.capture must map names to expression strings`);
  }
  const desiredState = spec.desiredState ?? {};
  if (!isRecord(desiredState)) throw new InputError(`${path}: spec.desiredState must be an object`);
  return { capture: capture as Record<string, string>, desiredState };
}

/**
 * Captured states as nmstatectl's `--captured` file holds them (`{name: {metaInfo, state}}`,
 * rust/src/cli/policy.rs `CliNmpolicyCaptureState`), or an enactment carrying them in
 * `status.capturedStates`.
 */
function capturedOf(doc: unknown, path: string): Record<string, NetworkState> {
  if (!isRecord(doc)) throw new InputError(`${path}: expected captured states`);
  let map: Record<string, unknown> = doc;
  if (doc.kind === 'NodeNetworkConfigurationEnactment') {
    const status = isRecord(doc.status) ? doc.status : {};
    if (!isRecord(status.capturedStates))
      throw new InputError(`${path}: enactment has no status.capturedStates`);
    map = status.capturedStates;
  }
  const out: Record<string, NetworkState> = {};
  for (const [name, entry] of Object.entries(map)) {
    if (!isRecord(entry) || !isRecord(entry.state))
      throw new InputError(`${path}: captured state ${name} has no state`);
    out[name] = entry.state;
  }
  return out;
}

export const runResolve: Subcommand = (argv, io) => {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return Promise.resolve(0);
  }
  const options = parseArgs(argv);
  if (typeof options === 'string') {
    io.err(`switchboard resolve: ${options}\n${USAGE}`);
    return Promise.resolve(2);
  }
  let current: NetworkState;
  let policy: ReturnType<typeof policyOf>;
  let cached: Record<string, NetworkState> | undefined;
  try {
    current = currentStateOf(readDocument(io, options.state), options.state);
    policy = policyOf(readDocument(io, options.policy), options.policy);
    if (options.captured !== undefined)
      cached = capturedOf(readDocument(io, options.captured), options.captured);
  } catch (e) {
    if (e instanceof InputError) {
      io.err(`switchboard resolve: ${e.message}\n`);
      return Promise.resolve(2);
    }
    throw e;
  }
  const result = resolvePolicyCaptures(
    policy.capture,
    policy.desiredState,
    current,
    cached === undefined ? undefined : { cachedCaptures: cached },
  );
  if (!result.ok) {
    io.err(`NmstateError: ${formatNmstateError(result.error)}\n`);
    return Promise.resolve(1);
  }
  io.out(
    options.format === 'json'
      ? `${JSON.stringify(result.desiredState, null, 2)}\n`
      : stringify(result.desiredState),
  );
  return Promise.resolve(0);
};
