// The pods that use NADs, through a lean watch of their digests. Its own module so the views that
// read only pods (the switch-port VLAN check on the topology and the Node tab) do not load the
// NAD validation context useNadData.ts builds.
import type { Pod } from '../../../shared/model/k8s';
import { PodModel } from '../../../shared/k8s/models';
import { useLeanList } from '../../../shared/k8s/useLeanWatch';
import type { WatchedResult } from '../../../shared/k8s/useWatchedList';
import { digestAttachedPod } from '../logic/podDigest';

/**
 * The pods that ask for or report a NAD, trimmed to what the views read (digestAttachedPod),
 * through a lean watch: a namespace's or the cluster's pods are the most numerous objects it has,
 * and the console's store would keep each whole. `node` narrows them to one node's pods with the
 * `spec.nodeName` field selector the API server supports for pods.
 */
export function useAttachedPods(
  opts: { namespace?: string; node?: string; enabled?: boolean } = {},
): WatchedResult<readonly Pod[]> {
  return useLeanList<Pod>({
    model: PodModel,
    namespace: opts.namespace,
    fieldSelector: opts.node !== undefined ? `spec.nodeName=${opts.node}` : undefined,
    digest: digestAttachedPod,
    enabled: opts.enabled,
  });
}
