import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { useAccessReview, useActiveNamespace } from '@openshift-console/dynamic-plugin-sdk';
import { Spinner } from '@patternfly/react-core';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { NadGVK, NadModel } from '../../../shared/k8s/models';
import { useWatchedObject } from '../../../shared/k8s/useWatchedList';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { DataState } from '../../../shared/ui/DataState';
import { PageShell } from '../../../shared/ui/PageShell';
import { buildNewNad } from '../logic/templates';
import { NadEditor } from '../components/NadEditor';
import { toListNamespace, useNadValidationContext } from '../data/useNadData';
import '../components/nads.css';

function NadEditorPage() {
  const { t } = usePluginTranslation();
  const params = useParams<{ ns?: string; name?: string }>();
  const location = useLocation();
  const [active] = useActiveNamespace();
  const isNew = !params.name;
  const namespace = params.ns ?? toListNamespace(active) ?? 'default';
  const view = new URLSearchParams(location.search).get('view') === 'json' ? 'json' : 'form';
  const existing = useWatchedObject<NetworkAttachmentDefinition>(NadGVK, params.name, namespace);
  const { context, isLoading } = useNadValidationContext();
  const [canWrite, checking] = useAccessReview({
    group: NadModel.apiGroup,
    resource: NadModel.plural,
    verb: isNew ? 'create' : 'update',
    namespace,
    name: params.name,
  });
  // The editor starts from one snapshot; later watch updates only tell it about a deletion.
  const initial = useMemo(
    () => (isNew ? buildNewNad(namespace, 'new-network') : existing.data),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [isNew, namespace, Boolean(existing.data)],
  );
  const title = isNew
    ? t('Create network attachment definition')
    : t('Edit {{name}}', { name: params.name ?? '' });
  const ready = !checking && !isLoading && initial;
  const body = ready ? (
    <NadEditor
      key={`${namespace}/${params.name ?? ''}`}
      initial={initial}
      isNew={isNew}
      deleted={existing.isDeleted}
      context={context}
      canWrite={canWrite}
      initialView={view}
    />
  ) : (
    <Spinner size="lg" aria-label={t('Loading')} data-test="loading" />
  );
  return (
    <PageShell title={title} testId="nad-editor-page">
      {isNew ? (
        body
      ) : (
        <DataState result={existing} deletedNotice={false}>
          {existing.data ? (
            body
          ) : (
            <p data-test="nad-not-found">
              {t('This network attachment definition does not exist.')}
            </p>
          )}
        </DataState>
      )}
    </PageShell>
  );
}

export default withQueryClient(NadEditorPage);
