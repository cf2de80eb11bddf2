// The kubernetes-nmstate operator, as far as the console can see it: for the NMState named
// "nmstate" it keeps its operands (the handler DaemonSet and the webhook and metrics Deployments
// of deploy/handler/operator.yaml, labelled `app: kubernetes-nmstate` and
// `component: kubernetes-nmstate-<part>`) and sums their rollout into the NMState's conditions
// (controllers/operator/nmstate_controller.go `reconcileStatus`):
// - any operand not ready: Progressing=True with one line per operand, in the operator's words
//   (`DaemonSet "nmstate-handler" is not available (awaiting 2 nodes)`), Available=False and
//   Degraded=False, reason `Deploying`, message "Deploying is in progress";
// - all ready: Available=True, Progressing=False, Degraded=False, reason `SuccessfullyDeployed`,
//   message "All components are available and ready".
// The kubelet and the DaemonSet controller are folded in: the handler runs on every node the
// NMState's nodeSelector picks (default `kubernetes.io/os: linux`; its default toleration is
// `operator: Exists`, so taints do not matter) and is available where the node is Ready.
// Conditions keep their lastTransitionTime unless the status changed (api/shared/
// condition_types.go `ConditionList.Set`); unlike the operator, which patches the status on
// every reconcile, the simulation writes only when something changed.
import type { Condition, K8sResource, Node } from '../../../../src/shared/model/k8s';
import type { ClusterApi, Controller, ResourceType } from '../../api';
import { nodeMatches, nodeReady } from './handler';
import type { Scheduler } from '../runtime';
import {
  WorkQueue,
  createWithStatus,
  isoNow,
  logControllerError,
  mergeConditions,
  realScheduler,
  sameConditions,
  tryResourceType,
  writeWithRetry,
} from '../runtime';

/** Where OpenShift's operator bundle runs the operator and its operands (HANDLER_NAMESPACE). */
export const OPERATOR_NAMESPACE = 'openshift-nmstate';
export const HANDLER_DAEMONSET = 'nmstate-handler';
const WEBHOOK = 'nmstate-webhook';
const METRICS = 'nmstate-metrics';
const NMSTATE_NAME = 'nmstate';

interface NMStateLike extends K8sResource {
  spec?: { nodeSelector?: Record<string, string>; infraNodeSelector?: Record<string, string> };
  status?: { conditions?: Condition[] };
}
interface DaemonSetStatus {
  desiredNumberScheduled: number;
  currentNumberScheduled: number;
  numberMisscheduled: number;
  numberReady: number;
  numberAvailable: number;
  numberUnavailable: number;
  updatedNumberScheduled: number;
  observedGeneration: number;
}
interface DeploymentStatus {
  replicas: number;
  readyReplicas: number;
  availableReplicas: number;
  unavailableReplicas: number;
  updatedReplicas: number;
  observedGeneration: number;
}

const isControlPlane = (node: Node): boolean => {
  const labels = node.metadata.labels ?? {};
  return (
    'node-role.kubernetes.io/control-plane' in labels || 'node-role.kubernetes.io/master' in labels
  );
};

/** The handler DaemonSet's status as the DaemonSet controller would report it. */
export function handlerDaemonSetStatus(
  nodes: readonly Node[],
  nodeSelector: Record<string, string>,
  generation: number,
): DaemonSetStatus {
  const scheduled = nodes.filter((n) => nodeMatches(n, nodeSelector));
  const ready = scheduled.filter(nodeReady).length;
  return {
    desiredNumberScheduled: scheduled.length,
    currentNumberScheduled: scheduled.length,
    numberMisscheduled: 0,
    numberReady: ready,
    numberAvailable: ready,
    numberUnavailable: scheduled.length - ready,
    updatedNumberScheduled: scheduled.length,
    observedGeneration: generation,
  };
}

/**
 * The webhook runs two replicas when more than one infra (control-plane) node can take it, one
 * otherwise (nmstate_controller.go `webhookReplicaCount`); a replica is available while a Ready
 * infra node can hold it.
 */
