// Labels for one enactment's phase, a policy's headline and a policy's counts as labels: the
// details pages' and the switch-port views' (the policy list uses StatusLabels.tsx alone, which
// keeps its page file smaller: issue 23's bytes).
import { Label, LabelGroup } from '@patternfly/react-core';
import type { LabelProps } from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import type { EnactmentPhase, PolicyHeadline } from '../model/enactmentStatus';
import { EXTRA_PHASES, getPhaseText, LIST_PHASES } from './StatusLabels';

type Status = NonNullable<LabelProps['status']>;

const PHASE_STATUS: Record<EnactmentPhase, Status | undefined> = {
  Available: 'success',
  Failing: 'danger',
  Retrying: 'warning',
  Progressing: 'info',
  Pending: undefined,
  Aborted: 'danger',
  Unknown: undefined,
  Stale: undefined,
};

export function PhaseLabel({ phase, message }: { phase: EnactmentPhase; message?: string }) {
  const { t } = usePluginTranslation();
  const status = PHASE_STATUS[phase];
  const label = (
    <Label isCompact status={status} data-test={`phase-${phase}`}>
      {getPhaseText(t, phase)}
    </Label>
  );
  return message ? <LazyTooltip content={message}>{label}</LazyTooltip> : label;
}

const HEADLINE_STATUS: Record<PolicyHeadline, Status | undefined> = {
  Available: 'success',
  Degraded: 'danger',
  Progressing: 'info',
  NoMatchingNode: 'warning',
  Pending: undefined,
  Unknown: undefined,
};

export function HeadlineLabel({ headline }: { headline: PolicyHeadline }) {
  const { t } = usePluginTranslation();
  return (
    <Label status={HEADLINE_STATUS[headline]} data-test="policy-headline">
      {getPhaseText(t, headline)}
    </Label>
  );
}

export function PhaseCounts({ counts }: { counts: Record<EnactmentPhase, number> }) {
  const { t } = usePluginTranslation();
  const extra = EXTRA_PHASES.filter((p) => counts[p] > 0);
  return (
    <LabelGroup numLabels={8} aria-label={t('Enactments by state')} data-test="phase-counts">
      {[...LIST_PHASES, ...extra].map((phase) => (
        <Label
          key={phase}
          isCompact
          variant={counts[phase] > 0 ? 'filled' : 'outline'}
          status={counts[phase] > 0 ? PHASE_STATUS[phase] : undefined}
          data-test={`count-${phase}`}
        >
          {t('{{state}}: {{count}}', { state: getPhaseText(t, phase), count: counts[phase] })}
        </Label>
      ))}
    </LabelGroup>
  );
}
