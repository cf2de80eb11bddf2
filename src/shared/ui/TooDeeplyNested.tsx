import type { ReactNode } from 'react';
import { Alert } from '@patternfly/react-core';
import { usePluginTranslation } from '../i18n/usePluginTranslation';
import { MAX_NESTING_DEPTH } from '../logic/nesting';

/**
 * Stands in for the YAML, diff or form of an object nested deeper than MAX_NESTING_DEPTH, which
 * would overflow the stack (see shared/logic/nesting.ts). The rest of the page still renders.
 */
export function TooDeeplyNested({ testId, children }: { testId?: string; children?: ReactNode }) {
  const { t } = usePluginTranslation();
  return (
    <Alert
      variant="warning"
      isInline
      isPlain
      title={t('Too deeply nested to show (more than {{max}} levels)', { max: MAX_NESTING_DEPTH })}
      data-test={testId ?? 'too-deeply-nested'}
    >
      {children}
    </Alert>
  );
}
