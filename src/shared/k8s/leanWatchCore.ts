// The lean watch's wire logic with its I/O passed in, so it runs (and is tested) without a
// browser. leanWatch.ts wires it to the console's consoleFetchJSON and the browser WebSocket.
//
// It follows the same wire contract as the console's own list watches: a paged list (`limit`,
// `continue`), narrowed by the same `labelSelector`/`fieldSelector` query parameters, then a
// watch from the list's resourceVersion, events flushed every 500 ms. Unlike the console's watch
// (openshift/console release-4.22, console-dynamic-plugin-sdk/src/app/k8s/actions/k8s.ts, which
// waits 15 s after a 1006 close and ignores ERROR events) it re-lists 1 s after any close and at
// once on 410 Gone: it owns its socket, so it can.
//
// What reaches the caller is never the object: each object goes through the caller's `digest`,
// which keeps only what its view shows (or null: the view does not need this object at all), and
// the objects themselves die young instead of aging into the heap the console's store would be.
//
// Same user on both halves: consoleFetchJSON adds the console's Impersonate-User/-Group headers
// to the list, and the socket carries the impersonation subprotocols the console keeps in its
// store (`sdkCore.impersonate.subprotocols`), which the bridge turns into the same headers
// (pkg/proxy/proxy.go, "Impersonate-User." / "Impersonate-Group." subprotocols). The console's own
// watches pass them the same way (k8s.ts: `k8sWatch(..., { subprotocols })`).
import type { K8sModel, K8sResourceCommon } from '@openshift-console/dynamic-plugin-sdk';
import { isRecord } from '../logic/isRecord';
import { toK8sError } from './k8sError';
import type { K8sError } from './k8sError';

/** One digest and the key (namespace/name) of the object it stands for. */
export interface LeanEntry<D> {
  key: string;
  digest: D;
}

export interface LeanBatch<D> {
  /** The entries replace everything held so far (first page of a list, or a re-list). */
  reset: boolean;
  /**
   * Everything held after this batch is a complete list: false only for the pages of the first
   * list before its last one (they are handed over as they arrive).
   */
  complete: boolean;
  upserts: LeanEntry<D>[];
  /** Keys of deleted objects, and of objects whose digest became null. */
  deletes: string[];
}

/**
 * How current the digests are. `live` while the socket opened after a complete list is open:
 * every change reaches the caller within a flush. Otherwise `asOf` is when the data stopped being
 * live (undefined before the watch was first live).
 */
export interface LeanWatchStatus {
  live: boolean;
  asOf?: number;
}

/** Which objects to watch: the query parameters the console's own watches use. */
export interface LeanWatchQuery {
  model: K8sModel;
  /** Only for namespaced kinds; all namespaces when absent. */
  namespace?: string;
  /** Equality requirements, sent as `labelSelector=k=v,...` (the console's `matchLabels`). */
  labels?: Readonly<Record<string, string>>;
  /** Sent verbatim as `fieldSelector` (e.g. `spec.nodeName=worker-0`). */
  fieldSelector?: string;
}

export interface LeanWatchOptions<D> extends LeanWatchQuery {
  pageSize: number;
  /** How often the first list's pages may reach the caller; LIST_HANDOVER_MS by default. */
  handoverMs?: number;
  /**
   * What the view keeps of an object; null when the view needs nothing of it (it is then handed
   * over as a delete, so a digest that stops being needed goes away).
   */
  digest: (obj: K8sResourceCommon) => D | null;
  onBatch: (batch: LeanBatch<D>) => void;
  /** A failed list; the watch retries unless the kind is absent or forbidden. */
  onError: (error: K8sError) => void;
  /** Each change of connection state (see LeanWatchStatus). */
  onStatus?: (status: LeanWatchStatus) => void;
  /** The console's impersonation subprotocols; empty when not impersonating. */
  subprotocols?: readonly string[];
}

