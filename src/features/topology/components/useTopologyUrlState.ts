// Everything a shared link should reproduce lives in the query string: the filter (through the
// logic's parse/serialize), graph or table, internal interfaces shown, the selected element and
// the highlighted policy. Other query keys are left alone.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TopologyFilterError } from '../logic/filter';
import { parseTopologyFilter, serializeTopologyFilter } from '../logic/filter';
import type { TopologyFilter } from '../model/types';

const FILTER_KEYS = [
  'node',
  'label',
  'type',
  'state',
  'ip',
  'mac',
  'lldp',
  'vlan',
  'policy',
  'failing',
];

export type TopologyViewMode = 'graph' | 'table';

export interface TopologyUrlState {
  filter: TopologyFilter;
  filterErrors: TopologyFilterError[];
  view: TopologyViewMode;
  showInternal: boolean;
  selected?: string;
  highlightPolicy?: string;
  setFilter: (filter: TopologyFilter) => void;
  setView: (view: TopologyViewMode) => void;
  setShowInternal: (show: boolean) => void;
  setSelected: (id: string | undefined) => void;
}

export function useTopologyUrlState(): TopologyUrlState {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const parsed = useMemo(() => parseTopologyFilter(query), [query]);
  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const setFilter = useCallback(
    (filter: TopologyFilter) =>
      update((next) => {
        for (const k of FILTER_KEYS) next.delete(k);
        for (const [k, v] of new URLSearchParams(serializeTopologyFilter(filter)))
          next.append(k, v);
      }),
    [update],
  );
  const setView = useCallback(
    (view: TopologyViewMode) =>
      update((next) => {
        if (view === 'table') next.set('view', 'table');
        else next.delete('view');
      }),
    [update],
  );
  const setShowInternal = useCallback(
    (show: boolean) =>
      update((next) => {
        if (show) next.set('internal', '1');
        else next.delete('internal');
      }),
    [update],
  );
  const setSelected = useCallback(
    (id: string | undefined) =>
      update((next) => {
        if (id) next.set('selected', id);
        else next.delete('selected');
      }),
    [update],
  );
  return {
    filter: parsed.filter,
    filterErrors: parsed.errors,
    view: params.get('view') === 'table' ? 'table' : 'graph',
    showInternal: params.get('internal') === '1',
    selected: params.get('selected') ?? undefined,
    highlightPolicy: params.get('highlightPolicy') ?? undefined,
    setFilter,
    setView,
    setShowInternal,
    setSelected,
  };
}
