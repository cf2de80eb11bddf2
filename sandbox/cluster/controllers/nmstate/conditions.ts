// Condition sets of kubernetes-nmstate v0.85.0, exactly as the handler writes them: policies always
// carry all four types (Available, Degraded, Progressing, Ignored) and enactments all five
// (Available, Failing, Progressing, Pending, Aborted), with the upstream reasons and message
// formats (pkg/enactmentstatus/conditions/conditions.go, pkg/policyconditions/conditions.go,
// controllers/handler/nodenetworkconfigurationpolicy_controller.go).
import type { Condition } from '../../../../src/shared/model/k8s';
import { resolveMaxUnavailable } from '../../../../src/features/policies/logic/maxUnavailable';

export type BareCondition = Omit<Condition, 'lastTransitionTime' | 'lastHeartbeatTime'>;

function c(type: string, status: Condition['status'], reason: string, message = ''): BareCondition {
  return { type, status, reason, message };
}

export type EnactmentPhase =
  | { kind: 'initial' }
  | { kind: 'progressing' }
  | { kind: 'success' }
  | { kind: 'failed'; message: string }
  | { kind: 'retrying'; message: string }
  | { kind: 'pending' }
  | { kind: 'aborted'; enactment: string };

export const ENACTMENT_PROGRESSING_MESSAGE = 'Applying desired state';
export const ENACTMENT_SUCCESS_MESSAGE = 'successfully reconciled';
export const ENACTMENT_PENDING_MESSAGE = 'Waiting for progressing nodes to finish';
/** `RetriesUntilFail`: five attempts in all; the fifth failure is final. */
export const MAX_RETRIES = 5;

/**
 * Written after failure number `retryCount` (1-based, already counted): upstream prints
 * `RetryCount[generation]+1`, so the first failure says "Retrying 2/5".
 */
export function retryingMessage(node: string, retryCount: number): string {
  return `failed to reconcile NodeNetworkConfigurationPolicy on node ${node}. Retrying ${retryCount + 1}/${MAX_RETRIES}`;
}

export function abortedMessage(enactment: string): string {
  return `reconciliation of enactment "${enactment}" has aborted`;
}

export function failedEventMessage(enactment: string): string {
  return `reconciliation of enactment "${enactment}" has failed after ${MAX_RETRIES} retries`;
}

export function enactmentConditions(phase: EnactmentPhase): BareCondition[] {
  switch (phase.kind) {
    case 'initial':
      return ['Available', 'Failing', 'Progressing', 'Pending', 'Aborted'].map((t) =>
        c(t, 'Unknown', ''),
      );
    case 'progressing':
      return [
        c('Available', 'Unknown', 'ConfigurationProgressing'),
        c('Failing', 'Unknown', 'ConfigurationProgressing'),
        c('Progressing', 'True', 'ConfigurationProgressing', ENACTMENT_PROGRESSING_MESSAGE),
        c('Pending', 'False', 'ConfigurationProgressing'),
        c('Aborted', 'False', 'ConfigurationProgressing'),
      ];
    case 'success':
      return [
        c('Available', 'True', 'SuccessfullyConfigured', ENACTMENT_SUCCESS_MESSAGE),
        c('Failing', 'False', 'SuccessfullyConfigured'),
        c('Progressing', 'False', 'SuccessfullyConfigured'),
        c('Pending', 'False', 'SuccessfullyConfigured'),
        c('Aborted', 'False', 'SuccessfullyConfigured'),
      ];
    case 'failed':
      return [
        c('Available', 'False', 'FailedToConfigure'),
        c('Failing', 'True', 'FailedToConfigure', phase.message),
        c('Progressing', 'False', 'FailedToConfigure'),
        c('Pending', 'False', 'FailedToConfigure'),
        c('Aborted', 'False', 'SuccessfullyConfigured'),
      ];
    case 'retrying':
      return [
        c('Available', 'False', 'Retrying'),
        c('Failing', 'True', 'Retrying', phase.message),
        c('Progressing', 'True', 'Retrying', phase.message),
        c('Pending', 'False', 'Retrying'),
        c('Aborted', 'False', 'SuccessfullyConfigured'),
      ];
    case 'pending':
      return [
        c('Available', 'False', 'MaxUnavailableLimitReached'),
        c('Failing', 'False', 'MaxUnavailableLimitReached'),
        c('Progressing', 'False', 'MaxUnavailableLimitReached', ENACTMENT_PENDING_MESSAGE),
        c('Pending', 'True', 'MaxUnavailableLimitReached', ENACTMENT_PENDING_MESSAGE),
        c('Aborted', 'False', 'MaxUnavailableLimitReached'),
      ];
    case 'aborted':
      return [
        c('Available', 'False', 'ConfigurationAborted'),
        c('Failing', 'False', 'ConfigurationAborted'),
        c('Progressing', 'False', 'ConfigurationAborted'),
        c('Pending', 'False', 'ConfigurationAborted'),
        c('Aborted', 'True', 'ConfigurationAborted', abortedMessage(phase.enactment)),
      ];
  }
}

