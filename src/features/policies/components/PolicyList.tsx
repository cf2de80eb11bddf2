import { memo, useMemo, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import { Link, useNavigate } from 'react-router';
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
import { ActionsColumn, Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import type { IAction } from '@patternfly/react-table';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { formatAge } from '../../../shared/ui/labels';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import type { PolicyRow, PolicyStateFilter } from '../logic/policyList';
import { filterPolicyRows } from '../logic/policyList';
import type { PolicyPermissions } from '../data/usePolicyData';
import { DeletePolicyModal } from './DeletePolicyModal';
import { getPhaseText, PhaseCounts, PolicyConditionLabels } from './StatusLabels';
import { getPolicyCloneUrl, getPolicyEditUrl, getPolicyHistoryUrl, getPolicyUrl } from './urls';

const STATE_FILTERS: PolicyStateFilter[] = [
  'Available',
  'Progressing',
  'Pending',
  'Failing',
  'Aborted',
  'Retrying',
  'Degraded',
  'NoMatchingNode',
];

interface PolicyListProps {
  rows: PolicyRow[];
  permissions: PolicyPermissions;
  now: number;
}

// Memoised, like the toolbar and the rows: the page re-renders on every watch flush (a rollout
// updates hundreds of enactments a second) while the rows it passes change only after the
// deferred recount.
export const PolicyList = memo(function PolicyList({ rows, permissions, now }: PolicyListProps) {
  const { t } = usePluginTranslation();
  const [text, setText] = useState('');
  const [states, setStates] = useState<PolicyStateFilter[]>([]);
  const [deleting, setDeleting] = useState<NodeNetworkConfigurationPolicy | null>(null);
  const shown = useMemo(() => filterPolicyRows(rows, { text, states }), [rows, text, states]);

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
        <Table aria-label={t('Policies')} variant="compact" data-test="policy-table">
          <Thead>
            <Tr>
              <Th>{t('Name')}</Th>
              <Th modifier="nowrap">{t('Matched nodes')}</Th>
              <Th>{t('Enactments')}</Th>
              <Th>{t('Conditions')}</Th>
              <Th>{t('Age')}</Th>
              <Th screenReaderText={t('Actions')} />
            </Tr>
          </Thead>
          <Tbody>
            {shown.map((row) => (
              <PolicyTableRow
                key={row.name}
                row={row}
                permissions={permissions}
                now={now}
                onDelete={setDeleting}
              />
            ))}
          </Tbody>
        </Table>
      )}
      {deleting && <DeletePolicyModal policy={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
});

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

const samePhaseCounts = (a: PolicyRow['summary']['counts'], b: PolicyRow['summary']['counts']) =>
  (Object.keys(a) as (keyof typeof a)[]).every((k) => a[k] === b[k]);

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

const PolicyTableRow = memo(function PolicyTableRow({
  row,
  permissions,
  now,
  onDelete,
}: PolicyTableRowProps) {
  const { t } = usePluginTranslation();
  const navigate = useNavigate();
  const name = row.name;
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
    actions.push(
      { isSeparator: true },
      { title: t('Delete'), onClick: () => onDelete(row.policy) },
    );
  return (
    <Tr data-test={`policy-row-${name}`}>
      <Td dataLabel={t('Name')}>
        <Link to={getPolicyUrl(name)} data-test="policy-link">
          {name}
        </Link>
        {row.policy.metadata.annotations?.description && (
          <div className="pf-v6-u-font-size-sm pf-v6-u-color-200">
            {row.policy.metadata.annotations.description}
          </div>
        )}
      </Td>
      <Td dataLabel={t('Matched nodes')} data-test="matched-nodes">
        <LazyTooltip
          content={row.matchedNodes.length > 0 ? row.matchedNodes.join(', ') : t('None')}
        >
          {row.matchedNodes.length}
        </LazyTooltip>
      </Td>
      <Td dataLabel={t('Enactments')}>
        <PhaseCounts counts={row.summary.counts} />
        {row.countsFrom === 'handler' && (
          <div className="pf-v6-u-font-size-sm pf-v6-u-color-200" data-test="counts-from-handler">
            {t('The handler’s count; per-node status is still loading.')}
          </div>
        )}
      </Td>
      <Td dataLabel={t('Conditions')}>
        <PolicyConditionLabels conditions={row.policy.status?.conditions} />
      </Td>
      <Td dataLabel={t('Age')}>{formatAge(row.policy.metadata.creationTimestamp, now)}</Td>
      <Td isActionCell>
        {actions.length > 0 && <ActionsColumn items={actions} data-test="policy-actions" />}
      </Td>
    </Tr>
  );
}, sameRow);

interface PolicyListToolbarProps {
  text: string;
  states: PolicyStateFilter[];
  onText: (text: string) => void;
  onStates: Dispatch<SetStateAction<PolicyStateFilter[]>>;
}

const PolicyListToolbar = memo(function PolicyListToolbar({
  text,
  states,
  onText: setText,
  onStates: setStates,
}: PolicyListToolbarProps) {
  const { t } = usePluginTranslation();
  const toggle = (s: PolicyStateFilter) =>
    setStates((prev) => (prev.includes(s) ? prev.filter((x) => x !== s) : [...prev, s]));
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
            {STATE_FILTERS.map((s) => (
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
