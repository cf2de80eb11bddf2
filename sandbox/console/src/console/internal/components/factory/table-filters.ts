// The console's built-in list filters the stand-in's useListPageFilter applies, after
// openshift/console release-4.22 frontend/public/components/factory/table-filters.ts:
// - `name`: the first selected value matched against metadata.name, fuzzily and ignoring case
//   (the characters of the query appear in the name in order: the `fuzzysearch` package), or as
//   a substring when the user chose exact search (user setting `console.enableExactSearch`);
// - `labels`: every value of `all` (`key=value`) is one of the object's labels (`key=value`,
//   console-shared/src/utils/label-filter.ts getLabelsAsString);
// - a row filter of the page replaces a built-in filter of the same `type`.
import type { AnyRowFilter, FilterValue } from '@openshift-console/dynamic-plugin-sdk';

export type FilterMap = Record<string, (value: FilterValue, obj: unknown) => boolean>;

export const fuzzyCaseInsensitive = (needle: string, haystack: string): boolean => {
  const n = needle.toLowerCase();
  const h = haystack.toLowerCase();
  let at = 0;
  for (const ch of n) {
    at = h.indexOf(ch, at);
    if (at < 0) return false;
    at += 1;
  }
  return true;
};

const exactMatch = (needle: string, haystack: string): boolean =>
  !needle || haystack.includes(needle);

type Labelled = { metadata?: { name?: string; labels?: Record<string, string> } };

/** Labels as the console writes them in the label filter: `key=value`. */
export const labelsAsStrings = (obj: unknown, path = 'metadata.labels'): string[] => {
  const labels = path
    .split('.')
    .reduce<unknown>(
      (cur, key) =>
        cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined,
      obj,
    );
  if (!labels || typeof labels !== 'object') return [];
  return Object.entries(labels as Record<string, unknown>).map(([k, v]) => `${k}=${String(v)}`);
};

export const getAllTableFilters = (
  rowFilters: readonly AnyRowFilter[] | undefined,
  exact = false,
): FilterMap => {
  const match = exact ? exactMatch : fuzzyCaseInsensitive;
  const builtIn: FilterMap = {
    name: (filter, obj) =>
      match(filter.selected?.[0] ?? '', (obj as Labelled).metadata?.name ?? ''),
    labels: (values, obj) => {
      if (!Array.isArray(values.all)) return true;
      const labels = labelsAsStrings(obj);
      return values.all.every((v) => labels.includes(v));
    },
  };
  for (const f of rowFilters ?? []) {
    if (f.type && typeof f.filter === 'function') builtIn[f.type] = f.filter as FilterMap[string];
  }
  return builtIn;
};