export function webhookDeploymentStatus(
  nodes: readonly Node[],
  infraNodeSelector: Record<string, string>,
  generation: number,
): { replicas: number; status: DeploymentStatus } {
  const infra = nodes.filter((n) => nodeMatches(n, infraNodeSelector) && isControlPlane(n));
  const replicas = infra.length > 1 ? 2 : 1;
  return {
    replicas,
    status: deploymentStatus(replicas, infra.filter(nodeReady).length, generation),
  };
}

function deploymentStatus(replicas: number, room: number, generation: number): DeploymentStatus {
  const available = Math.min(replicas, room);
  return {
    replicas,
    readyReplicas: available,
    availableReplicas: available,
    unavailableReplicas: replicas - available,
    updatedReplicas: replicas,
    observedGeneration: generation,
  };
}

type Operand =
  | { kind: 'DaemonSet'; name: string; status: DaemonSetStatus }
  | { kind: 'Deployment'; name: string; status: DeploymentStatus };

/** One line per operand that is not ready, in reconcileStatus's wording and order. */
export function progressingLines(operands: readonly Operand[]): string[] {
  const lines: string[] = [];
  for (const o of operands) {
    if (o.kind !== 'Deployment') continue;
    const s = o.status;
    if (s.unavailableReplicas > 0)
      lines.push(
        `Deployment "${o.name}" is not available (awaiting ${s.unavailableReplicas} nodes)`,
      );
    else if (s.availableReplicas === 0 && s.replicas > 0)
      lines.push(`Deployment "${o.name}" is not yet scheduled on any nodes`);
  }
  for (const o of operands) {
    if (o.kind !== 'DaemonSet') continue;
    const s = o.status;
    if (s.numberUnavailable > 0)
      lines.push(`DaemonSet "${o.name}" is not available (awaiting ${s.numberUnavailable} nodes)`);
    else if (s.numberAvailable === 0 && s.desiredNumberScheduled !== 0)
      lines.push(`DaemonSet "${o.name}" is not yet scheduled on any nodes`);
    else if (s.updatedNumberScheduled < s.desiredNumberScheduled)
      lines.push(
        `DaemonSet "${o.name}" update is rolling out (${s.updatedNumberScheduled} out of ${s.desiredNumberScheduled} updated)`,
      );
  }
  return lines;
}

export function nmstateConditions(
  progressing: readonly string[],
): Omit<Condition, 'lastTransitionTime' | 'lastHeartbeatTime'>[] {
  if (progressing.length > 0) {
    const deploying = { reason: 'Deploying', message: 'Deploying is in progress' };
    return [
      { type: 'Progressing', status: 'True', reason: 'Deploying', message: progressing.join('\n') },
      { type: 'Available', status: 'False', ...deploying },
      { type: 'Degraded', status: 'False', ...deploying },
    ];
  }
  const done = {
    reason: 'SuccessfullyDeployed',
    message: 'All components are available and ready',
  };
  return [
    { type: 'Progressing', status: 'False', ...done },
    { type: 'Available', status: 'True', ...done },
    { type: 'Degraded', status: 'False', ...done },
  ];
}

const operandLabels = (component: string): Record<string, string> => ({
  app: 'kubernetes-nmstate',
  component: `kubernetes-nmstate-${component}`,
});

/**
 * One pass of the operator: operands created where missing, their status, then the NMState's
 * conditions. Scenarios call it once after seeding so a fresh cluster starts settled.
 */
