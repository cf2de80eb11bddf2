// The handler's own count of a policy's nodes, from the message of its Available condition
// ("N/M nodes successfully configured[, X nodes ignored due to NotReady state]"). The policy
// list shows it while the policy's enactments are still arriving: with tens of thousands of
// enactments the console lists them page after page, while the 50 policies arrive at once.
// Only the Available message is used: it is the one state whose message fixes every node's
// phase (N of the M enactments are Available); a Degraded or Progressing message leaves the
// rest of the nodes unknown.
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { getCondition } from './enactments';

export interface HandlerSummary {
  /** Nodes whose enactment the handler counted (M). */
  matching: number;
  /** Of those, nodes configured successfully (N). */
  available: number;
}

const SUCCESS = /^(\d+)\/(\d+) nodes successfully configured(?:,|$)/;

export function getHandlerSummary(
  policy: NodeNetworkConfigurationPolicy,
): HandlerSummary | undefined {
  const available = getCondition(policy.status?.conditions, 'Available');
  if (available?.status !== 'True' || available.reason !== 'SuccessfullyConfigured')
    return undefined;
  const m = SUCCESS.exec(available.message ?? '');
  if (!m) return undefined;
  const n = Number(m[1]);
  const total = Number(m[2]);
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(total) || n > total) return undefined;
  return { matching: total, available: n };
}
