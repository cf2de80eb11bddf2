// The PatternFly "dynamic modules" the console shares with plugins. ConsoleRemotePlugin makes a
// plugin consume `@patternfly/react-core/dist/dynamic/<path>` (and react-table's) from the
// console first and fall back to its own copy; the console provides them, so a plugin page
// normally downloads none of PatternFly. Providing them here keeps what the stand-in loads per
// page (and the bundle benchmark) the same as in the console. Each module is its own lazy chunk.
import corePackage from '@patternfly/react-core/package.json';
import tablePackage from '@patternfly/react-table/package.json';

interface WebpackContext {
  keys(): string[];
  (id: string): Promise<unknown>;
}

declare global {
  interface ImportMeta {
    webpackContext(
      request: string,
      options: { recursive: boolean; regExp: RegExp; mode: 'lazy' },
    ): WebpackContext;
  }
}

// The dynamic package.json files point at these ESM entry points.
const core = import.meta.webpackContext('@patternfly/react-core/dist/esm', {
  recursive: true,
  regExp: /^\.\/(components|layouts|helpers|deprecated\/components)\/[^/]+\/index\.js$/,
  mode: 'lazy',
});
const table = import.meta.webpackContext('@patternfly/react-table/dist/esm', {
  recursive: true,
  regExp: /^\.\/(components|deprecated\/components)\/[^/]+\/index\.js$/,
  mode: 'lazy',
});

export type ShareEntry = Record<
  string,
  { get: () => Promise<() => unknown>; from: string; eager: boolean; loaded?: number }
>;

function entries(pkg: string, version: string, ctx: WebpackContext): [string, ShareEntry][] {
  return ctx.keys().map((key) => {
    const path = key.replace(/^\.\//, '').replace(/\/index\.js$/, '');
    return [
      `${pkg}/dist/dynamic/${path}`,
      {
        [version]: {
          get: () => ctx(key).then((m) => () => m),
          from: 'console',
          eager: false,
          // The console itself runs on these modules, so they count as loaded: when a plugin
          // registers its fallback copy of the same version, webpack keeps a loaded entry
          // rather than the plugin's (otherwise the plugin's name would win the tie).
          loaded: 1,
        },
      },
    ];
  });
}

export function patternflyShares(): Record<string, ShareEntry> {
  return Object.fromEntries([
    ...entries('@patternfly/react-core', corePackage.version, core),
    ...entries('@patternfly/react-table', tablePackage.version, table),
  ]);
}
