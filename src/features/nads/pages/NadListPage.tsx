import { useCallback, useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import {
  NamespaceBar,
  useAccessReview,
  useActiveNamespace,
} from '@openshift-console/dynamic-plugin-sdk';
import { Button, EmptyState, EmptyStateBody } from '@patternfly/react-core';
import { NadModel } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { DataState } from '../../../shared/ui/DataState';
import { PageShell } from '../../../shared/ui/PageShell';
import { deniedVerbs, ReadOnlyNotice } from '../../../shared/ui/ReadOnlyNotice';
import { isManagedNad } from '../logic/managed';
import { countPodsByNad } from '../logic/podUsage';
import { summarizeNad } from '../logic/summary';
import { validateNad } from '../logic/validateNad';
import { NadTable, type NadRow } from '../components/NadTable';
import { DeleteNadModal } from '../components/DeleteNadModal';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { getCreateUrl, getNadListUrl } from '../components/urls';
import { NAD_ENTRY_URL } from '../../../shared/routes';
import { toListNamespace, useNadValidationContext, usePods } from '../data/useNadData';
import '../components/nads.css';

/**
 * The NAD list on Switchboard's routes (`/switchboard/ns/:ns/attachments`,
 * `/switchboard/all-namespaces/attachments`), or as the console's resource list page when
 * Switchboard serves that (the console then passes `namespace` and shows its own project bar).
 * The navigation entry `/switchboard/attachments` carries no namespace and moves on to the
 * active one, as the console's own namespaced links do.
 */
function NadListPage(props: { namespace?: string }) {
  const params = useParams<{ ns?: string }>();
  const { pathname } = useLocation();
  const [active] = useActiveNamespace();
  const onOwnRoute = pathname.startsWith('/switchboard/');
  if (onOwnRoute && pathname.replace(/\/$/, '') === NAD_ENTRY_URL) {
    return <Navigate to={getNadListUrl(active)} replace />;
  }
  const namespace = onOwnRoute ? params.ns : (props.namespace ?? toListNamespace(active));
  return <NadList namespace={namespace} withNamespaceBar={onOwnRoute} />;
}

function NadList({
  namespace,
  withNamespaceBar,
}: {
  namespace: string | undefined;
  withNamespaceBar: boolean;
}) {
  const { t } = usePluginTranslation();
  const { context, allNads } = useNadValidationContext();
  const pods = usePods(namespace);
  const [canCreate, createLoading] = useAccessReview({
    group: NadModel.apiGroup,
    resource: NadModel.plural,
    verb: 'create',
    namespace,
  });
  const [canEdit, editLoading] = useAccessReview({
    group: NadModel.apiGroup,
    resource: NadModel.plural,
    verb: 'update',
    namespace,
  });
  const [canDelete, deleteLoading] = useAccessReview({
    group: NadModel.apiGroup,
    resource: NadModel.plural,
    verb: 'delete',
    namespace,
  });
  const [deleting, setDeleting] = useState<NetworkAttachmentDefinition | null>(null);
  const counts = useMemo(() => countPodsByNad(pods.data), [pods.data]);
  const rows = useMemo<NadRow[]>(
    () =>
      allNads.data
        .filter((nad) => !namespace || nad.metadata.namespace === namespace)
        .map((nad) => ({
          metadata: nad.metadata,
          nad,
          summary: summarizeNad(nad),
          findings: validateNad(nad, context),
          pods: counts.get(`${nad.metadata.namespace}/${nad.metadata.name}`),
          managed: isManagedNad(nad).managed,
        })),
    [allNads.data, namespace, context, counts],
  );
  const onDelete = useCallback((nad: NetworkAttachmentDefinition) => setDeleting(nad), []);
  const table = (loaded: boolean) => (
    <NadTable
      rows={rows}
      loaded={loaded}
      canEdit={canEdit}
      canDelete={canDelete}
      onDelete={onDelete}
      NoDataEmptyMsg={NoNads}
    />
  );
  return (
    <>
      {/* The console shows its project bar only on its own namespaced routes
          (openshift/console app-contents.tsx, namespacedPrefixes); on ours the page brings
          the SDK's bar, which rewrites the /ns/<ns>/ segment when the project changes. */}
      {withNamespaceBar && <NamespaceBar />}
      <PageShell
        title={t('Network attachment definitions')}
        testId="nad-list"
        notice={
          <ReadOnlyNotice
            loading={createLoading || editLoading || deleteLoading}
            resource={t('network attachment definitions')}
            denied={deniedVerbs([
              ['create', canCreate],
              ['update', canEdit],
              ['delete', canDelete],
            ])}
          />
        }
        actions={
          canCreate && (
            <Button
              variant="primary"
              component={(props: object) => <Link {...props} to={getCreateUrl(namespace)} />}
              data-test="nad-create"
            >
              {t('Create network attachment definition')}
            </Button>
          )
        }
      >
        <DataState result={allNads} loadingView={table(false)}>
          {table(true)}
        </DataState>
        {deleting && <DeleteNadModal nad={deleting} onClose={() => setDeleting(null)} />}
      </PageShell>
    </>
  );
}

function NoNads() {
  const { t } = usePluginTranslation();
  return (
    <EmptyState
      titleText={t('No network attachment definitions')}
      headingLevel="h2"
      data-test="nad-empty"
    >
      <EmptyStateBody>
        {t(
          'Secondary networks for pods are defined here. Create one to attach pods to a VLAN, bridge or SR-IOV device.',
        )}
      </EmptyStateBody>
    </EmptyState>
  );
}

export default withQueryClient(NadListPage);
