import { Link } from 'react-router';
import {
  Card,
  CardBody,
  CardTitle,
  Content,
  Label,
  LabelGroup,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { policyUrl, TOPOLOGY_URL } from '../../../shared/routes';
import type { NodeNetworkState } from '../../../shared/model/nmstate';
import type { NodeOwnership } from '../logic/buildTopologyGraph';
import { interfaceId } from '../logic/buildTopologyGraph';
import { getDnsInfo, getInterfaceRows, getLldpRows, getRouteRows } from '../logic/nnsTables';
import { NodeHandlerInfo } from './NodeHandlerInfo';

const enc = encodeURIComponent;

/** The node's interface in its one-node topology, selected. */
const topologyLink = (node: string, name: string, type: string) =>
  `${TOPOLOGY_URL}/${enc(node)}?selected=${enc(interfaceId(node, name, type))}`;

function PolicyLinks({ names, color }: { names: string[]; color?: 'red' }) {
  if (names.length === 0) return null;
  return (
    <LabelGroup>
      {names.map((p) => (
        <Label
          key={p}
          isCompact
          color={color}
          render={({ className, content }) => (
            <Link className={className} to={policyUrl(p)}>
              {content}
            </Link>
          )}
        >
          {p}
        </Label>
      ))}
    </LabelGroup>
  );
}

/**
 * What a node reports, as tables: its interfaces with the policies that manage them, the
 * running routes, the resolver and the LLDP neighbours. Every value is the cluster's text,
 * rendered as text.
 */
export function NnsDetailsTab({
  nns,
  ownership,
}: {
  nns: NodeNetworkState;
  ownership: NodeOwnership | undefined;
}) {
  const { t } = usePluginTranslation();
  const node = nns.metadata.name;
  const interfaces = getInterfaceRows(nns, ownership).filter((r) => !r.internal);
  const routes = getRouteRows(nns);
  const dns = getDnsInfo(nns);
  const lldp = getLldpRows(nns);
  return (
    <Stack hasGutter className="pf-v6-u-p-md">
      <StackItem>
        <NodeHandlerInfo nns={nns} now={Date.now()} />
      </StackItem>
      <StackItem>
        <Card isPlain>
          <CardTitle>{t('Interfaces')}</CardTitle>
          <CardBody>
            <Table variant="compact" aria-label={t('Interfaces')} data-test="nns-interfaces">
              <Thead>
                <Tr>
                  <Th>{t('Name')}</Th>
                  <Th>{t('Type')}</Th>
                  <Th>{t('State')}</Th>
                  <Th>{t('MAC address')}</Th>
                  <Th>{t('MTU')}</Th>
                  <Th>{t('Addresses')}</Th>
                  <Th>{t('Managed by')}</Th>
                </Tr>
              </Thead>
              <Tbody>
                {interfaces.map((r) => (
                  <Tr key={`${r.name}/${r.type}`} data-test="nns-interface" data-name={r.name}>
                    <Td dataLabel={t('Name')} className="sb-break-anywhere">
                      <Link to={topologyLink(node, r.name, r.type)}>{r.name}</Link>
                      {r.description && (
                        <div className="pf-v6-u-font-size-sm" data-test="nns-interface-description">
                          {r.description}
                        </div>
                      )}
                    </Td>
                    <Td dataLabel={t('Type')}>{r.type}</Td>
                    <Td dataLabel={t('State')}>{r.state}</Td>
                    <Td dataLabel={t('MAC address')}>{r.mac}</Td>
                    <Td dataLabel={t('MTU')}>{r.mtu ?? ''}</Td>
                    <Td dataLabel={t('Addresses')}>{r.addresses.join(', ')}</Td>
                    <Td dataLabel={t('Managed by')} data-test="nns-managed-by">
                      <PolicyLinks
                        names={r.managedBy.filter((p) => !r.failingPolicies.includes(p))}
                      />
                      <PolicyLinks names={r.failingPolicies} color="red" />
                    </Td>
                  </Tr>
                ))}
              </Tbody>
            </Table>
          </CardBody>
        </Card>
      </StackItem>
      <StackItem>
        <Card isPlain>
          <CardTitle>{t('Routes')}</CardTitle>
          <CardBody>
            {routes.length === 0 ? (
              <Content component="p">{t('The node reports no routes.')}</Content>
            ) : (
              <Table variant="compact" aria-label={t('Routes')} data-test="nns-routes">
                <Thead>
                  <Tr>
                    <Th>{t('Destination')}</Th>
                    <Th>{t('Next hop')}</Th>
                    <Th>{t('Interface')}</Th>
                    <Th>{t('Metric')}</Th>
                    <Th>{t('Table')}</Th>
                  </Tr>
                </Thead>
                <Tbody>
                  {routes.map((r, i) => (
                    <Tr key={i} data-test="nns-route">
                      <Td dataLabel={t('Destination')}>{r.destination}</Td>
                      <Td dataLabel={t('Next hop')}>{r.nextHopAddress}</Td>
                      <Td dataLabel={t('Interface')}>{r.nextHopInterface}</Td>
                      <Td dataLabel={t('Metric')}>{r.metric ?? ''}</Td>
                      <Td dataLabel={t('Table')}>{r.tableId ?? ''}</Td>
                    </Tr>
                  ))}
                </Tbody>
              </Table>
            )}
          </CardBody>
        </Card>
      </StackItem>
      <StackItem>
        <Card isPlain>
          <CardTitle>{t('DNS')}</CardTitle>
          <CardBody data-test="nns-dns">
            {dns.servers.length === 0 && dns.search.length === 0 ? (
              <Content component="p">{t('The node reports no DNS resolver settings.')}</Content>
            ) : (
              <Content component="dl">
                <Content component="dt">{t('Servers')}</Content>
                <Content component="dd">{dns.servers.join(', ')}</Content>
                <Content component="dt">{t('Search domains')}</Content>
                <Content component="dd">{dns.search.join(', ')}</Content>
              </Content>
            )}
          </CardBody>
        </Card>
      </StackItem>
      <StackItem>
        <Card isPlain>
          <CardTitle>{t('LLDP neighbours')}</CardTitle>
          <CardBody>
            {lldp.length === 0 ? (
              <Content component="p">
                {t('No LLDP neighbour is reported: LLDP is off, or no switch announces itself.')}
              </Content>
            ) : (
              <Table variant="compact" aria-label={t('LLDP neighbours')} data-test="nns-lldp">
                <Thead>
                  <Tr>
                    <Th>{t('Interface')}</Th>
                    <Th>{t('Switch')}</Th>
                    <Th>{t('Port')}</Th>
                    <Th>{t('Chassis ID')}</Th>
                    <Th>{t('VLANs')}</Th>
                  </Tr>
                </Thead>
                <Tbody>
                  {lldp.map((r, i) => (
                    <Tr key={i} data-test="nns-lldp-row">
                      <Td dataLabel={t('Interface')}>{r.interface}</Td>
                      <Td dataLabel={t('Switch')}>{r.neighbor.systemName ?? ''}</Td>
                      <Td dataLabel={t('Port')}>{r.neighbor.portId ?? ''}</Td>
                      <Td dataLabel={t('Chassis ID')}>{r.neighbor.chassisId ?? ''}</Td>
                      <Td dataLabel={t('VLANs')}>{r.neighbor.vlans.map((v) => v.id).join(', ')}</Td>
                    </Tr>
                  ))}
                </Tbody>
              </Table>
            )}
          </CardBody>
        </Card>
      </StackItem>
    </Stack>
  );
}
