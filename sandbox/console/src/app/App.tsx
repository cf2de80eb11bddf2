// The stand-in's shell: masthead with the persona switch, navigation built from the plugin's
// console.navigation/* extensions, and routes built from its page extensions, all filtered by
// feature flags the same way the console gates them. Console 4.22 behaviour reproduced here
// (openshift/console release-4.22): the router runs without React transitions
// (frontend/public/components/app.tsx), navigation sections start collapsed
// (packages/console-app/src/components/nav/NavSection.tsx), resource list pages get `kind` and
// `namespace` but no `model` and details pages `kind`, `kindObj`, `name`, `namespace`, without a
// remount when the object changes (frontend/public/components/resource-list.tsx), and unknown
// routes wait for the plugins before answering 404 (app-contents.tsx).
import { Component, Suspense, lazy, useEffect, useMemo, useState } from 'react';
import type { ComponentType, ErrorInfo, ReactNode } from 'react';
import {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';
import { useTranslation } from 'react-i18next';
import { Provider, useSelector } from 'react-redux';
import { useK8sWatchResource } from '@openshift-console/dynamic-plugin-sdk';
import {
  Alert,
  Masthead,
  MastheadBrand,
  MastheadContent,
  MastheadMain,
  Nav,
  NavExpandable,
  NavItem,
  NavList,
  Page,
  PageSection,
  PageSidebar,
  PageSidebarBody,
  Spinner,
  Tab,
  Tabs,
  TabTitleText,
  Title,
} from '@patternfly/react-core';
import { LazyCodeRef } from './pluginLoader';
import type { ResolvedExtension } from './pluginLoader';
import { namespaceStore, ALL_NAMESPACES_KEY } from '../sdk/stores';
import { getModel, getModelByRef, refOf } from '../sdk/models';
import type { Map as ImmutableMap } from 'immutable';
import type { FlagsState } from '../store/flagsReducer';
import type { AppStore } from '../store/store';
import { NamespaceBar } from '../console/internal/components/namespace-bar';
import { YamlBlock } from './YamlBlock';
import { Probe } from './Probe';
import { resourcePagesByRef } from './consoleRules';
import { CreateYamlPage, DefaultDetailsPage, DefaultListPage } from './consolePages';
import { namespaceOfPath } from './namespaceRoutes';

type Props = Record<string, unknown>;

const lazyComponents = new WeakMap<LazyCodeRef, ComponentType<Props>>();

/** A page component from a lazy code reference; its chunks load when it first renders. */
function lazyComponent(ref: unknown): ComponentType<Props> {
  if (!(ref instanceof LazyCodeRef)) throw new Error('extension component is not a code reference');
  let comp = lazyComponents.get(ref);
  if (!comp) {
    comp = lazy(() => ref.load().then((c) => ({ default: c as ComponentType<Props> })));
    lazyComponents.set(ref, comp);
  }
  return comp;
}

interface Gvk {
  group?: string;
  version?: string;
  kind: string;
}

/**
 * Catches a page crash and clears it when the route changes, without remounting the page on
 * every navigation (a key per path would remount details pages, which the console does not).
 */
class ErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { error?: Error; at?: string }
> {
  override state: { error?: Error; at?: string } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { error?: Error; at?: string },
  ) {
    if (!state.error) return null;
    if (state.at === undefined) return { at: props.resetKey };
    return state.at === props.resetKey ? null : { error: undefined, at: undefined };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page crashed:', error, info.componentStack);
  }
  override render() {
    if (this.state.error) {
      return (
        <PageSection>
          <Alert variant="danger" title="This page crashed" data-test="page-crash">
            {this.state.error.message}
          </Alert>
        </PageSection>
      );
    }
    return this.props.children;
  }
}

type FlagsMap = ImmutableMap<string, boolean | undefined>;

function useFlags(): FlagsMap {
  return useSelector((s: { FLAGS: FlagsState }) => s.FLAGS);
}

