// Shared part of the two peer test plugins (see peers.ts). Each peer's plugin-entry.js is this
// file followed by the peer's own modules. It speaks the console's plugin protocol like a
// webpack module-federation container does: window.__load_plugin_entry__(name, container),
// container.init(shareScope) with the console's shared modules, container.get(module)
// resolving to a factory of the exposed module. React and the SDK come from the share scope,
// never bundled, as in a real plugin build.
/* global window */
// eslint-disable-next-line no-unused-vars
function definePeerPlugin(pluginName, defineModules) {
  let modules;
  const shared = {};
  const take = async (scope, pkg) => {
    const versions = scope[pkg];
    if (!versions) throw new Error(`${pluginName}: the console does not share ${pkg}`);
    const first = Object.values(versions)[0];
    shared[pkg] = (await first.get())();
  };
  const container = {
    async init(scope) {
      await Promise.all(
        ['react', 'react-router', '@openshift-console/dynamic-plugin-sdk'].map((p) =>
          take(scope, p),
        ),
      );
      modules = defineModules({
        React: shared.react,
        Router: shared['react-router'],
        SDK: shared['@openshift-console/dynamic-plugin-sdk'],
      });
    },
    async get(name) {
      if (!modules) throw new Error(`${pluginName}: get(${name}) before init`);
      if (!(name in modules)) throw new Error(`${pluginName}: no exposed module ${name}`);
      return () => modules[name];
    },
  };
  window.__load_plugin_entry__(pluginName, container);
}

// A list of objects of one kind with links to the console's details pages, the shape both
// peers' list pages have.
// eslint-disable-next-line no-unused-vars
function peerListPage({ React, Router, SDK }, { testId, title, gvk, namespaced }) {
  const h = React.createElement;
  return function PeerListPage(props) {
    const namespace = namespaced ? props.namespace : undefined;
    const [items, loaded] = SDK.useK8sWatchResource({
      groupVersionKind: gvk,
      isList: true,
      namespace,
    });
    const ref = `${gvk.group}~${gvk.version}~${gvk.kind}`;
    return h(
      'section',
      {
        'data-test': testId,
        'data-kind': props.kind,
        'data-namespace': props.namespace || '',
        // The console passes list pages no model (resource-list.tsx): a page that needs one
        // must look it up from `kind` itself.
        'data-has-model': String('model' in props || 'kindObj' in props),
      },
      h('h1', { 'data-test': `${testId}-title` }, title),
      loaded ? null : h('p', null, 'Loading…'),
      h(
        'ul',
        null,
        (items || []).map((o) => {
          const ns = o.metadata.namespace;
          const href = ns
            ? `/k8s/ns/${ns}/${ref}/${o.metadata.name}`
            : `/k8s/cluster/${ref}/${o.metadata.name}`;
          return h(
            'li',
            { key: `${ns || ''}/${o.metadata.name}`, 'data-test': `${testId}-row` },
            h(Router.Link, { to: href }, o.metadata.name),
          );
        }),
      ),
    );
  };
}
