/**
 * Names of the SDK exports the stand-in implements (see index.ts). Kept in a module without
 * React imports so Node unit tests can check plugin code against it.
 */
export const SHIM_EXPORTS = [
  'consoleFetch',
  'consoleFetchJSON',
  'consoleFetchText',
  'k8sGet',
  'k8sCreate',
  'k8sUpdate',
  'k8sPatch',
  'k8sDelete',
  'k8sList',
  'k8sListItems',
  'HttpError',
  'useK8sWatchResource',
  'useK8sWatchResources',
  'useK8sModel',
  'useK8sModels',
  'useAccessReview',
  'checkAccess',
  'useActiveNamespace',
  'useFlag',
  'DocumentTitle',
  'ListPageHeader',
  'ListPageBody',
  'ResourceLink',
  'Timestamp',
  'NamespaceBar',
] as const satisfies readonly string[];
