// Long lists of cluster data (a policy can list thousands of interfaces) render one page at a
// time: rendering every row of a 6,000-interface policy took 17 s. A name filter finds a row
// without paging through.
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import {
  Pagination,
  SearchInput,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';

export interface PagedRows<T> {
  /** The rows of the current page with their positions in the full list. */
  rows: { item: T; index: number }[];
  /** Toolbar with the name filter and the page selector; null while everything fits one page. */
  controls: ReactNode;
  /** Bottom page selector; null while everything fits one page. */
  footer: ReactNode;
  /** Shows the page holding `index` (e.g. a row just added) and clears the filter. */
  showIndex: (index: number) => void;
}

interface PagedRowsOptions<T> {
  items: readonly T[];
  perPage: number;
  /** Text the name filter matches (case-insensitive substring). */
  nameOf: (item: T) => string;
  /** Narrows further, e.g. to rows with problems. */
  keep?: (item: T, index: number) => boolean;
  filterLabel: string;
  testId: string;
  /** Extra toolbar items next to the filter. */
  extra?: ReactNode;
}

export function usePagedRows<T>({
  items,
  perPage,
  nameOf,
  keep,
  filterLabel,
  testId,
  extra,
}: PagedRowsOptions<T>): PagedRows<T> {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const matching = useMemo(() => {
    const q = query.trim().toLowerCase();
    const out: { item: T; index: number }[] = [];
    items.forEach((item, index) => {
      if (q !== '' && !nameOf(item).toLowerCase().includes(q)) return;
      if (keep && !keep(item, index)) return;
      out.push({ item, index });
    });
    return out;
  }, [items, query, nameOf, keep]);
  const paged = items.length > perPage || query !== '' || keep !== undefined;
  const lastPage = Math.max(1, Math.ceil(matching.length / perPage));
  const current = Math.min(page, lastPage);
  const rows = paged ? matching.slice((current - 1) * perPage, current * perPage) : matching;
  const pagination = (variant: 'top' | 'bottom') => (
    <Pagination
      itemCount={matching.length}
      perPage={perPage}
      page={current}
      onSetPage={(_e, p) => setPage(p)}
      perPageOptions={[]}
      variant={variant}
      isCompact={variant === 'top'}
      data-test={`${testId}-pagination-${variant}`}
    />
  );
  return {
    rows,
    controls: paged ? (
      <Toolbar data-test={`${testId}-toolbar`}>
        <ToolbarContent>
          <ToolbarItem>
            <SearchInput
              aria-label={filterLabel}
              placeholder={filterLabel}
              value={query}
              onChange={(_e, v) => {
                setQuery(v);
                setPage(1);
              }}
              onClear={() => {
                setQuery('');
                setPage(1);
              }}
              data-test={`${testId}-filter`}
            />
          </ToolbarItem>
          {extra}
          <ToolbarItem variant="pagination" align={{ default: 'alignEnd' }}>
            {pagination('top')}
          </ToolbarItem>
        </ToolbarContent>
      </Toolbar>
    ) : null,
    footer: paged && matching.length > perPage ? pagination('bottom') : null,
    showIndex: (index: number) => {
      setQuery('');
      setPage(Math.floor(index / perPage) + 1);
    },
  };
}
