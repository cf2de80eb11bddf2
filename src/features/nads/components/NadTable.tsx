import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionsColumn, Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
import type { IAction } from '@patternfly/react-table';
import { Label } from '@patternfly/react-core';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { NadGVK } from '../../../shared/k8s/models';
import { objectUrl } from '../../../shared/routes';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { NadPodCounts } from '../logic/podUsage';
import type { Finding, NadSummary } from '../model/types';
import { ProblemsBadge } from './FindingsList';
import { getEditUrl } from './urls';

export interface NadRow {
  nad: NetworkAttachmentDefinition;
  summary: NadSummary;
  findings: Finding[];
  pods: NadPodCounts | undefined;
  managed: boolean;
}

function Lines({ items }: { items: string[] }) {
  if (items.length === 0) return <>-</>;
  return (
    <>
      {items.map((s) => (
        <div key={s}>{s}</div>
      ))}
    </>
  );
}

export function NadTable({
  rows,
  canEdit,
  canDelete,
  onDelete,
}: {
  rows: NadRow[];
  canEdit: boolean;
  canDelete: boolean;
  onDelete: (nad: NetworkAttachmentDefinition) => void;
}) {
  const { t } = usePluginTranslation();
  const navigate = useNavigate();
  const sorted = useMemo(
    () =>
      [...rows].sort(
        (a, b) =>
          a.nad.metadata.namespace.localeCompare(b.nad.metadata.namespace) ||
          a.nad.metadata.name.localeCompare(b.nad.metadata.name),
      ),
    [rows],
  );
  return (
    <Table aria-label={t('Network attachment definitions')} variant="compact" data-test="nad-table">
      <Thead>
        <Tr>
          <Th>{t('Name')}</Th>
          <Th>{t('Namespace')}</Th>
          <Th>{t('CNI type')}</Th>
          <Th>{t('IPAM')}</Th>
          <Th>{t('Subnets / ranges')}</Th>
          <Th>{t('VLAN')}</Th>
          <Th>{t('Master / bridge / physical network')}</Th>
          <Th>{t('Pods')}</Th>
          <Th>{t('Problems')}</Th>
          <Th screenReaderText={t('Actions')} />
        </Tr>
      </Thead>
      <Tbody>
        {sorted.map(({ nad, summary, findings, pods, managed }) => {
          const { name, namespace } = nad.metadata;
          const s = summary;
          const type = s.problem
            ? t('Not available')
            : [s.cniTypes.join(' → '), s.topology].filter(Boolean).join(' ');
          const actions: IAction[] = [
            {
              title: t('View details'),
              onClick: () => void navigate(objectUrl(NadGVK, name, namespace)),
            },
          ];
          if (canEdit && !managed) {
            actions.push(
              { title: t('Edit'), onClick: () => void navigate(getEditUrl(namespace, name)) },
              {
                title: t('Edit as JSON'),
                onClick: () => void navigate(`${getEditUrl(namespace, name)}?view=json`),
              },
            );
          }
          // A managed NAD would be recreated by its owner; delete the owner instead.
          if (canDelete && !managed) {
            actions.push(
              { isSeparator: true },
              { title: t('Delete'), onClick: () => onDelete(nad) },
            );
          }
          return (
            <Tr key={`${namespace}/${name}`} data-test={`nad-row-${namespace}-${name}`}>
              <Td dataLabel={t('Name')}>
                <Link to={objectUrl(NadGVK, name, namespace)} data-test="nad-link">
                  {name}
                </Link>{' '}
                {managed && (
                  <Label isCompact color="purple" data-test="managed-badge">
                    {t('Managed')}
                  </Label>
                )}
              </Td>
              <Td dataLabel={t('Namespace')} modifier="nowrap">
                {namespace}
              </Td>
              <Td dataLabel={t('CNI type')} data-test="col-type">
                {type || '-'}
              </Td>
              <Td dataLabel={t('IPAM')} data-test="col-ipam">
                {s.ipamType ?? '-'}
              </Td>
              <Td dataLabel={t('Subnets / ranges')} data-test="col-subnets">
                <Lines items={[...s.subnetsV4, ...s.subnetsV6]} />
              </Td>
              <Td dataLabel={t('VLAN')} data-test="col-vlan">
                {s.vlan ?? '-'}
              </Td>
              <Td dataLabel={t('Master / bridge / physical network')} data-test="col-iface">
                {s.master ?? s.bridge ?? s.physicalNetwork ?? '-'}
              </Td>
              <Td dataLabel={t('Pods')} data-test="col-pods">
                {pods?.attached ?? 0}
                {pods && pods.pending > 0 && (
                  <>
                    {' '}
                    <Label status="danger" isCompact data-test="pods-failing">
                      {t('{{count}} not attached', { count: pods.pending })}
                    </Label>
                  </>
                )}
              </Td>
              <Td dataLabel={t('Problems')}>
                <ProblemsBadge findings={findings} testId="problems-badge" />
              </Td>
              <Td isActionCell>
                <ActionsColumn items={actions} data-test="row-actions" />
              </Td>
            </Tr>
          );
        })}
      </Tbody>
    </Table>
  );
}
