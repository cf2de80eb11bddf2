// `@console/internal/components/AsyncCodeEditor`: the SDK's `CodeEditor` and `YAMLEditor`
// (openshift/console release-4.22 frontend/public/components/AsyncCodeEditor.tsx): the editor
// module is loaded lazily, so callers render it inside <Suspense>, as in the console.
import { lazy } from 'react';

export const AsyncCodeEditor = lazy(() =>
  import('../../shared/src/components/editor/CodeEditor').then((m) => ({
    default: m.CodeEditor,
  })),
);