/** As the console's PluginStore: required flags must be true, disallowed ones not true. */
function isEnabled(ext: ResolvedExtension, flags: FlagsMap): boolean {
  const required = ext.flags?.required ?? [];
  const disallowed = ext.flags?.disallowed ?? [];
  return (
    required.every((f) => flags.get(f) === true) && disallowed.every((f) => flags.get(f) !== true)
  );
}

function modelRef(gvk: Gvk): { ref: string; namespaced: boolean } | undefined {
  const model = getModel(gvk.group === 'core' ? '' : gvk.group, gvk.version, gvk.kind);
  if (!model) return undefined;
  return {
    ref: refOf(model.apiGroup, model.apiVersion, model.kind),
    namespaced: Boolean(model.namespaced),
  };
}

function useText() {
  const { t } = useTranslation();
  // Extension labels look like %plugin__name~Text%; anything else is shown as is.
  return (label: unknown) => {
    const s = typeof label === 'string' ? label : '';
    const m = /^%(.+)%$/.exec(s);
    return m?.[1] ? t(m[1]) : s;
  };
}

/**
 * Keeps the active namespace in step with the URL on every route, plugin routes included; a
 * path without a namespace leaves it as it was (openshift/console release-4.22
 * packages/console-app/src/components/detect-namespace/namespace.ts useUrlNamespace).
 */
function NamespaceFromUrl() {
  const { pathname } = useLocation();
  useEffect(() => {
    const ns = namespaceOfPath(pathname);
    if (ns) namespaceStore.set(ns);
  }, [pathname]);
  return null;
}

/**
 * A plugin's resource page with the props the console passes: list pages get `kind` (the
 * reference) and `namespace`, no `model`; details pages get `kind`, `kindObj`, the decoded
 * `name` and `namespace` (frontend/public/components/resource-list.tsx). The console shows its
 * project bar above namespaced /k8s pages (app-contents.tsx, namespacedPrefixes).
 */
function ResourcePage({
  component: Comp,
  isList,
  withNamespaceBar,
  refName,
}: {
  component: ComponentType<Props>;
  isList: boolean;
  withNamespaceBar: boolean;
  refName: string;
}) {
  const params = useParams();
  // No key: moving from one object to another re-renders the same page component.
  const props: Props = isList
    ? { kind: refName, namespace: params.ns }
    : {
        kind: refName,
        kindObj: getModelByRef(refName),
        name: params.name ? decodeURIComponent(params.name) : params.name,
        namespace: params.ns,
      };
  return (
    <>
      {withNamespaceBar && <NamespaceBar />}
      <Comp {...props} />
    </>
  );
}

/** The console's own page for a reference in the URL, when no plugin page won for it. */
function ConsoleResourceRoute({
  page,
  extensions,
}: {
  page: 'list' | 'details' | 'create';
  extensions: readonly ResolvedExtension[];
}) {
  const { ref = '', ns } = useParams();
  const Page =
    page === 'list' ? DefaultListPage : page === 'details' ? DefaultDetailsPage : CreateYamlPage;
  const namespaced = Boolean(getModelByRef(ref)?.namespaced);
  return (
    <>
      {page === 'list' && namespaced && <NamespaceBar />}
      <Page key={`${ref}/${ns ?? ''}`} refName={ref} extensions={extensions} />
    </>
  );
}

