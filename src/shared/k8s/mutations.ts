// Every write goes through react-query mutations over the SDK's k8s* calls, so pages get one
// pending/error model and errors arrive already normalised. Updates always send the object's
// resourceVersion (k8sUpdate PUTs the whole object), so a concurrent change is a 409, never a
// silent overwrite.
//
// An object read from a console watch may carry an old resourceVersion: the console's store drops
// an update whose only change is metadata.resourceVersion (openshift/console release-4.22,
// console-dynamic-plugin-sdk/src/app/k8s/reducers/k8s.ts `updateList`). A PUT built from it then
// fails with 409 although nothing the user sees changed, so conflict handling reads the server's
// copy with readResource instead of reusing the watched one.
import { useMutation } from '@tanstack/react-query';
import {
  k8sCreate,
  k8sDelete,
  k8sGet,
  k8sPatch,
  k8sUpdate,
} from '@openshift-console/dynamic-plugin-sdk';
import type { K8sModel, Patch } from '@openshift-console/dynamic-plugin-sdk';
import type { K8sResource } from '../model/k8s';
import { toK8sError } from './k8sError';
import type { K8sError } from './k8sError';

export interface WriteInput<T extends K8sResource> {
  model: K8sModel;
  data: T;
  dryRun?: boolean;
  /** Recorded by the API server in managedFields as the writer (`?fieldManager=`). */
  fieldManager?: string;
}

const writeParams = (dryRun?: boolean, fieldManager?: string) =>
  dryRun || fieldManager
    ? { ...(dryRun ? { dryRun: 'All' } : {}), ...(fieldManager ? { fieldManager } : {}) }
    : undefined;

async function wrap<R>(fn: () => Promise<R>): Promise<R> {
  try {
    return await fn();
  } catch (err) {
    throw toK8sError(err);
  }
}

export function createResource<T extends K8sResource>({
  model,
  data,
  dryRun,
  fieldManager,
}: WriteInput<T>) {
  return wrap(() =>
    k8sCreate<T>({
      model,
      data: data,
      queryParams: writeParams(dryRun, fieldManager),
    }),
  );
}

export function updateResource<T extends K8sResource>({
  model,
  data,
  dryRun,
  fieldManager,
}: WriteInput<T>) {
  return wrap(() =>
    k8sUpdate<T>({
      model,
      data: data,
      queryParams: writeParams(dryRun, fieldManager),
    }),
  );
}

/** The server's current copy (a GET, not the watch), e.g. to resolve a 409. */
export function readResource<T extends K8sResource>(input: {
  model: K8sModel;
  name: string;
  namespace?: string;
}) {
  return wrap(() => k8sGet<T>({ model: input.model, name: input.name, ns: input.namespace }));
}

export function patchResource<T extends K8sResource>(input: {
  model: K8sModel;
  resource: T;
  patch: Patch[];
}) {
  return wrap(() =>
    k8sPatch<T>({
      model: input.model,
      resource: input.resource,
      data: input.patch,
    }),
  );
}

export interface DeleteInput {
  model: K8sModel;
  resource: K8sResource;
  /**
   * Delete only the copy the user looked at: the API server answers 409 when the object's uid or
   * resourceVersion differ (DeleteOptions.preconditions, k8s.io/apimachinery
   * pkg/apis/meta/v1/types.go), so a replaced or changed object is never deleted unseen.
   */
  preconditions?: { uid?: string; resourceVersion?: string };
}

export function deleteResource(input: DeleteInput) {
  const { model, resource, preconditions } = input;
  const json = preconditions
    ? {
        kind: 'DeleteOptions',
        apiVersion: 'v1',
        preconditions,
        ...(model.propagationPolicy ? { propagationPolicy: model.propagationPolicy } : {}),
      }
    : undefined;
  return wrap(() => k8sDelete({ model, resource, ...(json ? { json } : {}) }));
}

export function useCreateResource<T extends K8sResource>() {
  return useMutation<T, K8sError, WriteInput<T>>({ mutationFn: createResource<T> });
}

export function useUpdateResource<T extends K8sResource>() {
  return useMutation<T, K8sError, WriteInput<T>>({ mutationFn: updateResource<T> });
}

export function useDeleteResource() {
  return useMutation<unknown, K8sError, DeleteInput>({
    mutationFn: deleteResource,
  });
}
