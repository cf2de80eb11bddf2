import { useMemo } from 'react';
import { diffLines, hasChanges, toHunks } from '../logic/lineDiff';
import { usePluginTranslation } from '../i18n/usePluginTranslation';
import './DiffView.css';

interface DiffViewProps {
  oldText: string;
  newText: string;
  context?: number;
  testId?: string;
}

/** Unified line diff of two texts (YAML of two revisions, a draft and the server's copy). */
export function DiffView({ oldText, newText, context = 3, testId = 'diff-view' }: DiffViewProps) {
  const { t } = usePluginTranslation();
  const lines = useMemo(() => diffLines(oldText, newText), [oldText, newText]);
  const hunks = useMemo(() => toHunks(lines, context), [lines, context]);
  if (!hasChanges(lines)) {
    return (
      <p data-test={`${testId}-empty`} className="sb-diff__empty">
        {t('No differences')}
      </p>
    );
  }
  return (
    <div className="sb-diff" data-test={testId}>
      {hunks.map((hunk, i) => (
        <div key={i} className="sb-diff__hunk">
          <div className="sb-diff__header">
            @@ -{hunk.oldStart} +{hunk.newStart} @@
          </div>
          {hunk.lines.map((line, j) => (
            <div
              key={j}
              className={`sb-diff__line sb-diff__line--${line.kind}`}
              data-test={line.kind === 'same' ? undefined : `diff-${line.kind}`}
            >
              <span className="sb-diff__sign" aria-hidden="true">
                {line.kind === 'added' ? '+' : line.kind === 'removed' ? '-' : ' '}
              </span>
              {line.text}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