function NodeDetails({ tabs }: { tabs: ResolvedExtension[] }) {
  const { name = '', tab } = useParams();
  const navigate = useNavigate();
  const text = useText();
  const [node, loaded] = useK8sWatchResource<{ metadata?: { name?: string } }>({
    groupVersionKind: { group: '', version: 'v1', kind: 'Node' },
    name,
  });
  const active = tab ?? 'details';
  const current = tabs.find((t) => (t.properties.page as { href: string }).href === active);
  const Comp = current ? lazyComponent(current.properties.component) : undefined;
  return (
    <>
      <PageSection>
        <Title headingLevel="h1" data-test="node-title">
          {name}
        </Title>
      </PageSection>
      {/* A tabs section does not shrink: a bare Tabs in the page's flex column was squashed to a
          few pixels under a long Details tab, and the main section took its clicks. */}
      <PageSection type="tabs">
        <Tabs
          activeKey={active}
          onSelect={(_e, key) =>
            void navigate(`/k8s/cluster/core~v1~Node/${name}${key === 'details' ? '' : `/${key}`}`)
          }
          data-test="node-tabs"
        >
          {[
            <Tab
              key="details"
              eventKey="details"
              title={<TabTitleText>Details</TabTitleText>}
              data-test="tab-details"
            />,
            ...tabs.map((t) => {
              const page = t.properties.page as { name: string; href: string };
              return (
                <Tab
                  key={page.href}
                  eventKey={page.href}
                  title={<TabTitleText>{text(page.name)}</TabTitleText>}
                  data-test={`tab-${page.href}`}
                />
              );
            }),
          ]}
        </Tabs>
      </PageSection>
      {active === 'details' && loaded && (
        <PageSection>
          <YamlBlock value={node} />
        </PageSection>
      )}
      {Comp && loaded && <Comp obj={node} />}
    </>
  );
}

