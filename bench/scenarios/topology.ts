// Topology page on the scale scenario (500 nodes × ~40 interfaces): navigation to an interactive
// graph, frame times while panning and zooming, expanding one folded node.
//
// What the harness looks for (documented in README "Benchmarks"): graph nodes are
// `@patternfly/react-topology` elements (`[data-kind="node"]`), a folded cluster node is
// `[data-test^="summary-"]` and a click expands it (TopologyExplorer). Until the page renders
// that, the figures say "not measurable yet".
import type { Locator, Page } from '@playwright/test';
import {
  clickTimed,
  launchChromium,
  missingBuild,
  newInstrumentedPage,
  readInstruments,
  startBenchSandbox,
  visibleTestIds,
  waitForPlugin,
} from '../lib/browser';
import { measuredFigure, notMeasurable, quantile, repeat, type FigureSpec } from '../lib/stats';
import type { Figure, Scenario } from '../lib/types';

export const GRAPH_NODE = '[data-kind="node"]';
const SUMMARY_NODE = '[data-test^="summary-"]';

/**
 * ms until the graph has nodes (`sel`) and the next two frames were painted. From the start of a
 * full page load; or, with `fromNode`, from the click on the Topology navigation item while one
 * node's topology is open: that page watches the same lists, so the data is already loaded, as
 * the benchmark issue specifies for this figure.
 */
async function navigateToGraph(
  page: Page,
  url: string,
  timeout: number,
  fromNode?: { url: string },
  sel = GRAPH_NODE,
): Promise<number | undefined> {
  if (fromNode) {
    await page.goto(fromNode.url);
    await waitForPlugin(page);
    await page.locator(GRAPH_NODE).first().waitFor({ timeout });
    await clickTimed(page, '[data-test="nav-switchboard-topology"]');
  } else {
    await page.goto(url);
    await waitForPlugin(page);
  }
  try {
    const v = await page.evaluate(
      ({ sel, timeout }) =>
        new Promise<number>((resolve) => {
          setTimeout(() => resolve(-1), timeout);
          const check = (): boolean => {
            if (!document.querySelector(sel)) return false;
            const seen = performance.now();
            const start = window.__sbClick ?? 0;
            requestAnimationFrame(() =>
              requestAnimationFrame(() => resolve(Math.max(seen, performance.now()) - start)),
            );
            return true;
          };
          if (check()) return;
          const mo = new MutationObserver(() => {
            if (check()) mo.disconnect();
          });
          mo.observe(document.body, { childList: true, subtree: true, attributes: true });
        }),
      { sel, timeout },
    );
    return v < 0 ? undefined : v;
  } catch (e) {
    console.error(
      `bench: topology: ${e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e)}`,
    );
    return undefined;
  }
}

async function graphTransform(page: Page): Promise<string> {
  return page.evaluate(() => {
    const g = document.querySelector('[data-kind="graph"]');
    const inner = g?.querySelector(':scope > g[transform]');
    return `${g?.getAttribute('transform') ?? ''}|${inner?.getAttribute('transform') ?? ''}`;
  });
}

