import { Content, Label } from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
import type { Event } from '../../../shared/model/k8s';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { formatAge } from '../../../shared/ui/labels';

export function PolicyEvents({ events, now }: { events: Event[]; now: number }) {
  const { t } = usePluginTranslation();
  if (events.length === 0)
    return (
      <Content component="p" data-test="policy-events-empty">
        {t('No events')}
      </Content>
    );
  return (
    <Table variant="compact" aria-label={t('Events')} data-test="policy-events">
      <Thead>
        <Tr>
          <Th>{t('Type')}</Th>
          <Th>{t('Reason')}</Th>
          <Th>{t('Message')}</Th>
          <Th>{t('Count')}</Th>
          <Th>{t('Last seen')}</Th>
        </Tr>
      </Thead>
      <Tbody>
        {events.map((e) => (
          <Tr key={e.metadata.name}>
            <Td dataLabel={t('Type')}>
              <Label isCompact status={e.type === 'Warning' ? 'warning' : undefined}>
                {e.type ?? '-'}
              </Label>
            </Td>
            <Td dataLabel={t('Reason')}>{e.reason ?? '-'}</Td>
            <Td dataLabel={t('Message')}>{e.message ?? ''}</Td>
            <Td dataLabel={t('Count')}>{e.count ?? 1}</Td>
            <Td dataLabel={t('Last seen')}>
              {formatAge(e.lastTimestamp ?? e.firstTimestamp, now)}
            </Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}
