import { Link } from 'react-router';
import {
  Alert,
  Card,
  CardBody,
  CardTitle,
  EmptyState,
  Flex,
  FlexItem,
  Label,
} from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { BareMetalHostGVK, BareMetalSwitchGVK } from '../../../shared/k8s/models';
import { objectUrl } from '../../../shared/routes';
import type { SwitchView } from '../logic/hostPorts';
import { format } from '../logic/vlanSet';
import { PhaseLabel } from './HostsTab';

/** One card per BareMetalSwitch: `Valid` condition, cabled ports, hosts and VLANs. */
export function SwitchesTab({ views }: { views: SwitchView[] }) {
  const { t } = usePluginTranslation();
  if (views.length === 0)
    return (
      <EmptyState
        titleText={t('No bare-metal switches')}
        headingLevel="h2"
        data-test="switches-empty"
      />
    );
  return (
    <Flex direction={{ default: 'column' }}>
      {views.map((v) => {
        const sw = v.switch;
        const name = sw.metadata.name;
        const ns = sw.metadata.namespace;
        const conditions: unknown = sw.status?.conditions;
        const valid = Array.isArray(conditions)
          ? sw.status?.conditions?.find((c) => c.type === 'Valid')
          : undefined;
        return (
          <FlexItem key={`${ns}/${name}`}>
            <Card isCompact data-test={`switch-${name}`}>
              <CardTitle>
                <Flex>
                  <FlexItem>
                    <Link to={objectUrl(BareMetalSwitchGVK, name, ns)}>{`${ns}/${name}`}</Link>
                  </FlexItem>
                  <FlexItem>
                    <Label
                      data-test={`switch-valid-${name}`}
                      color={
                        valid?.status === 'True'
                          ? 'green'
                          : valid?.status === 'False'
                            ? 'red'
                            : 'grey'
                      }
                    >
                      {valid?.status === 'True'
                        ? t('Valid')
                        : valid?.status === 'False'
                          ? t('Invalid')
                          : t('Not validated yet')}
                    </Label>
                  </FlexItem>
                  <FlexItem>
                    {t('{{address}}, {{deviceType}}', {
                      address: sw.spec.address,
                      deviceType: sw.spec.deviceType,
                    })}
                  </FlexItem>
                  <FlexItem data-test={`switch-vlans-${name}`}>
                    {t('VLANs: {{vlans}}', { vlans: format(v.vlans) || '-' })}
                  </FlexItem>
                </Flex>
              </CardTitle>
              <CardBody>
                {valid?.status === 'False' && (
                  <Alert
                    variant="danger"
                    isInline
                    isPlain
                    data-test={`switch-error-${name}`}
                    title={
                      valid.reason === 'CredentialError'
                        ? t('Credential error: the switch is skipped until its Secret is fixed')
                        : t('The switch configuration is not valid ({{reason}})', {
                            reason: valid.reason ?? '',
                          })
                    }
                  >
                    {valid.message}
                  </Alert>
                )}
                {v.ports.length === 0 ? (
                  <p>{t('No host port is known to be cabled to this switch.')}</p>
                ) : (
                  <Table variant="compact" aria-label={t('Ports of {{switch}}', { switch: name })}>
                    <Thead>
                      <Tr>
                        <Th>{t('Port')}</Th>
                        <Th>{t('Host')}</Th>
                        <Th>{t('NIC')}</Th>
                        <Th>{t('Phase')}</Th>
                        <Th>{t('Attachment')}</Th>
                        <Th>{t('VLANs')}</Th>
                      </Tr>
                    </Thead>
                    <Tbody>
                      {v.ports.map((p) => (
                        <Tr
                          key={`${p.portID}/${p.host.name}/${p.nic}`}
                          data-test={`switch-port-${name}-${p.portID}`}
                        >
                          <Td dataLabel={t('Port')}>{p.portID}</Td>
                          <Td dataLabel={t('Host')}>
                            <Link to={objectUrl(BareMetalHostGVK, p.host.name, p.host.namespace)}>
                              {p.host.name}
                            </Link>
                          </Td>
                          <Td dataLabel={t('NIC')}>{p.nic}</Td>
                          <Td dataLabel={t('Phase')}>
                            <PhaseLabel phase={p.phase} testId="switch-port-phase" />
                          </Td>
                          <Td dataLabel={t('Attachment')}>
                            {p.attachment
                              ? `${p.attachment.name}${p.mode ? ` (${p.mode})` : ''}`
                              : '-'}
                          </Td>
                          <Td dataLabel={t('VLANs')}>{format(p.vlans) || '-'}</Td>
                        </Tr>
                      ))}
                    </Tbody>
                  </Table>
                )}
              </CardBody>
            </Card>
          </FlexItem>
        );
      })}
    </Flex>
  );
}