/** p95 of requestAnimationFrame deltas during a scripted drag-pan and wheel-zoom. */
async function panZoom(
  page: Page,
  quick: boolean,
): Promise<{ p95: number; frames: number; moved: boolean }> {
  const box = await page.evaluate(() => {
    const g = document.querySelector('[data-kind="graph"]');
    const svg = g?.closest('svg') ?? document.querySelector('svg');
    const r = svg?.getBoundingClientRect();
    return r ? { x: r.x, y: r.y, w: r.width, h: r.height } : undefined;
  });
  if (!box) return { p95: Number.NaN, frames: 0, moved: false };
  const before = await graphTransform(page);
  await page.evaluate(() => {
    const s = window.__sbBench;
    if (s) {
      s.frames = [];
      s.recording = true;
    }
  });
  // Start the drag on empty canvas, not on a node (dragging a node moves the node).
  const start = await page.evaluate((b) => {
    for (let fy = 0.5; fy < 0.95; fy += 0.05)
      for (let fx = 0.5; fx < 0.95; fx += 0.05) {
        const x = b.x + b.w * fx;
        const y = b.y + b.h * fy;
        const el = document.elementFromPoint(x, y);
        if (el?.closest('svg') && !el.closest('[data-kind="node"], [data-kind="edge"]'))
          return { x, y };
      }
    return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
  }, box);
  const cx = start.x;
  const cy = start.y;
  const steps = quick ? 10 : 40;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx - 300, cy - 150, { steps });
  await page.mouse.move(cx, cy, { steps });
  await page.mouse.up();
  for (let i = 0; i < (quick ? 3 : 10); i++) await page.mouse.wheel(0, -120);
  for (let i = 0; i < (quick ? 3 : 10); i++) await page.mouse.wheel(0, 120);
  await page.waitForTimeout(200);
  const inst = await readInstruments(page);
  await page.evaluate(() => {
    if (window.__sbBench) window.__sbBench.recording = false;
  });
  const after = await graphTransform(page);
  return { p95: quantile(inst.frames, 0.95), frames: inst.frames.length, moved: before !== after };
}

/** Clicks the first folded node; ms from the click event to its interfaces on screen + a frame. */
async function expandOne(page: Page): Promise<number | string> {
  if ((await page.locator(SUMMARY_NODE).count()) === 0)
    return 'no folded (summary) node on the graph';
  // The first folded node the pointer can reach (Playwright's trial click runs the hit test
  // without clicking): the first in the DOM may lie under the graph's control bar.
  const candidates = Math.min(await page.locator(SUMMARY_NODE).count(), 40);
  let target: Locator | undefined;
  for (let i = 0; i < candidates && target === undefined; i++) {
    const candidate = page.locator(SUMMARY_NODE).nth(i);
    const reachable = await candidate.click({ trial: true, timeout: 300 }).then(
      () => true,
      () => false,
    );
    if (reachable) target = candidate;
  }
  if (target === undefined) return 'no folded (summary) node the pointer can reach';
  await page.evaluate((sel) => {
    const w = window as unknown as { __sbExpand?: Promise<number> };
    const before = document.querySelectorAll(sel).length;
    w.__sbExpand = new Promise<number>((resolve) => {
      document.addEventListener(
        'click',
        (ev) => {
          const start = ev.timeStamp;
          const check = (): boolean => {
            if (document.querySelectorAll(sel).length < before + 5) return false;
            requestAnimationFrame(() => resolve(performance.now() - start));
            return true;
          };
          if (check()) return;
          const mo = new MutationObserver(() => {
            if (check()) mo.disconnect();
          });
          mo.observe(document.body, { childList: true, subtree: true });
        },
        { capture: true, once: true },
      );
    });
  }, GRAPH_NODE);
  await target.scrollIntoViewIfNeeded().catch(() => undefined);
  await target.click({ timeout: 5000 });
  try {
    const v = await page.evaluate(() =>
      Promise.race([
        (window as unknown as { __sbExpand?: Promise<number> }).__sbExpand ?? -2,
        new Promise<number>((r) => setTimeout(() => r(-1), 15_000)),
      ]),
    );
    if (v >= 0) return v;
  } catch {
    // fall through
  }
  return 'clicking a folded node did not add its interfaces to the graph within 15 s';
}

