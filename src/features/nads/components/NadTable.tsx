import { memo, useMemo } from 'react';
import type { ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionsColumn } from '@patternfly/react-table';
import type { IAction } from '@patternfly/react-table';
import { Label } from '@patternfly/react-core';
import { TableData } from '@openshift-console/dynamic-plugin-sdk';
import type { RowFilter, RowProps, TableColumn } from '@openshift-console/dynamic-plugin-sdk';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { NadGVK } from '../../../shared/k8s/models';
import { objectUrl } from '../../../shared/routes';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { ConsoleList } from '../../../shared/ui/ConsoleList';
import type { ListRow } from '../../../shared/ui/ConsoleList';
import { LabelList } from '../../../shared/ui/LabelList';
import { labelStrings, matchesAnySelected, sortRows } from '../../../shared/logic/listSort';
import type { NadPodCounts } from '../logic/podUsage';
import { NAD_TYPE_FILTER_ITEMS, nadHasType, problemSortKey } from '../logic/nadList';
import type { Finding, NadSummary } from '../model/types';
import { ProblemsBadge } from './FindingsList';
import { getEditUrl } from './urls';

export interface NadRow extends ListRow {
  nad: NetworkAttachmentDefinition;
  summary: NadSummary;
  findings: Finding[];
  pods: NadPodCounts | undefined;
  managed: boolean;
}

interface NadRowData {
  canEdit: boolean;
  canDelete: boolean;
  onDelete: (nad: NetworkAttachmentDefinition) => void;
}

const COLUMN_MANAGEMENT_ID = 'k8s.cni.cncf.io~v1~NetworkAttachmentDefinition';
const nameOf = (r: NadRow) => `${r.metadata.name} ${r.metadata.namespace ?? ''}`;

function Lines({ items }: { items: string[] }) {
  if (items.length === 0) return <>-</>;
  return (
    <>
      {items.map((s) => (
        <div key={s}>{s}</div>
      ))}
    </>
  );
}

const ifaceOf = (s: NadSummary) => s.master ?? s.bridge ?? s.physicalNetwork ?? '';

