// The plugins the stand-in enables and the feature flags their extensions set. The server
// says which plugins are enabled and in which order (on a cluster: the Console operator
// config's spec.plugins, which the console passes to the page as SERVER_FLAGS.consolePlugins).
import { loadPlugins } from './pluginLoader';
import type { LazyCodeRef, ResolvedExtension } from './pluginLoader';
import type { K8sModel } from '@openshift-console/dynamic-plugin-sdk';
import { store } from '../store/store';
import { FlagActionType } from '../store/flagsReducer';
import type { ModelFlag } from '../store/flagsReducer';

export async function enabledPluginNames(): Promise<string[]> {
  const res = await fetch('/api/console/plugins', { cache: 'no-cache' });
  if (!res.ok) throw new Error(`Enabled plugin list not available (HTTP ${res.status})`);
  return (await res.json()) as string[];
}

type SetFeatureFlag = (flag: string, enabled: boolean) => void;

/**
 * Registers the plugins' `console.flag/model` flags (set from the models discovery put in the
 * store; the first flag per model reference keeps it, see flagsReducer.ts) and runs every
 * `console.flag` handler with a setter, as the console's FeatureFlagExtensionLoader does
 * (openshift/console release-4.22 packages/console-app/src/components/flags/
 * FeatureFlagExtensionLoader.tsx). nmstate-console-plugin and networking-console-plugin set
 * NMSTATE_DYNAMIC and NET_ATTACH_DEF this way as soon as they load.
 */
export async function applyFlags(extensions: ResolvedExtension[]): Promise<void> {
  const added: ModelFlag[] = extensions
    .filter((e) => e.type === 'console.flag/model')
    .map((e) => ({
      flag: String(e.properties.flag),
      model: e.properties.model as ModelFlag['model'],
    }));
  const models = (
    store.getState().k8s.getIn(['RESOURCES', 'models']) as { toArray(): unknown[] } | undefined
  )?.toArray();
  store.dispatch({
    type: FlagActionType.UpdateModelFlags,
    payload: { added, models: (models ?? []) as K8sModel[] },
  });
  const set: SetFeatureFlag = (flag, value) => {
    store.dispatch({ type: FlagActionType.SetFlag, payload: { flag, value } });
  };
  for (const ext of extensions) {
    if (ext.type !== 'console.flag') continue;
    const handler = (await (ext.properties.handler as LazyCodeRef).load()) as (
      setFeatureFlag: SetFeatureFlag,
    ) => void;
    handler(set);
  }
}

export async function loadEnabledPlugins(required: string): Promise<ResolvedExtension[]> {
  const names = await enabledPluginNames();
  if (!names.includes(required)) throw new Error(`Plugin ${required} is not enabled`);
  window.SERVER_FLAGS = { ...window.SERVER_FLAGS, consolePlugins: names };
  return loadPlugins(names, required);
}
