// The one wrapper over the console's watch hooks. Components get a react-query-like result and
// never see the SDK tuple. The console keeps its last list when a re-list fails and reports the
// failure as loadError; we surface that as `isStale` with the data still there, so a network
// blip never blanks a page.
import { useMemo, useRef } from 'react';
import { useK8sWatchResource, useK8sWatchResources } from '@openshift-console/dynamic-plugin-sdk';
import type { K8sResourceCommon, WatchK8sResource } from '@openshift-console/dynamic-plugin-sdk';
import type { GroupVersionKind, K8sResource } from '../model/k8s';
import { toK8sError } from './k8sError';
import type { K8sError } from './k8sError';

export interface WatchedResult<T> {
  data: T;
  isLoading: boolean;
  /** The last error; with data present the data is the last good copy (see isStale). */
  error?: K8sError;
  /** True when data is shown but the latest refresh failed. */
  isStale: boolean;
  /** 404 on the list: the CRD (and so the operator) is not installed. */
  isMissingApi: boolean;
}

export interface WatchOptions {
  namespace?: string;
  name?: string;
  selector?: { matchLabels?: Record<string, string> };
  fieldSelector?: string;
  /**
   * Page size of the initial list (the console pages lists 250 objects at a time). Kinds with
   * tens of thousands of small objects load much sooner in larger pages.
   */
  limit?: number;
  /** When false the hook does nothing (e.g. the CRD is absent). */
  enabled?: boolean;
}

function toResult<T>(
  data: T,
  loaded: boolean,
  loadError: unknown,
  empty: boolean,
): WatchedResult<T> {
  const error = loadError ? toK8sError(loadError) : undefined;
  return {
    data,
    isLoading: !loaded && !error,
    error,
    isStale: Boolean(error) && !empty,
    isMissingApi: error?.kind === 'notFound',
  };
}

function toWatchSpec(gvk: GroupVersionKind, isList: boolean, opts: WatchOptions): WatchK8sResource {
  return {
    groupVersionKind: { group: gvk.group || undefined, version: gvk.version, kind: gvk.kind },
    isList,
    namespace: opts.namespace,
    name: opts.name,
    selector: opts.selector,
    fieldSelector: opts.fieldSelector,
    limit: opts.limit,
  };
}

const EMPTY: never[] = [];

/** Live list of one kind. The spec is memoised on its JSON so callers may pass literals. */
export function useWatchedList<T extends K8sResource>(
  gvk: GroupVersionKind,
  opts: WatchOptions = {},
): WatchedResult<T[]> {
  const key = JSON.stringify([gvk, opts]);
  const spec = useMemo(
    () => (opts.enabled === false ? null : toWatchSpec(gvk, true, opts)),
    // The key captures every input; gvk/opts identity changes must not re-subscribe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const watched = useK8sWatchResource<K8sResourceCommon[]>(spec);
  const [data, loaded] = watched;
  const loadError: unknown = watched[2];
  const lastGood = useRef<T[]>(EMPTY);
  const list = Array.isArray(data) ? (data as unknown as T[]) : undefined;
  if (list && loaded) lastGood.current = list;
  const shown = list && loaded ? list : lastGood.current;
  return toResult(shown, loaded || shown.length > 0, loadError, shown.length === 0);
}

/** Live single object; `data` is undefined until loaded or when absent. */
export function useWatchedObject<T extends K8sResource>(
  gvk: GroupVersionKind,
  name: string | undefined,
  namespace?: string,
): WatchedResult<T | undefined> {
  const key = JSON.stringify([gvk, name, namespace]);
  const spec = useMemo(
    () => (name ? toWatchSpec(gvk, false, { name, namespace }) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const watched = useK8sWatchResource<K8sResourceCommon>(spec);
  // The SDK types the object as always present; before loading and after a 404 it is not.
  const data = watched[0] as K8sResourceCommon | undefined;
  const loaded = watched[1];
  const loadError: unknown = watched[2];
  const obj = loaded && data?.metadata ? (data as unknown as T) : undefined;
  return toResult(obj, loaded, loadError, obj === undefined);
}

/** Several lists at once, keyed; each entry behaves like useWatchedList. */
export function useWatchedLists<K extends string>(
  specs: Record<K, { gvk: GroupVersionKind; opts?: WatchOptions }>,
): Record<K, WatchedResult<K8sResource[]>> {
  const key = JSON.stringify(specs);
  const resources = useMemo(() => {
    const out: Record<string, WatchK8sResource> = {};
    const entries: [string, { gvk: GroupVersionKind; opts?: WatchOptions }][] =
      Object.entries(specs);
    for (const [k, v] of entries) {
      if (v.opts?.enabled === false) continue;
      out[k] = toWatchSpec(v.gvk, true, v.opts ?? {});
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const results = useK8sWatchResources<Record<string, K8sResourceCommon[]>>(resources);
  const out = {} as Record<K, WatchedResult<K8sResource[]>>;
  for (const k of Object.keys(specs) as K[]) {
    const r = results[k] as
      { data?: K8sResourceCommon[]; loaded: boolean; loadError: unknown } | undefined;
    const list = Array.isArray(r?.data) ? (r.data as unknown as K8sResource[]) : EMPTY;
    out[k] = r
      ? toResult(list, r.loaded, r.loadError, list.length === 0)
      : { data: EMPTY, isLoading: false, isStale: false, isMissingApi: false };
  }
  return out;
}
