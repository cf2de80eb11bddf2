import { useEffect, useMemo, useState } from 'react';
import { CodeBlock, CodeBlockCode, Skeleton } from '@patternfly/react-core';
import { isNestedDeeperThan } from '../logic/nesting';
import { TooDeeplyNested } from './TooDeeplyNested';
import { usePluginTranslation } from '../i18n/usePluginTranslation';
import type * as YamlLib from 'yaml';

type YamlModule = typeof YamlLib;

// The YAML library is a quarter of a megabyte before gzip. Pages that only show YAML on demand
// (an interface's details in the topology, a details page's YAML) fetch it when first shown, so
// their first load does not carry it (issue #23's per-page byte budgets).
let yamlModule: YamlModule | undefined;
let yamlLoading: Promise<YamlModule> | undefined;
function loadYaml(): Promise<YamlModule> {
  yamlLoading ??= import(/* webpackChunkName: "yaml" */ 'yaml').then((m) => {
    yamlModule = m;
    return m;
  });
  return yamlLoading;
}

/** Read-only YAML of an object. Cluster strings are rendered as text content, never HTML. */
export function YamlView({ obj, testId }: { obj: unknown; testId?: string }) {
  const { t } = usePluginTranslation();
  const [yaml, setYaml] = useState(yamlModule);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (yaml) return;
    let live = true;
    loadYaml().then(
      (m) => live && setYaml(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [yaml]);
  // The stringifier recurses: an object nested too deeply is named, not rendered.
  const text = useMemo(
    () =>
      !yaml ? undefined : isNestedDeeperThan(obj) ? null : yaml.stringify(obj, { lineWidth: 0 }),
    [obj, yaml],
  );
  if (text === null) return <TooDeeplyNested testId={`${testId ?? 'yaml-view'}-too-deep`} />;
  if (text === undefined) {
    return failed ? (
      <p data-test={`${testId ?? 'yaml-view'}-load-error`}>
        {t('The YAML view could not be loaded. Reload the page to try again.')}
      </p>
    ) : (
      <Skeleton height="6em" screenreaderText={t('Loading YAML')} />
    );
  }
  return (
    <CodeBlock data-test={testId ?? 'yaml-view'}>
      <CodeBlockCode>{text}</CodeBlockCode>
    </CodeBlock>
  );
}
