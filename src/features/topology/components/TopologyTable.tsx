// The accessible view of the same filtered interfaces: a PatternFly table whose rows are reached
// with Tab and moved through with the arrow keys (Home/End jump); Enter on a row's interface
// button opens the side panel, as a click on the graph does.
import { useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Button, Label, Pagination } from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { InterfaceGraphNode, TopologyGraph } from '../model/types';

const PER_PAGE = 50;

interface TopologyTableProps {
  graph: TopologyGraph;
  selectedId?: string;
  onSelect: (id: string) => void;
}

export function TopologyTable({ graph, selectedId, onSelect }: TopologyTableProps) {
  const { t } = usePluginTranslation();
  const rows = useMemo(
    () => graph.nodes.filter((n): n is InterfaceGraphNode => n.kind === 'interface'),
    [graph],
  );
  const [page, setPage] = useState(1);
  const lastPage = Math.max(1, Math.ceil(rows.length / PER_PAGE));
  const current = Math.min(page, lastPage);
  const shown = rows.slice((current - 1) * PER_PAGE, current * PER_PAGE);
  const body = useRef<HTMLTableSectionElement>(null);

  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const buttons = [
      ...(body.current?.querySelectorAll<HTMLButtonElement>('button[data-row-button]') ?? []),
    ];
    const at = buttons.findIndex((b) => b === document.activeElement);
    if (at < 0) return;
    const move: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      Home: 0,
      End: buttons.length - 1,
    };
    const target = move[e.key];
    if (target === undefined) return;
    e.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, target))]?.focus();
  };

  return (
    <div data-test="topology-table">
      <Table aria-label={t('Node network interfaces')} variant="compact" isStickyHeader>
        <Thead>
          <Tr>
            <Th>{t('Node')}</Th>
            <Th>{t('Interface')}</Th>
            <Th>{t('Type')}</Th>
            <Th>{t('State')}</Th>
            <Th>{t('Addresses')}</Th>
            <Th>{t('MAC address')}</Th>
            <Th>{t('MTU')}</Th>
            <Th>{t('Managed by')}</Th>
            <Th>{t('Failing')}</Th>
          </Tr>
        </Thead>
        <Tbody ref={body} onKeyDown={onKeyDown}>
          {shown.map((r) => (
            <Tr
              key={r.id}
              data-test={`row-${r.id}`}
              isRowSelected={r.id === selectedId}
              className={r.failing ? 'sb-topology-row--failing' : undefined}
            >
              <Td dataLabel={t('Node')} className="sb-break-anywhere">
                {r.node}
              </Td>
              <Td dataLabel={t('Interface')}>
                <Button
                  variant="link"
                  isInline
                  data-row-button
                  data-test={`row-button-${r.id}`}
                  onClick={() => onSelect(r.id)}
                >
                  {r.name}
                </Button>
              </Td>
              <Td dataLabel={t('Type')}>{r.rawType ?? r.type}</Td>
              <Td dataLabel={t('State')}>{r.state}</Td>
              <Td dataLabel={t('Addresses')}>
                {r.addresses.map((a) => (
                  <div key={a}>{a}</div>
                ))}
              </Td>
              <Td dataLabel={t('MAC address')}>{r.macAddress ?? '-'}</Td>
              <Td dataLabel={t('MTU')}>{r.mtu ?? '-'}</Td>
              <Td dataLabel={t('Managed by')}>{r.managedBy.join(', ') || '-'}</Td>
              <Td dataLabel={t('Failing')}>
                {r.failing ? (
                  <Label color="red" isCompact data-test="row-failing">
                    {r.failingPolicies.join(', ')}
                  </Label>
                ) : (
                  '-'
                )}
              </Td>
            </Tr>
          ))}
        </Tbody>
      </Table>
      {rows.length > PER_PAGE && (
        <Pagination
          itemCount={rows.length}
          perPage={PER_PAGE}
          page={current}
          onSetPage={(_e, p) => setPage(p)}
          perPageOptions={[]}
          variant="bottom"
          data-test="table-pagination"
        />
      )}
    </div>
  );
}