/** The socket surface the watch uses; a browser WebSocket satisfies it. */
export interface WatchSocket {
  onmessage: ((msg: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onopen: (() => void) | null;
  close(code?: number): void;
}

export interface LeanWatchIO {
  fetchJSON: (url: string) => Promise<unknown>;
  openSocket: (url: string, protocols: string[] | undefined) => WatchSocket;
  /** Absolute WebSocket URL for an API path ("/api/kubernetes/..."). */
  socketUrl: (path: string) => string;
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: K8sResourceCommon & { code?: number };
}

interface ListPage {
  items?: K8sResourceCommon[];
  metadata?: { continue?: string; resourceVersion?: string };
}

export const FLUSH_MS = 500;
/**
 * The first list's pages reach the caller at most this often (the first page at once, the last
 * with whatever arrived since the previous hand-over): at 2,000 nodes the enactments alone are
 * 200 pages, and a view that re-derives what it draws from every page would do so 200 times.
 */
export const LIST_HANDOVER_MS = 1000;
export const FIRST_RETRY_MS = 1000;
export const MAX_RETRY_MS = 15_000;

/** Key of an object: its name, prefixed with its namespace when it has one. */
export const objectKey = (obj: K8sResourceCommon): string =>
  obj.metadata?.namespace
    ? `${obj.metadata.namespace}/${obj.metadata.name ?? ''}`
    : (obj.metadata?.name ?? '');

/** The API path of a model's list (in one namespace if given) under the console's base path. */
export const apiPath = (model: K8sModel, basePath: string, namespace?: string): string => {
  const group =
    model.apiGroup && model.apiGroup !== 'core'
      ? `apis/${model.apiGroup}/${model.apiVersion}`
      : `api/${model.apiVersion}`;
  const ns = namespace && model.namespaced ? `namespaces/${encodeURIComponent(namespace)}/` : '';
  return `${basePath}api/kubernetes/${group}/${ns}${model.plural}`;
};

/** `matchLabels` as a label selector string, keys sorted so equal selectors are equal strings. */
export const toLabelSelector = (labels: Readonly<Record<string, string>>): string =>
  Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k] ?? ''}`)
    .join(',');

/** The selector parameters shared by the list and the watch request. */
const selectorParams = (query: LeanWatchQuery): [string, string][] => {
  const out: [string, string][] = [];
  if (query.labels && Object.keys(query.labels).length > 0)
    out.push(['labelSelector', toLabelSelector(query.labels)]);
  if (query.fieldSelector) out.push(['fieldSelector', query.fieldSelector]);
  return out;
};

/** A string that is equal for two queries exactly when they watch the same objects. */
export const leanQueryKey = (query: LeanWatchQuery): string =>
  JSON.stringify([
    query.model.apiGroup ?? '',
    query.model.apiVersion,
    query.model.plural,
    query.model.namespaced ? (query.namespace ?? '') : '',
    selectorParams(query),
  ]);

/**
 * The common reducer: digests by object key. Returns `held` itself when the batch changed
 * nothing, otherwise a new map (callers memoise on its identity).
 */
/** The object's resourceVersion when the digest kept one (the topology's digests do). */
function digestVersion(digest: unknown): string | undefined {
  const rv = isRecord(digest) && isRecord(digest.metadata) ? digest.metadata.resourceVersion : '';
  return typeof rv === 'string' && rv !== '' ? rv : undefined;
}

/**
 * A re-list (a reset batch) keeps the digest already held for every object whose resourceVersion
 * did not change, and the held map itself when nothing changed: a digest is a function of its
 * object, and the API server gives an object a new resourceVersion on every write. After a
 * dropped socket the views then re-derive only what changed meanwhile, usually nothing, instead
 * of every node's graph, index and check (issue 23: re-list at 500 nodes <= 100 ms).
 */
function applyReset<D>(
  held: ReadonlyMap<string, D>,
  upserts: LeanEntry<D>[],
): ReadonlyMap<string, D> {
  const next = new Map<string, D>();
  let changed = false;
  for (const { key, digest } of upserts) {
    const old = held.get(key);
    const rv = digestVersion(digest);
    if (old !== undefined && rv !== undefined && digestVersion(old) === rv) next.set(key, old);
    else {
      next.set(key, digest);
      changed = true;
    }
  }
  return changed || next.size !== held.size ? next : held;
}

export function applyLeanBatch<D>(
  held: ReadonlyMap<string, D>,
  batch: LeanBatch<D>,
): ReadonlyMap<string, D> {
  if (!batch.reset && batch.upserts.length === 0 && batch.deletes.length === 0) return held;
  if (batch.reset && batch.deletes.length === 0) return applyReset(held, batch.upserts);
  const next = batch.reset ? new Map<string, D>() : new Map(held);
  for (const key of batch.deletes) next.delete(key);
  for (const { key, digest } of batch.upserts) next.set(key, digest);
  return next;
}

/** Starts the watch; the returned function stops it. */
export function runLeanWatch<D>(
  opts: LeanWatchOptions<D>,
  io: LeanWatchIO,
  basePath: string,
): () => void {
  const path = apiPath(opts.model, basePath, opts.namespace);
  const selectors = selectorParams(opts);
  const protocols = opts.subprotocols?.length ? [...opts.subprotocols] : undefined;
  let stopped = false;
  let listedOnce = false;
  let socket: WatchSocket | undefined;
  let buffer: WatchEvent[] = [];
  let flushTimer: unknown;
  let retryTimer: unknown;
  let retryMs = FIRST_RETRY_MS;
  let status: LeanWatchStatus = { live: false };
  // Every (re-)list gets a number; callbacks of an older one are ignored.
  let run = 0;

  // Only transitions are reported: while the socket stays down, asOf keeps the moment it went
  // down, so the age of the data grows across failed re-lists.
  const setStatus = (live: boolean) => {
    if (status.live === live) return;
    status = live ? { live: true } : { live: false, asOf: io.now() };
    opts.onStatus?.(status);
  };

  const retry = () => {
    io.clearTimeout(retryTimer);
    retryTimer = io.setTimeout(() => void list(), retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const closeSocket = () => {
    if (!socket) return;
    socket.onclose = null;
    socket.onmessage = null;
    socket.close(1000);
    socket = undefined;
  };

  /** Digests of a page; objects the view does not need are left out. */
  const digestPage = (items: readonly K8sResourceCommon[]): LeanEntry<D>[] => {
    const out: LeanEntry<D>[] = [];
    for (const obj of items) {
      const digest = opts.digest(obj);
      if (digest !== null) out.push({ key: objectKey(obj), digest });
    }
    return out;
  };

  const list = async (): Promise<void> => {
    const mine = ++run;
    closeSocket();
    buffer = [];
    const progressive = !listedOnce;
    // Digests not handed over yet: a re-list's whole list, or the first list's pages since the
    // last hand-over.
    let collected: LeanEntry<D>[] = [];
    let handedOver = false;
    let lastHandover = 0;
    const handoverMs = opts.handoverMs ?? LIST_HANDOVER_MS;
    let cont = '';
    let rv = '';
    try {
      do {
        const params = new URLSearchParams([['limit', String(opts.pageSize)], ...selectors]);
        if (cont) params.set('continue', cont);
        const page = (await io.fetchJSON(`${path}?${params.toString()}`)) as ListPage;
        if (stopped || mine !== run) return;
        const entries = digestPage(page.items ?? []);
        cont = page.metadata?.continue ?? '';
        rv = page.metadata?.resourceVersion ?? rv;
        for (const e of entries) collected.push(e);
        // The first list shows its pages as they arrive (see LIST_HANDOVER_MS); a re-list
        // replaces the data only once complete, so counts never drop to a partial list and back.
        if (progressive && (!cont || !handedOver || io.now() - lastHandover >= handoverMs)) {
          opts.onBatch({ reset: !handedOver, complete: !cont, upserts: collected, deletes: [] });
          collected = [];
          handedOver = true;
          lastHandover = io.now();
        }
      } while (cont);
    } catch (err) {
      if (stopped || mine !== run) return;
      const error = toK8sError(err);
      // A continue token outlived by compaction answers 410 Expired, "The provided continue
      // parameter is too old ... You can start a new list without the continue parameter"
      // (k8s.io/apiserver pkg/storage/etcd3/store.go, GetList): a fresh list from the start is
      // the remedy the server names, and not worth an error on the page.
      if (error.kind === 'gone' && cont) {
        void list();
        return;
      }
      opts.onError(error);
      if (error.kind !== 'forbidden' && error.kind !== 'notFound' && error.kind !== 'missingApi')
        retry();
      return;
    }
    if (!progressive)
      opts.onBatch({ reset: true, complete: true, upserts: collected, deletes: [] });
    listedOnce = true;
    retryMs = FIRST_RETRY_MS;
    open(rv, mine);
  };

  const open = (rv: string, mine: number) => {
    const params = new URLSearchParams([
      ['watch', 'true'],
      ['resourceVersion', rv],
      ['allowWatchBookmarks', 'true'],
      ...selectors,
    ]);
    const ws = io.openSocket(io.socketUrl(`${path}?${params.toString()}`), protocols);
    socket = ws;
    ws.onopen = () => {
      if (!stopped && mine === run) setStatus(true);
    };
    ws.onmessage = (msg) => {
      if (typeof msg.data !== 'string') return;
      try {
        buffer.push(JSON.parse(msg.data) as WatchEvent);
      } catch {
        return;
      }
      flushTimer ??= io.setTimeout(flush, FLUSH_MS);
    };
    ws.onclose = () => {
      if (stopped || mine !== run) return;
      socket = undefined;
      // A dropped socket is routine (API server restarts, idle timeouts, the bridge closing
      // without a close frame): keep what arrived, mark the data as of now, list again.
      flush();
      setStatus(false);
      retry();
    };
  };

  const flush = () => {
    io.clearTimeout(flushTimer);
    flushTimer = undefined;
    const events = buffer;
    buffer = [];
    if (events.length === 0) return;
    // The last event of an object in the batch decides whether it exists.
    const latest = new Map<string, WatchEvent>();
    let expired = false;
    for (const ev of events) {
      if (ev.type === 'ERROR') expired ||= ev.object.code === 410;
      else if (ev.type !== 'BOOKMARK') latest.set(objectKey(ev.object), ev);
    }
    const upserts: LeanEntry<D>[] = [];
    const deletes: string[] = [];
    for (const [key, ev] of latest) {
      const digest = ev.type === 'DELETED' ? null : opts.digest(ev.object);
      if (digest === null) deletes.push(key);
      else upserts.push({ key, digest });
    }
    if (upserts.length > 0 || deletes.length > 0)
      opts.onBatch({ reset: false, complete: true, upserts, deletes });
    // The server can no longer replay from our version: start over with a fresh list.
    if (expired) {
      setStatus(false);
      void list();
    }
  };

  void list();
  return () => {
    stopped = true;
    io.clearTimeout(flushTimer);
    io.clearTimeout(retryTimer);
    closeSocket();
  };
}

/**
 * Whether digests should be labelled stale at `now`: not live, and last live more than
 * `afterMs` ago. A drop that the re-list repairs within `afterMs` is not worth a banner; a
 * connection that stays down is.
 */
export function isLeanWatchStale(status: LeanWatchStatus, now: number, afterMs: number): boolean {
  return !status.live && status.asOf !== undefined && now - status.asOf >= afterMs;
}
