// What the policy list derives from conditions: an enactment's node and policy, its phase, and a
// policy's status from phase counts. Apart from enactments.ts's readers of whole enactment lists
// so that the list page, one file that webpack cannot trim per page, carries only these (issue
// 23's bytes); enactments.ts re-exports them. Conditions are looked up by type, never by array
// position: the handler clears and rewrites them on a generation change, so order varies.
import type { Condition } from '../../../shared/model/k8s';
import {
  ENACTMENT_NODE_LABEL,
  ENACTMENT_POLICY_LABEL,
  type NodeNetworkConfigurationEnactment,
  type NodeNetworkConfigurationPolicy,
} from '../../../shared/model/nmstate';
import {
  ENACTMENT_PHASES,
  ENACTMENT_REASON_RETRYING,
  POLICY_REASON_NO_MATCHING_NODE,
  type EnactmentPhase,
  type PolicyConditionSummary,
  type PolicyConditionType,
  type PolicyHeadline,
  type PolicyStatusSummary,
  type RolloutProgress,
} from '../model/enactmentStatus';
import { resolveMaxUnavailable as resolveMaxUnavailableAsHandler } from './maxUnavailable';

/** The last condition of a type wins, as a controller's update would overwrite an earlier one. */
export const getCondition = (
  conditions: readonly Condition[] | undefined,
  type: string,
): Condition | undefined => {
  let found: Condition | undefined;
  for (const c of conditions ?? []) if (c.type === type) found = c;
  return found;
};

const isTrue = (conditions: readonly Condition[] | undefined, type: string): boolean =>
  getCondition(conditions, type)?.status === 'True';

/**
 * Node and policy of an enactment. Labels are authoritative; the `<node>.<policy>` name is only
 * a fallback, and since node names contain dots it is split using the known policy or node names.
 */
export const getEnactmentKey = (
  nnce: NodeNetworkConfigurationEnactment,
  known: { policies?: Iterable<string>; nodes?: Iterable<string> } = {},
): { node: string; policy: string } | null => {
  const labels = nnce.metadata.labels ?? {};
  const labelNode = labels[ENACTMENT_NODE_LABEL];
  const labelPolicy = labels[ENACTMENT_POLICY_LABEL];
  const name = nnce.metadata.name;
  if (labelNode && labelPolicy) return { node: labelNode, policy: labelPolicy };
  if (labelPolicy && name.endsWith(`.${labelPolicy}`))
    return { node: name.slice(0, -labelPolicy.length - 1), policy: labelPolicy };
  if (labelNode && name.startsWith(`${labelNode}.`))
    return { node: labelNode, policy: name.slice(labelNode.length + 1) };
  for (const policy of known.policies ?? [])
    if (name.length > policy.length + 1 && name.endsWith(`.${policy}`))
      return { node: name.slice(0, -policy.length - 1), policy };
  for (const node of known.nodes ?? [])
    if (name.length > node.length + 1 && name.startsWith(`${node}.`))
      return { node, policy: name.slice(node.length + 1) };
  // Without hints, the policy is the part after the last dot: policy names may contain dots
  // too, but node names (FQDNs) far more often do.
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return null;
  return { node: name.slice(0, dot), policy: name.slice(dot + 1) };
};

/** An enactment reporting another generation than its policy's says nothing about it yet. */
export const isStaleGeneration = (
  enactmentGeneration: unknown,
  policyGeneration: number | undefined,
): boolean =>
  policyGeneration !== undefined &&
  typeof enactmentGeneration === 'number' &&
  enactmentGeneration !== policyGeneration;

/**
 * The phase from the conditions alone, before the generation check (the policy list's counter
 * keeps it in its digest of an enactment instead of the object).
 */
