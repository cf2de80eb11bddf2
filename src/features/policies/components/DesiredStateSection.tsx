import { useMemo } from 'react';
import {
  Content,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Label,
  LabelGroup,
  Title,
} from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
import { usePagedRows } from '../../../shared/ui/usePagedRows';
import type { NetworkState } from '../../../shared/model/nmstate';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { InterfaceSummary, IpSummary } from '../logic/desiredStateSummary';
import { summarizeDesiredState } from '../logic/desiredStateSummary';
import type { TFunction } from './messages';

const ipText = (t: TFunction, ip: IpSummary): string => {
  if (ip.mode === 'unset') return t('Unchanged');
  if (ip.mode === 'disabled') return t('Disabled');
  const parts: string[] = [];
  if (ip.dhcp) parts.push(t('DHCP'));
  if (ip.autoconf) parts.push(t('Autoconf'));
  parts.push(...ip.addresses);
  return parts.length > 0 ? parts.join(', ') : t('Enabled');
};

const typeDetails = (t: TFunction, i: InterfaceSummary): string[] => {
  const out: string[] = [];
  if (i.bondMode) out.push(t('Mode {{mode}}', { mode: i.bondMode }));
  if (i.ports.length > 0) out.push(t('Ports {{ports}}', { ports: i.ports.join(', ') }));
  if (i.base) out.push(t('Base {{base}}', { base: i.base }));
  if (i.vlanId !== null) out.push(t('VLAN {{id}}', { id: i.vlanId }));
  if (i.stp !== null) out.push(i.stp ? t('STP on') : t('STP off'));
  for (const pv of i.portVlans)
    out.push(
      pv.mode === 'access'
        ? t('{{port}}: access VLAN {{tag}}', { port: pv.port, tag: pv.tag ?? '' })
        : t('{{port}}: trunk {{tags}}', { port: pv.port, tags: pv.trunk }),
    );
  return out;
};

const PER_PAGE = 50;
const interfaceName = (i: InterfaceSummary): string => i.name;

/** Every interface, route and DNS setting of a desired state; interfaces a page at a time. */
export function DesiredStateSection({
  desiredState,
  testId = 'desired-state',
}: {
  desiredState: NetworkState | undefined;
  testId?: string;
}) {
  const { t } = usePluginTranslation();
  const s = useMemo(() => summarizeDesiredState(desiredState), [desiredState]);
  const paged = usePagedRows({
    items: s.interfaces,
    perPage: PER_PAGE,
    nameOf: interfaceName,
    filterLabel: t('Filter interfaces by name'),
    testId: 'interfaces',
  });
  return (
    <div data-test={testId}>
      <Title headingLevel="h3">{t('Interfaces')}</Title>
      {s.interfacesTemplate !== null ? (
        <Content component="p" data-test="interfaces-template">
          {t('The interface list comes from a capture and is resolved per node: {{template}}', {
            template: s.interfacesTemplate,
          })}
        </Content>
      ) : s.interfaces.length === 0 ? (
        <Content component="p">{t('No interface changes')}</Content>
      ) : (
        <>
          {paged.controls}
          {paged.rows.length === 0 && (
            <Content component="p" data-test="interfaces-none">
              {t('No interface matches the filter')}
            </Content>
          )}
          <Table variant="compact" aria-label={t('Interfaces')} data-test="interfaces-table">
            <Thead>
              <Tr>
                <Th>{t('Name')}</Th>
                <Th>{t('Type')}</Th>
                <Th>{t('State')}</Th>
                <Th>{t('Details')}</Th>
                <Th>{t('IPv4')}</Th>
                <Th>{t('IPv6')}</Th>
                <Th>{t('MTU')}</Th>
              </Tr>
            </Thead>
            <Tbody>
              {paged.rows.map(({ item: i, index: idx }) => (
                <Tr key={`${i.name}-${i.type}-${idx}`} data-test={`iface-row-${i.name}`}>
                  <Td dataLabel={t('Name')} className="sb-break-anywhere">
                    {i.name}
                    {i.description && (
                      <div className="pf-v6-u-font-size-sm pf-v6-u-color-200">{i.description}</div>
                    )}
                  </Td>
                  <Td dataLabel={t('Type')}>{i.type || '-'}</Td>
                  <Td dataLabel={t('State')}>
                    <Label isCompact status={i.state === 'absent' ? 'warning' : undefined}>
                      {i.state}
                    </Label>
                  </Td>
                  <Td dataLabel={t('Details')}>
                    <LabelGroup numLabels={6} aria-label={t('Details')}>
                      {typeDetails(t, i).map((d) => (
                        <Label key={d} isCompact variant="outline">
                          {d}
                        </Label>
                      ))}
                    </LabelGroup>
                  </Td>
                  <Td dataLabel={t('IPv4')}>{ipText(t, i.ipv4)}</Td>
                  <Td dataLabel={t('IPv6')}>{ipText(t, i.ipv6)}</Td>
                  <Td dataLabel={t('MTU')}>{i.mtu ?? '-'}</Td>
                </Tr>
              ))}
            </Tbody>
          </Table>
          {paged.footer}
        </>
      )}
      <DescriptionList isHorizontal isCompact className="pf-v6-u-mt-md">
        <DescriptionListGroup>
          <DescriptionListTerm>{t('Routes')}</DescriptionListTerm>
          <DescriptionListDescription data-test="desired-routes">
            {s.routes.length === 0 ? (
              t('No route changes')
            ) : (
              <Table variant="compact" aria-label={t('Routes')}>
                <Thead>
                  <Tr>
                    <Th>{t('Destination')}</Th>
                    <Th>{t('Next-hop address')}</Th>
                    <Th>{t('Next-hop interface')}</Th>
                    <Th>{t('Metric')}</Th>
                    <Th>{t('Table')}</Th>
                    <Th>{t('Change')}</Th>
                  </Tr>
                </Thead>
                <Tbody>
                  {s.routes.map((r, i) => (
                    <Tr key={i}>
                      <Td>{r.destination ?? '-'}</Td>
                      <Td>{r['next-hop-address'] ?? '-'}</Td>
                      <Td>{r['next-hop-interface'] ?? '-'}</Td>
                      <Td>{String(r.metric ?? '-')}</Td>
                      <Td>{String(r['table-id'] ?? '-')}</Td>
                      <Td>{r.state === 'absent' ? t('Remove') : t('Add')}</Td>
                    </Tr>
                  ))}
                </Tbody>
              </Table>
            )}
          </DescriptionListDescription>
        </DescriptionListGroup>
        <DescriptionListGroup>
          <DescriptionListTerm>{t('DNS')}</DescriptionListTerm>
          <DescriptionListDescription data-test="desired-dns">
            {s.dns === null
              ? t('No DNS changes')
              : t('Servers: {{servers}}; search: {{search}}', {
                  servers: s.dns.servers.join(', ') || '-',
                  search: s.dns.search.join(', ') || '-',
                })}
          </DescriptionListDescription>
        </DescriptionListGroup>
        {s.otherKeys.length > 0 && (
          <DescriptionListGroup>
            <DescriptionListTerm>{t('Other settings')}</DescriptionListTerm>
            <DescriptionListDescription>{s.otherKeys.join(', ')}</DescriptionListDescription>
          </DescriptionListGroup>
        )}
      </DescriptionList>
    </div>
  );
}
