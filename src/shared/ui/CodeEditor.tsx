// The plugin's code editor is the console's own: the SDK's `CodeEditor` (openshift/console
// release-4.22 frontend/packages/console-shared/src/components/editor/CodeEditor.tsx, a
// PatternFly code editor on Monaco). The plugin never bundles Monaco; it reaches the console's
// instance through the component's `onEditorDidMount(editor, monaco)` contract and uses it to
// show its findings as model markers and its quick fixes as code actions.
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Skeleton } from '@patternfly/react-core';
import { CodeEditor as ConsoleCodeEditor } from '@openshift-console/dynamic-plugin-sdk';
import type { CodeEditorRef } from '@openshift-console/dynamic-plugin-sdk';
import type { Language } from '@patternfly/react-code-editor';
import { minimalReplacement, tokenEndColumn } from '../logic/textEdit';
import { usePluginTranslation } from '../i18n/usePluginTranslation';
import './CodeEditor.css';

type MonacoEditor = CodeEditorRef['editor'];
type MonacoApi = CodeEditorRef['monaco'];
type MonacoModel = NonNullable<ReturnType<MonacoEditor['getModel']>>;
type MarkerData = Parameters<MonacoApi['editor']['setModelMarkers']>[2][number];
type Disposable = { dispose(): void };

/** A machine-applicable fix offered for a marker; `apply` maps the whole text to the fixed one. */
export interface EditorQuickFix {
  title: string;
  apply: (text: string) => string | undefined;
}

export interface EditorMarker {
  /** 1-based line and column. */
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'info' | 'danger';
  message: string;
  quickFix?: EditorQuickFix;
}

export type EditorLanguage = 'yaml' | 'json';

interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  markers?: EditorMarker[];
  ariaLabel: string;
  testId?: string;
  readOnly?: boolean;
  minLines?: number;
  /** Defaults to YAML, as the console's editor does. */
  language?: EditorLanguage;
}

// Monaco's default line height for the console's 14px monospace font.
const LINE_HEIGHT_PX = 19;
const MAX_LINES = 40;

/** Mounted editors by test id, so callers can move the caret to a finding. */
const editors = new Map<string, MonacoEditor>();
/** Positions asked for before the editor finished mounting (it is lazy-loaded). */
const pendingPositions = new Map<string, { line: number; column: number }>();

function revealPosition(editor: MonacoEditor, line: number, column: number) {
  editor.setPosition({ lineNumber: line, column });
  editor.revealPositionInCenter({ lineNumber: line, column });
  editor.focus();
}

function toMarkerData(monaco: MonacoApi, m: EditorMarker, model: MonacoModel): MarkerData {
  const line = Math.min(Math.max(1, m.line), model.getLineCount());
  const column = Math.min(Math.max(1, m.column), model.getLineMaxColumn(line));
  const severity =
    m.severity === 'warning'
      ? monaco.MarkerSeverity.Warning
      : m.severity === 'info'
        ? monaco.MarkerSeverity.Info
        : monaco.MarkerSeverity.Error;
  return {
    severity,
    message: m.message,
    startLineNumber: line,
    startColumn: column,
    endLineNumber: line,
    endColumn: tokenEndColumn(model.getLineContent(line), column),
  };
}

/**
 * Text editor for YAML and JSON. Markers are the caller's findings (line, column, message and an
 * optional quick fix); they appear as Monaco squiggles with hover text, and fixes in the
 * code-action menu (light bulb, Ctrl+.). The text is kept exactly as typed.
 */
