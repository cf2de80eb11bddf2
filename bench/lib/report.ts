// The result files: bench-results/<name>.json (everything) and <name>.md (the table people read),
// and the --compare printout.
import { STALL_THRESHOLD_MS } from './hostStalls';
import type { BenchResult, Figure } from './types';
import { QUIET_MACHINE } from './machine';

function fmt(value: number | undefined, unit: string): string {
  if (value === undefined) return '';
  return `${value} ${unit}`;
}

function statusText(f: Figure): string {
  switch (f.status) {
    case 'pass':
      return 'pass';
    case 'fail':
      return '**FAIL**';
    case 'not-measurable':
      return 'not measurable yet';
    case 'info':
      return 'info';
  }
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function toMarkdown(result: BenchResult): string {
  const m = result.machine;
  const lines: string[] = [];
  lines.push(`# Switchboard benchmark results (${result.mode} mode)`);
  lines.push('');
  lines.push(
    `Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.platform}; Node ${m.node}; ` +
      `Chromium ${m.chromium ?? 'not started'}; ${m.date}` +
      (m.gitCommit ? `; commit ${m.gitCommit}` : '') +
      `; load average at start ${m.loadAverage.join(' / ')}.`,
  );
  lines.push('');
  lines.push(
    `Each figure is the median of ${result.settings.runs} runs after ${result.settings.warmup} ` +
      `warm-up run(s) unless its note says otherwise; spread is p25–p75 (min–max). ` +
      `Run took ${Math.round(result.durationSeconds)} s. The machine is shared with other ` +
      "engineers' builds and tests, so wall-clock figures carry their load; the CPU-time figures " +
      'show what an idle machine would.',
  );
  lines.push('');
  const waits = result.quietWaits ?? [];
  if (waits.length > 0) {
    const busy = waits.filter((w) => !w.quiet).map((w) => w.scenario);
    const q = QUIET_MACHINE;
    lines.push(
      `Before each scenario the harness waited for a quiet machine (CPU under ${q.busyBelow * 100} % busy for ` +
        `${q.windows} windows of ${q.windowMs / 1000} s): ${waits.map((w) => `${w.scenario} ${(w.waitedMs / 1000).toFixed(1)} s`).join(', ')}` +
        (busy.length > 0
          ? `; still busy at the ${q.maxMs / 1000} s deadline before ${busy.join(', ')}.`
          : '.'),
    );
    lines.push('');
  }
  const hs = result.hostStalls;
  if (hs)
    lines.push(
      `Machine stalls: a reference timer loop in its own process (${hs.realtime ? 'at real-time priority, chrt -f 1' : 'at normal priority: chrt was not permitted'}) ` +
        `saw the whole machine pause ${hs.count} times for ${STALL_THRESHOLD_MS} ms or more (${(hs.totalMs / 1000).toFixed(1)} s in all, the longest ${hs.longestMs} ms), ` +
        'as a hypervisor descheduling the virtual CPUs does. The main-thread block figures take the part of each block ' +
        'that such a stall overlaps out of it (bench/lib/hostStalls.ts); their notes give the blocks as measured.',
      '',
    );
  lines.push('| Figure | Budget | Median | Spread p25–p75 (min–max) | Result | Note |');
  lines.push('|---|---|---|---|---|---|');
  for (const f of result.figures) {
    const spread =
      f.median === undefined
        ? ''
        : `${f.p25 ?? ''}–${f.p75 ?? ''} (${f.min ?? ''}–${f.max ?? ''}) ${f.unit}`;
    lines.push(
      `| ${cell(f.title)} | ${cell(f.budget?.text ?? '')} | ${fmt(f.median, f.unit)} | ${spread} | ${statusText(f)} | ${cell(f.note ?? '')} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

/** Ratios of medians, current / earlier, per figure id. */
export function compareResults(current: BenchResult, earlier: BenchResult): string {
  const before = new Map(earlier.figures.map((f) => [f.id, f]));
  const rows = ['figure'.padEnd(44) + 'earlier'.padStart(14) + 'now'.padStart(14) + '  ratio'];
  for (const f of current.figures) {
    const b = before.get(f.id);
    const now = f.median;
    const then = b?.median;
    const ratio =
      now !== undefined && then !== undefined && then !== 0 ? (now / then).toFixed(2) + 'x' : '-';
    rows.push(
      f.id.padEnd(44) +
        (then === undefined ? '-' : `${then} ${f.unit}`).padStart(14) +
        (now === undefined ? '-' : `${now} ${f.unit}`).padStart(14) +
        `  ${ratio}`,
    );
  }
  return rows.join('\n');
}
