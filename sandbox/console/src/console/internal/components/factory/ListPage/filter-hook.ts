// `@console/internal/components/factory/ListPage/filter-hook`: the SDK's useListPageFilter.
// Follows openshift/console release-4.22 frontend/public/components/factory/ListPage/
// filter-hook.ts: it keeps the filter values ListPageFilter reports (by filter type); the first
// array it returns is the data after the static filters, the second after the static and the
// user's filters; a filter type without a filter function, or with no value at all, keeps every
// object; the `name` query parameter is taken into the name filter whenever the URL changes.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import type {
  AnyRowFilter,
  FilterValue,
  OnFilterChange,
} from '@openshift-console/dynamic-plugin-sdk';
import { useUserPreference } from '../../../../shared/src/hooks/useUserPreference';
import { getAllTableFilters } from '../table-filters';
import type { FilterMap } from '../table-filters';

// As upstream (lodash isEmpty on the value object): `{ selected: [] }` is not empty, so a row
// filter's function sees an empty selection and must keep every object then.
const isEmptyValue = (v: FilterValue | undefined): boolean => !v || Object.keys(v).length === 0;

function filterData<D>(data: D[], filter: Record<string, FilterValue> = {}, map: FilterMap): D[] {
  const types = Object.keys(filter);
  return ((data as D[] | undefined) ?? []).filter((d) =>
    types.every((type) => {
      const value = filter[type];
      return map[type] && value && !isEmptyValue(value) ? map[type](value, d) : true;
    }),
  );
}

export function useListPageFilter<D, R>(
  data: D[],
  rowFilters?: AnyRowFilter<R>[],
  staticFilters?: Record<string, FilterValue>,
): [D[], D[], OnFilterChange] {
  const [filter, setFilter] = useState<Record<string, FilterValue>>();
  const [exact] = useUserPreference<boolean>('console.enableExactSearch', false);
  const location = useLocation();

  useEffect(() => {
    const name = new URLSearchParams(location.search).get('name');
    if (name !== null && name !== filter?.name?.selected?.[0])
      setFilter((state) => ({ ...state, name: { selected: [name] } }));
  }, [filter, location]);

  const onFilterChange = useCallback<OnFilterChange>(
    (type, value) => setFilter((state) => ({ ...state, [type]: value })),
    [],
  );

  return useMemo(() => {
    const map = getAllTableFilters(rowFilters as AnyRowFilter[] | undefined, exact === true);
    const staticData = filterData(data, staticFilters, map);
    return [staticData, filterData(staticData, filter, map), onFilterChange];
  }, [data, filter, exact, onFilterChange, rowFilters, staticFilters]);
}
