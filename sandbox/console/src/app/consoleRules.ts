// How the console resolves extensions that several plugins contribute for the same model.
// Pure functions over extensions already sorted in plugin order (pluginLoader.loadPlugins);
// kept free of React so unit tests pin each rule.
import type { ResolvedExtension } from './pluginLoader';

export interface ExtensionModel {
  group?: string;
  version?: string;
  kind: string;
}

/** The console's reference of an extension model (`referenceForExtensionModel`). */
export function extensionModelRef(m: ExtensionModel): string {
  return `${m.group || 'core'}~${m.version ?? ''}~${m.kind}`;
}

export type ResourcePageType = 'console.page/resource/list' | 'console.page/resource/details';

/**
 * The page for each model: the FIRST extension in plugin order wins; later ones are ignored
 * (openshift/console release-4.22 frontend/public/components/resource-pages.ts,
 * addDynamicResourcePage: `if (!map.has(key)) map.set(key, component)`).
 */
export function resourcePagesByRef(
  extensions: readonly ResolvedExtension[],
  type: ResourcePageType,
): Map<string, ResolvedExtension> {
  const pages = new Map<string, ResolvedExtension>();
  for (const ext of extensions) {
    if (ext.type !== type) continue;
    const ref = extensionModelRef(ext.properties.model as ExtensionModel);
    if (!pages.has(ref)) pages.set(ref, ext);
  }
  return pages;
}

/**
 * The YAML templates of a model by name: the LAST extension per (model, name) wins, a missing
 * name means `default` (frontend/public/models/yaml-templates.ts getYAMLTemplates, `setIn`
 * over the extensions in order). The create page asks only for `default`
 * (frontend/public/components/create-yaml.tsx), and filters extensions by kind alone before.
 */
export function yamlTemplatesFor(
  extensions: readonly ResolvedExtension[],
  ref: string,
  kind: string,
): Map<string, ResolvedExtension> {
  const templates = new Map<string, ResolvedExtension>();
  for (const ext of extensions) {
    if (ext.type !== 'console.yaml-template') continue;
    const model = ext.properties.model as ExtensionModel;
    if (model.kind !== kind || extensionModelRef(model) !== ref) continue;
    const name = typeof ext.properties.name === 'string' && ext.properties.name;
    templates.set(name || 'default', ext);
  }
  return templates;
}

/**
 * Every `console.action/resource-provider` for a model, in plugin order. The console runs all
 * of them and concatenates their actions into one menu
 * (frontend/packages/console-shared/src/components/actions/loader/ActionsLoader.tsx).
 */
export function actionProvidersFor(
  extensions: readonly ResolvedExtension[],
  ref: string,
): ResolvedExtension[] {
  return extensions.filter(
    (e) =>
      e.type === 'console.action/resource-provider' &&
      extensionModelRef(e.properties.model as ExtensionModel) === ref,
  );
}

export interface MenuAction {
  id: string;
  label: string;
  cta?: unknown;
  disabled?: boolean;
  path?: string;
}

/**
 * What a console resource kebab shows. With at least one provider for the model the menu is
 * the providers' actions only; with none, the console's common actions (Edit labels, Edit
 * annotations, Edit <kind>, Delete <kind>) — frontend/public/components/default-resource.tsx
 * `hasExtensionActions ? <LazyActionMenu …/> : <ResourceActionsMenu …/>`.
 */
export function kebabActions(
  providerResults: readonly (readonly MenuAction[])[],
  hasProviders: boolean,
  kindLabel: string,
): MenuAction[] {
  if (hasProviders) return providerResults.flat();
  return [
    { id: 'edit-labels', label: 'Edit labels' },
    { id: 'edit-annotations', label: 'Edit annotations' },
    { id: 'edit-resource', label: `Edit ${kindLabel}` },
    { id: 'delete-resource', label: `Delete ${kindLabel}` },
  ];
}
