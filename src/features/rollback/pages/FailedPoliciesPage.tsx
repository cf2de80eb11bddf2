import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAccessReview } from '@openshift-console/dynamic-plugin-sdk';
import { Alert, Button, EmptyState, EmptyStateBody, Label } from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
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
import type { PhaseCounts } from '../../policies/logic/enactmentCounter';
import { listFailedPolicies } from '../logic/failed';
import { classifyPhaseCounts } from '../logic/outcome';
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

interface Candidate {
  policy: NodeNetworkConfigurationPolicy;
  outcome: 'Failing' | 'Aborted';
  counts: PhaseCounts;
}

/**
 * One failed policy. Its node names and error come from a lean watch of that policy's failing
 * and aborted enactments alone (the handler labels them; useFailedEnactments keeps a trimmed
 * copy of each), so the page never holds whole enactments; the counts come from the page's
 * enactment counter and show at once.
 */
function FailedPolicyTableRow({
  candidate,
  canUpdate,
  isOpen,
  onToggle,
}: {
  candidate: Candidate;
  canUpdate: boolean;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const { t } = usePluginTranslation();
  const { policy, counts } = candidate;
  const name = policy.metadata.name;
  const enactments = useFailedEnactments(name);
  const details = useMemo(
    () => listFailedPolicies([policy], enactments.data)[0],
    [policy, enactments.data],
  );
  const outcome = details?.outcome ?? candidate.outcome;
  const total = countCurrent(counts);
  return (
    <>
      <Tr data-test={`failed-policy-${name}`}>
        <Td dataLabel={t('Policy')}>
          <Link to={`${objectUrl(PolicyGVK, name)}#history`} data-test="failed-policy-link">
            {name}
          </Link>
        </Td>
        <Td dataLabel={t('Status')}>
          <Label isCompact color={outcome === 'Failing' ? 'red' : 'orange'}>
            {outcome === 'Failing' ? t('Failing') : t('Aborted')}
          </Label>
        </Td>
        <Td dataLabel={t('Nodes')} data-test="failed-policy-nodes">
          {t('{{failing}} of {{total}} failing', { failing: counts.Failing, total })}
          {counts.Aborted > 0 && ` · ${t('{{count}} aborted', { count: counts.Aborted })}`}
          {details && <div>{[...details.failingNodes, ...details.abortedNodes].join(', ')}</div>}
        </Td>
        <Td dataLabel={t('Error')} data-test="failed-policy-error">
          {details?.headline ?? (enactments.isLoading ? t('Loading…') : t('No error message'))}
        </Td>
        <Td isActionCell>
          <Link to={topologyHighlightUrl(name)} data-test="failed-policy-topology">
            {t('Show on topology')}
          </Link>{' '}
          {canUpdate && (
            <Button
              variant="secondary"
              size="sm"
              onClick={onToggle}
              data-test="failed-policy-rollback"
            >
              {t('Roll back')}
            </Button>
          )}
        </Td>
      </Tr>
      {isOpen && canUpdate && (
        <Tr>
          <Td colSpan={5}>
            <RowRollback policy={policy} onClose={onToggle} />
          </Td>
        </Tr>
      )}
    </>
  );
}

/** Enactments of the policy's current generation, whatever their phase. */
const countCurrent = (counts: PhaseCounts): number =>
  counts.Available +
  counts.Failing +
  counts.Aborted +
  counts.Retrying +
  counts.Progressing +
  counts.Pending +
  counts.Unknown;

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
  const candidates = useMemo(() => {
    const out: Candidate[] = [];
    for (const policy of policies.data) {
      const counts = enactments.counts.get(policy.metadata.name);
      if (!counts) continue;
      const outcome = classifyPhaseCounts(policy, counts);
      if (outcome === 'Failing' || outcome === 'Aborted') out.push({ policy, outcome, counts });
    }
    // Worst first: most failing nodes, then by name.
    return out.sort(
      (a, b) =>
        b.counts.Failing - a.counts.Failing ||
        a.policy.metadata.name.localeCompare(b.policy.metadata.name),
    );
  }, [policies.data, enactments.counts]);
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
        {candidates.length === 0 ? (
          <EmptyState
            titleText={t('No failed policies')}
            headingLevel="h2"
            data-test="failed-policies-empty"
          >
            <EmptyStateBody>
              {t('Every policy is Available, progressing or matches no node.')}
            </EmptyStateBody>
          </EmptyState>
        ) : (
          <Table aria-label={t('Failed policies')} data-test="failed-policies-table">
            <Thead>
              <Tr>
                <Th>{t('Policy')}</Th>
                <Th>{t('Status')}</Th>
                <Th>{t('Nodes')}</Th>
                <Th>{t('Error')}</Th>
                <Th screenReaderText={t('Actions')} />
              </Tr>
            </Thead>
            <Tbody>
              {candidates.map((c) => {
                const name = c.policy.metadata.name;
                return (
                  <FailedPolicyTableRow
                    key={name}
                    candidate={c}
                    canUpdate={canUpdate}
                    isOpen={open === name}
                    onToggle={() => setOpen(open === name ? null : name)}
                  />
                );
              })}
            </Tbody>
          </Table>
        )}
      </DataState>
    </PageShell>
  );
}

export default withQueryClient(FailedPoliciesPage);
