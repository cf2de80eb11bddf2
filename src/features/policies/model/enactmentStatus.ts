// Vocabulary for enactment and policy status as the UI shows it.

/** One enactment's state on one node, reduced from its five conditions. */
export type EnactmentPhase =
  | 'Available'
  | 'Failing'
  | 'Retrying'
  | 'Progressing'
  | 'Pending'
  | 'Aborted'
  | 'Unknown'
  /** The enactment reports an older policy generation, so its conditions say nothing yet. */
  | 'Stale';

export const ENACTMENT_PHASES: readonly EnactmentPhase[] = [
  'Available',
  'Failing',
  'Retrying',
  'Progressing',
  'Pending',
  'Aborted',
  'Unknown',
  'Stale',
];

export const ENACTMENT_CONDITION_TYPES = [
  'Available',
  'Failing',
  'Progressing',
  'Pending',
  'Aborted',
] as const;

export const POLICY_CONDITION_TYPES = ['Available', 'Degraded', 'Progressing', 'Ignored'] as const;
export type PolicyConditionType = (typeof POLICY_CONDITION_TYPES)[number];

export const POLICY_REASON_NO_MATCHING_NODE = 'NoMatchingNode';
export const POLICY_REASON_PROGRESSING = 'ConfigurationProgressing';
export const ENACTMENT_REASON_RETRYING = 'Retrying';

/** The single state a list row or a details header shows for a policy. */
export type PolicyHeadline =
  | 'Available'
  | 'Degraded'
  | 'Progressing'
  | 'NoMatchingNode'
  /** Conditions were cleared by the admission webhook and nothing reported yet. */
  | 'Pending'
  | 'Unknown';

export interface PolicyConditionSummary {
  /** The condition whose status is True (the first by priority), if any. */
  type: PolicyConditionType | null;
  reason: string;
  message: string;
  lastTransitionTime: string | null;
  /** True for both the v0.85+ `Ignored=True` and the v0.84 `Available=True/NoMatchingNode` form. */
  noMatchingNode: boolean;
}

export interface RolloutProgress {
  /** Enactments of the current generation that reached a final state (Available, Failing, Aborted). */
  finished: number;
  /** Enactments of this policy (every generation: the handler scales maxUnavailable against them). */
  total: number;
  /** maxUnavailable resolved to a node count against `total` (ceil, at least 1). */
  maxUnavailable: number;
  /** The raw spec value, or the default "50%" when unset. */
  maxUnavailableRaw: string | number;
  /** True when the spec value was invalid and the handler falls back to 50%. */
  maxUnavailableDefaulted: boolean;
}

export interface PolicyStatusSummary {
  counts: Record<EnactmentPhase, number>;
  condition: PolicyConditionSummary;
  headline: PolicyHeadline;
  rollout: RolloutProgress;
}
