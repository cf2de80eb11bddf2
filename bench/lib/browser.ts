// Headless Debian Chromium (flags from playwright.config.ts), an in-process sandbox (cluster +
// console stand-in serving the production build) and the in-page instruments the browser
// scenarios read: long tasks, a requestAnimationFrame frame recorder and a 0-ms heartbeat.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import playwrightConfig from '../../playwright.config';
import { startCluster, type RunningCluster } from '../../sandbox/cluster/server';
import { startConsole, type RunningConsole } from '../../sandbox/console/server';
import { blockExcludingStalls, stalledWithin, type Stall } from './hostStalls';
import type { ScenarioContext } from './types';

export async function launchChromium(ctx: ScenarioContext): Promise<Browser> {
  const launch = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    executablePath: process.env.CHROMIUM_PATH ?? launch.executablePath ?? '/usr/bin/chromium',
    // Precise memory figures for performance.memory (Runtime.getHeapUsage is used anyway).
    args: [...(launch.args ?? []), '--enable-precise-memory-info'],
  });
  ctx.setChromiumVersion(browser.version());
  return browser;
}

/** Why the browser scenarios cannot run at all, or undefined when they can. */
export function missingBuild(ctx: ScenarioContext): string | undefined {
  if (!fs.existsSync(path.join(ctx.pluginDist, 'plugin-manifest.json')))
    return `no production plugin build in ${ctx.pluginDist} (run npm run build)`;
  if (!fs.existsSync(ctx.hostDist) || fs.readdirSync(ctx.hostDist).length === 0)
    return `no console stand-in build in ${ctx.hostDist} (run npm run build:console)`;
  if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'))
    return 'no Chromium at /usr/bin/chromium';
  return undefined;
}

export interface BenchSandbox {
  cluster: RunningCluster;
  console: RunningConsole;
  close(): Promise<void>;
}

