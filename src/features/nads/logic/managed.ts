// Managed NADs are rendered by a controller (OVN-K UserDefinedNetwork / ClusterUserDefinedNetwork,
// or the SR-IOV operator from a SriovNetwork); hand edits are reconciled away, so the UI opens
// them read-only with a link to the owner.
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import type { ManagedNadInfo } from '../model/types';

export const UDN_LABEL = 'k8s.ovn.org/user-defined-network';
export const SRIOV_OWNER_ANNOTATION = 'sriovnetwork.openshift.io/owner-ref';

export function isManagedNad(nad: NetworkAttachmentDefinition): ManagedNadInfo {
  const meta = nad.metadata;
  for (const ref of meta.ownerReferences ?? []) {
    if (ref.kind === 'UserDefinedNetwork' || ref.kind === 'ClusterUserDefinedNetwork') {
      const owner: NonNullable<ManagedNadInfo['owner']> = {
        apiVersion: ref.apiVersion,
        kind: ref.kind,
        name: ref.name,
      };
      // A UDN lives in the NAD's namespace; a CUDN is cluster-scoped.
      if (ref.kind === 'UserDefinedNetwork') owner.namespace = meta.namespace;
      return { managed: true, manager: ref.kind, owner };
    }
    if (ref.apiVersion.startsWith('sriovnetwork.openshift.io/')) {
      return {
        managed: true,
        manager: 'SriovOperator',
        owner: { apiVersion: ref.apiVersion, kind: ref.kind, name: ref.name },
      };
    }
  }
  if (meta.labels?.[UDN_LABEL] !== undefined) {
    return {
      managed: true,
      manager: 'UserDefinedNetwork',
      owner: { kind: 'UserDefinedNetwork', name: meta.name, namespace: meta.namespace },
    };
  }
  const sriov = meta.annotations?.[SRIOV_OWNER_ANNOTATION];
  if (sriov !== undefined) {
    // The value names the SriovNetwork; read it defensively as `[Kind.group/]namespace/name`
    // because its exact format is not part of a published API.
    const parts = sriov.split('/').filter((s) => s !== '');
    const name = parts[parts.length - 1] ?? sriov;
    const namespace = parts.length >= 2 ? parts[parts.length - 2] : undefined;
    const kindPart = parts.length >= 3 ? parts[0]?.split('.')[0] : undefined;
    const owner: NonNullable<ManagedNadInfo['owner']> = {
      kind: kindPart ?? 'SriovNetwork',
      name,
      apiVersion: 'sriovnetwork.openshift.io/v1',
    };
    if (namespace) owner.namespace = namespace;
    return { managed: true, manager: 'SriovOperator', owner };
  }
  return { managed: false };
}
