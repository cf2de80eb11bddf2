// The digest watch's wire logic with its I/O passed in, so it runs (and is tested) without a
// browser. digestWatch.ts wires it to the console's consoleFetchJSON and the browser WebSocket.
//
// It follows the same wire contract as the console's own list watches: a paged list, then a
// watch from the list's resourceVersion, events flushed every 500 ms. Unlike the console's watch
// (openshift/console release-4.22, console-dynamic-plugin-sdk/src/app/k8s/actions/k8s.ts, which
// waits 15 s after a 1006 close and ignores ERROR events) it re-lists 1 s after any close and at
// once on 410 Gone: it owns its socket, so it can.
//
// Same user on both halves: consoleFetchJSON adds the console's Impersonate-User/-Group headers
// to the list, and the socket carries the impersonation subprotocols the console keeps in its
// store (`sdkCore.impersonate.subprotocols`), which the bridge turns into the same headers
// (pkg/proxy/proxy.go, "Impersonate-User." / "Impersonate-Group." subprotocols). The console's own
// watches pass them the same way (k8s.ts: `k8sWatch(..., { subprotocols })`).
import type { K8sModel, K8sResourceCommon } from '@openshift-console/dynamic-plugin-sdk';
import { toK8sError } from './k8sError';
import type { K8sError } from './k8sError';

export interface DigestBatch<D> {
  /** The digests replace everything held so far (first page of a list, or a re-list). */
  reset: boolean;
  upserts: D[];
  /** Keys of deleted objects. */
  deletes: string[];
}

/**
 * How current the digests are. `live` while the socket opened after a complete list is open:
 * every change reaches the caller within a flush. Otherwise `asOf` is when the data stopped being
 * live (undefined before the watch was first live).
 */
export interface DigestWatchStatus {
  live: boolean;
  asOf?: number;
}

export interface DigestWatchOptions<D> {
  model: K8sModel;
  pageSize: number;
  digest: (obj: K8sResourceCommon) => D;
  onBatch: (batch: DigestBatch<D>) => void;
  /** A failed list; the watch retries unless the kind is absent or forbidden. */
  onError: (error: K8sError) => void;
  /** Each change of connection state (see DigestWatchStatus). */
  onStatus?: (status: DigestWatchStatus) => void;
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

export interface DigestWatchIO {
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
export const FIRST_RETRY_MS = 1000;
export const MAX_RETRY_MS = 15_000;

/** Key of an object: its name, prefixed with its namespace when it has one. */
export const objectKey = (obj: K8sResourceCommon): string =>
  obj.metadata?.namespace
    ? `${obj.metadata.namespace}/${obj.metadata.name ?? ''}`
    : (obj.metadata?.name ?? '');

/** The API path of a model's list under the console's base path. */
export const apiPath = (model: K8sModel, basePath: string): string => {
  const group =
    model.apiGroup && model.apiGroup !== 'core'
      ? `apis/${model.apiGroup}/${model.apiVersion}`
      : `api/${model.apiVersion}`;
  return `${basePath}api/kubernetes/${group}/${model.plural}`;
};

/** Starts the watch; the returned function stops it. */
export function runDigestWatch<D>(
  opts: DigestWatchOptions<D>,
  io: DigestWatchIO,
  basePath: string,
): () => void {
  const path = apiPath(opts.model, basePath);
  const protocols = opts.subprotocols?.length ? [...opts.subprotocols] : undefined;
  let stopped = false;
  let listedOnce = false;
  let socket: WatchSocket | undefined;
  let buffer: WatchEvent[] = [];
  let flushTimer: unknown;
  let retryTimer: unknown;
  let retryMs = FIRST_RETRY_MS;
  let status: DigestWatchStatus = { live: false };
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

  const list = async (): Promise<void> => {
    const mine = ++run;
    closeSocket();
    buffer = [];
    const progressive = !listedOnce;
    const collected: D[] = [];
    let cont = '';
    let rv = '';
    let first = true;
    try {
      do {
        const params = new URLSearchParams({ limit: String(opts.pageSize) });
        if (cont) params.set('continue', cont);
        const page = (await io.fetchJSON(`${path}?${params.toString()}`)) as ListPage;
        if (stopped || mine !== run) return;
        const digests = (page.items ?? []).map(opts.digest);
        cont = page.metadata?.continue ?? '';
        rv = page.metadata?.resourceVersion ?? rv;
        // The first list shows each page as it arrives; a re-list replaces the data only once
        // complete, so counts never drop to a partial list and back.
        if (progressive) opts.onBatch({ reset: first, upserts: digests, deletes: [] });
        else collected.push(...digests);
        first = false;
      } while (cont);
    } catch (err) {
      if (stopped || mine !== run) return;
      const error = toK8sError(err);
      opts.onError(error);
      if (error.kind !== 'forbidden' && error.kind !== 'notFound' && error.kind !== 'missingApi')
        retry();
      return;
    }
    if (!progressive) opts.onBatch({ reset: true, upserts: collected, deletes: [] });
    listedOnce = true;
    retryMs = FIRST_RETRY_MS;
    open(rv, mine);
  };

  const open = (rv: string, mine: number) => {
    const params = new URLSearchParams({
      watch: 'true',
      resourceVersion: rv,
      allowWatchBookmarks: 'true',
    });
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
    const upserts: D[] = [];
    const deletes: string[] = [];
    for (const [key, ev] of latest) {
      if (ev.type === 'DELETED') deletes.push(key);
      else upserts.push(opts.digest(ev.object));
    }
    if (upserts.length > 0 || deletes.length > 0) opts.onBatch({ reset: false, upserts, deletes });
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
export function isDigestStale(status: DigestWatchStatus, now: number, afterMs: number): boolean {
  return !status.live && status.asOf !== undefined && now - status.asOf >= afterMs;
}
