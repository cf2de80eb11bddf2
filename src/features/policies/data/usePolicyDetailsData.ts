// What the details and editor pages watch besides usePolicyData.ts's lists, which re-exports
// these: one policy, its enactments and events, node network states. Apart so that the policy
// list does not carry them (a module's exports ship with every page importing it: issue 23's
// bytes).
import type { Event } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import {
  ENACTMENT_PAGE_SIZE,
  EnactmentGVK,
  EventGVK,
  NodeNetworkStateGVK,
  PolicyGVK,
} from '../../../shared/k8s/models';
import { useWatchedList, useWatchedObject } from '../../../shared/k8s/useWatchedList';
import type { WatchedResult } from '../../../shared/k8s/useWatchedList';
import { ENACTMENT_POLICY_LABEL } from '../../../shared/model/nmstate';

export const usePolicy = (name: string | undefined) =>
  useWatchedObject<NodeNetworkConfigurationPolicy>(PolicyGVK, name);
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
