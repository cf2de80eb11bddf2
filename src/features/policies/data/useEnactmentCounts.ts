// Live phase counts of every policy for the policy list, from a digest watch of all enactments
// (see shared/k8s/digestWatch and logic/enactmentCounter for why not the console's watch).
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { Node } from '../../../shared/model/k8s';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { ENACTMENT_PAGE_SIZE, EnactmentModel } from '../../../shared/k8s/models';
import { startDigestWatch } from '../../../shared/k8s/digestWatch';
import type { K8sError } from '../../../shared/k8s/k8sError';
import type { NodeNetworkConfigurationEnactment } from '../../../shared/model/nmstate';
import { createEnactmentCounter, digestEnactment } from '../logic/enactmentCounter';
import type { PhaseCounts } from '../logic/enactmentCounter';

export interface EnactmentCounts {
  counts: ReadonlyMap<string, PhaseCounts>;
  /** The last failure of the list or watch; cleared by the next batch that arrives. */
  error?: K8sError;
}

export function useEnactmentCounts(
  policies: readonly NodeNetworkConfigurationPolicy[],
  nodes: readonly Node[],
  enabled = true,
): EnactmentCounts {
  const [counter] = useState(createEnactmentCounter);
  const [state, setState] = useState<{ version: number; error?: K8sError }>({ version: 0 });
  useEffect(() => {
    if (!enabled) return undefined;
    return startDigestWatch({
      model: EnactmentModel,
      pageSize: ENACTMENT_PAGE_SIZE,
      digest: (obj) => digestEnactment(obj as unknown as NodeNetworkConfigurationEnactment),
      onBatch: (batch) => {
        counter.apply(batch);
        setState((s) => ({ version: s.version + 1 }));
      },
      onError: (error) => setState((s) => ({ ...s, error })),
    });
  }, [counter, enabled]);
  // Deferred: while a long list pages in, typing in the filter or opening a menu never waits
  // for a recount.
  const version = useDeferredValue(state.version);
  const counts = useMemo(
    () => counter.count(policies, nodes),
    // `version` says the counter took a batch; the counter itself is the same object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [counter, version, policies, nodes],
  );
  return { counts, error: state.error };
}
