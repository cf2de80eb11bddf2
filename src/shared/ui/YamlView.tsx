import { useMemo } from 'react';
import { stringify } from 'yaml';
import { CodeBlock, CodeBlockCode } from '@patternfly/react-core';

/** Read-only YAML of an object. Cluster strings are rendered as text content, never HTML. */
export function YamlView({ obj, testId }: { obj: unknown; testId?: string }) {
  const text = useMemo(() => stringify(obj, { lineWidth: 0 }), [obj]);
  return (
    <CodeBlock data-test={testId ?? 'yaml-view'}>
      <CodeBlockCode>{text}</CodeBlockCode>
    </CodeBlock>
  );
}
