// The failed-policies list: which policies it shows, its status filter and sort keys. A policy
// is listed while its current generation failed or aborted on some node (by the lean phase
// counts, so the page never holds whole enactments).
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import type { PhaseCounts } from '../../policies/logic/enactmentCounter';
import { classifyPhaseCounts } from './outcome';

export type FailedOutcome = 'Failing' | 'Aborted';
export const FAILED_OUTCOME_ITEMS: readonly FailedOutcome[] = ['Failing', 'Aborted'];

export interface FailedCandidate {
  policy: NodeNetworkConfigurationPolicy;
  outcome: FailedOutcome;
  counts: PhaseCounts;
}

/** Policies whose current generation is Failing or Aborted, worst first (most failing nodes). */
export function listFailedCandidates(
  policies: readonly NodeNetworkConfigurationPolicy[],
  counts: ReadonlyMap<string, PhaseCounts>,
): FailedCandidate[] {
  const out: FailedCandidate[] = [];
  for (const policy of policies) {
    const c = counts.get(policy.metadata.name);
    if (!c) continue;
    const outcome = classifyPhaseCounts(policy, c);
    if (outcome === 'Failing' || outcome === 'Aborted') out.push({ policy, outcome, counts: c });
  }
  return out.sort(
    (a, b) =>
      b.counts.Failing - a.counts.Failing ||
      a.policy.metadata.name.localeCompare(b.policy.metadata.name),
  );
}

/** Enactments of the policy's current generation, whatever their phase. */
export const countCurrent = (c: PhaseCounts): number =>
  c.Available + c.Failing + c.Aborted + c.Retrying + c.Progressing + c.Pending + c.Unknown;

/** The Nodes column's sort key: failing nodes, then aborted ones. */
export const failedNodesSortKey = (c: PhaseCounts): number[] => [c.Failing, c.Aborted];

/** Failing first: a node rejected the state there; aborted nodes stopped over failures elsewhere. */
export const failedOutcomeSortKey = (o: FailedOutcome): number => FAILED_OUTCOME_ITEMS.indexOf(o);
