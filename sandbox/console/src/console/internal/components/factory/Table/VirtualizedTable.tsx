// `@console/internal/components/factory/Table/VirtualizedTable`: the SDK's VirtualizedTable
// (default export) and TableData. Behaviour follows openshift/console release-4.22
// frontend/public/components/factory/Table/VirtualizedTable.tsx, VirtualizedTableBody.tsx,
// TableHeader.tsx, sort.ts, factory/table.tsx (TableRow) and console-shared/src/components/
// status/StatusBox.tsx, empty-state/EmptyBox.tsx:
// - loading shows the `loading-skeleton--table` skeleton, a load error the error box; loaded with
//   no objects at all shows `NoDataEmptyMsg` when given, and with none left by the filters
//   `EmptyMsg` or "No <label> found" (`data-test="empty-box"`);
// - columns that do not fit the window are dropped from the end (at most 2 columns below 576px,
//   4 below 992px, 6 below 1200px, 8 below 1400px; the kebab column, id '', always stays);
// - the sorted column starts as `sortColumnIndex` (0) and `sortDirection` (asc), or as the URL
//   says when it names a column: `sortBy=<column title>&orderBy=asc|desc`. Clicking a sortable
//   header (`sort` set) writes both into the URL (replacing the history entry);
// - a string `sort` is a path into the object, compared numerically when both values are numbers
//   and otherwise as text with natural order (numeric, punctuation ignored), ties broken by
//   metadata.name; a function `sort` receives the data and the direction;
// - rows are windowed against the page's scroll container (`scrollNode` or the nearest
//   scrolling ancestor): only rows in view are in the DOM, each a `tr` with
//   `data-test-rows="resource-row"`, `data-index` and `data-key`; header and rows are fixed-layout
//   tables of their own, so columns line up through the widths the columns give (`props`
//   className on the header, `className` on TableData);
// - TableData renders a cell only for an active column (or the id '' of the kebab column),
//   `data-label` the column id, role gridcell.
// Differences, none visible to a plugin: the console windows with react-virtualized and measures
// every row (CellMeasurer); the stand-in keeps spacer rows above and below the rendered ones,
// sized from each row's measured height, and the measured rows' mean for rows not yet rendered.
// Per row, not one mean for all: with rows of very different heights a mean over whichever rows
// are rendered changes with the range it decides, and the range flips back and forth forever. Row selection (`onSelect`) and CSV export are not implemented (no
// Switchboard list uses them). The console sorts the data array in place; the stand-in sorts a
// copy.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, EmptyState, EmptyStateBody, EmptyStateVariant } from '@patternfly/react-core';
import { SortByDirection, Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import type { ISortBy, ThProps } from '@patternfly/react-table';
import type {
  RowProps,
  TableColumn,
  TableDataProps,
  VirtualizedTableProps,
} from '@openshift-console/dynamic-plugin-sdk';
import './virtualized-table.css';

const MIN_ROW_HEIGHT = 44;

const maxColumnsFor = (width: number): number =>
  width < 576 ? 2 : width < 992 ? 4 : width < 1200 ? 6 : width < 1400 ? 8 : Infinity;

export function TableData({ className, id, activeColumnIDs, children }: TableDataProps) {
  if (!activeColumnIDs.has(id) && id !== '') return null;
  return (
    <Td data-label={id} className={className} role="gridcell">
      {children}
    </Td>
  );
}

const valueAt = (obj: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (cur, key) =>
        cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined,
      obj,
    ) ?? '';

const nameOf = (obj: unknown): string =>
  (obj as { metadata?: { name?: string } } | undefined)?.metadata?.name ?? '';

function compareByValue<D>(direction: SortByDirection, get: (obj: D) => unknown) {
  const lang = navigator.languages[0] || navigator.language;
  const opts = { numeric: true, ignorePunctuation: true };
  return (a: D, b: D): number => {
    const x = get(a);
    const y = get(b);
    const result =
      typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y)
        ? x - y
        : String(x).localeCompare(String(y), lang, opts);
    if (result !== 0) return direction === SortByDirection.asc ? result : -result;
    return nameOf(a).localeCompare(nameOf(b), lang, opts);
  };
}

function scrollParent(node: HTMLElement): HTMLElement | null {
  for (let el = node.parentElement; el; el = el.parentElement) {
    const { overflowY } = getComputedStyle(el);
    if (overflowY === 'auto' || overflowY === 'scroll') return el;
  }
  return null;
}

