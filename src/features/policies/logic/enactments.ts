// Reduces NNCE and NNCP conditions to what the UI shows. Conditions are looked up by type, never
// by array position: the handler clears and rewrites them on a generation change, so order varies.
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
  POLICY_REASON_PROGRESSING,
  type EnactmentPhase,
  type PolicyConditionSummary,
  type PolicyConditionType,
  type PolicyHeadline,
  type PolicyStatusSummary,
  type RolloutProgress,
} from '../model/enactmentStatus';

export { DEFAULT_MAX_UNAVAILABLE } from './maxUnavailable';
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

/** `Map<node, Map<policy, NNCE>>`. Enactments whose key cannot be determined are skipped. */
export const indexEnactments = (
  nnces: readonly NodeNetworkConfigurationEnactment[],
  known: { policies?: Iterable<string>; nodes?: Iterable<string> } = {},
): Map<string, Map<string, NodeNetworkConfigurationEnactment>> => {
  const policies = known.policies ? [...known.policies] : undefined;
  const nodes = known.nodes ? [...known.nodes] : undefined;
  const index = new Map<string, Map<string, NodeNetworkConfigurationEnactment>>();
  for (const nnce of nnces) {
    const key = getEnactmentKey(nnce, { policies, nodes });
    if (!key) continue;
    let byPolicy = index.get(key.node);
    if (!byPolicy) {
      byPolicy = new Map();
      index.set(key.node, byPolicy);
    }
    byPolicy.set(key.policy, nnce);
  }
  return index;
};

/** The enactments of one policy, keyed by node. */
export const getPolicyEnactments = (
  index: Map<string, Map<string, NodeNetworkConfigurationEnactment>>,
  policyName: string,
): Map<string, NodeNetworkConfigurationEnactment> => {
  const out = new Map<string, NodeNetworkConfigurationEnactment>();
  for (const [node, byPolicy] of index) {
    const nnce = byPolicy.get(policyName);
    if (nnce) out.set(node, nnce);
  }
  return out;
};

/**
 * The phase from the conditions alone, cached per enactment object: watch data keeps an object's
 * identity until the object changes, so pages that derive phases on every render (enactment
 * tables, failed-policy lists) re-derive only those a watch event replaced.
 */
const conditionPhases = new WeakMap<object, EnactmentPhase>();

/** An enactment reporting another generation than its policy's says nothing about it yet. */
export const isStaleGeneration = (
  enactmentGeneration: unknown,
  policyGeneration: number | undefined,
): boolean =>
  policyGeneration !== undefined &&
  typeof enactmentGeneration === 'number' &&
  enactmentGeneration !== policyGeneration;

export const getEnactmentPhase = (
  nnce: NodeNetworkConfigurationEnactment,
  policyGeneration?: number,
): EnactmentPhase => {
  if (isStaleGeneration(nnce.status?.policyGeneration, policyGeneration)) return 'Stale';
  let phase = conditionPhases.get(nnce);
  if (phase === undefined) {
    phase = getConditionPhase(nnce.status?.conditions);
    conditionPhases.set(nnce, phase);
  }
  return phase;
};

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

/** The condition that explains the phase (its message is what a tooltip shows). */
export const getEnactmentPhaseCondition = (
  nnce: NodeNetworkConfigurationEnactment,
  phase: EnactmentPhase,
): Condition | undefined => {
  const type =
    phase === 'Retrying' ? 'Failing' : phase === 'Stale' || phase === 'Unknown' ? null : phase;
  return type ? getCondition(nnce.status?.conditions, type) : undefined;
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

/** True when the admission policy forbids a spec update ("policy … is still in progress"). */
export const isPolicyUpdateBlocked = (policy: NodeNetworkConfigurationPolicy): boolean => {
  const reason = getCondition(policy.status?.conditions, 'Available')?.reason ?? '';
  return reason === '' || reason === POLICY_REASON_PROGRESSING;
};

const FINISHED: ReadonlySet<EnactmentPhase> = new Set(['Available', 'Failing', 'Aborted']);

export const summarizePolicyStatus = (
  policy: NodeNetworkConfigurationPolicy,
  enactmentsForPolicy: Iterable<NodeNetworkConfigurationEnactment>,
): PolicyStatusSummary => {
  const generation = policy.metadata.generation;
  const counts = emptyPhaseCounts();
  for (const nnce of enactmentsForPolicy) counts[getEnactmentPhase(nnce, generation)] += 1;
  return summarizePhaseCounts(policy, counts);
};

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
