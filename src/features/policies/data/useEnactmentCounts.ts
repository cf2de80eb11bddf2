// Live phase counts of every policy for the policy list, from a lean watch of all enactments
// (see shared/k8s/leanWatch and logic/enactmentCounter for why not the console's watch). The
// counter is the watch's reducer: it takes each flush's digests and keeps counts, not a map.
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { Node } from '../../../shared/model/k8s';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { ENACTMENT_PAGE_SIZE, EnactmentModel } from '../../../shared/k8s/models';
import {
  LEAN_STALE_AFTER_MS,
  startLeanWatch,
  useLeanStaleSince,
} from '../../../shared/k8s/leanWatch';
import type { LeanWatchStatus } from '../../../shared/k8s/leanWatch';
import { useImpersonationSubprotocols } from '../../../shared/k8s/useImpersonation';
import type { K8sError } from '../../../shared/k8s/k8sError';
import type { NodeNetworkConfigurationEnactment } from '../../../shared/model/nmstate';
import { createEnactmentCounter, digestEnactment } from '../logic/enactmentCounter';
import type { PhaseCounts } from '../logic/enactmentCounter';

export interface EnactmentCounts {
  counts: ReadonlyMap<string, PhaseCounts>;
  /** The last failure of the list or watch; cleared by the next batch that arrives. */
  error?: K8sError;
  /**
   * The counts are older than STALE_AFTER_MS: the watch's socket closed then and no re-list has
   * brought it back since. Decided from the socket, not from an error: a drop is routine and
   * repaired by a re-list within seconds, which is not worth a banner.
   */
  staleSince?: number;
}

/** How long the counts may lag behind the cluster (socket down) before the page says so. */
export const STALE_AFTER_MS = LEAN_STALE_AFTER_MS;

export function useEnactmentCounts(
  policies: readonly NodeNetworkConfigurationPolicy[],
  nodes: readonly Node[],
  enabled = true,
): EnactmentCounts {
  const [counter] = useState(createEnactmentCounter);
  const [state, setState] = useState<{ version: number; error?: K8sError }>({ version: 0 });
  const [status, setStatus] = useState<LeanWatchStatus>({ live: false });
  // List and watch as the same user: wait for the console's impersonation before opening the
  // socket, and start over when it changes.
  const subprotocols = useImpersonationSubprotocols();
  const protocolKey = subprotocols?.join(',');
  useEffect(() => {
    if (!enabled || protocolKey === undefined) return undefined;
    return startLeanWatch({
      model: EnactmentModel,
      pageSize: ENACTMENT_PAGE_SIZE,
      digest: (obj) => digestEnactment(obj as unknown as NodeNetworkConfigurationEnactment),
      onBatch: (batch) => {
        counter.apply({
          reset: batch.reset,
          upserts: batch.upserts.map((u) => u.digest),
          deletes: batch.deletes,
        });
        setState((s) => ({ version: s.version + 1 }));
      },
      onError: (error) => setState((s) => ({ ...s, error })),
      onStatus: setStatus,
      subprotocols: protocolKey ? protocolKey.split(',') : [],
    });
  }, [counter, enabled, protocolKey]);
  const staleSince = useLeanStaleSince(status, STALE_AFTER_MS);
  // Deferred: while a long list pages in, typing in the filter or opening a menu never waits
  // for a recount.
  const version = useDeferredValue(state.version);
  const counts = useMemo(
    () => counter.count(policies, nodes),
    // `version` says the counter took a batch; the counter itself is the same object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [counter, version, policies, nodes],
  );
  return { counts, error: state.error, staleSince };
}
