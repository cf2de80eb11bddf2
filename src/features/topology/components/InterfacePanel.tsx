// Side panel for one selected interface (or LLDP switch port). Everything comes from
// getInterfaceDetails; failing policies are named with the error line the policies logic
// extracts from the enactment. Cluster strings are rendered as text only.
import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  DrawerActions,
  DrawerCloseButton,
  DrawerHead,
  DrawerPanelBody,
  DrawerPanelContent,
  Label,
  LabelGroup,
  List,
  ListItem,
  Tab,
  Tabs,
  TabTitleText,
  Title,
} from '@patternfly/react-core';
import { Link } from 'react-router';
import type { VlanMismatch } from '../../switch-ports/model/types';
import { mismatchText } from '../../switch-ports/components/messages';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { PolicyGVK } from '../../../shared/k8s/models';
import { objectUrl } from '../../../shared/routes';
import type { NodeNetworkState } from '../../../shared/model/nmstate';
import { YamlView } from '../../../shared/ui/YamlView';
import { getEnactmentFailure } from '../../policies/logic/enactmentError';
import { getInterfaceDetails } from '../logic/details';
import type { EnactmentIndex } from '../logic/enactments';
import { isFailingPhase } from '../logic/enactments';
import type { InterfaceDetails, SwitchPortGraphNode } from '../model/types';
import type { TopologyData } from '../data/useTopologyData';
import { useFullNodeState } from '../data/useTopologyData';
import { parseInterfaceId } from './toPatternFlyModel';