function Box({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="loading-box loading-box__loaded" data-test={testId}>
      {children}
    </div>
  );
}

function EmptyBox({ label }: { label?: string }) {
  return (
    <EmptyState variant={EmptyStateVariant.xs} data-test="empty-box">
      <EmptyStateBody>{label ? `No ${label} found` : 'Not found'}</EmptyStateBody>
    </EmptyState>
  );
}

/** The height of rows `from` to `to` (excluded). */
function spanHeight(heightOf: (index: number) => number, from: number, to: number): number {
  let total = 0;
  for (let i = from; i < to; i++) total += heightOf(i);
  return total;
}

interface WindowRange {
  start: number;
  end: number;
}

function VirtualizedBody<D, R>({
  data,
  columns,
  Row,
  rowData,
  scrollNode,
  onRowsRendered,
}: {
  data: D[];
  columns: TableColumn<D>[];
  Row: VirtualizedTableProps<D, R>['Row'];
  rowData?: R;
  scrollNode?: () => HTMLElement;
  onRowsRendered?: (params: unknown) => void;
}) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // Measured height by row index; rows never rendered count as the measured rows' mean.
  const heightsRef = useRef(new Map<number, number>());
  const [range, setRange] = useState<WindowRange>({ start: 0, end: 0 });
  const activeColumnIDs = useMemo(() => new Set(columns.map((c) => c.id)), [columns]);
  const count = data.length;

  const meanRef = useRef(MIN_ROW_HEIGHT);
  const heightOf = useCallback(
    (index: number): number => heightsRef.current.get(index) ?? meanRef.current,
    [],
  );

  const measure = useCallback(() => {
    const body = bodyRef.current;
    if (!body) return;
    body.querySelectorAll<HTMLElement>('tr[data-test-rows="resource-row"]').forEach((r) => {
      const index = Number(r.dataset.index);
      const height = Math.max(MIN_ROW_HEIGHT, r.getBoundingClientRect().height);
      if (Number.isInteger(index)) heightsRef.current.set(index, height);
    });
    if (heightsRef.current.size > 0) {
      let total = 0;
      heightsRef.current.forEach((v) => (total += v));
      meanRef.current = total / heightsRef.current.size;
    }
    const container = scrollNode?.() ?? scrollParent(body);
    const viewTop = container ? container.getBoundingClientRect().top : 0;
    const viewBottom = container ? container.getBoundingClientRect().bottom : window.innerHeight;
    const top = body.getBoundingClientRect().top;
    let start = 0;
    let offset = 0;
    while (start < count && offset + heightOf(start) <= viewTop - top) offset += heightOf(start++);
    let end = start;
    while (end < count && offset < viewBottom - top) offset += heightOf(end++);
    setRange((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
  }, [count, scrollNode, heightOf]);

  // Measuring reads layout, so it runs when the rows in view or their number change (and on
  // scroll and resize), not on every render of a live list.
  useLayoutEffect(() => {
    measure();
  }, [measure, range.start, range.end]);

  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return undefined;
    const container = scrollNode?.() ?? scrollParent(body);
    const target: HTMLElement | Window = container ?? window;
    target.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      target.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [measure, scrollNode]);

  useEffect(() => {
    if (range.end > range.start)
      onRowsRendered?.({ startIndex: range.start, stopIndex: range.end - 1 });
  }, [range, onRowsRendered]);

  const rows: ReactNode[] = [];
  for (let index = range.start; index < range.end && index < count; index++) {
    const obj = data[index] as D;
    const uid = (obj as { metadata?: { uid?: string } } | undefined)?.metadata?.uid;
    const key = uid ?? `${index}-0`;
    rows.push(
      <Tr
        key={key}
        data-id={key}
        data-index={index}
        data-test-rows="resource-row"
        data-key={key}
        className="pf-v6-c-table__tr"
        role="row"
      >
        <Row obj={obj} activeColumnIDs={activeColumnIDs} rowData={rowData as R} index={index} />
      </Tr>,
    );
  }
  return (
    <Tbody ref={bodyRef}>
      <tr
        aria-hidden
        className="co-virtualized-table__spacer"
        style={{ height: spanHeight(heightOf, 0, range.start) }}
      />
      {rows}
      <tr
        aria-hidden
        className="co-virtualized-table__spacer"
        style={{ height: spanHeight(heightOf, Math.max(range.end, range.start), count) }}
      />
    </Tbody>
  );
}

