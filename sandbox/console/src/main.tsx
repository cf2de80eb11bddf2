// Host bootstrap in the console's order: the shell renders first, API discovery fills the store,
// and the plugin loads after the first render (openshift/console release-4.22
// frontend/public/plugins.ts loads dynamic plugins asynchronously), so its flags are pending
// (useFlag() === undefined) until its console.flag/model extensions are processed. Failures are
// shown on the page and logged as errors so a test run cannot miss them.
import './serverFlags';
import { createRoot } from 'react-dom/client';
import '@patternfly/patternfly/patternfly.css';
import '@patternfly/patternfly/patternfly-addons.css';
import { PLUGIN } from './serverFlags';
import { store, beginImpersonateUser } from './store/store';
import { startDiscovery } from './store/discovery';
import { initI18n } from './app/i18n';
import { applyFlags, loadEnabledPlugins } from './app/enabledPlugins';
import type { ResolvedExtension } from './app/pluginLoader';
import { App } from './app/App';
import { exposeForTests } from './app/testHooks';

declare global {
  interface Window {
    /** Set once the plugin is loaded and rendered with its extensions; tests wait on it. */
    __switchboardReady?: boolean;
  }
}

document.addEventListener('securitypolicyviolation', (e) => {
  // With the console's report-only policy a violation is only reported, as in the console.
  if (e.disposition === 'report')
    console.warn(`CSP report: ${e.violatedDirective} ${e.blockedURI}`);
  else console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`);
});

function fail(err: unknown) {
  const message = err instanceof Error ? err.message : String(err);
  console.error(`Plugin ${PLUGIN} failed to load: ${message}`);
  const root = document.getElementById('app');
  if (root) {
    const box = document.createElement('div');
    box.setAttribute('data-test', 'plugin-load-error');
    box.setAttribute('role', 'alert');
    box.textContent = `Plugin ${PLUGIN} failed to load: ${message}`;
    root.replaceChildren(box);
  }
}

async function main() {
  const whoami = (await fetch('/api/console/whoami').then((r) => r.json())) as {
    persona: string;
    personas: string[];
  };
  // The stand-in logs in as the cluster admin; any other persona is the console's "Impersonate
  // user": headers on every request, subprotocols on every WebSocket (see store.ts).
  if (whoami.persona !== 'admin') store.dispatch(beginImpersonateUser(whoami.persona));
  exposeForTests();
  const el = document.getElementById('app');
  if (!el) throw new Error('missing #app');
  const root = createRoot(el);
  const render = (extensions: ResolvedExtension[], pluginsLoaded: boolean) =>
    root.render(
      <App
        store={store}
        extensions={extensions}
        pluginsLoaded={pluginsLoaded}
        persona={whoami.persona}
        personas={whoami.personas}
      />,
    );
  render([], false);
  const discovered = startDiscovery();
  const [extensions] = await Promise.all([
    loadEnabledPlugins(PLUGIN),
    initI18n([`plugin__${PLUGIN}`]),
    discovered,
  ]);
  // Flags are set once the plugins and the first discovery result are both in the store.
  await applyFlags(extensions);
  render(extensions, true);
  window.__switchboardReady = true;
}

main().catch(fail);
