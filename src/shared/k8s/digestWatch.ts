// A list-and-watch of one kind that keeps a small digest of each object instead of the object.
//
// The console's own watch (useK8sWatchResource) keeps every object in its store. For most kinds
// that is right, but a page that only aggregates tens of thousands of objects (the policy list
// counts 25,000 enactments) then holds 40 MB it never shows, and every update turns replaced
// objects into old-space garbage whose collection pauses the page. This watch hands each flush to
// the caller as digests; the objects themselves die young. The wire logic is digestWatchCore.ts;
// this file connects it to the console: consoleFetchJSON for the list (it adds the console's
// impersonation headers) and a browser WebSocket under SERVER_FLAGS.basePath.
import { consoleFetchJSON } from '@openshift-console/dynamic-plugin-sdk';
import type { K8sModel } from '@openshift-console/dynamic-plugin-sdk';
import { apiPath, runDigestWatch } from './digestWatchCore';
import type { DigestWatchIO, DigestWatchOptions, WatchSocket } from './digestWatchCore';

export type { DigestBatch, DigestWatchOptions, DigestWatchStatus } from './digestWatchCore';
export { isDigestStale } from './digestWatchCore';

/** The console serves the API under its base path (SERVER_FLAGS.basePath, "/" by default). */
const basePath = (): string => {
  const flags = (window as { SERVER_FLAGS?: { basePath?: unknown } }).SERVER_FLAGS;
  return typeof flags?.basePath === 'string' ? flags.basePath : '/';
};

/** The API path of a model's list in this console (under its base path). */
export const consoleApiPath = (model: K8sModel): string => apiPath(model, basePath());

const browserIO: DigestWatchIO = {
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
export function startDigestWatch<D>(opts: DigestWatchOptions<D>): () => void {
  return runDigestWatch(opts, browserIO, basePath());
}
