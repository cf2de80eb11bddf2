import { memo, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Content, Label, Stack, StackItem } from '@patternfly/react-core';
import { ActionsColumn } from '@patternfly/react-table';
import type { IAction } from '@patternfly/react-table';
import { TableData } from '@openshift-console/dynamic-plugin-sdk';
import type { RowFilter, RowProps, TableColumn } from '@openshift-console/dynamic-plugin-sdk';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { BareMetalHostGVK, BareMetalSwitchGVK } from '../../../shared/k8s/models';
import { objectUrl } from '../../../shared/routes';
import { ConsoleList } from '../../../shared/ui/ConsoleList';
import type { ListRow } from '../../../shared/ui/ConsoleList';
import { LabelList } from '../../../shared/ui/LabelList';
import { labelStrings, matchesAnySelected, sortRows } from '../../../shared/logic/listSort';
import type { SwitchView } from '../logic/hostPorts';
import {
  SWITCH_VALIDITY_ITEMS,
  switchValidity,
  switchValiditySortKey,
  validCondition,
} from '../logic/portLists';
import type { SwitchValidity } from '../logic/portLists';
import { format } from '../logic/vlanSet';
import type { TFunction } from './messages';
import { PhaseLabel } from './HostsTab';

// Prefixed with the tab: the switch-port page's tabs share one URL.
const VALIDITY_FILTER = 'sp-switch-status';
const COLUMN_MANAGEMENT_ID = 'metal3.io~v1alpha1~BareMetalSwitch';

// Same widths on header and cells: each virtualized row is laid out as a table of its own.
const W = {
  name: 'pf-m-width-15',
  namespace: 'pf-m-width-15',
  status: 'pf-m-width-15',
  address: 'pf-m-width-15',
  vlans: 'pf-m-width-15',
  ports: 'pf-m-width-25',
} as const;

interface SwitchRow extends ListRow {
  view: SwitchView;
}

const nameOf = (r: SwitchRow) => `${r.metadata.name} ${r.metadata.namespace ?? ''}`;

const validityText = (t: TFunction, v: SwitchValidity): string =>
  v === 'valid' ? t('Valid') : v === 'invalid' ? t('Invalid') : t('Not validated yet');

const VALIDITY_COLOR: Record<SwitchValidity, 'green' | 'red' | 'grey'> = {
  valid: 'green',
  invalid: 'red',
  unknown: 'grey',
};

