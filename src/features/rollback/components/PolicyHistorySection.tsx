// The policy details page's history section: failed enactments (when Failing or Aborted), the
// revision timeline with outcomes, a diff between any two revisions, and for users allowed to
// update the policy, rollback and revert. Viewers see everything except the write actions.
import { useEffect, useMemo, useState } from 'react';
import { Timestamp, useAccessReview } from '@openshift-console/dynamic-plugin-sdk';
import {
  Alert,
  Button,
  Flex,
  FlexItem,
  FormGroup,
  FormSelect,
  FormSelectOption,
  Label,
  Stack,
  StackItem,
  Title,
} from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
import { Link } from 'react-router';
import { NodeGVK, NodeNetworkStateGVK, PolicyGVK, PolicyModel } from '../../../shared/k8s/models';
import { getPolicyEditUrl } from '../../policies/components/urls';
import { getEnactmentKey, getEnactmentPhase } from '../../policies/logic/enactments';
import type { AuthorTrust, RevisionTrustIssue } from '../logic/trust';
import { NarrowPanel } from './NarrowPanel';
import { useWatchedList } from '../../../shared/k8s/useWatchedList';
import { DataState } from '../../../shared/ui/DataState';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationPolicy,
  NodeNetworkConfigurationPolicySpec,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { HISTORY_NAMESPACE, type RevisionUnavailableReason } from '../model/revision';
import { getRolloutState } from '../logic/rollout';
import { specsEqual } from '../logic/specDiff';
import { usePolicyEnactments, usePolicyHistory } from '../data/usePolicyHistory';
import { FailedEnactmentsPanel } from './FailedEnactmentsPanel';
import { OutcomeLabel } from './OutcomeLabel';
import { RevertPanel } from './RevertPanel';
import { RollbackPanel } from './RollbackPanel';
import { SpecDiff } from './SpecDiff';

const CURRENT = '__current__';

type Open =
  { kind: 'rollback'; revision?: string } | { kind: 'revert' } | { kind: 'narrow' } | null;

