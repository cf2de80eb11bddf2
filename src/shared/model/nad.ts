import type { K8sResource, ObjectMeta } from './k8s';

export interface NetworkAttachmentDefinition extends K8sResource {
  metadata: ObjectMeta & { name: string; namespace: string };
  /** `config` is a JSON string; it is parsed at the boundary by the NAD logic, never here. */
  spec?: { config?: string; [key: string]: unknown };
}

/** One entry of the `k8s.v1.cni.cncf.io/network-status` pod annotation. */
export interface NetworkStatusEntry {
  name: string;
  interface?: string;
  ips?: string[];
  mac?: string;
  default?: boolean;
  dns?: Record<string, unknown>;
  gateway?: string[];
  [key: string]: unknown;
}

export const NETWORK_STATUS_ANNOTATION = 'k8s.v1.cni.cncf.io/network-status';
export const NETWORKS_ANNOTATION = 'k8s.v1.cni.cncf.io/networks';
