import { memo, useMemo, useState } from 'react';
import { Alert, Content, Modal, ModalBody, ModalHeader } from '@patternfly/react-core';
import { ActionsColumn } from '@patternfly/react-table';
import type { IAction } from '@patternfly/react-table';
import { TableData } from '@openshift-console/dynamic-plugin-sdk';
import type { RowFilter, RowProps, TableColumn } from '@openshift-console/dynamic-plugin-sdk';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { HostNetworkAttachmentModel } from '../../../shared/k8s/models';
import { useDeleteResource } from '../../../shared/k8s/mutations';
import type { BareMetalHost, HostNetworkAttachment } from '../../../shared/model/metal3';
import { ConsoleList } from '../../../shared/ui/ConsoleList';
import type { ListRow } from '../../../shared/ui/ConsoleList';
import { DeleteModalFooter } from '../../../shared/ui/DeleteModalFooter';
import { LabelList } from '../../../shared/ui/LabelList';
import { labelStrings, matchesAnySelected, sortRows } from '../../../shared/logic/listSort';
import { getAttachmentUsers } from '../logic/hostPorts';
import {
  allowedVlansSortKey,
  allowedVlansText,
  ATTACHMENT_MODE_ITEMS,
  ATTACHMENT_USAGE_ITEMS,
  attachmentUsage,
} from '../logic/portLists';

// The row filter types carry the tab's prefix: the switch-port page's tabs share one URL.
const USAGE_FILTER = 'sp-hna-usage';
const MODE_FILTER = 'sp-hna-mode';
const COLUMN_MANAGEMENT_ID = 'metal3.io~v1alpha1~HostNetworkAttachment';

// The console's virtualized table lays out each row as a table of its own: cells line up only
// through the same widths on header and cells.
const W = {
  name: 'pf-m-width-20',
  namespace: 'pf-m-width-15',
  mode: 'pf-m-width-15',
  native: 'pf-m-width-15',
  allowed: 'pf-m-width-15',
  users: 'pf-m-width-20',
} as const;

interface AttachmentRow extends ListRow {
  hna: HostNetworkAttachment;
  /** `host[interface]` of every interface naming the attachment. */
  users: string[];
}

interface AttachmentRowData {
  canEdit: boolean;
  onEdit: (hna: HostNetworkAttachment) => void;
  onDelete: (hna: HostNetworkAttachment) => void;
}

interface AttachmentsTabProps {
  attachments: HostNetworkAttachment[];
  hosts: BareMetalHost[];
  canEdit: boolean;
  onEdit: (hna: HostNetworkAttachment) => void;
}

const nameOf = (r: AttachmentRow) => `${r.metadata.name} ${r.metadata.namespace ?? ''}`;

/** HostNetworkAttachments with the interfaces using them; in-use ones cannot be deleted. */
export function AttachmentsTab({ attachments, hosts, canEdit, onEdit }: AttachmentsTabProps) {
  const { t } = usePluginTranslation();
  const [deleting, setDeleting] = useState<HostNetworkAttachment>();
  const data = useMemo(
    () =>
      attachments.map((hna): AttachmentRow => ({
        metadata: hna.metadata,
        hna,
        users: getAttachmentUsers(hna, hosts).map((u) => `${u.host.name}[${u.iface}]`),
      })),
    [attachments, hosts],
  );
  const columns = useMemo<TableColumn<AttachmentRow>[]>(
    () => [
      {
        id: 'name',
        title: t('Name'),
        sort: sortRows((r) => r.metadata.name, nameOf),
        props: { className: W.name },
      },
      {
        id: 'namespace',
        title: t('Namespace'),
        sort: sortRows((r) => r.metadata.namespace ?? '', nameOf),
        props: { className: W.namespace },
      },
      {
        id: 'mode',
        title: t('Mode'),
        sort: sortRows((r) => r.hna.spec.mode, nameOf),
        props: { className: W.mode },
      },
      {
        id: 'native',
        title: t('Native VLAN'),
        sort: sortRows((r) => r.hna.spec.nativeVLAN, nameOf),
        props: { className: W.native },
      },
      {
        id: 'allowed',
        title: t('Allowed VLANs'),
        sort: sortRows((r) => allowedVlansSortKey(r.hna), nameOf),
        props: { className: W.allowed },
      },
      {
        id: 'mtu',
        title: t('MTU'),
        additional: true,
        sort: sortRows((r) => (typeof r.hna.spec.mtu === 'number' ? r.hna.spec.mtu : -1), nameOf),
      },
      {
        id: 'users',
        title: t('Used by'),
        sort: sortRows((r) => r.users.length, nameOf),
        props: { className: W.users },
      },
      {
        id: 'labels',
        title: t('Labels'),
        additional: true,
        sort: sortRows((r) => labelStrings(r.metadata.labels).join(','), nameOf),
      },
      { id: '', title: '', props: { className: 'pf-v6-c-table__action' } },
    ],
    [t],
  );
  const rowFilters = useMemo<RowFilter<AttachmentRow>[]>(() => {
    const isUsage = (r: AttachmentRow, id: string) => attachmentUsage(r.users.length) === id;
    const isMode = (r: AttachmentRow, id: string) => r.hna.spec.mode === id;
    return [
      {
        filterGroupName: t('Usage'),
        type: USAGE_FILTER,
        items: ATTACHMENT_USAGE_ITEMS.map((id) => ({
          id,
          title: id === 'in-use' ? t('In use') : t('Not used'),
        })),
        isMatch: isUsage,
        filter: (input, r) => matchesAnySelected(input.selected, r, isUsage),
      },
      {
        filterGroupName: t('Mode'),
        type: MODE_FILTER,
        items: ATTACHMENT_MODE_ITEMS.map((id) => ({ id, title: id })),
        isMatch: isMode,
        filter: (input, r) => matchesAnySelected(input.selected, r, isMode),
      },
    ];
  }, [t]);
  const rowData = useMemo<AttachmentRowData>(
    () => ({ canEdit, onEdit, onDelete: setDeleting }),
    [canEdit, onEdit],
  );
  return (
    <>
      <ConsoleList<AttachmentRow, AttachmentRowData>
        data={data}
        loaded
        columns={columns}
        columnManagementID={COLUMN_MANAGEMENT_ID}
        kindLabel={t('HostNetworkAttachment')}
        rowFilters={rowFilters}
        Row={AttachmentTableRow}
        rowData={rowData}
        label={t('host network attachments')}
        ariaLabel={t('Host network attachments')}
        noData={{ title: t('No host network attachments'), testId: 'hna-empty' }}
        testId="hna-table"
      />
      {deleting && <DeleteAttachmentModal hna={deleting} onClose={() => setDeleting(undefined)} />}
    </>
  );
}

