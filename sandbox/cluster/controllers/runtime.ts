// Shared plumbing of the simulated controllers: a scheduler that tests can replace with a fake
// clock, a de-duplicating work queue (watch callbacks only enqueue, so a controller never writes
// from inside another write's notification), conditions and conflict-retrying status writes.
import type { Condition, K8sResource } from '../../../src/shared/model/k8s';
import { ApiError } from '../api';
import type { ClusterApi, ResourceType } from '../api';

export type Speed = 'realtime' | 'fast';

export interface TimerHandle {
  cancel(): void;
}

/** Time source and timers. The real one wraps setTimeout; tests pass a FakeClock. */
export interface Scheduler {
  setTimeout(fn: () => void, ms: number): TimerHandle;
}

export const realScheduler: Scheduler = {
  setTimeout(fn, ms) {
    const t = setTimeout(fn, ms);
    t.unref();
    return { cancel: () => clearTimeout(t) };
  },
};

/** A stable pseudo-random number in [0, 1) for a key, so step durations are repeatable. */
export function jitter(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) / 4294967296;
}

/** How long one simulated step (an nmstatectl apply, an Ironic transition) takes. */
export function stepMs(speed: Speed, key: string): number {
  return speed === 'fast'
    ? 100 + Math.floor(jitter(key) * 200)
    : 2000 + Math.floor(jitter(key) * 3000);
}

/** Keys are processed once per turn however often they were enqueued. */
export class WorkQueue {
  private readonly pending = new Set<string>();
  private readonly timers = new Map<string, TimerHandle>();
  private stopped = false;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly handler: (key: string) => void,
    private readonly onError: (key: string, error: unknown) => void,
  ) {}

  add(key: string): void {
    this.addAfter(key, 0);
  }

  /** Runs `key` after `ms`; an earlier add wins, a later delayed add replaces a delayed one. */
  addAfter(key: string, ms: number): void {
    if (this.stopped) return;
    if (this.pending.has(key) && ms > 0) return;
    this.timers.get(key)?.cancel();
    this.pending.add(key);
    this.timers.set(
      key,
      this.scheduler.setTimeout(() => {
        this.timers.delete(key);
        this.pending.delete(key);
        if (this.stopped) return;
        try {
          this.handler(key);
        } catch (e) {
          this.onError(key, e);
        }
      }, ms),
    );
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers.values()) t.cancel();
    this.timers.clear();
    this.pending.clear();
  }
}

export function isoNow(api: ClusterApi): string {
  return api
    .now()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
}

export function sameConditions(
  a: readonly Condition[] | undefined,
  b: readonly Condition[] | undefined,
): boolean {
  const strip = (c: readonly Condition[] | undefined): string =>
    JSON.stringify(
      (c ?? []).map(({ type, status, reason, message }) => ({
        type,
        status,
        reason: reason ?? '',
        message: message ?? '',
      })),
    );
  return strip(a) === strip(b);
}

/** Keeps lastTransitionTime of conditions whose status did not change, like meta.SetStatusCondition. */
export function mergeConditions(
  previous: readonly Condition[] | undefined,
  next: readonly Omit<Condition, 'lastTransitionTime' | 'lastHeartbeatTime'>[],
  now: string,
  heartbeat: boolean,
): Condition[] {
  return next.map((c) => {
    const old = previous?.find((p) => p.type === c.type);
    const lastTransitionTime =
      old?.status === c.status && old.lastTransitionTime !== undefined
        ? old.lastTransitionTime
        : now;
    return heartbeat
      ? {
          ...c,
          reason: c.reason ?? '',
          message: c.message ?? '',
          lastHeartbeatTime: now,
          lastTransitionTime,
        }
      : { ...c, lastTransitionTime };
  });
}

/**
 * Read-modify-write with conflict retries. `mutate` returns the object to write, or undefined
 * when nothing needs to change (no write, no watch event).
 */
export function writeWithRetry<T extends K8sResource>(
  api: ClusterApi,
  type: ResourceType,
  namespace: string | undefined,
  name: string,
  mutate: (current: T) => T | undefined,
  subresource?: 'status',
): T | undefined {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = api.get(type, namespace, name) as T | undefined;
    if (current === undefined) return undefined;
    const next = mutate(structuredClone(current));
    if (next === undefined) return current;
    try {
      return api.update(type, next, subresource === undefined ? undefined : { subresource }) as T;
    } catch (e) {
      if (e instanceof ApiError && e.code === 409) continue;
      if (e instanceof ApiError && e.code === 404) return undefined;
      throw e;
    }
  }
  return undefined;
}

/** Creates an object, then writes its status through the status subresource, as a controller must. */
export function createWithStatus<T extends K8sResource>(
  api: ClusterApi,
  type: ResourceType,
  obj: T,
): T {
  const created = api.create(type, obj) as T;
  const status = obj['status'];
  // The sandbox server keeps status on in-process creates; the fake API (like HTTP) drops it.
  if (status === undefined || created['status'] !== undefined) return created;
  return api.update(type, { ...created, status }, { subresource: 'status' }) as T;
}

export function tryResourceType(
  api: ClusterApi,
  group: string,
  kind: string,
): ResourceType | undefined {
  try {
    return api.resourceType(group, kind);
  } catch {
    return undefined;
  }
}

export function logControllerError(controller: string, key: string, error: unknown): void {
  console.error(
    `[${controller}] ${key}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
}
