// One-click rollback: pick a revision (the latest one Available everywhere by default), review
// the diff against the current spec and the per-node preview, confirm, then follow the rollout.
import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardTitle,
  FormGroup,
  FormSelect,
  FormSelectOption,
  Stack,
  StackItem,
  Title,
} from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import type { PolicyRevision } from '../model/revision';
import { pickDefaultRollbackRevision } from '../logic/outcome';
import { buildRollbackUpdate, type RollbackRefusal } from '../logic/rollbackUpdate';
import { usePolicySpecWrite } from '../data/usePolicySpecWrite';
import { NodePreviewTable } from './NodePreviewTable';
import { SpecDiff } from './SpecDiff';
import { WriteProgress } from './WriteProgress';
import { LeavingNodesPanel } from './LeavingNodesPanel';

export function RollbackPanel({
  policy,
  revisions,
  initialRevision,
  enactments,
  nodes,
  nodeStates,
  onClose,
}: {
  policy: NodeNetworkConfigurationPolicy;
  revisions: readonly PolicyRevision[];
  initialRevision?: string;
  enactments: readonly NodeNetworkConfigurationEnactment[];
  nodes: readonly Node[];
  nodeStates: readonly NodeNetworkState[];
  onClose: () => void;
}) {
  const { t } = usePluginTranslation();
  // The copy the user reviews; a later change to the policy is shown, never silently used.
  const [base, setBase] = useState(policy);
  const [selected, setSelected] = useState(
    () => initialRevision ?? pickDefaultRollbackRevision(revisions, policy.spec)?.name ?? '',
  );
  const { state, write, wait, reset } = usePolicySpecWrite(policy);
  const revision = revisions.find((r) => r.name === selected);
  const update = useMemo(
    () => (revision ? buildRollbackUpdate(base, revision) : null),
    [base, revision],
  );
  const refusals: Record<RollbackRefusal, string> = {
    'rollback.captureChanged': t(
      'This revision has different captures. nmstate does not allow changing captures; delete and recreate the policy instead.',
    ),
    'rollback.noChange': t('This revision has the current spec: there is nothing to roll back.'),
    'rollback.policyProgressing': t(
      'The policy is still rolling out, and nmstate refuses changes until it settles. You can confirm now and Switchboard waits for it.',
    ),
    'rollback.otherPolicy': t('This revision belongs to another policy.'),
  };
  const candidate = useMemo(
    () => (revision ? { ...base, spec: revision.spec } : null),
    [base, revision],
  );
  // A progressing policy is no reason to refuse: the write waits for it (with the user's consent).
  const blockedOnly = update?.ok === false && update.reason === 'rollback.policyProgressing';
  const canConfirm =
    Boolean(revision) && (update?.ok === true || blockedOnly) && state.step === 'idle';

  return (
    <Card data-test="rollback-panel">
      <CardTitle>{t('Roll back {{name}}', { name: policy.metadata.name })}</CardTitle>
      <CardBody>
        <Stack hasGutter>
          <StackItem>
            <FormGroup label={t('Revision to restore')} fieldId="sb-rollback-revision">
              <FormSelect
                id="sb-rollback-revision"
                value={selected}
                onChange={(_e, v) => setSelected(v)}
                isDisabled={state.step !== 'idle'}
                data-test="rollback-revision-select"
                aria-label={t('Revision to restore')}
              >
                <FormSelectOption value="" label={t('Choose a revision')} isPlaceholder />
                {revisions.map((r) => (
                  <FormSelectOption
                    key={r.name}
                    value={r.name}
                    label={t('Generation {{generation}} ({{outcome}})', {
                      generation: r.generation,
                      outcome: r.outcome ?? t('not observed'),
                    })}
                  />
                ))}
              </FormSelect>
            </FormGroup>
          </StackItem>
          {!revision && (
            <StackItem>
              <Alert
                variant="info"
                isInline
                isPlain
                title={t(
                  'No revision that was Available on every node differs from the current spec.',
                )}
                data-test="rollback-no-default"
              />
            </StackItem>
          )}
          {update?.ok === false && (
            <StackItem>
              <Alert
                variant={blockedOnly ? 'info' : 'warning'}
                isInline
                title={refusals[update.reason]}
                data-test={`rollback-refusal-${update.reason}`}
              />
            </StackItem>
          )}
          {revision && candidate && (
            <>
              <StackItem>
                <Title headingLevel="h3">{t('Changes from the current spec')}</Title>
                <SpecDiff from={base.spec} to={revision.spec} testId="rollback-diff" />
              </StackItem>
              <StackItem>
                <Title headingLevel="h3">{t('Per-node preview')}</Title>
                <NodePreviewTable policy={candidate} nodes={nodes} nodeStates={nodeStates} />
                <LeavingNodesPanel
                  before={base}
                  after={candidate}
                  nodes={nodes}
                  nodeStates={nodeStates}
                  enactments={enactments}
                  canCreateNow={state.step === 'following'}
                />
              </StackItem>
            </>
          )}
          <StackItem>
            <WriteProgress
              state={state}
              live={policy}
              enactments={enactments}
              onWait={wait}
              onReviewAgain={() => {
                setBase(policy);
                reset();
              }}
            />
          </StackItem>
          <StackItem>
            {state.step === 'idle' && (
              <Button
                variant="danger"
                isDisabled={!canConfirm}
                onClick={() => revision && write(base, revision.spec)}
                data-test="rollback-confirm"
              >
                {t('Roll back to generation {{generation}}', {
                  generation: revision?.generation ?? '',
                })}
              </Button>
            )}{' '}
            <Button variant="link" onClick={onClose} data-test="rollback-close">
              {state.step === 'following' ? t('Close') : t('Cancel')}
            </Button>
          </StackItem>
        </Stack>
      </CardBody>
    </Card>
  );
}
