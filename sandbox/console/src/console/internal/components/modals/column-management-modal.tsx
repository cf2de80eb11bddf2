// The console's "Manage columns" dialog, opened from ListPageFilter when it has a
// `columnLayout`. Follows openshift/console release-4.22 frontend/public/components/modals/
// column-management-modal.tsx:
// - two lists of checkboxes, "Default <type> columns" (columns not `additional`) and
//   "Additional columns"; the name column (id `name`) cannot be unchecked;
// - checked to begin with: the layout's `selectedColumns`, or the default columns when none;
// - at most 9 columns: once 9 are checked the unchecked ones are disabled;
// - "Restore default columns" checks the default columns and unchecks the additional ones;
// - Save (`data-test="confirm-action"`) stores the checked ids in the layout's column order
//   under the layout's id in the user setting `console.tableColumns`; Cancel
//   (`data-test-id="modal-cancel-action"`) closes without saving;
// - "The namespace column is only shown when in "All projects"" unless the layout overrides it.
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Button,
  DataList,
  DataListCell,
  DataListCheck,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
  Form,
  Grid,
  GridItem,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  ModalVariant,
} from '@patternfly/react-core';
import type { ColumnLayout, ManagedColumn } from '@openshift-console/dynamic-plugin-sdk';
import { useUserPreference } from '../../../shared/src/hooks/useUserPreference';
import { COLUMN_MANAGEMENT_USER_PREFERENCE_KEY } from '../factory/Table/active-columns-hook';

export const MAX_VIEW_COLS = 9;
const READ_ONLY_COLUMNS = new Set(['name']);

function ColumnRow({
  column,
  checked,
  disableUnchecked,
  onToggle,
}: {
  column: ManagedColumn;
  checked: Set<string>;
  disableUnchecked: boolean;
  onToggle: (id: string) => void;
}) {
  const labelId = `table-column-management-item-${column.id}`;
  return (
    <DataListItem aria-labelledby={labelId} className="pf-v6-c-data-list__item--transparent-bg">
      <DataListItemRow>
        <DataListCheck
          aria-labelledby={labelId}
          isDisabled={
            (disableUnchecked && !checked.has(column.id)) || READ_ONLY_COLUMNS.has(column.id)
          }
          isChecked={checked.has(column.id)}
          name={column.title}
          id={column.id}
          onChange={() => onToggle(column.id)}
        />
        <DataListItemCells
          dataListCells={[
            <DataListCell id={labelId} key={column.id}>
              <label htmlFor={column.id}>{column.title}</label>
            </DataListCell>,
          ]}
        />
      </DataListItemRow>
    </DataListItem>
  );
}

export function ColumnManagementModal({
  columnLayout,
  onClose,
}: {
  columnLayout: ColumnLayout;
  onClose: () => void;
}) {
  const [, setTableColumns] = useUserPreference<Record<string, string[]>>(
    COLUMN_MANAGEMENT_USER_PREFERENCE_KEY,
    undefined,
    true,
  );
  const defaults = columnLayout.columns.filter((c) => c.id && !c.additional);
  const additional = columnLayout.columns.filter((c) => c.additional);
  const [checked, setChecked] = useState<Set<string>>(
    () =>
      new Set(
        (columnLayout.selectedColumns as Set<string> | undefined)?.size
          ? columnLayout.selectedColumns
          : defaults.map((c) => c.id),
      ),
  );
  const toggle = (id: string) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ordered = columnLayout.columns.filter((c) => checked.has(c.id)).map((c) => c.id);
    setTableColumns((prev) => ({ ...(prev ?? {}), [columnLayout.id]: ordered }));
    onClose();
  };
  const restore = () =>
    setChecked((prev) => {
      const next = new Set(prev);
      defaults.forEach((c) => next.add(c.id));
      additional.forEach((c) => next.delete(c.id));
      return next;
    });
  const full = checked.size >= MAX_VIEW_COLS;
  const list = (columns: ManagedColumn[], ariaLabel: string, id: string) => (
    <DataList aria-label={ariaLabel} id={id} isCompact>
      {columns.map((c) => (
        <ColumnRow
          key={c.id}
          column={c}
          checked={checked}
          disableUnchecked={full}
          onToggle={toggle}
        />
      ))}
    </DataList>
  );
  return (
    <Modal
      isOpen
      onClose={onClose}
      variant={ModalVariant.small}
      aria-labelledby="column-management-modal-title"
      data-test="column-management-modal"
    >
      <ModalHeader
        title="Manage columns"
        data-test-id="modal-title"
        labelId="column-management-modal-title"
      />
      <ModalBody>
        <Form id="column-management-form" onSubmit={submit}>
          <p>Selected columns will appear in the table.</p>
          <Alert isInline variant="info" title={`You can select up to ${MAX_VIEW_COLS} columns`}>
            {!columnLayout.showNamespaceOverride &&
              'The namespace column is only shown when in "All projects"'}
          </Alert>
          <Grid hasGutter>
            <GridItem sm={6}>
              <label>{`Default ${columnLayout.type} columns`}</label>
              {list(defaults, 'Default column list', 'default-column-management')}
            </GridItem>
            <GridItem sm={6}>
              <label>Additional columns</label>
              {list(additional, 'Additional column list', 'additional-column-management')}
            </GridItem>
          </Grid>
        </Form>
      </ModalBody>
      <ModalFooter>
        <Button
          type="submit"
          variant="primary"
          form="column-management-form"
          data-test="confirm-action"
          id="confirm-action"
        >
          Save
        </Button>
        <Button variant="link" onClick={onClose} type="button" data-test-id="modal-cancel-action">
          Cancel
        </Button>
        <Button variant="link" onClick={restore} type="button">
          Restore default columns
        </Button>
      </ModalFooter>
    </Modal>
  );
}
