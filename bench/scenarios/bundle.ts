// Bytes each page loads from the plugin (beyond the console-shared modules the host provides):
// every response under /api/plugins/switchboard/ seen by CDP Network events in a fresh browser
// context, sized as nginx in deploy/ sends it: the build's level-9 `.gz` copy where there is one
// (gzip_static), otherwise gzip level 1 on the fly, files under 1 KiB uncompressed.
// And how many of those files hold PatternFly code from a package the console shares (issue 23:
// none): the modules of each loaded file are named by a fresh compile of the same sources
// (lib/moduleMap.ts), and the packages the console shares are read from the share scope the host
// hands the plugin's container (recorded in the page).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import type { Browser } from '@playwright/test';
import { launchChromium, missingBuild, startBenchSandbox, waitForPlugin } from '../lib/browser';
import { chunkFileIds, modulePackages } from '../lib/moduleMap';
import { measuredFigure, notMeasurable, type FigureSpec } from '../lib/stats';
import { REPO_ROOT } from './node';
import type { Figure, Scenario } from '../lib/types';

const PREFIX = '/api/plugins/switchboard/';

const DEFAULT_BUDGET = { max: 150, text: '<= 150 KB' };

/** Name, route and budget (issue 23's for three pages, 150 KB for the others). */
export const BUNDLE_PAGES: [string, string, { max: number; text: string }][] = [
  ['overview', '/switchboard/overview', DEFAULT_BUDGET],
  ['topology', '/switchboard/topology', { max: 52, text: '<= 52 KB (issue 23)' }],
  ['policy list', '/switchboard/policies', { max: 20, text: '<= 20 KB (issue 23)' }],
  ['NNS list', '/switchboard/node-network-states', { max: 40, text: '<= 40 KB (issue 23)' }],
  ['policy editor', '/switchboard/policies/~new', DEFAULT_BUDGET],
  ['NAD list', '/switchboard/all-namespaces/attachments', DEFAULT_BUDGET],
  ['NAD editor', '/switchboard/attachments/~new', DEFAULT_BUDGET],
  ['switch ports', '/switchboard/switch-ports', DEFAULT_BUDGET],
];

/** "@patternfly/react-core" of "@patternfly/react-core/dist/dynamic/components/Button". */
const packageOf = (key: string): string => key.split('/').slice(0, 2).join('/');

/**
 * Installed before any page script: records the share-scope keys the host (the console)
 * provides when it initialises a plugin container, in window.__sbSharedKeys.
 */
function recordShareScope(): void {
  type Container = { get(m: string): unknown; init(scope: Record<string, unknown>): unknown };
  const w = window as unknown as {
    __sbSharedKeys?: string[];
    __load_plugin_entry__?: (name: string, c: Container) => void;
  };
  let hostCallback: ((name: string, c: Container) => void) | undefined;
  Object.defineProperty(w, '__load_plugin_entry__', {
    configurable: true,
    get: () =>
      hostCallback &&
      ((name: string, c: Container) =>
        hostCallback?.(name, {
          get: (m) => c.get(m),
          init: (scope) => {
            w.__sbSharedKeys = Object.keys(scope);
            return c.init(scope);
          },
        })),
    set: (fn: (name: string, c: Container) => void) => {
      hostCallback = fn;
    },
  });
}

interface PageBytes {
  /** Bytes nginx sends (see the file comment). */
  sent: number;
  gzip1: number;
  gzip6: number;
  raw: number;
  files: number;
  transfer: number;
  largest: string;
  /** Paths (under the plugin's base) of every file loaded. */
  paths: string[];
  /** Share-scope keys the host provided to the plugin's container. */
  sharedKeys: string[];
  /** "file bytes-sent" of every file, largest first, for the run's log. */
  breakdown: string[];
  /** Of `sent`, the manifest and container entry, which the console loads at boot on every page. */
  boot: number;
}

