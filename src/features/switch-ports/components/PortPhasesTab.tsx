import { Content } from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { EXPLAINED_PHASES, phaseNetwork } from '../logic/ironicNetworking';
import type { ProviderNetworks } from '../logic/ironicNetworking';
import { PhaseLabel } from './HostsTab';
import { phaseMeaning, phaseNetworkText } from './messages';

/**
 * The phases Ironic moves a host's switch ports through, what each means and which VLAN the port
 * is on in it, from the cluster's Ironic resource (`spec.networkingService.providerNetworks`).
 */
export function PortPhasesTab({ provider }: { provider: ProviderNetworks }) {
  const { t } = usePluginTranslation();
  return (
    <>
      <Content component="p" data-test="phases-source">
        {provider.source
          ? t(
              'VLANs from the provider networks of Ironic {{namespace}}/{{name}}. These VLANs separate the provisioning networks (PXE, the inspection agent) from tenant networks.',
              provider.source,
            )
          : t(
              'This cluster has no Ironic resource with the networking service enabled that you can read, so the provider VLANs are not known here.',
            )}
      </Content>
      <Table variant="compact" aria-label={t('Switch port phases')} data-test="port-phases">
        <Thead>
          <Tr>
            <Th>{t('Phase')}</Th>
            <Th>{t('What happens')}</Th>
            <Th>{t('Port configuration')}</Th>
          </Tr>
        </Thead>
        <Tbody>
          {EXPLAINED_PHASES.map((phase) => (
            <Tr key={phase} data-test={`phase-row-${phase}`}>
              <Td dataLabel={t('Phase')}>
                <PhaseLabel phase={phase} testId={`phase-label-${phase}`} />
              </Td>
              <Td dataLabel={t('What happens')}>{phaseMeaning(t, phase)}</Td>
              <Td dataLabel={t('Port configuration')} data-test="phase-vlan">
                {phaseNetworkText(t, phaseNetwork(phase, provider))}
              </Td>
            </Tr>
          ))}
        </Tbody>
      </Table>
      <Content component="small" data-test="phases-externally-provisioned">
        {t(
          'Externally provisioned hosts are adopted without a deploy, so Ironic does not move their ports; the page shows their phase as unknown.',
        )}
      </Content>
    </>
  );
}
