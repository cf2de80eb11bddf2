// What Playwright tests read from the page: the redux store, the SDK module the host shares with
// plugins, and the package's hook modules imported by their own lib/ paths, so a test can prove
// that the function a plugin receives is the package's own.
import { useK8sWatchResource } from '@openshift-console/dynamic-plugin-sdk/lib/utils/k8s/hooks/useK8sWatchResource';
import { useK8sWatchResources } from '@openshift-console/dynamic-plugin-sdk/lib/utils/k8s/hooks/useK8sWatchResources';
import { k8sGetResource } from '@openshift-console/dynamic-plugin-sdk/lib/utils/k8s/k8s-resource';
import { WSFactory } from '@openshift-console/dynamic-plugin-sdk/lib/utils/k8s/ws-factory';
import { sdkModule } from '../sdk';
import { buildShareScope } from './pluginLoader';
import { store } from '../store/store';

declare global {
  interface Window {
    __standin?: {
      store: typeof store;
      sdk: typeof sdkModule;
      lib: Record<string, unknown>;
      /** Versions the host provides per shared module, as the plugin's container sees them. */
      sharedVersions: () => Record<string, string[]>;
    };
  }
}

export function exposeForTests(): void {
  window.__standin = {
    store,
    sdk: sdkModule,
    lib: { useK8sWatchResource, useK8sWatchResources, k8sGetResource, WSFactory },
    sharedVersions: () =>
      Object.fromEntries(
        Object.entries(buildShareScope()).map(([name, versions]) => [name, Object.keys(versions)]),
      ),
  };
}
