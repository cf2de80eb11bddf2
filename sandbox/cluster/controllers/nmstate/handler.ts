// The simulated kubernetes-nmstate handler, following v0.85.0
// controllers/handler/nodenetworkconfigurationpolicy_controller.go `Reconcile`. Upstream, one
// handler pod per node reconciles every policy for its own node; here one controller plays all of
// them, node by node, keeping the observable behaviour:
// - matching nodes are those the selector selects that run a handler; a handler creates its
//   node's NNS at start (pkg/client/client.go `InitializeNodeNetworkState`), so here a node with
//   an NNS runs one (pkg/node/nodes.go `NodesRunningNmstate`). NotReady nodes keep their
//   enactments and do not progress;
// - every reconcile first generates the desired state with `nmstatectl policy` (captures, the
//   enactment's cached `capturedStates`, strict parse; pkg/nmpolicy/generate.go) before the
//   maxUnavailable gate; a failure there is final at once (FailedToConfigure, no retry);
// - the gate takes a slot in `unavailableNodeCountMap[generation]` that only a success gives
//   back; a node without a slot is Pending, and Aborted once failed nodes reach maxUnavailable;
// - the apply uses the enactment's rendered `desiredState` (default VLAN filtering included);
//   five attempts in all, the first failure writing "Retrying 2/5"; a retry is Failing=True with
//   Progressing=True, so the policy is Degraded while nodes retry;
// - the policy's conditions are reset to Unknown at the start of a reconcile unless it is
//   Progressing, and computed again at its end (pkg/policyconditions/conditions.go), so a
//   Degraded policy flaps while nodes retry.
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
import { isLabelValue } from '../../selectors';
import { generateState } from './captures';
import type { EnactmentPhase } from './conditions';
import {
  MAX_RETRIES,
  countEnactments,
  enactmentConditions,
  enactmentOutcome,
  failedEventMessage,
  policyConditions,
  retryingMessage,
  scaledMaxUnavailable,
  unknownPolicyConditions,
} from './conditions';

export const HANDLER_COMPONENT = 'nmstate-handler';
export const NMSTATE_VERSION = 'nmstatectl 2.2.38';
const FORCE_REFRESH_LABEL = 'nmstate.io/force-nns-refresh';
/** pkg/client/client.go `DesiredStateConfigurationTimeout`: (120 s + 120 s) * 2. */
const APPLY_TIMEOUT_S = 480;

interface Run {
  policy: string;
  node: string;
  generation: number;
  timer?: TimerHandle;
}

interface Types {
  nncp: ResourceType;
  nnce: ResourceType;
  nns: ResourceType;
  node: ResourceType;
}

type EnactmentStatus = NonNullable<NodeNetworkConfigurationEnactment['status']>;

export function enactmentName(node: string, policy: string): string {
  return `${node}.${policy}`;
}

export function nodeMatches(node: Node, selector: Record<string, string> | undefined): boolean {
  const labels = node.metadata.labels ?? {};
  return Object.entries(selector ?? {}).every(([k, v]) => labels[k] === v);
}

/** pkg/node/nodes.go `isReady`: a node without a Ready condition is not Ready. */
export function nodeReady(node: Node): boolean {
  return node.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
}

/** Backoff between retries: 1 s doubling up to 30 s upstream, twenty times faster with --speed fast. */
export function retryBackoffMs(speed: Speed, failures: number): number {
  const seconds = Math.min(30, 2 ** Math.max(0, failures - 1));
  return speed === 'fast' ? seconds * 50 : seconds * 1000;
}

