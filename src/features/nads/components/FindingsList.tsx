import { memo } from 'react';
import {
  Button,
  DataList,
  DataListCell,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
  Flex,
  FlexItem,
  Label,
} from '@patternfly/react-core';
import type { Finding, Severity } from '../model/types';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { useFindingText } from './findingText';

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      ORDER[a.severity] - ORDER[b.severity] ||
      (a.position?.offset ?? -1) - (b.position?.offset ?? -1),
  );
}

export function SeverityLabel({ severity }: { severity: Severity }) {
  const { t } = usePluginTranslation();
  if (severity === 'error')
    return (
      <Label status="danger" isCompact>
        {t('Error')}
      </Label>
    );
  if (severity === 'warning')
    return (
      <Label status="warning" isCompact>
        {t('Warning')}
      </Label>
    );
  return (
    <Label status="info" isCompact>
      {t('Info')}
    </Label>
  );
}

interface FindingsListProps {
  findings: readonly Finding[];
  /** Moves the JSON editor to the finding's position; omitted where there is no editor. */
  onJump?: (f: Finding) => void;
  /** Applies the finding's quick fix; omitted when the NAD is read-only. */
  onFix?: (f: Finding) => void;
  testId?: string;
}

/** Findings, most severe first, each with its location and (when offered) a quick fix. */
export const FindingsList = memo(function FindingsList({
  findings,
  onJump,
  onFix,
  testId = 'findings',
}: FindingsListProps) {
  const { t } = usePluginTranslation();
  const text = useFindingText();
  if (findings.length === 0) {
    return <p data-test={`${testId}-empty`}>{t('No problems found.')}</p>;
  }
  return (
    <DataList aria-label={t('Findings')} isCompact data-test={testId}>
      {sortFindings(findings).map((f, i) => {
        const pos = f.position;
        return (
          <DataListItem key={`${f.code}-${f.path}-${i}`} data-test={`finding-${f.code}`}>
            <DataListItemRow>
              <DataListItemCells
                dataListCells={[
                  <DataListCell key="main">
                    <Flex
                      spaceItems={{ default: 'spaceItemsSm' }}
                      alignItems={{ default: 'alignItemsCenter' }}
                    >
                      <FlexItem>
                        <SeverityLabel severity={f.severity} />
                      </FlexItem>
                      <FlexItem grow={{ default: 'grow' }} data-test="finding-message">
                        {text(f)}
                      </FlexItem>
                    </Flex>
                    <Flex spaceItems={{ default: 'spaceItemsSm' }} className="sb-nad-finding__meta">
                      <FlexItem>
                        <code>{f.path}</code>
                      </FlexItem>
                      {pos &&
                        (onJump ? (
                          <FlexItem>
                            <Button
                              variant="link"
                              isInline
                              onClick={() => onJump(f)}
                              data-test="finding-jump"
                            >
                              {t('Line {{line}}, column {{column}}', {
                                line: pos.line,
                                column: pos.column,
                              })}
                            </Button>
                          </FlexItem>
                        ) : (
                          <FlexItem data-test="finding-position">
                            {t('Line {{line}}, column {{column}}', {
                              line: pos.line,
                              column: pos.column,
                            })}
                          </FlexItem>
                        ))}
                      {f.fix && onFix && (
                        <FlexItem>
                          <Button
                            variant="secondary"
                            size="sm"
                            onClick={() => onFix(f)}
                            data-test="finding-fix"
                          >
                            {t('Fix')}
                          </Button>
                        </FlexItem>
                      )}
                    </Flex>
                  </DataListCell>,
                ]}
              />
            </DataListItemRow>
          </DataListItem>
        );
      })}
    </DataList>
  );
});

/** Error and warning counts; nothing worth a badge shows as a quiet "OK". */
export function ProblemsBadge({
  findings,
  testId,
}: {
  findings: readonly Finding[];
  testId?: string;
}) {
  const { t } = usePluginTranslation();
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  if (errors === 0 && warnings === 0) {
    return (
      <Label status="success" isCompact data-test={testId}>
        {t('OK')}
      </Label>
    );
  }
  return (
    <Flex spaceItems={{ default: 'spaceItemsXs' }} data-test={testId}>
      {errors > 0 && (
        <FlexItem>
          <Label status="danger" isCompact data-test="problems-errors">
            {t('Errors: {{count}}', { count: errors })}
          </Label>
        </FlexItem>
      )}
      {warnings > 0 && (
        <FlexItem>
          <Label status="warning" isCompact data-test="problems-warnings">
            {t('Warnings: {{count}}', { count: warnings })}
          </Label>
        </FlexItem>
      )}
    </Flex>
  );
}
