// An in-memory ClusterApi for controller unit tests: Map-backed storage with resourceVersion
// conflicts, generation bumps on spec changes, status-subresource semantics, synchronous watches
// and a controllable clock that also drives the controllers' timers.
import type { K8sResource } from '../../../../src/shared/model/k8s';
import { ApiError } from '../../api';
import { matchesLabels, parseLabelSelector } from '../../selectors';
import type { ClusterApi, ResourceType, StoreWatchEvent, WriteOptions } from '../../api';
import type { Scheduler, TimerHandle } from '../runtime';

const TYPES: ResourceType[] = [
  { group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false },
  { group: '', version: 'v1', plural: 'nodes', kind: 'Node', namespaced: false },
  { group: 'apps', version: 'v1', plural: 'daemonsets', kind: 'DaemonSet', namespaced: true },
  { group: 'apps', version: 'v1', plural: 'deployments', kind: 'Deployment', namespaced: true },
  { group: '', version: 'v1', plural: 'pods', kind: 'Pod', namespaced: true },
  { group: '', version: 'v1', plural: 'secrets', kind: 'Secret', namespaced: true },
  { group: '', version: 'v1', plural: 'events', kind: 'Event', namespaced: true },
  {
    group: 'agent-install.openshift.io',
    version: 'v1beta1',
    plural: 'nmstateconfigs',
    kind: 'NMStateConfig',
    namespaced: true,
  },
  {
    group: 'agent-install.openshift.io',
    version: 'v1beta1',
    plural: 'infraenvs',
    kind: 'InfraEnv',
    namespaced: true,
  },
  {
    group: 'nmstate.io',
    version: 'v1beta1',
    plural: 'nodenetworkstates',
    kind: 'NodeNetworkState',
    namespaced: false,
  },
  {
    group: 'nmstate.io',
    version: 'v1',
    plural: 'nodenetworkconfigurationpolicies',
    kind: 'NodeNetworkConfigurationPolicy',
    namespaced: false,
  },
  {
    group: 'nmstate.io',
    version: 'v1beta1',
    plural: 'nodenetworkconfigurationenactments',
    kind: 'NodeNetworkConfigurationEnactment',
    namespaced: false,
  },
  { group: 'nmstate.io', version: 'v1', plural: 'nmstates', kind: 'NMState', namespaced: false },
  {
    group: 'k8s.cni.cncf.io',
    version: 'v1',
    plural: 'network-attachment-definitions',
    kind: 'NetworkAttachmentDefinition',
    namespaced: true,
  },
  {
    group: 'metal3.io',
    version: 'v1alpha1',
    plural: 'baremetalhosts',
    kind: 'BareMetalHost',
    namespaced: true,
  },
  {
    group: 'metal3.io',
    version: 'v1alpha1',
    plural: 'hardwaredata',
    kind: 'HardwareData',
    namespaced: true,
  },
  {
    group: 'metal3.io',
    version: 'v1alpha1',
    plural: 'baremetalswitches',
    kind: 'BareMetalSwitch',
    namespaced: true,
  },
  {
    group: 'metal3.io',
    version: 'v1alpha1',
    plural: 'hostnetworkattachments',
    kind: 'HostNetworkAttachment',
    namespaced: true,
  },
  {
    group: 'ironic.metal3.io',
    version: 'v1alpha1',
    plural: 'ironics',
    kind: 'Ironic',
    namespaced: true,
  },
  {
    group: 'config.openshift.io',
    version: 'v1',
    plural: 'networks',
    kind: 'Network',
    namespaced: false,
  },
  {
    group: 'config.openshift.io',
    version: 'v1',
    plural: 'infrastructures',
    kind: 'Infrastructure',
    namespaced: false,
  },
  {
    group: 'operator.openshift.io',
    version: 'v1',
    plural: 'networks',
    kind: 'Network',
    namespaced: false,
  },
];

/** Virtual time for tests: `advance` runs due timers in order, including ones they schedule. */
export class FakeClock implements Scheduler {
  private nowMs: number;
  private seq = 0;
  private tasks: { due: number; seq: number; fn: () => void; cancelled: boolean }[] = [];

