// The simulated kubernetes-nmstate handler. Upstream, one handler pod per node reconciles every
// policy for its own node; here one controller plays all of them, keeping the observable
// behaviour: one enactment per matching node, maxUnavailable-limited rollout with Pending
// enactments, retries with backoff, Aborted once too many nodes failed, probe rollback errors,
// NNS updates on success and the policy's four-condition summary.
import type { Node } from '../../../../src/shared/model/k8s';
import type {
  NetworkState,
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../../src/shared/model/nmstate';
import { ENACTMENT_NODE_LABEL, ENACTMENT_POLICY_LABEL } from '../../../../src/shared/model/nmstate';
import {
  applyDefaultVlanFiltering,
  applyDesiredState,
} from '../../../../src/features/policies/logic/applyDesiredState';
import type { ClusterApi, Controller, ResourceType } from '../../api';
import { ApiError } from '../../api';
import type { Scheduler, Speed, TimerHandle } from '../runtime';
import {
  WorkQueue,
  createWithStatus,
  isoNow,
  logControllerError,
  mergeConditions,
  realScheduler,
  sameConditions,
  stepMs,
  writeWithRetry,
} from '../runtime';
import { resolveCaptures } from './captures';
import type { EnactmentPhase } from './conditions';
import {
  MAX_RETRIES,
  enactmentConditions,
  enactmentOutcome,
  failedEventMessage,
  policyConditions,
  retryingMessage,
  scaledMaxUnavailable,
} from './conditions';

export const HANDLER_COMPONENT = 'nmstate-handler';
export const NMSTATE_VERSION = 'nmstatectl 2.2.38';
const FORCE_REFRESH_LABEL = 'nmstate.io/force-nns-refresh';

interface Run {
  policy: string;
  node: string;
  generation: number;
  /** Failed attempts so far for this generation. */
  failures: number;
  timer?: TimerHandle;
  active: boolean;
}

interface Types {
  nncp: ResourceType;
  nnce: ResourceType;
  nns: ResourceType;
  node: ResourceType;
}

export function enactmentName(node: string, policy: string): string {
  return `${node}.${policy}`;
}

export function nodeMatches(node: Node, selector: Record<string, string> | undefined): boolean {
  const labels = node.metadata.labels ?? {};
  return Object.entries(selector ?? {}).every(([k, v]) => labels[k] === v);
}

function nodeReady(node: Node): boolean {
  const ready = node.status?.conditions?.find((c) => c.type === 'Ready');
  return ready === undefined || ready.status === 'True';
}

/** Backoff between retries: 1 s doubling up to 30 s upstream, twenty times faster with --speed fast. */
export function retryBackoffMs(speed: Speed, failures: number): number {
  const seconds = Math.min(30, 2 ** Math.max(0, failures - 1));
  return speed === 'fast' ? seconds * 50 : seconds * 1000;
}

/** nmstatectl's log lines as the handler captures them from stdout/stderr. */
function nmstatectlLog(at: Date, phase: 'validation' | 'rollback'): string {
  const ts = (offsetMs: number): string =>
    new Date(at.getTime() + offsetMs).toISOString().replace(/(\.\d{3})Z$/, '$1Z');
  const lines = [
    `[${ts(0)} INFO  nmstatectl] Nmstate version: 2.2.38`,
    `[${ts(12)} INFO  nmstate::nispor::base_iface] Got unsupported interface ovs-system type Other("OpenvSwitch")`,
    `[${ts(15)} INFO  nmstate::nispor::base_iface] Got unsupported interface br-int type Other("OpenvSwitch")`,
    `[${ts(41)} INFO  nmstate::query_apply::net_state] Created checkpoint /org/freedesktop/NetworkManager/Checkpoint/${(at.getTime() % 97) + 1}`,
  ];
  if (phase === 'rollback') {
    lines.push(
      `[${ts(320)} INFO  nmstate::nm::query_apply::profile] Activating connection: reapply`,
      `[${ts(1870)} INFO  nmstate::query_apply::net_state] Retrying on: VerificationError: Failed to verify the default gateway`,
      `[${ts(121_900)} INFO  nmstate::query_apply::net_state] Rollbacked to checkpoint /org/freedesktop/NetworkManager/Checkpoint/${(at.getTime() % 97) + 1}`,
    );
  } else {
    lines.push(
      `[${ts(44)} INFO  nmstate::query_apply::net_state] Rollbacked to checkpoint /org/freedesktop/NetworkManager/Checkpoint/${(at.getTime() % 97) + 1}`,
    );
  }
  return lines.join('\n');
}

/** The Failing message the handler writes, wrapping nmstatectl's output and error. */
export function handlerFailureMessage(node: string, at: Date, code: string, error: string): string {
  if (code === 'ProbeFailed') {
    return `error reconciling NodeNetworkConfigurationPolicy on node ${node} at desired state apply: "${nmstatectlLog(at, 'rollback')}",\n ${error}`;
  }
  return (
    `error reconciling NodeNetworkConfigurationPolicy on node ${node} at desired state apply: "${nmstatectlLog(at, 'validation')}",\n ` +
    `failed to execute nmstatectl set --no-commit --timeout 480: 'exit status 1' '' '${error}\n'`
  );
}

export class NmstateHandler implements Controller {
  readonly name = 'nmstate-handler';
  private api!: ClusterApi;
  private speed: Speed = 'realtime';
  private types!: Types;
  private queue?: WorkQueue;
  private readonly runs = new Map<string, Run>();
  private readonly nodeLabels = new Map<string, string>();
  private unsubscribe: (() => void)[] = [];

  constructor(private readonly scheduler: Scheduler = realScheduler) {}

  start(api: ClusterApi, options: { speed: Speed }): void {
    this.api = api;
    this.speed = options.speed;
    this.types = {
      nncp: api.resourceType('nmstate.io', 'NodeNetworkConfigurationPolicy'),
      nnce: api.resourceType('nmstate.io', 'NodeNetworkConfigurationEnactment'),
      nns: api.resourceType('nmstate.io', 'NodeNetworkState'),
      node: api.resourceType('', 'Node'),
    };
    const queue = new WorkQueue(
      this.scheduler,
      (key) => this.reconcilePolicy(key),
      (key, e) => logControllerError(this.name, key, e),
    );
    this.queue = queue;
    for (const n of api.list(this.types.node) as Node[])
      this.nodeLabels.set(n.metadata.name, this.nodeKey(n));
    this.unsubscribe = [
      api.watch(this.types.nncp, (e) => {
        if (e.object.metadata?.name !== undefined) queue.add(e.object.metadata.name);
      }),
      api.watch(this.types.nnce, (e) => {
        const policy = e.object.metadata?.labels?.[ENACTMENT_POLICY_LABEL];
        if (e.type === 'DELETED' && policy !== undefined) queue.add(policy);
      }),
      api.watch(this.types.node, (e) => {
        const node = e.object as Node;
        const key = e.type === 'DELETED' ? undefined : this.nodeKey(node);
        if (this.nodeLabels.get(node.metadata.name) === key) return;
        if (key === undefined) this.nodeLabels.delete(node.metadata.name);
        else this.nodeLabels.set(node.metadata.name, key);
        this.enqueueAll();
      }),
      api.watch(this.types.nns, (e) => {
        if (e.type === 'ADDED') this.enqueueAll();
      }),
    ];
    this.enqueueAll();
  }

  stop(): void {
    this.queue?.stop();
    for (const run of this.runs.values()) run.timer?.cancel();
    this.runs.clear();
    for (const u of this.unsubscribe) u();
    this.unsubscribe = [];
  }

  private nodeKey(node: Node): string {
    return JSON.stringify([node.metadata.labels ?? {}, nodeReady(node)]);
  }

  private enqueueAll(): void {
    for (const p of this.api.list(this.types.nncp)) {
      if (p.metadata?.name !== undefined) this.queue?.add(p.metadata.name);
    }
  }

  private enactmentsOf(policy: string): NodeNetworkConfigurationEnactment[] {
    return this.api.list(this.types.nnce, {
      labelSelector: `${ENACTMENT_POLICY_LABEL}=${policy}`,
    }) as NodeNetworkConfigurationEnactment[];
  }

  private cancelRun(name: string): void {
    this.runs.get(name)?.timer?.cancel();
    this.runs.delete(name);
  }

  private reconcilePolicy(policyName: string): void {
    const policy = this.api.get(this.types.nncp, undefined, policyName) as
      NodeNetworkConfigurationPolicy | undefined;
    const existing = this.enactmentsOf(policyName);
    if (policy === undefined || policy.metadata.deletionTimestamp !== undefined) {
      for (const e of existing) this.deleteEnactment(e.metadata.name);
      return;
    }
    const generation = policy.metadata.generation ?? 1;
    const nodes = (this.api.list(this.types.node) as Node[])
      .filter((n) => nodeMatches(n, policy.spec.nodeSelector))
      .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
    const ready = nodes.filter(nodeReady);
    const wanted = new Set(ready.map((n) => enactmentName(n.metadata.name, policyName)));
    for (const e of existing)
      if (!wanted.has(e.metadata.name)) this.deleteEnactment(e.metadata.name);

    const byName = new Map(existing.map((e) => [e.metadata.name, e]));
    const waiting: { node: Node; enactment: NodeNetworkConfigurationEnactment }[] = [];
    for (const node of ready) {
      const name = enactmentName(node.metadata.name, policyName);
      let enactment = byName.get(name) ?? this.createEnactment(node, policyName, generation);
      if (enactment.status?.policyGeneration !== generation) {
        // A new generation starts from scratch: upstream clears the enactment's conditions.
        this.cancelRun(name);
        enactment =
          this.writeEnactment(
            name,
            { kind: 'initial' },
            { policyGeneration: generation, retryCount: {} },
          ) ?? enactment;
      }
      const run = this.runs.get(name);
      if (run?.active === true && run.generation === generation) continue;
      const outcome = enactmentOutcome(enactment.status?.conditions);
      if (outcome === 'available' || outcome === 'failed' || outcome === 'aborted') continue;
      waiting.push({ node, enactment });
    }

    const maxUnavailable = scaledMaxUnavailable(policy.spec.maxUnavailable, ready.length);
    for (const { node, enactment } of waiting) {
      const current = this.enactmentsOf(policyName).filter(
        (e) => e.status?.policyGeneration === generation,
      );
      const failed = current.filter(
        (e) => enactmentOutcome(e.status?.conditions) === 'failed',
      ).length;
      const inFlight = [...this.runs.values()].filter(
        (r) => r.policy === policyName && r.generation === generation && r.active,
      ).length;
      if (failed >= maxUnavailable) {
        this.writeEnactment(enactment.metadata.name, {
          kind: 'aborted',
          enactment: enactment.metadata.name,
        });
        this.api.recordEvent({
          involved: policy,
          type: 'Warning',
          reason: 'ReconcileFailed',
          message: `reconciliation of enactment "${enactment.metadata.name}" has aborted`,
          component: HANDLER_COMPONENT,
          namespace: 'default',
        });
        continue;
      }
      if (inFlight >= maxUnavailable) {
        if (enactmentOutcome(enactment.status?.conditions) !== 'pending') {
          this.writeEnactment(enactment.metadata.name, { kind: 'pending' });
        }
        continue;
      }
      this.startRun(policy, node.metadata.name, generation);
    }
    this.updatePolicyStatus(policyName, ready.length, nodes.length - ready.length);
  }

  private deleteEnactment(name: string): void {
    this.cancelRun(name);
    try {
      this.api.delete(this.types.nnce, undefined, name);
    } catch (e) {
      if (!(e instanceof ApiError && e.code === 404)) throw e;
    }
  }

  private createEnactment(
    node: Node,
    policy: string,
    generation: number,
  ): NodeNetworkConfigurationEnactment {
    const name = enactmentName(node.metadata.name, policy);
    const now = isoNow(this.api);
    const obj: NodeNetworkConfigurationEnactment = {
      apiVersion: 'nmstate.io/v1beta1',
      kind: 'NodeNetworkConfigurationEnactment',
      metadata: {
        name,
        labels: { [ENACTMENT_NODE_LABEL]: node.metadata.name, [ENACTMENT_POLICY_LABEL]: policy },
        ownerReferences: [
          {
            apiVersion: 'v1',
            kind: 'Node',
            name: node.metadata.name,
            uid: node.metadata.uid ?? '',
          },
        ],
      },
      status: {
        policyGeneration: generation,
        conditions: mergeConditions(undefined, enactmentConditions({ kind: 'initial' }), now, true),
      },
    };
    try {
      return createWithStatus(this.api, this.types.nnce, obj);
    } catch (e) {
      if (e instanceof ApiError && e.code === 409) {
        return (
          (this.api.get(this.types.nnce, undefined, name) as
            NodeNetworkConfigurationEnactment | undefined) ?? obj
        );
      }
      throw e;
    }
  }

  private writeEnactment(
    name: string,
    phase: EnactmentPhase,
    extra: Partial<NonNullable<NodeNetworkConfigurationEnactment['status']>> = {},
  ): NodeNetworkConfigurationEnactment | undefined {
    const now = isoNow(this.api);
    return writeWithRetry<NodeNetworkConfigurationEnactment>(
      this.api,
      this.types.nnce,
      undefined,
      name,
      (current) => {
        const status = current.status ?? {};
        const next = enactmentConditions(phase);
        const unchanged =
          sameConditions(status.conditions, next) &&
          Object.entries(extra).every(([k, v]) => JSON.stringify(status[k]) === JSON.stringify(v));
        if (unchanged) return undefined;
        current.status = {
          ...status,
          ...extra,
          conditions: mergeConditions(status.conditions, next, now, true),
        };
        return current;
      },
      'status',
    );
  }

  private startRun(policy: NodeNetworkConfigurationPolicy, node: string, generation: number): void {
    const name = enactmentName(node, policy.metadata.name);
    const previous = this.runs.get(name);
    const run: Run = {
      policy: policy.metadata.name,
      node,
      generation,
      failures: previous?.generation === generation ? previous.failures : 0,
      active: true,
    };
    this.runs.set(name, run);
    if (run.failures === 0) this.writeEnactment(name, { kind: 'progressing' });
    run.timer = this.scheduler.setTimeout(
      () => {
        try {
          this.applyStep(name);
        } catch (e) {
          logControllerError(this.name, name, e);
        }
      },
      stepMs(this.speed, `${name}/${generation}/${run.failures}`),
    );
  }

  private resolveDesired(
    policy: NodeNetworkConfigurationPolicy,
    current: NetworkState,
  ):
    | {
        ok: true;
        desired: NetworkState;
        captured?: Record<string, { state: NetworkState; metaInfo: Record<string, unknown> }>;
      }
    | { ok: false; message: string } {
    const desired = policy.spec.desiredState ?? {};
    const capture = policy.spec.capture;
    if (capture === undefined || Object.keys(capture).length === 0) return { ok: true, desired };
    const result = resolveCaptures(capture, desired, current);
    if (!result.ok)
      return {
        ok: false,
        message: `failure generating desiredState and capturedStates: ${result.error.message}`,
      };
    const time = isoNow(this.api);
    const captured = Object.fromEntries(
      Object.entries(result.capturedStates).map(([k, state]) => [
        k,
        { state, metaInfo: { version: '0', time } },
      ]),
    );
    return { ok: true, desired: result.desiredState, captured };
  }

  private applyStep(name: string): void {
    const run = this.runs.get(name);
    if (run === undefined) return;
    const policy = this.api.get(this.types.nncp, undefined, run.policy) as
      NodeNetworkConfigurationPolicy | undefined;
    if (policy === undefined || (policy.metadata.generation ?? 1) !== run.generation) {
      this.runs.delete(name);
      this.queue?.add(run.policy);
      return;
    }
    const nns = this.api.get(this.types.nns, undefined, run.node) as NodeNetworkState | undefined;
    const current = nns?.status?.currentState ?? {};
    const resolved = this.resolveDesired(policy, current);
    if (!resolved.ok) {
      this.finishFailed(run, name, resolved.message, policy);
      return;
    }
    const fill = {
      desiredState: applyDefaultVlanFiltering(resolved.desired),
      ...(resolved.captured === undefined ? {} : { capturedStates: resolved.captured }),
    };
    const result = applyDesiredState(current, resolved.desired, { macSeed: run.node });
    if (result.ok) {
      this.updateNodeState(run.node, result.state);
      run.active = false;
      this.writeEnactment(name, { kind: 'success' }, fill);
      this.queue?.add(run.policy);
      return;
    }
    const message = handlerFailureMessage(
      run.node,
      this.api.now(),
      result.error.code,
      result.error.message,
    );
    run.failures++;
    if (run.failures <= MAX_RETRIES) {
      this.writeEnactment(
        name,
        { kind: 'retrying', message: retryingMessage(run.node, run.failures) },
        { ...fill, retryCount: { [String(run.generation)]: run.failures } },
      );
      this.queue?.add(run.policy);
      run.timer = this.scheduler.setTimeout(
        () => {
          const p = this.api.get(this.types.nncp, undefined, run.policy) as
            NodeNetworkConfigurationPolicy | undefined;
          if (p === undefined || this.runs.get(name) !== run) return;
          this.startRun(p, run.node, run.generation);
        },
        retryBackoffMs(this.speed, run.failures),
      );
      return;
    }
    this.finishFailed(run, name, message, policy, fill);
  }

  private finishFailed(
    run: Run,
    name: string,
    message: string,
    policy: NodeNetworkConfigurationPolicy,
    fill: Partial<NonNullable<NodeNetworkConfigurationEnactment['status']>> = {},
  ): void {
    run.active = false;
    this.writeEnactment(name, { kind: 'failed', message }, fill);
    this.api.recordEvent({
      involved: policy,
      type: 'Warning',
      reason: 'ReconcileFailed',
      message: failedEventMessage(name),
      component: HANDLER_COMPONENT,
      namespace: 'default',
    });
    this.queue?.add(run.policy);
  }

  private updateNodeState(node: string, state: NetworkState): void {
    const now = this.api.now();
    writeWithRetry<NodeNetworkState>(this.api, this.types.nns, undefined, node, (nns) => {
      const labels = {
        ...(nns.metadata.labels ?? {}),
        [FORCE_REFRESH_LABEL]: `${now.getTime()}000000`,
      };
      return { ...nns, metadata: { ...nns.metadata, labels } };
    });
    writeWithRetry<NodeNetworkState>(
      this.api,
      this.types.nns,
      undefined,
      node,
      (nns) => ({
        ...nns,
        status: {
          ...(nns.status ?? {}),
          currentState: state,
          lastSuccessfulUpdateTime: isoNow(this.api),
          handlerNmstateVersion: nns.status?.handlerNmstateVersion ?? NMSTATE_VERSION,
        },
      }),
      'status',
    );
  }

  private updatePolicyStatus(policyName: string, matching: number, notReady: number): void {
    const policy = this.api.get(this.types.nncp, undefined, policyName) as
      NodeNetworkConfigurationPolicy | undefined;
    if (policy === undefined) return;
    const generation = policy.metadata.generation ?? 1;
    const enactments = this.enactmentsOf(policyName).filter(
      (e) => e.status?.policyGeneration === generation,
    );
    const outcomes = enactments.map((e) => enactmentOutcome(e.status?.conditions));
    const conditions = policyConditions({
      matching,
      available: outcomes.filter((o) => o === 'available').length,
      failed: outcomes.filter((o) => o === 'failed').length,
      aborted: outcomes.filter((o) => o === 'aborted').length,
      ignoredNotReady: notReady,
    });
    const inFlight = [...this.runs.values()].filter(
      (r) => r.policy === policyName && r.generation === generation && r.active,
    ).length;
    const success = conditions.some((c) => c.type === 'Available' && c.status === 'True');
    writePolicyStatus(
      this.api,
      this.types.nncp,
      policyName,
      conditions,
      success ? {} : { [String(generation)]: inFlight },
    );
  }
}

/** Writes a policy's conditions and unavailable-node bookkeeping when they changed. */
export function writePolicyStatus(
  api: ClusterApi,
  type: ResourceType,
  name: string,
  conditions: ReturnType<typeof policyConditions>,
  unavailable: Record<string, number>,
): void {
  const now = isoNow(api);
  writeWithRetry<NodeNetworkConfigurationPolicy>(
    api,
    type,
    undefined,
    name,
    (p) => {
      const status = p.status ?? {};
      const count = Object.values(unavailable).reduce((a, b) => a + b, 0);
      const sameMap =
        JSON.stringify(status.unavailableNodeCountMap ?? {}) === JSON.stringify(unavailable);
      if (sameConditions(status.conditions, conditions) && sameMap) return undefined;
      p.status = {
        ...status,
        conditions: mergeConditions(status.conditions, conditions, now, true),
        unavailableNodeCountMap: unavailable,
        unavailableNodeCount: count,
        ...(sameMap ? {} : { lastUnavailableNodeCountUpdate: now }),
      };
      return p;
    },
    'status',
  );
}
