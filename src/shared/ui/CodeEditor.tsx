import { useCallback, useMemo, useRef } from 'react';
import type { ChangeEvent, UIEvent } from 'react';
import './CodeEditor.css';

export interface EditorMarker {
  /** 1-based line and column. */
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'info' | 'danger';
  message: string;
}

interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  markers?: EditorMarker[];
  ariaLabel: string;
  testId?: string;
  readOnly?: boolean;
  minLines?: number;
}

const severityRank = { error: 0, danger: 0, warning: 1, info: 2 } as const;

/**
 * A plain-text code editor: a textarea with a line-number gutter that marks lines with
 * findings. It works identically in the console and the stand-in (no Monaco), keeps the text
 * exactly as typed, and lets callers jump to a finding's line and column.
 */
export function CodeEditor({
  value,
  onChange,
  markers = [],
  ariaLabel,
  testId = 'code-editor',
  readOnly,
  minLines = 20,
}: CodeEditorProps) {
  const gutterRef = useRef<HTMLDivElement>(null);
  const lineCount = useMemo(() => value.split('\n').length, [value]);
  const byLine = useMemo(() => {
    const m = new Map<number, EditorMarker>();
    for (const marker of markers) {
      const prev = m.get(marker.line);
      if (!prev || severityRank[marker.severity] < severityRank[prev.severity]) {
        m.set(marker.line, marker);
      }
    }
    return m;
  }, [markers]);
  const onScroll = useCallback((e: UIEvent<HTMLTextAreaElement>) => {
    if (gutterRef.current) gutterRef.current.scrollTop = e.currentTarget.scrollTop;
  }, []);
  const rows = Math.max(minLines, Math.min(lineCount + 1, 40));
  return (
    <div className="sb-code-editor" data-test={testId}>
      <div className="sb-code-editor__gutter" ref={gutterRef} aria-hidden="true">
        {Array.from({ length: lineCount }, (_, i) => {
          const marker = byLine.get(i + 1);
          return (
            <div
              key={i}
              className={
                marker
                  ? `sb-code-editor__line-number sb-code-editor__line-number--${marker.severity}`
                  : 'sb-code-editor__line-number'
              }
              title={marker?.message}
              data-test={marker ? `gutter-marker-${i + 1}` : undefined}
            >
              {i + 1}
            </div>
          );
        })}
      </div>
      <textarea
        className="sb-code-editor__input"
        aria-label={ariaLabel}
        data-test={`${testId}-input`}
        value={value}
        readOnly={readOnly}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        wrap="off"
        rows={rows}
        onScroll={onScroll}
        onChange={(e: ChangeEvent<HTMLTextAreaElement>) => onChange(e.target.value)}
      />
    </div>
  );
}

/** Moves the caret of the editor with `testId` to a 1-based line and column. */
export function focusEditorPosition(testId: string, line: number, column: number) {
  const el = document.querySelector<HTMLTextAreaElement>(`[data-test="${testId}-input"]`);
  if (!el) return;
  const lines = el.value.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += (lines[i]?.length ?? 0) + 1;
  offset += Math.max(0, column - 1);
  el.focus();
  el.setSelectionRange(offset, offset);
  const lineHeight = el.scrollHeight / Math.max(1, lines.length);
  el.scrollTop = Math.max(0, (line - 3) * lineHeight);
}
