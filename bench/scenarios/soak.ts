// JS heap of a page left open on the scale scenario while the cluster changes: NNS refreshes by the
// simulated nmstate handler plus enactment status churn from the benchmark. The heap is taken
// after a forced GC (CDP HeapProfiler.collectGarbage + Runtime.getHeapUsage) at regular
// intervals; the figure is the growth of the end heap (median of the last three samples) over
// the first sample taken after the first minute.
import { enactmentConditions } from '../../sandbox/cluster/controllers/nmstate/conditions';
import {
  launchChromium,
  missingBuild,
  newInstrumentedPage,
  startBenchSandbox,
  waitForPlugin,
} from '../lib/browser';
import { measuredFigure, notMeasurable, type FigureSpec } from '../lib/stats';
import type { Scenario } from '../lib/types';

export const soakScenario: Scenario = {
  name: 'soak',
  description: 'JS heap of the topology page after N minutes of live updates (scale scenario)',
  async run(ctx) {
    const nodes = ctx.quick ? 10 : 500;
    const minutes = ctx.soakMinutes;
    const spec: FigureSpec = {
      id: 'soak.heapGrowth',
      scenario: 'soak',
      title: `Topology page, ${nodes} nodes, ${minutes} min of live updates: JS heap growth after the first minute`,
      unit: '%',
      budget: { max: 20, text: '<= 20 %' },
    };
    const missing = missingBuild(ctx);
    if (missing) return [notMeasurable(spec, missing)];
    const sandbox = await startBenchSandbox(ctx, {
      scenario: 'scale',
      nodes,
      controllers: true,
      name: 'soak',
    });
    const api = sandbox.cluster.api;
    const nnceT = api.resourceType('nmstate.io', 'NodeNetworkConfigurationEnactment');
    const names = api.list(nnceT).map((e) => e.metadata?.name ?? '');
    const browser = await launchChromium(ctx);
    let updates = 0;
    let i = 0;
    // 20 enactment status updates a second on top of the handler's NNS refreshes.
    const churn = setInterval(() => {
      const now = api.now().toISOString();
      for (let k = 0; k < 2; k++) {
        const cur = api.get(nnceT, undefined, names[i++ % names.length] ?? '');
        if (!cur) continue;
        const kind = i % 2 === 0 ? 'progressing' : 'success';
        const conditions = enactmentConditions({ kind }).map((c) => ({
          ...c,
          lastHeartbeatTime: now,
          lastTransitionTime: now,
        }));
        try {
          api.update(
            nnceT,
            { ...cur, status: { ...(cur.status ?? {}), conditions } },
            { subresource: 'status' },
          );
          updates++;
        } catch {
          // A conflict with the handler: skip this one.
        }
      }
    }, 100);
    try {
      const page = await newInstrumentedPage(browser);
      const cdp = await page.context().newCDPSession(page);
      await page.goto(`${sandbox.console.url}/switchboard/topology`);
      await waitForPlugin(page);
      const heap = async (): Promise<number> => {
        await cdp.send('HeapProfiler.collectGarbage');
        const u = await cdp.send('Runtime.getHeapUsage');
        return u.usedSize / 1024 / 1024;
      };
      const total = minutes * 60_000;
      const baselineAt = Math.min(60_000, total / 6);
      const every = ctx.quick ? 1000 : 15_000;
      const t0 = performance.now();
      const samples: { t: number; mb: number }[] = [];
      for (let k = 1; performance.now() - t0 < total; k++) {
        const due = Math.min(k * every, total) - (performance.now() - t0);
        if (due > 0) await page.waitForTimeout(due);
        samples.push({ t: performance.now() - t0, mb: await heap() });
      }
      const baseline = samples.find((s) => s.t >= baselineAt) ?? samples[0];
      const after = samples.filter((s) => baseline && s.t > baseline.t);
      if (!baseline || after.length === 0) return [notMeasurable(spec, 'too few heap samples')];
      const worst = Math.max(...after.map((s) => s.mb));
      // The end state: median of the last three samples, so one transient spike is not a leak.
      const tail = after
        .slice(-3)
        .map((s) => s.mb)
        .sort((x, y) => x - y);
      const last = tail[Math.floor(tail.length / 2)] ?? worst;
      const growth = ((last - baseline.mb) / baseline.mb) * 100;
      ctx.log(`soak: heap ${samples.map((s) => s.mb.toFixed(1)).join(' ')} MB`);
      return [
        measuredFigure(
          {
            ...spec,
            note: `one soak; heap after GC ${baseline.mb.toFixed(1)} MB at ${(baseline.t / 1000).toFixed(0)} s, end (median of last 3) ${last.toFixed(1)} MB, max ${worst.toFixed(1)} MB (${samples.length} samples); ${updates} enactment updates from the bench plus NNS refreshes by the simulated handler; page as it renders today`,
          },
          [growth],
        ),
      ];
    } finally {
      clearInterval(churn);
      await browser.close();
      await sandbox.close();
    }
  },
};
