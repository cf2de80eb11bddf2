// Failed rollouts as the failed-policies view and the failed enactment view show them: which
// policies are Failing or Aborted, on which nodes, with what error, and what each node was
// restored to (the handler rolls a failing node back to its checkpoint).
import type {
  NetworkInterface,
  NetworkState,
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import type { EnactmentPhase } from '../../policies/model/enactmentStatus';
import type { ExtractedEnactmentError } from '../../policies/model/enactmentError';
import { getEnactmentFailure } from '../../policies/logic/enactmentError';
import { getEnactmentKey, getEnactmentPhase } from '../../policies/logic/enactments';
import { getInterfacePorts } from '../../policies/logic/validatePolicy';
import type { RevisionOutcome } from '../model/revision';
import { classifyOutcome } from './outcome';
import { isRecord } from '../../../shared/logic/isRecord';

export interface FailedPolicyRow {
  name: string;
  outcome: Extract<RevisionOutcome, 'Failing' | 'Aborted'>;
  failingNodes: string[];
  abortedNodes: string[];
  /** Enactments of the current generation. */
  total: number;
  /** The first failing node's error headline, verbatim from the handler. */
  headline: string | null;
}

/** Groups enactments by policy name (labels first, the `<node>.<policy>` name as a fallback). */
export const groupEnactmentsByPolicy = (
  enactments: readonly NodeNetworkConfigurationEnactment[],
  policyNames: Iterable<string>,
): Map<string, { node: string; nnce: NodeNetworkConfigurationEnactment }[]> => {
  const names = [...policyNames];
  const out = new Map<string, { node: string; nnce: NodeNetworkConfigurationEnactment }[]>();
  for (const nnce of enactments) {
    const key = getEnactmentKey(nnce, { policies: names });
    if (!key) continue;
    const list = out.get(key.policy);
    if (list) list.push({ node: key.node, nnce });
    else out.set(key.policy, [{ node: key.node, nnce }]);
  }
  return out;
};

/** Every policy whose current generation finished Failing or Aborted, worst first. */
export const listFailedPolicies = (
  policies: readonly NodeNetworkConfigurationPolicy[],
  enactments: readonly NodeNetworkConfigurationEnactment[],
): FailedPolicyRow[] => {
  const grouped = groupEnactmentsByPolicy(
    enactments,
    policies.map((p) => p.metadata.name),
  );
  const rows: FailedPolicyRow[] = [];
  for (const policy of policies) {
    const own = grouped.get(policy.metadata.name) ?? [];
    const outcome = classifyOutcome(
      policy,
      own.map((e) => e.nnce),
    );
    if (outcome !== 'Failing' && outcome !== 'Aborted') continue;
    const generation = policy.metadata.generation;
    const failingNodes: string[] = [];
    const abortedNodes: string[] = [];
    let headline: string | null = null;
    let total = 0;
    for (const { node, nnce } of [...own].sort((a, b) => a.node.localeCompare(b.node))) {
      const phase = getEnactmentPhase(nnce, generation);
      if (phase !== 'Stale') total += 1;
      if (phase === 'Failing') {
        failingNodes.push(node);
        headline ??= getEnactmentFailure(nnce)?.headline ?? null;
      } else if (phase === 'Aborted') abortedNodes.push(node);
    }
    rows.push({
      name: policy.metadata.name,
      outcome,
      failingNodes,
      abortedNodes,
      total,
      headline,
    });
  }
  return rows.sort(
    (a, b) => b.failingNodes.length - a.failingNodes.length || a.name.localeCompare(b.name),
  );
};

export interface FailedNodeDetails {
  node: string;
  phase: EnactmentPhase;
  /** The enactment's `status.desiredState`: the policy after templating, as the handler tried it. */
  attempted: NetworkState | null;
  error: ExtractedEnactmentError | null;
  /** The node's current interfaces that the attempt touched (named, or ports of those named). */
  restored: NetworkInterface[];
  /** False when the node reports no NodeNetworkState. */
  hasState: boolean;
}

/** Interface names a desired state names, with the ports of the controllers it declares. */
export const getTouchedInterfaceNames = (desired: NetworkState | null | undefined): string[] => {
  const list: unknown = desired?.interfaces;
  if (!Array.isArray(list)) return [];
  const names = new Set<string>();
  for (const i of list) {
    if (!isRecord(i) || typeof i.name !== 'string') continue;
    names.add(i.name);
    for (const port of getInterfacePorts(i as NetworkInterface)) names.add(port);
    const vlan = i.vlan;
    if (isRecord(vlan) && typeof vlan['base-iface'] === 'string') names.add(vlan['base-iface']);
  }
  return [...names];
};

/** Per failing or aborted node: what was attempted, why it failed, what the node has now. */
export const getFailedNodeDetails = (
  policy: NodeNetworkConfigurationPolicy,
  enactments: readonly NodeNetworkConfigurationEnactment[],
  nodeStates: readonly NodeNetworkState[],
): FailedNodeDetails[] => {
  const grouped =
    groupEnactmentsByPolicy(enactments, [policy.metadata.name]).get(policy.metadata.name) ?? [];
  const states = new Map(nodeStates.map((n) => [n.metadata.name, n.status?.currentState]));
  const out: FailedNodeDetails[] = [];
  for (const { node, nnce } of grouped) {
    const phase = getEnactmentPhase(nnce, policy.metadata.generation);
    if (phase !== 'Failing' && phase !== 'Aborted') continue;
    const attempted = nnce.status?.desiredState ?? null;
    // Aborted nodes never templated the policy; the spec says what would have been tried.
    const names = new Set(getTouchedInterfaceNames(attempted ?? policy.spec.desiredState ?? null));
    const current = states.get(node);
    out.push({
      node,
      phase,
      attempted,
      error: getEnactmentFailure(nnce),
      restored: (current?.interfaces ?? []).filter((i) => names.has(i.name)),
      hasState: current !== undefined,
    });
  }
  return out.sort((a, b) => a.node.localeCompare(b.node));
};
