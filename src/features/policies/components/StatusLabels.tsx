import { Label, LabelGroup } from '@patternfly/react-core';
import type { LabelProps } from '@patternfly/react-core';
import type { Condition } from '../../../shared/model/k8s';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import './policies.css';
import type { EnactmentPhase, PolicyHeadline } from '../model/enactmentStatus';
import { POLICY_CONDITION_TYPES, POLICY_REASON_NO_MATCHING_NODE } from '../model/enactmentStatus';
import type { TFunction } from './messages';

type Status = NonNullable<LabelProps['status']>;

export const getPhaseText = (t: TFunction, phase: EnactmentPhase | PolicyHeadline): string => {
  switch (phase) {
    case 'Available':
      return t('Available');
    case 'Failing':
      return t('Failing');
    case 'Retrying':
      return t('Retrying');
    case 'Progressing':
      return t('Progressing');
    case 'Pending':
      return t('Pending');
    case 'Aborted':
      return t('Aborted');
    case 'Stale':
      return t('Older generation');
    case 'Degraded':
      return t('Degraded');
    case 'NoMatchingNode':
      return t('No matching node');
    case 'Unknown':
      return t('Unknown');
  }
};

/** The five enactment states the handler reports, plus Retrying/older generation when present. */
export const LIST_PHASES: EnactmentPhase[] = [
  'Available',
  'Progressing',
  'Pending',
  'Failing',
  'Aborted',
];

/** Shown after LIST_PHASES, and only when some enactment is in them. */
export const EXTRA_PHASES: readonly EnactmentPhase[] = ['Retrying', 'Stale', 'Unknown'];

const COUNT_CLASS: Record<EnactmentPhase, string> = {
  Available: 'sb-phase-count--success',
  Failing: 'sb-phase-count--danger',
  Retrying: 'sb-phase-count--warning',
  Progressing: 'sb-phase-count--info',
  Pending: 'sb-phase-count--neutral',
  Aborted: 'sb-phase-count--danger',
  Unknown: 'sb-phase-count--neutral',
  Stale: 'sb-phase-count--neutral',
};

/**
 * The list's counts: only the states some node is in, each as a status dot and text. A rollout
 * rewrites every row's counts twice a second, and five labels per row (list items, icons,
 * borders) cost most of the layout and paint of each update; zero counts said nothing.
 */
export function PhaseCountsInline({
  counts,
}: {
  counts: Readonly<Record<EnactmentPhase, number>>;
}) {
  const { t } = usePluginTranslation();
  const shown = [...LIST_PHASES, ...EXTRA_PHASES].filter((p) => counts[p] > 0);
  if (shown.length === 0)
    return (
      <span className="pf-v6-u-color-200" data-test="phase-counts-none">
        {t('No enactments')}
      </span>
    );
  return (
    <span className="sb-phase-counts" data-test="phase-counts">
      {shown.map((phase) => (
        <span
          key={phase}
          className={`sb-phase-count ${COUNT_CLASS[phase]}`}
          data-test={`count-${phase}`}
        >
          {t('{{state}}: {{count}}', { state: getPhaseText(t, phase), count: counts[phase] })}
        </span>
      ))}
    </span>
  );
}

/**
 * The policy's own conditions, each with its status and reason. "Available with NoMatchingNode"
 * (nmstate ≤ v0.84) is shown as what it means, not as Available.
 */
export function PolicyConditionLabels({ conditions }: { conditions: Condition[] | undefined }) {
  const { t } = usePluginTranslation();
  const shown = POLICY_CONDITION_TYPES.flatMap((type) => {
    const c = (conditions ?? []).filter((x) => x.type === type).pop();
    return c?.status === 'True' ? [c] : [];
  });
  if (shown.length === 0)
    return (
      <Label isCompact data-test="policy-condition-none">
        {t('No condition reported yet')}
      </Label>
    );
  return (
    <LabelGroup aria-label={t('Conditions')} data-test="policy-conditions">
      {shown.map((c) => {
        const noMatch = c.reason === POLICY_REASON_NO_MATCHING_NODE;
        const status: Status | undefined = noMatch
          ? 'warning'
          : c.type === 'Available'
            ? 'success'
            : c.type === 'Degraded'
              ? 'danger'
              : c.type === 'Progressing'
                ? 'info'
                : undefined;
        const text =
          noMatch && c.type === 'Available'
            ? t('Available (no matching node)')
            : c.type === 'Ignored'
              ? t('Ignored')
              : getPhaseText(t, c.type as PolicyHeadline);
        return (
          <LazyTooltip key={c.type} content={c.message || c.reason || c.type}>
            <Label isCompact status={status} data-test={`policy-condition-${c.type}`}>
              {text}
            </Label>
          </LazyTooltip>
        );
      })}
    </LabelGroup>
  );
}