/** One row per BareMetalSwitch: `Valid` condition, address, VLANs and the cabled ports. */
export function SwitchesTab({ views }: { views: SwitchView[] }) {
  const { t } = usePluginTranslation();
  const data = useMemo(
    () => views.map((view): SwitchRow => ({ metadata: view.switch.metadata, view })),
    [views],
  );
  const columns = useMemo<TableColumn<SwitchRow>[]>(
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
        id: 'status',
        title: t('Status'),
        sort: sortRows((r) => switchValiditySortKey(r.view.switch), nameOf),
        props: { className: W.status },
      },
      {
        id: 'address',
        title: t('Address'),
        sort: sortRows((r) => r.view.switch.spec.address, nameOf),
        props: { className: W.address },
      },
      {
        id: 'device-type',
        title: t('Device type'),
        additional: true,
        sort: sortRows((r) => r.view.switch.spec.deviceType, nameOf),
      },
      {
        id: 'vlans',
        title: t('VLANs'),
        sort: sortRows((r) => r.view.vlans[0]?.min ?? -1, nameOf),
        props: { className: W.vlans },
      },
      {
        id: 'ports',
        title: t('Ports'),
        sort: sortRows((r) => r.view.ports.length, nameOf),
        props: { className: W.ports },
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
  const rowFilters = useMemo<RowFilter<SwitchRow>[]>(() => {
    const isMatch = (r: SwitchRow, id: string) => switchValidity(r.view.switch) === id;
    return [
      {
        filterGroupName: t('Status'),
        type: VALIDITY_FILTER,
        items: SWITCH_VALIDITY_ITEMS.map((id) => ({ id, title: validityText(t, id) })),
        isMatch,
        filter: (input, r) => matchesAnySelected(input.selected, r, isMatch),
      },
    ];
  }, [t]);
  return (
    <ConsoleList<SwitchRow>
      data={data}
      loaded
      columns={columns}
      columnManagementID={COLUMN_MANAGEMENT_ID}
      kindLabel={t('BareMetalSwitch')}
      rowFilters={rowFilters}
      Row={SwitchTableRow}
      label={t('bare-metal switches')}
      ariaLabel={t('Bare-metal switches')}
      noData={{ title: t('No bare-metal switches'), testId: 'switches-empty' }}
      testId="switches-table"
    />
  );
}

const SwitchTableRow = memo(function SwitchTableRow({
  obj,
  activeColumnIDs: ids,
}: RowProps<SwitchRow>) {
  const { t } = usePluginTranslation();
  const navigate = useNavigate();
  const v = obj.view;
  const sw = v.switch;
  const { name, namespace: ns } = sw.metadata;
  const valid = validCondition(sw);
  const validity = switchValidity(sw);
  const url = objectUrl(BareMetalSwitchGVK, name, ns);
  const actions: IAction[] = [{ title: t('View details'), onClick: () => void navigate(url) }];
  return (
    <>
      <TableData id="name" activeColumnIDs={ids} className={W.name}>
        <span data-test={`switch-${name}`}>
          <Link to={url}>{name}</Link>
        </span>
      </TableData>
      <TableData id="namespace" activeColumnIDs={ids} className={W.namespace}>
        {ns}
      </TableData>
      <TableData id="status" activeColumnIDs={ids} className={W.status}>
        <Label data-test={`switch-valid-${name}`} color={VALIDITY_COLOR[validity]} isCompact>
          {validityText(t, validity)}
        </Label>
        {validity === 'invalid' && (
          <Content component="small" data-test={`switch-error-${name}`}>
            <div>
              {valid?.reason === 'CredentialError'
                ? t('Credential error: the switch is skipped until its Secret is fixed')
                : t('The switch configuration is not valid ({{reason}})', {
                    reason: valid?.reason ?? '',
                  })}
            </div>
            {valid?.message && <div>{valid.message}</div>}
          </Content>
        )}
      </TableData>
      <TableData id="address" activeColumnIDs={ids} className={W.address}>
        {sw.spec.address}
      </TableData>
      <TableData id="device-type" activeColumnIDs={ids}>
        {sw.spec.deviceType}
      </TableData>
      <TableData id="vlans" activeColumnIDs={ids} className={W.vlans}>
        <span data-test={`switch-vlans-${name}`}>{format(v.vlans) || '-'}</span>
      </TableData>
      <TableData id="ports" activeColumnIDs={ids} className={W.ports}>
        <SwitchPorts view={v} />
      </TableData>
      <TableData id="labels" activeColumnIDs={ids}>
        <LabelList labels={sw.metadata.labels} />
      </TableData>
      <TableData id="" activeColumnIDs={ids} className="pf-v6-c-table__action">
        <ActionsColumn items={actions} data-test="row-actions" />
      </TableData>
    </>
  );
});

/**
 * The host ports known to be cabled to the switch, one line each: port, host and NIC, phase,
 * attachment and VLANs. Lines rather than a nested table: the list cell is narrow.
 */
function SwitchPorts({ view }: { view: SwitchView }) {
  const { t } = usePluginTranslation();
  const name = view.switch.metadata.name;
  if (view.ports.length === 0)
    return <>{t('No host port is known to be cabled to this switch.')}</>;
  return (
    <Stack aria-label={t('Ports of {{switch}}', { switch: name })}>
      {view.ports.map((p) => (
        <StackItem
          key={`${p.portID}/${p.host.name}/${p.nic}`}
          data-test={`switch-port-${name}-${p.portID}`}
        >
          <strong>{p.portID}</strong>{' '}
          <Link to={objectUrl(BareMetalHostGVK, p.host.name, p.host.namespace)}>{p.host.name}</Link>
          {` ${p.nic} `}
          <PhaseLabel phase={p.phase} testId="switch-port-phase" />{' '}
          <Content component="small">
            {[
              p.attachment
                ? `${p.attachment.name}${p.mode ? ` (${p.mode})` : ''}`
                : t('No attachment'),
              t('VLANs: {{vlans}}', { vlans: format(p.vlans) || '-' }),
            ].join(' · ')}
          </Content>
        </StackItem>
      ))}
    </Stack>
  );
}
