// Every Kubernetes kind the plugin reads or writes, defined once: watch hooks, mutations,
// console extensions (via the matching GVKs) and the end-to-end tests all use these.
import type { K8sModel } from '@openshift-console/dynamic-plugin-sdk';
import type { GroupVersionKind } from '../model/k8s';

function model(
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

export const NodeGVK = { group: '', version: 'v1', kind: 'Node' } as const;
export const PodGVK = { group: '', version: 'v1', kind: 'Pod' } as const;
export const EventGVK = { group: '', version: 'v1', kind: 'Event' } as const;
export const SecretGVK = { group: '', version: 'v1', kind: 'Secret' } as const;
export const ControllerRevisionGVK = {
  group: 'apps',
  version: 'v1',
  kind: 'ControllerRevision',
} as const;
export const DaemonSetGVK = { group: 'apps', version: 'v1', kind: 'DaemonSet' } as const;
export const DeploymentGVK = { group: 'apps', version: 'v1', kind: 'Deployment' } as const;
export const SelfSubjectReviewGVK = {
  group: 'authentication.k8s.io',
  version: 'v1',
  kind: 'SelfSubjectReview',
} as const;
export const NodeNetworkStateGVK = {
  group: 'nmstate.io',
  version: 'v1beta1',
  kind: 'NodeNetworkState',
} as const;
export const PolicyGVK = {
  group: 'nmstate.io',
  version: 'v1',
  kind: 'NodeNetworkConfigurationPolicy',
} as const;
/**
 * Enactments are one per (policy, node): 50 policies on 500 nodes make 25,000 objects, so every
 * watch of all of them lists in pages of this size rather than the console's 250 (100 round
 * trips), and uses the same size so the watches are shared.
 */
export const ENACTMENT_PAGE_SIZE = 5000;

export const EnactmentGVK = {
  group: 'nmstate.io',
  version: 'v1beta1',
  kind: 'NodeNetworkConfigurationEnactment',
} as const;
export const NMStateGVK = { group: 'nmstate.io', version: 'v1', kind: 'NMState' } as const;
export const NadGVK = {
  group: 'k8s.cni.cncf.io',
  version: 'v1',
  kind: 'NetworkAttachmentDefinition',
} as const;
export const BareMetalHostGVK = {
  group: 'metal3.io',
  version: 'v1alpha1',
  kind: 'BareMetalHost',
} as const;
export const HardwareDataGVK = {
  group: 'metal3.io',
  version: 'v1alpha1',
  kind: 'HardwareData',
} as const;
export const BareMetalSwitchGVK = {
  group: 'metal3.io',
  version: 'v1alpha1',
  kind: 'BareMetalSwitch',
} as const;
export const HostNetworkAttachmentGVK = {
  group: 'metal3.io',
  version: 'v1alpha1',
  kind: 'HostNetworkAttachment',
} as const;
/** ironic-standalone-operator's Ironic resource (ironic.metal3.io/v1alpha1). */
export const IronicGVK = {
  group: 'ironic.metal3.io',
  version: 'v1alpha1',
  kind: 'Ironic',
} as const;
export const ClusterNetworkConfigGVK = {
  group: 'config.openshift.io',
  version: 'v1',
  kind: 'Network',
} as const;
export const InfrastructureGVK = {
  group: 'config.openshift.io',
  version: 'v1',
  kind: 'Infrastructure',
} as const;
export const OperatorNetworkGVK = {
  group: 'operator.openshift.io',
  version: 'v1',
  kind: 'Network',
} as const;

export const NodeModel = model(NodeGVK, 'nodes', false, 'N', 'Node', 'Nodes');
export const PodModel = model(PodGVK, 'pods', true, 'P', 'Pod', 'Pods');
export const EventModel = model(EventGVK, 'events', true, 'E', 'Event', 'Events');
export const SecretModel = model(SecretGVK, 'secrets', true, 'S', 'Secret', 'Secrets');
export const ControllerRevisionModel = model(
  ControllerRevisionGVK,
  'controllerrevisions',
  true,
  'CR',
  'ControllerRevision',
  'ControllerRevisions',
);
export const SelfSubjectReviewModel = model(
  SelfSubjectReviewGVK,
  'selfsubjectreviews',
  false,
  'SSR',
  'SelfSubjectReview',
  'SelfSubjectReviews',
);
export const NodeNetworkStateModel = model(
  NodeNetworkStateGVK,
  'nodenetworkstates',
  false,
  'NNS',
  'NodeNetworkState',
  'NodeNetworkStates',
);
export const PolicyModel = model(
  PolicyGVK,
  'nodenetworkconfigurationpolicies',
  false,
  'NNCP',
  'NodeNetworkConfigurationPolicy',
  'NodeNetworkConfigurationPolicies',
);
export const EnactmentModel = model(
  EnactmentGVK,
  'nodenetworkconfigurationenactments',
  false,
  'NNCE',
  'NodeNetworkConfigurationEnactment',
  'NodeNetworkConfigurationEnactments',
);
export const NMStateModel = model(NMStateGVK, 'nmstates', false, 'NMS', 'NMState', 'NMStates');
export const NadModel = model(
  NadGVK,
  'network-attachment-definitions',
  true,
  'NAD',
  'NetworkAttachmentDefinition',
  'NetworkAttachmentDefinitions',
);
export const BareMetalHostModel = model(
  BareMetalHostGVK,
  'baremetalhosts',
  true,
  'BMH',
  'BareMetalHost',
  'BareMetalHosts',
);
export const HardwareDataModel = model(
  HardwareDataGVK,
  'hardwaredata',
  true,
  'HD',
  'HardwareData',
  'HardwareData',
);
export const BareMetalSwitchModel = model(
  BareMetalSwitchGVK,
  'baremetalswitches',
  true,
  'BMS',
  'BareMetalSwitch',
  'BareMetalSwitches',
);
export const HostNetworkAttachmentModel = model(
  HostNetworkAttachmentGVK,
  'hostnetworkattachments',
  true,
  'HNA',
  'HostNetworkAttachment',
  'HostNetworkAttachments',
);
export const ClusterNetworkConfigModel = model(
  ClusterNetworkConfigGVK,
  'networks',
  false,
  'NW',
  'Network',
  'Networks',
);
export const InfrastructureModel = model(
  InfrastructureGVK,
  'infrastructures',
  false,
  'INF',
  'Infrastructure',
  'Infrastructures',
);
export const OperatorNetworkModel = model(
  OperatorNetworkGVK,
  'networks',
  false,
  'NW',
  'Network',
  'Networks',
);

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

/** assisted-service's per-host install-time nmstate (openshift/assisted-service api/v1beta1). */
export const NMStateConfigGVK = {
  group: 'agent-install.openshift.io',
  version: 'v1beta1',
  kind: 'NMStateConfig',
} as const;

/**
 * assisted-service's discovery-image environment; its `spec.nmStateConfigLabelSelector` says
 * which NMStateConfigs its image carries (openshift/assisted-service api/v1beta1/infraenv_types.go).
 */
export const InfraEnvGVK = {
  group: 'agent-install.openshift.io',
  version: 'v1beta1',
  kind: 'InfraEnv',
} as const;
