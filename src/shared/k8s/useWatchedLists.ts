// useWatchedList for several lists at once. Apart from useWatchedList.ts so that pages watching
// one list at a time do not carry it (a module's exports ship with every page importing it:
// issue 23's bytes).
import { useMemo, useRef } from 'react';
import { useK8sWatchResources } from '@openshift-console/dynamic-plugin-sdk';
import type { K8sResourceCommon, WatchK8sResource } from '@openshift-console/dynamic-plugin-sdk';
import type { GroupVersionKind, K8sResource } from '../model/k8s';
import { gatedResult, keepIfUnchanged, sortByName, toListResult } from './watchResult';
import type { WatchGate, WatchedResult } from './watchResult';
import { EMPTY_LIST, toWatchSpec } from './useWatchedList';
import type { WatchOptions } from './useWatchedList';

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
      if ((v.opts?.enabled ?? true) !== true) continue;
      out[k] = toWatchSpec(v.gvk, true, v.opts ?? {});
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const results = useK8sWatchResources<Record<string, K8sResourceCommon[]>>(resources);
  // Sorted once per list identity; the SDK keeps an unchanged list's array between renders. A
  // re-list's copies of unchanged objects give each key its previous list (keepIfUnchanged).
  const sorted = useRef(new WeakMap<object, readonly K8sResource[]>());
  const previous = useRef(new Map<string, readonly K8sResource[]>());
  const out = {} as Record<K, WatchedResult<K8sResource[]>>;
  for (const k of Object.keys(specs) as K[]) {
    const gate: WatchGate = specs[k].opts?.enabled ?? true;
    const r = results[k] as
      { data?: K8sResourceCommon[]; loaded: boolean; loadError: unknown } | undefined;
    if (gate !== true || !r) {
      out[k] = gatedResult(gate === true ? false : gate, EMPTY_LIST);
      continue;
    }
    const raw = Array.isArray(r.data) ? (r.data as unknown as K8sResource[]) : EMPTY_LIST;
    let list = sorted.current.get(raw);
    if (!list) {
      list = keepIfUnchanged(previous.current.get(k), sortByName(raw));
      sorted.current.set(raw, list);
      previous.current.set(k, list);
    }
    out[k] = toListResult(list, r.loaded, r.loadError);
  }
  return out;
}
