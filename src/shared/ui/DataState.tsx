import type { ReactNode } from 'react';
import { Alert, EmptyState, EmptyStateBody, Spinner } from '@patternfly/react-core';
import type { WatchedResult } from '../k8s/useWatchedList';
import { usePluginTranslation } from '../i18n/usePluginTranslation';

interface DataStateProps {
  result: WatchedResult<unknown>;
  /** What the missing API means for this page, e.g. which operator to install. */
  missingApiMessage?: string;
  children: ReactNode;
  testId?: string;
}

/**
 * Loading, access denied, API missing and stale states for one watched resource. Content stays
 * visible under a warning when a refresh failed: stale data is labelled, never hidden.
 */
export function DataState({ result, missingApiMessage, children, testId }: DataStateProps) {
  const { t } = usePluginTranslation();
  if (result.isLoading) {
    return <Spinner size="lg" aria-label={t('Loading')} data-test="loading" />;
  }
  if (result.error && !result.isStale) {
    if (result.error.kind === 'forbidden') {
      return (
        <Alert
          variant="warning"
          isInline
          title={t('You do not have permission to view this data')}
          data-test={testId ? `${testId}-forbidden` : 'forbidden'}
        >
          {result.error.message}
        </Alert>
      );
    }
    if (result.isMissingApi) {
      return (
        <EmptyState
          titleText={t('Not available on this cluster')}
          headingLevel="h2"
          data-test={testId ? `${testId}-missing-api` : 'missing-api'}
        >
          <EmptyStateBody>{missingApiMessage ?? result.error.message}</EmptyStateBody>
        </EmptyState>
      );
    }
    return (
      <Alert variant="danger" isInline title={t('Could not load data')} data-test="load-error">
        {result.error.message}
      </Alert>
    );
  }
  return (
    <>
      {result.isStale && (
        <Alert
          variant="warning"
          isInline
          isPlain
          title={t('Showing the last data received; the connection to the cluster was lost.')}
          data-test="stale-data"
        />
      )}
      {children}
    </>
  );
}
