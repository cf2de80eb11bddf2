import { Button, ModalFooter } from '@patternfly/react-core';
import { usePluginTranslation } from '../i18n/usePluginTranslation';

/** The Delete / Cancel footer every delete dialog shares; Delete waits while the request runs. */
export function DeleteModalFooter({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = usePluginTranslation();
  return (
    <ModalFooter>
      <Button
        variant="danger"
        isLoading={pending}
        isDisabled={pending}
        data-test="delete-confirm"
        onClick={onConfirm}
      >
        {t('Delete')}
      </Button>
      <Button variant="link" onClick={onCancel} data-test="delete-cancel">
        {t('Cancel')}
      </Button>
    </ModalFooter>
  );
}