export function PolicyHistorySection({
  policy,
  open: requested,
}: {
  policy: NodeNetworkConfigurationPolicy;
  /** Opens the rollback or revert panel: the details page's Actions menu asks for it. */
  open?: 'rollback' | 'revert';
}) {
  const { t } = usePluginTranslation();
  const name = policy.metadata.name;
  const enactments = usePolicyEnactments(name);
  const history = usePolicyHistory(policy, enactments.data, !enactments.isLoading);
  const [canUpdate] = useAccessReview({
    group: PolicyModel.apiGroup,
    resource: PolicyModel.plural,
    verb: 'update',
    name,
  });
  const rollout = getRolloutState(policy, enactments.data);
  const failed = rollout.outcome === 'Failing' || rollout.outcome === 'Aborted';
  const [open, setOpen] = useState<Open>(null);
  useEffect(() => {
    if (requested) setOpen({ kind: requested });
  }, [requested]);
  const nodes = useWatchedList<Node>(NodeGVK, { enabled: open !== null });
  const nodeStates = useWatchedList<NodeNetworkState>(NodeNetworkStateGVK, {
    enabled: open !== null || failed,
  });
  const policies = useWatchedList<NodeNetworkConfigurationPolicy>(PolicyGVK, {
    enabled: open?.kind === 'revert',
  });
  // A new policy that fails has no earlier generation to roll back to: offer what makes sense.
  const failingNew = failed && policy.metadata.generation === 1;
  const working = enactments.data
    .filter((e) => {
      const key = getEnactmentKey(e, { policies: [name] });
      return (
        key?.policy === name && getEnactmentPhase(e, policy.metadata.generation) === 'Available'
      );
    })
    .map((e) => getEnactmentKey(e, { policies: [name] })?.node ?? '')
    .filter((n) => n !== '')
    .sort();

  const { revisions } = history;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState(CURRENT);
  const fromName = from || revisions[1]?.name || revisions[0]?.name || CURRENT;
  const specOf = (key: string): NodeNetworkConfigurationPolicySpec | undefined =>
    key === CURRENT ? policy.spec : revisions.find((r) => r.name === key)?.spec;
  const fromSpec = specOf(fromName);
  const toSpec = specOf(to);

  const reasons: Record<RevisionUnavailableReason | 'revision.otherPolicy', string> = {
    'revision.notAnObject': t('Not a revision object'),
    'revision.wrongKind': t('Not a ControllerRevision'),
    'revision.missingPolicyLabel': t('No policy label'),
    'revision.missingData': t('No recorded data'),
    'revision.invalidSpec': t('The recorded spec is missing or truncated'),
    'revision.invalidGeneration': t('No valid generation'),
    'revision.invalidRecordedAt': t('No valid recording time'),
    'revision.otherPolicy': t('Recorded for another policy'),
  };

  const issueText: Record<RevisionTrustIssue, string> = {
    'trust.noOwner': t('Not owned by a policy.'),
    'trust.otherUid': t('Owned by another policy object (deleted, or re-created under this name).'),
    'trust.generationAboveLive': t('Claims a generation the policy has not reached.'),
    'trust.notPluginWritten': t('Not written by Switchboard’s history recording.'),
    'trust.recordedBeforePolicy': t('Created before this policy existed.'),
    'trust.specMismatchAtLive': t('Claims the current generation with another spec.'),
  };
  const authorText: Record<AuthorTrust, string> = {
    none: '',
    serverConfirmed: t('From the server’s identity at write time; only Switchboard wrote it.'),
    unverified: t(
      'From the server’s identity at write time, as recorded by Switchboard; the server keeps no field ownership to confirm it.',
    ),
    edited: t('Changed outside Switchboard after recording: do not rely on it.'),
  };

  const options = useMemo(
    () => [
      { value: CURRENT, label: t('Current spec') },
      ...revisions.map((r) => ({
        value: r.name,
        label: t('Generation {{generation}}', { generation: r.generation }),
      })),
    ],
    [revisions, t],
  );

  return (
    <Stack hasGutter data-test="policy-history">
      <StackItem>
        <Flex justifyContent={{ default: 'justifyContentSpaceBetween' }}>
          <FlexItem>
            <Title headingLevel="h2">{t('History')}</Title>
          </FlexItem>
          {canUpdate && open === null && (
            <FlexItem>
              <Flex spaceItems={{ default: 'spaceItemsSm' }}>
                <Button
                  variant="secondary"
                  onClick={() => setOpen({ kind: 'rollback' })}
                  data-test="rollback-open"
                >
                  {t('Roll back')}
                </Button>
                {(rollout.outcome === 'Available' || failingNew) && (
                  <Button
                    variant="secondary"
                    onClick={() => setOpen({ kind: 'revert' })}
                    data-test="revert-open"
                  >
                    {t('Revert')}
                  </Button>
                )}
              </Flex>
            </FlexItem>
          )}
        </Flex>
      </StackItem>
      {failed && (
        <StackItem>
          <FailedEnactmentsPanel
            policy={policy}
            enactments={enactments.data}
            nodeStates={nodeStates.data}
          />
        </StackItem>
      )}
      {failingNew && canUpdate && open === null && (
        <StackItem>
          <Alert
            variant="warning"
            isInline
            title={t('This new policy fails on some nodes')}
            data-test="recover-new"
          >
            <p>
              {t('It has no earlier generation to roll back to. Works on: {{nodes}}. You can:', {
                nodes: working.join(', ') || t('no node'),
              })}
            </p>
            <Flex spaceItems={{ default: 'spaceItemsSm' }}>
              <Button
                variant="secondary"
                onClick={() => setOpen({ kind: 'revert' })}
                data-test="recover-revert"
              >
                {t('Revert it where it worked, then delete it')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => setOpen({ kind: 'narrow' })}
                data-test="recover-narrow"
              >
                {t('Narrow it to the nodes where it works')}
              </Button>
              <Link to={getPolicyEditUrl(name, 'yaml')} data-test="recover-edit">
                {t('Edit and re-apply')}
              </Link>
            </Flex>
          </Alert>
        </StackItem>
      )}
      {open?.kind === 'narrow' && canUpdate && !nodes.isLoading && (
        <StackItem>
          <NarrowPanel
            policy={policy}
            working={working}
            enactments={enactments.data}
            nodes={nodes.data}
            nodeStates={nodeStates.data}
            onClose={() => setOpen(null)}
          />
        </StackItem>
      )}
      {history.errors.length > 0 && (
        <StackItem>
          <Alert
            variant="danger"
            isInline
            title={t('The history could not be recorded')}
            data-test="history-errors"
          >
            {history.errors.map((e) => (
              <p key={e}>{e}</p>
            ))}
          </Alert>
        </StackItem>
      )}
      {!history.canRecord && history.missingVerbs.length > 0 && canUpdate && (
        <StackItem>
          <Alert
            variant="info"
            isInline
            isPlain
            data-test="history-missing-verbs"
            title={t(
              'This page does not record history: you may not {{verbs}} ControllerRevisions in {{namespace}}.',
              { verbs: history.missingVerbs.join(', '), namespace: HISTORY_NAMESPACE },
            )}
          />
        </StackItem>
      )}
      {open?.kind === 'rollback' && canUpdate && (
        <StackItem>
          <RollbackPanel
            policy={policy}
            revisions={revisions}
            initialRevision={open.revision}
            enactments={enactments.data}
            nodes={nodes.data}
            nodeStates={nodeStates.data}
            onClose={() => setOpen(null)}
          />
        </StackItem>
      )}
      {open?.kind === 'revert' &&
        canUpdate &&
        !nodes.isLoading &&
        !nodeStates.isLoading &&
        !policies.isLoading && (
          <StackItem>
            <RevertPanel
              policy={policy}
              baselines={history.baselines}
              enactments={enactments.data}
              nodes={nodes.data}
              nodeStates={nodeStates.data}
              policies={policies.data}
              onClose={() => setOpen(null)}
            />
          </StackItem>
        )}
      <StackItem>
        <DataState result={history.result} testId="history">
          <Table variant="compact" aria-label={t('Revisions')} data-test="revision-timeline">
            <Thead>
              <Tr>
                <Th>{t('Generation')}</Th>
                <Th>{t('Recorded')}</Th>
                <Th>{t('Author')}</Th>
                <Th>{t('Outcome')}</Th>
                <Th screenReaderText={t('Actions')} />
              </Tr>
            </Thead>
            <Tbody>
              {history.assessed.map(({ revision: r, trust }) => {
                const isCurrent = specsEqual(r.spec, policy.spec);
                return (
                  <Tr
                    key={r.name}
                    data-test={trust.trusted ? `revision-${r.generation}` : 'revision-untrusted'}
                  >
                    <Td dataLabel={t('Generation')}>
                      {r.generation}{' '}
                      {trust.trusted && r.generation === policy.metadata.generation && (
                        <Label isCompact color="blue">
                          {t('Current')}
                        </Label>
                      )}
                      {!trust.trusted && (
                        <Label isCompact color="orange" data-test="revision-untrusted-label">
                          {t('Untrusted')}
                        </Label>
                      )}
                      {!trust.trusted && (
                        <div data-test="revision-untrusted-reasons">
                          {trust.issues.map((i) => issueText[i]).join(' ')}
                        </div>
                      )}
                    </Td>
                    <Td dataLabel={t('Recorded')}>
                      <Timestamp timestamp={r.recordedAt} />
                    </Td>
                    <Td dataLabel={t('Author')}>
                      <span data-test="revision-author">{r.author ?? t('Not recorded')}</span>
                      {r.author !== null && (
                        <div data-test="revision-author-trust">{authorText[trust.author]}</div>
                      )}
                    </Td>
                    <Td dataLabel={t('Outcome')}>
                      <OutcomeLabel outcome={r.outcome} testId="revision-outcome" />
                    </Td>
                    <Td isActionCell>
                      {canUpdate && !isCurrent && trust.trusted && (
                        <Button
                          variant="link"
                          isInline
                          onClick={() => setOpen({ kind: 'rollback', revision: r.name })}
                          data-test="revision-rollback"
                        >
                          {t('Roll back to this')}
                        </Button>
                      )}
                    </Td>
                  </Tr>
                );
              })}
              {history.unavailable.map((u, i) => (
                <Tr key={`u-${u.name ?? i}`} data-test="revision-unavailable">
                  <Td dataLabel={t('Generation')}>{u.name ?? t('Unnamed object')}</Td>
                  <Td dataLabel={t('Recorded')} colSpan={2}>
                    {reasons[u.reason]}
                  </Td>
                  <Td dataLabel={t('Outcome')}>
                    <Label isCompact color="grey">
                      {t('Unavailable')}
                    </Label>
                  </Td>
                  <Td />
                </Tr>
              ))}
              {history.assessed.length + history.unavailable.length === 0 && (
                <Tr>
                  <Td colSpan={5} data-test="revision-timeline-empty">
                    {history.canRecord
                      ? t('No revision recorded yet; the current generation is being recorded.')
                      : t('No revision recorded yet.')}
                  </Td>
                </Tr>
              )}
            </Tbody>
          </Table>
        </DataState>
      </StackItem>
      {revisions.length > 0 && (
        <StackItem>
          <Title headingLevel="h3">{t('Compare')}</Title>
          <Flex>
            <FormGroup label={t('From')} fieldId="sb-history-from">
              <FormSelect
                id="sb-history-from"
                value={fromName}
                onChange={(_e, v) => setFrom(v)}
                data-test="compare-from"
                aria-label={t('From')}
              >
                {options.map((o) => (
                  <FormSelectOption key={o.value} value={o.value} label={o.label} />
                ))}
              </FormSelect>
            </FormGroup>
            <FormGroup label={t('To')} fieldId="sb-history-to">
              <FormSelect
                id="sb-history-to"
                value={to}
                onChange={(_e, v) => setTo(v)}
                data-test="compare-to"
                aria-label={t('To')}
              >
                {options.map((o) => (
                  <FormSelectOption key={o.value} value={o.value} label={o.label} />
                ))}
              </FormSelect>
            </FormGroup>
          </Flex>
          {fromSpec && toSpec && <SpecDiff from={fromSpec} to={toSpec} testId="compare-diff" />}
        </StackItem>
      )}
    </Stack>
  );
}
