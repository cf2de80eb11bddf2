// The lean watch: a list-and-watch of one kind, narrowed by namespace and label/field selectors,
// that keeps a small digest of each object instead of the object. It is the second of the two
// sanctioned ways to read the cluster; the first is the console's own watch through
// useWatchedList (useK8sWatchResource(s)).
//
// The console's own watch keeps every object in its store (Immutable.js maps, a `fromJS` copy of
// each object). For most views that is right, but a view that aggregates tens of thousands of
// objects (the policy list counts 25,000 enactments) or needs two fields of each (which pods
// attach which networks on which node) then holds hundreds of megabytes it never shows, and every
// update turns replaced objects into old-space garbage whose collection pauses the page. This
// watch hands each flush to the caller as digests; the objects themselves die young.
//
// The wire logic is leanWatchCore.ts; this file connects it to the console: consoleFetchJSON for
// the list (it adds the console's impersonation headers) and a browser WebSocket under
// SERVER_FLAGS.basePath with the console's impersonation subprotocols, and useLeanStaleSince says
// when its data went stale. useLeanWatch.ts holds the hooks that keep the digests as React state.
import { useEffect, useState } from 'react';
import { consoleFetchJSON } from '@openshift-console/dynamic-plugin-sdk';
import type { K8sModel } from '@openshift-console/dynamic-plugin-sdk';
import { apiPath, isLeanWatchStale, runLeanWatch } from './leanWatchCore';
import type { LeanWatchIO, LeanWatchOptions, LeanWatchStatus, WatchSocket } from './leanWatchCore';

export type {
  LeanBatch,
  LeanEntry,
  LeanWatchOptions,
  LeanWatchQuery,
  LeanWatchStatus,
} from './leanWatchCore';
export { isLeanWatchStale } from './leanWatchCore';

/** The console serves the API under its base path (SERVER_FLAGS.basePath, "/" by default). */
const basePath = (): string => {
  const flags = (window as { SERVER_FLAGS?: { basePath?: unknown } }).SERVER_FLAGS;
  return typeof flags?.basePath === 'string' ? flags.basePath : '/';
};

/** The API path of a model's list in this console (under its base path). */
export const consoleApiPath = (model: K8sModel): string => apiPath(model, basePath());

const browserIO: LeanWatchIO = {
  fetchJSON: (url) => consoleFetchJSON(url) as Promise<unknown>,
  openSocket: (url, protocols) => {
    const ws = new WebSocket(url, protocols);
    const socket: WatchSocket = {
      onmessage: null,
      onclose: null,
      onopen: null,
      close: (code) => ws.close(code),
    };
    ws.onmessage = (ev: MessageEvent<unknown>) => socket.onmessage?.({ data: ev.data });
    ws.onclose = (ev) => socket.onclose?.({ code: ev.code });
    ws.onopen = () => socket.onopen?.();
    return socket;
  },
  socketUrl: (path) => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${window.location.host}${path}`;
  },
  now: () => Date.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number | undefined),
};

/** Starts the watch; the returned function stops it. */
export function startLeanWatch<D>(opts: LeanWatchOptions<D>): () => void {
  return runLeanWatch(opts, browserIO, basePath());
}

/** The console pages its lists 250 objects at a time; lean digests are small, so larger pages. */
export const LEAN_PAGE_SIZE = 500;

/**
 * Pages of large objects (a NodeNetworkState is about 23 KB): the console parses a page's JSON
 * and the watch digests it in one task, about 150 ms for 500 of them; 100 keep each page's task
 * short while the rest of the page is drawn (issue 23: longest task while loading <= 200 ms).
 */
export const LEAN_LARGE_PAGE_SIZE = 100;

/** How long digests may lag behind the cluster (socket down) before a view says so. */
export const LEAN_STALE_AFTER_MS = 10_000;

/**
 * When a lean watch's data stopped being live, once that is `afterMs` ago (undefined before, and
 * while live). Re-renders the caller when that moment passes, so a view says "stale" without
 * waiting for the next batch. For useLeanWatch and for views that reduce the watch themselves.
 */
export function useLeanStaleSince(
  status: LeanWatchStatus,
  afterMs = LEAN_STALE_AFTER_MS,
): number | undefined {
  const [overdue, setOverdue] = useState(false);
  useEffect(() => {
    setOverdue(false);
    if (status.live || status.asOf === undefined) return undefined;
    const wait = Math.max(0, status.asOf + afterMs - Date.now());
    const timer = window.setTimeout(() => setOverdue(true), wait);
    return () => window.clearTimeout(timer);
  }, [status, afterMs]);
  return overdue && isLeanWatchStale(status, Date.now(), afterMs) ? status.asOf : undefined;
}
