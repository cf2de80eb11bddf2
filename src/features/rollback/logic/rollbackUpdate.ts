// The object to PUT for a rollback: the current policy's metadata (resourceVersion included, so
// a concurrent change yields 409 instead of being overwritten) with the revision's spec.
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { isPolicyUpdateBlocked } from '../../policies/logic/enactments';
import type { PolicyRevision } from '../model/revision';
import { specsEqual } from './specDiff';

export type RollbackRefusal =
  /** The admission policy forbids changing `spec.capture`; delete and recreate instead. */
  | 'rollback.captureChanged'
  /** The revision's spec is the current spec. */
  | 'rollback.noChange'
  /** The policy is still progressing; the admission policy rejects spec updates until it settles. */
  | 'rollback.policyProgressing'
  /** The revision belongs to another policy. */
  | 'rollback.otherPolicy';

export type BuildRollbackUpdateResult =
  { ok: true; policy: NodeNetworkConfigurationPolicy } | { ok: false; reason: RollbackRefusal };

export const buildRollbackUpdate = (
  current: NodeNetworkConfigurationPolicy,
  revision: PolicyRevision,
): BuildRollbackUpdateResult => {
  if (revision.policyName !== current.metadata.name)
    return { ok: false, reason: 'rollback.otherPolicy' };
  if (!specsEqual(current.spec.capture ?? {}, revision.spec.capture ?? {}))
    return { ok: false, reason: 'rollback.captureChanged' };
  if (specsEqual(current.spec, revision.spec)) return { ok: false, reason: 'rollback.noChange' };
  if (isPolicyUpdateBlocked(current)) return { ok: false, reason: 'rollback.policyProgressing' };
  const policy = structuredClone(current);
  // Status is the handler's; a PUT ignores it, and leaving it out keeps the diff honest.
  Reflect.deleteProperty(policy, 'status');
  policy.spec = structuredClone(revision.spec);
  return { ok: true, policy };
};
