// Live data the NAD pages need. The validator's cluster context is built from the live Network
// config objects, every NAD, NodeNetworkStates and NNCPs; an absent API (no nmstate, not
// OpenShift) simply leaves that part of the context unknown so those checks are skipped or fall
// back to documented defaults instead of failing the page. NodeNetworkStates and pods come
// through lean watches, trimmed to what the checks and the pod sections read (nnsDigest.ts,
// podDigest.ts): every node's whole state and every pod do not belong in the console's store.
import { useMemo } from 'react';
import type { Event, K8sResource, Pod } from '../../../shared/model/k8s';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import type {
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import {
  ClusterNetworkConfigGVK,
  EventGVK,
  NadGVK,
  NodeGVK,
  NodeNetworkStateModel,
  OperatorNetworkGVK,
  PolicyGVK,
} from '../../../shared/k8s/models';
import { useLeanList } from '../../../shared/k8s/useLeanWatch';
import { useAttachedPods } from './useAttachedPods';
import { digestNnsForNads } from '../logic/nnsDigest';
import { useWatchedList } from '../../../shared/k8s/useWatchedList';
import { useWatchedLists } from '../../../shared/k8s/useWatchedLists';
import type { WatchedResult } from '../../../shared/k8s/useWatchedList';
import { buildValidationContext } from '../logic/context';
import type { ValidationContext } from '../model/types';

const ALL_NAMESPACES = '#ALL_NS#';

/** The namespace to list in, or undefined for all namespaces. */
export function toListNamespace(active: string | undefined): string | undefined {
  return active && active !== ALL_NAMESPACES ? active : undefined;
}

/** The list when it can be trusted; undefined while loading or when the API is unavailable. */
function usable<A extends readonly K8sResource[]>(r: WatchedResult<A>): A | undefined {
  return r.isLoading || (r.error && !r.isStale) ? undefined : r.data;
}

export interface NadContextResult {
  context: ValidationContext;
  /** Every NAD in the cluster (the cross-NAD checks need them all). */
  allNads: WatchedResult<NetworkAttachmentDefinition[]>;
  /** True until the inputs the findings depend on have loaded. */
  isLoading: boolean;
}

export function useNadValidationContext(): NadContextResult {
  const lists = useWatchedLists({
    networkConfig: { gvk: ClusterNetworkConfigGVK },
    operatorNetwork: { gvk: OperatorNetworkGVK },
    policies: { gvk: PolicyGVK },
    nodes: { gvk: NodeGVK },
  });
  const allNads = useWatchedList<NetworkAttachmentDefinition>(NadGVK);
  const nns = useLeanList<NodeNetworkState>({
    model: NodeNetworkStateModel,
    digest: digestNnsForNads,
  });
  const { networkConfig, operatorNetwork, policies, nodes } = lists;
  // The lists object is rebuilt on every render; the usable arrays keep their identity until the
  // watch delivers new data, so they are what the (costly) context depends on.
  const networkConfigs = usable(networkConfig);
  const operatorNetworks = usable(operatorNetwork);
  const states = usable(nns);
  const nncps = usable(policies) as NodeNetworkConfigurationPolicy[] | undefined;
  const nodeList = usable(nodes);
  const context = useMemo(
    () =>
      buildValidationContext({
        networkConfig: networkConfigs?.find((n) => n.metadata?.name === 'cluster'),
        operatorNetwork: operatorNetworks?.find((n) => n.metadata?.name === 'cluster'),
        nads: allNads.data,
        nodeNetworkStates: states,
        policies: nncps,
        nodes: nodeList,
      }),
    [networkConfigs, operatorNetworks, states, nncps, nodeList, allNads.data],
  );
  const isLoading =
    allNads.isLoading || networkConfig.isLoading || operatorNetwork.isLoading || nns.isLoading;
  return { context, allNads, isLoading };
}

/** Pods of a namespace (all namespaces when undefined) that use a NAD. */
export function usePods(namespace: string | undefined): WatchedResult<readonly Pod[]> {
  return useAttachedPods({ namespace });
}

export function useEvents(namespace: string | undefined, enabled: boolean): WatchedResult<Event[]> {
  return useWatchedList<Event>(EventGVK, { namespace, enabled });
}
