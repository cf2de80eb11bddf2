import {
  Alert,
  Checkbox,
  Content,
  Label,
  LabelGroup,
  List,
  ListItem,
  Stack,
} from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { ImpactNeed, PortImpact, PortImpactFinding } from '../logic/portImpact';
import { getImpactGate } from '../logic/portImpact';
import { format } from '../logic/vlanSet';
import type { FindingSeverity } from '../model/types';
import type { TFunction } from './messages';

type Params = Record<string, string | number>;

function who(t: TFunction, p: Params): string {
  return p.consumerKind === 'policy'
    ? t('policy {{name}}', { name: p.consumer })
    : t('network attachment definition {{name}}', { name: p.consumer });
}

/** The sentence for one impact finding; every text is a literal t() call for extraction. */
export function impactText(t: TFunction, f: PortImpactFinding): string {
  const p = f.params;
  switch (f.code) {
    case 'impact.vlanDropped':
      return t('{{nic}} no longer carries VLAN {{vlans}}, which {{who}} uses ({{via}}).', {
        ...p,
        who: who(t, p),
      });
    case 'impact.vlanNotAllowed':
      return t(
        'VLAN {{vlans}}, which {{who}} needs on {{nic}} ({{via}}), is not carried before or after this change.',
        { ...p, who: who(t, p) },
      );
    case 'impact.vlanAdded':
      return t(
        'The change lets VLAN {{vlans}} through, which {{who}} needs on {{nic}} ({{via}}).',
        {
          ...p,
          who: who(t, p),
        },
      );
    case 'impact.bondPeerMismatch':
      return t(
        '{{nic}} and {{peer}} are members of bond {{bond}}, but {{peer}} stays on {{peerConfig}}. Bond members must carry the same VLANs: traffic hashed or failed over to a member loses the VLANs it lacks. Change {{peer}} as well.',
        {
          ...p,
          peerConfig:
            p.peerAttachment === ''
              ? t('no attachment')
              : t('attachment {{name}}', { name: p.peerAttachment }),
        },
      );
    case 'impact.provisioningVlanDropped':
      return p.source === 'providerNetwork'
        ? t(
            '{{nic}} is the host’s boot NIC (spec.bootMACAddress) and the provisioning network is VLAN {{vlan}}; the new configuration does not carry it untagged, so once deployed the host no longer reaches the provisioning network (PXE, Ironic) through this NIC.',
            p,
          )
        : t(
            '{{nic}} is the host’s boot NIC (spec.bootMACAddress); its untagged VLAN {{vlan}} is the network it boots and provisions through, and the new configuration does not carry it untagged.',
            p,
          );
    case 'impact.crossNamespace':
      return t(
        'The attachment {{attachment}} is in namespace {{namespace}}, not the host’s ({{hostNamespace}}). The baremetal-operator refuses references to namespaces it does not watch (NetworkInterfacesValid: AttachmentNamespaceDenied), and its webhook refuses to change or delete an attachment while any host references it, so this host would lock it for the owners of {{namespace}}. The Metal3 design discussion prefers same-namespace references: use an attachment in {{hostNamespace}}.',
        p,
      );
    case 'impact.noSwitchPort':
      return t(
        '{{nic}} has no known switch port: inspection saw no LLDP neighbour and spec.networkInterfaces gives no switchPort. Ironic configures a port only through its local_link_connection, so this attachment changes nothing on the switch.',
        p,
      );
    case 'impact.unknownSwitch':
      return t(
        '{{nic}} is cabled to switch {{switchID}}, which no BareMetalSwitch describes: Ironic has no access to it and cannot configure the port.',
        p,
      );
    case 'impact.attachmentNotFound':
      return t(
        'The attachment {{attachment}} does not exist; the host’s NetworkInterfacesValid condition would be False (AttachmentNotFound).',
        p,
      );
    case 'impact.noNode':
      return t(
        'The host runs no node yet, so the VLANs its policies and attachment definitions will need are unknown; they are checked once it is a node.',
      );
  }
}

const VARIANT: Record<FindingSeverity, 'danger' | 'warning' | 'info'> = {
  error: 'danger',
  warning: 'warning',
  info: 'info',
};