export const getConditionPhase = (conditions: readonly Condition[] | undefined): EnactmentPhase => {
  const failing = getCondition(conditions, 'Failing');
  // Since v0.85 a retry sets Failing and Progressing True together, both with reason Retrying.
  if (
    failing?.status === 'True' &&
    (isTrue(conditions, 'Progressing') || failing.reason === ENACTMENT_REASON_RETRYING)
  )
    return 'Retrying';
  if (isTrue(conditions, 'Aborted')) return 'Aborted';
  if (failing?.status === 'True') return 'Failing';
  if (isTrue(conditions, 'Progressing')) return 'Progressing';
  if (isTrue(conditions, 'Pending')) return 'Pending';
  if (isTrue(conditions, 'Available')) return 'Available';
  return 'Unknown';
};

export const samePhaseCounts = (
  a: Readonly<Record<EnactmentPhase, number>>,
  b: Readonly<Record<EnactmentPhase, number>>,
): boolean => ENACTMENT_PHASES.every((phase) => a[phase] === b[phase]);

export const emptyPhaseCounts = (): Record<EnactmentPhase, number> => {
  const counts = {} as Record<EnactmentPhase, number>;
  for (const p of ENACTMENT_PHASES) counts[p] = 0;
  return counts;
};

/** The handler's reading of maxUnavailable; see maxUnavailable.ts. */
export const resolveMaxUnavailable = (
  value: number | string | undefined,
  total: number,
): { count: number; raw: number | string; defaulted: boolean } => {
  const r = resolveMaxUnavailableAsHandler(value, total);
  return { count: r.count, raw: r.raw, defaulted: r.defaulted };
};

const POLICY_PRIORITY: readonly PolicyConditionType[] = [
  'Ignored',
  'Degraded',
  'Progressing',
  'Available',
];

export const getPolicyConditionSummary = (
  policy: NodeNetworkConfigurationPolicy,
): PolicyConditionSummary => {
  const conditions = policy.status?.conditions;
  for (const type of POLICY_PRIORITY) {
    const c = getCondition(conditions, type);
    if (c?.status !== 'True') continue;
    return {
      type,
      reason: c.reason ?? '',
      message: c.message ?? '',
      lastTransitionTime: c.lastTransitionTime ?? null,
      noMatchingNode: type === 'Ignored' || c.reason === POLICY_REASON_NO_MATCHING_NODE,
    };
  }
  const available = getCondition(conditions, 'Available');
  return {
    type: null,
    reason: available?.reason ?? '',
    message: available?.message ?? '',
    lastTransitionTime: available?.lastTransitionTime ?? null,
    noMatchingNode: false,
  };
};

const FINISHED: ReadonlySet<EnactmentPhase> = new Set(['Available', 'Failing', 'Aborted']);

/** The summary from phase counts already taken (the policy list counts every policy in one pass). */
export const summarizePhaseCounts = (
  policy: NodeNetworkConfigurationPolicy,
  counts: Record<EnactmentPhase, number>,
): PolicyStatusSummary => {
  let total = 0;
  let finished = 0;
  for (const phase of ENACTMENT_PHASES) {
    total += counts[phase];
    if (FINISHED.has(phase)) finished += counts[phase];
  }
  const condition = getPolicyConditionSummary(policy);
  const mu = resolveMaxUnavailable(policy.spec.maxUnavailable, total);
  const rollout: RolloutProgress = {
    finished,
    total,
    maxUnavailable: mu.count,
    maxUnavailableRaw: mu.raw,
    maxUnavailableDefaulted: mu.defaulted,
  };
  return { counts, condition, headline: getHeadline(condition, counts, total), rollout };
};

const getHeadline = (
  condition: PolicyConditionSummary,
  counts: Record<EnactmentPhase, number>,
  total: number,
): PolicyHeadline => {
  if (condition.noMatchingNode) return 'NoMatchingNode';
  if (condition.type === 'Degraded') return 'Degraded';
  if (condition.type === 'Progressing') return 'Progressing';
  if (condition.type === 'Available') return 'Available';
  // All four Unknown: the webhook just reset them. Enactments may already say more.
  if (counts.Failing + counts.Aborted > 0) return 'Degraded';
  if (counts.Progressing + counts.Retrying + counts.Pending > 0) return 'Progressing';
  if (total > 0 && counts.Available === total) return 'Available';
  return condition.reason === '' ? 'Pending' : 'Unknown';
};
