import { useMemo } from 'react';
import { stringify } from 'yaml';
import { CodeBlock, CodeBlockCode } from '@patternfly/react-core';
import { isNestedDeeperThan } from '../logic/nesting';
import { TooDeeplyNested } from './TooDeeplyNested';

/** Read-only YAML of an object. Cluster strings are rendered as text content, never HTML. */
export function YamlView({ obj, testId }: { obj: unknown; testId?: string }) {
  // The stringifier recurses: an object nested too deeply is named, not rendered.
  const text = useMemo(
    () => (isNestedDeeperThan(obj) ? null : stringify(obj, { lineWidth: 0 })),
    [obj],
  );
  if (text === null) return <TooDeeplyNested testId={`${testId ?? 'yaml-view'}-too-deep`} />;
  return (
    <CodeBlock data-test={testId ?? 'yaml-view'}>
      <CodeBlockCode>{text}</CodeBlockCode>
    </CodeBlock>
  );
}
