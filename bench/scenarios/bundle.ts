// Bytes each page loads from the plugin (beyond the console-shared modules the host provides):
// every response under /api/plugins/switchboard/ seen by CDP Network events in a fresh browser
// context, sized as nginx in deploy/ sends it (gzip level 1, files under 1 KiB uncompressed).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import type { Browser } from '@playwright/test';
import { launchChromium, missingBuild, startBenchSandbox, waitForPlugin } from '../lib/browser';
import { measuredFigure, notMeasurable, type FigureSpec } from '../lib/stats';
import type { Figure, Scenario } from '../lib/types';

const PREFIX = '/api/plugins/switchboard/';

export const BUNDLE_PAGES: [string, string][] = [
  ['overview', '/switchboard/overview'],
  ['topology', '/switchboard/topology'],
  ['policy list', '/switchboard/policies'],
  ['policy editor', '/switchboard/policies/~new'],
  ['NAD list', '/switchboard/all-namespaces/attachments'],
  ['NAD editor', '/switchboard/attachments/~new'],
  ['switch ports', '/switchboard/switch-ports'],
];

interface PageBytes {
  gzip1: number;
  gzip6: number;
  raw: number;
  files: number;
  transfer: number;
  largest: string;
}

async function measurePage(
  browser: Browser,
  base: string,
  route: string,
  dist: string,
): Promise<PageBytes> {
  const context = await browser.newContext();
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
  const out: PageBytes = { gzip1: 0, gzip6: 0, raw: 0, files: 0, transfer, largest: '' };
  let largest = 0;
  for (const p of new Set(urls.values())) {
    const file = path.join(dist, p.slice(PREFIX.length));
    if (!fs.existsSync(file)) continue;
    const body = fs.readFileSync(file);
    out.files++;
    out.raw += body.length;
    const gz = body.length < 1024 ? body.length : zlib.gzipSync(body, { level: 1 }).length;
    out.gzip1 += gz;
    if (gz > largest) {
      largest = gz;
      out.largest = `${path.basename(file)} ${(gz / 1000).toFixed(1)} KB`;
    }
    out.gzip6 += body.length < 1024 ? body.length : zlib.gzipSync(body, { level: 6 }).length;
  }
  await context.close();
  return out;
}

export const bundleScenario: Scenario = {
  name: 'bundle',
  description: 'gzip bytes each page loads from the plugin, beyond console-shared modules',
  async run(ctx) {
    const spec = (name: string): FigureSpec => ({
      id: `bundle.${name.replace(/\s+/g, '-')}`,
      scenario: 'bundle',
      title: `Bundle, ${name} page: gzip bytes beyond console-shared modules`,
      unit: 'KB',
      budget: { max: 150, text: '<= 150 KB' },
    });
    const missing = missingBuild(ctx);
    if (missing) return BUNDLE_PAGES.map(([n]) => notMeasurable(spec(n), missing));
    const sandbox = await startBenchSandbox(ctx, {
      scenario: 'demo',
      controllers: false,
      name: 'bundle',
    });
    const browser = await launchChromium(ctx);
    try {
      const figures: Figure[] = [];
      for (const [name, route] of ctx.quick ? BUNDLE_PAGES.slice(0, 2) : BUNDLE_PAGES) {
        const b = await measurePage(browser, sandbox.console.url, route, ctx.pluginDist);
        figures.push(
          b.files === 0
            ? notMeasurable(spec(name), `no plugin asset requested on ${route}`)
            : measuredFigure(
                {
                  ...spec(name),
                  note: `${b.files} plugin files, ${(b.raw / 1000).toFixed(0)} KB raw, gzip -1 as deploy/nginx.conf (gzip -6: ${(b.gzip6 / 1000).toFixed(1)} KB); largest ${b.largest}; bytes are deterministic, so one run`,
                },
                [b.gzip1 / 1000],
              ),
        );
      }
      return figures;
    } finally {
      await browser.close();
      await sandbox.close();
    }
  },
};
