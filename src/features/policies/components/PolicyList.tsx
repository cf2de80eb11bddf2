import { createContext, memo, useCallback, useContext, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  Button,
  EmptyState,
  EmptyStateBody,
  SearchInput,
  ToggleGroup,
  ToggleGroupItem,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { ActionsColumn, Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { PlainTd, Td, Th } from '../../../shared/ui/tableCells';
import type { IAction } from '@patternfly/react-table';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { formatAge } from '../../../shared/ui/labels';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import type { PolicyRow, PolicyStateFilter } from '../logic/policyList';
import { filterPolicyRows, parseStateFilter, POLICY_STATE_FILTERS } from '../logic/policyList';
import { POLICY_STATUS_FILTER_PARAM } from '../../../shared/routes';
import { samePhaseCounts } from '../logic/enactments';
import type { PolicyPermissions } from '../data/usePolicyData';
import { DeletePolicyModal } from './DeletePolicyModal';
import { getPhaseText, PhaseCountsInline, PolicyConditionLabels } from './StatusLabels';
import { getPolicyCloneUrl, getPolicyEditUrl, getPolicyHistoryUrl, getPolicyUrl } from './urls';

interface PolicyListProps {
  rows: PolicyRow[];
  permissions: PolicyPermissions;
  now: number;
}

// Memoised, like the toolbar and the rows: the page re-renders on every watch flush (a rollout
// updates hundreds of enactments a second) while the rows it passes change only after the
// deferred count.
export const PolicyList = memo(function PolicyList({ rows, permissions, now }: PolicyListProps) {
  const { t } = usePluginTranslation();
  const [text, setText] = useState('');
  // The state filter lives in the URL, so the overview's counts can link to a filtered list
  // and a filtered list can be shared.
  const [params, setParams] = useSearchParams();
  const statesParam = params.get(POLICY_STATUS_FILTER_PARAM);
  const states = useMemo(() => parseStateFilter(statesParam), [statesParam]);
  const setStates = useCallback(
    (next: PolicyStateFilter[]) => {
      const out = new URLSearchParams(params);
      if (next.length) out.set(POLICY_STATUS_FILTER_PARAM, next.join(','));
      else out.delete(POLICY_STATUS_FILTER_PARAM);
      setParams(out, { replace: true });
    },
    [params, setParams],
  );
  const [deleting, setDeleting] = useState<NodeNetworkConfigurationPolicy | null>(null);
  const shown = useMemo(() => filterPolicyRows(rows, { text, states }), [rows, text, states]);
  const body = useMemo(
    () => ({ rows: shown, permissions, now, onDelete: setDeleting }),
    [shown, permissions, now],
  );

  return (
    <>
      <PolicyListToolbar text={text} states={states} onText={setText} onStates={setStates} />
      {shown.length === 0 ? (
        <EmptyState
          headingLevel="h2"
          titleText={rows.length === 0 ? t('No policies yet') : t('No policy matches the filters')}
          data-test="policy-list-empty"
        >
          <EmptyStateBody>
            {rows.length === 0
              ? t('Policies describe the network configuration nodes should have.')
              : t('Clear the filters to see every policy.')}
          </EmptyStateBody>
        </EmptyState>
      ) : (
        <RowsContext.Provider value={body}>
          <PolicyTable />
        </RowsContext.Provider>
      )}
      {deleting && <DeletePolicyModal policy={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
});

interface RowsValue {
  rows: PolicyRow[];
  permissions: PolicyPermissions;
  now: number;
  onDelete: (policy: NodeNetworkConfigurationPolicy) => void;
}

// The rows reach the table body through a context so that the Table element itself does not
// re-render when they change. PatternFly's Table hands its cells a new context value on every
// render, and every Tr, Th and Td reads it, so each re-render of the Table re-rendered all of
// its cells, memoised rows or not.
const RowsContext = createContext<RowsValue>({
  rows: [],
  permissions: { canCreate: false, canUpdate: false, canDelete: false, loading: true },
  now: 0,
  onDelete: () => undefined,
});

const PolicyTable = memo(function PolicyTable() {
  const { t } = usePluginTranslation();
  return (
    // Fixed layout (column widths from the header, not the content): a rollout rewrites every
    // row's counts twice a second, and the automatic table layout measured every cell again
    // each time, which cost more than half of each update's layout.
    <Table
      aria-label={t('Policies')}
      variant="compact"
      className="pf-m-fixed"
      data-test="policy-table"
    >
      <Thead>
        <Tr>
          <Th width={25}>{t('Name')}</Th>
          <Th width={10} modifier="nowrap">
            {t('Matched nodes')}
          </Th>
          <Th width={30}>{t('Enactments')}</Th>
          <Th width={20}>{t('Conditions')}</Th>
          <Th width={10}>{t('Age')}</Th>
          <Th screenReaderText={t('Actions')} />
        </Tr>
      </Thead>
      <PolicyTableBody />
    </Table>
  );
});

function PolicyTableBody() {
  const { rows, permissions, now, onDelete } = useContext(RowsContext);
  return (
    <Tbody>
      {rows.map((row) => (
        <PolicyTableRow
          key={row.name}
          row={row}
          permissions={permissions}
          now={now}
          onDelete={onDelete}
        />
      ))}
    </Tbody>
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

interface PolicyTableRowProps {
  row: PolicyRow;
  permissions: PolicyPermissions;
  now: number;
  onDelete: (policy: NodeNetworkConfigurationPolicy) => void;
}

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a === b || (a.length === b.length && a.every((n, i) => n === b[i]));

/**
 * A row re-renders only when what it shows changed: during a rollout storm or while a long
 * enactment list pages in, most rows keep their counts while the list is rebuilt.
 */
const sameRow = (prev: PolicyTableRowProps, next: PolicyTableRowProps): boolean =>
  prev.permissions === next.permissions &&
  prev.now === next.now &&
  prev.onDelete === next.onDelete &&
  prev.row.policy === next.row.policy &&
  prev.row.countsFrom === next.row.countsFrom &&
  sameNames(prev.row.matchedNodes, next.row.matchedNodes) &&
  samePhaseCounts(prev.row.summary.counts, next.row.summary.counts);

// A rollout changes the counts of every row twice a second and nothing else in them, so the
// cells are split in three memoised groups and only the enactment counts re-render, in a plain
// td. Table cells are among the heaviest PatternFly components to render; re-rendering all six
// per row was most of each update's work and garbage.
const PolicyTableRow = memo(function PolicyTableRow({
  row,
  permissions,
  now,
  onDelete,
}: PolicyTableRowProps) {
  return (
    <Tr data-test={`policy-row-${row.name}`}>
      <NameCells policy={row.policy} matchedNodes={row.matchedNodes} />
      <EnactmentCell counts={row.summary.counts} countsFrom={row.countsFrom} />
      <TrailingCells policy={row.policy} permissions={permissions} now={now} onDelete={onDelete} />
    </Tr>
  );
}, sameRow);

const NameCells = memo(
  function NameCells({
    policy,
    matchedNodes,
  }: {
    policy: NodeNetworkConfigurationPolicy;
    matchedNodes: readonly string[];
  }) {
    const { t } = usePluginTranslation();
    const name = policy.metadata.name;
    return (
      <>
        <Td dataLabel={t('Name')}>
          <Link to={getPolicyUrl(name)} data-test="policy-link">
            {name}
          </Link>
          {policy.metadata.annotations?.description && (
            <div className="pf-v6-u-font-size-sm pf-v6-u-color-200">
              {policy.metadata.annotations.description}
            </div>
          )}
        </Td>
        <Td dataLabel={t('Matched nodes')} data-test="matched-nodes">
          <LazyTooltip content={matchedNodes.length > 0 ? matchedNodes.join(', ') : t('None')}>
            {matchedNodes.length}
          </LazyTooltip>
        </Td>
      </>
    );
  },
  (prev, next) => prev.policy === next.policy && sameNames(prev.matchedNodes, next.matchedNodes),
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
    return (
      <PlainTd dataLabel={t('Enactments')}>
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

interface TrailingCellsProps {
  policy: NodeNetworkConfigurationPolicy;
  permissions: PolicyPermissions;
  now: number;
  onDelete: (policy: NodeNetworkConfigurationPolicy) => void;
}

const TrailingCells = memo(function TrailingCells({
  policy,
  permissions,
  now,
  onDelete,
}: TrailingCellsProps) {
  const { t } = usePluginTranslation();
  const navigate = useNavigate();
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
    actions.push({ isSeparator: true }, { title: t('Delete'), onClick: () => onDelete(policy) });
  return (
    <>
      <Td dataLabel={t('Conditions')}>
        <PolicyConditionLabels conditions={policy.status?.conditions} />
      </Td>
      <Td dataLabel={t('Age')}>{formatAge(policy.metadata.creationTimestamp, now)}</Td>
      <Td isActionCell>
        {actions.length > 0 && <ActionsColumn items={actions} data-test="policy-actions" />}
      </Td>
    </>
  );
});

interface PolicyListToolbarProps {
  text: string;
  states: PolicyStateFilter[];
  onText: (text: string) => void;
  onStates: (states: PolicyStateFilter[]) => void;
}

const PolicyListToolbar = memo(function PolicyListToolbar({
  text,
  states,
  onText: setText,
  onStates: setStates,
}: PolicyListToolbarProps) {
  const { t } = usePluginTranslation();
  const toggle = (s: PolicyStateFilter) =>
    setStates(states.includes(s) ? states.filter((x) => x !== s) : [...states, s]);
  return (
    <Toolbar
      data-test="policy-toolbar"
      clearAllFilters={() => {
        setText('');
        setStates([]);
      }}
    >
      <ToolbarContent>
        <ToolbarItem>
          <SearchInput
            aria-label={t('Filter by name, description or node')}
            placeholder={t('Filter by name, description or node')}
            value={text}
            onChange={(_e, v) => setText(v)}
            onClear={() => setText('')}
            data-test="policy-filter-text"
          />
        </ToolbarItem>
        <ToolbarItem>
          <ToggleGroup aria-label={t('Filter by state')} isCompact data-test="policy-filter-states">
            {POLICY_STATE_FILTERS.map((s) => (
              <ToggleGroupItem
                key={s}
                text={getPhaseText(t, s)}
                isSelected={states.includes(s)}
                onChange={() => toggle(s)}
                data-test={`filter-${s}`}
              />
            ))}
          </ToggleGroup>
        </ToolbarItem>
      </ToolbarContent>
    </Toolbar>
  );
});
