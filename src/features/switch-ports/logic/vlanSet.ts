// VLAN id lists as HostNetworkAttachment `allowedVLANs` writes them (`["10", "20-30"]`) or as a
// person types them (`"10, 20-30"`), and a compact set type for the cross-layer checks.
import type { ParseVlanListResult, VlanListIssue, VlanRange, VlanSet } from '../model/types';

export const VLAN_MIN = 1;
export const VLAN_MAX = 4094;

const TERM = /^(\d{1,9})(?:\s*-\s*(\d{1,9}))?$/;

export const EMPTY_VLAN_SET: VlanSet = Object.freeze([]);

/** Normalises arbitrary ranges/ids into a VlanSet (sorts, merges overlapping and adjacent). */
export function vlanSetOf(items: Iterable<number | VlanRange>): VlanSet {
  const ranges: VlanRange[] = [];
  for (const item of items) {
    const r = typeof item === 'number' ? { min: item, max: item } : item;
    if (!Number.isInteger(r.min) || !Number.isInteger(r.max) || r.min > r.max) continue;
    ranges.push({ min: r.min, max: r.max });
  }
  ranges.sort((a, b) => a.min - b.min || a.max - b.max);
  const out: VlanRange[] = [];
  for (const r of ranges) {
    const last = out[out.length - 1];
    if (last && r.min <= last.max + 1) {
      if (r.max > last.max) out[out.length - 1] = { min: last.min, max: r.max };
    } else out.push(r);
  }
  return out;
}

export function union(a: VlanSet, b: VlanSet): VlanSet {
  return vlanSetOf([...a, ...b]);
}

export function intersect(a: VlanSet, b: VlanSet): VlanSet {
  const out: VlanRange[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as VlanRange;
    const y = b[j] as VlanRange;
    const min = Math.max(x.min, y.min);
    const max = Math.min(x.max, y.max);
    if (min <= max) out.push({ min, max });
    if (x.max < y.max) i++;
    else j++;
  }
  return out;
}

/** Ids in `a` that are not in `b`. */
export function difference(a: VlanSet, b: VlanSet): VlanSet {
  const out: VlanRange[] = [];
  let j = 0;
  for (const r of a) {
    let min = r.min;
    while (j < b.length && (b[j] as VlanRange).max < min) j++;
    let k = j;
    while (k < b.length && (b[k] as VlanRange).min <= r.max) {
      const cut = b[k] as VlanRange;
      if (cut.min > min) out.push({ min, max: cut.min - 1 });
      min = Math.max(min, cut.max + 1);
      k++;
    }
    if (min <= r.max) out.push({ min, max: r.max });
  }
  return out;
}

export function has(set: VlanSet, id: number): boolean {
  let lo = 0;
  let hi = set.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = set[mid] as VlanRange;
    if (id < r.min) hi = mid - 1;
    else if (id > r.max) lo = mid + 1;
    else return true;
  }
  return false;
}

export function size(set: VlanSet): number {
  let n = 0;
  for (const r of set) n += r.max - r.min + 1;
  return n;
}

export function ids(set: VlanSet): number[] {
  const out: number[] = [];
  for (const r of set) for (let v = r.min; v <= r.max; v++) out.push(v);
  return out;
}

/**
 * The HostNetworkAttachment `allowedVLANs` form: one string per id or `start-end` range. Two-id
 * ranges are written as two ids because the webhook requires start < end for a range.
 */
export function toStrings(set: VlanSet): string[] {
  const out: string[] = [];
  for (const r of set) {
    if (r.min === r.max) out.push(String(r.min));
    else if (r.max === r.min + 1) out.push(String(r.min), String(r.max));
    else out.push(`${r.min}-${r.max}`);
  }
  return out;
}

/** `10,20-30` (stable, parseable by `parseVlanList`). */
export function format(set: VlanSet): string {
  return set.map((r) => (r.min === r.max ? String(r.min) : `${r.min}-${r.max}`)).join(',');
}

/**
 * Parses a VLAN list. Errors: `vlan.syntax`, `vlan.outOfRange` (outside 1–4094),
 * `vlan.reversedRange` (start > end). Warnings: `vlan.singletonRange` (`5-5`; the HNA webhook
 * rejects it, `validateHostNetworkAttachment` makes it an error) and `vlan.overlap` (a term
 * overlapping an earlier one). Valid terms always reach `set`.
 */
export function parseVlanList(input: string | readonly string[]): ParseVlanListResult {
  const errors: VlanListIssue[] = [];
  const warnings: VlanListIssue[] = [];
  const terms: { text: string; index: number }[] = [];
  if (typeof input === 'string') {
    if (input.trim() !== '')
      input.split(',').forEach((t, index) => {
        terms.push({ text: t.trim(), index });
      });
  } else if (Array.isArray(input)) {
    input.forEach((t: unknown, index) => {
      terms.push({ text: typeof t === 'string' ? t.trim() : String(t), index });
    });
  }
  const accepted: { range: VlanRange; text: string; index: number }[] = [];
  for (const { text, index } of terms) {
    const m = TERM.exec(text);
    if (!m) {
      errors.push({ code: 'vlan.syntax', index, params: { value: text } });
      continue;
    }
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : Number(m[2]);
    if (min < VLAN_MIN || min > VLAN_MAX || max < VLAN_MIN || max > VLAN_MAX) {
      errors.push({
        code: 'vlan.outOfRange',
        index,
        params: { value: text, min: VLAN_MIN, max: VLAN_MAX },
      });
      continue;
    }
    if (min > max) {
      errors.push({
        code: 'vlan.reversedRange',
        index,
        params: { value: text, start: min, end: max },
      });
      continue;
    }
    if (m[2] !== undefined && min === max)
      warnings.push({ code: 'vlan.singletonRange', index, params: { value: text } });
    accepted.push({ range: { min, max }, text, index });
  }
  // Overlaps: sort by start and compare with the furthest-reaching earlier term.
  const byStart = [...accepted].sort((a, b) => a.range.min - b.range.min || a.index - b.index);
  let reach: (typeof accepted)[number] | undefined;
  for (const t of byStart) {
    if (reach && t.range.min <= reach.range.max) {
      const [first, second] = reach.index < t.index ? [reach, t] : [t, reach];
      warnings.push({
        code: 'vlan.overlap',
        index: second.index,
        params: { value: second.text, with: first.text },
      });
    }
    if (!reach || t.range.max > reach.range.max) reach = t;
  }
  warnings.sort((a, b) => a.index - b.index);
  return {
    ok: errors.length === 0,
    set: vlanSetOf(accepted.map((a) => a.range)),
    errors,
    warnings,
  };
}
