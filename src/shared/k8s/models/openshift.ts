// OpenShift's cluster configuration (config.openshift.io, operator.openshift.io) and
// assisted-service's install-time kinds (agent-install.openshift.io).
import { model } from './model';

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

export const ClusterNetworkConfigModel = /* @__PURE__ */ model(
  ClusterNetworkConfigGVK,
  'networks',
  false,
  'NW',
  'Network',
  'Networks',
);

export const InfrastructureModel = /* @__PURE__ */ model(
  InfrastructureGVK,
  'infrastructures',
  false,
  'INF',
  'Infrastructure',
  'Infrastructures',
);

export const OperatorNetworkModel = /* @__PURE__ */ model(
  OperatorNetworkGVK,
  'networks',
  false,
  'NW',
  'Network',
  'Networks',
);

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
