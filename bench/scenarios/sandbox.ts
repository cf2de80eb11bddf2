// The sandbox cluster with 1,000 nodes, run as its own process (`npm run sandbox` equivalent) so
// its start-up time and resident memory are the server's alone.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { measuredFigure, notMeasurable, repeat } from '../lib/stats';
import type { Figure, Scenario } from '../lib/types';
import { REPO_ROOT } from './node';

/** VmRSS and VmHWM of a process in MiB (Linux /proc). */
export function readRssMiB(pid: number): { rss: number; peak: number } | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string): number =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

export const sandboxScenario: Scenario = {
  name: 'sandbox',
  description: 'sandbox cluster process, scale scenario with 1,000 nodes: start-up, NNS list, RSS',
  async run(ctx) {
    const nodes = ctx.quick ? 20 : 1000;
    const ids = {
      start: {
        id: 'sandbox.startup',
        scenario: 'sandbox',
        title: `Sandbox, ${nodes} nodes: start-up to listening (fresh data dir)`,
        unit: 's' as const,
        budget: { max: 60, text: '< 60 s (issue 3)' },
      },
      list: {
        id: 'sandbox.nnsList',
        scenario: 'sandbox',
        title: `Sandbox, ${nodes} nodes: full list of NodeNetworkStates`,
        unit: 'ms' as const,
        budget: { max: 1000, text: '<= 1 s' },
      },
      rss: {
        id: 'sandbox.rss',
        scenario: 'sandbox',
        title: `Sandbox, ${nodes} nodes: server memory (RSS)`,
        unit: 'MiB' as const,
        budget: { max: 1024, text: '<= 1 GiB' },
      },
    };
    const dataDir = path.join(ctx.tmpDir, 'sandbox-data');
    const t0 = performance.now();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(REPO_ROOT, 'sandbox/cluster/main.ts'),
        '--port',
        '0',
        '--data-dir',
        dataDir,
        '--scenario',
        'scale',
        '--nodes',
        String(nodes),
        '--reset',
      ],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-2000)));
    const pid = child.pid ?? -1;
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error('no "listening" line in 180 s')), 180_000);
        child.stdout.on('data', (b: Buffer) => {
          out += b.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m?.[1]) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`exited ${String(code)}: ${stderr}`));
        });
      });
      const startupS = (performance.now() - t0) / 1000;
      ctx.log(`sandbox: ${nodes} nodes listening after ${startupS.toFixed(1)} s`);
      const rss: number[] = [];
      let bytes = 0;
      let items = 0;
      const lists = await repeat(ctx.warmup, ctx.runs, async () => {
        const t = performance.now();
        const res = await fetch(`${url}/apis/nmstate.io/v1beta1/nodenetworkstates`);
        const text = await res.text();
        const ms = performance.now() - t;
        bytes = text.length;
        items = (JSON.parse(text) as { items: unknown[] }).items.length;
        const mem = readRssMiB(pid);
        if (mem) rss.push(mem.rss);
        return ms;
      });
      const peak = readRssMiB(pid)?.peak;
      const figures: Figure[] = [
        measuredFigure(
          {
            ...ids.start,
            note: 'one start (node + tsx compile + scenario generation + persistence); spread not applicable',
          },
          [startupS],
        ),
        items === nodes
          ? measuredFigure(
              {
                ...ids.list,
                note: `GET /apis/nmstate.io/v1beta1/nodenetworkstates, whole body read (${(bytes / 1e6).toFixed(1)} MB, ${items} items) from the bench process`,
              },
              lists,
            )
          : notMeasurable(ids.list, `list returned ${items} items, expected ${nodes}`),
        measuredFigure(
          {
            ...ids.rss,
            note: `VmRSS of the server process after each list; peak (VmHWM) ${peak?.toFixed(0) ?? '?'} MiB`,
          },
          rss,
        ),
      ];
      return figures;
    } catch (e) {
      const why = `sandbox did not start: ${e instanceof Error ? e.message : String(e)}`;
      return [
        notMeasurable(ids.start, why),
        notMeasurable(ids.list, why),
        notMeasurable(ids.rss, why),
      ];
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        child.kill('SIGKILL');
      }
    }
  },
};
