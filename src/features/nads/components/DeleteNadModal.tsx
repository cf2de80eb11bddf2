import { useMemo } from 'react';
import {
  Alert,
  Button,
  Content,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Spinner,
} from '@patternfly/react-core';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import type { Pod } from '../../../shared/model/k8s';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { getDeleteImpact } from '../logic/deleteImpact';
import { useDeleteNad } from '../data/deleteNad';

/** Pods named in the dialog; the rest are counted. */
const LISTED_PODS = 10;

interface DeleteNadModalProps {
  nad: NetworkAttachmentDefinition;
  pods: readonly Pod[];
  /** The pods are still loading: the dialog does not claim the NAD is unused yet. */
  podsLoading: boolean;
  onClose: () => void;
  onDeleted?: () => void;
}

/**
 * Names the pods that use the NAD before it is deleted, then deletes only the copy the user saw
 * (uid and resourceVersion preconditions). A failed delete keeps the dialog open with the error.
 */
export function DeleteNadModal({
  nad,
  pods,
  podsLoading,
  onClose,
  onDeleted,
}: DeleteNadModalProps) {
  const { t } = usePluginTranslation();
  const del = useDeleteNad();
  const { name, namespace } = nad.metadata;
  const impact = useMemo(() => getDeleteImpact(pods, nad, LISTED_PODS), [pods, nad]);
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
      <ModalFooter>
        <Button
          variant="danger"
          isLoading={del.isPending}
          isDisabled={del.isPending}
          data-test="delete-confirm"
          onClick={() =>
            del.mutate(nad, {
              onSuccess: () => {
                onClose();
                onDeleted?.();
              },
            })
          }
        >
          {t('Delete')}
        </Button>
        <Button variant="link" onClick={onClose} data-test="delete-cancel">
          {t('Cancel')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
