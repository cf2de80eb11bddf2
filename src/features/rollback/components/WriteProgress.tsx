// The states of a rollback or revert write after the user confirmed: refused while the policy
// rolls out (with the offer to wait), waiting, conflict (with the change shown), error, and the
// live rollout of the new generation until it settles.
import type { ReactNode } from 'react';
import { Alert, Button, Flex, FlexItem, Label, Spinner } from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
} from '../../../shared/model/nmstate';
import type { EnactmentPhase } from '../../policies/model/enactmentStatus';
import { getRolloutState } from '../logic/rollout';
import { specsEqual } from '../logic/specDiff';
import type { SpecWriteState } from '../data/usePolicySpecWrite';
import { OutcomeLabel } from './OutcomeLabel';
import { SpecDiff } from './SpecDiff';

const SHOWN: EnactmentPhase[] = [
  'Available',
  'Progressing',
  'Pending',
  'Retrying',
  'Failing',
  'Aborted',
  'Stale',
];

export function RolloutCounts({
  policy,
  enactments,
}: {
  policy: NodeNetworkConfigurationPolicy;
  enactments: readonly NodeNetworkConfigurationEnactment[];
}) {
  const { t } = usePluginTranslation();
  const rollout = getRolloutState(policy, enactments);
  const names: Record<EnactmentPhase, string> = {
    Available: t('Available'),
    Progressing: t('Progressing'),
    Pending: t('Pending'),
    Retrying: t('Retrying'),
    Failing: t('Failing'),
    Aborted: t('Aborted'),
    Stale: t('Not started'),
    Unknown: t('Unknown'),
  };
  return (
    <Flex data-test="rollout-counts" spaceItems={{ default: 'spaceItemsSm' }}>
      {SHOWN.filter((p) => rollout.counts[p] > 0).map((p) => (
        <FlexItem key={p}>
          <Label isCompact data-test={`rollout-count-${p}`}>
            {t('{{phase}}: {{count}}', { phase: names[p], count: rollout.counts[p] })}
          </Label>
        </FlexItem>
      ))}
    </Flex>
  );
}

export function WriteProgress({
  state,
  live,
  enactments,
  onWait,
  onReviewAgain,
  settledActions,
}: {
  state: SpecWriteState;
  live: NodeNetworkConfigurationPolicy | undefined;
  enactments: readonly NodeNetworkConfigurationEnactment[];
  onWait: () => void;
  onReviewAgain: () => void;
  /** Offered once the rollout settled Available (revert offers deleting the policy). */
  settledActions?: ReactNode;
}) {
  const { t } = usePluginTranslation();
  switch (state.step) {
    case 'idle':
      return null;
    case 'saving':
      return <Spinner size="md" aria-label={t('Saving')} data-test="write-saving" />;
    case 'blocked':
      return (
        <Alert
          variant="info"
          isInline
          title={t('The policy is still rolling out')}
          data-test="write-blocked"
          actionLinks={
            <Button variant="secondary" onClick={onWait} data-test="write-wait">
              {t('Wait and apply when it settles')}
            </Button>
          }
        >
          {t(
            'nmstate refuses changes to a policy until its current rollout finishes on every node. Switchboard can wait and apply your change automatically as soon as it settles.',
          )}
        </Alert>
      );
    case 'waiting':
      return (
        <Alert
          variant="info"
          isInline
          title={t('Waiting for the rollout to settle')}
          data-test="write-waiting"
        >
          <Spinner size="sm" aria-hidden="true" />{' '}
          {t('Your change is applied automatically when the policy settles.')}
          {live && <RolloutCounts policy={live} enactments={enactments} />}
        </Alert>
      );
    case 'conflict': {
      const titles = {
        specChanged: t('The policy was changed by someone else'),
        recreated: t('The policy was deleted and created again'),
        deleting: t('The policy is being deleted'),
      };
      // A policy re-created with the very spec the user reviewed has nothing to show as a diff.
      const showDiff =
        live !== undefined &&
        state.cause !== 'deleting' &&
        !(state.cause === 'recreated' && specsEqual(state.base.spec, live.spec));
      const bodies = {
        specChanged: t('Nothing was written. This is what changed since you reviewed it:'),
        recreated: showDiff
          ? t(
              'Nothing was written. A new policy of the same name replaced the one you reviewed. This is how its spec differs from what you reviewed:',
            )
          : t(
              'Nothing was written. A new policy of the same name, with the spec you reviewed, replaced the one you reviewed. Review again to write onto the new policy.',
            ),
        deleting: t('Nothing was written.'),
      };
      return (
        <Alert
          variant="warning"
          isInline
          title={titles[state.cause]}
          data-test="write-conflict"
          data-cause={state.cause}
          actionLinks={
            state.cause !== 'deleting' && (
              <Button variant="secondary" onClick={onReviewAgain} data-test="write-review-again">
                {t('Review again against the latest version')}
              </Button>
            )
          }
        >
          <p>{bodies[state.cause]}</p>
          {live && showDiff && (
            <SpecDiff from={state.base.spec} to={live.spec} testId="conflict-diff" />
          )}
        </Alert>
      );
    }
    case 'error':
      return (
        <Alert
          variant="danger"
          isInline
          title={t('The policy could not be updated')}
          data-test="write-error"
        >
          {state.message}
        </Alert>
      );
    case 'following': {
      if (!live) return null;
      const current = live.metadata.generation === state.generation;
      const rollout = getRolloutState(live, enactments);
      const done = current && rollout.settled;
      return (
        <Alert
          variant={!done ? 'info' : rollout.outcome === 'Available' ? 'success' : 'warning'}
          isInline
          title={done ? t('Rollout finished') : t('Rolling out')}
          data-test="write-following"
        >
          <Flex
            spaceItems={{ default: 'spaceItemsSm' }}
            alignItems={{ default: 'alignItemsCenter' }}
          >
            {!done && <Spinner size="sm" aria-hidden="true" />}
            {done && <OutcomeLabel outcome={rollout.outcome} testId="write-outcome" />}
            <RolloutCounts policy={live} enactments={enactments} />
          </Flex>
          {done && rollout.outcome === 'Available' && settledActions}
        </Alert>
      );
    }
  }
}
