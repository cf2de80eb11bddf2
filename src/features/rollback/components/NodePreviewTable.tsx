import { useMemo } from 'react';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { buildPolicyPreview } from '../../policies/logic/policyPreview';
import type { NodePreviewStatus } from '../../policies/model/policyPreview';

/** What the candidate policy would do on each matched node, from the nmstate model. */
export function NodePreviewTable({
  policy,
  nodes,
  nodeStates,
}: {
  policy: NodeNetworkConfigurationPolicy;
  nodes: readonly Node[];
  nodeStates: readonly NodeNetworkState[];
}) {
  const { t } = usePluginTranslation();
  const preview = useMemo(
    () => buildPolicyPreview(policy, nodes, nodeStates, { skipProbes: true }),
    [policy, nodes, nodeStates],
  );
  const status: Record<NodePreviewStatus, string> = {
    ok: t('Applies'),
    noState: t('No network state reported'),
    captureFailed: t('Captures fail'),
    applyFailed: t('Would fail'),
  };
  if (preview.nodes.length === 0)
    return <p data-test="node-preview-empty">{t('The policy matches no node.')}</p>;
  return (
    <Table variant="compact" aria-label={t('Per-node preview')} data-test="node-preview">
      <Thead>
        <Tr>
          <Th>{t('Node')}</Th>
          <Th>{t('Result')}</Th>
          <Th>{t('Changes')}</Th>
        </Tr>
      </Thead>
      <Tbody>
        {preview.nodes.map((n) => (
          <Tr key={n.node} data-test={`node-preview-${n.node}`}>
            <Td dataLabel={t('Node')}>{n.node}</Td>
            <Td dataLabel={t('Result')}>
              {n.unchanged && n.status === 'ok' ? t('No change') : status[n.status]}
            </Td>
            <Td dataLabel={t('Changes')}>
              {n.predictedFailure?.message ??
                n.captureError?.message ??
                t('{{created}} created, {{changed}} changed, {{removed}} removed', {
                  created: n.interfaces.created.map((i) => i.name).join(', ') || '0',
                  changed: n.interfaces.changed.map((i) => i.name).join(', ') || '0',
                  removed: n.interfaces.removed.map((i) => i.name).join(', ') || '0',
                })}
            </Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}
