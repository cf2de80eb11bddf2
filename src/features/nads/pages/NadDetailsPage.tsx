import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useAccessReview } from '@openshift-console/dynamic-plugin-sdk';
import { Button, Flex, FlexItem } from '@patternfly/react-core';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { NadGVK, NadModel } from '../../../shared/k8s/models';
import { useWatchedObject } from '../../../shared/k8s/useWatchedList';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { DataState } from '../../../shared/ui/DataState';
import { PageShell } from '../../../shared/ui/PageShell';
import { isManagedNad } from '../logic/managed';
import { validateNad } from '../logic/validateNad';
import { NadDetails } from '../components/NadDetails';
import { getEditUrl } from '../components/urls';
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
  const [canEdit] = useAccessReview({
    group: NadModel.apiGroup,
    resource: NadModel.plural,
    verb: 'update',
    name,
    namespace,
  });
  const managed = nad ? isManagedNad(nad).managed : false;
  // A deleted object is shown as its last copy, not offered for editing.
  const editable = canEdit && !managed && !result.isDeleted;
  return (
    <PageShell
      title={name}
      testId="nad-details"
      actions={
        nad &&
        editable && (
          <Flex spaceItems={{ default: 'spaceItemsSm' }}>
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
          </Flex>
        )
      }
    >
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
