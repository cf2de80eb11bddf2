// What a policy generation achieved, from its enactments (current generation only) with the
// policy's own conditions as a fallback; and which revision a rollback should offer first.
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkConfigurationPolicySpec,
} from '../../../shared/model/nmstate';
import { summarizePhaseCounts, summarizePolicyStatus } from '../../policies/logic/enactments';
import type { EnactmentPhase, PolicyStatusSummary } from '../../policies/model/enactmentStatus';
import type { PolicyRevision, RevisionOutcome } from '../model/revision';
import { sortRevisions } from './revisions';
import { specsEqual } from './specDiff';

export const classifyOutcome = (
  policy: NodeNetworkConfigurationPolicy,
  enactments: Iterable<NodeNetworkConfigurationEnactment>,
): RevisionOutcome => outcomeOf(summarizePolicyStatus(policy, enactments));

/** The same, from phase counts already taken (the digest counter's, on the failed-policies page). */
export const classifyPhaseCounts = (
  policy: NodeNetworkConfigurationPolicy,
  counts: Readonly<Record<EnactmentPhase, number>>,
): RevisionOutcome => outcomeOf(summarizePhaseCounts(policy, { ...counts }));

const outcomeOf = ({ counts, headline }: PolicyStatusSummary): RevisionOutcome => {
  const current =
    counts.Available +
    counts.Failing +
    counts.Aborted +
    counts.Retrying +
    counts.Progressing +
    counts.Pending;
  // Until every node has finished, the generation's outcome is not known yet.
  if (counts.Retrying + counts.Progressing + counts.Pending + counts.Stale > 0)
    return 'Progressing';
  if (counts.Failing > 0) return 'Failing';
  if (counts.Aborted > 0) return 'Aborted';
  if (current > 0 && counts.Available === current && counts.Unknown === 0) return 'Available';
  if (headline === 'Degraded') return 'Failing';
  if (headline === 'Progressing' || headline === 'Pending') return 'Progressing';
  if (headline === 'Available' && current > 0) return 'Available';
  return 'Unknown';
};

/**
 * The newest revision that was Available on every node and whose spec differs from the
 * current one (by default the newest revision's spec).
 */
export const pickDefaultRollbackRevision = (
  revisions: readonly PolicyRevision[],
  currentSpec?: NodeNetworkConfigurationPolicySpec,
): PolicyRevision | null => {
  const sorted = sortRevisions(revisions);
  const current = currentSpec ?? sorted[0]?.spec;
  return (
    sorted.find(
      (r) => r.outcome === 'Available' && (current === undefined || !specsEqual(r.spec, current)),
    ) ?? null
  );
};