async function measurePage(
  browser: Browser,
  base: string,
  route: string,
  dist: string,
): Promise<PageBytes> {
  const context = await browser.newContext();
  await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
  await context.addInitScript(recordShareScope);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const urls = new Map<string, string>();
  let transfer = 0;
  cdp.on('Network.responseReceived', (e) => {
    const p = new URL(e.response.url).pathname;
    if (p.startsWith(PREFIX)) urls.set(e.requestId, p);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (urls.has(e.requestId)) transfer += e.encodedDataLength;
  });
  await page.goto(base + route);
  await waitForPlugin(page);
  await page.waitForTimeout(2500);
  const sharedKeys = await page.evaluate(
    () => (window as unknown as { __sbSharedKeys?: string[] }).__sbSharedKeys ?? [],
  );
  const paths = [...new Set(urls.values())].map((p) => p.slice(PREFIX.length));
  const out: PageBytes = {
    sent: 0,
    gzip1: 0,
    gzip6: 0,
    raw: 0,
    files: 0,
    transfer,
    largest: '',
    paths,
    sharedKeys,
    breakdown: [],
    boot: 0,
  };
  const sizes: [string, number][] = [];
  for (const p of new Set(urls.values())) {
    const file = path.join(dist, p.slice(PREFIX.length));
    if (!fs.existsSync(file)) continue;
    const body = fs.readFileSync(file);
    out.files++;
    out.raw += body.length;
    const gz1 = body.length < 1024 ? body.length : zlib.gzipSync(body, { level: 1 }).length;
    out.gzip1 += gz1;
    const sent = fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : gz1;
    out.sent += sent;
    sizes.push([p.slice(PREFIX.length), sent]);
    if (/^(plugin-manifest\.json|plugin-entry\.[0-9a-f]+\.min\.js)$/.test(path.basename(file)))
      out.boot += sent;
    out.gzip6 += body.length < 1024 ? body.length : zlib.gzipSync(body, { level: 6 }).length;
  }
  await context.close();
  sizes.sort((a, b) => b[1] - a[1]);
  out.breakdown = sizes.map(([f, n]) => `${f} ${(n / 1000).toFixed(1)}`);
  const [top] = sizes;
  if (top) out.largest = `${path.basename(top[0])} ${(top[1] / 1000).toFixed(1)} KB`;
  return out;
}

