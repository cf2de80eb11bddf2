// Sorting and filtering helpers for the console-style list pages. The console's VirtualizedTable
// hands a column's `sort` function the rows and a direction; these build such functions from a
// sort key, with the console's comparison (openshift/console release-4.22
// frontend/public/components/factory/Table/sort.ts sortResourceByValue): numbers numerically,
// text in natural order (numeric, punctuation ignored), ties by name so the order is stable.

/** What a column sorts by: a number, a text, or several of them compared in turn. */
export type SortValue = number | string | readonly (number | string)[];

const collator = new Intl.Collator('en', { numeric: true, ignorePunctuation: true });

const compareOne = (a: number | string, b: number | string): number =>
  typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b)
    ? a - b
    : collator.compare(String(a), String(b));

export const compareSortValues = (a: SortValue, b: SortValue): number => {
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const c = compareOne(a[i] as number | string, b[i] as number | string);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  return compareOne(a as number | string, b as number | string);
};

/**
 * A column sort: a sorted copy of `rows` by `key` in `direction`, ties by `name` ascending. A
 * copy because the rows may be a memoised array other parts of the page still read.
 */
export const sortRows =
  <T>(key: (row: T) => SortValue, name: (row: T) => string) =>
  (rows: readonly T[], direction: string): T[] => {
    const sign = direction === 'desc' ? -1 : 1;
    return [...rows].sort(
      (a, b) => sign * compareSortValues(key(a), key(b)) || collator.compare(name(a), name(b)),
    );
  };

/** Labels as `key=value` strings, as the console's label filter writes them. */
export const labelStrings = (labels: Readonly<Record<string, string>> | undefined): string[] =>
  Object.entries(labels ?? {}).map(([k, v]) => `${k}=${v}`);

/**
 * A row filter's test for the console's `{ selected }` value: an empty selection keeps every
 * row (the console reports `{ selected: [] }` when the user clears the filter), otherwise the
 * row must match one of the selected ids.
 */
export const matchesAnySelected = <T>(
  selected: readonly string[] | undefined,
  row: T,
  isMatch: (row: T, id: string) => boolean,
): boolean => !selected || selected.length === 0 || selected.some((id) => isMatch(row, id));

/** A time for sorting: milliseconds since the epoch, 0 when missing or unreadable. */
export const timeKey = (iso: string | undefined): number => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : 0;
};
