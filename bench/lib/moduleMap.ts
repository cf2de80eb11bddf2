// Which npm packages the modules of the plugin build come from. Production chunks carry module
// ids but no names, so the build is compiled again in-process from the same webpack config
// (production mode, without minification, to keep it to seconds) into a scratch directory.
// Module ids follow from the sources and the config alone (webpack's `size` ids), so the compile
// names the modules of the measured build; a module id of the build that the compile does not know means the sources
// here did not produce that build, and the caller is told so. A scope-hoisted (concatenated)
// module counts the packages of every module merged into it.
import * as path from 'node:path';
import type { Configuration, Stats, StatsModule } from 'webpack';

export interface ModulePackages {
  /** Module id → the node_modules packages ("@patternfly/react-core") of its code. */
  packages: Map<number, Set<string>>;
  compileMs: number;
}

function packageOf(name: string): string | undefined {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(name.split('!').pop() ?? '');
  return m?.[1];
}

function collect(mods: StatsModule[] | undefined, into: Set<string>): void {
  for (const m of mods ?? []) {
    const p = packageOf(m.name ?? '');
    if (p) into.add(p);
    collect(m.modules, into);
  }
}

/**
 * The chunk ids and module ids a production chunk file registers:
 * `.push([[chunk ids], { id(module, exports, require) {...}, ... }])`.
 */
export function chunkFileIds(body: string): { chunks: number[]; modules: number[] } {
  const head = /\.push\(\[\[([\d,]*)\],\{/.exec(body);
  if (!head?.[1]) return { chunks: [], modules: [] };
  const modules = [...body.slice(head.index).matchAll(/[{,}](\d+)\((?:\w+(?:,\w+)*)?\)\{/g)].map(
    (m) => Number(m[1]),
  );
  return { chunks: head[1].split(',').map(Number), modules: [...new Set(modules)] };
}

export async function modulePackages(repoRoot: string, scratch: string): Promise<ModulePackages> {
  const t0 = performance.now();
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    // The config reads NODE_ENV when it is evaluated, the SDK's plugin when it runs.
    const config = (
      (await import(path.join(repoRoot, 'webpack.config.ts'))) as { default: Configuration }
    ).default;
    const webpack = (await import('webpack')).default;
    const compiler = webpack({
      ...config,
      mode: 'production',
      output: { ...config.output, path: scratch, clean: false },
      optimization: { ...config.optimization, minimize: false },
    });
    const stats = await new Promise<Stats>((ok, fail) =>
      compiler.run((err, s) => {
        compiler.close(() => undefined);
        if (err || !s) fail(err ?? new Error('no stats'));
        else ok(s);
      }),
    );
    const json = stats.toJson({
      all: false,
      modules: true,
      nestedModules: true,
      modulesSpace: Infinity,
      nestedModulesSpace: Infinity,
      ids: true,
    });
    const packages = new Map<number, Set<string>>();
    for (const m of json.modules ?? []) {
      if (m.id === undefined || (m.id as unknown) === null) continue;
      const set = new Set<string>();
      collect([m], set);
      packages.set(Number(m.id), set);
    }
    return { packages, compileMs: performance.now() - t0 };
  } finally {
    if (env === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = env;
  }
}
