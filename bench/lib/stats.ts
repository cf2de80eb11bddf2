// Order statistics over measured samples, and the helpers that turn samples into a Figure.
import type { Budget, Figure, Unit } from './types';

/** Linear-interpolated quantile (q in [0, 1]) of unsorted values. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[hi] ?? Number.NaN;
  return a + (b - a) * (pos - lo);
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

export interface FigureSpec {
  id: string;
  scenario: string;
  title: string;
  unit: Unit;
  budget?: Budget;
  note?: string;
}

/** A measured figure: median and spread of the samples, pass/fail against the budget. */
export function measuredFigure(spec: FigureSpec, samples: readonly number[]): Figure {
  if (samples.length === 0 || samples.some((s) => !Number.isFinite(s)))
    return notMeasurable(spec, spec.note ?? 'no valid sample');
  const med = median(samples);
  return {
    ...spec,
    status: spec.budget ? (med <= spec.budget.max ? 'pass' : 'fail') : 'info',
    samples: samples.map(round),
    median: round(med),
    p25: round(quantile(samples, 0.25)),
    p75: round(quantile(samples, 0.75)),
    min: round(Math.min(...samples)),
    max: round(Math.max(...samples)),
  };
}

export function notMeasurable(spec: FigureSpec, why: string): Figure {
  return { ...spec, status: 'not-measurable', samples: [], note: why };
}

export function round(value: number): number {
  if (Math.abs(value) >= 100) return Math.round(value * 10) / 10;
  if (Math.abs(value) >= 1) return Math.round(value * 100) / 100;
  return Math.round(value * 10000) / 10000;
}

/** Runs `fn` warm-up + runs times and returns the measured (non-warm-up) results. */
export async function repeat<T>(
  warmup: number,
  runs: number,
  fn: (index: number, warm: boolean) => Promise<T>,
): Promise<T[]> {
  for (let i = 0; i < warmup; i++) await fn(i, true);
  const out: T[] = [];
  for (let i = 0; i < runs; i++) out.push(await fn(i, false));
  return out;
}