export function CodeEditor({
  value,
  onChange,
  markers = [],
  ariaLabel,
  testId = 'code-editor',
  readOnly = false,
  minLines = 20,
  language = 'yaml',
}: CodeEditorProps) {
  const { t } = usePluginTranslation();
  // Distinct per editor: several editors on a page keep their markers and fixes apart.
  const owner = `switchboard${useId()}`;
  const [instance, setInstance] = useState<{ editor: MonacoEditor; monaco: MonacoApi }>();
  const markersRef = useRef(markers);
  markersRef.current = markers;
  const disposables = useRef<Disposable[]>([]);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const onEditorDidMount = useCallback(
    (editor: MonacoEditor, monaco: MonacoApi) => {
      editors.set(testId, editor);
      const model = editor.getModel();
      if (model) {
        disposables.current.push(
          monaco.languages.registerCodeActionProvider(
            language,
            {
              provideCodeActions(target, _range, context) {
                // Providers are global per language: answer only for this editor's model.
                if (target !== model) return { actions: [], dispose: () => undefined };
                const text = target.getValue();
                const actions = context.markers.flatMap((data) => {
                  const source = markersRef.current.find((m) => {
                    if (!m.quickFix || m.message !== data.message) return false;
                    const d = toMarkerData(monaco, m, target);
                    return (
                      d.startLineNumber === data.startLineNumber &&
                      d.startColumn === data.startColumn
                    );
                  });
                  const fixed = source?.quickFix?.apply(text);
                  const edit = fixed === undefined ? undefined : minimalReplacement(text, fixed);
                  if (!source?.quickFix || !edit) return [];
                  const start = target.getPositionAt(edit.start);
                  const end = target.getPositionAt(edit.end);
                  return [
                    {
                      title: source.quickFix.title,
                      kind: 'quickfix',
                      isPreferred: true,
                      diagnostics: [data],
                      edit: {
                        edits: [
                          {
                            resource: target.uri,
                            versionId: target.getVersionId(),
                            textEdit: {
                              range: {
                                startLineNumber: start.lineNumber,
                                startColumn: start.column,
                                endLineNumber: end.lineNumber,
                                endColumn: end.column,
                              },
                              text: edit.text,
                            },
                          },
                        ],
                      },
                    },
                  ];
                });
                return { actions, dispose: () => undefined };
              },
            },
            { providedCodeActionKinds: ['quickfix'] },
          ),
        );
      }
      const pending = pendingPositions.get(testId);
      if (pending) {
        pendingPositions.delete(testId);
        revealPosition(editor, pending.line, pending.column);
      }
      setInstance({ editor, monaco });
    },
    [testId, language],
  );

  useEffect(
    () => () => {
      for (const d of disposables.current) d.dispose();
      disposables.current = [];
      editors.delete(testId);
    },
    [testId],
  );

  useEffect(() => {
    if (!instance) return;
    const model = instance.editor.getModel();
    if (!model || model.isDisposed()) return;
    instance.monaco.editor.setModelMarkers(
      model,
      owner,
      markers.map((m) => toMarkerData(instance.monaco, m, model)),
    );
  }, [instance, markers, owner]);

  const handleChange = useCallback((next: string) => onChangeRef.current(next), []);

  const options = useMemo(
    () => ({
      ariaLabel,
      // The console's editor formats JSON when it mounts (CodeEditor.tsx editorDidMount runs
      // editor.action.formatDocument), which would rewrite a config the user has not touched.
      // That action is disabled on a read-only editor, so the editor mounts read-only and
      // becomes writable once mounted.
      readOnly: readOnly || !instance,
      automaticLayout: true,
      minimap: { enabled: false },
      // JSON here is a CNI config, for which Monaco has no schema: its completions would only
      // repeat words of the text, and opening that list on every quote costs a layout per key.
      ...(language === 'json'
        ? { quickSuggestions: false, suggestOnTriggerCharacters: false }
        : {}),
    }),
    [ariaLabel, readOnly, instance, language],
  );

  const lines = Math.max(minLines, Math.min(value.split('\n').length + 1, MAX_LINES));
  const height = `${lines * LINE_HEIGHT_PX}px`;
  return (
    <div
      className="sb-code-editor"
      data-test={testId}
      data-ready={instance ? 'true' : 'false'}
      style={{ height }}
    >
      <Suspense fallback={<Skeleton height={height} screenreaderText={t('Loading editor')} />}>
        <ConsoleCodeEditor
          value={value}
          // PatternFly's Language enum holds Monaco's language ids; only its type is imported, as
          // the value would pull PatternFly's code editor into the plugin bundle.
          // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
          language={language as Language}
          onChange={handleChange}
          onEditorDidMount={onEditorDidMount}
          isReadOnly={readOnly}
          options={options}
          minHeight={height}
        />
      </Suspense>
    </div>
  );
}

/** Moves the caret of the editor with `testId` to a 1-based line and column. */
export function focusEditorPosition(testId: string, line: number, column: number) {
  const editor = editors.get(testId);
  if (editor) revealPosition(editor, line, column);
  else pendingPositions.set(testId, { line, column });
}
