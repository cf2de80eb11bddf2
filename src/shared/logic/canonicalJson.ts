import { isRecord } from './isRecord';

/** Key-order-insensitive JSON, for comparing objects read from different sources. */
export const canonicalJson = (v: unknown): string =>
  JSON.stringify(v, (_k, val: unknown) =>
    isRecord(val)
      ? Object.fromEntries(Object.entries(val).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : val,
  );
