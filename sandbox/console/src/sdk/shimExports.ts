/**
 * Names of the SDK exports that work in the stand-in: the package's own runtime (hooks, k8s
 * functions, HttpError, useAccessReview, useFlag…) plus the `@console/*` modules the stand-in
 * writes (console-fetch, DocumentTitle, Timestamp, ListPageHeader, ListPageFilter,
 * useListPageFilter, VirtualizedTable, TableData, useActiveColumns, ResourceLink,
 * useActiveNamespace, NamespaceBar, CodeEditor/YAMLEditor). Every other export of the package fails loudly when used. Kept in a
 * module without React imports so Node unit tests can check plugin code against it.
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
  'ListPageFilter',
  'useListPageFilter',
  'VirtualizedTable',
  'TableData',
  'useActiveColumns',
  'ResourceLink',
  'Timestamp',
  'NamespaceBar',
  'HorizontalNav',
  'ResourceEventStream',
  'CodeEditor',
  'YAMLEditor',
] as const satisfies readonly string[];
