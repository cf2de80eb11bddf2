import { Link } from 'react-router';
import { Alert, Content, Modal, ModalBody, ModalHeader } from '@patternfly/react-core';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { useDeleteResource } from '../../../shared/k8s/mutations';
import { PolicyModel } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { DeleteModalFooter } from '../../../shared/ui/DeleteModalFooter';
import { getPolicyHistoryUrl } from './urls';

interface DeletePolicyModalProps {
  policy: NodeNetworkConfigurationPolicy;
  /** The nodes whose enactments of the policy go with it, when the caller knows them. */
  enactmentNodes?: readonly string[];
  onClose: () => void;
  onDeleted?: () => void;
}

/**
 * Deleting a policy leaves every node as the policy configured it; the dialog says so and points
 * to the revert flow. A failed delete keeps the dialog open with the error.
 */
export function DeletePolicyModal({
  policy,
  enactmentNodes,
  onClose,
  onDeleted,
}: DeletePolicyModalProps) {
  const { t } = usePluginTranslation();
  const del = useDeleteResource();
  const name = policy.metadata.name;
  return (
    <Modal isOpen onClose={onClose} variant="small" data-test="delete-policy-modal">
      <ModalHeader title={t('Delete policy {{name}}?', { name })} titleIconVariant="warning" />
      <ModalBody>
        <Content>
          {enactmentNodes !== undefined && (
            <p data-test="delete-policy-enactments">
              {enactmentNodes.length === 0
                ? t('No node has an enactment of this policy.')
                : t('Its enactments go with it, on {{count}} nodes: {{nodes}}.', {
                    count: enactmentNodes.length,
                    nodes: enactmentNodes.join(', '),
                  })}
            </p>
          )}
          <p>
            {t(
              'Deleting a policy does not undo its configuration: the nmstate handler does not revert a removed policy, so the interfaces, routes and DNS settings it applied stay on every node.',
            )}
          </p>
          <p>
            {t(
              'To remove them, revert the policy first (it applies the opposite changes), then delete it.',
            )}{' '}
            <Link to={getPolicyHistoryUrl(name)} data-test="delete-revert-link" onClick={onClose}>
              {t('Revert this policy')}
            </Link>
          </p>
        </Content>
        {del.error && (
          <Alert
            variant="danger"
            isInline
            title={t('Could not delete the policy')}
            data-test="delete-error"
          >
            {del.error.message}
          </Alert>
        )}
      </ModalBody>
      <DeleteModalFooter
        pending={del.isPending}
        onCancel={onClose}
        onConfirm={() =>
          del.mutate(
            { model: PolicyModel, resource: policy },
            {
              onSuccess: () => {
                onClose();
                onDeleted?.();
              },
            },
          )
        }
      />
    </Modal>
  );
}