function NeedEffect({ need }: { need: ImpactNeed }) {
  const { t } = usePluginTranslation();
  return (
    <LabelGroup>
      {need.kept.length > 0 && (
        <Label isCompact color="green">
          {t('keeps {{vlans}}', { vlans: format(need.kept) })}
        </Label>
      )}
      {need.added.length > 0 && (
        <Label isCompact color="blue">
          {t('adds {{vlans}}', { vlans: format(need.added) })}
        </Label>
      )}
      {need.dropped.length > 0 && (
        <Label isCompact color="red" data-test="impact-dropped">
          {t('drops {{vlans}}', { vlans: format(need.dropped) })}
        </Label>
      )}
      {need.missing.length > 0 && (
        <Label isCompact color="orange">
          {t('still missing {{vlans}}', { vlans: format(need.missing) })}
        </Label>
      )}
    </LabelGroup>
  );
}

interface PortImpactPanelProps {
  impact: PortImpact;
  acknowledged: boolean;
  onAcknowledge: (value: boolean) => void;
}

/**
 * What a port change does, shown before Save: the VLANs the node needs on the NIC and what the new
 * configuration does to them, then the findings by severity. Errors block the save; warnings ask
 * for an acknowledgement.
 */
export function PortImpactPanel({ impact, acknowledged, onAcknowledge }: PortImpactPanelProps) {
  const { t } = usePluginTranslation();
  const gate = getImpactGate(impact);
  const groups = (['error', 'warning', 'info'] as const)
    .map((severity) => ({
      severity,
      items: impact.findings.filter((f) => f.severity === severity),
    }))
    .filter((g) => g.items.length > 0);
  const title: Record<FindingSeverity, string> = {
    error: t('This change breaks what the node uses'),
    warning: t('Check before saving'),
    info: t('Also note'),
  };
  return (
    <Stack hasGutter data-test="impact-panel" data-gate={gate} className="pf-v6-u-mt-md">
      <Content component="h3">{t('What this change does')}</Content>
      {impact.needs.length > 0 ? (
        <Table
          variant="compact"
          aria-label={t('VLANs needed on {{nic}}', { nic: impact.nic })}
          data-test="impact-needs"
        >
          <Thead>
            <Tr>
              <Th>{t('Used by')}</Th>
              <Th>{t('Through')}</Th>
              <Th>{t('VLANs')}</Th>
              <Th>{t('After the change')}</Th>
            </Tr>
          </Thead>
          <Tbody>
            {impact.needs.map((n) => {
              const name = n.consumer.namespace
                ? `${n.consumer.namespace}/${n.consumer.name}`
                : n.consumer.name;
              return (
                <Tr key={`${n.consumer.kind}/${name}/${n.consumer.via}`}>
                  <Td dataLabel={t('Used by')}>
                    {n.consumer.kind === 'policy'
                      ? t('policy {{name}}', { name })
                      : t('network attachment definition {{name}}', { name })}
                    {n.assumed && (
                      <Content component="small"> {t('(no pod known to use it)')}</Content>
                    )}
                  </Td>
                  <Td dataLabel={t('Through')}>{n.consumer.via}</Td>
                  <Td dataLabel={t('VLANs')}>{format(n.vlans)}</Td>
                  <Td dataLabel={t('After the change')}>
                    <NeedEffect need={n} />
                  </Td>
                </Tr>
              );
            })}
          </Tbody>
        </Table>
      ) : (
        impact.node !== undefined && (
          <Content component="p" data-test="impact-no-needs">
            {t('No policy or attachment definition on node {{node}} uses VLANs on {{nic}}.', {
              node: impact.node,
              nic: impact.nic,
            })}
          </Content>
        )
      )}
      {impact.bondPeers.length > 0 && (
        <Content component="p" data-test="impact-bond">
          {t('{{nic}} is bonded with {{peers}}.', {
            nic: impact.nic,
            peers: impact.bondPeers.join(', '),
          })}
        </Content>
      )}
      {groups.map((g) => (
        <Alert
          key={g.severity}
          variant={VARIANT[g.severity]}
          isInline
          isPlain={g.severity === 'info'}
          title={title[g.severity]}
          data-test={`impact-${g.severity}s`}
        >
          <List>
            {g.items.map((f, i) => (
              <ListItem key={`${f.code}-${i}`} data-test={`impact-finding-${f.code}`}>
                {impactText(t, f)}
              </ListItem>
            ))}
          </List>
        </Alert>
      ))}
      {gate === 'acknowledge' && (
        <Checkbox
          id="impact-ack"
          data-test="impact-ack"
          label={t('I have read the warnings and want to save this change')}
          isChecked={acknowledged}
          onChange={(_e, v) => onAcknowledge(v)}
        />
      )}
      {gate === 'blocked' && (
        <Content component="p" data-test="impact-blocked">
          {t(
            'Save is blocked: move the policies or attachment definitions off these VLANs first, or choose an attachment that carries them.',
          )}
        </Content>
      )}
    </Stack>
  );
}
