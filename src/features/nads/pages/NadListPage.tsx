import { useMemo } from 'react';
import { Link } from 'react-router';
import { useAccessReview, useActiveNamespace } from '@openshift-console/dynamic-plugin-sdk';
import { Button, EmptyState, EmptyStateBody } from '@patternfly/react-core';
import { NadModel } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { DataState } from '../../../shared/ui/DataState';
import { PageShell } from '../../../shared/ui/PageShell';
import { isManagedNad } from '../logic/managed';
import { countPodsByNad } from '../logic/podUsage';
import { summarizeNad } from '../logic/summary';
import { validateNad } from '../logic/validateNad';
import { NadTable, type NadRow } from '../components/NadTable';
import { getCreateUrl } from '../components/urls';
import { toListNamespace, useNadValidationContext, usePods } from '../data/useNadData';
import '../components/nads.css';

function NadListPage() {
  const { t } = usePluginTranslation();
  const [active] = useActiveNamespace();
  const namespace = toListNamespace(active);
  const { context, allNads } = useNadValidationContext();
  const pods = usePods(namespace);
  const [canCreate] = useAccessReview({
    group: NadModel.apiGroup,
    resource: NadModel.plural,
    verb: 'create',
    namespace,
  });
  const [canEdit] = useAccessReview({
    group: NadModel.apiGroup,
    resource: NadModel.plural,
    verb: 'update',
    namespace,
  });
  const counts = useMemo(() => countPodsByNad(pods.data), [pods.data]);
  const rows = useMemo<NadRow[]>(
    () =>
      allNads.data
        .filter((nad) => !namespace || nad.metadata.namespace === namespace)
        .map((nad) => ({
          nad,
          summary: summarizeNad(nad),
          findings: validateNad(nad, context),
          pods: counts.get(`${nad.metadata.namespace}/${nad.metadata.name}`),
          managed: isManagedNad(nad).managed,
        })),
    [allNads.data, namespace, context, counts],
  );
  return (
    <PageShell
      title={t('Network attachment definitions')}
      testId="nad-list"
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
      <DataState result={allNads}>
        {rows.length === 0 ? (
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
        ) : (
          <NadTable rows={rows} canEdit={canEdit} />
        )}
      </DataState>
    </PageShell>
  );
}

export default withQueryClient(NadListPage);
