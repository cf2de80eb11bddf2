// Re-applying a user's draft on top of someone else's newer version (after a 409). The changes
// the user made (base -> mine) are replayed onto the latest object (theirs). Lists are merged
// element by element, by an identity the caller gives per path (an nmstate interface by name and
// type, a CNI plugin by type and position …), so a colleague's new element or an edit of another
// element survives. Where both sides changed the same element differently, nothing is picked
// silently: the result lists a conflict with all three values, and the caller re-runs the merge
// with the user's choice for each conflict.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type ConflictChoice = 'mine' | 'theirs';

export interface MergeConflict {
  /** Stable, readable path of the element (`spec.desiredState.interfaces[eth1/ethernet].mtu`). */
  id: string;
  /** `undefined` means the side does not have it (never had it, or removed it). */
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** The element's order differs on both sides (the values are the identity lists). */
  order?: boolean;
  choice: ConflictChoice | null;
}

export interface MergeResult<T> {
  merged: T;
  /** Every element both sides changed differently, resolved or not. */
  conflicts: MergeConflict[];
  /** Conflicts without a choice; the merged value holds theirs there until the user chooses. */
  unresolved: number;
}

/** The identity of a list element, or null when the list has to be treated as one value. */
export type ElementIdentity = (item: unknown, index: number, list: readonly unknown[]) => string;

/**
 * For a list at `path` (object keys only; list elements appear as `*`), how its elements are
 * identified. Returning undefined falls back to the default: scalars by value, objects by a
 * unique `name`, anything else as one value.
 */
export type ListIdentityFor = (path: readonly string[]) => ElementIdentity | null | undefined;

