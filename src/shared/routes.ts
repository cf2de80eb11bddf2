// Every URL of a Switchboard page. Switchboard's pages live on routes it owns
// (`console.page/route` under /switchboard/), never on the console's /k8s/... resource pages:
// those belong to whichever plugin is enabled first for a kind (openshift/console release-4.22,
// frontend/public/components/resource-pages.ts addDynamicResourcePage keeps the first page per
// model reference, extensions sorted by plugin order in
// frontend/packages/console-plugin-sdk/src/utils/useSortedExtensions.ts), and on a real cluster
// nmstate-console-plugin and networking-console-plugin are enabled before Switchboard.
//
// Namespaced pages use the console's `/<prefix>/ns/<ns>/...` and `/<prefix>/all-namespaces/...`
// shape: the console reads the active namespace from the second path segment of any route
// (frontend/public/components/utils/link.tsx getNamespace) and, when the project changes,
// rewrites the path in that shape (frontend/public/actions/ui.ts formatNamespaceRoute).
// A unit test checks every builder here against the routes in console-extensions.json.
import type { GroupVersionKind } from './model/k8s';
import { getResourceUrl } from './k8s/models';
import { policyUrl } from './policyRoutes';

export {
  POLICY_CREATE_URL,
  POLICY_LIST_URL,
  POLICY_STATUS_FILTER_PARAM,
  policyEditUrl,
  policyListUrl,
  policyUrl,
} from './policyRoutes';

const enc = encodeURIComponent;
/** The console's key for "all namespaces" (frontend/packages/console-shared/src/constants). */
export const ALL_NAMESPACES_KEY = '#ALL_NS#';

export const OVERVIEW_URL = '/switchboard/overview';
export const TOPOLOGY_URL = '/switchboard/topology';
export const FAILED_POLICIES_URL = '/switchboard/failed-policies';
export const SWITCH_PORTS_URL = '/switchboard/switch-ports';
export const VLAN_CHECK_URL = `${SWITCH_PORTS_URL}?tab=vlan-check`;

export const NNS_LIST_URL = '/switchboard/node-network-states';
export const nnsUrl = (name: string) => `${NNS_LIST_URL}/${enc(name)}`;

/** The navigation entry: sends the user on to the list of the active namespace. */
export const NAD_ENTRY_URL = '/switchboard/attachments';
export const NAD_CREATE_ANY_NAMESPACE_URL = '/switchboard/attachments/~new';
/** List of one namespace, or of all namespaces when `namespace` is empty or the all key. */
export function nadListUrl(namespace?: string): string {
  return !namespace || namespace === ALL_NAMESPACES_KEY
    ? '/switchboard/all-namespaces/attachments'
    : `/switchboard/ns/${enc(namespace)}/attachments`;
}
export const nadUrl = (namespace: string, name: string) => `${nadListUrl(namespace)}/${enc(name)}`;
export const nadEditUrl = (namespace: string, name: string) => `${nadUrl(namespace, name)}/edit`;
export function nadCreateUrl(namespace: string | undefined): string {
  return namespace && namespace !== ALL_NAMESPACES_KEY
    ? `${nadListUrl(namespace)}/~new`
    : NAD_CREATE_ANY_NAMESPACE_URL;
}

const key = (gvk: GroupVersionKind) => `${gvk.group}/${gvk.version}/${gvk.kind}`;
const OWN_PAGES: Record<string, (name: string, namespace?: string) => string> = {
  [key({ group: 'nmstate.io', version: 'v1', kind: 'NodeNetworkConfigurationPolicy' })]: (n) =>
    policyUrl(n),
  [key({ group: 'nmstate.io', version: 'v1beta1', kind: 'NodeNetworkState' })]: (n) => nnsUrl(n),
  [key({ group: 'k8s.cni.cncf.io', version: 'v1', kind: 'NetworkAttachmentDefinition' })]: (
    n,
    ns,
  ) => nadUrl(ns ?? '', n),
};

/**
 * Where a link to an object goes: Switchboard's own page for the kinds Switchboard has pages
 * for, the console's resource page (served by the console or whichever plugin owns it) for
 * everything else (nodes, pods, bare-metal hosts, owners of managed NADs).
 */
export function objectUrl(gvk: GroupVersionKind, name: string, namespace?: string): string {
  const own = OWN_PAGES[key(gvk)];
  return own ? own(name, namespace) : getResourceUrl(gvk, name, namespace);
}
