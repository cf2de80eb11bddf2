// The wrapper over the console's watch hooks (useWatchedLists.ts watches several lists at once).
// Components get a react-query-like result and never see the SDK tuple; watchResult.ts says how
// each tuple is read (switched-off and pending watches, a missing API, stale data, deleted
// objects, list order) and why.
import { useMemo, useRef } from 'react';
import { useK8sWatchResource } from '@openshift-console/dynamic-plugin-sdk';
import type { K8sResourceCommon, WatchK8sResource } from '@openshift-console/dynamic-plugin-sdk';
import type { GroupVersionKind, K8sResource } from '../model/k8s';
import {
  gatedResult,
  keepIfUnchanged,
  sortByName,
  toListResult,
  toObjectResult,
} from './watchResult';
import type { WatchGate, WatchedResult } from './watchResult';

export type { WatchGate, WatchedResult } from './watchResult';
export { gateFromFlag } from './watchResult';

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
  /**
   * `false`: the hook watches nothing and reports an empty, loaded list (e.g. the CRD is absent).
   * `'pending'`: the same, but reported as loading (a console flag is not known yet; see
   * gateFromFlag).
   */
  enabled?: WatchGate;
}

/** The SDK's watch spec for our options (also useWatchedLists.ts's). */
export function toWatchSpec(
  gvk: GroupVersionKind,
  isList: boolean,
  opts: WatchOptions,
): WatchK8sResource {
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

/** One empty list for every switched-off or pending watch, so results keep their identity. */
export const EMPTY_LIST: never[] = [];

/**
 * Shown order is the plugin's (namespace, then name), computed once per list the SDK hands out;
 * a list of the same objects at the same versions is the previous one (keepIfUnchanged).
 */
function useSorted<T extends K8sResource>(list: T[] | undefined): readonly T[] | undefined {
  const previous = useRef<readonly T[] | undefined>(undefined);
  return useMemo(() => {
    if (!list) return undefined;
    previous.current = keepIfUnchanged(previous.current, sortByName(list));
    return previous.current;
  }, [list]);
}

/** Live list of one kind. The spec is memoised on its JSON so callers may pass literals. */
export function useWatchedList<T extends K8sResource>(
  gvk: GroupVersionKind,
  opts: WatchOptions = {},
): WatchedResult<T[]> {
  const gate: WatchGate = opts.enabled ?? true;
  const key = JSON.stringify([gvk, opts]);
  const spec = useMemo(
    () => (gate === true ? toWatchSpec(gvk, true, opts) : null),
    // The key captures every input; gvk/opts identity changes must not re-subscribe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const watched = useK8sWatchResource<K8sResourceCommon[]>(spec);
  const [data, loaded] = watched;
  const loadError: unknown = watched[2];
  const lastGood = useRef<readonly T[]>(EMPTY_LIST);
  const list = useSorted(Array.isArray(data) ? (data as unknown as T[]) : undefined);
  if (gate !== true) return gatedResult(gate, EMPTY_LIST);
  if (list && loaded) lastGood.current = list;
  const shown = list && loaded ? list : lastGood.current;
  return toListResult(shown, loaded || shown.length > 0, loadError);
}

/**
 * Live single object; `data` is undefined until loaded or when absent. Watched as a list narrowed
 * to the one name, so a deletion is seen on its DELETED event (see toObjectResult) instead of at
 * the console's next 30 s poll; `isDeleted` then says so and `data` keeps the last copy.
 */
export function useWatchedObject<T extends K8sResource>(
  gvk: GroupVersionKind,
  name: string | undefined,
  namespace?: string,
): WatchedResult<T | undefined> {
  const key = JSON.stringify([gvk, name, namespace]);
  const spec = useMemo(
    () =>
      name ? toWatchSpec(gvk, true, { namespace, fieldSelector: `metadata.name=${name}` }) : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const watched = useK8sWatchResource<K8sResourceCommon[]>(spec);
  const items = Array.isArray(watched[0]) ? (watched[0] as unknown as K8sResource[]) : undefined;
  const loaded = watched[1];
  const loadError: unknown = watched[2];
  // The last copy of *this* object: a details page is not remounted when its name changes.
  const seen = useRef<{ key: string; obj: T | undefined }>({ key, obj: undefined });
  if (seen.current.key !== key) seen.current = { key, obj: undefined };
  if (!name) return gatedResult(false, undefined);
  const result = toObjectResult<T>(items, loaded, loadError, name, namespace, seen.current.obj);
  if (result.data && !result.isDeleted) seen.current.obj = result.data;
  return result;
}
