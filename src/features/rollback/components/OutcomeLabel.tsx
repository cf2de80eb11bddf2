import { Label } from '@patternfly/react-core';
import type { LabelProps } from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { RevisionOutcome } from '../model/revision';

const COLORS: Record<RevisionOutcome, LabelProps['color']> = {
  Available: 'green',
  Failing: 'red',
  Aborted: 'orange',
  Progressing: 'blue',
  Unknown: 'grey',
};

/** A revision's observed outcome; revisions recorded before the rollout settled show "Not observed". */
export function OutcomeLabel({
  outcome,
  testId,
}: {
  outcome: RevisionOutcome | null;
  testId?: string;
}) {
  const { t } = usePluginTranslation();
  const text: Record<RevisionOutcome, string> = {
    Available: t('Available on all nodes'),
    Failing: t('Failing on some nodes'),
    Aborted: t('Aborted'),
    Progressing: t('Progressing'),
    Unknown: t('Unknown'),
  };
  return (
    <Label isCompact color={outcome ? COLORS[outcome] : 'grey'} data-test={testId}>
      {outcome ? text[outcome] : t('Not observed')}
    </Label>
  );
}
