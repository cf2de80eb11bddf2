import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAccessReview } from '@openshift-console/dynamic-plugin-sdk';
import { Button, Flex, FlexItem } from '@patternfly/react-core';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { NadGVK, NadModel } from '../../../shared/k8s/models';
import { useWatchedObject } from '../../../shared/k8s/useWatchedList';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { DataState } from '../../../shared/ui/DataState';
import { PageShell } from '../../../shared/ui/PageShell';
import { deniedVerbs, ReadOnlyNotice } from '../../../shared/ui/ReadOnlyNotice';
import { isManagedNad } from '../logic/managed';
import { validateNad } from '../logic/validateNad';
import { NadDetails } from '../components/NadDetails';
import { getEditUrl, getNadListUrl } from '../components/urls';
import { DeleteNadModal } from '../components/DeleteNadModal';
import { useEvents, useNadValidationContext, usePods } from '../data/useNadData';
import { GLOBAL_NAD_NAMESPACES } from '../components/constants';
import '../components/nads.css';

function NadDetailsPage(props: { name?: string; namespace?: string }) {
  const { t } = usePluginTranslation();
  const params = useParams<{ name?: string; ns?: string }>();
  const name = props.name ?? params.name ?? '';
  const namespace = props.namespace ?? params.ns ?? '';
  const result = useWatchedObject<NetworkAttachmentDefinition>(NadGVK, name, namespace);
  const { context } = useNadValidationContext();
  // Pods may use NADs of OpenShift's global namespaces from any namespace.
  const podScope = GLOBAL_NAD_NAMESPACES.includes(namespace) ? undefined : namespace;
  const pods = usePods(podScope);
  const events = useEvents(podScope, Boolean(namespace));
  const nad = result.data;
  const findings = useMemo(() => (nad ? validateNad(nad, context) : []), [nad, context]);
  const [canEdit, editLoading] = useAccessReview({
    group: NadModel.apiGroup,
    resource: NadModel.plural,
    verb: 'update',
    name,
    namespace,
  });
  const [canDelete, deleteLoading] = useAccessReview({
    group: NadModel.apiGroup,
    resource: NadModel.plural,
    verb: 'delete',
    name,
    namespace,
  });
  // The dialog deletes the copy it was opened on, not whatever the watch delivers meanwhile.
  const [deleting, setDeleting] = useState<NetworkAttachmentDefinition | null>(null);
  const navigate = useNavigate();
  const managed = nad ? isManagedNad(nad).managed : false;
  // A deleted object is shown as its last copy, not offered for editing.
  const editable = canEdit && !managed && !result.isDeleted;
  // A managed NAD would be recreated by its owner, so it is not offered for deletion either.
  const deletable = canDelete && !managed && !result.isDeleted;
  return (
    <PageShell
      title={name}
      testId="nad-details"
      notice={
        <ReadOnlyNotice
          loading={editLoading || deleteLoading}
          resource={t('network attachment definitions')}
          denied={deniedVerbs([
            ['update', canEdit],
            ['delete', canDelete],
          ])}
        />
      }
      actions={
        nad &&
        (editable || deletable) && (
          <Flex spaceItems={{ default: 'spaceItemsSm' }}>
            {editable && (
              <>
                <FlexItem>
                  <Button
                    variant="primary"
                    component={(p: object) => <Link {...p} to={getEditUrl(namespace, name)} />}
                    data-test="nad-edit"
                  >
                    {t('Edit')}
                  </Button>
                </FlexItem>
                <FlexItem>
                  <Button
                    variant="secondary"
                    component={(p: object) => (
                      <Link {...p} to={`${getEditUrl(namespace, name)}?view=json`} />
                    )}
                    data-test="nad-edit-json"
                  >
                    {t('Edit as JSON')}
                  </Button>
                </FlexItem>
              </>
            )}
            {deletable && (
              <FlexItem>
                <Button variant="danger" onClick={() => setDeleting(nad)} data-test="nad-delete">
                  {t('Delete')}
                </Button>
              </FlexItem>
            )}
          </Flex>
        )
      }
    >
      {deleting && (
        <DeleteNadModal
          nad={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => void navigate(getNadListUrl(namespace))}
        />
      )}
      <DataState result={result}>
        {nad ? (
          <NadDetails
            nad={nad}
            findings={findings}
            pods={pods.data}
            podsResult={pods}
            events={events.data}
          />
        ) : (
          <p data-test="nad-not-found">{t('This network attachment definition does not exist.')}</p>
        )}
      </DataState>
    </PageShell>
  );
}

export default withQueryClient(NadDetailsPage);
