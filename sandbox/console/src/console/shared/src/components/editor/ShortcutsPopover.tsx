// The editor's shortcuts popover (openshift/console release-4.22
// frontend/packages/console-shared/src/components/editor/ShortcutsPopover.tsx): the same entries,
// as a plain PatternFly description list instead of the console's ShortcutTable.
import { useMemo } from 'react';
import type { PopoverProps } from '@patternfly/react-core';
import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
} from '@patternfly/react-core';

const isMac = /Mac/.test(navigator.userAgent);
const mod = isMac ? 'Cmd' : 'Ctrl';

const SHORTCUTS: [string, string][] = [
  ['F1', 'View all editor shortcuts'],
  ['Ctrl + Space', 'Activate auto complete'],
  [
    isMac ? 'Ctrl + Shift + M' : 'Ctrl + M',
    'Toggle Tab action between insert Tab character and move focus out of editor',
  ],
  [`${mod} + Shift + O`, 'View document outline'],
  ['Hover', 'View property descriptions'],
  [`${mod} + S`, 'Save'],
];

export function useShortcutPopover(overrides?: Partial<PopoverProps>): PopoverProps {
  return useMemo(
    (): PopoverProps => ({
      'aria-label': 'Shortcuts',
      bodyContent: (
        <DescriptionList isHorizontal isCompact>
          {SHORTCUTS.map(([keys, text]) => (
            <DescriptionListGroup key={keys}>
              <DescriptionListTerm>{keys}</DescriptionListTerm>
              <DescriptionListDescription>{text}</DescriptionListDescription>
            </DescriptionListGroup>
          ))}
        </DescriptionList>
      ),
      maxWidth: '25rem',
      distance: 18,
      ...overrides,
    }),
    [overrides],
  );
}
