// The light table body cell of tableCells.tsx (which re-exports it), apart so that a page that
// uses only it (the policy list) does not carry the other cells (a module's exports ship with
// every page importing it: issue 23's bytes).
import type { ReactNode } from 'react';

/**
 * A body cell with PatternFly's class and responsive label but none of Td's machinery (cell
 * decorators, the truncation check and tooltip). Rendering a Td allocates several kilobytes; a
 * cell that a live list re-renders many times a second with plain content uses this instead.
 */
export function PlainTd({
  dataLabel,
  children,
  className,
  'data-test': testId,
}: {
  dataLabel: string;
  children: ReactNode;
  className?: string;
  'data-test'?: string;
}) {
  return (
    <td
      className={className ? `pf-v6-c-table__td ${className}` : 'pf-v6-c-table__td'}
      data-label={dataLabel}
      data-test={testId}
    >
      {children}
    </td>
  );
}
