// Condition sets of kubernetes-nmstate, exactly as the handler writes them: policies always carry
// all four types (Available, Degraded, Progressing, Ignored) and enactments all five (Available,
// Failing, Progressing, Pending, Aborted), with the upstream reasons and message formats.
import type { Condition } from '../../../../src/shared/model/k8s';

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
export const MAX_RETRIES = 5;

export function retryingMessage(node: string, retry: number): string {
  return `failed to reconcile NodeNetworkConfigurationPolicy on node ${node}. Retrying ${retry}/${MAX_RETRIES}`;
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

/** How the handler counts an enactment (Retrying counts as progressing, not failed). */
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
  matching: number;
  available: number;
  failed: number;
  aborted: number;
  /** Nodes that match but are NotReady, reported in the message like upstream. */
  ignoredNotReady?: number;
}

/** The four policy conditions, with the precedence the handler uses: no match, failure, progress, success. */
export function policyConditions(counts: PolicyCounts): BareCondition[] {
  const notReady = counts.ignoredNotReady ?? 0;
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
  if (counts.available < counts.matching) {
    return [
      c('Available', 'Unknown', 'ConfigurationProgressing'),
      c('Degraded', 'Unknown', 'ConfigurationProgressing'),
      c(
        'Progressing',
        'True',
        'ConfigurationProgressing',
        `Policy is progressing ${counts.available}/${counts.matching} nodes finished${notReadySuffix}`,
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

/**
 * maxUnavailable scaled against the number of enactments, rounding up, at least 1; anything
 * that is neither a non-negative integer nor a percentage falls back to 50%.
 */
export function scaledMaxUnavailable(value: unknown, enactments: number): number {
  const percent = (p: number): number => Math.max(1, Math.ceil((p * enactments) / 100));
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 0 ? Math.max(1, value) : percent(50);
  if (typeof value === 'string') {
    const m = /^(\d+)%$/.exec(value.trim());
    if (m?.[1] !== undefined) return percent(Number(m[1]));
  }
  return percent(50);
}
