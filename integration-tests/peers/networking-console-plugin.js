// Test stand-in for openshift/networking-console-plugin (release-4.22): the modules its NAD
// extensions (peers.ts) point at.
/* global definePeerPlugin, peerListPage */
definePeerPlugin('networking-console-plugin', (libs) => {
  const { React, Router } = libs;
  const h = React.createElement;
  const ref = 'k8s.cni.cncf.io~v1~NetworkAttachmentDefinition';
  return {
    networkingFlags: {
      // Upstream src/utils/flags/enableNetworkingDynamicFlag.ts: set as soon as it loads.
      enableNetworkingDynamicFlag: (setFeatureFlag) => setFeatureFlag('NET_ATTACH_DEF', true),
    },
    NetworkAttachmentDefinitionList: {
      default: peerListPage(libs, {
        testId: 'peer-networking-nads',
        title: 'NetworkAttachmentDefinitions (networking-console-plugin)',
        gvk: { group: 'k8s.cni.cncf.io', version: 'v1', kind: 'NetworkAttachmentDefinition' },
        namespaced: true,
      }),
    },
    NetworkAttachmentDefinitionFormPage: {
      default: function PeerNadForm() {
        return h('section', { 'data-test': 'peer-networking-nad-form' }, 'Create NAD (form)');
      },
    },
    yamlTemplates: {
      NetworkAttachmentDefinitionsYAMLTemplates: [
        'apiVersion: k8s.cni.cncf.io/v1',
        'kind: NetworkAttachmentDefinition',
        'metadata:',
        '  name: peer-networking-example',
        'spec:',
        '  config: \'{"cniVersion":"0.3.1","name":"peer-networking-example","type":"bridge"}\'',
        '',
      ].join('\n'),
    },
    // Upstream src/views/nads/actions/hooks/useNADsActions.tsx: the same four entries (ids and
    // labels), rendered by the console in its NAD menus together with other plugins' entries.
    useNADsActions: {
      default: function useNADsActions(obj) {
        const navigate = Router.useNavigate();
        const ns = obj?.metadata?.namespace;
        const name = obj?.metadata?.name;
        const actions = React.useMemo(
          () => [
            { id: 'edit-labels-nad', label: 'Edit labels', cta: () => undefined },
            { id: 'edit-annotations-nad', label: 'Edit annotations', cta: () => undefined },
            {
              id: 'edit-nad',
              label: 'Edit NetworkAttachmentDefinition',
              cta: () => navigate(`/k8s/ns/${ns}/${ref}/${name}/yaml`),
            },
            { id: 'delete-nad', label: 'Delete NetworkAttachmentDefinition', cta: () => undefined },
          ],
          [navigate, ns, name],
        );
        return [actions, true, undefined];
      },
    },
  };
});
