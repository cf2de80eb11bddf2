// PatternFly's Td and Th, each with a ref that lives as long as the cell. Without a ref of its
// own, a PatternFly cell makes a new one on every render, and an effect keyed on that ref reads
// offsetWidth/scrollWidth after every render: each re-rendered cell (header cells included, as a
// table re-renders with its rows) forced a synchronous layout of the whole table. In lists that
// update many times a second (a rollout of 25,000 enactments) those layouts were a large part of
// every update. With a lasting ref the truncation check runs once, when the cell mounts.
import { useRef } from 'react';
import { Td as PfTd, Th as PfTh } from '@patternfly/react-table';
import type { TdProps, ThProps } from '@patternfly/react-table';

export { PlainTd } from './PlainTd';

export function Td(props: Omit<TdProps, 'ref'>) {
  const ref = useRef<HTMLTableCellElement>(null);
  return <PfTd {...props} ref={ref} />;
}

/**
 * Header text wraps unless a column asks otherwise: PatternFly truncates it by default, which left
 * headers such as "Attachment (desired)" as "Attachment (d…" in narrow columns.
 */
export function Th({ modifier = 'wrap', ...props }: Omit<ThProps, 'ref'>) {
  const ref = useRef<HTMLTableCellElement>(null);
  return <PfTh {...props} modifier={modifier} ref={ref} />;
}
