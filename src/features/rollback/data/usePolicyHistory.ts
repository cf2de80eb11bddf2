// Live history of one policy: parsed revisions, unavailable objects, and the recording side
// effects (a revision on first sight of a generation, the outcome once a rollout settles). Only
// users allowed to write ControllerRevisions record; viewers only read.
import { useEffect, useMemo, useRef } from 'react';
import { useAccessReview } from '@openshift-console/dynamic-plugin-sdk';
import { ControllerRevisionGVK, EnactmentGVK } from '../../../shared/k8s/models';
import { useWatchedList } from '../../../shared/k8s/useWatchedList';
import type { WatchedResult } from '../../../shared/k8s/useWatchedList';
import type { K8sResource } from '../../../shared/model/k8s';
import type {
  NetworkState,
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
import { recordPolicyRevision, recordRevisionOutcome } from './revisionStore';

export interface UnavailableRevision {
  name: string | null;
  reason: RevisionUnavailableReason | 'revision.otherPolicy';
}

export interface PolicyHistory {
  revisions: PolicyRevision[];
  unavailable: UnavailableRevision[];
  baselines: { revision: PolicyRevision; baseline: Record<string, NetworkState> }[];
  result: WatchedResult<K8sResource[]>;
  canRecord: boolean;
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
  const [canRecord] = useAccessReview({
    group: 'apps',
    resource: 'controllerrevisions',
    verb: 'create',
    namespace: HISTORY_NAMESPACE,
  });

  const parsed = useMemo(() => {
    const revisions: PolicyRevision[] = [];
    const unavailable: UnavailableRevision[] = [];
    const raw = new Map<string, ControllerRevision>();
    const baselines: PolicyHistory['baselines'] = [];
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
      revisions.push(r.revision);
      raw.set(r.revision.name, obj as ControllerRevision);
      const baseline = getRevisionBaseline(obj);
      if (Object.keys(baseline).length > 0) baselines.push({ revision: r.revision, baseline });
    }
    return { revisions: sortRevisions(revisions), unavailable, raw, baselines };
  }, [result.data, name]);

  // Keys already attempted in this page, so a failing write is not retried in a render loop.
  const attempted = useRef(new Set<string>());
  const ready = Boolean(policy) && !result.isLoading && !result.error && canRecord;

  useEffect(() => {
    if (!ready || !policy || !needsRevision(policy, parsed.revisions)) return;
    const key = `record/${name}/${policy.metadata.generation ?? ''}`;
    if (attempted.current.has(key)) return;
    attempted.current.add(key);
    // A failure here only means the history misses a generation; the page still works.
    recordPolicyRevision(policy).catch(() => undefined);
  }, [ready, policy, parsed.revisions, name]);

  useEffect(() => {
    if (!ready || !policy || !enactmentsLoaded) return;
    const next = getOutcomeToRecord(policy, enactments, parsed.revisions);
    if (!next) return;
    const raw = parsed.raw.get(next.revisionName);
    if (!raw) return;
    const key = `outcome/${next.revisionName}/${raw.metadata.resourceVersion ?? ''}/${next.outcome}`;
    if (attempted.current.has(key)) return;
    attempted.current.add(key);
    // A 409 means another user recorded it; the watch brings their version.
    recordRevisionOutcome(raw, next.outcome).catch(() => undefined);
  }, [ready, policy, enactments, enactmentsLoaded, parsed]);

  return {
    revisions: parsed.revisions,
    unavailable: parsed.unavailable,
    baselines: parsed.baselines,
    result,
    canRecord,
  };
}
