/**
 * Namespaces whose NADs pods in any namespace may use (OpenShift's Multus namespace isolation
 * exceptions), so their users are looked up cluster-wide.
 */
export const GLOBAL_NAD_NAMESPACES = [
  'default',
  'openshift-multus',
  'openshift-sriov-network-operator',
  'openshift-cnv',
];
