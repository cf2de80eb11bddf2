// Live rollout progress of a policy write, and what to do when the write itself is refused.
// The admission policy rejects spec updates while a policy is still progressing, so the UI must
// tell that refusal apart from conflicts and plain errors, and know when it is worth retrying.
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
} from '../../../shared/model/nmstate';
import type { EnactmentPhase } from '../../policies/model/enactmentStatus';
import { isPolicyUpdateBlocked, summarizePolicyStatus } from '../../policies/logic/enactments';
import type { PolicyRevision, RevisionOutcome } from '../model/revision';
import { classifyOutcome } from './outcome';
import { specsEqual } from './specDiff';

/** Outcomes that end a rollout: they are written back onto the revision. */
export const SETTLED_OUTCOMES: readonly RevisionOutcome[] = ['Available', 'Failing', 'Aborted'];

export interface RolloutState {
  generation: number | null;
  /** Enactments per phase, counted against the current generation (older ones are Stale). */
  counts: Record<EnactmentPhase, number>;
  total: number;
  outcome: RevisionOutcome;
  /** True once every node finished (or the policy matches no node). */
  settled: boolean;
}

export const getRolloutState = (
  policy: NodeNetworkConfigurationPolicy,
  enactments: readonly NodeNetworkConfigurationEnactment[],
): RolloutState => {
  const { counts, rollout } = summarizePolicyStatus(policy, enactments);
  const outcome = classifyOutcome(policy, enactments);
  return {
    generation: policy.metadata.generation ?? null,
    counts,
    total: rollout.total,
    outcome,
    // Unknown means nothing to wait for (no matching node, or conditions we cannot read).
    settled: outcome !== 'Progressing',
  };
};

/** What a rejected write means for the user. */
export type WriteFailure =
  /** The policy is still rolling out; the same write will succeed once it settles. */
  | 'waitForSettle'
  /** Someone changed the policy since it was read: show the change before going on. */
  | 'conflict'
  | 'forbidden'
  | 'error';

export interface WriteErrorLike {
  kind?: string;
  status?: number;
  message?: string;
  causes?: readonly { message?: string }[];
}

const IN_PROGRESS = /is still in progress/i;

export const classifyWriteError = (err: WriteErrorLike): WriteFailure => {
  const texts = [err.message ?? '', ...(err.causes ?? []).map((c) => c.message ?? '')];
  // Admission answers 422 (ValidatingAdmissionPolicy) or 403 (older validating webhooks).
  const admissionStatus =
    err.status === 422 || err.status === 403 || err.kind === 'invalid' || err.kind === 'forbidden';
  if (admissionStatus && texts.some((t) => IN_PROGRESS.test(t))) return 'waitForSettle';
  if (err.status === 409 || err.kind === 'conflict') return 'conflict';
  if (err.status === 403 || err.kind === 'forbidden') return 'forbidden';
  return 'error';
};

/** Why a write reviewed on one copy of a policy must not go onto another copy. */
export type RewriteRefusal =
  /** The spec differs from what the user reviewed. */
  | 'specChanged'
  /** The policy of that name is another object (deleted and created again). */
  | 'recreated'
  /** The policy is being deleted. */
  | 'deleting';

/**
 * May a write the user reviewed on `reviewed` go onto `server`, the copy now on the server? Only
 * when what the user reviewed is still there: the same policy (uid), not being deleted, with the
 * spec they saw. This holds after a 409 (the handler rewrites conditions on every reconcile, so a
 * failing policy's resourceVersion moves on while the user reads the preview; metadata the write
 * keeps, since it is sent on the server's copy) and after waiting for a rollout to settle. Then
 * nobody's change is lost; otherwise the reason is returned, for the user to review again.
 */
export const whyNotRewriteOnServerCopy = (
  reviewed: NodeNetworkConfigurationPolicy,
  server: NodeNetworkConfigurationPolicy,
): RewriteRefusal | null => {
  if (server.metadata.uid !== reviewed.metadata.uid) return 'recreated';
  if (server.metadata.deletionTimestamp !== undefined) return 'deleting';
  return specsEqual(server.spec, reviewed.spec) ? null : 'specChanged';
};

/** While waiting for a progressing policy: retry once admission would accept the update. */
export const shouldRetryWaitingWrite = (policy: NodeNetworkConfigurationPolicy): boolean =>
  !isPolicyUpdateBlocked(policy);

/**
 * The outcome to write back onto the revision of the policy's current generation: only once the
 * rollout settled, and only when the revision does not record that outcome already.
 */
export const getOutcomeToRecord = (
  policy: NodeNetworkConfigurationPolicy,
  enactments: readonly NodeNetworkConfigurationEnactment[],
  revisions: readonly PolicyRevision[],
): { revisionName: string; outcome: RevisionOutcome } | null => {
  const generation = policy.metadata.generation;
  if (typeof generation !== 'number') return null;
  const revision = revisions.find(
    (r) => r.policyName === policy.metadata.name && r.generation === generation,
  );
  if (!revision) return null;
  const outcome = classifyOutcome(policy, enactments);
  if (!SETTLED_OUTCOMES.includes(outcome) || revision.outcome === outcome) return null;
  return { revisionName: revision.name, outcome };
};
