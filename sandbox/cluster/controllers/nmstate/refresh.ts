// The handler's periodic NNS refresh: upstream polls `nmstatectl show` every minute plus up to
// 10 % jitter (kubernetes-nmstate pkg/node/refresh.go, wait.Jitter(1m, 0.1)) and writes the NNS
// only when the filtered state changed (controllers/handler/node_controller.go, pkg/client/
// client.go `UpdateCurrentState`; e2e "nns should not be updated after reconcile"). Here the
// host is the NNS itself: when another simulator changed its currentState (LLDP from a switch,
// say) the next poll stamps lastSuccessfulUpdateTime; otherwise nothing is written.
import type { NodeNetworkState } from '../../../../src/shared/model/nmstate';
import type { ClusterApi, Controller, ResourceType } from '../../api';
import type { Scheduler, Speed, TimerHandle } from '../runtime';
import { isoNow, jitter, logControllerError, realScheduler, writeWithRetry } from '../runtime';

export function refreshIntervalMs(speed: Speed, node: string, nodeCount: number): number {
  const spread = 1 + jitter(node) * 0.1;
  // In fast mode a large cluster would otherwise rewrite hundreds of NNS a second.
  const base = speed === 'fast' ? Math.max(3000, nodeCount * 20) : 60_000;
  return Math.round(base * spread);
}

export class NnsRefresh implements Controller {
  readonly name = 'nns-refresh';
  private readonly timers = new Map<string, TimerHandle>();
  /** The state each node last reported, as the node controller's `lastState`. */
  private readonly lastState = new Map<string, string>();
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
        this.lastState.delete(name);
      } else if (!this.timers.has(name)) {
        schedule(name);
      }
    });
  }

  private refresh(api: ClusterApi, type: ResourceType, name: string): boolean {
    const nns = api.get(type, undefined, name) as NodeNetworkState | undefined;
    if (nns === undefined) return false;
    const seen = JSON.stringify(nns.status?.currentState ?? {});
    const stamp = nns.status?.lastSuccessfulUpdateTime ?? '';
    const last = this.lastState.get(name);
    this.lastState.set(name, `${stamp}\n${seen}`);
    // Unchanged, or changed by a writer that stamped it already (the handler after an apply).
    if (
      last === undefined ||
      last.slice(last.indexOf('\n') + 1) === seen ||
      !last.startsWith(`${stamp}\n`)
    )
      return true;
    writeWithRetry<NodeNetworkState>(
      api,
      type,
      undefined,
      name,
      (current) =>
        JSON.stringify(current.status?.currentState ?? {}) !== seen
          ? undefined
          : {
              ...current,
              status: { ...(current.status ?? {}), lastSuccessfulUpdateTime: isoNow(api) },
            },
      'status',
    );
    return true;
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers.values()) t.cancel();
    this.timers.clear();
    this.unsubscribe?.();
  }
}
