// Console references and resource-page URLs of a kind.
import type { GroupVersionKind } from '../../model/k8s';

/** The console's resource reference string, `group~version~Kind` (`core` for the core group). */
export function getReference(gvk: GroupVersionKind): string {
  return `${gvk.group || 'core'}~${gvk.version}~${gvk.kind}`;
}

/** Console URL of a resource's details page. */
export function getResourceUrl(gvk: GroupVersionKind, name: string, namespace?: string): string {
  const ref = getReference(gvk);
  const enc = encodeURIComponent(name);
  return namespace
    ? `/k8s/ns/${encodeURIComponent(namespace)}/${ref}/${enc}`
    : `/k8s/cluster/${ref}/${enc}`;
}
