// Which machine a result came from: printed with every report so figures are never read alone.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import type { MachineInfo } from './types';

export function getMachineInfo(root: string): MachineInfo {
  const cpus = os.cpus();
  let gitCommit: string | undefined;
  try {
    gitCommit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
      .toString()
      .trim();
  } catch {
    gitCommit = undefined;
  }
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    date: new Date().toISOString(),
    gitCommit,
  };
}

interface CpuTicks {
  busy: number;
  total: number;
}

/** The machine's CPU time so far from Linux's /proc/stat (idle and iowait count as not busy). */
function readCpuTicks(): CpuTicks | undefined {
  let line: string | undefined;
  try {
    line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
  } catch {
    return undefined;
  }
  const ticks = (line ?? '').trim().split(/\s+/).slice(1).map(Number);
  if (ticks.length < 5 || ticks.some((t) => !Number.isFinite(t))) return undefined;
  const total = ticks.reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}

export interface QuietWait {
  /** How long the harness waited. */
  waitedMs: number;
  /** Busy share of the machine's CPU time in the last window (0–1); undefined off Linux. */
  busy: number | undefined;
  /** False when the machine was still busy at the deadline; the scenario ran anyway. */
  quiet: boolean;
}

/** What a full run waits for before each scenario (the report states it from here). */
export const QUIET_MACHINE = { maxMs: 60_000, windowMs: 500, busyBelow: 0.15, windows: 3 };

/**
 * Waits until the machine's CPUs are mostly idle for a few consecutive windows, so that a
 * scenario does not start while the previous one's sandbox, Chromium or garbage is still being
 * torn down: each scenario is then measured as if it ran alone. Gives up after `maxMs`.
 */
export async function waitForQuietMachine(
  opts: Partial<typeof QUIET_MACHINE> = {},
): Promise<QuietWait> {
  const { maxMs, windowMs, busyBelow, windows } = { ...QUIET_MACHINE, ...opts };
  const t0 = performance.now();
  let prev = readCpuTicks();
  if (!prev) return { waitedMs: 0, busy: undefined, quiet: true };
  let calm = 0;
  let busy = 1;
  while (performance.now() - t0 < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = readCpuTicks();
    if (!now) break;
    const total = now.total - prev.total;
    busy = total > 0 ? (now.busy - prev.busy) / total : 0;
    prev = now;
    calm = busy < busyBelow ? calm + 1 : 0;
    if (calm >= windows) return { waitedMs: Math.round(performance.now() - t0), busy, quiet: true };
  }
  return { waitedMs: Math.round(performance.now() - t0), busy, quiet: false };
}
