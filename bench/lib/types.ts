// Shapes shared by the benchmark runner, its scenarios and its reports.
import type { Stall } from './hostStalls';

export type Unit = 'ms' | 's' | 'KB' | 'MB' | 'MiB' | '%' | 'files';

/** A budget is an upper bound on the figure's median (in the figure's unit). */
export interface Budget {
  max: number;
  text: string;
}

export type FigureStatus = 'pass' | 'fail' | 'not-measurable' | 'info';

export interface Figure {
  /** Stable key, used by --compare. */
  id: string;
  /** The scenario (the name --only takes) that produced it. */
  scenario: string;
  title: string;
  unit: Unit;
  budget?: Budget;
  status: FigureStatus;
  /** One value per measured run (warm-up excluded). */
  samples: number[];
  median?: number;
  p25?: number;
  p75?: number;
  min?: number;
  max?: number;
  /** How it was measured, or why it could not be. */
  note?: string;
}

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  loadAverage: number[];
  platform: string;
  node: string;
  chromium?: string;
  date: string;
  gitCommit?: string;
}

export interface BenchResult {
  mode: 'full' | 'quick';
  machine: MachineInfo;
  settings: { runs: number; warmup: number; soakMinutes: number };
  figures: Figure[];
  /** Seconds the whole run took. */
  durationSeconds: number;
  /** Stalls of the whole machine over the run, as the reference process saw them. */
  hostStalls?: { realtime: boolean; count: number; totalMs: number; longestMs: number };
  /** The wait for a quiet machine before each scenario (bench/lib/machine.ts). */
  quietWaits?: { scenario: string; waitedMs: number; busy?: number; quiet: boolean }[];
}

export interface ScenarioContext {
  quick: boolean;
  runs: number;
  warmup: number;
  soakMinutes: number;
  pluginDist: string;
  hostDist: string;
  /** Scratch directory removed after the run. */
  tmpDir: string;
  log(message: string): void;
  /** Filled in by the browser scenarios once Chromium has started. */
  setChromiumVersion(version: string): void;
  /** The machine's own stalls so far (bench/lib/hostStalls.ts), in wall-clock time. */
  hostStalls(): Stall[];
}

export interface Scenario {
  name: string;
  description: string;
  run(ctx: ScenarioContext): Promise<Figure[]>;
}
