// What a console watch tuple means for a page, without React. useWatchedList.ts feeds the SDK's
// `[data, loaded, loadError]` through these functions; they encode the console 4.22 behaviours
// the plugin has to read correctly (openshift/console release-4.22,
// frontend/packages/console-dynamic-plugin-sdk/src):
// - `resource: null` answers `[undefined, true, undefined]` (utils/k8s/hooks/useK8sWatchResource.ts),
//   so a watch the plugin switched off must not be read as "loading" or as data.
// - A kind that discovery does not know answers `[[], true, NoModelError]` (same file,
//   k8s-watcher.ts) – the API is missing, the request never happened.
// - A failed (re-)list keeps the data it had and sets loadError (app/k8s/actions/k8s.ts `errored`,
//   app/k8s/reducers/k8s.ts); that is the only "stale" the console reports. After a WebSocket drop
//   (always code 1006 through the bridge) it sets nothing and re-lists after 15 s, which the
//   plugin cannot see from the tuple (see ARCHITECTURE.md, "Live data").
// - List order is the store's: an Immutable.js Map iterates more than 8 entries in hash order,
//   so lists are sorted here and nothing downstream sees API order.
import type { K8sResource } from '../model/k8s';
import { toK8sError } from './k8sError';
import type { K8sError } from './k8sError';

export interface WatchedResult<T> {
  data: T;
  isLoading: boolean;
  /** The last error; with data present the data is the last good copy (see isStale). */
  error?: K8sError;
  /** True when data is shown but the latest refresh failed. */
  isStale: boolean;
  /** The kind is not served by this cluster: its CRD (and so the operator) is not installed. */
  isMissingApi: boolean;
  /**
   * Object watches only: the object was there and has since been deleted. `data` keeps the last
   * copy so a page can still show what was deleted (and an editor its draft).
   */
  isDeleted: boolean;
}

/**
 * Whether a watch runs. `'pending'` is a console flag that is not known yet (useFlag answers
 * `undefined` until then): nothing is watched and the result reads as loading, so a page neither
 * starts a watch it may not need nor claims the API is absent.
 */
export type WatchGate = boolean | 'pending';

/** The gate for a watch that depends on a console flag (useFlag's value). */
export const gateFromFlag = (flag: boolean | undefined): WatchGate =>
  flag === undefined ? 'pending' : flag;

const NONE: never[] = [];

/** The result of a watch that is not running (switched off, or waiting for a flag). */
export function gatedResult<T>(gate: Exclude<WatchGate, true>, empty: T): WatchedResult<T> {
  return {
    data: empty,
    isLoading: gate === 'pending',
    isStale: false,
    isMissingApi: false,
    isDeleted: false,
  };
}

const objectKey = (o: K8sResource): string => {
  const ns = o.metadata?.namespace ?? '';
  const name = o.metadata?.name ?? '';
  return ns ? `${ns}/${name}` : name;
};

/**
 * The list ordered by namespace, then name (code-unit order, so the same in every locale). A list
 * that is already in order is returned as is, keeping its identity for memoised consumers.
 */
export function sortByName<T extends K8sResource>(list: readonly T[]): readonly T[] {
  let sorted = true;
  let prev = '';
  const keys = list.map((o) => objectKey(o));
  for (let i = 0; i < keys.length && sorted; i++) {
    const k = keys[i] ?? '';
    if (i > 0 && k < prev) sorted = false;
    prev = k;
  }
  if (sorted) return list;
  const idx = list.map((_, i) => i);
  idx.sort((a, b) => {
    const ka = keys[a] ?? '';
    const kb = keys[b] ?? '';
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  return idx.map((i) => list[i] as T);
}

/**
 * `previous` when `next` holds the same objects at the same versions (uid and a non-empty
 * resourceVersion, in order), else `next`. The console's watch re-lists 15 s after a dropped
 * socket and hands out new copies of unchanged objects; keeping the previous list keeps every
 * view derived from it (the topology's graph, the VLAN check) from being derived again.
 */
export function keepIfUnchanged<T extends K8sResource>(
  previous: readonly T[] | undefined,
  next: readonly T[],
): readonly T[] {
  if (!previous || previous === next || previous.length !== next.length) return next;
  for (let i = 0; i < next.length; i++) {
    const a = previous[i]?.metadata;
    const b = next[i]?.metadata;
    if (!a || !b || !b.resourceVersion) return next;
    if (a.uid !== b.uid || a.resourceVersion !== b.resourceVersion) return next;
  }
  return previous;
}

/** A list watch's tuple, read. `shown` is what the page shows (the last good list). */
export function toListResult<T>(
  shown: readonly T[],
  loaded: boolean,
  loadError: unknown,
): WatchedResult<T[]> {
  const error = loadError ? toK8sError(loadError) : undefined;
  const missingApi = error?.kind === 'missingApi' || (error?.kind === 'notFound' && !shown.length);
  return {
    data: shown as T[],
    isLoading: !loaded && !error && shown.length === 0,
    error,
    isStale: Boolean(error) && !missingApi && shown.length > 0,
    isMissingApi: missingApi,
    isDeleted: false,
  };
}

const matches = (o: K8sResource, name: string, namespace: string | undefined): boolean => {
  const meta = o.metadata;
  return meta?.name === name && (meta.namespace || undefined) === (namespace || undefined);
};

/**
 * A single object read from a list watch narrowed by `fieldSelector=metadata.name=<name>`. The
 * console's own single-object watch keeps a DELETED object as `data` and only reports its absence
 * at the next 30 s poll (app/k8s/actions/k8s.ts `watchK8sObject`, reducers/k8s.ts `modifyObject`);
 * a list watch removes it on the DELETED event itself. `seen` is the last copy this page had, so
 * absence after it was seen is a deletion and before that is "does not exist".
 */
export function toObjectResult<T extends K8sResource>(
  items: readonly K8sResource[] | undefined,
  loaded: boolean,
  loadError: unknown,
  name: string,
  namespace: string | undefined,
  seen: T | undefined,
): WatchedResult<T | undefined> {
  const error = loadError ? toK8sError(loadError) : undefined;
  const found = loaded ? (items ?? NONE).find((o) => matches(o, name, namespace)) : undefined;
  if (found) {
    return {
      data: found as T,
      isLoading: false,
      // A failed re-list keeps the list, and with it the object.
      error,
      isStale: Boolean(error),
      isMissingApi: false,
      isDeleted: false,
    };
  }
  if (error?.kind === 'missingApi') {
    return {
      data: undefined,
      isLoading: false,
      error,
      isStale: false,
      isMissingApi: true,
      isDeleted: false,
    };
  }
  if (!loaded && !error) {
    return {
      data: seen,
      isLoading: seen === undefined,
      isStale: false,
      isMissingApi: false,
      isDeleted: false,
    };
  }
  if (error && !loaded) {
    // The first list failed: nothing is known about the object.
    return {
      data: seen,
      isLoading: false,
      error,
      isStale: seen !== undefined,
      isMissingApi: false,
      isDeleted: false,
    };
  }
  return {
    data: seen,
    isLoading: false,
    error,
    isStale: false,
    isMissingApi: false,
    isDeleted: seen !== undefined,
  };
}
