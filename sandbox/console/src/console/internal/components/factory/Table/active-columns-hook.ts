// `@console/internal/components/factory/Table/active-columns-hook`: the SDK's useActiveColumns.
// Follows openshift/console release-4.22 frontend/public/components/factory/Table/
// active-columns-hook.ts:
// - the user's choice is the user setting `console.tableColumns` (COLUMN_MANAGEMENT_USER_
//   PREFERENCE_KEY, console-shared/src/constants/common.ts), an object of column-id lists keyed
//   by `columnManagementID`, read with sync so a choice saved in the Manage columns dialog
//   applies at once;
// - without a saved (non-empty) choice the active columns are those not marked `additional`;
// - `showNamespaceOverride` adds the `namespace` column; otherwise a `namespace` column is
//   dropped while a single project (not "All projects") is active;
// - columns with an empty title (the kebab column) are always active;
// - the second value says whether the setting has loaded.
import { useMemo } from 'react';
import type { TableColumn } from '@openshift-console/dynamic-plugin-sdk';
import { useActiveNamespace } from '../../../../shared/src/hooks/useActiveNamespace';
import { useUserPreference } from '../../../../shared/src/hooks/useUserPreference';

export const COLUMN_MANAGEMENT_USER_PREFERENCE_KEY = 'console.tableColumns';
const ALL_NAMESPACES_KEY = '#ALL_NS#';

export function useActiveColumns<D>({
  columns,
  showNamespaceOverride,
  columnManagementID,
}: {
  columns: TableColumn<D>[];
  showNamespaceOverride?: boolean;
  columnManagementID?: string;
}): [TableColumn<D>[], boolean] {
  const [saved, , loaded] = useUserPreference<Record<string, string[]>>(
    COLUMN_MANAGEMENT_USER_PREFERENCE_KEY,
    undefined,
    true,
  );
  const [namespace] = useActiveNamespace();
  return useMemo(() => {
    const chosen = columnManagementID ? saved?.[columnManagementID] : undefined;
    const active = new Set<string>(
      chosen && chosen.length > 0
        ? chosen
        : columns.filter((c) => c.id && !c.additional).map((c) => c.id),
    );
    if (showNamespaceOverride) active.add('namespace');
    let shown = columns.filter((c) => active.has(c.id) || c.title === '');
    if (namespace && namespace !== ALL_NAMESPACES_KEY && !showNamespaceOverride)
      shown = shown.filter((c) => c.id !== 'namespace');
    return [shown, loaded];
  }, [saved, columnManagementID, columns, namespace, showNamespaceOverride, loaded]);
}
