import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type {
  K8sModel,
  K8sResourceCommon,
  Selector,
  WatchK8sResource,
  AccessReviewResourceAttributes,
} from '@openshift-console/dynamic-plugin-sdk';
import { HttpError, consoleFetchJSON, API_BASE } from './fetch';
import { allModels, getModel } from './models';
import { getWatch, subscribeWatch, watchKey } from './watch';
import type { WatchRequest, WatchState } from './watch';
import { flagStore, namespaceStore } from './stores';

export function selectorToString(selector: Selector | undefined): string | undefined {
  if (!selector) return undefined;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) parts.push(`${k}=${v}`);
  for (const e of selector.matchExpressions ?? []) {
    const values = (e.values ?? []).join(',');
    if (e.operator === 'In') parts.push(`${e.key} in (${values})`);
    else if (e.operator === 'NotIn') parts.push(`${e.key} notin (${values})`);
    else if (e.operator === 'Exists') parts.push(e.key);
    else if (e.operator === 'DoesNotExist') parts.push(`!${e.key}`);
    else if (e.operator === 'Equals') parts.push(`${e.key}=${values}`);
    else if (e.operator === 'NotEquals' || e.operator === 'NotEqual')
      parts.push(`${e.key}!=${values}`);
  }
  return parts.length ? parts.join(',') : undefined;
}

function resolveModel(resource: WatchK8sResource): K8sModel | undefined {
  const gvk = resource.groupVersionKind;
  if (gvk) return getModel(gvk.group, gvk.version, gvk.kind);
  // The deprecated `kind` reference string is still what older plugins pass.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const ref = resource.kind;
  if (!ref) return undefined;
  const [group, version, kind] = ref.split('~');
  return kind ? getModel(group, version, kind) : getModel(undefined, undefined, ref);
}

type Resolved = { req: WatchRequest } | { error: HttpError } | null;

function toRequest(resource: WatchK8sResource | null | undefined): Resolved {
  if (!resource) return null;
  const model = resolveModel(resource);
  if (!model) return { error: new HttpError('Model does not exist', 404) };
  return {
    req: {
      model,
      isList: Boolean(resource.isList),
      namespace: model.namespaced ? resource.namespace : undefined,
      name: resource.name,
      labelSelector: selectorToString(resource.selector),
      fieldSelector: resource.fieldSelector,
      limit: resource.limit,
    },
  };
}

const NOOP_STATE: WatchState = { data: undefined, loaded: false, loadError: undefined };