export interface MergeOptions {
  identity?: ListIdentityFor;
  choices?: Readonly<Record<string, ConflictChoice>>;
  /**
   * Applied to conflicts without a choice. Only for callers that show the conflicts another way;
   * without it an unchosen conflict keeps theirs and counts as unresolved.
   */
  defaultChoice?: ConflictChoice;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Key-order independent JSON, so `{a,b}` and `{b,a}` are the same value. */
export function stableJson(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .filter((k) => v[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

const equal = (a: unknown, b: unknown): boolean => stableJson(a) === stableJson(b);

const isScalar = (v: unknown): boolean =>
  v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** Default identity: scalars by value, objects by a unique string `name`. */
const defaultIdentity = (lists: readonly (readonly unknown[])[]): ElementIdentity | null => {
  const all = lists.flat();
  if (all.every(isScalar)) return (item) => `=${stableJson(item)}`;
  if (all.every((i) => isObject(i) && typeof i.name === 'string'))
    return (item) => (isObject(item) ? String(item.name) : '');
  return null;
};

interface Keyed {
  ids: string[];
  byId: Map<string, unknown>;
}

/** Identities made unique by occurrence (a second `=x` becomes `=x#2`). */
const keyList = (list: readonly unknown[], identify: ElementIdentity): Keyed => {
  const seen = new Map<string, number>();
  const ids: string[] = [];
  const byId = new Map<string, unknown>();
  list.forEach((item, index) => {
    const raw = identify(item, index, list);
    const n = (seen.get(raw) ?? 0) + 1;
    seen.set(raw, n);
    const id = n === 1 ? raw : `${raw}#${n}`;
    ids.push(id);
    byId.set(id, item);
  });
  return { ids, byId };
};

class Merger {
  readonly conflicts: MergeConflict[] = [];

  constructor(private readonly opts: MergeOptions) {}

  private conflict(id: string, base: unknown, mine: unknown, theirs: unknown, order = false) {
    const choice = this.opts.choices?.[id] ?? this.opts.defaultChoice ?? null;
    const c: MergeConflict = { id, base, mine, theirs, choice };
    if (order) c.order = true;
    this.conflicts.push(c);
    return choice === 'mine' ? mine : theirs;
  }

  value(base: unknown, mine: unknown, theirs: unknown, path: string[], id: string): unknown {
    if (equal(mine, theirs)) return mine;
    if (equal(base, mine)) return theirs;
    if (equal(base, theirs)) return mine;
    if (isObject(mine) && isObject(theirs) && (base === undefined || isObject(base)))
      return this.object(isObject(base) ? base : {}, mine, theirs, path, id);
    if (Array.isArray(mine) && Array.isArray(theirs) && (base === undefined || Array.isArray(base)))
      return this.list(Array.isArray(base) ? base : [], mine, theirs, path, id);
    return this.conflict(id || '.', base, mine, theirs);
  }

  private object(
    base: Record<string, unknown>,
    mine: Record<string, unknown>,
    theirs: Record<string, unknown>,
    path: string[],
    id: string,
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    // Theirs first keeps the server's key order; the user's new keys follow.
    const keys = new Set([...Object.keys(theirs), ...Object.keys(mine), ...Object.keys(base)]);
    for (const key of keys) {
      const v = this.value(
        base[key],
        mine[key],
        theirs[key],
        [...path, key],
        id ? `${id}.${key}` : key,
      );
      if (v !== undefined) out[key] = v;
    }
    return out;
  }

  private list(
    base: readonly unknown[],
    mine: readonly unknown[],
    theirs: readonly unknown[],
    path: string[],
    id: string,
  ): unknown {
    const configured = this.opts.identity?.(path);
    const identify = configured === undefined ? defaultIdentity([base, mine, theirs]) : configured;
    if (!identify) return this.conflict(id || '.', base, mine, theirs);
    const b = keyList(base, identify);
    const m = keyList(mine, identify);
    const t = keyList(theirs, identify);
    const merged = new Map<string, unknown>();
    const all = [...new Set([...t.ids, ...m.ids, ...b.ids])];
    for (const key of all) {
      const elementId = `${id}[${key}]`;
      const v = this.value(
        b.byId.get(key),
        m.byId.get(key),
        t.byId.get(key),
        [...path, '*'],
        elementId,
      );
      if (v !== undefined) merged.set(key, v);
    }
    const order = this.order(b.ids, m.ids, t.ids, id);
    return order.filter((k) => merged.has(k)).map((k) => merged.get(k));
  }

  /**
   * The order of the merged list: the side that reordered wins; when both reordered the shared
   * elements differently the user chooses. Elements only one side has are placed after the
   * element they follow on that side.
   */
  private order(b: string[], m: string[], t: string[], id: string): string[] {
    const relative = (list: string[], keep: Set<string>) => list.filter((k) => keep.has(k));
    const shared = new Set(b.filter((k) => m.includes(k) && t.includes(k)));
    const rb = relative(b, shared);
    const rm = relative(m, shared);
    const rt = relative(t, shared);
    let skeleton = rt;
    if (!equal(rm, rb) && !equal(rt, rb) && !equal(rm, rt))
      skeleton = this.conflict(`${id}(order)`, rb, rm, rt, true) as string[];
    else if (!equal(rm, rb)) skeleton = rm;
    const out = [...skeleton];
    const place = (source: string[]) => {
      source.forEach((k, i) => {
        if (out.includes(k)) return;
        const before = source
          .slice(0, i)
          .reverse()
          .find((p) => out.includes(p));
        out.splice(before === undefined ? 0 : out.indexOf(before) + 1, 0, k);
      });
    };
    place(t);
    place(m);
    return out;
  }
}

export function threeWayMerge<T>(
  base: T,
  mine: T,
  theirs: T,
  opts: MergeOptions = {},
): MergeResult<T> {
  const merger = new Merger(opts);
  const merged = merger.value(base, mine, theirs, [], '') as T;
  return {
    merged,
    conflicts: merger.conflicts,
    unresolved: merger.conflicts.filter((c) => c.choice === null).length,
  };
}

export type { Json };
