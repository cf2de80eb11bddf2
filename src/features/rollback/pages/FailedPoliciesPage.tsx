import { memo, useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TableData, useAccessReview } from '@openshift-console/dynamic-plugin-sdk';
import type { RowFilter, RowProps, TableColumn } from '@openshift-console/dynamic-plugin-sdk';
import { Alert, Card, CardBody, Label } from '@patternfly/react-core';
import { ActionsColumn } from '@patternfly/react-table';
import type { IAction } from '@patternfly/react-table';
import { ConsoleList } from '../../../shared/ui/ConsoleList';
import type { ListRow } from '../../../shared/ui/ConsoleList';
import { LabelList } from '../../../shared/ui/LabelList';
import { labelStrings, matchesAnySelected, sortRows } from '../../../shared/logic/listSort';
import { NodeGVK, NodeNetworkStateGVK, PolicyGVK, PolicyModel } from '../../../shared/k8s/models';
import { objectUrl } from '../../../shared/routes';
import { useWatchedList } from '../../../shared/k8s/useWatchedList';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { DataState } from '../../../shared/ui/DataState';
import { PageShell } from '../../../shared/ui/PageShell';
import type { Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { useEnactmentCounts } from '../../policies/data/useEnactmentCounts';
import { listFailedPolicies } from '../logic/failed';
import {
  countCurrent,
  FAILED_OUTCOME_ITEMS,
  failedNodesSortKey,
  failedOutcomeSortKey,
  listFailedCandidates,
} from '../logic/failedList';
import type { FailedCandidate, FailedOutcome } from '../logic/failedList';
import { usePolicyEnactments, usePolicyHistory } from '../data/usePolicyHistory';
import { useFailedEnactments } from '../data/useFailedEnactments';
import { topologyHighlightUrl } from '../components/FailedEnactmentsPanel';
import { RollbackPanel } from '../components/RollbackPanel';

/** The rollback panel for one row, with that policy's history loaded on demand. */
function RowRollback({
  policy,
  onClose,
}: {
  policy: NodeNetworkConfigurationPolicy;
  onClose: () => void;
}) {
  const enactments = usePolicyEnactments(policy.metadata.name);
  const history = usePolicyHistory(policy, enactments.data, !enactments.isLoading);
  const nodes = useWatchedList<Node>(NodeGVK);
  const states = useWatchedList<NodeNetworkState>(NodeNetworkStateGVK);
  if (history.result.isLoading) return null;
  return (
    <RollbackPanel
      policy={policy}
      revisions={history.revisions}
      enactments={enactments.data}
      nodes={nodes.data}
      nodeStates={states.data}
      onClose={onClose}
    />
  );
}

// Its own key, not the policy GVK: the policy list keeps its column choice under that one.
const COLUMN_MANAGEMENT_ID = 'switchboard~failed-policies';
const STATUS_FILTER = 'failed-policy-status';

// Same widths on header and cells: each virtualized row is laid out as a table of its own.
const W = {
  name: 'pf-m-width-25',
  status: 'pf-m-width-15',
  nodes: 'pf-m-width-25',
  error: 'pf-m-width-35',
} as const;

interface FailedRow extends ListRow {
  candidate: FailedCandidate;
}

interface FailedRowData {
  canUpdate: boolean;
  onRollback: (name: string) => void;
}

const nameOf = (r: FailedRow) => r.metadata.name;

const outcomeText = (t: ReturnType<typeof usePluginTranslation>['t'], o: FailedOutcome) =>
  o === 'Failing' ? t('Failing') : t('Aborted');

/**
 * One failed policy. Its node names and error come from a lean watch of that policy's failing
 * and aborted enactments alone (the handler labels them; useFailedEnactments keeps a trimmed
 * copy of each), so the page never holds whole enactments; the counts come from the page's
 * enactment counter and show at once. The watch runs while the row is rendered, so a long list
 * watches only the rows in view.
 */
const FailedPolicyTableRow = memo(function FailedPolicyTableRow({
  obj,
  activeColumnIDs: ids,
  rowData,
}: RowProps<FailedRow, FailedRowData>) {
  const { t } = usePluginTranslation();
  const navigate = useNavigate();
  const { policy, counts } = obj.candidate;
  const { canUpdate, onRollback } = rowData;
  const name = policy.metadata.name;
  const enactments = useFailedEnactments(name);
  const details = useMemo(
    () => listFailedPolicies([policy], enactments.data)[0],
    [policy, enactments.data],
  );
  const outcome = details?.outcome ?? obj.candidate.outcome;
  const total = countCurrent(counts);
  const actions: IAction[] = [
    { title: t('Show on topology'), onClick: () => void navigate(topologyHighlightUrl(name)) },
    {
      title: t('View history'),
      onClick: () => void navigate(`${objectUrl(PolicyGVK, name)}#history`),
    },
  ];
  if (canUpdate) actions.push({ title: t('Roll back'), onClick: () => onRollback(name) });
  return (
    <>
      <TableData id="name" activeColumnIDs={ids} className={W.name}>
        <span data-test={`failed-policy-${name}`}>
          <Link to={`${objectUrl(PolicyGVK, name)}#history`} data-test="failed-policy-link">
            {name}
          </Link>
        </span>
      </TableData>
      <TableData id="status" activeColumnIDs={ids} className={W.status}>
        <Label
          isCompact
          color={outcome === 'Failing' ? 'red' : 'orange'}
          data-test="failed-policy-status"
        >
          {outcomeText(t, outcome)}
        </Label>
      </TableData>
      <TableData id="nodes" activeColumnIDs={ids} className={W.nodes}>
        <span data-test="failed-policy-nodes">
          {t('{{failing}} of {{total}} failing', { failing: counts.Failing, total })}
          {counts.Aborted > 0 && ` · ${t('{{count}} aborted', { count: counts.Aborted })}`}
          {details && <div>{[...details.failingNodes, ...details.abortedNodes].join(', ')}</div>}
        </span>
      </TableData>
      <TableData id="error" activeColumnIDs={ids} className={W.error}>
        <span data-test="failed-policy-error">
          {details?.headline ?? (enactments.isLoading ? t('Loading…') : t('No error message'))}
        </span>
      </TableData>
      <TableData id="labels" activeColumnIDs={ids}>
        <LabelList labels={policy.metadata.labels} />
      </TableData>
      <TableData id="" activeColumnIDs={ids} className="pf-v6-c-table__action">
        <ActionsColumn items={actions} data-test="row-actions" />
      </TableData>
    </>
  );
});

function FailedPoliciesPage() {
  const { t } = usePluginTranslation();
  const policies = useWatchedList<NodeNetworkConfigurationPolicy>(PolicyGVK);
  const nodes = useWatchedList<Node>(NodeGVK);
  // Phase counts from a lean watch: which policies failed, without keeping every enactment.
  const enactments = useEnactmentCounts(policies.data, nodes.data, !policies.isMissingApi);
  const [canUpdate] = useAccessReview({
    group: PolicyModel.apiGroup,
    resource: PolicyModel.plural,
    verb: 'update',
  });
  const [open, setOpen] = useState<string | null>(null);
  const onRollback = useCallback((name: string) => setOpen(name), []);
  const data = useMemo(
    () =>
      listFailedCandidates(policies.data, enactments.counts).map((candidate): FailedRow => ({
        metadata: candidate.policy.metadata,
        candidate,
      })),
    [policies.data, enactments.counts],
  );
  const opened = data.find((r) => r.metadata.name === open)?.candidate.policy;
  const columns = useMemo<TableColumn<FailedRow>[]>(
    () => [
      {
        id: 'name',
        title: t('Policy'),
        sort: sortRows(nameOf, nameOf),
        props: { className: W.name },
      },
      {
        id: 'status',
        title: t('Status'),
        sort: sortRows((r) => failedOutcomeSortKey(r.candidate.outcome), nameOf),
        props: { className: W.status },
      },
      {
        id: 'nodes',
        title: t('Nodes'),
        sort: sortRows((r) => failedNodesSortKey(r.candidate.counts), nameOf),
        props: { className: W.nodes },
      },
      { id: 'error', title: t('Error'), props: { className: W.error } },
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
  const rowFilters = useMemo<RowFilter<FailedRow>[]>(() => {
    const isMatch = (r: FailedRow, id: string) => r.candidate.outcome === id;
    return [
      {
        filterGroupName: t('Status'),
        type: STATUS_FILTER,
        items: FAILED_OUTCOME_ITEMS.map((id) => ({ id, title: outcomeText(t, id) })),
        isMatch,
        filter: (input, r) => matchesAnySelected(input.selected, r, isMatch),
      },
    ];
  }, [t]);
  const rowData = useMemo<FailedRowData>(
    () => ({ canUpdate, onRollback }),
    [canUpdate, onRollback],
  );
  return (
    <PageShell
      title={t('Failed policies')}
      testId="failed-policies"
      description={t(
        'Policies whose current generation failed or aborted on some nodes. The handler restored those nodes; the policy keeps its failing desired state until it is rolled back or fixed.',
      )}
    >
      <DataState result={policies}>
        {enactments.staleSince !== undefined && (
          <Alert
            variant="warning"
            isInline
            isPlain
            title={t(
              'Per-node status is from {{time}}: the connection to the cluster was lost and is being restored.',
              { time: new Date(enactments.staleSince).toLocaleTimeString() },
            )}
            data-test="enactment-counts-stale"
          />
        )}
        {enactments.error && (
          <Alert
            variant="warning"
            isInline
            title={t('Enactments could not be read: {{message}}', {
              message: enactments.error.message,
            })}
            data-test="failed-policies-enactments-error"
          />
        )}
        {opened && canUpdate && (
          // Above the list rather than inside it: a virtualized row has one line of cells.
          <Card isCompact data-test="failed-policy-rollback-card">
            <CardBody>
              <RowRollback policy={opened} onClose={() => setOpen(null)} />
            </CardBody>
          </Card>
        )}
        <ConsoleList<FailedRow, FailedRowData>
          data={data}
          loaded
          columns={columns}
          columnManagementID={COLUMN_MANAGEMENT_ID}
          kindLabel={t('NodeNetworkConfigurationPolicy')}
          rowFilters={rowFilters}
          Row={FailedPolicyTableRow}
          rowData={rowData}
          label={t('failed policies')}
          ariaLabel={t('Failed policies')}
          noData={{
            title: t('No failed policies'),
            body: t('Every policy is Available, progressing or matches no node.'),
            testId: 'failed-policies-empty',
          }}
          testId="failed-policies-table"
        />
      </DataState>
    </PageShell>
  );
}

export default withQueryClient(FailedPoliciesPage);
