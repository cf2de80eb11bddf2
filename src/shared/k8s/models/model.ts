// The console's K8sModel shape, built by the model files of each API group.
import type { K8sModel } from '@openshift-console/dynamic-plugin-sdk';
import type { GroupVersionKind } from '../../model/k8s';

/** Called with `@__PURE__` by the group files, so a model no code uses is left out of the build. */
export function model(
  gvk: GroupVersionKind,
  plural: string,
  namespaced: boolean,
  abbr: string,
  label: string,
  labelPlural: string,
): K8sModel {
  return {
    kind: gvk.kind,
    apiGroup: gvk.group || undefined,
    apiVersion: gvk.version,
    plural,
    namespaced,
    abbr,
    label,
    labelPlural,
    crd: gvk.group !== '',
  };
}