export const topologyScenario: Scenario = {
  name: 'topology',
  description: 'topology page, scale scenario 500 nodes × ~40 interfaces',
  async run(ctx) {
    const nodes = ctx.quick ? 14 : 500; // quick: just above the explorer's folding threshold (12)
    const spec = (id: string, title: string, max: number, text: string): FigureSpec => ({
      id: `topology.${id}`,
      scenario: 'topology',
      title: `Topology, ${nodes} nodes × ~40 interfaces: ${title}`,
      unit: 'ms',
      budget: { max, text },
    });
    const specs = {
      nav: spec('navigation', 'navigation to interactive graph', 1500, '<= 1.5 s'),
      frame: spec('panZoomP95', 'p95 frame time while panning and zooming', 16.7, '<= 16.7 ms'),
      expand: spec('expandNode', "expanding one node's interfaces", 100, '<= 100 ms'),
    };
    const all = (why: string): Figure[] => Object.values(specs).map((s) => notMeasurable(s, why));
    const missing = missingBuild(ctx);
    if (missing) return all(missing);
    const sandbox = await startBenchSandbox(ctx, {
      scenario: 'scale',
      nodes,
      controllers: false,
      name: 'topology',
    });
    const browser = await launchChromium(ctx);
    try {
      const page = await newInstrumentedPage(browser);
      const url = `${sandbox.console.url}/switchboard/topology`;
      const timeout = ctx.quick ? 20_000 : 60_000;
      let absent = false; // stop at the first timeout instead of waiting for every run
      const coldNavs = await repeat(ctx.warmup, ctx.runs, async () => {
        if (absent) return undefined;
        const r = await navigateToGraph(page, url, timeout);
        absent = r === undefined;
        return r;
      });
      const firstSummary = await page
        .locator(SUMMARY_NODE)
        .first()
        .getAttribute('data-test')
        .catch(() => null);
      const node = firstSummary?.slice('summary-'.length);
      const navs = node
        ? await repeat(ctx.warmup, ctx.runs, () =>
            navigateToGraph(
              page,
              url,
              timeout,
              { url: `${url}/${encodeURIComponent(node)}` },
              SUMMARY_NODE,
            ),
          )
        : [undefined];
      if (coldNavs.some((n) => n === undefined) || navs.some((n) => n === undefined)) {
        const ids = await visibleTestIds(page);
        return all(
          `no graph on /switchboard/topology within ${timeout / 1000} s (no ${GRAPH_NODE} element; page shows data-test: ${ids || 'none'})`,
        );
      }
      const figures: Figure[] = [
        measuredFigure(
          {
            ...specs.nav,
            note: `data already loaded: one node's topology open, click on the Topology navigation item → first folded node of the cluster graph + 2 painted frames`,
          },
          navs.filter((n): n is number => n !== undefined),
        ),
        measuredFigure(
          {
            id: 'topology.navigationCold',
            scenario: 'topology',
            title: `Topology, ${nodes} nodes × ~40 interfaces: navigation to interactive graph on a full page load`,
            unit: 'ms',
            note: 'page.goto → first graph node + 2 painted frames, from the navigation start (warm HTTP cache): includes booting the console stand-in and loading the data; informational',
          },
          coldNavs.filter((n): n is number => n !== undefined),
        ),
      ];
      await page.waitForTimeout(1000);
      const pz = await repeat(ctx.warmup, ctx.runs, () => panZoom(page, ctx.quick));
      figures.push(
        pz.some((r) => !r.moved)
          ? notMeasurable(
              specs.frame,
              'drag and wheel on the graph canvas did not change its transform (no pan/zoom)',
            )
          : measuredFigure(
              {
                ...specs.frame,
                note: `requestAnimationFrame deltas during drag-pan and wheel-zoom, in whole 60 Hz frames (16.67 ms = no frame dropped); ~${pz[0]?.frames ?? 0} frames per run`,
              },
              pz.map((r) => r.p95),
            ),
      );
      const expands: (number | string)[] = [];
      for (let i = 0; i < ctx.warmup + ctx.runs; i++) {
        // Each run is one expansion from a settled page, so a run does not also pay for the
        // rendering of the previous one.
        if (i > 0) await page.waitForTimeout(1000);
        const r = await expandOne(page);
        if (typeof r === 'string') {
          expands.push(r);
          break;
        }
        if (i >= ctx.warmup) expands.push(r);
      }
      const why = expands.find((e): e is string => typeof e === 'string');
      figures.push(
        why
          ? notMeasurable(specs.expand, why)
          : measuredFigure(
              {
                ...specs.expand,
                note: 'click event on a folded node → ≥5 more graph nodes + 1 frame; a different node each run',
              },
              expands.filter((e): e is number => typeof e === 'number'),
            ),
      );
      return figures;
    } finally {
      await browser.close();
      await sandbox.close();
    }
  },
};