const AttachmentTableRow = memo(function AttachmentTableRow({
  obj,
  activeColumnIDs: ids,
  rowData,
}: RowProps<AttachmentRow, AttachmentRowData>) {
  const { t } = usePluginTranslation();
  const { hna, users } = obj;
  const { canEdit, onEdit, onDelete } = rowData;
  const name = hna.metadata.name;
  const inUse = users.length > 0;
  const actions: IAction[] = [
    { title: t('Edit'), onClick: () => onEdit(hna) },
    { isSeparator: true },
    {
      title: t('Delete'),
      // An interface naming a missing attachment stops its host's provisioning.
      isAriaDisabled: inUse,
      ...(inUse
        ? { description: t('In use: detach it from these interfaces to delete it') }
        : { onClick: () => onDelete(hna) }),
    },
  ];
  return (
    <>
      <TableData id="name" activeColumnIDs={ids} className={W.name}>
        <span data-test={`hna-row-${name}`}>{name}</span>
      </TableData>
      <TableData id="namespace" activeColumnIDs={ids} className={W.namespace}>
        {hna.metadata.namespace}
      </TableData>
      <TableData id="mode" activeColumnIDs={ids} className={W.mode}>
        <span data-test="hna-mode">{hna.spec.mode}</span>
      </TableData>
      <TableData id="native" activeColumnIDs={ids} className={W.native}>
        <span data-test="hna-native">{String(hna.spec.nativeVLAN)}</span>
      </TableData>
      <TableData id="allowed" activeColumnIDs={ids} className={W.allowed}>
        <span data-test="hna-allowed-cell">{allowedVlansText(hna) || '-'}</span>
      </TableData>
      <TableData id="mtu" activeColumnIDs={ids}>
        {typeof hna.spec.mtu === 'number' ? hna.spec.mtu : '-'}
      </TableData>
      <TableData id="users" activeColumnIDs={ids} className={W.users}>
        <span data-test="hna-users" data-in-use={inUse}>
          {inUse ? users.join(', ') : t('Not used')}
        </span>
      </TableData>
      <TableData id="labels" activeColumnIDs={ids}>
        <LabelList labels={hna.metadata.labels} />
      </TableData>
      <TableData id="" activeColumnIDs={ids} className="pf-v6-c-table__action">
        {canEdit && <ActionsColumn items={actions} data-test="row-actions" />}
      </TableData>
    </>
  );
});

/** Deletes the attachment the user saw; a failed delete keeps the dialog open with the error. */
function DeleteAttachmentModal({
  hna,
  onClose,
}: {
  hna: HostNetworkAttachment;
  onClose: () => void;
}) {
  const { t } = usePluginTranslation();
  const del = useDeleteResource();
  const { name, namespace } = hna.metadata;
  return (
    <Modal isOpen onClose={onClose} variant="small" data-test="hna-delete-modal">
      <ModalHeader title={t('Delete host network attachment?')} titleIconVariant="warning" />
      <ModalBody>
        <Content>
          <p data-test="delete-target">
            {t('{{name}} will be deleted from namespace {{namespace}}.', { name, namespace })}
          </p>
        </Content>
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
      </ModalBody>
      <DeleteModalFooter
        pending={del.isPending}
        onCancel={onClose}
        onConfirm={() =>
          del.mutate({ model: HostNetworkAttachmentModel, resource: hna }, { onSuccess: onClose })
        }
      />
    </Modal>
  );
}