  constructor(start = Date.parse('2026-03-02T09:00:00Z')) {
    this.nowMs = start;
  }

  now(): Date {
    return new Date(this.nowMs);
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const task = { due: this.nowMs + Math.max(0, ms), seq: this.seq++, fn, cancelled: false };
    this.tasks.push(task);
    return {
      cancel: () => {
        task.cancelled = true;
      },
    };
  }

  advance(ms: number): void {
    const target = this.nowMs + ms;
    for (;;) {
      this.tasks = this.tasks.filter((t) => !t.cancelled);
      let next: (typeof this.tasks)[number] | undefined;
      for (const t of this.tasks) {
        if (
          t.due <= target &&
          (next === undefined || t.due < next.due || (t.due === next.due && t.seq < next.seq))
        ) {
          next = t;
        }
      }
      if (next === undefined) break;
      next.cancelled = true;
      this.nowMs = Math.max(this.nowMs, next.due);
      next.fn();
    }
    this.nowMs = target;
  }

  /** Advances in steps until `done()` holds; fails the test after `maxMs` of virtual time. */
  advanceUntil(done: () => boolean, maxMs = 120_000, stepMs = 50): void {
    for (let spent = 0; !done(); spent += stepMs) {
      if (spent > maxMs)
        throw new Error(`condition not reached within ${maxMs} ms of virtual time`);
      this.advance(stepMs);
    }
  }

  pendingTimers(): number {
    return this.tasks.filter((t) => !t.cancelled).length;
  }
}

export interface RecordedEvent {
  involved: K8sResource;
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  component: string;
  namespace?: string;
}

function typeKey(t: ResourceType): string {
  return `${t.group}/${t.plural}`;
}

function objectKey(namespace: string | undefined, name: string): string {
  return `${namespace ?? ''}/${name}`;
}

function omit(obj: K8sResource, ...keys: string[]): K8sResource {
  const out: K8sResource = { ...obj };
  for (const k of keys) Reflect.deleteProperty(out, k);
  return out;
}

function withoutMetaAndStatus(obj: K8sResource): string {
  return JSON.stringify(omit(obj, 'metadata', 'status'));
}

export class FakeApi implements ClusterApi {
  readonly events: RecordedEvent[] = [];
  private readonly store = new Map<string, Map<string, K8sResource>>();
  private readonly listeners = new Map<string, Set<(e: StoreWatchEvent) => void>>();
  private rv = 1;
  private uid = 1;
  writes = 0;

  constructor(readonly clock: FakeClock = new FakeClock()) {}

  resourceType(group: string, kind: string): ResourceType {
    const t = TYPES.find((x) => x.group === group && x.kind === kind);
    if (t === undefined) throw new ApiError(404, 'NotFound', `no resource type ${group}/${kind}`);
    return t;
  }

  private bucket(type: ResourceType): Map<string, K8sResource> {
    const key = typeKey(type);
    let b = this.store.get(key);
    if (b === undefined) {
      b = new Map();
      this.store.set(key, b);
    }
    return b;
  }

  private emit(type: ResourceType, event: StoreWatchEvent): void {
    for (const l of [...(this.listeners.get(typeKey(type)) ?? [])])
      l({ type: event.type, object: structuredClone(event.object) });
  }

  list(
    type: ResourceType,
    opts: { namespace?: string; labelSelector?: string } = {},
  ): K8sResource[] {
    // The cluster's own parser: a selector the API server refuses throws here too.
    const selector = parseLabelSelector(opts.labelSelector);
    return [...this.bucket(type).values()]
      .filter((o) => opts.namespace === undefined || o.metadata?.namespace === opts.namespace)
      .filter((o) => matchesLabels(selector, o.metadata?.labels))
      .map((o) => structuredClone(o));
  }

  get(type: ResourceType, namespace: string | undefined, name: string): K8sResource | undefined {
    const o = this.bucket(type).get(objectKey(type.namespaced ? namespace : undefined, name));
    return o === undefined ? undefined : structuredClone(o);
  }

