// Loads a dynamic plugin the way the console does: fetch plugin-manifest.json, inject its
// loadScripts, receive the container through window.__load_plugin_entry__, initialise the
// container with the console's share scope, then resolve each $codeRef on first use.
// Code references resolve lazily, when first used, like the console; a reference the build
// does not contain (an exposed module missing from dist/) fails loudly where it is used, with
// an error naming the module, and the route tests visit every page.
import * as React from 'react';
import * as ReactRouter from 'react-router';
import * as ReactI18next from 'react-i18next';
import * as ReactRedux from 'react-redux';
import { sdkModule } from '../sdk';
import { patternflyShares } from './patternflyShares';

export interface EncodedExtension {
  type: string;
  properties: Record<string, unknown>;
  flags?: { required?: string[]; disallowed?: string[] };
}

export interface ResolvedExtension {
  type: string;
  properties: Record<string, unknown>;
  flags?: { required?: string[]; disallowed?: string[] };
  pluginName: string;
}

export interface PluginManifest {
  name: string;
  version: string;
  baseURL: string;
  loadScripts: string[];
  extensions: EncodedExtension[];
  registrationMethod: string;
}

interface RemoteContainer {
  init(shareScope: unknown): Promise<void> | void;
  get(module: string): Promise<() => Record<string, unknown>>;
}

declare global {
  interface Window {
    __load_plugin_entry__?: (name: string, container: RemoteContainer) => void;
  }
}

type ShareScope = Record<
  string,
  Record<
    string,
    { get: () => Promise<() => unknown>; from: string; eager: boolean; loaded?: number }
  >
>;

const provide = (version: string, mod: () => Promise<unknown>) => ({
  [version]: {
    get: () => mod().then((m) => () => m),
    from: 'console',
    eager: false,
    // Already in use by the console (see patternflyShares.ts for why this matters).
    loaded: 1,
  },
});

/** The modules the console provides as singletons (import: false in the plugin build). */
export function buildShareScope(): ShareScope {
  return {
    react: provide('18.3.1', () => Promise.resolve(React)),
    'react-router': provide('7.13.2', () => Promise.resolve(ReactRouter)),
    'react-i18next': provide('16.5.8', () => Promise.resolve(ReactI18next)),
    '@openshift-console/dynamic-plugin-sdk': provide('4.22.0', () => Promise.resolve(sdkModule)),
    // The console shares react-redux with plugins (console-dynamic-plugin-sdk
    // src/shared-modules/shared-modules-meta.ts); it must be the instance whose Provider holds
    // the store, so plugins read the console's state (impersonation) through its context.
    'react-redux': provide('9.2.0', () => Promise.resolve(ReactRedux)),
    '@patternfly/react-topology': provide('6.4.0', () => import('@patternfly/react-topology')),
    ...patternflyShares(),
  };
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    el.onload = () => resolve();
    el.onerror = () => reject(new Error(`Failed to load plugin script ${src}`));
    document.head.appendChild(el);
  });
}

function isCodeRef(value: unknown): value is { $codeRef: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    '$codeRef' in value &&
    typeof value.$codeRef === 'string'
  );
}

async function resolveCodeRef(container: RemoteContainer, ref: string): Promise<unknown> {
  const [moduleName = '', exportName = 'default'] = ref.split('.');
  let factory: () => Record<string, unknown>;
  try {
    factory = await container.get(moduleName);
  } catch (err) {
    throw new Error(
      `Exposed module "${moduleName}" referenced by $codeRef "${ref}" is missing from the plugin build: ${String(err)}`,
    );
  }
  const mod = factory();
  if (!(exportName in mod)) {
    throw new Error(`Module "${moduleName}" has no export "${exportName}" ($codeRef "${ref}")`);
  }
  return mod[exportName];
}

/**
 * A code reference resolved on first use, as the console does: a page's chunks load when the
 * page is first shown, so what a page downloads is what that page needs. The promise is kept,
 * so each module loads once; a failure (a module missing from the build) rejects loudly.
 */
