// The policy pages' URLs, part of routes.ts (which re-exports them and says why Switchboard owns
// its routes). Apart so that the policy list, which links only to policies, does not carry every
// page's URL builders (a module's exports ship with every page importing it: issue 23's bytes).
const enc = encodeURIComponent;

export const POLICY_LIST_URL = '/switchboard/policies';
/**
 * The policy list's status filter in the URL, named as the console names a list's row filters
 * (`rowFilter-<type>`, values joined by commas: openshift/console
 * frontend/public/components/factory/ListPage/ListPageFilter.tsx).
 */
export const POLICY_STATUS_FILTER_PARAM = 'rowFilter-policy-status';
/** The policy list, filtered to the given statuses. */
export const policyListUrl = (statuses: readonly string[] = []): string =>
  statuses.length
    ? `${POLICY_LIST_URL}?${POLICY_STATUS_FILTER_PARAM}=${statuses.map(enc).join(',')}`
    : POLICY_LIST_URL;
export const POLICY_CREATE_URL = '/switchboard/policies/~new';
export const policyUrl = (name: string) => `${POLICY_LIST_URL}/${enc(name)}`;
export const policyEditUrl = (name: string) => `${policyUrl(name)}/edit`;
