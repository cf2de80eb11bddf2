import { Link } from 'react-router';
import {
  Button,
  Card,
  CardBody,
  CardTitle,
  Content,
  EmptyState,
  Flex,
  FlexItem,
  Label,
  List,
  ListItem,
} from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
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
import type { NicPort, PortPhase } from '../model/types';
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
      <Label color={ok ? 'green' : 'orange'} isCompact>
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

interface HostsTabProps {
  views: HostPortsView[];
  /** For each host's day-1 "installed with" comparison. */
  hardwareData: readonly HardwareData[];
  nodeNetworkStates: readonly NodeNetworkState[];
  policies: readonly NodeNetworkConfigurationPolicy[];
  canEdit: boolean;
  onAttach: (host: BareMetalHost, nic: NicPort) => void;
}

/** One card per host: its NICs, their switch ports, desired/applied config and observed VLANs. */
export function HostsTab({
  views,
  hardwareData,
  nodeNetworkStates,
  policies,
  canEdit,
  onAttach,
}: HostsTabProps) {
  const { t } = usePluginTranslation();
  if (views.length === 0)
    return (
      <EmptyState titleText={t('No bare-metal hosts')} headingLevel="h2" data-test="hosts-empty" />
    );
  return (
    <Flex direction={{ default: 'column' }}>
      {views.map((v) => {
        const name = v.host.metadata.name;
        const ns = v.host.metadata.namespace;
        return (
          <FlexItem key={`${ns}/${name}`}>
            <Card data-test={`host-${name}`} isCompact>
              <CardTitle>
                <Flex>
                  <FlexItem>
                    <Link to={objectUrl(BareMetalHostGVK, name, ns)}>{`${ns}/${name}`}</Link>
                  </FlexItem>
                  <FlexItem>
                    {t('Ports on:')} <PhaseLabel phase={v.phase} testId={`host-phase-${name}`} />
                  </FlexItem>
                  <FlexItem data-test={`host-state-${name}`}>
                    {t('Provisioning state: {{state}}', { state: v.provisioningState || '-' })}
                  </FlexItem>
                  <FlexItem>
                    {v.node ? (
                      <Link to={objectUrl(NodeGVK, v.node.metadata.name)}>
                        {t('Node {{node}}', { node: v.node.metadata.name })}
                      </Link>
                    ) : (
                      t('No node')
                    )}
                  </FlexItem>
                </Flex>
              </CardTitle>
              <CardBody>
                <NetworkInterfacesStatus host={v.host} />
                {v.notes.length > 0 && (
                  <List data-test={`host-notes-${name}`}>
                    {v.notes.map((n, i) => (
                      <ListItem key={i}>{noteText(t, n)}</ListItem>
                    ))}
                  </List>
                )}
                <Table
                  variant="compact"
                  aria-label={t('Network interfaces of {{host}}', { host: name })}
                >
                  <Thead>
                    <Tr>
                      <Th>{t('NIC')}</Th>
                      <Th>{t('MAC')}</Th>
                      <Th>{t('Speed')}</Th>
                      <Th>{t('PXE')}</Th>
                      <Th>{t('Switch port')}</Th>
                      <Th>{t('Attachment (desired)')}</Th>
                      <Th>{t('Applied')}</Th>
                      <Th>{t('VLANs observed (LLDP)')}</Th>
                      {canEdit && <Th screenReaderText={t('Actions')} />}
                    </Tr>
                  </Thead>
                  <Tbody>
                    {v.rows.map((row) => {
                      const nic = row.nic;
                      const label = nic.name ?? nic.mac ?? '';
                      const sp = nic.switchPort;
                      return (
                        <Tr key={label} data-test={`nic-${name}-${label}`}>
                          <Td dataLabel={t('NIC')}>{nic.name ?? '-'}</Td>
                          <Td dataLabel={t('MAC')}>{nic.mac ?? '-'}</Td>
                          <Td dataLabel={t('Speed')}>
                            {nic.speedGbps !== undefined
                              ? t('{{speed}} Gbps', { speed: nic.speedGbps })
                              : '-'}
                          </Td>
                          <Td dataLabel={t('PXE')}>{nic.pxe ? t('Yes') : t('No')}</Td>
                          <Td dataLabel={t('Switch port')} data-test="nic-port">
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
                          </Td>
                          <Td dataLabel={t('Attachment (desired)')} data-test="nic-desired">
                            {nic.hostNetworkAttachment && (
                              <div>{nic.hostNetworkAttachment.name}</div>
                            )}
                            {desired(t, row)}
                          </Td>
                          <Td dataLabel={t('Applied')} data-test="nic-applied">
                            <Applied row={row} view={v} />
                          </Td>
                          <Td dataLabel={t('VLANs observed (LLDP)')} data-test="nic-observed">
                            {row.observedVlans ? row.observedVlans.join(', ') || t('none') : '-'}
                            <LldpDisagreements row={row} phase={v.phase} />
                          </Td>
                          {canEdit && (
                            <Td isActionCell>
                              <Button
                                variant="secondary"
                                size="sm"
                                data-test={`attach-${name}-${label}`}
                                onClick={() => onAttach(v.host, nic)}
                              >
                                {t('Set attachment')}
                              </Button>
                            </Td>
                          )}
                        </Tr>
                      );
                    })}
                  </Tbody>
                </Table>
                <InstalledWithSection
                  host={v.host}
                  hardwareData={hardwareData.find(
                    (d) => d.metadata.name === name && d.metadata.namespace === ns,
                  )}
                  node={v.node}
                  nns={
                    v.node
                      ? nodeNetworkStates.find((n) => n.metadata.name === v.node?.metadata.name)
                      : undefined
                  }
                  policies={policies}
                  testId={`installed-with-${name}`}
                />
              </CardBody>
            </Card>
          </FlexItem>
        );
      })}
    </Flex>
  );
}
