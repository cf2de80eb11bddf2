// The plugins the stand-in enables and the feature flags their extensions set. The server
// says which plugins are enabled and in which order (on a cluster: the Console operator
// config's spec.plugins, which the console passes to the page as SERVER_FLAGS.consolePlugins).
import { loadPlugins } from './pluginLoader';
import type { LazyCodeRef, ResolvedExtension } from './pluginLoader';
import { getModel } from '../sdk/models';
import { flagStore } from '../sdk/stores';

export async function enabledPluginNames(): Promise<string[]> {
  const res = await fetch('/api/console/plugins', { cache: 'no-cache' });
  if (!res.ok) throw new Error(`Enabled plugin list not available (HTTP ${res.status})`);
  return (await res.json()) as string[];
}

type SetFeatureFlag = (flag: string, enabled: boolean) => void;

/**
 * Sets the flags of `console.flag/model` (the model is known to discovery) and runs every
 * `console.flag` handler with a setter, as the console's FeatureFlagExtensionLoader does
 * (openshift/console release-4.22 packages/console-app/src/components/flags/
 * FeatureFlagExtensionLoader.tsx). nmstate-console-plugin and networking-console-plugin set
 * NMSTATE_DYNAMIC and NET_ATTACH_DEF this way as soon as they load. The console runs the
 * handlers after its first render; here they finish before it so a test sees one state.
 */
export async function applyFlags(extensions: ResolvedExtension[]): Promise<void> {
  const flags: Record<string, boolean> = {};
  for (const ext of extensions) {
    if (ext.type !== 'console.flag/model') continue;
    const model = ext.properties.model as { group: string; version: string; kind: string };
    flags[String(ext.properties.flag)] = Boolean(getModel(model.group, model.version, model.kind));
  }
  const set: SetFeatureFlag = (flag, enabled) => {
    flags[flag] = enabled;
  };
  for (const ext of extensions) {
    if (ext.type !== 'console.flag') continue;
    const handler = (await (ext.properties.handler as LazyCodeRef).load()) as (
      setFeatureFlag: SetFeatureFlag,
    ) => void;
    handler(set);
  }
  flagStore.set({ ...flags });
}

export async function loadEnabledPlugins(required: string): Promise<ResolvedExtension[]> {
  const names = await enabledPluginNames();
  if (!names.includes(required)) throw new Error(`Plugin ${required} is not enabled`);
  window.SERVER_FLAGS = { ...window.SERVER_FLAGS, consolePlugins: names };
  const extensions = await loadPlugins(names, required);
  await applyFlags(extensions);
  return extensions;
}
