// Live resources the way the console fetches them: a paged list (limit=250, continue), then a
// WebSocket watch from the list's resourceVersion. Events are buffered and applied in batches
// (the console flushes every 500 ms), a 410 Gone triggers an immediate re-list, and a dropped
// socket marks the data stale and re-lists with backoff. Subscriptions are shared and
// reference counted per URL, so many components watching the same list open one socket.
import type { K8sModel, K8sResourceCommon } from '@openshift-console/dynamic-plugin-sdk';
import { HttpError, consoleFetchJSON, resourceURL } from './fetch';

export interface WatchState {
  data: K8sResourceCommon | K8sResourceCommon[] | undefined;
  loaded: boolean;
  loadError: unknown;
}

interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: K8sResourceCommon & { code?: number; reason?: string; message?: string };
}

export interface WatchRequest {
  model: K8sModel;
  isList: boolean;
  namespace?: string;
  name?: string;
  labelSelector?: string;
  fieldSelector?: string;
  limit?: number;
}

const FLUSH_MS = 500;
const PAGE = 250;
const MAX_BACKOFF_MS = 15_000;

const keyOf = (o: K8sResourceCommon) => `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;

class Watch {
  state: WatchState;
  private readonly listeners = new Set<() => void>();
  private items = new Map<string, K8sResourceCommon>();
  private socket: WebSocket | undefined;
  private buffer: WatchEvent[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private backoff = 1000;
  private stopped = false;
  private generation = 0;

  constructor(private readonly req: WatchRequest) {
    this.state = { data: req.isList ? [] : undefined, loaded: false, loadError: undefined };
    void this.start();
  }

  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get refCount() {
    return this.listeners.size;
  }

  stop() {
    this.stopped = true;
    this.generation++;
    clearTimeout(this.flushTimer);
    clearTimeout(this.retryTimer);
    this.socket?.close(1000);
  }

  private setState(next: Partial<WatchState>) {
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l();
  }

  private params(extra: Record<string, string>): Record<string, string> {
    const p: Record<string, string> = { ...extra };
    if (this.req.labelSelector) p.labelSelector = this.req.labelSelector;
    const fields = [
      this.req.fieldSelector,
      this.req.isList ? undefined : `metadata.name=${this.req.name ?? ''}`,
    ]
      .filter(Boolean)
      .join(',');
    if (fields) p.fieldSelector = fields;
    return p;
  }

  /**
   * Pages through the list as the console does: `limit` (default 250) is the page size, the
   * first page marks the list loaded and each later page is added as it arrives, so a long list
   * shows its first items without waiting for the last page.
   */
  private async list(gen: number): Promise<string | undefined> {
    const items = new Map<string, K8sResourceCommon>();
    let cont = '';
    let rv = '';
    do {
      const extra: Record<string, string> = { limit: String(this.req.limit ?? PAGE) };
      if (cont) extra.continue = cont;
      const page = (await consoleFetchJSON(
        resourceURL(this.req.model, { ns: this.req.namespace, queryParams: this.params(extra) }),
      )) as {
        items?: K8sResourceCommon[];
        metadata?: { continue?: string; resourceVersion?: string };
      };
      if (this.stopped || gen !== this.generation) return undefined;
      for (const item of page.items ?? []) items.set(keyOf(item), item);
      cont = page.metadata?.continue ?? '';
      rv = page.metadata?.resourceVersion ?? rv;
      // The first list shows each page as it comes; a re-list replaces the data once complete,
      // so stale items never flash away mid-way.
      if (!this.state.loaded) this.items = items;
      if (this.items === items) this.publish();
    } while (cont);
    if (this.items !== items) {
      this.items = items;
      this.publish();
    }
    return rv;
  }

  private publish(loadError?: unknown) {
    if (this.req.isList) {
      this.setState({ data: [...this.items.values()], loaded: true, loadError });
      return;
    }
    const obj = this.items.values().next().value;
    this.setState({
      data: obj,
      loaded: true,
      loadError: obj ? loadError : (loadError ?? new HttpError('Not Found', 404)),
    });
  }

  private async start() {
    const gen = ++this.generation;
    try {
      const rv = await this.list(gen);
      if (rv === undefined || this.stopped || gen !== this.generation) return;
      this.backoff = 1000;
      this.openSocket(rv, gen);
    } catch (err) {
      if (this.stopped || gen !== this.generation) return;
      // A failed (re-)list keeps the last data and reports the error, as the console does.
      this.setState({ loadError: err, loaded: this.state.loaded });
      const status = err instanceof HttpError ? err.code : 0;
      if (status !== 403 && status !== 404) this.retry();
    }
  }

  private retry() {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.start(), this.backoff);
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
  }

  private openSocket(rv: string, gen: number) {
    const url = resourceURL(this.req.model, {
      ns: this.req.namespace,
      queryParams: this.params({ watch: 'true', resourceVersion: rv, allowWatchBookmarks: 'true' }),
    });
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${window.location.host}${url}`);
    this.socket = socket;
    socket.onmessage = (msg: MessageEvent<string>) => {
      try {
        this.buffer.push(JSON.parse(msg.data) as WatchEvent);
      } catch {
        return;
      }
      this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_MS);
    };
    socket.onclose = () => {
      if (this.stopped || gen !== this.generation) return;
      this.flush();
      this.setState({ loadError: new HttpError('Watch connection closed', 0) });
      this.retry();
    };
  }

  private flush() {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const events = this.buffer;
    this.buffer = [];
    if (!events.length) return;
    let expired = false;
    for (const ev of events) {
      if (ev.type === 'ERROR') {
        if (ev.object.code === 410) expired = true;
        continue;
      }
      if (ev.type === 'BOOKMARK') continue;
      if (ev.type === 'DELETED') this.items.delete(keyOf(ev.object));
      else this.items.set(keyOf(ev.object), ev.object);
    }
    this.publish();
    if (expired) {
      // The server can no longer replay from our version: start over with a fresh list.
      this.socket?.close(1000);
      void this.start();
    }
  }
}

const watches = new Map<string, Watch>();

export function watchKey(req: WatchRequest): string {
  return JSON.stringify([
    req.model.apiGroup ?? '',
    req.model.apiVersion,
    req.model.plural,
    req.isList,
    req.namespace ?? '',
    req.name ?? '',
    req.labelSelector ?? '',
    req.fieldSelector ?? '',
    req.limit ?? 0,
  ]);
}

export function getWatch(req: WatchRequest): { key: string; watch: Watch } {
  const key = watchKey(req);
  let watch = watches.get(key);
  if (!watch) {
    watch = new Watch(req);
    watches.set(key, watch);
  }
  return { key, watch };
}

/** Subscribes to a shared watch; the socket closes shortly after its last subscriber leaves. */
export function subscribeWatch(req: WatchRequest, listener: () => void): () => void {
  const { key, watch } = getWatch(req);
  const unsubscribe = watch.subscribe(listener);
  return () => {
    unsubscribe();
    // Navigations often unmount and remount the same watch; keep it briefly to avoid churn.
    setTimeout(() => {
      if (watch.refCount === 0 && watches.get(key) === watch) {
        watch.stop();
        watches.delete(key);
      }
    }, 2000);
  };
}
