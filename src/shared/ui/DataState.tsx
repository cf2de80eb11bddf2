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
  /** False where the page says itself that the object was deleted (editors). */
  deletedNotice?: boolean;
  /** What shows while loading instead of the spinner (a list's own skeleton). */
  loadingView?: ReactNode;
}

/**
 * Loading, access denied, API missing, stale and deleted states for one watched resource. Content
 * stays visible under a warning when a refresh failed or the object was deleted: old data is
 * labelled, never hidden.
 */
export function DataState({
  result,
  missingApiMessage,
  children,
  testId,
  deletedNotice = true,
  loadingView,
}: DataStateProps) {
  const { t } = usePluginTranslation();
  if (result.isLoading) {
    if (loadingView !== undefined) return <>{loadingView}</>;
    return <Spinner size="lg" aria-label={t('Loading')} data-test="loading" />;
  }
  if (result.isMissingApi) {
    return (
      <EmptyState
        titleText={t('Not available on this cluster')}
        headingLevel="h2"
        data-test={testId ? `${testId}-missing-api` : 'missing-api'}
      >
        <EmptyStateBody>{missingApiMessage ?? result.error?.message}</EmptyStateBody>
      </EmptyState>
    );
  }
  if (result.error && !result.isStale && !result.isDeleted) {
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
    return (
      <Alert variant="danger" isInline title={t('Could not load data')} data-test="load-error">
        {result.error.message}
      </Alert>
    );
  }
  return (
    <>
      {result.isDeleted && deletedNotice && (
        <Alert
          variant="warning"
          isInline
          title={t('This object has been deleted')}
          data-test="object-deleted"
        >
          {t(
            'It was removed from the cluster while this page was open. What is shown is its last copy.',
          )}
        </Alert>
      )}
      {result.isStale && !result.isDeleted && (
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
