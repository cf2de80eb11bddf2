import { memo, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Button,
  Content,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Flex,
  FlexItem,
  Label,
  List,
  ListItem,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { ActionsColumn } from '@patternfly/react-table';
import type { IAction } from '@patternfly/react-table';
import { TableData } from '@openshift-console/dynamic-plugin-sdk';
import type { RowFilter, RowProps, TableColumn } from '@openshift-console/dynamic-plugin-sdk';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { BareMetalHostGVK, NodeGVK } from '../../../shared/k8s/models';
import { objectUrl } from '../../../shared/routes';
import type { HostPortRow, HostPortsView } from '../logic/hostPorts';
import type { BareMetalHost, HardwareData } from '../../../shared/model/metal3';
import type {
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { InstalledWithSection } from '../../day1/components/InstalledWithSection';
import type { NicPort, PortPhase, VlanMismatch } from '../model/types';
import { ConsoleList } from '../../../shared/ui/ConsoleList';
import type { ListRow } from '../../../shared/ui/ConsoleList';
import { LabelList } from '../../../shared/ui/LabelList';
import { labelStrings, matchesAnySelected, sortRows } from '../../../shared/logic/listSort';
import {
  HOST_VLAN_FILTER_ITEMS,
  hostMatchesVlanFilter,
  hostMismatchCounts,
  mismatchSortKey,
  PORT_PHASE_ORDER,
  portPhaseSortKey,
} from '../logic/portLists';
import { LldpDisagreements } from './LldpDisagreements';
import {
  networkInterfacesValidity,
  provisioningBlocked,
  readApplied,
} from '../logic/ironicNetworking';
import {
  appliedReadingText,
  networkInterfacesReasonText,
  noteText,
  phaseLabel,
  switchPortConfigText,
} from './messages';
import type { TFunction } from './messages';

const PHASE_COLOR: Record<PortPhase, 'grey' | 'blue' | 'orange' | 'purple' | 'green'> = {
  idle: 'grey',
  inspection: 'blue',
  provisioning: 'orange',
  cleaning: 'purple',
  servicing: 'purple',
  rescuing: 'purple',
  tenant: 'green',
  unknown: 'grey',
};

export function PhaseLabel({ phase, testId }: { phase: PortPhase; testId: string }) {
  const { t } = usePluginTranslation();
  return (
    <Label color={PHASE_COLOR[phase]} data-test={testId} data-phase={phase}>
      {phaseLabel(t, phase)}
    </Label>
  );
}

function desired(t: TFunction, row: HostPortRow): string {
  const a = row.attachment;
  if (!a) return row.attachmentMissing ? t('Attachment not found') : '-';
  const parts = [
    t('{{mode}}, native {{native}}', { mode: a.spec.mode, native: a.spec.nativeVLAN }),
  ];
  if (Array.isArray(a.spec.allowedVLANs) && a.spec.allowedVLANs.length > 0)
    parts.push(t('allowed {{list}}', { list: a.spec.allowedVLANs.join(',') }));
  if (typeof a.spec.mtu === 'number') parts.push(t('MTU {{mtu}}', { mtu: a.spec.mtu }));
  return parts.join('; ');
}

/**
 * The applied config is what BMO wrote into the Ironic port (BMO PR #3470), not what the switch
 * carries: whether it is on the switch follows from the host's phase and state.
 */
function Applied({ row, view }: { row: HostPortRow; view: HostPortsView }) {
  const { t } = usePluginTranslation();
  const s = row.applied;
  if (s.kind === 'unsupported') return <>{t('Not reported by this cluster')}</>;
  if (s.kind === 'none') return <>{t('None written to Ironic')}</>;
  const reading = readApplied(view.phase, view.provisioningState);
  return (
    <>
      <div>{switchPortConfigText(t, s.config)}</div>
      <Content component="small" data-test="nic-applied-reading" data-reading={reading}>
        {appliedReadingText(t, reading)}
      </Content>
    </>
  );
}

/** The host's NetworkInterfacesValid condition (BMO PR #3470), which gates provisioning. */
function NetworkInterfacesStatus({ host }: { host: BareMetalHost }) {
  const { t } = usePluginTranslation();
  const validity = networkInterfacesValidity(host);
  const name = host.metadata.name;
  if (validity === undefined) {
    if (!provisioningBlocked(host)) return null;
    return (
      <Content component="p" data-test={`host-interfaces-${name}`} data-status="missing">
        {t(
          'Network interfaces: not validated yet. baremetal-operator does not provision the host until NetworkInterfacesValid is True.',
        )}
      </Content>
    );
  }
  const ok = validity.status === 'True';
  return (
    <Content
      component="p"
      data-test={`host-interfaces-${name}`}
      data-status={validity.status}
      data-reason={validity.reason}
    >
      {/* Whole: the list cell is narrower than PatternFly's truncation width. */}
      <Label color={ok ? 'green' : 'orange'} isCompact textMaxWidth="none">
        {ok ? t('Network interfaces valid') : t('Network interfaces not valid')}
      </Label>{' '}
      {networkInterfacesReasonText(t, validity.reason)}{' '}
      {!ok && validity.message !== '' && (
        <Content component="small" data-test={`host-interfaces-message-${name}`}>
          {validity.message}
        </Content>
      )}
      {!ok && ' ' + t('Provisioning waits until this is True.')}
    </Content>
  );
}

// Prefixed with the tab: the switch-port page's tabs share one URL.
const PHASE_FILTER = 'sp-host-phase';
const VLAN_FILTER = 'sp-host-vlan';
// Not the BareMetalHost GVK: the console's own host list keeps its column choice under that key,
// and this list's columns are others.
const COLUMN_MANAGEMENT_ID = 'switchboard~switch-ports~hosts';

// Same widths on header and cells: each virtualized row is laid out as a table of its own.
const W = {
  name: 'pf-m-width-15',
  phase: 'pf-m-width-15',
  state: 'pf-m-width-15',
  interfaces: 'pf-m-width-40',
  vlan: 'pf-m-width-15',
} as const;

interface HostRow extends ListRow {
  view: HostPortsView;
  mismatches: { errors: number; warnings: number };
}

interface HostRowData {
  hardwareData: readonly HardwareData[];
  nodeNetworkStates: readonly NodeNetworkState[];
  policies: readonly NodeNetworkConfigurationPolicy[];
  canEdit: boolean;
  onAttach: (host: BareMetalHost, nic: NicPort) => void;
}

interface HostsTabProps extends HostRowData {
  views: HostPortsView[];
  /** The VLAN check's findings; each host row counts its own. */
  mismatches: readonly VlanMismatch[];
}

const nameOf = (r: HostRow) => `${r.metadata.name} ${r.metadata.namespace ?? ''}`;

/** One row per host: its port phase, provisioning state, node, NICs and their switch ports. */
export function HostsTab({
  views,
  mismatches,
  hardwareData,
  nodeNetworkStates,
  policies,
  canEdit,
  onAttach,
}: HostsTabProps) {
  const { t } = usePluginTranslation();
  const data = useMemo(
    () =>
      views.map((view): HostRow => ({
        metadata: view.host.metadata,
        view,
        mismatches: hostMismatchCounts(view.host.metadata, mismatches),
      })),
    [views, mismatches],
  );
  const columns = useMemo<TableColumn<HostRow>[]>(
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
        additional: true,
        sort: sortRows((r) => r.metadata.namespace ?? '', nameOf),
      },
      {
        id: 'phase',
        title: t('Ports on'),
        sort: sortRows((r) => portPhaseSortKey(r.view.phase), nameOf),
        props: { className: W.phase },
      },
      {
        id: 'state',
        title: t('Provisioning state'),
        sort: sortRows((r) => r.view.provisioningState, nameOf),
        props: { className: W.state },
      },
      {
        id: 'node',
        title: t('Node'),
        // Shown under the host's name as well; the column is there to sort by node.
        additional: true,
        sort: sortRows((r) => r.view.node?.metadata.name ?? '', nameOf),
      },
      {
        id: 'interfaces',
        title: t('Network interfaces'),
        sort: sortRows((r) => r.view.rows.length, nameOf),
        props: { className: W.interfaces },
      },
      {
        id: 'vlan',
        title: t('VLAN check'),
        sort: sortRows((r) => mismatchSortKey(r.mismatches), nameOf),
        props: { className: W.vlan },
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
  const rowFilters = useMemo<RowFilter<HostRow>[]>(() => {
    const isPhase = (r: HostRow, id: string) => r.view.phase === id;
    const isVlan = (r: HostRow, id: string) => hostMatchesVlanFilter(r.mismatches, id);
    return [
      {
        filterGroupName: t('Ports on'),
        type: PHASE_FILTER,
        items: PORT_PHASE_ORDER.map((id) => ({ id, title: phaseLabel(t, id) })),
        isMatch: isPhase,
        filter: (input, r) => matchesAnySelected(input.selected, r, isPhase),
      },
      {
        filterGroupName: t('VLAN check'),
        type: VLAN_FILTER,
        items: HOST_VLAN_FILTER_ITEMS.map((id) => ({
          id,
          title: id === 'mismatch' ? t('VLAN mismatch') : t('No VLAN mismatch'),
        })),
        isMatch: isVlan,
        filter: (input, r) => matchesAnySelected(input.selected, r, isVlan),
      },
    ];
  }, [t]);
  const rowData = useMemo<HostRowData>(
    () => ({ hardwareData, nodeNetworkStates, policies, canEdit, onAttach }),
    [hardwareData, nodeNetworkStates, policies, canEdit, onAttach],
  );
  return (
    <ConsoleList<HostRow, HostRowData>
      data={data}
      loaded
      columns={columns}
      columnManagementID={COLUMN_MANAGEMENT_ID}
      kindLabel={t('BareMetalHost')}
      rowFilters={rowFilters}
      Row={HostTableRow}
      rowData={rowData}
      label={t('bare-metal hosts')}
      ariaLabel={t('Bare-metal hosts')}
      noData={{ title: t('No bare-metal hosts'), testId: 'hosts-empty' }}
      testId="hosts-table"
    />
  );
}

const HostTableRow = memo(function HostTableRow({
  obj,
  activeColumnIDs: ids,
  rowData,
}: RowProps<HostRow, HostRowData>) {
  const { t } = usePluginTranslation();
  const navigate = useNavigate();
  const { view: v, mismatches } = obj;
  const { hardwareData, nodeNetworkStates, policies, canEdit, onAttach } = rowData;
  const name = v.host.metadata.name;
  const ns = v.host.metadata.namespace;
  const hostUrl = objectUrl(BareMetalHostGVK, name, ns);
  const nodeName = v.node?.metadata.name;
  const actions: IAction[] = [
    { title: t('View host details'), onClick: () => void navigate(hostUrl) },
  ];
  if (nodeName)
    actions.push({
      title: t('View node'),
      onClick: () => void navigate(objectUrl(NodeGVK, nodeName)),
    });
  return (
    <>
      <TableData id="name" activeColumnIDs={ids} className={W.name}>
        <span data-test={`host-${name}`}>
          <Link to={hostUrl}>{name}</Link>
        </span>
        <Content component="small" data-test={`host-node-${name}`}>
          {nodeName ? (
            <Link to={objectUrl(NodeGVK, nodeName)}>{t('Node {{node}}', { node: nodeName })}</Link>
          ) : (
            t('No node')
          )}
        </Content>
      </TableData>
      <TableData id="namespace" activeColumnIDs={ids}>
        {ns}
      </TableData>
      <TableData id="phase" activeColumnIDs={ids} className={W.phase}>
        <PhaseLabel phase={v.phase} testId={`host-phase-${name}`} />
      </TableData>
      <TableData id="state" activeColumnIDs={ids} className={W.state}>
        <div data-test={`host-state-${name}`}>{v.provisioningState || '-'}</div>
        <NetworkInterfacesStatus host={v.host} />
      </TableData>
      <TableData id="node" activeColumnIDs={ids}>
        {nodeName ? <Link to={objectUrl(NodeGVK, nodeName)}>{nodeName}</Link> : t('No node')}
      </TableData>
      <TableData id="interfaces" activeColumnIDs={ids} className={W.interfaces}>
        {v.notes.length > 0 && (
          <List data-test={`host-notes-${name}`}>
            {v.notes.map((n, i) => (
              <ListItem key={i}>{noteText(t, n)}</ListItem>
            ))}
          </List>
        )}
        <NicList view={v} canEdit={canEdit} onAttach={onAttach} />
        <InstalledWithSection
          host={v.host}
          hardwareData={hardwareData.find(
            (d) => d.metadata.name === name && d.metadata.namespace === ns,
          )}
          node={v.node}
          nns={nodeName ? nodeNetworkStates.find((n) => n.metadata.name === nodeName) : undefined}
          policies={policies}
          testId={`installed-with-${name}`}
        />
      </TableData>
      <TableData id="vlan" activeColumnIDs={ids} className={W.vlan}>
        <span data-test={`host-vlan-${name}`}>
          {mismatches.errors + mismatches.warnings === 0 ? (
            t('No mismatch')
          ) : (
            <Link to="?tab=vlan-check">
              {mismatches.errors > 0 && (
                <Label status="danger" isCompact>
                  {t('{{count}} errors', { count: mismatches.errors })}
                </Label>
              )}{' '}
              {mismatches.warnings > 0 && (
                <Label status="warning" isCompact>
                  {t('{{count}} warnings', { count: mismatches.warnings })}
                </Label>
              )}
            </Link>
          )}
        </span>
      </TableData>
      <TableData id="labels" activeColumnIDs={ids}>
        <LabelList labels={v.host.metadata.labels} />
      </TableData>
      <TableData id="" activeColumnIDs={ids} className="pf-v6-c-table__action">
        <ActionsColumn items={actions} data-test="row-actions" />
      </TableData>
    </>
  );
});

/**
 * A host's NICs, one block each: its hardware, switch port, desired and applied config and the
 * VLANs LLDP sees. Terms and values rather than a nested table: the list cell is narrow.
 */
function NicList({
  view: v,
  canEdit,
  onAttach,
}: {
  view: HostPortsView;
  canEdit: boolean;
  onAttach: (host: BareMetalHost, nic: NicPort) => void;
}) {
  const { t } = usePluginTranslation();
  const name = v.host.metadata.name;
  return (
    <Stack hasGutter aria-label={t('Network interfaces of {{host}}', { host: name })}>
      {v.rows.map((row) => {
        const nic = row.nic;
        const label = nic.name ?? nic.mac ?? '';
        const sp = nic.switchPort;
        return (
          <StackItem key={label} data-test={`nic-${name}-${label}`}>
            <Flex
              justifyContent={{ default: 'justifyContentSpaceBetween' }}
              alignItems={{ default: 'alignItemsCenter' }}
            >
              <FlexItem>
                <strong>{nic.name ?? '-'}</strong>{' '}
                <Content component="small" data-test="nic-hardware">
                  {[
                    nic.mac ?? '-',
                    nic.speedGbps !== undefined
                      ? t('{{speed}} Gbps', { speed: nic.speedGbps })
                      : undefined,
                    nic.pxe ? t('PXE') : undefined,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Content>
              </FlexItem>
              {canEdit && (
                <FlexItem>
                  <Button
                    variant="secondary"
                    size="sm"
                    data-test={`attach-${name}-${label}`}
                    onClick={() => onAttach(v.host, nic)}
                  >
                    {t('Set attachment')}
                  </Button>
                </FlexItem>
              )}
            </Flex>
            <DescriptionList
              isCompact
              isHorizontal
              horizontalTermWidthModifier={{ default: '12ch' }}
            >
              <DescriptionListGroup>
                <DescriptionListTerm>{t('Switch port')}</DescriptionListTerm>
                <DescriptionListDescription data-test="nic-port">
                  {sp ? (
                    <>
                      {t('{{port}} on {{switch}}', {
                        port: sp.portID,
                        switch: nic.switch?.name ?? sp.systemName ?? sp.switchID,
                      })}{' '}
                      <Label isCompact>
                        {sp.source === 'override' ? t('override') : t('LLDP')}
                      </Label>
                    </>
                  ) : (
                    '-'
                  )}
                  {nic.notes
                    .filter((n) => n.code === 'nic.unknownSwitch')
                    .map((n) => (
                      <Content component="small" key={n.code}>
                        {noteText(t, n)}
                      </Content>
                    ))}
                </DescriptionListDescription>
              </DescriptionListGroup>
              <DescriptionListGroup>
                <DescriptionListTerm>{t('Desired')}</DescriptionListTerm>
                <DescriptionListDescription data-test="nic-desired">
                  {nic.hostNetworkAttachment && <div>{nic.hostNetworkAttachment.name}</div>}
                  {desired(t, row)}
                </DescriptionListDescription>
              </DescriptionListGroup>
              <DescriptionListGroup>
                <DescriptionListTerm>{t('Applied')}</DescriptionListTerm>
                <DescriptionListDescription data-test="nic-applied">
                  <Applied row={row} view={v} />
                </DescriptionListDescription>
              </DescriptionListGroup>
              <DescriptionListGroup>
                <DescriptionListTerm>{t('VLANs (LLDP)')}</DescriptionListTerm>
                <DescriptionListDescription data-test="nic-observed">
                  {row.observedVlans ? row.observedVlans.join(', ') || t('none') : '-'}
                  <LldpDisagreements row={row} phase={v.phase} />
                </DescriptionListDescription>
              </DescriptionListGroup>
            </DescriptionList>
          </StackItem>
        );
      })}
    </Stack>
  );
}
