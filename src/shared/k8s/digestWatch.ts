// A list-and-watch of one kind that keeps a small digest of each object instead of the object.
//
// The console's own watch (useK8sWatchResource) keeps every object in its store. For most kinds
// that is right, but a page that only aggregates tens of thousands of objects (the policy list
// counts 25,000 enactments) then holds 40 MB it never shows, and every update turns replaced
// objects into old-space garbage whose collection pauses the page. This watch follows the same
// wire contract as the console (paged list, then a WebSocket watch from the list's
// resourceVersion, events flushed every 500 ms, a re-list on 410 Gone or a dropped socket) and
// hands each flush to the caller as digests; the objects themselves die young.
import { consoleFetchJSON } from '@openshift-console/dynamic-plugin-sdk';
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

export interface DigestWatchOptions<D> {
  model: K8sModel;
  pageSize: number;
  digest: (obj: K8sResourceCommon) => D;
  onBatch: (batch: DigestBatch<D>) => void;
  /** A failed list; the watch retries unless the kind is absent or forbidden. */
  onError: (error: K8sError) => void;
}

interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: K8sResourceCommon & { code?: number };
}

interface ListPage {
  items?: K8sResourceCommon[];
  metadata?: { continue?: string; resourceVersion?: string };
}

const FLUSH_MS = 500;
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 15_000;

/** Key of an object: its name, prefixed with its namespace when it has one. */
const objectKey = (obj: K8sResourceCommon): string =>
  obj.metadata?.namespace
    ? `${obj.metadata.namespace}/${obj.metadata.name ?? ''}`
    : (obj.metadata?.name ?? '');

/** The console serves the API under its base path (SERVER_FLAGS.basePath, "/" by default). */
export const apiPath = (model: K8sModel): string => {
  const flags = (window as { SERVER_FLAGS?: { basePath?: unknown } }).SERVER_FLAGS;
  const base = typeof flags?.basePath === 'string' ? flags.basePath : '/';
  const group =
    model.apiGroup && model.apiGroup !== 'core'
      ? `apis/${model.apiGroup}/${model.apiVersion}`
      : `api/${model.apiVersion}`;
  return `${base}api/kubernetes/${group}/${model.plural}`;
};

/** Starts the watch; the returned function stops it. */
export function startDigestWatch<D>(opts: DigestWatchOptions<D>): () => void {
  const path = apiPath(opts.model);
  let stopped = false;
  let listedOnce = false;
  let socket: WebSocket | undefined;
  let buffer: WatchEvent[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = FIRST_RETRY_MS;
  // Every (re-)list gets a number; callbacks of an older one are ignored.
  let run = 0;

  const retry = () => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void list(), retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const list = async (): Promise<void> => {
    const mine = ++run;
    socket?.close(1000);
    socket = undefined;
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
        const page = (await consoleFetchJSON(`${path}?${params.toString()}`)) as ListPage;
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
      if (error.kind !== 'forbidden' && error.kind !== 'notFound') retry();
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
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${window.location.host}${path}?${params.toString()}`);
    socket = ws;
    ws.onmessage = (msg: MessageEvent<string>) => {
      try {
        buffer.push(JSON.parse(msg.data) as WatchEvent);
      } catch {
        return;
      }
      flushTimer ??= setTimeout(flush, FLUSH_MS);
    };
    ws.onclose = () => {
      if (stopped || mine !== run) return;
      // A dropped socket is routine (API server restarts, idle timeouts): list again quietly.
      flush();
      retry();
    };
  };

  const flush = () => {
    clearTimeout(flushTimer);
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
    if (expired) void list();
  };

  void list();
  return () => {
    stopped = true;
    clearTimeout(flushTimer);
    clearTimeout(retryTimer);
    socket?.close(1000);
  };
}
