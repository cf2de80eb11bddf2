// Live history of one policy: parsed revisions with how far each can be trusted, unavailable
// objects, and the recording side effects (a revision on first sight of a generation, the
// outcome once a rollout settles). Only users allowed every verb recording uses record; viewers
// only read. Recording failures are reported, not swallowed.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAccessReview } from '@openshift-console/dynamic-plugin-sdk';
import { ControllerRevisionGVK, EnactmentGVK } from '../../../shared/k8s/models';
import { useWatchedList } from '../../../shared/k8s/useWatchedList';
import type { WatchedResult } from '../../../shared/k8s/useWatchedList';
import type { K8sResource } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
} from '../../../shared/model/nmstate';
import { ENACTMENT_POLICY_LABEL } from '../../../shared/model/nmstate';
import {
  HISTORY_NAMESPACE,
  REVISION_POLICY_LABEL,
  type ControllerRevision,
  type PolicyRevision,
  type RevisionUnavailableReason,
} from '../model/revision';
import { getRevisionBaseline } from '../logic/baseline';
import {
  getPolicyLabelValue,
  needsRevision,
  parseRevision,
  sortRevisions,
} from '../logic/revisions';
import { getOutcomeToRecord } from '../logic/rollout';
import { assessRevision, type RevisionTrust } from '../logic/trust';
import type { TrustedBaseline } from '../logic/revertInputs';
import { recordPolicyRevision, recordRevisionOutcome } from './revisionStore';
import { toK8sError } from '../../../shared/k8s/k8sError';

export interface UnavailableRevision {
  name: string | null;
  reason: RevisionUnavailableReason | 'revision.otherPolicy';
}

export interface AssessedRevision {
  revision: PolicyRevision;
  trust: RevisionTrust;
}

/** The verbs recording history uses on ControllerRevisions in HISTORY_NAMESPACE. */
export const HISTORY_VERBS = ['get', 'list', 'watch', 'create', 'update', 'delete'] as const;

export interface PolicyHistory {
  /** Trusted revisions of this policy object, newest first: the only ones offered by default. */
  revisions: PolicyRevision[];
  /** Every parsed revision with its assessment, newest first, for the timeline. */
  assessed: AssessedRevision[];
  untrusted: AssessedRevision[];
  unavailable: UnavailableRevision[];
  /** Baselines of trusted revisions only: a planted one could make a revert destructive. */
  baselines: TrustedBaseline[];
  result: WatchedResult<K8sResource[]>;
  canRecord: boolean;
  /** Verbs the user lacks for recording (empty while the reviews load or when all are allowed). */
  missingVerbs: string[];
  /** Recording failures since the page opened. */
  errors: string[];
}

/** Enactments of one policy, live. */
export function usePolicyEnactments(policyName: string | undefined) {
  return useWatchedList<NodeNetworkConfigurationEnactment>(EnactmentGVK, {
    selector: { matchLabels: { [ENACTMENT_POLICY_LABEL]: policyName ?? '' } },
    enabled: Boolean(policyName),
  });
}

