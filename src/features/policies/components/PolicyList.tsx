import { memo, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@patternfly/react-core';
import { ActionsColumn } from '@patternfly/react-table';
import { TableData } from '@openshift-console/dynamic-plugin-sdk';
import type { RowFilter, RowProps, TableColumn } from '@openshift-console/dynamic-plugin-sdk';
import { PlainTd } from '../../../shared/ui/tableCells';
import type { IAction } from '@patternfly/react-table';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { lazyWithQueryClient } from '../../../shared/query/lazyWithQueryClient';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { formatAge } from '../../../shared/ui/labels';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import { ConsoleList } from '../../../shared/ui/ConsoleList';
import { LabelList } from '../../../shared/ui/LabelList';
import type { ListRow } from '../../../shared/ui/ConsoleList';
import {
  labelStrings,
  matchesAnySelected,
  sortRows,
  timeKey,
} from '../../../shared/logic/listSort';
import type { PolicyRow, PolicyStateFilter } from '../logic/policyList';
import {
  conditionSortKey,
  enactmentSortKey,
  matchesState,
  POLICY_STATE_FILTERS,
} from '../logic/policyList';
import { samePhaseCounts } from '../logic/enactments';
import type { PolicyPermissions } from '../data/usePolicyData';
import { getPhaseText, PhaseCountsInline, PolicyConditionLabels } from './StatusLabels';
import { getPolicyCloneUrl, getPolicyEditUrl, getPolicyHistoryUrl, getPolicyUrl } from './urls';

// Loaded when a delete is asked for, with react-query: nothing else on the list writes.
const DeletePolicyModal = lazyWithQueryClient(() =>
  import('./DeletePolicyModal').then((m) => m.DeletePolicyModal),
);

/** The row filter's type: `rowFilter-policy-status` in the URL (see POLICY_STATUS_FILTER_PARAM). */
const POLICY_STATUS_FILTER = 'policy-status';
const COLUMN_MANAGEMENT_ID = 'nmstate.io~v1~NodeNetworkConfigurationPolicy';

interface PolicyListRow extends ListRow {
  row: PolicyRow;
}

interface PolicyRowData {
  permissions: PolicyPermissions;
  now: number;
  onDelete: (row: PolicyRow) => void;
}

interface PolicyListProps {
  rows: PolicyRow[];
  permissions: PolicyPermissions;
  now: number;
  loaded: boolean;
}

const nameOf = (r: PolicyListRow) => r.row.name;

// Column widths, on the header and on every cell: the console's virtualized table lays out each
// row as a table of its own, so cells line up only through the same widths.
const W = {
  name: 'pf-m-width-25',
  'matched-nodes': 'pf-m-width-10',
  enactments: 'pf-m-width-25',
  conditions: 'pf-m-width-20',
  age: 'pf-m-width-10',
} as const;

// Memoised, like the rows: the page re-renders on every watch flush (a rollout updates hundreds
// of enactments a second) while the rows it passes change only after the deferred count.
export const PolicyList = memo(function PolicyList({
  rows,
  permissions,
  now,
  loaded,
}: PolicyListProps) {
  const { t } = usePluginTranslation();
  const [deleting, setDeleting] = useState<PolicyRow | null>(null);
  const data = useMemo(
    () => rows.map((row): PolicyListRow => ({ metadata: row.policy.metadata, row })),
    [rows],
  );
  const columns = useMemo<TableColumn<PolicyListRow>[]>(
    () => [
      {
        id: 'name',
        title: t('Name'),
        sort: sortRows(nameOf, nameOf),
        props: { className: W.name },
      },
      {
        id: 'matched-nodes',
        title: t('Matched nodes'),
        sort: sortRows((r) => r.row.matchedNodes.length, nameOf),
        props: { className: W['matched-nodes'] },
      },
      {
        id: 'enactments',
        title: t('Enactments'),
        sort: sortRows((r) => enactmentSortKey(r.row), nameOf),
        props: { className: W.enactments },
      },
      {
        id: 'conditions',
        title: t('Conditions'),
        sort: sortRows((r) => conditionSortKey(r.row), nameOf),
        props: { className: W.conditions },
      },
      {
        id: 'labels',
        title: t('Labels'),
        additional: true,
        sort: sortRows((r) => labelStrings(r.metadata.labels).join(','), nameOf),
      },
      {
        id: 'age',
        title: t('Age'),
        // Newest first when ascending, as an age grows the older the policy is.
        sort: sortRows((r) => -timeKey(r.row.policy.metadata.creationTimestamp), nameOf),
        props: { className: W.age },
      },
      { id: '', title: '', props: { className: 'pf-v6-c-table__action' } },
    ],
    [t],
  );
  const rowFilters = useMemo<RowFilter<PolicyListRow>[]>(() => {
    const isMatch = (r: PolicyListRow, id: string) => matchesState(r.row, id as PolicyStateFilter);
    return [
      {
        filterGroupName: t('Status'),
        type: POLICY_STATUS_FILTER,
        items: POLICY_STATE_FILTERS.map((s) => ({ id: s, title: getPhaseText(t, s) })),
        isMatch,
        filter: (input, r) => matchesAnySelected(input.selected, r, isMatch),
      },
    ];
  }, [t]);
  const rowData = useMemo<PolicyRowData>(
    () => ({ permissions, now, onDelete: setDeleting }),
    [permissions, now],
  );
  return (
    <>
      <ConsoleList<PolicyListRow, PolicyRowData>
        data={data}
        loaded={loaded}
        columns={columns}
        columnManagementID={COLUMN_MANAGEMENT_ID}
        kindLabel={t('NodeNetworkConfigurationPolicy')}
        rowFilters={rowFilters}
        Row={PolicyTableRow}
        rowData={rowData}
        label={t('policies')}
        ariaLabel={t('Policies')}
        NoDataEmptyMsg={NoPolicies}
        testId="policy-table"
      />
      {deleting && (
        <DeletePolicyModal
          policy={deleting.policy}
          enactmentNodes={deleting.matchedNodes}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
});

function NoPolicies() {
  const { t } = usePluginTranslation();
  return (
    <div data-test="policy-list-empty">
      <strong>{t('No policies yet')}</strong>
      <p>{t('Policies describe the network configuration nodes should have.')}</p>
    </div>
  );
}

export function CreatePolicyButton() {
  const { t } = usePluginTranslation();
  const navigate = useNavigate();
  return (
    <Button
      variant="primary"
      data-test="create-policy"
      onClick={() => void navigate('/switchboard/policies/~new')}
    >
      {t('Create policy')}
    </Button>
  );
}

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a === b || (a.length === b.length && a.every((n, i) => n === b[i]));

const sameIds = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a === b || (a.size === b.size && [...a].every((id) => b.has(id)));

/**
 * A row re-renders only when what it shows changed: during a rollout storm or while a long
 * enactment list pages in, most rows keep their counts while the list is rebuilt.
 */
const sameRow = (
  prev: RowProps<PolicyListRow, PolicyRowData>,
  next: RowProps<PolicyListRow, PolicyRowData>,
): boolean =>
  prev.rowData === next.rowData &&
  sameIds(prev.activeColumnIDs, next.activeColumnIDs) &&
  prev.obj.row.policy === next.obj.row.policy &&
  prev.obj.row.countsFrom === next.obj.row.countsFrom &&
  sameNames(prev.obj.row.matchedNodes, next.obj.row.matchedNodes) &&
  samePhaseCounts(prev.obj.row.summary.counts, next.obj.row.summary.counts);

// A rollout changes the counts of every row twice a second and nothing else in them, so the
// cells are split in memoised groups and only the enactment counts re-render, in a plain td.
// Table cells are among the heaviest PatternFly components to render; re-rendering all of them
// per row was most of each update's work and garbage.
const PolicyTableRow = memo(function PolicyTableRow({
  obj,
  activeColumnIDs,
  rowData,
}: RowProps<PolicyListRow, PolicyRowData>) {
  const { row } = obj;
  return (
    <>
      <NameCells policy={row.policy} matchedNodes={row.matchedNodes} ids={activeColumnIDs} />
      {activeColumnIDs.has('enactments') && (
        <EnactmentCell counts={row.summary.counts} countsFrom={row.countsFrom} />
      )}
      <TrailingCells row={row} ids={activeColumnIDs} {...rowData} />
    </>
  );
}, sameRow);

const NameCells = memo(
  function NameCells({
    policy,
    matchedNodes,
    ids,
  }: {
    policy: NodeNetworkConfigurationPolicy;
    matchedNodes: readonly string[];
    ids: Set<string>;
  }) {
    const { t } = usePluginTranslation();
    const name = policy.metadata.name;
    return (
      <>
        <TableData id="name" activeColumnIDs={ids} className={W.name}>
          <Link to={getPolicyUrl(name)} data-test="policy-link">
            <span data-test={`policy-row-${name}`}>{name}</span>
          </Link>
          {policy.metadata.annotations?.description && (
            <div className="pf-v6-u-font-size-sm pf-v6-u-color-200">
              {policy.metadata.annotations.description}
            </div>
          )}
        </TableData>
        <TableData id="matched-nodes" activeColumnIDs={ids} className={W['matched-nodes']}>
          <span data-test="matched-nodes">
            <LazyTooltip content={matchedNodes.length > 0 ? matchedNodes.join(', ') : t('None')}>
              {matchedNodes.length}
            </LazyTooltip>
          </span>
        </TableData>
      </>
    );
  },
  (prev, next) =>
    prev.policy === next.policy &&
    prev.ids === next.ids &&
    sameNames(prev.matchedNodes, next.matchedNodes),
);

const EnactmentCell = memo(
  function EnactmentCell({
    counts,
    countsFrom,
  }: {
    counts: PolicyRow['summary']['counts'];
    countsFrom: PolicyRow['countsFrom'];
  }) {
    const { t } = usePluginTranslation();
    // A plain td with the data-label the console's TableData gives (the column id).
    return (
      <PlainTd dataLabel="enactments" className={W.enactments}>
        <PhaseCountsInline counts={counts} />
        {countsFrom === 'handler' && (
          <div className="pf-v6-u-font-size-sm pf-v6-u-color-200" data-test="counts-from-handler">
            {t('The handler’s count; per-node status is still loading.')}
          </div>
        )}
      </PlainTd>
    );
  },
  (prev, next) => prev.countsFrom === next.countsFrom && samePhaseCounts(prev.counts, next.counts),
);

interface TrailingCellsProps extends PolicyRowData {
  row: PolicyRow;
  ids: Set<string>;
}

const TrailingCells = memo(
  function TrailingCells({ row, ids, permissions, now, onDelete }: TrailingCellsProps) {
    const { t } = usePluginTranslation();
    const navigate = useNavigate();
    const { policy } = row;
    const name = policy.metadata.name;
    const actions: IAction[] = [];
    if (permissions.canUpdate)
      actions.push(
        { title: t('Edit in form'), onClick: () => void navigate(getPolicyEditUrl(name)) },
        { title: t('Edit YAML'), onClick: () => void navigate(getPolicyEditUrl(name, 'yaml')) },
      );
    if (permissions.canCreate)
      actions.push({ title: t('Clone'), onClick: () => void navigate(getPolicyCloneUrl(name)) });
    if (permissions.canUpdate || permissions.canCreate)
      actions.push({
        title: t('Roll back'),
        onClick: () => void navigate(getPolicyHistoryUrl(name)),
      });
    if (permissions.canDelete)
      actions.push({ isSeparator: true }, { title: t('Delete'), onClick: () => onDelete(row) });
    return (
      <>
        <TableData id="conditions" activeColumnIDs={ids} className={W.conditions}>
          <PolicyConditionLabels conditions={policy.status?.conditions} />
        </TableData>
        <TableData id="labels" activeColumnIDs={ids}>
          <LabelList labels={policy.metadata.labels} />
        </TableData>
        <TableData id="age" activeColumnIDs={ids} className={W.age}>
          {formatAge(policy.metadata.creationTimestamp, now)}
        </TableData>
        <TableData id="" activeColumnIDs={ids} className="pf-v6-c-table__action">
          {actions.length > 0 && <ActionsColumn items={actions} data-test="policy-actions" />}
        </TableData>
      </>
    );
  },
  (prev, next) =>
    prev.row.policy === next.row.policy &&
    prev.ids === next.ids &&
    prev.permissions === next.permissions &&
    prev.now === next.now &&
    prev.onDelete === next.onDelete &&
    sameNames(prev.row.matchedNodes, next.row.matchedNodes),
);
