// Two peer test plugins for the console stand-in: what nmstate-console-plugin and
// networking-console-plugin register on a real cluster for the kinds Switchboard also has
// pages for. The extension lists follow the upstream manifests (read in their release-4.22
// branches): openshift/nmstate-console-plugin plugin-manifest.ts, src/views/policies/
// manifest.ts, src/views/states/manifest.ts, src/views/nodenetworkconfiguration/manifest.ts;
// openshift/networking-console-plugin src/views/nads/manifest.ts, src/utils/flags/manifest.ts.
// Only the extensions that touch our kinds or our flags are reproduced; the components are
// small stand-ins (peer-runtime.js + one file per peer) that mark the page as the peer's.
//
// writePeerPlugins builds each into a directory the console stand-in serves like a plugin
// service: plugin-manifest.json (the "callback" registration the console loads) and one
// entry script.
import * as fs from 'node:fs';
import * as path from 'node:path';

interface Extension {
  type: string;
  properties: Record<string, unknown>;
  flags?: { required?: string[]; disallowed?: string[] };
}

const NNCP = { group: 'nmstate.io', version: 'v1', kind: 'NodeNetworkConfigurationPolicy' };
const NNS = { group: 'nmstate.io', version: 'v1beta1', kind: 'NodeNetworkState' };
const NAD = { group: 'k8s.cni.cncf.io', version: 'v1', kind: 'NetworkAttachmentDefinition' };

const nmstateExtensions: Extension[] = [
  {
    type: 'console.flag',
    properties: { handler: { $codeRef: 'nmstateFlags.enableNMStateDynamicFlag' } },
  },
  {
    type: 'console.page/resource/list',
    properties: { perspective: 'admin', model: NNCP, component: { $codeRef: 'PoliciesList' } },
  },
  {
    type: 'console.yaml-template',
    properties: {
      name: 'default',
      model: NNCP,
      template: { $codeRef: 'PolicyTemplate.defaultPolicyTemplate' },
    },
  },
  {
    type: 'console.page/resource/details',
    properties: { model: NNCP, component: { $codeRef: 'PolicyPage' } },
  },
  {
    type: 'console.navigation/resource-cluster',
    properties: {
      dataAttributes: { 'data-test-id': 'nodenetworkconfigurationpolicy-nav-item' },
      id: 'nodenetworkconfigurationpolicy',
      model: NNCP,
      name: 'NodeNetworkConfigurationPolicy',
      section: 'networking',
      insertAfter: 'networkPolicies',
    },
  },
  {
    type: 'console.page/resource/list',
    properties: { perspective: 'admin', model: NNS, component: { $codeRef: 'StatesList' } },
  },
  {
    type: 'console.navigation/href',
    properties: {
      dataAttributes: { 'data-test-id': 'node-network-configuration-nav-item' },
      href: '/node-network-configuration',
      id: 'node-network-configuration',
      name: 'Node network configuration',
      section: 'networking',
    },
  },
  {
    type: 'console.page/route',
    properties: { path: ['node-network-configuration'], component: { $codeRef: 'Topology' } },
  },
];

const networkingExtensions: Extension[] = [
  {
    type: 'console.page/resource/list',
    properties: { component: { $codeRef: 'NetworkAttachmentDefinitionList' }, model: NAD },
  },
  {
    // Hidden unless KubeVirt is installed, as upstream.
    type: 'console.navigation/resource-ns',
    flags: { required: ['NET_ATTACH_DEF', 'KUBEVIRT_DYNAMIC'] },
    properties: {
      dataAttributes: { 'data-test-id': 'nads-nav-item' },
      id: 'networkattachmentdefinitions',
      model: NAD,
      name: 'NetworkAttachmentDefinitions',
      section: 'networking',
    },
  },
  {
    // Upstream puts `flags` inside properties, where the console does not read them, so this
    // route is always active; kept that way.
    type: 'console.page/route',
    properties: {
      component: { $codeRef: 'NetworkAttachmentDefinitionFormPage' },
      exact: true,
      flags: { required: ['NET_ATTACH_DEF', 'KUBEVIRT_DYNAMIC'] },
      path: ['/k8s/ns/:ns/k8s.cni.cncf.io~v1~NetworkAttachmentDefinition/~new/form'],
    },
  },
  {
    type: 'console.yaml-template',
    properties: {
      model: NAD,
      name: 'default',
      template: { $codeRef: 'yamlTemplates.NetworkAttachmentDefinitionsYAMLTemplates' },
    },
  },
  {
    type: 'console.action/resource-provider',
    properties: { model: NAD, provider: { $codeRef: 'useNADsActions' } },
  },
  {
    type: 'console.flag',
    properties: { handler: { $codeRef: 'networkingFlags.enableNetworkingDynamicFlag' } },
  },
  {
    type: 'console.flag/model',
    properties: { flag: 'NMSTATE_PLUGIN_ENABLED', model: NNS },
  },
];

export interface PeerPlugin {
  name: string;
  dist: string;
}

export const PEER_PLUGIN_NAMES = ['nmstate-console-plugin', 'networking-console-plugin'] as const;

const PEERS: Record<(typeof PEER_PLUGIN_NAMES)[number], Extension[]> = {
  'nmstate-console-plugin': nmstateExtensions,
  'networking-console-plugin': networkingExtensions,
};

/** Writes both peers under `dir`; returns them in the order a cluster enables them. */
export function writePeerPlugins(dir: string): PeerPlugin[] {
  const runtime = fs.readFileSync(path.join(__dirname, 'peer-runtime.js'), 'utf8');
  return PEER_PLUGIN_NAMES.map((name) => {
    const dist = path.join(dir, name);
    fs.mkdirSync(dist, { recursive: true });
    const entry = fs.readFileSync(path.join(__dirname, `${name}.js`), 'utf8');
    fs.writeFileSync(path.join(dist, 'plugin-entry.js'), `${runtime}\n${entry}`);
    const manifest = {
      name,
      version: '0.0.1',
      baseURL: `/api/plugins/${name}/`,
      loadScripts: ['plugin-entry.js'],
      registrationMethod: 'callback',
      extensions: PEERS[name],
      dependencies: { '@console/pluginAPI': '*' },
    };
    fs.writeFileSync(path.join(dist, 'plugin-manifest.json'), JSON.stringify(manifest, null, 2));
    return { name, dist };
  });
}