export function usePolicyHistory(
  policy: NodeNetworkConfigurationPolicy | undefined,
  enactments: readonly NodeNetworkConfigurationEnactment[],
  enactmentsLoaded: boolean,
): PolicyHistory {
  const name = policy?.metadata.name ?? '';
  const result = useWatchedList<K8sResource>(ControllerRevisionGVK, {
    namespace: HISTORY_NAMESPACE,
    selector: { matchLabels: { [REVISION_POLICY_LABEL]: getPolicyLabelValue(name) } },
    enabled: Boolean(name),
  });
  const review = (verb: (typeof HISTORY_VERBS)[number]) => ({
    group: 'apps',
    resource: 'controllerrevisions',
    verb,
    namespace: HISTORY_NAMESPACE,
  });
  // One hook call per verb, in a fixed order (rules of hooks).
  const allowed = [
    useAccessReview(review('get')),
    useAccessReview(review('list')),
    useAccessReview(review('watch')),
    useAccessReview(review('create')),
    useAccessReview(review('update')),
    useAccessReview(review('delete')),
  ];
  const reviewsLoaded = allowed.every(([, loading]) => !loading);
  const missingVerbs = reviewsLoaded ? HISTORY_VERBS.filter((_, i) => !allowed[i]?.[0]) : [];
  const canRecord = reviewsLoaded && missingVerbs.length === 0;
  const [errors, setErrors] = useState<string[]>([]);
  const report = useCallback((err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    setErrors((e) => (e.includes(message) ? e : [...e, message]));
  }, []);

  const parsed = useMemo(() => {
    const assessed: AssessedRevision[] = [];
    const unavailable: UnavailableRevision[] = [];
    const raw = new Map<string, ControllerRevision>();
    const baselines: TrustedBaseline[] = [];
    for (const obj of result.data) {
      const r = parseRevision(obj);
      if (!r.ok) {
        unavailable.push({ name: r.name, reason: r.reason });
        continue;
      }
      // A label collision or a hand-made object: never offer another policy's spec.
      if (r.revision.policyName !== name) {
        unavailable.push({ name: r.revision.name, reason: 'revision.otherPolicy' });
        continue;
      }
      const trust = policy
        ? assessRevision(r.revision, policy)
        : { trusted: false, issues: [], author: 'none' as const };
      assessed.push({ revision: r.revision, trust });
      raw.set(r.revision.name, obj as ControllerRevision);
      const baseline = getRevisionBaseline(obj);
      if (trust.trusted && Object.keys(baseline).length > 0)
        baselines.push({
          generation: r.revision.generation,
          specDesiredState: r.revision.spec.desiredState,
          baseline,
        });
    }
    const order = sortRevisions(assessed.map((a) => a.revision));
    const sorted = order.map((r) => assessed.find((a) => a.revision === r) as AssessedRevision);
    return {
      assessed: sorted,
      revisions: sorted.filter((a) => a.trust.trusted).map((a) => a.revision),
      untrusted: sorted.filter((a) => !a.trust.trusted),
      unavailable,
      raw,
      baselines,
    };
  }, [result.data, name, policy]);

  // Keys already attempted in this page, so a failing write is not retried in a render loop.
  const attempted = useRef(new Set<string>());
  const ready = Boolean(policy) && !result.isLoading && !result.error && canRecord;

  useEffect(() => {
    // Any revision claiming this generation counts: a planted one holds the name, and recording
    // over it would fail; it is shown as untrusted instead.
    if (
      !ready ||
      !policy ||
      !needsRevision(
        policy,
        parsed.assessed.map((a) => a.revision),
      )
    )
      return;
    const key = `record/${name}/${policy.metadata.generation ?? ''}`;
    if (attempted.current.has(key)) return;
    attempted.current.add(key);
    recordPolicyRevision(policy).catch(report);
  }, [ready, policy, parsed.assessed, name, report]);

  useEffect(() => {
    if (!ready || !policy || !enactmentsLoaded) return;
    const next = getOutcomeToRecord(policy, enactments, parsed.revisions);
    if (!next) return;
    const raw = parsed.raw.get(next.revisionName);
    if (!raw) return;
    const key = `outcome/${next.revisionName}/${raw.metadata.resourceVersion ?? ''}/${next.outcome}`;
    if (attempted.current.has(key)) return;
    attempted.current.add(key);
    recordRevisionOutcome(raw, next.outcome).catch((err: unknown) => {
      // A 409 means another user recorded it; the watch brings their version.
      if (toK8sError(err).kind !== 'conflict') report(err);
    });
  }, [ready, policy, enactments, enactmentsLoaded, parsed, report]);

  return {
    revisions: parsed.revisions,
    assessed: parsed.assessed,
    untrusted: parsed.untrusted,
    unavailable: parsed.unavailable,
    baselines: parsed.baselines,
    result,
    canRecord,
    missingVerbs,
    errors,
  };
}
