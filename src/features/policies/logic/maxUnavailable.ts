// maxUnavailable exactly as the kubernetes-nmstate handler reads it (v0.85.0
// pkg/node/nodes.go `MaxUnavailableNodeCount`/`ScaledMaxUnavailableNodeCount`, scaling with
// k8s.io/apimachinery intstr `GetScaledValueFromIntOrPercent` rounding up, against the number of
// the policy's enactments). The handler never refuses a value: a string without `%` (or with a
// non-integer) is an error it only logs before using the 50% default, a result below 1 becomes 1,
// and over 100% simply means every node.
export const DEFAULT_MAX_UNAVAILABLE = '50%';

export type MaxUnavailableReading =
  /** Used as written. */
  | 'ok'
  /** Not an int or a "N%" string: the handler logs an error and uses 50%. */
  | 'fallback'
  /** Scaled below 1 (0, negatives, a small percentage of few nodes): the handler uses 1. */
  | 'atLeastOne'
  /** More than 100%: every node at once. */
  | 'allNodes';

export interface ResolvedMaxUnavailable {
  count: number;
  raw: number | string;
  reading: MaxUnavailableReading;
  /** Kept for callers of the older API: true when the handler fell back to 50%. */
  defaulted: boolean;
}

/** Go `strconv.Atoi`: an optional sign and decimal digits, nothing else. */
const ATOI = /^[+-]?\d+$/;

export function resolveMaxUnavailable(value: unknown, total: number): ResolvedMaxUnavailable {
  const scale = (pct: number): number => Math.ceil((pct * total) / 100);
  const done = (count: number, raw: number | string, reading: MaxUnavailableReading) => {
    if (count < 1)
      return {
        count: 1,
        raw,
        reading: reading === 'ok' ? 'atLeastOne' : reading,
        defaulted: reading === 'fallback',
      };
    return { count, raw, reading, defaulted: reading === 'fallback' };
  };
  if (value === undefined || value === null) return done(scale(50), DEFAULT_MAX_UNAVAILABLE, 'ok');
  if (typeof value === 'number' && Number.isInteger(value)) return done(value, value, 'ok');
  if (typeof value === 'string' && value.endsWith('%') && ATOI.test(value.slice(0, -1))) {
    const pct = Number(value.slice(0, -1));
    return done(scale(pct), value, pct > 100 ? 'allNodes' : 'ok');
  }
  const raw =
    typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value);
  return done(scale(50), raw, 'fallback');
}
