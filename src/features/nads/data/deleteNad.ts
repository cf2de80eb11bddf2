// Deleting a NAD the user has looked at, and only that copy of it.
import { useMutation } from '@tanstack/react-query';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { NadModel } from '../../../shared/k8s/models';
import { K8sError } from '../../../shared/k8s/k8sError';
import { deleteResource, readResource } from '../../../shared/k8s/mutations';

/** What the user saw of a NAD: its config, labels and annotations. */
function sameContent(a: NetworkAttachmentDefinition, b: NetworkAttachmentDefinition): boolean {
  const view = (n: NetworkAttachmentDefinition) =>
    JSON.stringify([n.spec?.config ?? '', n.metadata.labels ?? {}, n.metadata.annotations ?? {}]);
  return a.metadata.uid === b.metadata.uid && view(a) === view(b);
}

const preconditionsOf = (nad: NetworkAttachmentDefinition) => ({
  ...(nad.metadata.uid ? { uid: nad.metadata.uid } : {}),
  ...(nad.metadata.resourceVersion ? { resourceVersion: nad.metadata.resourceVersion } : {}),
});

/**
 * Deletes with uid and resourceVersion preconditions, so a NAD replaced or edited since it was
 * shown is not deleted. The console's store may hold an older resourceVersion than the server
 * when the only change was the version itself (see shared/k8s/mutations.ts); a 409 is therefore
 * checked against the server's copy and retried once when nothing the user sees differs.
 */
export async function deleteSeenNad(nad: NetworkAttachmentDefinition): Promise<void> {
  try {
    await deleteResource({ model: NadModel, resource: nad, preconditions: preconditionsOf(nad) });
  } catch (err) {
    if (!(err instanceof K8sError) || err.kind !== 'conflict') throw err;
    const current = await readResource<NetworkAttachmentDefinition>({
      model: NadModel,
      name: nad.metadata.name,
      namespace: nad.metadata.namespace,
    });
    if (!sameContent(nad, current)) throw err;
    await deleteResource({
      model: NadModel,
      resource: current,
      preconditions: preconditionsOf(current),
    });
  }
}

export function useDeleteNad() {
  return useMutation<unknown, K8sError, NetworkAttachmentDefinition>({ mutationFn: deleteSeenNad });
}
