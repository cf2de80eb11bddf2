// Why console-extensions.json still registers what it registers on pages, templates and menus
// the console shares with other plugins. JSON carries no comments, so the reasons live here;
// src/coexistence.test.ts fails when a registration has no entry (or an entry no registration).
// docs/deploy.md ("Sharing the console with nmstate-console-plugin and
// networking-console-plugin") explains the whole arrangement.
//
// Upstream facts used (openshift/console release-4.22 unless named):
// - resource list/details pages: first plugin in the enabled order wins
//   (frontend/public/components/resource-pages.ts; console-plugin-sdk/src/utils/
//   useSortedExtensions.ts). The console's own links to an object (search results, events,
//   owner references, ResourceLink) always go to /k8s/... and so to that page.
// - nmstate-console-plugin sets NMSTATE_DYNAMIC and networking-console-plugin NET_ATTACH_DEF
//   as soon as they load (their src/utils/flags/*), and an extension is in use only while its
//   disallowed flags are not true (@openshift/dynamic-plugin-sdk PluginStore).

/** Keyed by `<extension type> <group>~<version>~<Kind>`. */
export const RESOURCE_EXTENSION_RATIONALE: Record<string, string> = {
  'console.page/resource/list nmstate.io~v1~NodeNetworkConfigurationPolicy':
    'Fallback for console-built links (search, events) when nmstate-console-plugin is not ' +
    'enabled; disallowed on NMSTATE_DYNAMIC so its list stays its own whatever the order.',
  'console.page/resource/details nmstate.io~v1~NodeNetworkConfigurationPolicy':
    'Same as the list: serves console-built links to a policy only while ' +
    'nmstate-console-plugin (which has a details page) is absent.',
  'console.page/resource/list nmstate.io~v1beta1~NodeNetworkState':
    'Fallback list for console-built links while nmstate-console-plugin (which has a list) ' +
    'is absent.',
  'console.page/resource/details nmstate.io~v1beta1~NodeNetworkState':
    'No other plugin serves NodeNetworkState details (nmstate-console-plugin has a list ' +
    'only), so console-built links to a node state reach a useful page in every setup.',
  'console.page/resource/list k8s.cni.cncf.io~v1~NetworkAttachmentDefinition':
    'Fallback for console-built links while networking-console-plugin (which has the NAD ' +
    'list) is absent; disallowed on NET_ATTACH_DEF.',
  'console.page/resource/details k8s.cni.cncf.io~v1~NetworkAttachmentDefinition':
    'Fallback while networking-console-plugin is absent. When it is enabled the NAD belongs ' +
    'to it: in 4.22 the console default details page with its details items and actions ' +
    '(ours merge into that menu), in 4.23 its own details page.',
  'console.yaml-template nmstate.io~v1~NodeNetworkConfigurationPolicy':
    'Named switchboard-policy, never default: the console keeps the last template per ' +
    '(model, name), so a default from us (enabled last) would replace ' +
    "nmstate-console-plugin's on the YAML create page.",
  'console.yaml-template k8s.cni.cncf.io~v1~NetworkAttachmentDefinition':
    "Named switchboard-attachment for the same reason (networking-console-plugin's default).",
  'console.action/resource-provider nmstate.io~v1~NodeNetworkConfigurationPolicy':
    'Adds Switchboard entries (open, edit, clone, roll back in Switchboard) to menus the ' +
    'console builds for policies; no Edit or Delete of its own next to another plugin.',
  'console.action/resource-provider k8s.cni.cncf.io~v1~NetworkAttachmentDefinition':
    "Merged by the console with networking-console-plugin's Edit labels / annotations / " +
    'Edit / Delete; ours only open Switchboard pages and say so.',
  'console.tab/horizontalNav core~v1~Node':
    'The Network tab on the console Node page; no other plugin adds one in 4.22 or 4.23 ' +
    "(nmstate-console-plugin's main branch adds a console.node/sub-nav-tab, another type).",
};

/** Flags other plugins set when they are loaded; ours are disallowed on them where named. */
export const PEER_FLAGS = {
  nmstateConsolePlugin: 'NMSTATE_DYNAMIC',
  networkingConsolePlugin: 'NET_ATTACH_DEF',
} as const;
