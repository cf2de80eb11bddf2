// Live data the policy pages share: policies, nodes and what the user may do; the details and
// editor pages' one policy, enactments, events and node network states are in
// usePolicyDetailsData.ts, re-exported here. Each page watches only what it shows; the console's
// watch cache makes repeated watches cheap.
import { useMemo } from 'react';
import { useAccessReview } from '@openshift-console/dynamic-plugin-sdk';
import type { Node } from '../../../shared/model/k8s';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { NodeGVK, PolicyGVK, PolicyModel } from '../../../shared/k8s/models';
import { useWatchedList } from '../../../shared/k8s/useWatchedList';

export {
  useEnactments,
  useNodeNetworkStates,
  usePolicy,
  usePolicyEventList,
} from './usePolicyDetailsData';

export const usePolicies = () => useWatchedList<NodeNetworkConfigurationPolicy>(PolicyGVK);
export const useNodes = () => useWatchedList<Node>(NodeGVK);

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