export class LazyCodeRef {
  private promise: Promise<unknown> | undefined;
  constructor(
    readonly ref: string,
    private readonly container: RemoteContainer,
  ) {}
  load(): Promise<unknown> {
    this.promise ??= resolveCodeRef(this.container, this.ref);
    return this.promise;
  }
}

function toLazyRefs(container: RemoteContainer, value: unknown): unknown {
  if (isCodeRef(value)) return new LazyCodeRef(value.$codeRef, container);
  if (Array.isArray(value)) return value.map((v) => toLazyRefs(container, v));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = toLazyRefs(container, v);
    return out;
  }
  return value;
}

// One entry callback for every plugin, dispatching by name, as the console's plugin store
// does: several plugins' scripts may be in flight at once.
const pendingEntries = new Map<string, (container: RemoteContainer) => void>();
function installEntryCallback() {
  window.__load_plugin_entry__ = (pluginName, container) => {
    const resolve = pendingEntries.get(pluginName);
    if (!resolve) {
      console.error(`Plugin "${pluginName}" registered itself but was never requested`);
      return;
    }
    pendingEntries.delete(pluginName);
    resolve(container);
  };
}

export async function loadPlugin(name: string): Promise<{
  manifest: PluginManifest;
  extensions: ResolvedExtension[];
}> {
  const res = await fetch(`/api/plugins/${name}/plugin-manifest.json`, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`Plugin manifest for "${name}" not found (HTTP ${res.status})`);
  const manifest = (await res.json()) as PluginManifest;
  if (manifest.registrationMethod !== 'callback') {
    throw new Error(`Unsupported plugin registration method ${manifest.registrationMethod}`);
  }
  installEntryCallback();
  const containerPromise = new Promise<RemoteContainer>((resolve, reject) => {
    const timer = setTimeout(() => {
      pendingEntries.delete(name);
      reject(new Error(`Plugin "${name}" did not call __load_plugin_entry__`));
    }, 30_000);
    pendingEntries.set(name, (container) => {
      clearTimeout(timer);
      resolve(container);
    });
  });
  await Promise.all(manifest.loadScripts.map((s) => loadScript(manifest.baseURL + s)));
  const container = await containerPromise;
  await container.init(buildShareScope());
  const extensions = manifest.extensions.map((e) => ({
    type: e.type,
    flags: e.flags,
    pluginName: name,
    properties: toLazyRefs(container, e.properties) as Record<string, unknown>,
  }));
  return { manifest, extensions };
}

/**
 * Loads every enabled plugin and returns all their extensions in the console's order: by the
 * plugin's position in the enabled list (the Console operator config's spec.plugins), as
 * openshift/console release-4.22 frontend/packages/console-plugin-sdk/src/utils/
 * useSortedExtensions.ts sorts what useExtensions returns; within a plugin, manifest order.
 * A plugin that fails to load is reported and left out, like the console does; Switchboard
 * itself failing is fatal here because every test needs it.
 */
export async function loadPlugins(
  names: readonly string[],
  required: string,
): Promise<ResolvedExtension[]> {
  const results = await Promise.allSettled(names.map((n) => loadPlugin(n)));
  const order = new Map(names.map((n, i) => [n, i]));
  const all: ResolvedExtension[] = [];
  results.forEach((r, i) => {
    const name = names[i] ?? '';
    if (r.status === 'fulfilled') all.push(...r.value.extensions);
    else if (name === required) throw r.reason;
    else console.error(`Plugin ${name} failed to load: ${String(r.reason)}`);
  });
  // Array.prototype.sort is stable, so manifest order within a plugin is kept.
  return all.sort(
    (a, b) =>
      (order.get(a.pluginName) ?? Number.MIN_SAFE_INTEGER) -
      (order.get(b.pluginName) ?? Number.MIN_SAFE_INTEGER),
  );
}
