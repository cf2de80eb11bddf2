// The NMState operator and its handler as the overview reports them, from what the operator
// itself publishes (kubernetes-nmstate controllers/operator/nmstate_controller.go):
// - the NMState's conditions (`reconcileStatus`): Available/Progressing/Degraded with reasons
//   Deploying, SuccessfullyDeployed, InternalError or TLSProfileNotFullyHonored
//   (api/shared/nmstate_types.go); a Progressing message has one line per operand not ready;
// - the handler DaemonSet (deploy/handler/operator.yaml, `component: kubernetes-nmstate-handler`),
//   whose status says on how many of the nodes it should run it is available;
// - the operator's own Deployment (deploy/operator/operator.yaml,
//   `app: kubernetes-nmstate-operator`; OLM runs it from the bundle on OpenShift): with no
//   available replica nobody keeps the conditions above up to date.
import type { Condition, K8sResource } from '../../../shared/model/k8s';

export const HANDLER_COMPONENT_LABEL = { component: 'kubernetes-nmstate-handler' } as const;
export const OPERATOR_APP_LABEL = { app: 'kubernetes-nmstate-operator' } as const;

/** Reasons the operator sets; anything else is reported as `other` with the raw text kept aside. */
export type OperatorReason =
  | 'Deploying'
  | 'SuccessfullyDeployed'
  | 'InternalError'
  | 'TLSProfileNotFullyHonored'
  | 'other'
  | 'none';

export interface OperatorConditionSummary {
  /** degraded wins over progressing, which wins over available; unknown: no conditions yet. */
  state: 'available' | 'progressing' | 'degraded' | 'unknown';
  reason: OperatorReason;
  /** The reason as written, for an unknown reason. */
  rawReason?: string;
  /** The deciding condition's message, one entry per line, empty lines dropped. */
  lines: string[];
}

const KNOWN_REASONS = new Set<OperatorReason>([
  'Deploying',
  'SuccessfullyDeployed',
  'InternalError',
  'TLSProfileNotFullyHonored',
]);

function reasonOf(
  c: Condition | undefined,
): Pick<OperatorConditionSummary, 'reason' | 'rawReason'> {
  const raw = c?.reason ?? '';
  if (raw === '') return { reason: 'none' };
  return KNOWN_REASONS.has(raw as OperatorReason)
    ? { reason: raw as OperatorReason }
    : { reason: 'other', rawReason: raw };
}

const linesOf = (c: Condition | undefined): string[] =>
  (c?.message ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

export function summarizeOperatorConditions(
  conditions: readonly Condition[] | undefined,
): OperatorConditionSummary {
  const find = (type: string) => conditions?.find((c) => c.type === type && c.status === 'True');
  const degraded = find('Degraded');
  if (degraded) return { state: 'degraded', ...reasonOf(degraded), lines: linesOf(degraded) };
  const progressing = find('Progressing');
  if (progressing)
    return { state: 'progressing', ...reasonOf(progressing), lines: linesOf(progressing) };
  const available = find('Available');
  // "All components are available and ready" says nothing the state does not.
  if (available) return { state: 'available', ...reasonOf(available), lines: [] };
  return { state: 'unknown', reason: 'none', lines: [] };
}

export interface WorkloadRef {
  namespace: string;
  name: string;
}

export interface HandlerSummary extends WorkloadRef {
  /** Nodes the handler should run on, and where it is available. */
  desired: number;
  available: number;
  /** Nodes still to be updated in a rollout of a new handler. */
  outdated: number;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

function ref(obj: K8sResource): WorkloadRef | undefined {
  const { name, namespace } = obj.metadata ?? {};
  return typeof name === 'string' && typeof namespace === 'string'
    ? { name, namespace }
    : undefined;
}

/**
 * The handler DaemonSets the watch found (one per NMState install; a second one only when a
 * handler prefix is set), summed. undefined when there is none.
 */
export function summarizeHandler(daemonSets: readonly K8sResource[]): HandlerSummary | undefined {
  let out: HandlerSummary | undefined;
  for (const ds of daemonSets) {
    const r = ref(ds);
    if (!r) continue;
    const s = (ds['status'] ?? {}) as Record<string, unknown>;
    const desired = num(s['desiredNumberScheduled']);
    const available = Math.min(num(s['numberAvailable']), desired);
    const outdated = Math.max(0, desired - num(s['updatedNumberScheduled']));
    out = out
      ? {
          ...out,
          desired: out.desired + desired,
          available: out.available + available,
          outdated: out.outdated + outdated,
        }
      : { ...r, desired, available, outdated };
  }
  return out;
}

export interface OperatorDeploymentSummary extends WorkloadRef {
  available: number;
  desired: number;
}

export function summarizeOperatorDeployment(
  deployments: readonly K8sResource[],
): OperatorDeploymentSummary | undefined {
  for (const d of deployments) {
    const r = ref(d);
    if (!r) continue;
    const spec = (d['spec'] ?? {}) as Record<string, unknown>;
    const status = (d['status'] ?? {}) as Record<string, unknown>;
    // A Deployment without spec.replicas runs one (apps/v1 defaulting).
    const desired = spec['replicas'] === undefined ? 1 : num(spec['replicas']);
    return { ...r, desired, available: num(status['availableReplicas']) };
  }
  return undefined;
}
