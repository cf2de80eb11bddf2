// Re-applying a user's draft on top of someone else's newer version (after a 409): the changes
// the user made (base -> mine) are replayed onto the latest object (theirs), key by key. Where
// both sides changed the same value differently, the user's value wins and the path is
// reported, so the conflict view can show exactly what was overridden.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface MergeResult<T> {
  merged: T;
  /** Paths where both sides changed the same value differently (mine was kept). */
  overridden: string[];
}

function mergeValue(
  base: unknown,
  mine: unknown,
  theirs: unknown,
  path: string,
  overridden: string[],
): unknown {
  if (equal(base, mine)) return theirs;
  if (equal(base, theirs) || equal(mine, theirs)) return mine;
  if (isObject(base) && isObject(mine) && isObject(theirs)) {
    const out: Record<string, unknown> = {};
    const keys = new Set([...Object.keys(theirs), ...Object.keys(mine)]);
    for (const key of keys) {
      const value = mergeValue(base[key], mine[key], theirs[key], `${path}.${key}`, overridden);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  overridden.push(path || '.');
  return mine;
}

export function threeWayMerge<T>(base: T, mine: T, theirs: T): MergeResult<T> {
  const overridden: string[] = [];
  const merged = mergeValue(base, mine, theirs, '', overridden) as T;
  return { merged, overridden };
}

export type { Json };
