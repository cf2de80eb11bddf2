// The toolbar links above the editor (openshift/console release-4.22
// frontend/packages/console-shared/src/components/editor/CodeEditorToolbar.tsx). The console adds
// an "Ask OpenShift Lightspeed" button when Lightspeed is installed; the stand-in has none.
import type { FC } from 'react';
import type { CodeEditorToolbarProps } from '@openshift-console/dynamic-plugin-sdk';

export const CodeEditorToolbar: FC<CodeEditorToolbarProps> = ({ toolbarLinks }) =>
  toolbarLinks?.length ? <>{toolbarLinks}</> : null;