function NodeList() {
  const [nodes, loaded] = useK8sWatchResource<{ metadata?: { name?: string } }[]>({
    groupVersionKind: { group: '', version: 'v1', kind: 'Node' },
    isList: true,
  });
  return (
    <PageSection data-test="host-node-list">
      <Title headingLevel="h1">Nodes</Title>
      {!loaded && <Spinner />}
      <ul>
        {nodes.map((n) => (
          <li key={n.metadata?.name}>
            <Link to={`/k8s/cluster/core~v1~Node/${n.metadata?.name ?? ''}`}>
              {n.metadata?.name}
            </Link>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

function NotFound() {
  const location = useLocation();
  return (
    <PageSection data-test="not-found">
      <Title headingLevel="h1">404: Page Not Found</Title>
      <p>{location.pathname}</p>
    </PageSection>
  );
}

interface NavEntry {
  id: string;
  name: string;
  href: string;
  section?: string;
  dataTest?: string;
  startsWith?: string[];
}

function buildNav(extensions: ResolvedExtension[], text: (s: unknown) => string) {
  // The console's own Networking section, where nmstate-console-plugin and
  // networking-console-plugin put their items (packages/console-app/console-extensions.json).
  const sections: { id: string; name: string; dataTest?: string }[] = [
    { id: 'networking', name: 'Networking', dataTest: 'nav-section-networking' },
  ];
  const items: NavEntry[] = [];
  const activeNs = namespaceStore.get();
  for (const ext of extensions) {
    const p = ext.properties;
    const attrs = p.dataAttributes as Record<string, string> | undefined;
    const dataTest = attrs?.['data-test'] ?? attrs?.['data-test-id'];
    if (ext.type === 'console.navigation/section') {
      sections.push({ id: String(p.id), name: text(p.name), dataTest });
    } else if (ext.type === 'console.navigation/href') {
      items.push({
        id: String(p.id),
        name: text(p.name),
        href: String(p.href),
        section: p.section as string | undefined,
        dataTest,
        startsWith: p.startsWith as string[] | undefined,
      });
    } else if (
      ext.type === 'console.navigation/resource-cluster' ||
      ext.type === 'console.navigation/resource-ns'
    ) {
      const m = modelRef(p.model as Gvk);
      if (!m) continue;
      const href =
        ext.type === 'console.navigation/resource-ns'
          ? activeNs === ALL_NAMESPACES_KEY
            ? `/k8s/all-namespaces/${m.ref}`
            : `/k8s/ns/${activeNs}/${m.ref}`
          : `/k8s/cluster/${m.ref}`;
      items.push({
        id: String(p.id),
        name: text(p.name),
        href,
        section: p.section as string | undefined,
        dataTest,
        startsWith: [m.ref],
      });
    }
  }
  return { sections, items };
}

function Shell({
  extensions,
  pluginsLoaded,
  persona,
  personas,
}: {
  extensions: ResolvedExtension[];
  pluginsLoaded: boolean;
  persona: string;
  personas: string[];
}) {
  const flags = useFlags();
  const text = useText();
  const enabled = useMemo(() => extensions.filter((e) => isEnabled(e, flags)), [extensions, flags]);
  const nav = buildNav(enabled, text);
  const location = useLocation();

  const routes: ReactNode[] = [];
  enabled.forEach((ext, index) => {
    const p = ext.properties;
    if (ext.type !== 'console.page/route') return;
    const paths = Array.isArray(p.path) ? (p.path as string[]) : [String(p.path)];
    const Comp = lazyComponent(p.component);
    // A route that is not exact also matches everything below its path, as the console mounts
    // it (console-app/src/hooks/usePluginRoutes.tsx mapExtensionToRoutes: `${path}/*`); pages
    // with HorizontalNav tabs rely on that for their nested routes.
    const suffix = p.exact === true ? '' : '/*';
    for (const path of paths) {
      routes.push(
        <Route key={`route:${index}:${path}`} path={`${path}${suffix}`} element={<Comp />} />,
      );
    }
  });
  // One page per model and page type: the first plugin in the enabled order wins.
  for (const type of ['console.page/resource/list', 'console.page/resource/details'] as const) {
    for (const ext of resourcePagesByRef(enabled, type).values()) {
      const m = modelRef(ext.properties.model as Gvk);
      if (!m) continue;
      const Comp = lazyComponent(ext.properties.component);
      const isList = type === 'console.page/resource/list';
      // Details pages own everything below their object's URL (their HorizontalNav tabs):
      // openshift/console app-contents.tsx routes `/k8s/cluster/:plural/:name/*` and
      // `/k8s/ns/:ns/:plural/:name/*` to ResourceDetailsPage.
      const paths = m.namespaced
        ? isList
          ? [`/k8s/ns/:ns/${m.ref}`, `/k8s/all-namespaces/${m.ref}`]
          : [`/k8s/ns/:ns/${m.ref}/:name/*`]
        : isList
          ? [`/k8s/cluster/${m.ref}`]
          : [`/k8s/cluster/${m.ref}/:name/*`];
      for (const path of paths) {
        routes.push(
          <Route
            key={`${type}:${path}`}
            path={path}
            element={
              <ResourcePage
                component={Comp}
                isList={isList}
                refName={m.ref}
                withNamespaceBar={m.namespaced && isList}
              />
            }
          />,
        );
      }
    }
  }
  const nodeTabs = enabled.filter(
    (e) =>
      e.type === 'console.tab/horizontalNav' &&
      (e.properties.model as Gvk).kind === 'Node' &&
      ['', 'core'].includes((e.properties.model as Gvk).group ?? ''),
  );

  const switchPersona = (next: string) => {
    // A POST like any other: the bridge's CSRF check wants the cookie's token in X-CSRFToken.
    const token = /(?:^|;\s*)csrf-token=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    void fetch(`/api/console/persona?persona=${encodeURIComponent(next)}`, {
      method: 'POST',
      headers: { 'X-CSRFToken': token },
    }).then(() => window.location.reload());
  };

  const masthead = (
    <Masthead>
      <MastheadMain>
        <MastheadBrand data-test="masthead-brand">Switchboard · console stand-in</MastheadBrand>
      </MastheadMain>
      <MastheadContent>
        <label>
          User:{' '}
          <select
            data-test="persona-select"
            value={persona}
            onChange={(e) => switchPersona(e.target.value)}
          >
            {personas.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
      </MastheadContent>
    </Masthead>
  );

  const isActive = (item: NavEntry) =>
    location.pathname === item.href ||
    location.pathname.startsWith(item.href + '/') ||
    (item.startsWith ?? []).some((s) => location.pathname.includes(`/${s}`));

  const sidebar = (
    <PageSidebar>
      <PageSidebarBody>
        <Nav aria-label="Main navigation" data-test="main-nav">
          <NavList>
            <NavSection title="Compute">
              <NavItem isActive={location.pathname.startsWith('/k8s/cluster/core~v1~Node')}>
                <NavLink to="/k8s/cluster/core~v1~Node" data-test="nav-nodes">
                  Nodes
                </NavLink>
              </NavItem>
            </NavSection>
            {nav.sections
              .filter((s) => nav.items.some((i) => i.section === s.id))
              .map((s) => (
                <NavSection key={s.id} title={s.name} dataTest={s.dataTest}>
                  {nav.items
                    .filter((i) => i.section === s.id)
                    .map((i) => (
                      <NavItem key={i.id} isActive={isActive(i)}>
                        <NavLink to={i.href} data-test={i.dataTest}>
                          {i.name}
                        </NavLink>
                      </NavItem>
                    ))}
                </NavSection>
              ))}
          </NavList>
        </Nav>
      </PageSidebarBody>
    </PageSidebar>
  );

  return (
    <Page masthead={masthead} sidebar={sidebar} isManagedSidebar>
      <NamespaceFromUrl />
      <ErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<Spinner data-test="suspense" />}>
          <Routes>
            <Route path="/" element={<Navigate to="/switchboard/overview" replace />} />
            <Route path="/stand-in/probe" element={<Probe />} />
            {/* The console's YAML create page (app-contents.tsx /k8s/cluster/:plural/~new,
                /k8s/ns/:ns/:plural/~new). Listed before the plugin pages: React Router ranks
                /k8s/cluster/:ref/~new and /k8s/cluster/<ref>/:name the same and then takes the
                first, and in the console a plugin details page never sees ~new. */}
            <Route
              path="/k8s/cluster/:ref/~new"
              element={<ConsoleResourceRoute page="create" extensions={enabled} />}
            />
            <Route
              path="/k8s/ns/:ns/:ref/~new"
              element={<ConsoleResourceRoute page="create" extensions={enabled} />}
            />
            {routes}
            <Route path="/k8s/cluster/core~v1~Node" element={<NodeList />} />
            <Route
              path="/k8s/cluster/core~v1~Node/:name"
              element={<NodeDetails tabs={nodeTabs} />}
            />
            <Route
              path="/k8s/cluster/core~v1~Node/:name/:tab"
              element={<NodeDetails tabs={nodeTabs} />}
            />
            {/* The console's own pages for any other reference (app-contents.tsx): list,
                YAML create page and details. Plugin pages above outrank these. */}
            <Route
              path="/k8s/cluster/:ref"
              element={<ConsoleResourceRoute page="list" extensions={enabled} />}
            />
            <Route
              path="/k8s/all-namespaces/:ref"
              element={<ConsoleResourceRoute page="list" extensions={enabled} />}
            />
            <Route
              path="/k8s/ns/:ns/:ref"
              element={<ConsoleResourceRoute page="list" extensions={enabled} />}
            />
            <Route
              path="/k8s/cluster/:ref/:name"
              element={<ConsoleResourceRoute page="details" extensions={enabled} />}
            />
            <Route
              path="/k8s/ns/:ns/:ref/:name"
              element={<ConsoleResourceRoute page="details" extensions={enabled} />}
            />
            <Route
              path="*"
              element={pluginsLoaded ? <NotFound /> : <Spinner data-test="plugins-loading" />}
            />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </Page>
  );
}

/** A collapsed section that the user opens, as the console's NavSection. */
function NavSection({
  title,
  dataTest,
  children,
}: {
  title: string;
  dataTest?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <NavExpandable
      title={title}
      isExpanded={open}
      onExpand={(_e, expanded) => setOpen(expanded)}
      data-test="nav"
      buttonProps={dataTest ? { 'data-test': dataTest } : undefined}
    >
      {children}
    </NavExpandable>
  );
}

export function App({
  store,
  ...props
}: {
  store: AppStore;
  extensions: ResolvedExtension[];
  pluginsLoaded: boolean;
  persona: string;
  personas: string[];
}) {
  return (
    <Provider store={store}>
      <BrowserRouter unstable_useTransitions={false}>
        <Shell {...props} />
      </BrowserRouter>
    </Provider>
  );
}
