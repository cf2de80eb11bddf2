// Pages the console itself renders for a model, used when no plugin page wins for it: the
// default list and details pages with their action menus, and the YAML create page. They
// follow openshift/console release-4.22 frontend/public/components/default-resource.tsx and
// create-yaml.tsx in what a plugin can observe (which extensions are used and how), not in
// looks.
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Button, PageSection, Spinner, Title } from '@patternfly/react-core';
import { parse, stringify } from 'yaml';
import { LazyCodeRef } from './pluginLoader';
import type { ResolvedExtension } from './pluginLoader';
import { actionProvidersFor, kebabActions, yamlTemplatesFor } from './consoleRules';
import type { MenuAction } from './consoleRules';
import { getModelByRef } from '../sdk/models';
import { useK8sWatchResource } from '@openshift-console/dynamic-plugin-sdk';
import { YamlBlock } from './YamlBlock';

type Obj = { metadata?: { name?: string; namespace?: string }; [k: string]: unknown };
type ProviderHook = (scope: unknown) => [MenuAction[], boolean, unknown];

function HookRunner({
  useValue,
  scope,
  onValue,
}: {
  useValue: ProviderHook;
  scope: unknown;
  onValue: (actions: MenuAction[]) => void;
}) {
  const [value, loaded] = useValue(scope);
  useEffect(() => {
    if (loaded) onValue(value);
    // Like the console's ActionsHookResolver: report when the hook's result changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, value]);
  return null;
}

function ProviderRunner({
  ext,
  scope,
  onValue,
}: {
  ext: ResolvedExtension;
  scope: unknown;
  onValue: (actions: MenuAction[]) => void;
}) {
  const [hook, setHook] = useState<ProviderHook>();
  useEffect(() => {
    let live = true;
    const ref = ext.properties.provider;
    if (ref instanceof LazyCodeRef) {
      void ref.load().then((h) => {
        if (live) setHook(() => h as ProviderHook);
      });
    }
    return () => {
      live = false;
    };
  }, [ext]);
  return hook ? <HookRunner useValue={hook} scope={scope} onValue={onValue} /> : null;
}

/**
 * A resource kebab as the console builds it: every plugin's provider for the model runs and
 * their actions are shown together, in plugin order; without providers, the common actions.
 */
export function ConsoleKebab({
  obj,
  refName,
  extensions,
}: {
  obj: Obj;
  refName: string;
  extensions: readonly ResolvedExtension[];
}) {
  const navigate = useNavigate();
  const providers = useMemo(() => actionProvidersFor(extensions, refName), [extensions, refName]);
  const [results, setResults] = useState<Record<number, MenuAction[]>>({});
  const [open, setOpen] = useState(false);
  const loaded = providers.every((_p, i) => results[i]);
  const kind = getModelByRef(refName)?.kind ?? refName;
  const actions = kebabActions(
    providers.map((_p, i) => results[i] ?? []),
    providers.length > 0,
    kind,
  );
  const run = (a: MenuAction) => {
    setOpen(false);
    const cta = a.cta;
    if (typeof cta === 'function') (cta as () => void)();
    else if (cta && typeof cta === 'object' && 'href' in cta && typeof cta.href === 'string') {
      void navigate(cta.href);
    }
  };
  return (
    <span data-test="console-kebab">
      {providers.map((p, i) => (
        <ProviderRunner
          key={`${p.pluginName}:${i}`}
          ext={p}
          scope={obj}
          onValue={(v) => setResults((prev) => ({ ...prev, [i]: v }))}
        />
      ))}
      <Button
        variant="plain"
        aria-label="Actions"
        data-test="console-kebab-toggle"
        onClick={() => setOpen((o) => !o)}
      >
        ⋮
      </Button>
      {open && (
        <ul role="menu" data-test="console-kebab-menu">
          {!loaded && <Spinner size="sm" />}
          {loaded &&
            actions.map((a) => (
              <li key={a.id} role="none">
                <Button
                  role="menuitem"
                  variant="link"
                  isDisabled={a.disabled}
                  data-test={`console-action-${a.id}`}
                  onClick={() => run(a)}
                >
                  {a.label}
                </Button>
              </li>
            ))}
        </ul>
      )}
    </span>
  );
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : JSON.stringify(err);
}

function objUrl(refName: string, name: string, namespace?: string): string {
  return namespace
    ? `/k8s/ns/${namespace}/${refName}/${encodeURIComponent(name)}`
    : `/k8s/cluster/${refName}/${encodeURIComponent(name)}`;
}

/** The console's list page for a model no plugin serves (DefaultPage). */
export function DefaultListPage({
  refName,
  extensions,
}: {
  refName: string;
  extensions: readonly ResolvedExtension[];
}) {
  const { ns } = useParams();
  const model = getModelByRef(refName);
  const watch: [Obj[], boolean, unknown] = useK8sWatchResource<Obj[]>(
    model
      ? {
          groupVersionKind: {
            group: model.apiGroup ?? '',
            version: model.apiVersion,
            kind: model.kind,
          },
          isList: true,
          namespace: ns,
        }
      : null,
  );
  const [items, loaded, error] = watch;
  if (!model) return <NoModel refName={refName} />;
  const createUrl = ns ? `/k8s/ns/${ns}/${refName}/~new` : `/k8s/cluster/${refName}/~new`;
  return (
    <PageSection data-test="console-default-list">
      <Title headingLevel="h1">{model.labelPlural}</Title>
      <Link to={createUrl} data-test="console-create-yaml">
        Create {model.kind}
      </Link>
      {error ? <Alert variant="danger" isInline title={errorText(error)} /> : null}
      {!loaded && <Spinner />}
      <ul>
        {items.map((o) => (
          <li key={`${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`}>
            <Link to={objUrl(refName, o.metadata?.name ?? '', o.metadata?.namespace)}>
              {o.metadata?.name}
            </Link>
            <ConsoleKebab obj={o} refName={refName} extensions={extensions} />
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

/** The console's details page for a model no plugin serves (DefaultDetailsPage). */
export function DefaultDetailsPage({
  refName,
  extensions,
}: {
  refName: string;
  extensions: readonly ResolvedExtension[];
}) {
  const { ns, name = '' } = useParams();
  const model = getModelByRef(refName);
  const watch: [Obj, boolean, unknown] = useK8sWatchResource<Obj>(
    model
      ? {
          groupVersionKind: {
            group: model.apiGroup ?? '',
            version: model.apiVersion,
            kind: model.kind,
          },
          name,
          namespace: ns,
        }
      : null,
  );
  const [obj, loaded, error] = watch;
  if (!model) return <NoModel refName={refName} />;
  // The watch hands back an empty object until the object is there.
  const found = loaded && Boolean(obj.metadata?.name);
  return (
    <PageSection data-test="console-default-details">
      <Title headingLevel="h1" data-test="console-default-details-title">
        {name}
      </Title>
      {found && <ConsoleKebab obj={obj} refName={refName} extensions={extensions} />}
      {error ? <Alert variant="danger" isInline title={errorText(error)} /> : null}
      {!loaded && !error && <Spinner />}
      {found && <YamlBlock value={obj} />}
    </PageSection>
  );
}

function NoModel({ refName }: { refName: string }) {
  return (
    <PageSection data-test="not-found">
      <Title headingLevel="h1">404: Page Not Found</Title>
      <p>{`The server doesn't have a resource type ${refName}.`}</p>
    </PageSection>
  );
}

/** The console's generic template for any model without one (yaml-templates.ts 'DEFAULT'). */
const DEFAULT_TEMPLATE = `apiVersion: ''
kind: ''
metadata:
  name: example
`;

/**
 * The console's YAML create page, `/k8s/cluster/<ref>/~new` and `/k8s/ns/<ns>/<ref>/~new`
 * (app-contents.tsx routes to CreateResource → CreateYAML): the model's `default` template,
 * or the generic one, with `kind` set and, for namespaced kinds, the URL's namespace (or
 * `default`) put into metadata (create-yaml.tsx CreateYAMLInner).
 */
export function CreateYamlPage({
  refName,
  extensions,
}: {
  refName: string;
  extensions: readonly ResolvedExtension[];
}) {
  const { ns } = useParams();
  const model = getModelByRef(refName);
  const template = model
    ? yamlTemplatesFor(extensions, refName, model.kind).get('default')
    : undefined;
  const [text, setText] = useState<string>();
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    if (!model) return;
    let live = true;
    const ref = template?.properties.template;
    const source =
      ref instanceof LazyCodeRef
        ? ref.load().then((t) => String(t))
        : Promise.resolve(typeof ref === 'string' ? ref : DEFAULT_TEMPLATE);
    source
      .then((yamlText) => {
        const parsed = parse(yamlText) as Obj;
        const isGeneric = !template;
        const obj: Obj = {
          ...parsed,
          kind: model.kind,
          metadata: {
            ...(parsed.metadata ?? {}),
            ...(model.namespaced ? { namespace: ns ?? 'default' } : {}),
          },
          ...(isGeneric
            ? {
                apiVersion: model.apiGroup
                  ? `${model.apiGroup}/${model.apiVersion}`
                  : model.apiVersion,
                spec: (parsed as { spec?: unknown }).spec ?? {},
              }
            : {}),
        };
        if (live) setText(stringify(obj));
      })
      .catch((err: unknown) => {
        if (live) setFailure(err instanceof Error ? err.message : String(err));
      });
    return () => {
      live = false;
    };
  }, [model, template, ns]);
  if (!model) return <NoModel refName={refName} />;
  return (
    <PageSection data-test="console-create-yaml-page">
      <Title headingLevel="h1">Create {model.kind}</Title>
      <p data-test="console-create-yaml-source">
        {template ? `Template from plugin ${template.pluginName}` : 'Console default template'}
      </p>
      {failure && <Alert variant="danger" isInline title={failure} />}
      {text === undefined ? (
        <Spinner />
      ) : (
        <textarea
          data-test="console-create-yaml-editor"
          aria-label="YAML"
          rows={24}
          cols={100}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      )}
    </PageSection>
  );
}
