// Every URL the policy pages link to, in one place; the routes themselves are in
// src/shared/routes.ts (Switchboard-owned, see there for why).
import { POLICY_CREATE_URL, policyEditUrl, policyUrl } from '../../../shared/routes';
import { getResourceUrl, NodeGVK } from '../../../shared/k8s/models';

export { POLICY_CREATE_URL, POLICY_LIST_URL } from '../../../shared/routes';
export const getPolicyUrl = (name: string) => policyUrl(name);
/** The details page's History tab, which the rollback feature owns. */
export const getPolicyHistoryUrl = (name: string) => `${getPolicyUrl(name)}/history`;
export const getPolicyEditUrl = (name: string, mode: 'form' | 'yaml' = 'form') =>
  `${policyEditUrl(name)}${mode === 'yaml' ? '?mode=yaml' : ''}`;
export const getPolicyCloneUrl = (name: string) =>
  `${POLICY_CREATE_URL}?clone=${encodeURIComponent(name)}`;
/** Nodes are the console's own pages. */
export const getNodeUrl = (name: string) => getResourceUrl(NodeGVK, name);