export const bundleScenario: Scenario = {
  name: 'bundle',
  description: 'gzip bytes each page loads from the plugin, beyond console-shared modules',
  async run(ctx) {
    const spec = (name: string, budget = DEFAULT_BUDGET): FigureSpec => ({
      id: `bundle.${name.replace(/\s+/g, '-')}`,
      scenario: 'bundle',
      title: `Bundle, ${name} page: gzip bytes beyond console-shared modules`,
      unit: 'KB',
      budget,
    });
    const pfSpec: FigureSpec = {
      id: 'bundle.patternflyFiles',
      scenario: 'bundle',
      title: 'PatternFly files the plugin downloads in the console (packages the console shares)',
      unit: 'files',
      budget: { max: 0, text: '0 (issue 23)' },
    };
    const pages = ctx.quick ? BUNDLE_PAGES.slice(0, 2) : BUNDLE_PAGES;
    const missing = missingBuild(ctx);
    if (missing)
      return [
        ...BUNDLE_PAGES.map(([n, , b]) => notMeasurable(spec(n, b), missing)),
        notMeasurable(pfSpec, missing),
      ];
    const scratch = fs.mkdtempSync(path.join(ctx.tmpDir, 'bundle-compile-'));
    const modules = await modulePackages(REPO_ROOT, scratch);
    ctx.log(`bundle: module names from a fresh compile in ${Math.round(modules.compileMs)} ms`);
    const unknown = new Set<string>();
    /** The packages of the modules a plugin file defines. */
    const packagesIn = (file: string): Set<string> => {
      const out = new Set<string>();
      for (const id of chunkFileIds(fs.readFileSync(file, 'utf8')).modules) {
        const p = modules.packages.get(id);
        if (!p) unknown.add(`${path.basename(file)} module ${id}`);
        for (const x of p ?? []) out.add(x);
      }
      return out;
    };
    const sandbox = await startBenchSandbox(ctx, {
      scenario: 'demo',
      controllers: false,
      name: 'bundle',
    });
    const browser = await launchChromium(ctx);
    try {
      const figures: Figure[] = [];
      const sharedPackages = new Set<string>();
      const pfPerPage: string[] = [];
      const pfFiles = new Map<string, Set<string>>(); // file → console-shared PF packages in it
      const otherPf = new Map<string, Set<string>>(); // file → other @patternfly packages in it
      for (const [name, route, budget] of pages) {
        const b = await measurePage(browser, sandbox.console.url, route, ctx.pluginDist);
        ctx.log(`bundle: ${name}: ${b.breakdown.join(', ')} (KB sent)`);
        figures.push(
          b.files === 0
            ? notMeasurable(spec(name, budget), `no plugin asset requested on ${route}`)
            : measuredFigure(
                {
                  ...spec(name, budget),
                  note: `${b.files} plugin files, ${(b.raw / 1000).toFixed(0)} KB raw, as deploy/nginx.conf sends them (the build's gzip -9 copies, gzip_static; on-the-fly gzip -1 would send ${(b.gzip1 / 1000).toFixed(1)} KB, gzip -6 ${(b.gzip6 / 1000).toFixed(1)} KB); largest ${b.largest}; ${(b.boot / 1000).toFixed(1)} KB of it the manifest and container entry, which the console loads at boot whichever page opens; on the demo cluster (Metal3 installed: the topology loads its switch-port VLAN check); bytes are deterministic, so one run`,
                },
                [b.sent / 1000],
              ),
        );
        const shared = new Set(
          b.sharedKeys.filter((k) => k.startsWith('@patternfly/')).map(packageOf),
        );
        for (const p of shared) sharedPackages.add(p);
        let count = 0;
        for (const p of b.paths) {
          const file = path.join(ctx.pluginDist, p);
          if (!/-chunk-.*\.js$/.test(p) || !fs.existsSync(file)) continue;
          const pf = [...packagesIn(file)].filter((x) => x.startsWith('@patternfly/'));
          const inShared = pf.filter((x) => shared.has(x));
          if (inShared.length > 0) {
            count++;
            pfFiles.set(p, new Set([...(pfFiles.get(p) ?? []), ...inShared]));
          } else if (pf.length > 0) otherPf.set(p, new Set(pf));
        }
        pfPerPage.push(`${name} ${count}`);
      }
      // What the count would find if the plugin loaded every file of its build.
      const inBuild = fs
        .readdirSync(ctx.pluginDist)
        .filter((f) => /-chunk-.*\.js$/.test(f))
        .filter((f) =>
          [...packagesIn(path.join(ctx.pluginDist, f))].some((x) => sharedPackages.has(x)),
        ).length;
      const list = (m: Map<string, Set<string>>): string =>
        [...m].map(([file, pkgs]) => `${file} (${[...pkgs].join(', ')})`).join('; ');
      figures.push(
        unknown.size > 0
          ? notMeasurable(
              pfSpec,
              `the sources here did not build ${ctx.pluginDist}: a fresh compile does not know ${[...unknown].slice(0, 3).join(', ')}`,
            )
          : sharedPackages.size === 0
            ? notMeasurable(pfSpec, 'the host handed the plugin no @patternfly/* shared module')
            : measuredFigure(
                {
                  ...pfSpec,
                  note: `distinct plugin chunk files loaded on the ${pages.length} pages above holding a module (or a module scope-hoisted into one) from a PatternFly package the console shares (${[...sharedPackages].join(', ')}: read from the share scope the host hands the plugin); modules named by a fresh compile of the same sources (${Math.round(modules.compileMs / 1000)} s), whose module ids match every module of the build; ${inBuild} chunk files of the build hold such code (the plugin's fallbacks); per page: ${pfPerPage.join(', ')}${pfFiles.size ? `; files: ${list(pfFiles)}` : ''}${otherPf.size ? `; besides, PatternFly from packages the console does not share: ${list(otherPf)}` : ''}; deterministic, so one run`,
                },
                [pfFiles.size],
              ),
      );
      if (!ctx.quick) {
        // The same topology page where Metal3 is not installed (most clusters, and what
        // nmstate-console-plugin's page, which issue 23 halves, shows): no switch-port check.
        const plain = await startBenchSandbox(ctx, {
          scenario: 'demo',
          controllers: false,
          name: 'bundle-no-metal3',
          absentGroups: ['metal3.io'],
        });
        try {
          const b = await measurePage(
            browser,
            plain.console.url,
            '/switchboard/topology',
            ctx.pluginDist,
          );
          figures.push(
            measuredFigure(
              {
                id: 'bundle.topology-no-metal3',
                scenario: 'bundle',
                title: 'Bundle, topology page on a cluster without Metal3: gzip bytes',
                unit: 'KB',
                note: `${b.files} plugin files as deploy/nginx.conf sends them (gzip -1 on the fly: ${(b.gzip1 / 1000).toFixed(1)} KB); the demo cluster without the metal3.io API group, so the switch-port VLAN check is not loaded; informational`,
              },
              [b.sent / 1000],
            ),
          );
        } finally {
          await plain.close();
        }
      }
      return figures;
    } finally {
      await browser.close();
      await sandbox.close();
    }
  },
};
