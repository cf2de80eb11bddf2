import { useMemo } from 'react';
import { List, ListItem, Title } from '@patternfly/react-core';
import { DiffView } from '../../../shared/ui/DiffView';
import { isNestedDeeperThan } from '../../../shared/logic/nesting';
import { TooDeeplyNested } from '../../../shared/ui/TooDeeplyNested';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { NodeNetworkConfigurationPolicySpec } from '../../../shared/model/nmstate';
import { stringifyResourceYaml } from '../../policies/logic/resourceYaml';
import { diffPolicySpecs } from '../logic/specDiff';

/** YAML diff of two specs plus what changed per interface, so large diffs stay readable. */
export function SpecDiff({
  from,
  to,
  testId = 'spec-diff',
}: {
  from: NodeNetworkConfigurationPolicySpec;
  to: NodeNetworkConfigurationPolicySpec;
  testId?: string;
}) {
  const { t } = usePluginTranslation();
  // Diffing and stringifying recurse; a spec nested too deeply is named instead.
  const tooDeep = useMemo(() => isNestedDeeperThan(from) || isNestedDeeperThan(to), [from, to]);
  const diff = useMemo(() => (tooDeep ? null : diffPolicySpecs(from, to)), [tooDeep, from, to]);
  if (!diff) return <TooDeeplyNested testId={`${testId}-too-deep`} />;
  const { added, removed, changed } = diff.interfaces;
  return (
    <div data-test={testId}>
      {!diff.identical && (
        <>
          <Title headingLevel="h4">{t('Interfaces')}</Title>
          <List isPlain data-test={`${testId}-interfaces`}>
            {added.map((i) => (
              <ListItem key={`a-${i.name}`} data-test="iface-added">
                {t('Added {{name}}', { name: i.name })}
              </ListItem>
            ))}
            {removed.map((i) => (
              <ListItem key={`r-${i.name}`} data-test="iface-removed">
                {t('Removed {{name}}', { name: i.name })}
              </ListItem>
            ))}
            {changed.map((i) => (
              <ListItem key={`c-${i.name}`} data-test="iface-changed">
                {t('Changed {{name}}: {{fields}}', { name: i.name, fields: i.fields.join(', ') })}
              </ListItem>
            ))}
            {diff.otherFields.length > 0 && (
              <ListItem data-test="other-fields">
                {t('Also changed: {{fields}}', { fields: diff.otherFields.join(', ') })}
              </ListItem>
            )}
            {added.length + removed.length + changed.length + diff.otherFields.length === 0 && (
              <ListItem>{t('No interface changes')}</ListItem>
            )}
          </List>
        </>
      )}
      <DiffView
        oldText={stringifyResourceYaml(from)}
        newText={stringifyResourceYaml(to)}
        testId={`${testId}-yaml`}
      />
    </div>
  );
}
