// The in-process contract between the sandbox API server (which owns storage, validation,
// admission, versions and watches) and the simulated controllers (nmstate handler, Ironic,
// Multus). Controllers never touch storage directly: every write goes through the same
// admission and resourceVersion checks an HTTP client gets, so the simulation stays honest.
import type { K8sResource } from '../../src/shared/model/k8s';

/** A resource type as the server registers it (see registry). `version` is the stored version. */
export interface ResourceType {
  group: string; // '' for the core group
  version: string;
  plural: string;
  kind: string;
  namespaced: boolean;
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface StoreWatchEvent {
  type: WatchEventType;
  object: K8sResource;
}

/** Thrown by every write that the API server would reject; carries the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly causes: { reason?: string; message?: string; field?: string }[] = [],
  ) {
    super(message);
  }
}

export interface WriteOptions {
  /** Writes by controllers act as a privileged service account and skip persona checks. */
  subresource?: 'status';
  dryRun?: boolean;
}

export interface ClusterApi {
  resourceType(group: string, kind: string): ResourceType;
  list(type: ResourceType, opts?: { namespace?: string; labelSelector?: string }): K8sResource[];
  get(type: ResourceType, namespace: string | undefined, name: string): K8sResource | undefined;
  /**
   * Whether the object exists, without copying it: `get` deep-copies, and at 2,000 nodes the
   * handler's "does this node run a handler" check copied a 20 KB state 200,000 times per resync.
   */
  exists(type: ResourceType, namespace: string | undefined, name: string): boolean;
  create(type: ResourceType, obj: K8sResource, opts?: WriteOptions): K8sResource;
  /** Optimistic concurrency: a stale metadata.resourceVersion throws ApiError 409. */
  update(type: ResourceType, obj: K8sResource, opts?: WriteOptions): K8sResource;
  delete(type: ResourceType, namespace: string | undefined, name: string): void;
  /** Synchronous, in-order notifications after each committed write. Returns unsubscribe. */
  watch(type: ResourceType, listener: (event: StoreWatchEvent) => void): () => void;
  /** Records a core/v1 Event the way a controller's event recorder does. */
  recordEvent(input: {
    involved: K8sResource;
    type: 'Normal' | 'Warning';
    reason: string;
    message: string;
    component: string;
    namespace?: string;
  }): void;
  /** Current time; the fast clock lets tests run rollouts in seconds. */
  now(): Date;
}

/** A simulated controller. `start` subscribes to watches; `stop` releases timers and watches. */
export interface Controller {
  readonly name: string;
  start(api: ClusterApi, options: { speed: 'realtime' | 'fast' }): void;
  stop(): void;
}
