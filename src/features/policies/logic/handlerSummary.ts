// The handler's own count of a policy's nodes, from its policy condition messages, in every form
// kubernetes-nmstate v0.85.0 pkg/policyconditions/conditions.go `setPolicyStatus` writes:
//   Available:   "N/M nodes successfully configured[, K nodes ignored due to NotReady state]"
//   Degraded:    "F/M nodes failed to configure[, A nodes aborted configuration]"
//   Progressing: "Policy is progressing D/R nodes finished[, K nodes ignored due to NotReady state]"
// M counts every matching node (Ready or not), R only the Ready ones; on success the M−N nodes
// not counted are the NotReady ones (all NotReady gives "0/M ..., M nodes ignored").
// The policy list shows the Available form while the policy's enactments are still arriving:
// with tens of thousands of enactments the console lists them page after page, while the 50
// policies arrive at once. Only that form fixes every node's phase, so getHandlerSummary uses it.
import type { Condition } from '../../../shared/model/k8s';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { getCondition } from './enactments';

export interface HandlerSummary {
  /** Nodes that match and run a handler, Ready or not (M). */
  matching: number;
  /** Of those, nodes configured successfully (N). */
  available: number;
  /** Matching nodes left out because they are NotReady (K); the rest of M−N. */
  notReady: number;
}

export type HandlerMessage =
  | { form: 'success'; available: number; matching: number; notReady: number }
  | { form: 'failure'; failed: number; matching: number; aborted: number }
  | { form: 'progress'; finished: number; ready: number; notReady: number }
  | { form: 'noMatch' };

const NOT_READY = /, (\d+) nodes ignored due to NotReady state$/;
const ABORTED = /, (\d+) nodes aborted configuration$/;
const SUCCESS = /^(\d+)\/(\d+) nodes successfully configured(?:,|$)/;
const FAILURE = /^(\d+)\/(\d+) nodes failed to configure(?:,|$)/;
const PROGRESS = /^Policy is progressing (\d+)\/(\d+) nodes finished(?:,|$)/;

const int = (s: string | undefined): number | undefined => {
  const n = Number(s);
  return s !== undefined && Number.isSafeInteger(n) ? n : undefined;
};

/** Reads one policy condition's message; undefined when it is not a form the handler writes. */
export function parseHandlerMessage(condition: Condition | undefined): HandlerMessage | undefined {
  if (condition?.status !== 'True') return undefined;
  const message = condition.message ?? '';
  const suffix = (re: RegExp): number | undefined => {
    const m = re.exec(message);
    return m === null ? 0 : int(m[1]);
  };
  if (condition.type === 'Ignored' && condition.reason === 'NoMatchingNode')
    return { form: 'noMatch' };
  const pair = (re: RegExp): [number, number] | undefined => {
    const m = re.exec(message);
    const a = int(m?.[1]);
    const b = int(m?.[2]);
    return a === undefined || b === undefined || a > b ? undefined : [a, b];
  };
  if (condition.type === 'Available' && condition.reason === 'SuccessfullyConfigured') {
    const p = pair(SUCCESS);
    const notReady = suffix(NOT_READY);
    if (p === undefined || notReady === undefined || p[0] + notReady > p[1]) return undefined;
    return { form: 'success', available: p[0], matching: p[1], notReady };
  }
  if (condition.type === 'Degraded' && condition.reason === 'FailedToConfigure') {
    const p = pair(FAILURE);
    const aborted = suffix(ABORTED);
    if (p === undefined || aborted === undefined) return undefined;
    return { form: 'failure', failed: p[0], matching: p[1], aborted };
  }
  if (condition.type === 'Progressing' && condition.reason === 'ConfigurationProgressing') {
    const p = pair(PROGRESS);
    const notReady = suffix(NOT_READY);
    if (p === undefined || notReady === undefined) return undefined;
    return { form: 'progress', finished: p[0], ready: p[1], notReady };
  }
  return undefined;
}

export function getHandlerSummary(
  policy: NodeNetworkConfigurationPolicy,
): HandlerSummary | undefined {
  const parsed = parseHandlerMessage(getCondition(policy.status?.conditions, 'Available'));
  if (parsed?.form !== 'success') return undefined;
  return { matching: parsed.matching, available: parsed.available, notReady: parsed.notReady };
}
