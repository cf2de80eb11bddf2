// `@console/shared/src/components/editor/CodeEditor`: the SDK's CodeEditor, following openshift/console
// release-4.22 frontend/packages/console-shared/src/components/editor/CodeEditor.tsx: YAML by
// default; on mount the model gets tab size 2, the editor is laid out and focused, YAML gets
// monaco-yaml and managedFields folding, JSON is formatted; Ctrl/Cmd+S calls onSave; then
// onEditorDidMount(editor, monaco) runs. The ref exposes { editor, monaco }. The wrapper's data-test
// is 'code-editor-mounting' until Monaco has mounted, then 'code-editor'.
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useState } from 'react';
import type { EditorDidMount } from '@patternfly/react-code-editor';
import { Language } from '@patternfly/react-code-editor';
import type { CodeEditorProps, CodeEditorRef } from '@openshift-console/dynamic-plugin-sdk';
import { BasicCodeEditor } from './BasicCodeEditor';
import { CodeEditorToolbar } from './CodeEditorToolbar';
import { useShortcutPopover } from './ShortcutsPopover';
import { defaultEditorOptions, registerAutoFold, registerYAMLinMonaco } from './yaml-editor-utils';
import './CodeEditor.css';

export const CodeEditor = forwardRef<CodeEditorRef, CodeEditorProps>((props, ref) => {
  const { value, minHeight, showShortcuts, toolbarLinks, onSave, onEditorDidMount } = props;
  const [editor, setEditor] = useState<CodeEditorRef['editor'] | null>(null);
  const [monaco, setMonaco] = useState<CodeEditorRef['monaco'] | null>(null);
  const [usesValue] = useState(value !== undefined);
  const [mounted, setMounted] = useState(false);
  const shortcutPopover = useShortcutPopover(props.shortcutsPopoverProps);

  const editorDidMount: EditorDidMount = useCallback(
    (e, m) => {
      setEditor(e);
      setMonaco(m);
      e.getModel()?.updateOptions({ tabSize: 2 });
      const language = e.getModel()?.getLanguageId();
      e.layout();
      e.focus();
      if (language === 'yaml') {
        registerYAMLinMonaco(m);
        registerAutoFold(e, usesValue);
      } else if (language === 'json') {
        void e.getAction('editor.action.formatDocument')?.run();
      }
      if (onSave) e.addCommand(m.KeyMod.CtrlCmd | m.KeyCode.KeyS, onSave);
      onEditorDidMount?.(e, m);
      setMounted(true);
    },
    [onSave, usesValue, onEditorDidMount],
  );

  // The console types the ref as always holding both; they are null until Monaco mounts there too.
  useImperativeHandle(ref, () => ({ editor, monaco }) as CodeEditorRef, [editor, monaco]);

  const toolbar = useMemo(
    () =>
      showShortcuts || toolbarLinks?.length ? (
        <CodeEditorToolbar toolbarLinks={toolbarLinks} />
      ) : undefined,
    [toolbarLinks, showShortcuts],
  );

  // Recalculate every editor's bounds when the viewport changes, as the console does.
  const handleResize = useCallback(() => {
    monaco?.editor.getEditors().forEach((e) => {
      e.layout({ width: 0, height: 0 });
      e.layout();
    });
  }, [monaco]);

  useEffect(() => {
    window.addEventListener('resize', handleResize);
    return () => window.removeEventListener('resize', handleResize);
  }, [handleResize]);

  useEffect(() => {
    handleResize();
  }, [handleResize, minHeight, toolbar]);

  return (
    <div
      style={{ minHeight }}
      className="ocs-yaml-editor"
      data-test={mounted ? 'code-editor' : 'code-editor-mounting'}
    >
      <BasicCodeEditor
        {...props}
        language={props.language ?? Language.yaml}
        code={value}
        options={{ ...defaultEditorOptions, ...props.options }}
        onEditorDidMount={editorDidMount}
        isFullHeight={props.isFullHeight ?? true}
        customControls={toolbar ?? undefined}
        shortcutsPopoverProps={showShortcuts ? shortcutPopover : undefined}
      />
    </div>
  );
});
CodeEditor.displayName = 'CodeEditor';
