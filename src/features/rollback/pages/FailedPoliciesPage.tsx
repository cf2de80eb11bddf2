import { Fragment, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAccessReview } from '@openshift-console/dynamic-plugin-sdk';
import { Button, EmptyState, EmptyStateBody, Label } from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
import {
  ENACTMENT_PAGE_SIZE,
  EnactmentGVK,
  NodeGVK,
  NodeNetworkStateGVK,
  PolicyGVK,
  PolicyModel,
  getResourceUrl,
} from '../../../shared/k8s/models';
import { useWatchedList } from '../../../shared/k8s/useWatchedList';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { DataState } from '../../../shared/ui/DataState';
import { PageShell } from '../../../shared/ui/PageShell';
import type { Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { listFailedPolicies } from '../logic/failed';
import { usePolicyEnactments, usePolicyHistory } from '../data/usePolicyHistory';
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

function FailedPoliciesPage() {
  const { t } = usePluginTranslation();
  const policies = useWatchedList<NodeNetworkConfigurationPolicy>(PolicyGVK);
  const enactments = useWatchedList<NodeNetworkConfigurationEnactment>(EnactmentGVK, {
    limit: ENACTMENT_PAGE_SIZE,
  });
  const [canUpdate] = useAccessReview({
    group: PolicyModel.apiGroup,
    resource: PolicyModel.plural,
    verb: 'update',
  });
  const [open, setOpen] = useState<string | null>(null);
  const rows = useMemo(
    () => listFailedPolicies(policies.data, enactments.data),
    [policies.data, enactments.data],
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
        {rows.length === 0 ? (
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
              {rows.map((row) => {
                const policy = policies.data.find((p) => p.metadata.name === row.name);
                return (
                  <Fragment key={row.name}>
                    <Tr data-test={`failed-policy-${row.name}`}>
                      <Td dataLabel={t('Policy')}>
                        <Link
                          to={`${getResourceUrl(PolicyGVK, row.name)}#history`}
                          data-test="failed-policy-link"
                        >
                          {row.name}
                        </Link>
                      </Td>
                      <Td dataLabel={t('Status')}>
                        <Label isCompact color={row.outcome === 'Failing' ? 'red' : 'orange'}>
                          {row.outcome === 'Failing' ? t('Failing') : t('Aborted')}
                        </Label>
                      </Td>
                      <Td dataLabel={t('Nodes')} data-test="failed-policy-nodes">
                        {t('{{failing}} of {{total}} failing', {
                          failing: row.failingNodes.length,
                          total: row.total,
                        })}
                        {row.abortedNodes.length > 0 &&
                          ` · ${t('{{count}} aborted', { count: row.abortedNodes.length })}`}
                        <div>{[...row.failingNodes, ...row.abortedNodes].join(', ')}</div>
                      </Td>
                      <Td dataLabel={t('Error')} data-test="failed-policy-error">
                        {row.headline ?? t('No error message')}
                      </Td>
                      <Td isActionCell>
                        <Link
                          to={topologyHighlightUrl(row.name)}
                          data-test="failed-policy-topology"
                        >
                          {t('Show on topology')}
                        </Link>{' '}
                        {canUpdate && (
                          <Button
                            variant="secondary"
                            size="sm"
                            onClick={() => setOpen(open === row.name ? null : row.name)}
                            data-test="failed-policy-rollback"
                          >
                            {t('Roll back')}
                          </Button>
                        )}
                      </Td>
                    </Tr>
                    {open === row.name && policy && canUpdate && (
                      <Tr>
                        <Td colSpan={5}>
                          <RowRollback policy={policy} onClose={() => setOpen(null)} />
                        </Td>
                      </Tr>
                    )}
                  </Fragment>
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
