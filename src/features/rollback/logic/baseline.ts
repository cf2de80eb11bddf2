// What nodes looked like before a policy applied, for reverting it. Deleting a policy does not
// undo it and the NodeNetworkState only shows the state after it, so the first revision of a
// policy carries a baseline: the slice of each matched node's state the policy touches, taken
// from nodes where the policy had not applied yet. Where no baseline exists, revert says what it
// does not know (logic/revertInputs.ts, logic/inverse.ts).
import type {
  NetworkState,
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkConfigurationPolicySpec,
  Route,
} from '../../../shared/model/nmstate';
import { getEnactmentKey, getEnactmentPhase } from '../../policies/logic/enactments';
import { getTouchedInterfaceNames } from './failed';
import { isRecord } from '../../../shared/logic/isRecord';

export const REVISION_BASELINE_KEY = 'baseline';

const routesOf = (spec: NodeNetworkConfigurationPolicySpec): Route[] => {
  const list: unknown = spec.desiredState?.routes?.config;
  return Array.isArray(list) ? list.filter((r): r is Route => isRecord(r)) : [];
};

/** The part of a node's state a policy can change: its interfaces, ports, routes and DNS. */
export const sliceStateForPolicy = (
  spec: NodeNetworkConfigurationPolicySpec,
  state: NetworkState,
): NetworkState => {
  const names = new Set(getTouchedInterfaceNames(spec.desiredState ?? null));
  // Ports of interfaces the policy removes must come back with them.
  for (const i of state.interfaces ?? [])
    if (names.has(i.name))
      for (const p of getTouchedInterfaceNames({ interfaces: [i] })) names.add(p);
  const out: NetworkState = {
    interfaces: structuredClone((state.interfaces ?? []).filter((i) => names.has(i.name))),
  };
  const destinations = new Set(routesOf(spec).map((r) => r.destination));
  if (destinations.size > 0) {
    const keep = (list: Route[] | undefined): Route[] =>
      structuredClone((list ?? []).filter((r) => destinations.has(r.destination)));
    out.routes = { config: keep(state.routes?.config), running: keep(state.routes?.running) };
  }
  if (spec.desiredState?.['dns-resolver'] !== undefined && state['dns-resolver'])
    out['dns-resolver'] = structuredClone(state['dns-resolver']);
  // Route rules are few and have no single identity to filter by: the node's whole list.
  if (spec.desiredState?.['route-rules'] !== undefined)
    out['route-rules'] = structuredClone(state['route-rules'] ?? { config: [] });
  return out;
};

/** Phases after which a node's state includes the policy's change (or may, mid-apply). */
const APPLIED = new Set(['Available', 'Progressing', 'Retrying', 'Unknown']);

/**
 * Baseline for the first revision of a policy: nodes whose enactment has not applied the policy
 * yet (none, Pending, Failing and restored, Aborted). Nodes already applied are left out.
 */
export const buildRevisionBaseline = (
  policy: NodeNetworkConfigurationPolicy,
  matchedNodes: readonly string[],
  nodeStates: ReadonlyMap<string, NetworkState>,
  enactments: readonly NodeNetworkConfigurationEnactment[],
): Record<string, NetworkState> => {
  const phases = new Map<string, string>();
  for (const nnce of enactments) {
    const key = getEnactmentKey(nnce, { policies: [policy.metadata.name] });
    if (key?.policy === policy.metadata.name)
      phases.set(key.node, getEnactmentPhase(nnce, policy.metadata.generation));
  }
  const out: Record<string, NetworkState> = {};
  for (const node of [...matchedNodes].sort()) {
    const phase = phases.get(node);
    const state = nodeStates.get(node);
    if (!state || (phase !== undefined && APPLIED.has(phase))) continue;
    out[node] = sliceStateForPolicy(policy.spec, state);
  }
  return out;
};

/** Reads a baseline from an untrusted revision object; anything malformed is ignored. */
export const getRevisionBaseline = (cr: unknown): Record<string, NetworkState> => {
  if (!isRecord(cr) || !isRecord(cr.data)) return {};
  const raw = cr.data[REVISION_BASELINE_KEY];
  if (!isRecord(raw)) return {};
  const out: Record<string, NetworkState> = {};
  for (const [node, state] of Object.entries(raw))
    if (isRecord(state) && (state.interfaces === undefined || Array.isArray(state.interfaces)))
      out[node] = state;
  return out;
};
