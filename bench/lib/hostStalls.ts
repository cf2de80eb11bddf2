// Pauses of the whole machine, told apart from the page's own blocks.
//
// The benchmark hosts are virtual machines whose vCPUs the hypervisor deschedules now and then.
// Measured on a 2-core host on 2026-12-07: a bare Node timer loop on an idle machine saw 30–99 ms
// gaps every 1–5 s, and a SCHED_FIFO process and an ordinary one saw the same gaps at the same
// wall-clock times (within a few ms), while /proc/stat's steal counter grew. During such a pause
// nothing runs: a Chromium trace of one showed no task on any renderer thread. The page's 4 ms
// heartbeat reads each pause as a main-thread block, and a long task that a pause interrupts
// reads longer by the pause.
//
// This module runs a reference heartbeat in its own process, at real-time priority where the
// system allows it (so that only the hypervisor or the kernel can delay it, not the page's work on
// the other core), and records its gaps as stalls in wall-clock time. `blockExcludingStalls`
// then removes from each page interval only the part a stall overlaps. Clock offsets between the
// two processes can only shrink an overlap, so an error leaves more of a block on the page.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/** A stretch of wall-clock time: from `start` (ms since the epoch) for `ms`. */
export interface Interval {
  start: number;
  ms: number;
}

/** An interval in which the reference process did not run. */
export type Stall = Interval;

/** The reference loop's period; a gap counts as a stall from this long after its last tick. */
export const REFERENCE_PERIOD_MS = 2;
/** Gaps shorter than this are scheduling noise, not stalls. */
export const STALL_THRESHOLD_MS = 10;

// The child's whole program: a timer loop that prints each gap over the threshold as
// "<start> <ms>" on one line, start being the wall-clock time the gap began (one period after the
// last tick, when the next tick was due).
const REFERENCE_SCRIPT = `
const period = Number(process.argv[1]);
const threshold = Number(process.argv[2]);
const now = () => performance.timeOrigin + performance.now();
let prev = now();
const tick = () => {
  const t = now();
  const gap = t - prev - period;
  if (gap >= threshold) process.stdout.write((prev + period).toFixed(1) + ' ' + gap.toFixed(1) + '\\n');
  prev = t;
  setTimeout(tick, period);
};
setTimeout(tick, period);
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

export interface HostStallMonitor {
  /** True when the reference runs at real-time priority (chrt -f). */
  realtime: boolean;
  /** Every stall seen so far. */
  stalls(): Stall[];
  /** The reference process (chrt execs node, so it is the same process). */
  pid(): number | undefined;
  stop(): void;
}

function canRunRealtime(): boolean {
  const r = spawnSync('chrt', ['-f', '1', 'true'], { stdio: 'ignore' });
  return r.status === 0;
}

export function startHostStallMonitor(): HostStallMonitor {
  const realtime = canRunRealtime();
  const args = ['-e', REFERENCE_SCRIPT, String(REFERENCE_PERIOD_MS), String(STALL_THRESHOLD_MS)];
  const child: ChildProcess = realtime
    ? spawn('chrt', ['-f', '1', process.execPath, ...args], { stdio: ['pipe', 'pipe', 'ignore'] })
    : spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  const seen: Stall[] = [];
  let rest = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const [start = NaN, ms = NaN] = line.split(' ').map(Number);
      if (Number.isFinite(start) && Number.isFinite(ms)) seen.push({ start, ms });
    }
  });
  // Closing its stdin ends the child, so a bench that dies does not leave a real-time process.
  child.unref();
  return {
    realtime,
    stalls: () => seen.slice(),
    pid: () => child.pid,
    stop: () => {
      child.stdin?.end();
      child.kill();
    },
  };
}

/** How long two intervals share (0 when they are apart). */
function overlap(a: Interval, b: Interval): number {
  return Math.max(0, Math.min(a.start + a.ms, b.start + b.ms) - Math.max(a.start, b.start));
}

/** How much of a page interval the stalls cover (they never overlap one another). */
export function stalledWithin(interval: Interval, stalls: readonly Stall[]): number {
  return stalls.reduce((covered, s) => covered + overlap(interval, s), 0);
}

export interface StallAdjustedBlock {
  /** The longest interval with the stalls it overlaps taken out. */
  ms: number;
  /** The longest interval as measured. */
  rawMs: number;
  /** Stalls that overlap the measured intervals, and the longest of them. */
  stalls: number;
  longestStallMs: number;
}

/**
 * The longest page block once machine stalls are taken out of each interval. `floorMs` is what
 * the page measured outside these intervals (e.g. a heartbeat maximum below the recorded gaps).
 */
export function blockExcludingStalls(
  intervals: readonly Interval[],
  stalls: readonly Stall[],
  floorMs = 0,
): StallAdjustedBlock {
  let ms = floorMs;
  let rawMs = floorMs;
  const hit = new Set<Stall>();
  for (const i of intervals) {
    const overlapping = stalls.filter((s) => overlap(i, s) > 0);
    rawMs = Math.max(rawMs, i.ms);
    ms = Math.max(ms, i.ms - stalledWithin(i, overlapping));
    for (const s of overlapping) hit.add(s);
  }
  return {
    ms,
    rawMs,
    stalls: hit.size,
    longestStallMs: Math.max(0, ...[...hit].map((s) => s.ms)),
  };
}
