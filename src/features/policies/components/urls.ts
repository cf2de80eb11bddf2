// Every URL the policy pages link to, in one place.
import { getResourceUrl, PolicyGVK } from '../../../shared/k8s/models';

export const POLICY_LIST_URL = '/k8s/cluster/nmstate.io~v1~NodeNetworkConfigurationPolicy';
export const POLICY_CREATE_URL = '/switchboard/policies/~new';
export const getPolicyUrl = (name: string) => getResourceUrl(PolicyGVK, name);
/** The rollback feature owns this section of the details page. */
export const getPolicyHistoryUrl = (name: string) => `${getPolicyUrl(name)}#history`;
export const getPolicyEditUrl = (name: string, mode: 'form' | 'yaml' = 'form') =>
  `/switchboard/policies/${encodeURIComponent(name)}/edit${mode === 'yaml' ? '?mode=yaml' : ''}`;
export const getPolicyCloneUrl = (name: string) =>
  `${POLICY_CREATE_URL}?clone=${encodeURIComponent(name)}`;
export const getNodeUrl = (name: string) => `/k8s/cluster/core~v1~Node/${encodeURIComponent(name)}`;
