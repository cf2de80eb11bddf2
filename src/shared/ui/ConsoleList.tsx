// A list page's body built from the console's own list components (SDK ListPageFilter,
// useListPageFilter, VirtualizedTable, useActiveColumns), so Switchboard's lists behave as the
// console's do: name and label filters and the page's row filters in the URL (`name=`,
// `labels=`, `rowFilter-<type>=`), sorting in the URL (`sortBy=<column title>&orderBy=`),
// "Manage columns" remembered per user (the console's `console.tableColumns` user setting, keyed
// by `columnManagementID`), rows windowed for thousands of objects, and the console's loading,
// empty and error states.
import { useMemo } from 'react';
import type { ComponentType } from 'react';
import { EmptyState, EmptyStateBody } from '@patternfly/react-core';
import {
  ListPageFilter,
  useActiveColumns,
  useListPageFilter,
  VirtualizedTable,
} from '@openshift-console/dynamic-plugin-sdk';
import type {
  ColumnLayout,
  RowFilter,
  RowProps,
  TableColumn,
} from '@openshift-console/dynamic-plugin-sdk';

/** Every list row carries its object's metadata: the console's name and label filters read it. */
export interface ListRow {
  metadata: { name: string; namespace?: string; uid?: string; labels?: Record<string, string> };
}

interface ConsoleListProps<R extends ListRow, X> {
  data: R[];
  loaded: boolean;
  loadError?: unknown;
  /** Every column, the kebab column (id '', title '') last. */
  columns: TableColumn<R>[];
  /** Where the user's column choice is kept: `group~version~kind` of the listed kind. */
  columnManagementID: string;
  /** The kind's name as the column dialog shows it ("Default <type> columns"). */
  kindLabel: string;
  rowFilters?: RowFilter<R>[];
  Row: ComponentType<RowProps<R, X>>;
  rowData?: X;
  /** The console's "No <label> found" when filters leave nothing. */
  label: string;
  ariaLabel: string;
  /** Shown when the cluster has no object at all (instead of the filters' empty state). */
  NoDataEmptyMsg?: ComponentType;
  /** The common case of NoDataEmptyMsg: the console's empty state with a title and a line. */
  noData?: { title: string; body?: string; testId: string };
  testId: string;
  nameFilterPlaceholder?: string;
}

export function ConsoleList<R extends ListRow, X = object>({
  data,
  loaded,
  loadError,
  columns,
  columnManagementID,
  kindLabel,
  rowFilters,
  Row,
  rowData,
  label,
  ariaLabel,
  NoDataEmptyMsg,
  noData,
  testId,
  nameFilterPlaceholder,
}: ConsoleListProps<R, X>) {
  const { title: noDataTitle, body: noDataBody, testId: noDataTestId } = noData ?? {};
  // A component, as VirtualizedTable takes it; rebuilt only when its words change.
  const NoData = useMemo(
    () =>
      noDataTitle === undefined
        ? NoDataEmptyMsg
        : function NoObjects() {
            return (
              <EmptyState titleText={noDataTitle} headingLevel="h2" data-test={noDataTestId}>
                {noDataBody && <EmptyStateBody>{noDataBody}</EmptyStateBody>}
              </EmptyState>
            );
          },
    [NoDataEmptyMsg, noDataTitle, noDataBody, noDataTestId],
  );
  // The SDK marks its list components deprecated in favour of PatternFly's data view, but they
  // are what console 4.22's own lists run on and what issue #26 asks Switchboard to use: the
  // console's URL contract, filters, column management and virtualisation come with them.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const [staticData, filtered, onFilterChange] = useListPageFilter<R, R>(data, rowFilters);
  // Header text wraps rather than truncating ("Matc…"), as src/shared/ui/tableCells' Th does.
  const wrapped = useMemo(
    () =>
      columns.map((c) => ({
        ...c,
        props: { modifier: 'wrap', ...((c.props as object | undefined) ?? {}) },
      })),
    [columns],
  );
  const [active] = useActiveColumns<R>({
    columns: wrapped,
    showNamespaceOverride: false,
    columnManagementID,
  });
  const columnLayout = useMemo<ColumnLayout>(
    () => ({
      id: columnManagementID,
      type: kindLabel,
      columns: columns
        .filter((c) => c.title !== '')
        .map(({ id, title, additional }) => ({ id, title, additional })),
      selectedColumns: new Set(active.map((c) => c.id)),
    }),
    [columnManagementID, kindLabel, columns, active],
  );
  return (
    <div data-test={testId}>
      {/* eslint-disable-next-line @typescript-eslint/no-deprecated -- see useListPageFilter */}
      <ListPageFilter
        data={staticData}
        loaded={loaded}
        rowFilters={rowFilters}
        onFilterChange={onFilterChange}
        columnLayout={columnLayout}
        nameFilterPlaceholder={nameFilterPlaceholder}
      />
      {/* eslint-disable-next-line @typescript-eslint/no-deprecated -- see useListPageFilter */}
      <VirtualizedTable<R, X>
        data={filtered}
        unfilteredData={staticData}
        loaded={loaded}
        loadError={loadError}
        columns={active}
        Row={Row}
        rowData={rowData}
        label={label}
        aria-label={ariaLabel}
        NoDataEmptyMsg={NoData}
      />
    </div>
  );
}
