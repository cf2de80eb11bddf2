// Generic list and details pages for kinds whose dedicated pages are not written yet. They show
// the real objects from the cluster so every route works end to end from day one.
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useActiveNamespace } from '@openshift-console/dynamic-plugin-sdk';
import type { GroupVersionKind, K8sResource } from '../model/k8s';
import { useWatchedList, useWatchedObject } from '../k8s/useWatchedList';
import { usePluginTranslation } from '../i18n/usePluginTranslation';
import { PageShell } from './PageShell';
import { DataState } from './DataState';
import { SimpleResourceTable } from './SimpleResourceTable';
import { YamlView } from './YamlView';

const ALL_NAMESPACES = '#ALL_NS#';

export function GenericListPage({
  gvk,
  title,
  testId,
  namespaced,
  missingApiMessage,
}: {
  gvk: GroupVersionKind;
  title: string;
  testId: string;
  namespaced?: boolean;
  missingApiMessage?: string;
}) {
  const [activeNamespace] = useActiveNamespace();
  const namespace = namespaced && activeNamespace !== ALL_NAMESPACES ? activeNamespace : undefined;
  const result = useWatchedList<K8sResource>(gvk, { namespace });
  return (
    <PageShell title={title} testId={testId}>
      <DataState result={result} missingApiMessage={missingApiMessage}>
        <SimpleResourceTable
          gvk={gvk}
          items={result.data}
          namespaced={namespaced}
          testId={`${testId}-table`}
        />
      </DataState>
    </PageShell>
  );
}

export function GenericDetailsPage({
  gvk,
  testId,
  name: nameProp,
  namespace: nsProp,
  summary,
}: {
  gvk: GroupVersionKind;
  testId: string;
  name?: string;
  namespace?: string;
  /** What the kind's page shows above the YAML, until it has a page of its own. */
  summary?: (obj: K8sResource) => ReactNode;
}) {
  const params = useParams<{ name?: string; ns?: string }>();
  const name = nameProp ?? params.name;
  const namespace = nsProp ?? params.ns;
  const { t } = usePluginTranslation();
  const result = useWatchedObject<K8sResource>(gvk, name, namespace);
  return (
    <PageShell title={name ?? gvk.kind} testId={testId}>
      <DataState result={result}>
        {result.data ? (
          <>
            {summary?.(result.data)}
            <YamlView obj={result.data} />
          </>
        ) : (
          <p data-test={`${testId}-not-found`}>
            {t('{{name}} does not exist.', { name: name ?? '' })}
          </p>
        )}
      </DataState>
    </PageShell>
  );
}
