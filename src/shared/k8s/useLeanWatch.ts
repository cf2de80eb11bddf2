// The lean watch (leanWatch.ts) as React state: digests keyed by object, or trimmed objects read
// like a console list. Apart from leanWatch.ts so that a page that reduces the watch itself (the
// policy list's counts, through startLeanWatch) does not carry these hooks (a module's exports
// ship with every page importing it: issue 23's bytes).
import { useEffect, useMemo, useRef, useState } from 'react';
import type { K8sResourceCommon } from '@openshift-console/dynamic-plugin-sdk';
import { applyLeanBatch, leanQueryKey } from './leanWatchCore';
import type { LeanWatchQuery, LeanWatchStatus } from './leanWatchCore';
import type { K8sError } from './k8sError';
import type { K8sResource } from '../model/k8s';
import type { WatchedResult } from './watchResult';
import { useImpersonationSubprotocols } from './useImpersonation';
import { LEAN_PAGE_SIZE, startLeanWatch, useLeanStaleSince } from './leanWatch';

export interface LeanWatchSpec<D> extends LeanWatchQuery {
  /**
   * What the view keeps of each object (see LeanWatchOptions.digest). Read when an object
   * arrives, so it may be a new function on every render; the watch restarts only when the query
   * changes.
   */
  digest: (obj: K8sResourceCommon) => D | null;
  pageSize?: number;
  /** See LeanWatchOptions.handoverMs. */
  handoverMs?: number;
  /** false watches nothing and reads as loaded and empty (the kind is absent, or not needed). */
  enabled?: boolean;
}

export interface LeanWatchResult<D> {
  /** Digests by object key (`namespace/name`, or the name of a cluster-scoped object). */
  digests: ReadonlyMap<string, D>;
  /** A complete list has arrived (and stays true across re-lists, which replace it whole). */
  loaded: boolean;
  /** The last failure of the list; cleared by the next batch. */
  error?: K8sError;
  /** When the digests stopped being live, once that is LEAN_STALE_AFTER_MS ago. */
  staleSince?: number;
}

const EMPTY = new Map<string, never>();

/**
 * A lean watch as React state: the digests keyed by object, re-rendered once per flush. For
 * aggregates that must not even hold one digest per object in a map copy per flush (the policy
 * list's counts), use startLeanWatch with a reducer of its own instead.
 */
export function useLeanWatch<D>(spec: LeanWatchSpec<D>): LeanWatchResult<D> {
  const enabled = spec.enabled ?? true;
  const digest = useRef(spec.digest);
  digest.current = spec.digest;
  const [state, setState] = useState<{
    key: string;
    digests: ReadonlyMap<string, D>;
    loaded: boolean;
    error?: K8sError;
  }>({ key: '', digests: EMPTY, loaded: false });
  const [status, setStatus] = useState<LeanWatchStatus>({ live: false });
  // List and watch as the same user: wait for the console's impersonation before opening the
  // socket, and start over when it changes.
  const subprotocols = useImpersonationSubprotocols();
  const protocolKey = subprotocols?.join(',');
  const queryKey = leanQueryKey(spec);
  const model = spec.model;
  const { namespace, labels, fieldSelector } = spec;
  const pageSize = spec.pageSize ?? LEAN_PAGE_SIZE;
  const handoverMs = spec.handoverMs;
  useEffect(() => {
    if (!enabled || protocolKey === undefined) return undefined;
    setState({ key: queryKey, digests: EMPTY, loaded: false });
    setStatus({ live: false });
    return startLeanWatch<D>({
      model,
      namespace,
      labels,
      fieldSelector,
      pageSize,
      handoverMs,
      digest: (obj) => digest.current(obj),
      onBatch: (batch) =>
        setState((s) => {
          const digests = applyLeanBatch(s.digests, batch);
          const loaded = s.loaded || batch.complete;
          // A re-list that changed nothing re-renders nothing.
          if (s.key === queryKey && digests === s.digests && loaded === s.loaded && !s.error)
            return s;
          return { key: queryKey, digests, loaded };
        }),
      onError: (error) => setState((s) => ({ ...s, error })),
      onStatus: setStatus,
      subprotocols: protocolKey ? protocolKey.split(',') : [],
    });
    // The query key stands for model, namespace, labels and fieldSelector.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, protocolKey, queryKey, pageSize, handoverMs]);
  const staleSince = useLeanStaleSince(status);
  if (!enabled) return { digests: EMPTY, loaded: true };
  // Until the effect has started the watch of this query, what is held belongs to another one.
  if (state.key !== queryKey) return { digests: EMPTY, loaded: false };
  return { digests: state.digests, loaded: state.loaded, error: state.error, staleSince };
}

/**
 * A lean watch whose digests are trimmed objects (the fields a view reads), read like a console
 * list: sorted by namespace and name, as a WatchedResult, so components need not know which of
 * the two ways the list came.
 */
export function useLeanList<T extends K8sResource>(
  spec: LeanWatchSpec<T>,
): WatchedResult<readonly T[]> {
  const r = useLeanWatch(spec);
  const data = useMemo(
    () =>
      [...r.digests.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, d]) => d),
    [r.digests],
  );
  return {
    data,
    isLoading: !r.loaded && !r.error,
    error: r.error,
    isStale: r.staleSince !== undefined || (r.error !== undefined && r.loaded),
    isMissingApi: r.error?.kind === 'missingApi',
    isDeleted: false,
  };
}
