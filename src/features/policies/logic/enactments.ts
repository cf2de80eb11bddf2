// Reduces NNCE and NNCP conditions to what the UI shows, for pages that hold whole enactments.
// The part the policy list needs (phases, counts, a policy's summary) is in phaseCounts.ts and
// re-exported here, so every other page imports both from this module.
import type { Condition } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
} from '../../../shared/model/nmstate';
import type { EnactmentPhase, PolicyStatusSummary } from '../model/enactmentStatus';
import { POLICY_REASON_PROGRESSING } from '../model/enactmentStatus';
import {
  emptyPhaseCounts,
  getCondition,
  getConditionPhase,
  getEnactmentKey,
  isStaleGeneration,
  summarizePhaseCounts,
} from './phaseCounts';

export { DEFAULT_MAX_UNAVAILABLE } from './maxUnavailable';
export {
  emptyPhaseCounts,
  getCondition,
  getConditionPhase,
  getEnactmentKey,
  getPolicyConditionSummary,
  isStaleGeneration,
  resolveMaxUnavailable,
  samePhaseCounts,
  summarizePhaseCounts,
} from './phaseCounts';

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

/** The condition that explains the phase (its message is what a tooltip shows). */
export const getEnactmentPhaseCondition = (
  nnce: NodeNetworkConfigurationEnactment,
  phase: EnactmentPhase,
): Condition | undefined => {
  const type =
    phase === 'Retrying' ? 'Failing' : phase === 'Stale' || phase === 'Unknown' ? null : phase;
  return type ? getCondition(nnce.status?.conditions, type) : undefined;
};

/** True when the admission policy forbids a spec update ("policy … is still in progress"). */
export const isPolicyUpdateBlocked = (policy: NodeNetworkConfigurationPolicy): boolean => {
  const reason = getCondition(policy.status?.conditions, 'Available')?.reason ?? '';
  return reason === '' || reason === POLICY_REASON_PROGRESSING;
};

export const summarizePolicyStatus = (
  policy: NodeNetworkConfigurationPolicy,
  enactmentsForPolicy: Iterable<NodeNetworkConfigurationEnactment>,
): PolicyStatusSummary => {
  const generation = policy.metadata.generation;
  const counts = emptyPhaseCounts();
  for (const nnce of enactmentsForPolicy) counts[getEnactmentPhase(nnce, generation)] += 1;
  return summarizePhaseCounts(policy, counts);
};
