// PatternFly's code editor with the console's labels and theme, like openshift/console
// release-4.22 frontend/packages/console-shared/src/components/editor/BasicCodeEditor.tsx. It is
// the only stand-in module that imports monaco-editor, and it points the Monaco loader at that
// bundled instance: the loader's default is a CDN, and nothing may leave the machine.
import type { FC } from 'react';
import { loader } from '@monaco-editor/react';
import { CodeEditor } from '@patternfly/react-code-editor';
import * as monaco from 'monaco-editor';
import type { BasicCodeEditorProps } from '@openshift-console/dynamic-plugin-sdk';
import './BasicCodeEditor.css';

loader.config({ monaco });

declare global {
  interface Window {
    /** Set before the first editor mounts, as the console does for its e2e tests. */
    monaco?: typeof monaco;
  }
}

export const BasicCodeEditor: FC<BasicCodeEditorProps> = (props) => (
  <CodeEditor
    copyButtonAriaLabel="Copy code to clipboard"
    copyButtonSuccessTooltipText="Content copied to clipboard"
    copyButtonToolTipText="Copy code to clipboard"
    downloadButtonAriaLabel="Download code"
    downloadButtonToolTipText="Download code"
    shortcutsPopoverButtonText="Shortcuts"
    uploadButtonAriaLabel="Upload code"
    uploadButtonToolTipText="Upload code"
    emptyStateBody="Drag and drop a file or upload one."
    emptyStateButton="Browse"
    emptyStateLink="Start from scratch"
    emptyStateTitle="Start editing"
    // The stand-in has only the light theme.
    isDarkTheme={false}
    {...props}
    className={['co-code-editor', props.className].filter(Boolean).join(' ')}
    editorProps={{
      beforeMount: (instance) => {
        window.monaco = instance;
        props.editorProps?.beforeMount?.(instance);
      },
    }}
    options={{
      fontFamily: 'var(--pf-t--global--font--family--mono)',
      ...props.options,
    }}
  />
);
