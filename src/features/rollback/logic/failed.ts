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
import {
  getConditionPhase,
  getEnactmentKey,
  getEnactmentPhase,
} from '../../policies/logic/enactments';
import type { Condition } from '../../../shared/model/k8s';
import { ENACTMENT_NODE_LABEL, ENACTMENT_POLICY_LABEL } from '../../../shared/model/nmstate';
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

/**
 * What the failed-policies page keeps of an enactment (its lean watch's digest): only failing
 * and aborted ones, which are all a row shows, trimmed to the node and policy, the generation
 * and the conditions' type, status and reason, with the message of the Failing condition alone
 * (the row's error headline comes from it). Captured and desired states, the handler's log-sized
 * messages of other conditions and everything else are dropped, so a row of a policy that failed
 * on 2,000 nodes holds a few hundred bytes per node instead of the whole enactments.
 * `listFailedPolicies` gives a failed policy's row from these as from the whole enactments.
 */
export const digestFailedEnactment = (
  nnce: NodeNetworkConfigurationEnactment,
): NodeNetworkConfigurationEnactment | null => {
  const meta: unknown = nnce.metadata;
  if (!isRecord(meta) || typeof meta.name !== 'string') return null;
  const status: unknown = nnce.status;
  const raw: unknown = isRecord(status) ? status.conditions : undefined;
  const conditions = Array.isArray(raw)
    ? raw.filter((c): c is Condition => isRecord(c) && typeof c.type === 'string')
    : [];
  const phase = getConditionPhase(conditions);
  if (phase !== 'Failing' && phase !== 'Aborted') return null;
  const labels: Record<string, string> = {};
  for (const key of [ENACTMENT_NODE_LABEL, ENACTMENT_POLICY_LABEL]) {
    const value = nnce.metadata.labels?.[key];
    if (typeof value === 'string') labels[key] = value;
  }
  const trimmed: (Condition & { messageEncoded?: string })[] = conditions.map((c) => {
    const out: Condition & { messageEncoded?: string } = { type: c.type, status: c.status };
    if (c.reason !== undefined) out.reason = c.reason;
    if (phase === 'Failing' && c.type === 'Failing') {
      if (c.message !== undefined) out.message = c.message;
      const encoded: unknown = (c as { messageEncoded?: unknown }).messageEncoded;
      if (typeof encoded === 'string') out.messageEncoded = encoded;
    }
    return out;
  });
  const generation = isRecord(status) ? status.policyGeneration : undefined;
  return {
    metadata: { name: nnce.metadata.name, labels },
    status: {
      conditions: trimmed,
      ...(typeof generation === 'number' ? { policyGeneration: generation } : {}),
    },
  };
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