function isTrue(conditions: readonly Condition[] | undefined, type: string): boolean {
  return conditions?.some((x) => x.type === type && x.status === 'True') ?? false;
}

export type EnactmentOutcome =
  'available' | 'failed' | 'aborted' | 'retrying' | 'progressing' | 'pending' | 'unknown';

/** One enactment's state for the simulator's own bookkeeping; policy counts use `countEnactments`. */
export function enactmentOutcome(conditions: readonly Condition[] | undefined): EnactmentOutcome {
  if (isTrue(conditions, 'Available')) return 'available';
  if (isTrue(conditions, 'Aborted')) return 'aborted';
  if (isTrue(conditions, 'Failing'))
    return isTrue(conditions, 'Progressing') ? 'retrying' : 'failed';
  if (isTrue(conditions, 'Progressing')) return 'progressing';
  if (isTrue(conditions, 'Pending')) return 'pending';
  return 'unknown';
}

export interface PolicyCounts {
  /** Nodes that match the selector and run a handler, Ready or not (`NodesRunningNmstate`). */
  matching: number;
  /** Enactments of this generation with Available=True. */
  available: number;
  /** Enactments of this generation with Failing=True; retrying ones count too (counter.go `Failed`). */
  failed: number;
  aborted: number;
  /** Matching nodes that are NotReady: left out of the progress denominator, named in messages. */
  ignoredNotReady?: number;
}

/** counter.go `Count`: conditions of the enactments of this generation that are True. */
export function countEnactments(
  enactments: readonly { status?: { policyGeneration?: number; conditions?: Condition[] } }[],
  generation: number,
): { available: number; failed: number; aborted: number } {
  const current = enactments.filter((e) => e.status?.policyGeneration === generation);
  const count = (type: string): number =>
    current.filter((e) => isTrue(e.status?.conditions, type)).length;
  return { available: count('Available'), failed: count('Failing'), aborted: count('Aborted') };
}

/**
 * policyconditions/conditions.go `setPolicyStatus`: no match, then failure (any Failing=True,
 * retries included, or Aborted), then progress while fewer enactments finished than Ready nodes,
 * then success. Failure and success count every matching node; progress counts the Ready ones.
 * When every matching node is NotReady this is success: "0/N ... N nodes ignored".
 */
export function policyConditions(counts: PolicyCounts): BareCondition[] {
  const notReady = counts.ignoredNotReady ?? 0;
  const ready = counts.matching - notReady;
  const finished = counts.available + counts.failed + counts.aborted;
  const notReadySuffix = notReady > 0 ? `, ${notReady} nodes ignored due to NotReady state` : '';
  if (counts.matching === 0) {
    return [
      c('Available', 'False', 'NoMatchingNode'),
      c('Degraded', 'False', 'NoMatchingNode'),
      c('Progressing', 'False', 'NoMatchingNode'),
      c('Ignored', 'True', 'NoMatchingNode', 'Policy does not match any node'),
    ];
  }
  if (counts.failed > 0 || counts.aborted > 0) {
    const aborted = counts.aborted > 0 ? `, ${counts.aborted} nodes aborted configuration` : '';
    return [
      c('Available', 'False', 'FailedToConfigure'),
      c(
        'Degraded',
        'True',
        'FailedToConfigure',
        `${counts.failed}/${counts.matching} nodes failed to configure${aborted}`,
      ),
      c('Progressing', 'False', 'ConfigurationProgressing'),
      c('Ignored', 'False', 'FailedToConfigure'),
    ];
  }
  if (finished < ready) {
    return [
      c('Available', 'Unknown', 'ConfigurationProgressing'),
      c('Degraded', 'Unknown', 'ConfigurationProgressing'),
      c(
        'Progressing',
        'True',
        'ConfigurationProgressing',
        `Policy is progressing ${finished}/${ready} nodes finished${notReadySuffix}`,
      ),
      c('Ignored', 'False', 'ConfigurationProgressing'),
    ];
  }
  return [
    c(
      'Available',
      'True',
      'SuccessfullyConfigured',
      `${counts.available}/${counts.matching} nodes successfully configured${notReadySuffix}`,
    ),
    c('Degraded', 'False', 'SuccessfullyConfigured'),
    c('Progressing', 'False', 'SuccessfullyConfigured'),
    c('Ignored', 'False', 'SuccessfullyConfigured'),
  ];
}

/** policyconditions/conditions.go `Reset` (`SetPolicyStatusUnknown`): every type Unknown, no reason. */
export function unknownPolicyConditions(): BareCondition[] {
  return ['Available', 'Degraded', 'Progressing', 'Ignored'].map((t) => c(t, 'Unknown', ''));
}

/** maxUnavailable scaled against the number of enactments as the handler does (maxUnavailable.ts). */
export function scaledMaxUnavailable(value: unknown, enactments: number): number {
  return resolveMaxUnavailable(value, enactments).count;
}
