// What the views that read pods keep of one (the lean watch's digest of a Pod). A cluster's pods
// are its most numerous objects and the views here read four fields of them: which secondary
// networks a pod asks for and reports (the Multus annotations), on which node, in which phase.
// The NAD pages (attached pods, attach failures, per-NAD counts) and the switch-port VLAN check
// read nothing else, so a pod that neither asks for nor reports a NAD is not kept at all. The
// resourceVersion lets a re-list keep an unchanged pod's digest.
import type { Pod } from '../../../shared/model/k8s';
import { NETWORK_STATUS_ANNOTATION, NETWORKS_ANNOTATION } from '../../../shared/model/nad';
import { isRecord } from '../../../shared/logic/isRecord';
import { getRequestedNetworks, parseNetworkStatus } from './podNetworks';

/** Whether the pod asks for a NAD or reports an interface on one (a `ns/name` status entry). */
export function hasNadAttachment(pod: Pod): boolean {
  if (getRequestedNetworks(pod).length > 0) return true;
  const status = parseNetworkStatus(pod);
  return status.ok && status.entries.some((e) => e.name.includes('/'));
}

/**
 * The pod trimmed to what the NAD and VLAN views read, or null when it has no NAD attachment.
 * Anything that is not a well-formed pod (no name or namespace) is left out as well.
 */
export function digestAttachedPod(obj: unknown): Pod | null {
  if (!isRecord(obj) || !isRecord(obj.metadata)) return null;
  const meta = obj.metadata;
  if (typeof meta.name !== 'string' || typeof meta.namespace !== 'string') return null;
  const source = isRecord(meta.annotations) ? meta.annotations : {};
  const annotations: Record<string, string> = {};
  for (const key of [NETWORKS_ANNOTATION, NETWORK_STATUS_ANNOTATION]) {
    const value = source[key];
    if (typeof value === 'string') annotations[key] = value;
  }
  const pod: Pod = { metadata: { name: meta.name, namespace: meta.namespace, annotations } };
  if (!hasNadAttachment(pod)) return null;
  if (typeof meta.uid === 'string') pod.metadata.uid = meta.uid;
  // Lets a re-list keep the digest of an unchanged pod (applyLeanBatch).
  if (typeof meta.resourceVersion === 'string') pod.metadata.resourceVersion = meta.resourceVersion;
  const nodeName = isRecord(obj.spec) ? obj.spec.nodeName : undefined;
  if (typeof nodeName === 'string') pod.spec = { nodeName };
  const phase = isRecord(obj.status) ? obj.status.phase : undefined;
  if (typeof phase === 'string') pod.status = { phase };
  return pod;
}
