import { useState } from 'react';
import { Alert, Button, EmptyState, Flex, FlexItem } from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { HostNetworkAttachmentModel } from '../../../shared/k8s/models';
import { useDeleteResource } from '../../../shared/k8s/mutations';
import type { BareMetalHost, HostNetworkAttachment } from '../../../shared/model/metal3';
import { getAttachmentUsers } from '../logic/hostPorts';

interface AttachmentsTabProps {
  attachments: HostNetworkAttachment[];
  hosts: BareMetalHost[];
  canEdit: boolean;
  onEdit: (hna: HostNetworkAttachment) => void;
}

/** HostNetworkAttachments with the interfaces using them; in-use ones cannot be deleted. */
export function AttachmentsTab({ attachments, hosts, canEdit, onEdit }: AttachmentsTabProps) {
  const { t } = usePluginTranslation();
  const del = useDeleteResource();
  const [confirm, setConfirm] = useState<string>();
  if (attachments.length === 0)
    return (
      <EmptyState
        titleText={t('No host network attachments')}
        headingLevel="h2"
        data-test="hna-empty"
      />
    );
  return (
    <>
      {del.error && (
        <Alert
          variant="danger"
          isInline
          title={t('Could not delete the attachment')}
          data-test="hna-delete-error"
        >
          {del.error.message}
        </Alert>
      )}
      <Table variant="compact" aria-label={t('Host network attachments')} data-test="hna-table">
        <Thead>
          <Tr>
            <Th>{t('Name')}</Th>
            <Th>{t('Mode')}</Th>
            <Th>{t('Native VLAN')}</Th>
            <Th>{t('Allowed VLANs')}</Th>
            <Th>{t('MTU')}</Th>
            <Th>{t('Used by')}</Th>
            {canEdit && <Th screenReaderText={t('Actions')} />}
          </Tr>
        </Thead>
        <Tbody>
          {attachments.map((a) => {
            const key = `${a.metadata.namespace}/${a.metadata.name}`;
            const users = getAttachmentUsers(a, hosts);
            const allowed: unknown = a.spec.allowedVLANs;
            return (
              <Tr key={key} data-test={`hna-row-${a.metadata.name}`}>
                <Td dataLabel={t('Name')}>{key}</Td>
                <Td dataLabel={t('Mode')}>{a.spec.mode}</Td>
                <Td dataLabel={t('Native VLAN')}>{String(a.spec.nativeVLAN)}</Td>
                <Td dataLabel={t('Allowed VLANs')} data-test="hna-allowed-cell">
                  {Array.isArray(allowed) ? (allowed as unknown[]).map(String).join(', ') : '-'}
                </Td>
                <Td dataLabel={t('MTU')}>{typeof a.spec.mtu === 'number' ? a.spec.mtu : '-'}</Td>
                <Td dataLabel={t('Used by')} data-test="hna-users">
                  {users.length === 0
                    ? t('Not used')
                    : users.map((u) => `${u.host.name}[${u.iface}]`).join(', ')}
                </Td>
                {canEdit && (
                  <Td isActionCell>
                    <Flex flexWrap={{ default: 'nowrap' }}>
                      <FlexItem>
                        <Button
                          size="sm"
                          variant="secondary"
                          data-test={`hna-edit-${a.metadata.name}`}
                          onClick={() => onEdit(a)}
                        >
                          {t('Edit')}
                        </Button>
                      </FlexItem>
                      <FlexItem>
                        {users.length > 0 ? (
                          <span data-test={`hna-delete-blocked-${a.metadata.name}`}>
                            {t('In use: detach it from these interfaces to delete it')}
                          </span>
                        ) : confirm === key ? (
                          <Button
                            size="sm"
                            variant="danger"
                            isLoading={del.isPending}
                            data-test={`hna-delete-confirm-${a.metadata.name}`}
                            onClick={() =>
                              del.mutate(
                                { model: HostNetworkAttachmentModel, resource: a },
                                { onSettled: () => setConfirm(undefined) },
                              )
                            }
                          >
                            {t('Confirm delete')}
                          </Button>
                        ) : (
                          <Button
                            size="sm"
                            variant="link"
                            isDanger
                            data-test={`hna-delete-${a.metadata.name}`}
                            onClick={() => setConfirm(key)}
                          >
                            {t('Delete')}
                          </Button>
                        )}
                      </FlexItem>
                    </Flex>
                  </Td>
                )}
              </Tr>
            );
          })}
        </Tbody>
      </Table>
    </>
  );
}
