import { useState } from 'react';
import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  ExpandableSection,
  Label,
  LabelGroup,
} from '@patternfly/react-core';
import type { NodeNetworkConfigurationEnactment } from '../../../shared/model/nmstate';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { YamlView } from '../../../shared/ui/YamlView';
import { getHandlerOutput } from '../logic/handlerOutput';

/** Maximum apply attempts per generation (kubernetes-nmstate controllers/handler: 5 retries). */
const MAX_RETRIES = 5;

/**
 * What the handler recorded on one node's enactment: retries of the current generation, the
 * nmstate features it used, the desired state after captures were resolved for this node, and the
 * captures themselves. Shown in the enactment row, so "why did this node get that" has an answer.
 */
export function HandlerOutput({ nnce }: { nnce: NodeNetworkConfigurationEnactment }) {
  const { t } = usePluginTranslation();
  const [stateOpen, setStateOpen] = useState(false);
  const [capturesOpen, setCapturesOpen] = useState(false);
  const out = getHandlerOutput(nnce);
  return (
    <div data-test="handler-output" className="pf-v6-u-mt-sm">
      <DescriptionList isCompact isHorizontal>
        <DescriptionListGroup>
          <DescriptionListTerm>{t('Failed attempts')}</DescriptionListTerm>
          <DescriptionListDescription data-test="handler-retries">
            {out.generation === undefined
              ? '-'
              : t('{{count}} of {{max}} for generation {{generation}}', {
                  count: out.retries,
                  max: MAX_RETRIES,
                  generation: out.generation,
                })}
          </DescriptionListDescription>
        </DescriptionListGroup>
        <DescriptionListGroup>
          <DescriptionListTerm>{t('nmstate features used')}</DescriptionListTerm>
          <DescriptionListDescription data-test="handler-features">
            {out.features.length === 0 ? (
              t('None reported')
            ) : (
              <LabelGroup numLabels={8}>
                {out.features.map((f) => (
                  <Label key={f} isCompact>
                    {f}
                  </Label>
                ))}
              </LabelGroup>
            )}
          </DescriptionListDescription>
        </DescriptionListGroup>
      </DescriptionList>
      <ExpandableSection
        toggleText={
          out.desiredState
            ? t('Desired state the handler rendered for this node')
            : t('The handler has not rendered a desired state for this node yet')
        }
        isExpanded={stateOpen && out.desiredState !== undefined}
        onToggle={(_e, v) => setStateOpen(v)}
        data-test="handler-desired-state-toggle"
      >
        {out.desiredState && <YamlView obj={out.desiredState} testId="handler-desired-state" />}
      </ExpandableSection>
      {out.captures.length > 0 && (
        <ExpandableSection
          toggleText={t('Captured states ({{count}})', { count: out.captures.length })}
          isExpanded={capturesOpen}
          onToggle={(_e, v) => setCapturesOpen(v)}
          data-test="handler-captures-toggle"
        >
          {out.captures.map((c) => (
            <div key={c.name} data-test={`handler-capture-${c.name}`} className="pf-v6-u-mb-sm">
              <strong>{c.name}</strong>{' '}
              {c.time && (
                <span className="pf-v6-u-color-200">
                  {t('captured {{time}}', { time: c.time })}
                </span>
              )}
              {c.state ? (
                <YamlView obj={c.state} testId={`handler-capture-state-${c.name}`} />
              ) : (
                <div>{t('No state recorded')}</div>
              )}
            </div>
          ))}
        </ExpandableSection>
      )}
    </div>
  );
}
