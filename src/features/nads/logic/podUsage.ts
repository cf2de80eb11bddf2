// Per-NAD pod counts for the list page in one pass over the pods (getPodsUsingNad answers the
// same question for one NAD; calling it per row would be O(NADs × pods)).
import type { Pod } from '../../../shared/model/k8s';
import { getRequestedNetworks, parseNetworkStatus } from './podNetworks';

export interface NadPodCounts {
  /** Pods with a network-status entry for the NAD. */
  attached: number;
  /** Pods that request the NAD but have no status entry for it (attachment failed or pending). */
  pending: number;
}

/** `namespace/name` of a NAD → its pod counts. */
export function countPodsByNad(pods: readonly Pod[]): Map<string, NadPodCounts> {
  const out = new Map<string, NadPodCounts>();
  const get = (key: string): NadPodCounts => {
    let c = out.get(key);
    if (!c) {
      c = { attached: 0, pending: 0 };
      out.set(key, c);
    }
    return c;
  };
  for (const pod of pods) {
    const status = parseNetworkStatus(pod);
    const attached = new Set(status.ok ? status.entries.map((e) => e.name) : []);
    for (const key of attached) if (key.includes('/')) get(key).attached++;
    for (const key of new Set(getRequestedNetworks(pod)))
      if (!attached.has(key)) get(key).pending++;
  }
  return out;
}
