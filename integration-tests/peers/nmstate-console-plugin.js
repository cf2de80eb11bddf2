// Test stand-in for openshift/nmstate-console-plugin (release-4.22): the modules its
// extensions (peers.ts) point at. Its own pages keep their own action dropdowns (upstream
// src/views/policies/actions/PolicyActions.tsx), so no console.action provider is exposed.
/* global definePeerPlugin, peerListPage */
definePeerPlugin('nmstate-console-plugin', (libs) => {
  const { React } = libs;
  const h = React.createElement;
  const policyGvk = { group: 'nmstate.io', version: 'v1', kind: 'NodeNetworkConfigurationPolicy' };
  return {
    nmstateFlags: {
      // Upstream src/utils/flags/enableNMStateDynamicFlag.ts: set as soon as the plugin loads.
      enableNMStateDynamicFlag: (setFeatureFlag) => setFeatureFlag('NMSTATE_DYNAMIC', true),
    },
    PoliciesList: {
      default: peerListPage(libs, {
        testId: 'peer-nmstate-policies',
        title: 'NodeNetworkConfigurationPolicy (nmstate-console-plugin)',
        gvk: policyGvk,
        namespaced: false,
      }),
    },
    PolicyPage: {
      default: function PeerPolicyPage(props) {
        return h(
          'section',
          { 'data-test': 'peer-nmstate-policy' },
          h('h1', null, `${props.name} (nmstate-console-plugin)`),
          h(
            'div',
            { 'data-test': 'peer-nmstate-policy-actions' },
            h('button', { type: 'button' }, 'Edit'),
            h('button', { type: 'button' }, 'Delete'),
          ),
        );
      },
    },
    StatesList: {
      default: peerListPage(libs, {
        testId: 'peer-nmstate-states',
        title: 'NodeNetworkState (nmstate-console-plugin)',
        gvk: { group: 'nmstate.io', version: 'v1beta1', kind: 'NodeNetworkState' },
        namespaced: false,
      }),
    },
    Topology: {
      default: function PeerTopology() {
        return h('section', { 'data-test': 'peer-nmstate-topology' }, 'Node network configuration');
      },
    },
    PolicyTemplate: {
      defaultPolicyTemplate: [
        'apiVersion: nmstate.io/v1',
        'kind: NodeNetworkConfigurationPolicy',
        'metadata:',
        '  name: peer-nmstate-example',
        'spec:',
        '  desiredState:',
        '    interfaces:',
        '      - name: br-peer',
        '        type: linux-bridge',
        '        state: up',
        '',
      ].join('\n'),
    },
  };
});