export default function VirtualizedTable<D, R = object>({
  data,
  unfilteredData,
  loaded,
  loadError,
  columns: allColumns,
  Row,
  NoDataEmptyMsg,
  EmptyMsg,
  scrollNode,
  label,
  'aria-label': ariaLabel,
  rowData,
  sortColumnIndex,
  sortDirection,
  onRowsRendered,
}: VirtualizedTableProps<D, R>) {
  const navigate = useNavigate();
  const location = useLocation();
  const [sortBy, setSortBy] = useState<{ index: number; direction: SortByDirection }>({
    index: sortColumnIndex || 0,
    direction: sortDirection || SortByDirection.asc,
  });
  const [windowWidth, setWindowWidth] = useState(window.innerWidth);

  const columns = useMemo(() => {
    const max = maxColumnsFor(windowWidth);
    const ids = allColumns.map((c) => c.id);
    return allColumns.filter((c) => c.id === '' || ids.indexOf(c.id) < max);
  }, [windowWidth, allColumns]);

  // The URL's sort applies once, when the table mounts (as upstream).
  useEffect(() => {
    const sp = new URLSearchParams(window.location.search);
    const index = columns.findIndex((c) => c.title === sp.get('sortBy'));
    if (index > -1)
      setSortBy({
        index,
        direction:
          sp.get('orderBy') === SortByDirection.desc ? SortByDirection.desc : SortByDirection.asc,
      });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWindowWidth(window.innerWidth), 100);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSort = useCallback(
    (event: { preventDefault(): void }, index: number, direction: 'asc' | 'desc') => {
      event.preventDefault();
      const column = columns[index];
      if (!column) return;
      const sp = new URLSearchParams(location.search);
      sp.set('orderBy', direction);
      sp.set('sortBy', column.title);
      void navigate(`${location.pathname}?${sp.toString()}${location.hash}`, { replace: true });
      setSortBy({
        index,
        direction: direction === 'desc' ? SortByDirection.desc : SortByDirection.asc,
      });
    },
    [columns, location, navigate],
  );

  const sortedData = useMemo(() => {
    const column = columns[sortBy.index];
    if (!column?.sort) return data;
    if (typeof column.sort === 'string') {
      const path = column.sort;
      return [...data].sort(compareByValue<D>(sortBy.direction, (obj) => valueAt(obj, path)));
    }
    return column.sort(data, sortBy.direction);
  }, [columns, data, sortBy]);

  if (loadError) {
    const message =
      loadError instanceof Error
        ? loadError.message
        : String((loadError as { message?: unknown } | null)?.message ?? loadError);
    return (
      <Box testId="load-error">
        <Alert variant="danger" isInline title={`Error loading ${label ?? 'data'}`}>
          {message}
        </Alert>
      </Box>
    );
  }
  if (!loaded) return <div className="loading-skeleton--table" data-test="loading-skeleton" />;
  if (NoDataEmptyMsg && ((unfilteredData as D[] | undefined) ?? []).length === 0)
    return (
      <Box>
        <NoDataEmptyMsg />
      </Box>
    );
  if (((data as D[] | undefined) ?? []).length === 0)
    return <Box>{EmptyMsg ? <EmptyMsg /> : <EmptyBox label={label} />}</Box>;

  const pfSortBy: ISortBy = { index: sortBy.index, direction: sortBy.direction };
  return (
    <Box>
      <div className="co-virtualized-table" aria-label={ariaLabel}>
        <Table className="pf-m-compact pf-m-border-rows" aria-label={ariaLabel}>
          <Thead>
            <Tr>
              {columns.map((column, columnIndex) => {
                const { id, title, sort } = column;
                const props = (column as { props?: unknown }).props as
                  Omit<ThProps, 'ref'> | undefined;
                return (
                  <Th
                    key={id || title || 'actions'}
                    sort={sort ? { sortBy: pfSortBy, onSort, columnIndex } : undefined}
                    data-label={title}
                    screenReaderText={title ? undefined : 'Actions'}
                    {...(props ?? {})}
                  >
                    {title}
                  </Th>
                );
              })}
            </Tr>
          </Thead>
          <VirtualizedBody<D, R>
            data={sortedData}
            columns={columns}
            Row={Row}
            rowData={rowData}
            scrollNode={scrollNode}
            onRowsRendered={onRowsRendered}
          />
        </Table>
      </div>
    </Box>
  );
}

export type { RowProps };