export function NadTable({
  rows,
  loaded,
  canEdit,
  canDelete,
  onDelete,
  NoDataEmptyMsg,
}: {
  rows: NadRow[];
  loaded: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onDelete: (nad: NetworkAttachmentDefinition) => void;
  NoDataEmptyMsg: ComponentType;
}) {
  const { t } = usePluginTranslation();
  const columns = useMemo<TableColumn<NadRow>[]>(
    () => [
      { id: 'name', title: t('Name'), sort: sortRows((r) => r.metadata.name, nameOf) },
      {
        id: 'namespace',
        title: t('Namespace'),
        sort: sortRows((r) => r.metadata.namespace ?? '', nameOf),
      },
      {
        id: 'type',
        title: t('CNI type'),
        sort: sortRows((r) => r.summary.cniTypes.join(' '), nameOf),
      },
      { id: 'ipam', title: t('IPAM'), sort: sortRows((r) => r.summary.ipamType ?? '', nameOf) },
      {
        id: 'subnets',
        title: t('Subnets / ranges'),
        sort: sortRows((r) => [...r.summary.subnetsV4, ...r.summary.subnetsV6].join(' '), nameOf),
      },
      { id: 'vlan', title: t('VLAN'), sort: sortRows((r) => r.summary.vlan ?? -1, nameOf) },
      {
        id: 'iface',
        title: t('Master / bridge / physical network'),
        sort: sortRows((r) => ifaceOf(r.summary), nameOf),
      },
      {
        id: 'pods',
        title: t('Pods'),
        sort: sortRows((r) => [r.pods?.pending ?? 0, r.pods?.attached ?? 0], nameOf),
      },
      {
        id: 'problems',
        title: t('Problems'),
        sort: sortRows((r) => problemSortKey(r.findings), nameOf),
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
  const rowFilters = useMemo<RowFilter<NadRow>[]>(() => {
    const isMatch = (r: NadRow, id: string) => nadHasType(r.summary, id);
    return [
      {
        filterGroupName: t('CNI type'),
        type: 'nad-type',
        items: NAD_TYPE_FILTER_ITEMS.map((id) => ({
          id,
          title: id === 'other' ? t('Other') : id,
        })),
        isMatch,
        filter: (input, r) => matchesAnySelected(input.selected, r, isMatch),
      },
    ];
  }, [t]);
  const rowData = useMemo<NadRowData>(
    () => ({ canEdit, canDelete, onDelete }),
    [canEdit, canDelete, onDelete],
  );
  return (
    <ConsoleList<NadRow, NadRowData>
      data={rows}
      loaded={loaded}
      columns={columns}
      columnManagementID={COLUMN_MANAGEMENT_ID}
      kindLabel={t('NetworkAttachmentDefinition')}
      rowFilters={rowFilters}
      Row={NadTableRow}
      rowData={rowData}
      label={t('network attachment definitions')}
      ariaLabel={t('Network attachment definitions')}
      NoDataEmptyMsg={NoDataEmptyMsg}
      testId="nad-table"
    />
  );
}

const NadTableRow = memo(function NadTableRow({
  obj,
  activeColumnIDs: ids,
  rowData,
}: RowProps<NadRow, NadRowData>) {
  const { t } = usePluginTranslation();
  const navigate = useNavigate();
  const { nad, summary: s, findings, pods, managed } = obj;
  const { canEdit, canDelete, onDelete } = rowData;
  const { name, namespace } = nad.metadata;
  const type = s.problem
    ? t('Not available')
    : [s.cniTypes.join(' → '), s.topology].filter(Boolean).join(' ');
  const actions: IAction[] = [
    { title: t('View details'), onClick: () => void navigate(objectUrl(NadGVK, name, namespace)) },
  ];
  if (canEdit && !managed) {
    actions.push(
      { title: t('Edit'), onClick: () => void navigate(getEditUrl(namespace, name)) },
      {
        title: t('Edit as JSON'),
        onClick: () => void navigate(`${getEditUrl(namespace, name)}?view=json`),
      },
    );
  }
  // A managed NAD would be recreated by its owner; delete the owner instead.
  if (canDelete && !managed) {
    actions.push({ isSeparator: true }, { title: t('Delete'), onClick: () => onDelete(nad) });
  }
  return (
    <>
      <TableData id="name" activeColumnIDs={ids}>
        <span data-test={`nad-row-${namespace}-${name}`}>
          <Link to={objectUrl(NadGVK, name, namespace)} data-test="nad-link">
            {name}
          </Link>{' '}
          {managed && (
            <Label isCompact color="purple" data-test="managed-badge">
              {t('Managed')}
            </Label>
          )}
        </span>
      </TableData>
      <TableData id="namespace" activeColumnIDs={ids}>
        {namespace}
      </TableData>
      <TableData id="type" activeColumnIDs={ids}>
        <span data-test="col-type">{type || '-'}</span>
      </TableData>
      <TableData id="ipam" activeColumnIDs={ids}>
        <span data-test="col-ipam">{s.ipamType ?? '-'}</span>
      </TableData>
      <TableData id="subnets" activeColumnIDs={ids}>
        <span data-test="col-subnets">
          <Lines items={[...s.subnetsV4, ...s.subnetsV6]} />
        </span>
      </TableData>
      <TableData id="vlan" activeColumnIDs={ids}>
        <span data-test="col-vlan">{s.vlan ?? '-'}</span>
      </TableData>
      <TableData id="iface" activeColumnIDs={ids}>
        <span data-test="col-iface">{ifaceOf(s) || '-'}</span>
      </TableData>
      <TableData id="pods" activeColumnIDs={ids}>
        <span data-test="col-pods">
          {pods?.attached ?? 0}
          {pods && pods.pending > 0 && (
            <>
              {' '}
              <Label status="danger" isCompact data-test="pods-failing">
                {t('{{count}} not attached', { count: pods.pending })}
              </Label>
            </>
          )}
        </span>
      </TableData>
      <TableData id="problems" activeColumnIDs={ids}>
        <ProblemsBadge findings={findings} testId="problems-badge" />
      </TableData>
      <TableData id="labels" activeColumnIDs={ids}>
        <LabelList labels={nad.metadata.labels} />
      </TableData>
      <TableData id="" activeColumnIDs={ids} className="pf-v6-c-table__action">
        <ActionsColumn items={actions} data-test="row-actions" />
      </TableData>
    </>
  );
});
