// Host bootstrap: discovery, i18n, plugin load, then render. Failures are shown on the page and
// logged as errors so a test run cannot miss them.
import { createRoot } from 'react-dom/client';
import '@patternfly/patternfly/patternfly.css';
import '@patternfly/patternfly/patternfly-addons.css';
import { loadModels } from './sdk/models';
import { initI18n } from './app/i18n';
import { loadEnabledPlugins } from './app/enabledPlugins';
import { App } from './app/App';

const PLUGIN = 'switchboard';

declare global {
  interface Window {
    SERVER_FLAGS?: Record<string, unknown>;
    /** Set once the plugin is loaded and the first render is committed; tests wait on it. */
    __switchboardReady?: boolean;
  }
}

window.SERVER_FLAGS = { basePath: '/', consolePlugins: [PLUGIN] };

document.addEventListener('securitypolicyviolation', (e) => {
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`);
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
  const [whoami] = await Promise.all([
    fetch('/api/console/whoami').then(
      (r) => r.json() as Promise<{ persona: string; personas: string[] }>,
    ),
    loadModels(),
    initI18n([`plugin__${PLUGIN}`]),
  ]);
  const extensions = await loadEnabledPlugins(PLUGIN);
  const el = document.getElementById('app');
  if (!el) throw new Error('missing #app');
  createRoot(el).render(
    <App extensions={extensions} persona={whoami.persona} personas={whoami.personas} />,
  );
  window.__switchboardReady = true;
}

main().catch(fail);