function Row({ term, children, testId }: { term: string; children: ReactNode; testId: string }) {
  return (
    <DescriptionListGroup>
      <DescriptionListTerm>{term}</DescriptionListTerm>
      <DescriptionListDescription data-test={testId}>{children}</DescriptionListDescription>
    </DescriptionListGroup>
  );
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function KeyValues({ values, testId }: { values: Record<string, unknown>; testId: string }) {
  const entries = Object.entries(values);
  if (entries.length === 0) return <>-</>;
  return (
    <List isPlain data-test={testId}>
      {entries.map(([k, v]) => (
        <ListItem key={k}>
          {k}: {formatValue(v)}
        </ListItem>
      ))}
    </List>
  );
}

function failureOf(index: EnactmentIndex, node: string, policy: string): string | undefined {
  const nnce = index.get(node)?.get(policy);
  if (!nnce) return undefined;
  return getEnactmentFailure(nnce)?.headline ?? undefined;
}

function DetailsTab({ details, index }: { details: InterfaceDetails; index: EnactmentIndex }) {
  const { t } = usePluginTranslation();
  const originText = (o: string): string => {
    switch (o) {
      case 'dhcp':
        return t('DHCP');
      case 'autoconf':
        return t('Autoconf (SLAAC)');
      case 'static':
        return t('Static');
      case 'link-local':
        return t('Link-local');
      default:
        return t('Unknown origin');
    }
  };
  return (
    <DescriptionList isCompact data-test="iface-details">
      <Row term={t('Node')} testId="detail-node">
        {details.node}
      </Row>
      <Row term={t('Type')} testId="detail-type">
        {details.rawType ?? details.type}
      </Row>
      <Row term={t('State')} testId="detail-state">
        {details.state}
      </Row>
      {details.description && (
        <Row term={t('Description')} testId="detail-description">
          {details.description}
        </Row>
      )}
      <Row term={t('Addresses')} testId="detail-addresses">
        {details.addresses.length === 0 ? (
          t('None')
        ) : (
          <List isPlain>
            {details.addresses.map((a) => (
              <ListItem key={`${a.ip}/${a.prefixLength ?? ''}`} data-test="detail-address">
                {a.prefixLength !== undefined ? `${a.ip}/${a.prefixLength}` : a.ip}{' '}
                <Label isCompact>{originText(a.origin)}</Label>
              </ListItem>
            ))}
          </List>
        )}
      </Row>
      <Row term={t('MAC address')} testId="detail-mac">
        {details.macAddress ?? '-'}
      </Row>
      <Row term={t('MTU')} testId="detail-mtu">
        {details.mtu ?? '-'}
      </Row>
      {details.controller && (
        <Row term={t('Controller')} testId="detail-controller">
          {details.controller}
        </Row>
      )}
      {details.bond && (
        <Row term={t('Bond')} testId="detail-bond">
          <div>
            {t('Mode')}: {details.bond.mode ?? '-'}
          </div>
          <div>
            {t('Ports')}: {details.bond.ports.join(', ') || '-'}
          </div>
          <KeyValues values={details.bond.options} testId="detail-bond-options" />
        </Row>
      )}
      {details.bridge && (
        <Row term={t('Bridge')} testId="detail-bridge">
          <div>
            {t('Ports')}: {details.bridge.ports.join(', ') || '-'}
          </div>
          <KeyValues values={details.bridge.options} testId="detail-bridge-options" />
          {details.bridge.portVlans.length > 0 && (
            <List isPlain data-test="detail-port-vlans">
              {details.bridge.portVlans.map((v) => (
                <ListItem key={v.port}>
                  {t('{{port}}: {{mode}} tag {{tag}}, trunk {{trunk}}', {
                    port: v.port,
                    mode: v.mode ?? '-',
                    tag: v.tag ?? '-',
                    trunk:
                      [
                        ...v.trunkIds.map(String),
                        ...v.trunkRanges.map((r) => `${r.min}-${r.max}`),
                      ].join(',') || '-',
                  })}
                </ListItem>
              ))}
            </List>
          )}
        </Row>
      )}
      {details.vlan && (
        <Row term={t('VLAN')} testId="detail-vlan">
          {t('ID {{id}} on {{base}}', {
            id: details.vlan.id ?? '-',
            base: details.vlan.baseIface ?? '-',
          })}
          {details.vlan.protocol ? ` (${details.vlan.protocol})` : ''}
        </Row>
      )}
      {details.lower && (
        <Row term={details.lower.kind} testId="detail-lower">
          <div>
            {t('Base interface')}: {details.lower.baseIface ?? '-'}
          </div>
          <KeyValues values={details.lower.settings} testId="detail-lower-settings" />
        </Row>
      )}
      <Row term={t('LLDP')} testId="detail-lldp">
        {!details.lldp.enabled && details.lldp.neighbors.length === 0
          ? t('Disabled')
          : details.lldp.neighbors.length === 0
            ? t('Enabled, no neighbour')
            : details.lldp.neighbors.map((n) => (
                <DescriptionList
                  isCompact
                  key={`${n.chassisId ?? ''}/${n.portId ?? ''}`}
                  data-test="detail-lldp-neighbor"
                >
                  <Row term={t('System')} testId="lldp-system">
                    {n.systemName ?? '-'}
                  </Row>
                  <Row term={t('Chassis')} testId="lldp-chassis">
                    {n.chassisId ?? '-'}
                  </Row>
                  <Row term={t('Port')} testId="lldp-port">
                    {n.portId ?? '-'}
                    {n.portDescription ? ` (${n.portDescription})` : ''}
                  </Row>
                  {n.systemDescription && (
                    <Row term={t('Description')} testId="lldp-description">
                      {n.systemDescription}
                    </Row>
                  )}
                  {n.vlans.length > 0 && (
                    <Row term={t('VLANs')} testId="lldp-vlans">
                      {n.vlans
                        .map((v) => (v.name ? `${v.id} (${v.name})` : String(v.id)))
                        .join(', ')}
                    </Row>
                  )}
                  {n.managementAddresses.length > 0 && (
                    <Row term={t('Management')} testId="lldp-mgmt">
                      {n.managementAddresses.join(', ')}
                    </Row>
                  )}
                  {n.maxFrameSize !== undefined && (
                    <Row term={t('Max frame size')} testId="lldp-frame">
                      {n.maxFrameSize}
                    </Row>
                  )}
                </DescriptionList>
              ))}
      </Row>
      {details.ethtool && (
        <Row term={t('Ethtool features')} testId="detail-ethtool">
          <LabelGroup numLabels={6}>
            {details.ethtool.on.map((f) => (
              <Label key={f} color="green" isCompact>
                {f}
              </Label>
            ))}
            {details.ethtool.off.map((f) => (
              <Label key={f} isCompact variant="outline">
                {f}
              </Label>
            ))}
          </LabelGroup>
        </Row>
      )}
      {details.sriov && (
        <Row term={t('SR-IOV')} testId="detail-sriov">
          <div>
            {t('Total VFs')}: {details.sriov.totalVfs ?? '-'}
          </div>
          {details.sriov.vfs.map((vf, i) => (
            <KeyValues key={i} values={vf} testId="detail-sriov-vf" />
          ))}
        </Row>
      )}
      <Row term={t('Routes')} testId="detail-routes">
        {details.routes.length === 0 ? (
          t('None')
        ) : (
          <List isPlain>
            {details.routes.map((r, i) => (
              <ListItem key={i}>
                {t(
                  '{{destination}} via {{nextHop}} (table {{table}}, metric {{metric}}, {{source}})',
                  {
                    destination: r.destination ?? '-',
                    nextHop: r.nextHopAddress ?? '-',
                    table: r.tableId ?? '-',
                    metric: r.metric ?? '-',
                    source: r.source,
                  },
                )}
              </ListItem>
            ))}
          </List>
        )}
      </Row>
      <Row term={t('Policies')} testId="detail-policies">
        {details.policies.length === 0 ? (
          t('Not managed by a policy')
        ) : (
          <List isPlain>
            {details.policies.map((p) => {
              const failing = isFailingPhase(p.phase);
              const error = failing ? failureOf(index, details.node, p.policy) : undefined;
              return (
                <ListItem key={p.policy} data-test={`detail-policy-${p.policy}`}>
                  <Link to={objectUrl(PolicyGVK, p.policy)}>{p.policy}</Link>{' '}
                  <Label
                    isCompact
                    color={failing ? 'red' : p.phase === 'Available' ? 'green' : 'grey'}
                  >
                    {p.phase}
                  </Label>{' '}
                  {p.relation === 'touches' ? t('(touches: port, base or controller)') : ''}
                  {error && (
                    <div className="sb-topology-error" data-test="detail-policy-error">
                      {error}
                    </div>
                  )}
                </ListItem>
              );
            })}
          </List>
        )}
      </Row>
    </DescriptionList>
  );
}

function SwitchPortDetails({
  port,
  mismatches,
}: {
  port: SwitchPortGraphNode;
  mismatches?: readonly VlanMismatch[];
}) {
  const { t } = usePluginTranslation();
  return (
    <>
      {mismatches && mismatches.length > 0 && (
        <Alert
          variant="warning"
          isInline
          title={t('VLAN mismatch on this switch port')}
          data-test="switch-port-mismatches"
        >
          <List isPlain>
            {mismatches.map((m, i) => (
              <ListItem key={i}>{mismatchText(t, m)}</ListItem>
            ))}
          </List>
        </Alert>
      )}
      <DescriptionList isCompact data-test="switch-port-details">
        <Row term={t('System')} testId="port-system">
          {port.systemName ?? '-'}
        </Row>
        <Row term={t('Chassis')} testId="port-chassis">
          {port.chassisId}
        </Row>
        <Row term={t('Port')} testId="port-id">
          {port.portId}
        </Row>
        <Row term={t('VLANs')} testId="port-vlans">
          {port.vlans.join(', ') || '-'}
        </Row>
      </DescriptionList>
    </>
  );
}

interface InterfacePanelProps {
  selectedId: string;
  data: TopologyData;
  /** VLAN check findings on the selected switch port. */
  switchPortMismatches?: readonly VlanMismatch[];
  /** LLDP switch ports by id, from the graph. */
  switchPort?: SwitchPortGraphNode;
  onClose: () => void;
}

export function InterfacePanel({
  selectedId,
  data,
  switchPort,
  switchPortMismatches,
  onClose,
}: InterfacePanelProps) {
  const { t } = usePluginTranslation();
  const [tab, setTab] = useState<string | number>('details');
  const parsed = parseInterfaceId(selectedId);
  // The cluster view holds digests; the panel shows every field, so it reads the node's whole
  // state (the digest stands in until that has arrived).
  const full = useFullNodeState(data.digested && !switchPort ? parsed?.node : undefined);
  const nns: NodeNetworkState | undefined = parsed
    ? (full ?? data.nodeNetworkStates.find((n) => n.metadata.name === parsed.node))
    : undefined;
  const details =
    nns && !switchPort
      ? getInterfaceDetails(nns, selectedId, {
          enactmentIndex: data.enactmentIndex,
          policies: data.policies,
        })
      : undefined;
  const title = switchPort ? switchPort.portId : (details?.name ?? parsed?.name ?? selectedId);
  return (
    <DrawerPanelContent widths={{ default: 'width_33' }} data-test="interface-panel">
      <DrawerHead>
        <Title headingLevel="h2" data-test="interface-panel-title">
          {title}
        </Title>
        <DrawerActions>
          <DrawerCloseButton onClick={onClose} data-test="interface-panel-close" />
        </DrawerActions>
      </DrawerHead>
      <DrawerPanelBody>
        {switchPort ? (
          <SwitchPortDetails port={switchPort} mismatches={switchPortMismatches} />
        ) : !details ? (
          <div data-test="interface-panel-gone">
            {t('This interface is no longer reported by the node.')}{' '}
            <Button variant="link" isInline onClick={onClose}>
              {t('Close')}
            </Button>
          </div>
        ) : (
          <Tabs activeKey={tab} onSelect={(_e, k) => setTab(k)} aria-label={t('Interface')}>
            <Tab eventKey="details" title={<TabTitleText>{t('Details')}</TabTitleText>}>
              <DetailsTab details={details} index={data.enactmentIndex} />
            </Tab>
            <Tab
              eventKey="yaml"
              title={<TabTitleText>{t('YAML')}</TabTitleText>}
              data-test="interface-yaml-tab"
            >
              <YamlView obj={details.raw} testId="interface-yaml" />
            </Tab>
          </Tabs>
        )}
      </DrawerPanelBody>
    </DrawerPanelContent>
  );
}