export function useK8sWatchResource<R extends K8sResourceCommon | K8sResourceCommon[]>(
  resource: WatchK8sResource | null,
): [R, boolean, unknown] {
  const resolved = useMemo(() => toRequest(resource), [resource]);
  const key = resolved && 'req' in resolved ? watchKey(resolved.req) : '';
  const subscribe = useCallback(
    (listener: () => void) =>
      resolved && 'req' in resolved ? subscribeWatch(resolved.req, listener) : () => undefined,
    // The watch key identifies the request; resolved changes identity on every spec change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const getSnapshot = useCallback(
    () => (resolved && 'req' in resolved ? getWatch(resolved.req).watch.state : NOOP_STATE),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const state = useSyncExternalStore(subscribe, getSnapshot);
  if (resolved && 'error' in resolved) {
    return [(resource?.isList ? [] : undefined) as unknown as R, false, resolved.error];
  }
  const data = state.data ?? (resource?.isList ? [] : undefined);
  return [data as R, state.loaded, state.loadError];
}

export function useK8sWatchResources<
  R extends Record<string, K8sResourceCommon | K8sResourceCommon[]>,
>(
  resources: Record<keyof R, WatchK8sResource>,
): Record<keyof R, { data: R[keyof R]; loaded: boolean; loadError: unknown }> {
  const entries = useMemo(
    () =>
      Object.entries(resources as Record<string, WatchK8sResource>).map(
        ([k, r]) => [k, r, toRequest(r)] as const,
      ),
    [resources],
  );
  const key = entries
    .map(([k, , res]) => `${k}:${res && 'req' in res ? watchKey(res.req) : ''}`)
    .join('|');
  const cache = useRef<{ states: WatchState[]; value: Record<string, unknown> } | null>(null);
  const subscribe = useCallback(
    (listener: () => void) => {
      const unsubs = entries.map(([, , res]) =>
        res && 'req' in res ? subscribeWatch(res.req, listener) : () => undefined,
      );
      return () => unsubs.forEach((u) => u());
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const getSnapshot = useCallback(() => {
    const states = entries.map(([, , res]) =>
      res && 'req' in res ? getWatch(res.req).watch.state : NOOP_STATE,
    );
    const prev = cache.current;
    if (
      prev &&
      prev.states.length === states.length &&
      prev.states.every((s, i) => s === states[i])
    ) {
      return prev.value;
    }
    const value: Record<string, unknown> = {};
    entries.forEach(([k, r, res], i) => {
      const s = states[i] ?? NOOP_STATE;
      value[k] =
        res && 'error' in res
          ? { data: r.isList ? [] : undefined, loaded: false, loadError: res.error }
          : {
              data: s.data ?? (r.isList ? [] : undefined),
              loaded: s.loaded,
              loadError: s.loadError,
            };
    });
    cache.current = { states, value };
    return value;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return useSyncExternalStore(subscribe, getSnapshot) as Record<
    keyof R,
    { data: R[keyof R]; loaded: boolean; loadError: unknown }
  >;
}

export function useK8sModel(
  groupVersionKind?: { group?: string; version?: string; kind: string } | string,
): [K8sModel | undefined, boolean] {
  if (!groupVersionKind) return [undefined, false];
  if (typeof groupVersionKind === 'string') {
    const [g, v, k] = groupVersionKind.split('~');
    return [k ? getModel(g, v, k) : getModel(undefined, undefined, groupVersionKind), false];
  }
  return [getModel(groupVersionKind.group, groupVersionKind.version, groupVersionKind.kind), false];
}

export function useK8sModels(): [Record<string, K8sModel>, boolean] {
  return [allModels(), false];
}

const accessCache = new Map<string, Promise<boolean>>();

export function checkAccess(
  attrs: AccessReviewResourceAttributes,
): Promise<{ status?: { allowed: boolean } }> {
  return consoleFetchJSON.post(
    `${API_BASE}/apis/authorization.k8s.io/v1/selfsubjectaccessreviews`,
    {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectAccessReview',
      spec: {
        resourceAttributes: {
          group: attrs.group ?? '',
          resource: attrs.resource,
          subresource: attrs.subresource,
          verb: attrs.verb,
          name: attrs.name,
          namespace: attrs.namespace,
        },
      },
    },
  ) as Promise<{ status?: { allowed: boolean } }>;
}

export function useAccessReview(attrs: AccessReviewResourceAttributes): [boolean, boolean] {
  const key = JSON.stringify(attrs);
  const [state, setState] = useState<[boolean, boolean]>([false, true]);
  useEffect(() => {
    let live = true;
    let p = accessCache.get(key);
    if (!p) {
      p = checkAccess(attrs).then(
        (r) => Boolean(r.status?.allowed),
        // Like the console: if the review itself fails, do not hide actions on that basis.
        () => true,
      );
      accessCache.set(key, p);
    }
    void p.then((allowed) => {
      if (live) setState([allowed, false]);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}

export function useActiveNamespace(): [string, (ns: string) => void] {
  const ns = useSyncExternalStore(namespaceStore.subscribe, () => namespaceStore.get());
  return [ns, (next: string) => namespaceStore.set(next)];
}

export function useFlag(flag: string): boolean {
  const flags = useSyncExternalStore(flagStore.subscribe, () => flagStore.get());
  return Boolean(flags[flag]);
}