function ts(at: Date, offsetMs: number): string {
  return new Date(at.getTime() + offsetMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** What nmstatectl writes to stderr before its error: env_logger lines at the default Info level. */
function nmstatectlLog(at: Date, apply: boolean): string {
  const checkpoint = (at.getTime() % 97) + 1;
  const lines = [`[${ts(at, 0)} INFO  nmstatectl] Nmstate version: 2.2.38`];
  if (apply) {
    lines.push(
      `[${ts(at, 12)} INFO  nmstate::nispor::base_iface] Got unsupported interface ovs-system type Other("OpenvSwitch")`,
      `[${ts(at, 41)} INFO  nmstate::query_apply::net_state] Created checkpoint /org/freedesktop/NetworkManager/Checkpoint/${checkpoint}`,
      `[${ts(at, 44)} INFO  nmstate::query_apply::net_state] Rollbacked to checkpoint /org/freedesktop/NetworkManager/Checkpoint/${checkpoint}`,
    );
  }
  return lines.join('\n');
}

/**
 * The Failing message of an apply failure since v0.84: the controller's `%q` slot holds the
 * (empty on failure) nmstatectl output, then pkg/nmstatectl/nmstatectl.go wraps stdout, stderr
 * (the log, then `NmstateError: …`) and the exit error of `nmstatectl apply --no-commit`.
 */
export function applyFailureMessage(node: string, at: Date, nmstateError: string): string {
  return (
    `error reconciling NodeNetworkConfigurationPolicy on node ${node} at desired state apply: "",\n ` +
    `, ${nmstatectlLog(at, true)}\n${nmstateError}\n: ` +
    `failed to execute nmstatectl apply --no-commit --timeout ${APPLY_TIMEOUT_S}: exit status 1`
  );
}

/**
 * A probe failure after apply: pkg/client/client.go `rollback` wraps pkg/probe/probes.go `Run`,
 * whose poll ends with the context's deadline error; nmstatectl's output slot is "".
 */
export function probeFailureMessage(node: string, rollbackText: string): string {
  return (
    `error reconciling NodeNetworkConfigurationPolicy on node ${node} at desired state apply: "",\n ` +
    `${rollbackText}: context deadline exceeded`
  );
}

/** Temp-file names as os.CreateTemp("/tmp", name) makes them. */
function tempName(prefix: string, seed: string): string {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  return `/tmp/${prefix}${String(h).padStart(10, '0')}`;
}

/**
 * A generate failure as fillInEnactmentStatus records it: conditions.go `NotifyGenerateFailure`
 * around pkg/nmstatectl/nmstatectl.go `Policy`, whose wrap says "rollback" upstream.
 */
export function generateFailureMessage(
  at: Date,
  seed: string,
  cached: boolean,
  nmstateError: string,
): string {
  const captured = tempName('capturedState', `${seed}/c`);
  const args = [
    'policy',
    '--current',
    tempName('currentState', `${seed}/s`),
    '--json',
    '--output-captured',
    captured,
    ...(cached ? ['--captured', captured] : []),
    tempName('policy', `${seed}/p`),
  ].join(' ');
  return (
    `failure generating desiredState and capturedStates: failed calling nmstatectl rollback: , ` +
    `${nmstatectlLog(at, false)}\n${nmstateError}\n: failed to execute nmstatectl ${args}: exit status 1`
  );
}

/**
 * What `nmstatectl show` reports for a state the handler applied: linux-bridge ports carry their
 * VLAN filtering with `enable-native: false` in trunk mode (kubernetes-nmstate
 * test data NodeNetworkStatusWithLLDP.json shows the default 2–4094 trunk that way).
 */
export function reportedState(state: NetworkState): NetworkState {
  const ifaces = (state.interfaces ?? []).map((iface) => {
    const ports = iface.bridge?.port;
    if (iface.type !== 'linux-bridge' || ports === undefined) return iface;
    return {
      ...iface,
      bridge: {
        ...iface.bridge,
        port: ports.map((p) =>
          p.vlan?.mode === 'trunk' && p.vlan['enable-native'] === undefined
            ? { ...p, vlan: { 'enable-native': false, ...p.vlan } }
            : p,
        ),
      },
    };
  });
  return state.interfaces === undefined ? state : { ...state, interfaces: ifaces };
}

export class NmstateHandler implements Controller {
  readonly name = 'nmstate-handler';
  private api!: ClusterApi;
  private speed: Speed = 'realtime';
  private types!: Types;
  private queue?: WorkQueue;
  private readonly runs = new Map<string, Run>();
  private readonly nodeLabels = new Map<string, string>();
  /** Per node, bumped when its labels change: upstream re-reconciles every policy on that node. */
  private readonly labelEpoch = new Map<string, number>();
  /** The label epoch each enactment was last reconciled at. */
  private readonly seenEpoch = new Map<string, number>();
  private readonly generations = new Map<string, number>();
  /**
   * Policies queued when the simulator starts: its handlers are taken to be running already
   * (the cluster was persisted), so this first pass only picks up unfinished work and does not
   * replay a handler restart's reset and re-apply of everything.
   */
  private readonly resumed = new Set<string>();
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
    for (const p of api.list(this.types.nncp)) {
      const name = p.metadata?.name;
      if (name === undefined) continue;
      this.generations.set(name, p.metadata?.generation ?? 1);
      this.resumed.add(name);
    }
    this.unsubscribe = [
      // Upstream's predicate: create, delete, or an update that changes the generation; status
      // writes (the handler's own) do not reconcile again.
      api.watch(this.types.nncp, (e) => {
        const name = e.object.metadata?.name;
        if (name === undefined) return;
        const generation = e.object.metadata?.generation ?? 1;
        if (e.type === 'MODIFIED' && this.generations.get(name) === generation) return;
        if (e.type === 'DELETED') this.generations.delete(name);
        else this.generations.set(name, generation);
        queue.add(name);
      }),
      api.watch(this.types.nnce, (e) => {
        const policy = e.object.metadata?.labels?.[ENACTMENT_POLICY_LABEL];
        if (e.type === 'DELETED' && policy !== undefined) queue.add(policy);
      }),
      api.watch(this.types.node, (e) => {
        const node = e.object as Node;
        const name = node.metadata.name;
        const key = e.type === 'DELETED' ? undefined : this.nodeKey(node);
        const before = this.nodeLabels.get(name);
        if (before === key) return;
        if (key === undefined) this.nodeLabels.delete(name);
        else this.nodeLabels.set(name, key);
        const labels = (k: string | undefined): string =>
          k === undefined ? '' : (k.split('\n')[0] ?? '');
        if (labels(before) !== labels(key)) {
          const epoch = this.labelEpoch.get(name) ?? 0;
          for (const en of this.enactmentsLabelled(ENACTMENT_NODE_LABEL, name)) {
            const n = en.metadata.name;
            if (!this.seenEpoch.has(n)) this.seenEpoch.set(n, epoch);
          }
          this.labelEpoch.set(name, epoch + 1);
        }
        this.enqueueAll();
      }),
      api.watch(this.types.nns, (e) => {
        if (e.type === 'ADDED' || e.type === 'DELETED') this.enqueueAll();
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
    return `${JSON.stringify(node.metadata.labels ?? {})}\n${String(nodeReady(node))}`;
  }

  private enqueueAll(): void {
    for (const p of this.api.list(this.types.nncp)) {
      if (p.metadata?.name !== undefined) this.queue?.add(p.metadata.name);
    }
  }

  private enactmentsOf(policy: string): NodeNetworkConfigurationEnactment[] {
    return this.enactmentsLabelled(ENACTMENT_POLICY_LABEL, policy);
  }

  /**
   * Enactments whose node or policy label is `value`. A node or policy name longer than a label
   * value can be carries no enactment (upstream cannot create one either: kubernetes-nmstate
   * issue #753), and a selector with it is refused by the API server, so none are listed.
   */
  private enactmentsLabelled(label: string, value: string): NodeNetworkConfigurationEnactment[] {
    if (!isLabelValue(value)) return [];
    return this.api.list(this.types.nnce, {
      labelSelector: `${label}=${value}`,
    }) as NodeNetworkConfigurationEnactment[];
  }

  private getPolicy(name: string): NodeNetworkConfigurationPolicy | undefined {
    return this.api.get(this.types.nncp, undefined, name) as
      NodeNetworkConfigurationPolicy | undefined;
  }

  private getEnactment(name: string): NodeNetworkConfigurationEnactment | undefined {
    return this.api.get(this.types.nnce, undefined, name) as
      NodeNetworkConfigurationEnactment | undefined;
  }

  private cancelRun(name: string): void {
    this.runs.get(name)?.timer?.cancel();
    this.runs.delete(name);
  }

  private hasHandler(node: string): boolean {
    return this.api.exists(this.types.nns, undefined, node);
  }

  private reconcilePolicy(policyName: string): void {
    const policy = this.getPolicy(policyName);
    const existing = this.enactmentsOf(policyName);
    if (policy === undefined || policy.metadata.deletionTimestamp !== undefined) {
      for (const e of existing) this.deleteEnactment(e.metadata.name);
      return;
    }
    const progressing = policy.status?.conditions?.some(
      (c) => c.type === 'Progressing' && c.status === 'True',
    );
    const resumed = this.resumed.delete(policyName);
    if (progressing !== true && !resumed)
      this.writePolicyConditions(policyName, unknownPolicyConditions());

    const all = (this.api.list(this.types.node) as Node[]).sort((a, b) =>
      a.metadata.name.localeCompare(b.metadata.name),
    );
    const selected = all.filter((n) => nodeMatches(n, policy.spec.nodeSelector));
    const selectedNames = new Set(selected.map((n) => n.metadata.name));
    // The handler of a node the selector no longer matches deletes that node's enactment.
    for (const e of existing) {
      const node = e.metadata.labels?.[ENACTMENT_NODE_LABEL];
      if (node !== undefined && !selectedNames.has(node) && this.hasHandler(node))
        this.deleteEnactment(e.metadata.name);
    }
    const matching = selected.filter((n) => this.hasHandler(n.metadata.name));
    const ready = matching.filter(nodeReady);
    // Every node's handler creates its enactment first thing; they run concurrently upstream, so
    // the gates below already count all of them when scaling maxUnavailable.
    const have = new Set(existing.map((e) => e.metadata.name));
    for (const node of ready)
      if (!have.has(enactmentName(node.metadata.name, policyName)))
        this.createEnactment(node, policyName);
    // The policy and the enactments just listed go along, so a resync of 50 policies × 2,000 nodes
    // does not deep-copy each of them once more per node (that garbage doubled the sandbox's RSS).
    const byName = new Map(existing.map((e) => [e.metadata.name, e]));
    for (const node of ready)
      this.reconcileNode(policyName, node, {
        policy,
        enactment: byName.get(enactmentName(node.metadata.name, policyName)),
      });
    this.updatePolicyStatus(policyName, matching.length, matching.length - ready.length);
  }

  private deleteEnactment(name: string): void {
    this.cancelRun(name);
    try {
      this.api.delete(this.types.nnce, undefined, name);
    } catch (e) {
      if (!(e instanceof ApiError && e.code === 404)) throw e;
    }
  }

  /** api/v1beta1 `NewEnactment`: five Unknown conditions, no policyGeneration yet. */
  private createEnactment(node: Node, policy: string): NodeNetworkConfigurationEnactment {
    const name = enactmentName(node.metadata.name, policy);
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
        conditions: mergeConditions(
          undefined,
          enactmentConditions({ kind: 'initial' }),
          isoNow(this.api),
          true,
        ),
      },
    };
    try {
      return createWithStatus(this.api, this.types.nnce, obj);
    } catch (e) {
      if (e instanceof ApiError && e.code === 409) return this.getEnactment(name) ?? obj;
      throw e;
    }
  }

  /** Would upstream reconcile this policy on this node now? New generation, requeue, label change. */
  private wantsReconcile(e: NodeNetworkConfigurationEnactment, generation: number): boolean {
    const node = e.metadata.labels?.[ENACTMENT_NODE_LABEL] ?? '';
    const epoch = this.labelEpoch.get(node) ?? 0;
    const seen = this.seenEpoch.get(e.metadata.name);
    if (seen !== undefined && seen !== epoch) return true;
    if (e.status?.policyGeneration !== generation) return true;
    return enactmentOutcome(e.status.conditions) === 'pending';
  }

  /** One node's handler reconciling one policy, up to the start of the apply. */
  private reconcileNode(
    policyName: string,
    node: Node,
    known?: {
      policy: NodeNetworkConfigurationPolicy;
      enactment: NodeNetworkConfigurationEnactment | undefined;
    },
  ): void {
    const policy = known?.policy ?? this.getPolicy(policyName);
    if (policy === undefined) return;
    const generation = policy.metadata.generation ?? 1;
    const name = enactmentName(node.metadata.name, policyName);
    const run = this.runs.get(name);
    if (run?.generation === generation) return;
    const enactment =
      known?.enactment ?? this.getEnactment(name) ?? this.createEnactment(node, policyName);
    if (run === undefined && !this.wantsReconcile(enactment, generation)) return;
    // An in-flight apply of an older generation finishes unobserved; the new one starts over.
    this.cancelRun(name);
    this.seenEpoch.set(name, this.labelEpoch.get(node.metadata.name) ?? 0);
    if (!this.fillInEnactmentStatus(policy, name, node.metadata.name)) return;
    if (!this.takeSlot(policy, name)) return;
    this.startApply(policy, node.metadata.name, generation);
  }

  /** fillInEnactmentStatus: generate the state (captures cached per enactment) before any gate. */
  private fillInEnactmentStatus(
    policy: NodeNetworkConfigurationPolicy,
    name: string,
    node: string,
  ): boolean {
    const generation = policy.metadata.generation ?? 1;
    const nns = this.api.get(this.types.nns, undefined, node) as NodeNetworkState | undefined;
    const cached = this.getEnactment(name)?.status?.capturedStates;
    const result = generateState(
      policy.spec,
      nns?.status?.currentState ?? {},
      cached,
      isoNow(this.api),
    );
    if (!result.ok) {
      const message = generateFailureMessage(
        this.api.now(),
        `${name}/${generation}`,
        result.usedCache,
        result.nmstateError,
      );
      this.writeEnactment(name, { kind: 'failed', message }, { policyGeneration: generation });
      return false;
    }
    this.writeEnactment(name, undefined, {
      desiredState: applyDefaultVlanFiltering(result.desiredState),
      capturedStates: result.capturedStates,
      policyGeneration: generation,
      features: [],
    });
    return true;
  }

  /** incrementUnavailableNodeCount, and Pending/Aborted when no slot is free. */
  private takeSlot(policy: NodeNetworkConfigurationPolicy, name: string): boolean {
    const generation = policy.metadata.generation ?? 1;
    const key = String(generation);
    const enactments = this.enactmentsOf(policy.metadata.name);
    const max = scaledMaxUnavailable(policy.spec.maxUnavailable, enactments.length);
    const taken = this.getPolicy(policy.metadata.name)?.status?.unavailableNodeCountMap?.[key] ?? 0;
    if (taken < max) {
      this.writeUnavailable(policy.metadata.name, key, 1);
      return true;
    }
    this.writeEnactment(name, { kind: 'pending' });
    // Counted after this enactment turned Pending, from a fresh list (v0.85.0
    // shouldAbortReconcile after NotifyPending; pkg/enactmentstatus/conditions/counter.go
    // CountConditionsLogicalAnd lists the enactments): a Failing left over from the previous
    // generation on this very node must not abort it.
    const failed = this.enactmentsOf(policy.metadata.name).filter(
      (e) =>
        e.status?.policyGeneration === generation &&
        enactmentOutcome(e.status.conditions) === 'failed',
    ).length;
    if (failed >= max) {
      const message = `reconciliation of enactment "${name}" has aborted`;
      this.writeEnactment(name, { kind: 'aborted', enactment: name });
      this.api.recordEvent({
        involved: policy,
        type: 'Warning',
        reason: 'ReconcileFailed',
        message,
        component: HANDLER_COMPONENT,
        namespace: 'default',
      });
    }
    return false;
  }

  private writeUnavailable(policyName: string, key: string, delta: number): void {
    writeWithRetry<NodeNetworkConfigurationPolicy>(
      this.api,
      this.types.nncp,
      undefined,
      policyName,
      (p) => {
        const map = { ...(p.status?.unavailableNodeCountMap ?? {}) };
        const next = (map[key] ?? 0) + delta;
        if (next < 0) return undefined;
        map[key] = next;
        p.status = { ...(p.status ?? {}), unavailableNodeCountMap: map };
        return p;
      },
      'status',
    );
  }

  private writeEnactment(
    name: string,
    phase: EnactmentPhase | undefined,
    extra: Partial<EnactmentStatus> = {},
  ): NodeNetworkConfigurationEnactment | undefined {
    const now = isoNow(this.api);
    return writeWithRetry<NodeNetworkConfigurationEnactment>(
      this.api,
      this.types.nnce,
      undefined,
      name,
      (current) => {
        const status: EnactmentStatus = current.status ?? {};
        const next = phase === undefined ? undefined : enactmentConditions(phase);
        const unchanged =
          (next === undefined || sameConditions(status.conditions, next)) &&
          Object.entries(extra).every(([k, v]) => JSON.stringify(status[k]) === JSON.stringify(v));
        if (unchanged) return undefined;
        current.status = {
          ...status,
          ...extra,
          ...(next === undefined
            ? {}
            : { conditions: mergeConditions(status.conditions, next, now, true) }),
        };
        return current;
      },
      'status',
    );
  }

  private startApply(
    policy: NodeNetworkConfigurationPolicy,
    node: string,
    generation: number,
  ): void {
    const name = enactmentName(node, policy.metadata.name);
    const run: Run = { policy: policy.metadata.name, node, generation };
    this.runs.set(name, run);
    this.writeEnactment(name, { kind: 'progressing' });
    const attempts = this.getEnactment(name)?.status?.retryCount?.[String(generation)] ?? 0;
    run.timer = this.scheduler.setTimeout(
      () => {
        try {
          this.finishApply(name, run);
        } catch (e) {
          logControllerError(this.name, name, e);
        }
      },
      stepMs(this.speed, `${name}/${generation}/${attempts}`),
    );
  }

  private finishApply(name: string, run: Run): void {
    if (this.runs.get(name) !== run) return;
    const policy = this.getPolicy(run.policy);
    if (policy === undefined || (policy.metadata.generation ?? 1) !== run.generation) {
      this.runs.delete(name);
      this.queue?.add(run.policy);
      return;
    }
    const key = String(run.generation);
    const nns = this.api.get(this.types.nns, undefined, run.node) as NodeNetworkState | undefined;
    const current = nns?.status?.currentState ?? {};
    const enactment = this.getEnactment(name);
    const desired = enactment?.status?.desiredState ?? {};
    const result =
      Object.keys(desired).length === 0
        ? ({ ok: true, state: current } as const)
        : applyDesiredState(current, desired, { macSeed: run.node });
    if (result.ok) {
      this.runs.delete(name);
      this.writeEnactment(name, { kind: 'success' });
      this.writeUnavailable(run.policy, key, -1);
      this.updateNodeState(run.node, result.state);
      this.queue?.add(run.policy);
      return;
    }
    const message =
      result.error.code === 'ProbeFailed'
        ? probeFailureMessage(run.node, result.error.message)
        : applyFailureMessage(run.node, this.api.now(), result.error.message);
    const retries = { ...(enactment?.status?.retryCount ?? {}) };
    const count = (retries[key] ?? 0) + 1;
    retries[key] = count;
    this.writeEnactment(name, undefined, { retryCount: retries });
    if (count >= MAX_RETRIES) {
      // The slot stays taken: only a success gives it back.
      this.runs.delete(name);
      this.writeEnactment(name, { kind: 'failed', message });
      this.api.recordEvent({
        involved: policy,
        type: 'Warning',
        reason: 'ReconcileFailed',
        message: failedEventMessage(name),
        component: HANDLER_COMPONENT,
        namespace: 'default',
      });
      this.queue?.add(run.policy);
      return;
    }
    this.writeEnactment(name, { kind: 'retrying', message: retryingMessage(run.node, count) });
    this.queue?.add(run.policy);
    // Requeue: the retry regenerates the state and applies again without taking a new slot.
    run.timer = this.scheduler.setTimeout(
      () => {
        try {
          if (this.runs.get(name) !== run) return;
          const p = this.getPolicy(run.policy);
          if (p === undefined || (p.metadata.generation ?? 1) !== run.generation) {
            this.runs.delete(name);
            this.queue?.add(run.policy);
            return;
          }
          if (!this.fillInEnactmentStatus(p, name, run.node)) {
            this.runs.delete(name);
            this.queue?.add(run.policy);
            return;
          }
          this.startApply(p, run.node, run.generation);
        } catch (e) {
          logControllerError(this.name, name, e);
        }
      },
      retryBackoffMs(this.speed, count),
    );
  }

  /**
   * After a success the handler labels the NNS to force a refresh; the NNS status is written
   * only when the reported state differs (pkg/client/client.go `UpdateCurrentState`).
   */
  private updateNodeState(node: string, applied: NetworkState): void {
    const now = this.api.now();
    const state = reportedState(applied);
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
      (nns) => {
        if (JSON.stringify(nns.status?.currentState ?? {}) === JSON.stringify(state))
          return undefined;
        return {
          ...nns,
          status: {
            ...(nns.status ?? {}),
            currentState: state,
            lastSuccessfulUpdateTime: isoNow(this.api),
            handlerNmstateVersion: nns.status?.handlerNmstateVersion ?? NMSTATE_VERSION,
          },
        };
      },
      'status',
    );
  }

  private updatePolicyStatus(policyName: string, matching: number, notReady: number): void {
    const policy = this.getPolicy(policyName);
    if (policy === undefined) return;
    const generation = policy.metadata.generation ?? 1;
    const counts = countEnactments(this.enactmentsOf(policyName), generation);
    const conditions = policyConditions({ matching, ...counts, ignoredNotReady: notReady });
    const success = conditions.some((c) => c.type === 'Available' && c.status === 'True');
    this.writePolicyConditions(policyName, conditions, success);
  }

  /** Writes the policy's conditions; a success also clears the unavailable-node map upstream. */
  private writePolicyConditions(
    name: string,
    conditions: ReturnType<typeof policyConditions>,
    clearUnavailable = false,
  ): void {
    writePolicyStatus(
      this.api,
      this.types.nncp,
      name,
      conditions,
      clearUnavailable ? {} : undefined,
    );
  }
}

/** Writes a policy's conditions (and, when given, its unavailable-node map) when they changed. */
export function writePolicyStatus(
  api: ClusterApi,
  type: ResourceType,
  name: string,
  conditions: ReturnType<typeof policyConditions>,
  unavailable?: Record<string, number>,
): void {
  const now = isoNow(api);
  writeWithRetry<NodeNetworkConfigurationPolicy>(
    api,
    type,
    undefined,
    name,
    (p) => {
      const status = p.status ?? {};
      const sameMap =
        unavailable === undefined ||
        JSON.stringify(status.unavailableNodeCountMap ?? {}) === JSON.stringify(unavailable);
      if (sameConditions(status.conditions, conditions) && sameMap) return undefined;
      p.status = {
        ...status,
        conditions: mergeConditions(status.conditions, conditions, now, true),
        ...(unavailable === undefined ? {} : { unavailableNodeCountMap: unavailable }),
      };
      return p;
    },
    'status',
  );
}
