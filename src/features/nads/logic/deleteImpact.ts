// What deleting a NAD breaks: the pods that select it in `k8s.v1.cni.cncf.io/networks` or report
// an interface on it. Multus reads the NAD at pod sandbox creation (multus-cni
// pkg/k8sclient/k8sclient.go getKubernetesDelegate), so running pods keep their interface, but any
// of them that restarts, and every new pod asking for it, fails to start until it exists again.
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import type { Pod } from '../../../shared/model/k8s';
import { getPodsUsingNad } from './podNetworks';

export interface DeleteImpact {
  /** Pods using the NAD, in all. */
  count: number;
  /** The first pods by name: `name` in the NAD's namespace, `namespace/name` elsewhere. */
  names: string[];
  /** How many are not named. */
  more: number;
}

export function getDeleteImpact(
  pods: readonly Pod[],
  nad: NetworkAttachmentDefinition,
  limit: number,
): DeleteImpact {
  const ns = nad.metadata.namespace;
  const names = getPodsUsingNad(pods, nad)
    .map(({ pod }) =>
      pod.metadata.namespace === ns
        ? pod.metadata.name
        : `${pod.metadata.namespace}/${pod.metadata.name}`,
    )
    .sort((a, b) => a.localeCompare(b));
  const shown = names.slice(0, Math.max(0, limit));
  return { count: names.length, names: shown, more: names.length - shown.length };
}
