// The subset of @openshift-console/dynamic-plugin-sdk the stand-in implements, typed against
// the real SDK so a signature drift fails the type check. This object is what the host puts
// into the module-federation share scope under the SDK's package name.
import type * as SDK from '@openshift-console/dynamic-plugin-sdk';
import * as fetchApi from './fetch';
import * as hooks from './hooks';
import * as components from './components';
import type { SHIM_EXPORTS } from './shimExports';
import { NamespaceBar } from '../app/NamespaceBar';

export const sdkShim = {
  consoleFetch: fetchApi.consoleFetch,
  consoleFetchJSON: fetchApi.consoleFetchJSON as unknown as typeof SDK.consoleFetchJSON,
  consoleFetchText: fetchApi.consoleFetchText as unknown as typeof SDK.consoleFetchText,
  k8sGet: fetchApi.k8sGet,
  k8sCreate: fetchApi.k8sCreate,
  k8sUpdate: fetchApi.k8sUpdate,
  k8sPatch: fetchApi.k8sPatch as unknown as typeof SDK.k8sPatch,
  k8sDelete: fetchApi.k8sDelete as unknown as typeof SDK.k8sDelete,
  k8sList: fetchApi.k8sList as unknown as typeof SDK.k8sList,
  k8sListItems: fetchApi.k8sList as unknown as typeof SDK.k8sListItems,
  HttpError: fetchApi.HttpError as unknown as typeof SDK.HttpError,
  useK8sWatchResource: hooks.useK8sWatchResource,
  useK8sWatchResources: hooks.useK8sWatchResources as unknown as typeof SDK.useK8sWatchResources,
  useK8sModel: hooks.useK8sModel as unknown as typeof SDK.useK8sModel,
  useK8sModels: hooks.useK8sModels,
  useAccessReview: hooks.useAccessReview,
  checkAccess: hooks.checkAccess as unknown as typeof SDK.checkAccess,
  useActiveNamespace: hooks.useActiveNamespace,
  useFlag: hooks.useFlag,
  DocumentTitle: components.DocumentTitle as unknown as typeof SDK.DocumentTitle,
  ListPageHeader: components.ListPageHeader as unknown as typeof SDK.ListPageHeader,
  ListPageBody: components.ListPageBody as unknown as typeof SDK.ListPageBody,
  ResourceLink: components.ResourceLink as unknown as typeof SDK.ResourceLink,
  Timestamp: components.Timestamp as unknown as typeof SDK.Timestamp,
  NamespaceBar: NamespaceBar as unknown as typeof SDK.NamespaceBar,
};

// Keeps the exported-name list (used by Node tests) and the implementation in lock step.
export const implemented: Record<(typeof SHIM_EXPORTS)[number], unknown> = sdkShim;
