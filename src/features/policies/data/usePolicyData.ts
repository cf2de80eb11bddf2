// Live data the policy pages share: policies, enactments, nodes and node network states. Each
// page watches only what it shows; the console's watch cache makes repeated watches cheap.
import { useMemo } from 'react';
import { useAccessReview } from '@openshift-console/dynamic-plugin-sdk';
import type { Event, Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import {
  ENACTMENT_PAGE_SIZE,
  EnactmentGVK,
  EventGVK,
  NodeGVK,
  NodeNetworkStateGVK,
  PolicyGVK,
  PolicyModel,
} from '../../../shared/k8s/models';
import { useWatchedList, useWatchedObject } from '../../../shared/k8s/useWatchedList';
import type { WatchedResult } from '../../../shared/k8s/useWatchedList';
import { ENACTMENT_POLICY_LABEL } from '../../../shared/model/nmstate';

export const usePolicies = () => useWatchedList<NodeNetworkConfigurationPolicy>(PolicyGVK);
export const usePolicy = (name: string | undefined) =>
  useWatchedObject<NodeNetworkConfigurationPolicy>(PolicyGVK, name);
export const useNodes = () => useWatchedList<Node>(NodeGVK);
export const useNodeNetworkStates = (enabled = true) =>
  useWatchedList<NodeNetworkState>(NodeNetworkStateGVK, { enabled });

/** All enactments, or one policy's through the label the handler sets. */
export const useEnactments = (policyName?: string) =>
  useWatchedList<NodeNetworkConfigurationEnactment>(
    EnactmentGVK,
    policyName
      ? {
          selector: { matchLabels: { [ENACTMENT_POLICY_LABEL]: policyName } },
          limit: ENACTMENT_PAGE_SIZE,
        }
      : { limit: ENACTMENT_PAGE_SIZE },
  );

/** Events about a policy: NNCPs are cluster-scoped, so the handler records them in `default`. */
export const usePolicyEventList = (name: string | undefined): WatchedResult<Event[]> =>
  useWatchedList<Event>(EventGVK, {
    namespace: 'default',
    fieldSelector: name
      ? `involvedObject.kind=NodeNetworkConfigurationPolicy,involvedObject.name=${name}`
      : undefined,
    enabled: Boolean(name),
  });

export interface PolicyPermissions {
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  /** True until the access reviews have answered. */
  loading: boolean;
}

/** What the user may do with policies (cluster-scoped, so one review per verb covers all). */
export const usePolicyPermissions = (name?: string): PolicyPermissions => {
  const base = { group: PolicyModel.apiGroup, resource: PolicyModel.plural };
  const [canCreate, createLoading] = useAccessReview({ ...base, verb: 'create' });
  const [canUpdate, updateLoading] = useAccessReview({ ...base, verb: 'update', name });
  const [canDelete, deleteLoading] = useAccessReview({ ...base, verb: 'delete', name });
  const loading = createLoading || updateLoading || deleteLoading;
  return useMemo(
    () => ({ canCreate, canUpdate, canDelete, loading }),
    [canCreate, canUpdate, canDelete, loading],
  );
};
