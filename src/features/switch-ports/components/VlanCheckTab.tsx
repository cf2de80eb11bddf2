import { Link } from 'react-router';
import { Button, EmptyState, EmptyStateBody, Label } from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { BareMetalHostGVK, NadGVK, PolicyGVK } from '../../../shared/k8s/models';
import { objectUrl } from '../../../shared/routes';
import type { HostNetworkAttachment } from '../../../shared/model/metal3';
import type { HostPortsView } from '../logic/hostPorts';
import type { VlanMismatch } from '../model/types';
import { mismatchText } from './messages';

interface VlanCheckTabProps {
  mismatches: VlanMismatch[];
  hostViews: HostPortsView[];
  canEdit: boolean;
  onEditAttachment: (hna: HostNetworkAttachment) => void;
}

function attachmentFor(m: VlanMismatch, views: HostPortsView[]): HostNetworkAttachment | undefined {
  if (!m.host || !m.nic) return undefined;
  const view = views.find(
    (v) => v.host.metadata.namespace === m.host?.namespace && v.host.metadata.name === m.host.name,
  );
  return view?.rows.find((r) => r.nic.name === m.nic)?.attachment;
}

const RANK = { error: 0, warning: 1, info: 2 } as const;

/** Cross-layer VLAN check: what policies and attachments need against what ports allow. */
export function VlanCheckTab({
  mismatches,
  hostViews,
  canEdit,
  onEditAttachment,
}: VlanCheckTabProps) {
  const { t } = usePluginTranslation();
  // Errors first; within a severity the logic's node/NIC/VLAN order stays (sort is stable).
  const sorted = [...mismatches].sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  if (mismatches.length === 0)
    return (
      <EmptyState
        titleText={t('No VLAN mismatches')}
        headingLevel="h2"
        data-test="vlan-check-empty"
      >
        <EmptyStateBody>
          {t(
            'Every VLAN that policies and attachments use on a node is allowed on its switch ports.',
          )}
        </EmptyStateBody>
      </EmptyState>
    );
  return (
    <Table variant="compact" aria-label={t('VLAN check')} data-test="vlan-check">
      <Thead>
        <Tr>
          <Th>{t('Severity')}</Th>
          <Th>{t('Finding')}</Th>
          <Th>{t('Used by')}</Th>
          <Th>{t('Host')}</Th>
          <Th screenReaderText={t('Actions')} />
        </Tr>
      </Thead>
      <Tbody>
        {sorted.map((m, i) => {
          const hna = attachmentFor(m, hostViews);
          const c = m.consumer;
          return (
            <Tr key={i} data-test="mismatch" data-code={m.code} data-vlan={m.vlan ?? ''}>
              <Td dataLabel={t('Severity')}>
                <Label
                  color={
                    m.severity === 'error' ? 'red' : m.severity === 'warning' ? 'orange' : 'blue'
                  }
                >
                  {m.severity === 'error'
                    ? t('Error')
                    : m.severity === 'warning'
                      ? t('Warning')
                      : t('Info')}
                </Label>
              </Td>
              <Td dataLabel={t('Finding')} data-test="mismatch-text">
                {mismatchText(t, m)}
              </Td>
              <Td dataLabel={t('Used by')}>
                {c?.kind === 'nad' && c.namespace && (
                  <Link to={objectUrl(NadGVK, c.name, c.namespace)} data-test="mismatch-nad-link">
                    {`${c.namespace}/${c.name}`}
                  </Link>
                )}
                {c?.kind === 'policy' && (
                  <Link to={objectUrl(PolicyGVK, c.name)} data-test="mismatch-policy-link">
                    {c.name}
                  </Link>
                )}
                {!c && '-'}
              </Td>
              <Td dataLabel={t('Host')}>
                {m.host ? (
                  <Link to={objectUrl(BareMetalHostGVK, m.host.name, m.host.namespace)}>
                    {m.host.name}
                  </Link>
                ) : (
                  '-'
                )}
              </Td>
              <Td isActionCell>
                {canEdit &&
                  hna &&
                  (m.code === 'vlan.notAllowedOnPort' || m.code === 'vlan.accessModeTagged') && (
                    <Button
                      variant="secondary"
                      size="sm"
                      data-test="mismatch-edit-attachment"
                      onClick={() => onEditAttachment(hna)}
                    >
                      {t('Edit attachment {{name}}', { name: hna.metadata.name })}
                    </Button>
                  )}
              </Td>
            </Tr>
          );
        })}
      </Tbody>
    </Table>
  );
}
