// The elements both the user and someone else changed, side by side (what it was, the user's
// value, theirs), each with the choice of which to keep. Nothing is applied until every conflict
// has a choice, so no colleague's change disappears without the user having seen it.
import { Button, Radio, Stack, StackItem } from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from './tableCells';
import { usePluginTranslation } from '../i18n/usePluginTranslation';
import type { ConflictChoice, MergeConflict } from '../logic/merge';

function Value({ value, testId }: { value: unknown; testId: string }) {
  const { t } = usePluginTranslation();
  if (value === undefined)
    return (
      <em data-test={testId} className="pf-v6-u-color-200">
        {t('Not present')}
      </em>
    );
  return (
    <pre data-test={testId} className="sb-merge-value">
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
}

export function MergeConflicts({
  conflicts,
  choices,
  onChoose,
  onApply,
  testId = 'merge-conflicts',
}: {
  conflicts: readonly MergeConflict[];
  choices: Readonly<Record<string, ConflictChoice>>;
  onChoose: (id: string, choice: ConflictChoice) => void;
  onApply: () => void;
  testId?: string;
}) {
  const { t } = usePluginTranslation();
  const open = conflicts.filter((c) => !choices[c.id]).length;
  return (
    <Stack hasGutter data-test={testId}>
      <StackItem>
        {t(
          'You and someone else changed the same elements. Choose, for each, which value to keep; everything else was merged.',
        )}
      </StackItem>
      <StackItem>
        <Table variant="compact" aria-label={t('Conflicting changes')}>
          <Thead>
            <Tr>
              <Th>{t('Element')}</Th>
              <Th>{t('Before both edits')}</Th>
              <Th>{t('Yours')}</Th>
              <Th>{t('Theirs (saved)')}</Th>
              <Th>{t('Keep')}</Th>
            </Tr>
          </Thead>
          <Tbody>
            {conflicts.map((c, i) => (
              <Tr key={c.id} data-test={`${testId}-row`} data-conflict={c.id}>
                <Td dataLabel={t('Element')}>
                  <code>{c.id}</code>
                  {c.order && <div>{t('(order of the list)')}</div>}
                </Td>
                <Td dataLabel={t('Before both edits')}>
                  <Value value={c.base} testId="conflict-base" />
                </Td>
                <Td dataLabel={t('Yours')}>
                  <Value value={c.mine} testId="conflict-mine" />
                </Td>
                <Td dataLabel={t('Theirs (saved)')}>
                  <Value value={c.theirs} testId="conflict-theirs" />
                </Td>
                <Td dataLabel={t('Keep')}>
                  <Radio
                    id={`${testId}-${i}-mine`}
                    name={`${testId}-${i}`}
                    label={t('Yours')}
                    isChecked={choices[c.id] === 'mine'}
                    onChange={() => onChoose(c.id, 'mine')}
                    data-test="conflict-keep-mine"
                  />
                  <Radio
                    id={`${testId}-${i}-theirs`}
                    name={`${testId}-${i}`}
                    label={t('Theirs')}
                    isChecked={choices[c.id] === 'theirs'}
                    onChange={() => onChoose(c.id, 'theirs')}
                    data-test="conflict-keep-theirs"
                  />
                </Td>
              </Tr>
            ))}
          </Tbody>
        </Table>
      </StackItem>
      <StackItem>
        <Button
          variant="primary"
          isDisabled={open > 0}
          onClick={onApply}
          data-test={`${testId}-apply`}
        >
          {open > 0
            ? t('Choose a value for {{number}} more', { number: open })
            : t('Use these choices')}
        </Button>
      </StackItem>
    </Stack>
  );
}
