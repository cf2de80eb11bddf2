// The handler's periodic NNS refresh: upstream polls `nmstatectl show` about every minute
// (±10 % jitter) per node; here each node's lastSuccessfulUpdateTime advances on its own timer.
import type { NodeNetworkState } from '../../../../src/shared/model/nmstate';
import type { ClusterApi, Controller, ResourceType } from '../../api';
import type { Scheduler, Speed, TimerHandle } from '../runtime';
import { isoNow, jitter, logControllerError, realScheduler, writeWithRetry } from '../runtime';

export function refreshIntervalMs(speed: Speed, node: string, nodeCount: number): number {
  const spread = 0.9 + jitter(node) * 0.2;
  // In fast mode a large cluster would otherwise rewrite hundreds of NNS a second.
  const base = speed === 'fast' ? Math.max(3000, nodeCount * 20) : 60_000;
  return Math.round(base * spread);
}

export class NnsRefresh implements Controller {
  readonly name = 'nns-refresh';
  private readonly timers = new Map<string, TimerHandle>();
  private unsubscribe?: () => void;
  private stopped = false;

  constructor(private readonly scheduler: Scheduler = realScheduler) {}

  start(api: ClusterApi, options: { speed: Speed }): void {
    const type = api.resourceType('nmstate.io', 'NodeNetworkState');
    this.stopped = false;
    const schedule = (name: string): void => {
      if (this.stopped) return;
      this.timers.get(name)?.cancel();
      const count = Math.max(1, this.timers.size);
      this.timers.set(
        name,
        this.scheduler.setTimeout(
          () => {
            try {
              const ok = this.refresh(api, type, name);
              if (ok) schedule(name);
              else this.timers.delete(name);
            } catch (e) {
              logControllerError(this.name, name, e);
              schedule(name);
            }
          },
          refreshIntervalMs(options.speed, name, count),
        ),
      );
    };
    for (const nns of api.list(type))
      if (nns.metadata?.name !== undefined) schedule(nns.metadata.name);
    this.unsubscribe = api.watch(type, (e) => {
      const name = e.object.metadata?.name;
      if (name === undefined) return;
      if (e.type === 'DELETED') {
        this.timers.get(name)?.cancel();
        this.timers.delete(name);
      } else if (!this.timers.has(name)) {
        schedule(name);
      }
    });
  }

  private refresh(api: ClusterApi, type: ResourceType, name: string): boolean {
    const written = writeWithRetry<NodeNetworkState>(
      api,
      type,
      undefined,
      name,
      (nns) => ({
        ...nns,
        status: { ...(nns.status ?? {}), lastSuccessfulUpdateTime: isoNow(api) },
      }),
      'status',
    );
    return written !== undefined;
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers.values()) t.cancel();
    this.timers.clear();
    this.unsubscribe?.();
  }
}
