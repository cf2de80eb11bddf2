// `@console/internal/models`: the statically defined models the console ships
// (openshift/console release-4.22 frontend/public/models/index.ts). The SDK's k8s-utils builds
// its static model map from this module, and the k8s reducer stores a discovered model that
// matches one of these under its kind rather than its reference. Only the models this stand-in
// and the plugin can meet are listed; their field values are the console's.
import type { K8sModel } from '@openshift-console/dynamic-plugin-sdk';

interface Def {
  kind: string;
  plural: string;
  abbr: string;
  apiGroup?: string;
  apiVersion?: string;
  namespaced?: boolean;
  propagationPolicy?: 'Foreground' | 'Background';
  labelPlural?: string;
}

function staticModel(d: Def): K8sModel {
  const model: K8sModel = {
    kind: d.kind,
    label: d.kind,
    labelKey: `public~${d.kind}`,
    labelPlural: d.labelPlural ?? `${d.kind}s`,
    labelPluralKey: `public~${d.labelPlural ?? `${d.kind}s`}`,
    apiVersion: d.apiVersion ?? 'v1',
    plural: d.plural,
    abbr: d.abbr,
    id: d.kind.toLowerCase(),
  };
  if (d.apiGroup) model.apiGroup = d.apiGroup;
  if (d.namespaced) model.namespaced = true;
  if (d.propagationPolicy) model.propagationPolicy = d.propagationPolicy;
  return model;
}

export const NodeModel = staticModel({ kind: 'Node', plural: 'nodes', abbr: 'N' });
export const NamespaceModel = staticModel({ kind: 'Namespace', plural: 'namespaces', abbr: 'NS' });
export const PodModel = staticModel({ kind: 'Pod', plural: 'pods', abbr: 'P', namespaced: true });
export const ServiceModel = staticModel({
  kind: 'Service',
  plural: 'services',
  abbr: 'S',
  namespaced: true,
});
export const EventModel = staticModel({
  kind: 'Event',
  plural: 'events',
  abbr: 'E',
  namespaced: true,
});
export const ConfigMapModel = staticModel({
  kind: 'ConfigMap',
  plural: 'configmaps',
  abbr: 'CM',
  namespaced: true,
});
export const SecretModel = staticModel({
  kind: 'Secret',
  plural: 'secrets',
  abbr: 'S',
  namespaced: true,
});
export const ProjectModel = staticModel({
  kind: 'Project',
  plural: 'projects',
  abbr: 'PR',
  apiGroup: 'project.openshift.io',
});
export const DeploymentModel = staticModel({
  kind: 'Deployment',
  plural: 'deployments',
  abbr: 'D',
  apiGroup: 'apps',
  namespaced: true,
  propagationPolicy: 'Foreground',
});
export const DaemonSetModel = staticModel({
  kind: 'DaemonSet',
  plural: 'daemonsets',
  abbr: 'DS',
  apiGroup: 'apps',
  namespaced: true,
  propagationPolicy: 'Foreground',
});
export const SelfSubjectAccessReviewModel = staticModel({
  kind: 'SelfSubjectAccessReview',
  plural: 'selfsubjectaccessreviews',
  abbr: 'SSAR',
  apiGroup: 'authorization.k8s.io',
  namespaced: true,
});
export const SelfSubjectReviewModel = staticModel({
  kind: 'SelfSubjectReview',
  plural: 'selfsubjectreviews',
  abbr: 'SSR',
  apiGroup: 'authorization.k8s.io',
  namespaced: true,
});