  exists(type: ResourceType, namespace: string | undefined, name: string): boolean {
    return this.bucket(type).has(objectKey(type.namespaced ? namespace : undefined, name));
  }

  create(type: ResourceType, obj: K8sResource, opts: WriteOptions = {}): K8sResource {
    const name = obj.metadata?.name;
    if (name === undefined || name === '')
      throw new ApiError(422, 'Invalid', 'metadata.name: Required value');
    const namespace = type.namespaced ? (obj.metadata?.namespace ?? 'default') : undefined;
    const key = objectKey(namespace, name);
    if (this.bucket(type).has(key)) {
      throw new ApiError(409, 'AlreadyExists', `${type.plural} "${name}" already exists`);
    }
    const rest = omit(structuredClone(obj), 'status');
    const stored: K8sResource = {
      ...rest,
      apiVersion: type.group === '' ? type.version : `${type.group}/${type.version}`,
      kind: type.kind,
      metadata: {
        ...rest.metadata,
        name,
        ...(namespace === undefined ? {} : { namespace }),
        uid: `00000000-0000-4000-8000-${String(this.uid++).padStart(12, '0')}`,
        resourceVersion: String(this.rv++),
        generation: 1,
        creationTimestamp: this.now()
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z'),
      },
    };
    if (opts.dryRun === true) return stored;
    this.writes++;
    this.bucket(type).set(key, stored);
    this.emit(type, { type: 'ADDED', object: stored });
    return structuredClone(stored);
  }

  update(type: ResourceType, obj: K8sResource, opts: WriteOptions = {}): K8sResource {
    const name = obj.metadata?.name ?? '';
    const namespace = type.namespaced ? obj.metadata?.namespace : undefined;
    const key = objectKey(namespace, name);
    const old = this.bucket(type).get(key);
    if (old === undefined)
      throw new ApiError(404, 'NotFound', `${type.plural} "${name}" not found`);
    const wanted = obj.metadata?.resourceVersion;
    if (wanted !== undefined && wanted !== old.metadata?.resourceVersion) {
      throw new ApiError(
        409,
        'Conflict',
        `Operation cannot be fulfilled on ${type.plural} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
      );
    }
    const next = structuredClone(obj);
    let stored: K8sResource;
    if (opts.subresource === 'status') {
      stored = { ...structuredClone(old), status: next['status'] };
    } else {
      const rest = omit(next, 'status');
      stored = { ...rest, metadata: { ...old.metadata, ...rest.metadata } };
      if (old['status'] !== undefined) stored['status'] = structuredClone(old['status']);
      const generation = old.metadata?.generation ?? 1;
      const meta = stored.metadata ?? {};
      meta.generation =
        withoutMetaAndStatus(old) === withoutMetaAndStatus(stored) ? generation : generation + 1;
      stored.metadata = meta;
    }
    const meta = stored.metadata ?? {};
    meta.resourceVersion = String(this.rv++);
    meta.uid = old.metadata?.uid;
    stored.metadata = meta;
    if (opts.dryRun === true) return stored;
    this.writes++;
    this.bucket(type).set(key, stored);
    this.emit(type, { type: 'MODIFIED', object: stored });
    return structuredClone(stored);
  }

  delete(type: ResourceType, namespace: string | undefined, name: string): void {
    const key = objectKey(type.namespaced ? namespace : undefined, name);
    const old = this.bucket(type).get(key);
    if (old === undefined)
      throw new ApiError(404, 'NotFound', `${type.plural} "${name}" not found`);
    this.bucket(type).delete(key);
    this.writes++;
    this.emit(type, { type: 'DELETED', object: old });
  }

  watch(type: ResourceType, listener: (event: StoreWatchEvent) => void): () => void {
    const key = typeKey(type);
    let set = this.listeners.get(key);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  recordEvent(input: RecordedEvent): void {
    this.events.push(structuredClone(input));
  }

  now(): Date {
    return this.clock.now();
  }
}
