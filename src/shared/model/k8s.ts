// Envelope types shared by every feature and by the sandbox. Payloads that the API server
// preserves without a schema carry an index signature so unknown keys survive round trips.

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  [key: string]: unknown;
}

export interface K8sResource {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  [key: string]: unknown;
}

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** nmstate writes its own condition type (no observedGeneration); metav1.Condition is a superset. */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
  lastHeartbeatTime?: string;
  observedGeneration?: number;
}

export interface K8sList<T extends K8sResource> {
  apiVersion: string;
  kind: string;
  metadata: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
  items: T[];
}

/** A Kubernetes `Status` object as returned for errors. */
export interface K8sStatus {
  apiVersion?: 'v1';
  kind: 'Status';
  status?: 'Failure' | 'Success';
  message?: string;
  reason?: string;
  code?: number;
  details?: {
    name?: string;
    group?: string;
    kind?: string;
    causes?: { reason?: string; message?: string; field?: string }[];
  };
}

export interface Node extends K8sResource {
  metadata: ObjectMeta & { name: string };
  spec?: { unschedulable?: boolean; taints?: unknown[]; [key: string]: unknown };
  status?: {
    conditions?: Condition[];
    addresses?: { type: string; address: string }[];
    nodeInfo?: Record<string, string>;
    [key: string]: unknown;
  };
}

export interface Pod extends K8sResource {
  metadata: ObjectMeta & { name: string; namespace: string };
  spec?: { nodeName?: string; [key: string]: unknown };
  status?: { phase?: string; [key: string]: unknown };
}

export interface Event extends K8sResource {
  metadata: ObjectMeta & { name: string; namespace: string };
  involvedObject: {
    apiVersion?: string;
    kind?: string;
    name?: string;
    namespace?: string;
    uid?: string;
  };
  type?: 'Normal' | 'Warning';
  reason?: string;
  message?: string;
  count?: number;
  firstTimestamp?: string;
  lastTimestamp?: string;
  source?: { component?: string; host?: string };
}
