import { memo, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionsColumn } from '@patternfly/react-table';
import type { IAction } from '@patternfly/react-table';
import { TableData } from '@openshift-console/dynamic-plugin-sdk';
import type { RowFilter, RowProps, TableColumn } from '@openshift-console/dynamic-plugin-sdk';
import { NodeNetworkStateGVK } from '../../../shared/k8s/models';
import type { NodeNetworkState } from '../../../shared/model/nmstate';
import { useWatchedList } from '../../../shared/k8s/useWatchedList';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { DataState } from '../../../shared/ui/DataState';
import { PageShell } from '../../../shared/ui/PageShell';
import { ConsoleList } from '../../../shared/ui/ConsoleList';
import { LabelList } from '../../../shared/ui/LabelList';
import { formatAge } from '../../../shared/ui/labels';
import {
  labelStrings,
  matchesAnySelected,
  sortRows,
  timeKey,
} from '../../../shared/logic/listSort';
import { nnsUrl, TOPOLOGY_URL } from '../../../shared/routes';
import { NNS_TYPE_FILTER_ITEMS, nnsHasType, toNnsListRow } from '../logic/nnsList';
import type { NnsListRow } from '../logic/nnsList';

const COLUMN_MANAGEMENT_ID = 'nmstate.io~v1beta1~NodeNetworkState';

const W = {
  name: 'pf-m-width-25',
  interfaces: 'pf-m-width-10',
  down: 'pf-m-width-10',
  gateways: 'pf-m-width-20',
  updated: 'pf-m-width-15',
} as const;

const nameOf = (r: NnsListRow) => r.metadata.name;

/** Node network states: one per node, so the list is windowed for clusters of thousands. */
function NodeNetworkStateListPage() {
  const { t } = usePluginTranslation();
  const result = useWatchedList<NodeNetworkState>(NodeNetworkStateGVK);
  const rows = useMemo(() => result.data.map(toNnsListRow), [result.data]);
  // Ages advance by the minute; a coarse clock keeps unchanged rows from re-rendering.
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const columns = useMemo<TableColumn<NnsListRow>[]>(
    () => [
      {
        id: 'name',
        title: t('Name'),
        sort: sortRows(nameOf, nameOf),
        props: { className: W.name },
      },
      {
        id: 'interfaces',
        title: t('Interfaces'),
        sort: sortRows((r) => r.interfaces, nameOf),
        props: { className: W.interfaces },
      },
      {
        id: 'down',
        title: t('Down'),
        sort: sortRows((r) => r.down, nameOf),
        props: { className: W.down },
      },
      {
        id: 'gateways',
        title: t('Default gateway'),
        sort: sortRows((r) => r.gateways.join(' '), nameOf),
        props: { className: W.gateways },
      },
      {
        id: 'updated',
        title: t('Last updated'),
        sort: sortRows((r) => -timeKey(r.updated), nameOf),
        props: { className: W.updated },
      },
      {
        id: 'nm-version',
        title: t('NetworkManager version'),
        additional: true,
        sort: sortRows((r) => r.nmVersion, nameOf),
      },
      {
        id: 'labels',
        title: t('Labels'),
        additional: true,
        sort: sortRows((r) => labelStrings(r.metadata.labels).join(','), nameOf),
      },
      { id: '', title: '', props: { className: 'pf-v6-c-table__action' } },
    ],
    [t],
  );
  const rowFilters = useMemo<RowFilter<NnsListRow>[]>(
    () => [
      {
        filterGroupName: t('Interface type'),
        type: 'nns-interface-type',
        items: NNS_TYPE_FILTER_ITEMS.map((id) => ({ id, title: id })),
        isMatch: nnsHasType,
        filter: (input, row) => matchesAnySelected(input.selected, row, nnsHasType),
      },
    ],
    [t],
  );
  const list = (loaded: boolean) => (
    <ConsoleList<NnsListRow, { now: number }>
      data={rows}
      loaded={loaded}
      columns={columns}
      columnManagementID={COLUMN_MANAGEMENT_ID}
      kindLabel={t('NodeNetworkState')}
      rowFilters={rowFilters}
      Row={NnsRow}
      rowData={{ now }}
      label={t('node network states')}
      ariaLabel={t('Node network states')}
      testId="nns-list-table"
    />
  );
  return (
    <PageShell title={t('Node network states')} testId="nns-list">
      <DataState
        result={result}
        loadingView={list(false)}
        missingApiMessage={t('Install the Kubernetes NMState operator to see node network states.')}
      >
        {list(true)}
      </DataState>
    </PageShell>
  );
}

const NnsRow = memo(
  function NnsRow({ obj, activeColumnIDs: ids, rowData }: RowProps<NnsListRow, { now: number }>) {
    const { t } = usePluginTranslation();
    const navigate = useNavigate();
    const name = obj.metadata.name;
    const actions: IAction[] = [
      { title: t('View details'), onClick: () => void navigate(nnsUrl(name)) },
      {
        title: t('Show in topology'),
        onClick: () => void navigate(`${TOPOLOGY_URL}?node=${encodeURIComponent(name)}`),
      },
    ];
    return (
      <>
        <TableData id="name" activeColumnIDs={ids} className={W.name}>
          <Link to={nnsUrl(name)} data-test="nns-link">
            {name}
          </Link>
        </TableData>
        <TableData id="interfaces" activeColumnIDs={ids} className={W.interfaces}>
          {obj.interfaces}
        </TableData>
        <TableData id="down" activeColumnIDs={ids} className={W.down}>
          {obj.down}
        </TableData>
        <TableData id="gateways" activeColumnIDs={ids} className={W.gateways}>
          {obj.gateways.length > 0 ? obj.gateways.join(', ') : '-'}
        </TableData>
        <TableData id="updated" activeColumnIDs={ids} className={W.updated}>
          {obj.updated ? formatAge(obj.updated, rowData.now) : t('Not reported yet')}
        </TableData>
        <TableData id="nm-version" activeColumnIDs={ids}>
          {obj.nmVersion || '-'}
        </TableData>
        <TableData id="labels" activeColumnIDs={ids}>
          <LabelList labels={obj.metadata.labels} />
        </TableData>
        <TableData id="" activeColumnIDs={ids} className="pf-v6-c-table__action">
          <ActionsColumn items={actions} data-test="nns-actions" />
        </TableData>
      </>
    );
  },
  (prev, next) =>
    prev.obj.metadata === next.obj.metadata &&
    prev.obj.updated === next.obj.updated &&
    prev.obj.interfaces === next.obj.interfaces &&
    prev.obj.down === next.obj.down &&
    prev.obj.gateways.join() === next.obj.gateways.join() &&
    prev.activeColumnIDs === next.activeColumnIDs &&
    prev.rowData.now === next.rowData.now,
);

export default withQueryClient(NodeNetworkStateListPage);