export async function startBenchSandbox(
  ctx: ScenarioContext,
  opts: {
    scenario: 'scale' | 'demo';
    nodes?: number;
    controllers: boolean;
    name: string;
    /** API groups the cluster does not serve (e.g. metal3.io for a cluster without Metal3). */
    absentGroups?: string[];
  },
): Promise<BenchSandbox> {
  const dataDir = fs.mkdtempSync(path.join(ctx.tmpDir, `${opts.name}-`));
  const t0 = performance.now();
  const cluster = await startCluster({
    port: 0,
    dataDir,
    scenario: opts.scenario,
    nodes: opts.nodes,
    speed: 'fast',
    reset: true,
    controllers: opts.controllers,
    absentGroups: opts.absentGroups,
  });
  const consoleServer = await startConsole({
    port: 0,
    pluginName: 'switchboard',
    pluginDist: ctx.pluginDist,
    hostDist: ctx.hostDist,
    upstream: { server: cluster.url },
  });
  ctx.log(
    `${opts.name}: sandbox ${opts.scenario}${opts.nodes ? ` ${opts.nodes} nodes` : ''} up in ${Math.round(performance.now() - t0)} ms`,
  );
  return {
    cluster,
    console: consoleServer,
    async close() {
      await consoleServer.close();
      await cluster.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface PageInstruments {
  longTasks: { start: number; duration: number }[];
  frames: number[];
  /** The previous frame's time (page clock) for each entry of `frames`. */
  frameStarts: number[];
  recording: boolean;
  heartbeatMaxGap: number;
  heartbeatOn: boolean;
  /** Heartbeat intervals of 16 ms or more: [start, length], page clock. */
  gaps: [number, number][];
  /** The longest heartbeat interval under 16 ms (those are not kept one by one). */
  heartbeatMaxShortGap: number;
  /** performance.timeOrigin: page clock + timeOrigin = wall clock (ms since the epoch). */
  timeOrigin: number;
}

declare global {
  interface Window {
    __sbBench?: PageInstruments;
    /** Event timestamp of the click `clickTimed` made: the start of an in-app navigation. */
    __sbClick?: number;
    __switchboardReady?: boolean;
  }
}

/** Installed before any page script: long tasks, frame deltas on demand, a 0-ms heartbeat. */
function instrumentPage(): void {
  const state: PageInstruments = {
    longTasks: [],
    frames: [],
    frameStarts: [],
    recording: false,
    heartbeatMaxGap: 0,
    heartbeatOn: false,
    gaps: [],
    heartbeatMaxShortGap: 0,
    timeOrigin: performance.timeOrigin,
  };
  window.__sbBench = state;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        state.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // Long tasks unsupported: the scenarios report it.
  }
  // The rAF argument is the frame's vsync time, which Chromium clamps to 0.1 ms: an on-time frame
  // reads 16.6–16.8 ms. Deltas are snapped to whole intervals of headless Chromium's fixed 60 Hz
  // frame clock, so a frame counts as 16.67 ms, a dropped one as 33.3 ms, and clamping noise
  // cannot turn on-time frames into misses (or misses into on-time frames).
  // The frame loop runs only while recording: a requestAnimationFrame loop keeps Chromium
  // producing a frame every vsync, and on 2 cores that compositing work competed with the
  // page being measured (it made the renderer use more than a whole core during the storm).
  const vsync = 1000 / 60;
  let last = 0;
  let recording = false;
  let loop = 0;
  const frame = (id: number, t: number): void => {
    if (!recording || id !== loop) return;
    if (last > 0) {
      state.frames.push(Math.max(1, Math.round((t - last) / vsync)) * vsync);
      state.frameStarts.push(last);
    }
    last = t;
    requestAnimationFrame((next) => frame(id, next));
  };
  Object.defineProperty(state, 'recording', {
    enumerable: true,
    get: () => recording,
    set: (on: boolean) => {
      if (on === recording) return;
      recording = on;
      last = 0;
      loop++;
      const id = loop;
      if (on) requestAnimationFrame((t) => frame(id, t));
    },
  });
  // A paced heartbeat: a 4 ms timer whose longest interval between ticks bounds the longest
  // main-thread block from above (an idle thread shows 4–5 ms), also below the 50 ms long-task
  // threshold. It used to be a MessageChannel ping-pong, which re-armed itself as soon as it ran:
  // it kept the main thread 100% busy in tiny tasks and was by far the page's largest allocator,
  // so it caused much of the garbage collection it then measured.
  const period = 4;
  // Intervals this long are kept with their start, to set against the machine's stalls.
  const gapRecordMs = 16;
  let prev = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = (): void => {
    const now = performance.now();
    if (prev > 0) {
      state.heartbeatMaxGap = Math.max(state.heartbeatMaxGap, now - prev);
      if (now - prev >= gapRecordMs) state.gaps.push([prev, now - prev]);
      else state.heartbeatMaxShortGap = Math.max(state.heartbeatMaxShortGap, now - prev);
    }
    prev = now;
    timer = setTimeout(tick, period);
  };
  Object.defineProperty(state, 'startHeartbeat', {
    value: () => {
      clearTimeout(timer);
      state.heartbeatOn = true;
      state.heartbeatMaxGap = 0;
      state.gaps = [];
      state.heartbeatMaxShortGap = 0;
      prev = 0;
      tick();
    },
  });
}

export async function newInstrumentedPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // tsx (esbuild keepNames) wraps named functions in `__name(fn, "name")`; functions sent to the
  // page need that helper there too.
  await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
  await context.addInitScript(instrumentPage);
  return context.newPage();
}

export async function waitForPlugin(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(() => window.__switchboardReady === true, undefined, { timeout });
}

/** data-test ids on the page, to explain what a page showed instead of what was expected. */
export async function visibleTestIds(page: Page): Promise<string> {
  const ids = await page
    .evaluate(() =>
      [...document.querySelectorAll('[data-test]')]
        .map((e) => e.getAttribute('data-test') ?? '')
        .filter((id) => !/^(main-nav|nav-|gutter-marker)/.test(id)),
    )
    .catch(() => [] as string[]);
  return [...new Set(ids)].slice(0, 12).join(', ');
}

export function startHeartbeat(page: Page): Promise<void> {
  return page.evaluate(() => {
    const s = window.__sbBench as unknown as { startHeartbeat(): void };
    s.startHeartbeat();
  });
}

export async function readInstruments(page: Page): Promise<PageInstruments> {
  return page.evaluate(() => {
    const s = window.__sbBench;
    if (!s) throw new Error('instruments missing');
    return {
      longTasks: s.longTasks,
      frames: s.frames,
      frameStarts: s.frameStarts,
      recording: s.recording,
      heartbeatMaxGap: s.heartbeatMaxGap,
      heartbeatOn: s.heartbeatOn,
      gaps: s.gaps,
      heartbeatMaxShortGap: s.heartbeatMaxShortGap,
      timeOrigin: s.timeOrigin,
    };
  });
}

/**
 * Clicks `selector` (a navigation item) and keeps the click event's timestamp in
 * `window.__sbClick`: in-app navigation figures run from there, on the page's own clock.
 */
export async function clickTimed(page: Page, selector: string): Promise<void> {
  const item = page.locator(selector);
  // The console starts navigation sections collapsed: open the item's section first, as a user
  // would, before the timed click.
  if (!(await item.isVisible())) {
    await page
      .locator('[data-test="main-nav"] li[data-test="nav"]', { has: item })
      .locator(':scope > button')
      .click();
  }
  await page.evaluate(() => {
    document.addEventListener(
      'click',
      (ev) => {
        window.__sbClick = ev.timeStamp;
      },
      { capture: true, once: true },
    );
  });
  await item.click();
}

/**
 * The page's JS heap in MB (10^6 bytes) after a full garbage collection: CDP
 * `HeapProfiler.collectGarbage`, then `Runtime.getHeapUsage` usedSize (the renderer's V8 heap,
 * which holds only this page in a fresh browser context).
 */
export async function heapAfterGcMB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const usage = await cdp.send('Runtime.getHeapUsage');
    return usage.usedSize / 1e6;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** A main-thread block measurement (see longestBlock). */
export interface Block {
  /** The longest block with the machine's stalls taken out. */
  ms: number;
  /** The longest block as measured. */
  rawMs: number;
  /** Long tasks the page reported. */
  tasks: number;
  /** Machine stalls that overlapped a measured interval, and the longest of them. */
  stalls: number;
  longestStallMs: number;
}

/**
 * The longest main-thread block since `since` (page clock): long tasks and the heartbeat, with
 * the machine's own stalls (see hostStalls.ts) taken out of each; `rawMs` is the block as measured.
 */
export function longestBlock(
  inst: PageInstruments,
  stalls: readonly Stall[] = [],
  since = 0,
): Block {
  const tasks = inst.longTasks.filter((t) => t.start + t.duration >= since);
  const intervals = [
    ...tasks.map((t) => ({ start: inst.timeOrigin + t.start, ms: t.duration })),
    ...(inst.heartbeatOn
      ? inst.gaps
          .filter(([start, ms]) => start + ms >= since)
          .map(([start, ms]) => ({ start: inst.timeOrigin + start, ms }))
      : []),
  ];
  // Heartbeat intervals under 16 ms have no start: they count as measured.
  const floor = inst.heartbeatOn ? inst.heartbeatMaxShortGap : 0;
  const block = blockExcludingStalls(intervals, stalls, floor);
  return { ...block, tasks: tasks.length };
}

/**
 * The note's account of the machine's stalls for a block figure: what was measured before they
 * were taken out, so a reader can see both.
 */
export function stallNote(blocks: readonly Block[]): string {
  if (blocks.length === 0) return '';
  const raw = blocks.map((b) => b.rawMs);
  const hit = blocks.filter((b) => b.stalls > 0);
  if (hit.length === 0) return '; no machine stall overlapped these windows';
  const longest = Math.max(...hit.map((b) => b.longestStallMs));
  return `; machine stalls taken out (bench/lib/hostStalls.ts): ${hit.length} of ${blocks.length} runs overlapped one or more (longest ${Math.round(longest)} ms); as measured, the longest blocks were ${raw.map((r) => Math.round(r)).join('/')} ms per run`;
}

/**
 * Frame times with the machine's stalls taken out, in whole 60 Hz frames as recorded: a frame a
 * stall delayed counts for what is left of it once the stall's overlap is removed.
 */
export function framesExcludingStalls(inst: PageInstruments, stalls: readonly Stall[]): number[] {
  const vsync = 1000 / 60;
  return inst.frames.map((ms, i) => {
    const start = inst.frameStarts[i];
    if (start === undefined) return ms;
    const stalled = stalledWithin({ start: inst.timeOrigin + start, ms }, stalls);
    return Math.max(1, Math.round((ms - stalled) / vsync)) * vsync;
  });
}
