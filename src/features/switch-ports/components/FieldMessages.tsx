import { FormHelperText, HelperText, HelperTextItem } from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { Finding } from '../model/types';
import { findingText } from './messages';

/** The findings of one form field, under the field. */
export function FieldMessages({ findings, testId }: { findings: Finding[]; testId: string }) {
  const { t } = usePluginTranslation();
  if (findings.length === 0) return null;
  return (
    <FormHelperText>
      <HelperText data-test={testId}>
        {findings.map((f, i) => (
          <HelperTextItem
            key={`${f.code}-${i}`}
            variant={
              f.severity === 'error'
                ? 'error'
                : f.severity === 'warning'
                  ? 'warning'
                  : 'indeterminate'
            }
          >
            {findingText(t, f)}
          </HelperTextItem>
        ))}
      </HelperText>
    </FormHelperText>
  );
}

export function fieldStatus(findings: Finding[]): 'error' | 'warning' | 'default' {
  if (findings.some((f) => f.severity === 'error')) return 'error';
  if (findings.some((f) => f.severity === 'warning')) return 'warning';
  return 'default';
}
