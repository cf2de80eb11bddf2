// Turning the draft of a deleted object into a create request. Server-owned metadata of the old
// object would be rejected (resourceVersion must be empty on create) or meaningless (uid,
// timestamps, generation, managedFields, finalizers waiting for a deletion), and status is not
// the user's to write.
import type { K8sResource } from '../model/k8s';

const SERVER_OWNED = [
  'resourceVersion',
  'uid',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'generation',
  'managedFields',
  'selfLink',
] as const;

/** A copy of `obj` that can be POSTed as a new object with the same name and content. */
export function toRecreate<T extends K8sResource>(obj: T): T {
  const copy = structuredClone(obj) as T & { status?: unknown };
  const metadata = copy.metadata as unknown as Record<string, unknown>;
  for (const key of SERVER_OWNED) Reflect.deleteProperty(metadata, key);
  Reflect.deleteProperty(copy, 'status');
  return copy;
}
