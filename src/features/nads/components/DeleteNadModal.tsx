import { useMemo } from 'react';
import { Alert, Content, Modal, ModalBody, ModalHeader, Spinner } from '@patternfly/react-core';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { DeleteModalFooter } from '../../../shared/ui/DeleteModalFooter';
import { getDeleteImpact } from '../logic/deleteImpact';
import { useDeleteNad } from '../data/deleteNad';
import { usePods } from '../data/useNadData';
import { GLOBAL_NAD_NAMESPACES } from './constants';

/** Pods named in the dialog; the rest are counted. */
const LISTED_PODS = 10;

interface DeleteNadModalProps {
  nad: NetworkAttachmentDefinition;
  onClose: () => void;
  onDeleted?: () => void;
}

/**
 * Names the pods that use the NAD before it is deleted, then deletes only the copy the user saw
 * (uid and resourceVersion preconditions). A failed delete keeps the dialog open with the error.
 */
export function DeleteNadModal({ nad, onClose, onDeleted }: DeleteNadModalProps) {
  const { t } = usePluginTranslation();
  const del = useDeleteNad();
  const { name, namespace } = nad.metadata;
  // Pods may select NADs of OpenShift's global namespaces from any namespace (the details page
  // looks them up the same way); other NADs only from their own namespace.
  const pods = usePods(GLOBAL_NAD_NAMESPACES.includes(namespace) ? undefined : namespace);
  const impact = useMemo(() => getDeleteImpact(pods.data, nad, LISTED_PODS), [pods.data, nad]);
  // Until the pods are loaded the dialog does not claim the NAD is unused.
  const podsLoading = pods.isLoading;
  return (
    <Modal isOpen onClose={onClose} variant="small" data-test="delete-nad-modal">
      <ModalHeader title={t('Delete network attachment definition?')} titleIconVariant="warning" />
      <ModalBody>
        <Content>
          <p data-test="delete-target">
            {t('{{name}} will be deleted from namespace {{namespace}}.', { name, namespace })}
          </p>
        </Content>
        {podsLoading ? (
          <Content data-test="delete-pods-loading">
            <p>
              <Spinner size="sm" aria-hidden /> {t('Looking for pods that use it…')}
            </p>
          </Content>
        ) : impact.count === 0 ? (
          <Content data-test="delete-no-pods">
            <p>{t('No pod uses this network attachment definition.')}</p>
          </Content>
        ) : (
          <Alert
            variant="warning"
            isInline
            title={t('Pods using this network attachment definition: {{count}}', {
              count: impact.count,
            })}
            data-test="delete-pods"
            data-count={impact.count}
          >
            <Content>
              <p>
                {t(
                  'Running pods keep their interface, but a pod that restarts, and any new pod that asks for this network, fails to start until it exists again.',
                )}
              </p>
              <ul data-test="delete-pod-names">
                {impact.names.map((n) => (
                  <li key={n} data-test="delete-pod-name">
                    {n}
                  </li>
                ))}
              </ul>
              {impact.more > 0 && (
                <p data-test="delete-pods-more">
                  {t('and {{count}} more', { count: impact.more })}
                </p>
              )}
            </Content>
          </Alert>
        )}
        {del.error && (
          <Alert
            variant="danger"
            isInline
            title={t('Could not delete the network attachment definition')}
            data-test="delete-error"
          >
            {del.error.kind === 'conflict' && (
              <p data-test="delete-conflict">
                {t(
                  'It changed or was replaced since this page showed it. Review the current version before deleting it.',
                )}
              </p>
            )}
            <p>{del.error.message}</p>
          </Alert>
        )}
      </ModalBody>
      <DeleteModalFooter
        pending={del.isPending}
        onCancel={onClose}
        onConfirm={() =>
          del.mutate(nad, {
            onSuccess: () => {
              onClose();
              onDeleted?.();
            },
          })
        }
      />
    </Modal>
  );
}