export function reconcileNmstateOperator(api: ClusterApi): void {
  const nmstateT = tryResourceType(api, 'nmstate.io', 'NMState');
  const dsT = tryResourceType(api, 'apps', 'DaemonSet');
  const deployT = tryResourceType(api, 'apps', 'Deployment');
  if (!nmstateT || !dsT || !deployT) return;
  // The operator acts on the NMState named "nmstate" only (nmstate_controller.go Reconcile).
  const nmstate: NMStateLike | undefined = api.get(nmstateT, undefined, NMSTATE_NAME);
  if (!nmstate) return;
  const nodes = api.list(api.resourceType('', 'Node')) as Node[];
  const linux = { 'kubernetes.io/os': 'linux' };
  const handler = handlerDaemonSetStatus(nodes, nmstate.spec?.nodeSelector ?? linux, 1);
  const webhook = webhookDeploymentStatus(nodes, nmstate.spec?.infraNodeSelector ?? linux, 1);
  const metrics = deploymentStatus(1, webhook.status.availableReplicas > 0 ? 1 : 0, 1);
  const hasNamespace =
    api.get(api.resourceType('', 'Namespace'), undefined, OPERATOR_NAMESPACE) !== undefined;
  if (hasNamespace) {
    keepOperand(api, dsT, HANDLER_DAEMONSET, operandLabels('handler'), {}, handler);
    keepOperand(
      api,
      deployT,
      WEBHOOK,
      operandLabels('webhook'),
      { replicas: webhook.replicas },
      webhook.status,
    );
    keepOperand(api, deployT, METRICS, operandLabels('metrics'), { replicas: 1 }, metrics);
  }
  const next = nmstateConditions(
    progressingLines([
      { kind: 'Deployment', name: WEBHOOK, status: webhook.status },
      { kind: 'Deployment', name: METRICS, status: metrics },
      { kind: 'DaemonSet', name: HANDLER_DAEMONSET, status: handler },
    ]),
  );
  writeWithRetry<NMStateLike>(
    api,
    nmstateT,
    undefined,
    NMSTATE_NAME,
    (current) =>
      sameConditions(current.status?.conditions, next)
        ? undefined
        : {
            ...current,
            status: {
              ...(current.status ?? {}),
              conditions: mergeConditions(current.status?.conditions, next, isoNow(api), true),
            },
          },
    'status',
  );
}

/** Creates the operand when missing (the operator applies its manifests), then its status. */
function keepOperand(
  api: ClusterApi,
  type: ResourceType,
  name: string,
  labels: Record<string, string>,
  spec: Record<string, unknown>,
  status: DaemonSetStatus | DeploymentStatus,
): void {
  if (!api.get(type, OPERATOR_NAMESPACE, name)) {
    createWithStatus<K8sResource>(api, type, {
      apiVersion: 'apps/v1',
      kind: type.kind,
      metadata: { name, namespace: OPERATOR_NAMESPACE, labels },
      spec: { ...spec, selector: { matchLabels: { name } } },
      status,
    });
    return;
  }
  writeWithRetry<K8sResource>(
    api,
    type,
    OPERATOR_NAMESPACE,
    name,
    (current) => {
      const next = { ...status, observedGeneration: current.metadata?.generation ?? 1 };
      return JSON.stringify(current['status']) === JSON.stringify(next)
        ? undefined
        : { ...current, status: next };
    },
    'status',
  );
}

export class NmstateOperator implements Controller {
  readonly name = 'nmstate-operator';
  private queue?: WorkQueue;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly scheduler: Scheduler = realScheduler) {}

  start(api: ClusterApi): void {
    const nmstateT = tryResourceType(api, 'nmstate.io', 'NMState');
    if (!nmstateT) return;
    const queue = new WorkQueue(
      this.scheduler,
      () => reconcileNmstateOperator(api),
      (key, e) => logControllerError(this.name, key, e),
    );
    this.queue = queue;
    queue.add(NMSTATE_NAME);
    this.unsubscribe.push(api.watch(api.resourceType('', 'Node'), () => queue.add(NMSTATE_NAME)));
    this.unsubscribe.push(
      api.watch(nmstateT, (e) => {
        if (e.object.metadata?.name === NMSTATE_NAME) queue.add(NMSTATE_NAME);
      }),
    );
  }

  stop(): void {
    this.queue?.stop();
    for (const u of this.unsubscribe.splice(0)) u();
  }
}
