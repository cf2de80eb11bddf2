// The stand-in's shell: masthead with the persona switch, navigation built from the plugin's
// console.navigation/* extensions, and routes built from its page extensions, all filtered by
// feature flags the same way the console gates them.
import { Component, Suspense, lazy, useEffect, useMemo, useSyncExternalStore } from 'react';
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
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { LazyCodeRef } from './pluginLoader';
import type { ResolvedExtension } from './pluginLoader';
import { flagStore, namespaceStore, ALL_NAMESPACES_KEY } from '../sdk/stores';
import { getModel, refOf } from '../sdk/models';
import { useK8sWatchResource } from '../sdk/hooks';
import { YamlBlock } from './YamlBlock';

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

class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
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

function useFlags() {
  return useSyncExternalStore(flagStore.subscribe, () => flagStore.get());
}

function isEnabled(ext: ResolvedExtension, flags: Readonly<Record<string, boolean>>): boolean {
  const required = ext.flags?.required ?? [];
  const disallowed = ext.flags?.disallowed ?? [];
  return required.every((f) => flags[f]) && !disallowed.some((f) => flags[f]);
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

function NamespaceSync() {
  const { ns } = useParams();
  useEffect(() => {
    namespaceStore.set(ns ?? ALL_NAMESPACES_KEY);
  }, [ns]);
  return null;
}

function NamespaceBar({ refName }: { refName: string }) {
  const { ns } = useParams();
  const navigate = useNavigate();
  const [namespaces] = useK8sWatchResource<{ metadata?: { name?: string } }[]>({
    groupVersionKind: { group: '', version: 'v1', kind: 'Namespace' },
    isList: true,
  });
  return (
    <Toolbar data-test="namespace-bar">
      <ToolbarContent>
        <ToolbarItem>
          <label>
            Project:{' '}
            <select
              data-test="namespace-select"
              value={ns ?? ALL_NAMESPACES_KEY}
              onChange={(e) =>
                void navigate(
                  e.target.value === ALL_NAMESPACES_KEY
                    ? `/k8s/all-namespaces/${refName}`
                    : `/k8s/ns/${e.target.value}/${refName}`,
                )
              }
            >
              <option value={ALL_NAMESPACES_KEY}>All projects</option>
              {namespaces.map((n) => (
                <option key={n.metadata?.name} value={n.metadata?.name}>
                  {n.metadata?.name}
                </option>
              ))}
            </select>
          </label>
        </ToolbarItem>
      </ToolbarContent>
    </Toolbar>
  );
}

function ResourcePage({
  component: Comp,
  model,
  withNamespaceBar,
  refName,
}: {
  component: ComponentType<Props>;
  model: Gvk;
  withNamespaceBar: boolean;
  refName: string;
}) {
  const params = useParams();
  return (
    <>
      <NamespaceSync />
      {withNamespaceBar && <NamespaceBar refName={refName} />}
      <Comp
        namespace={params.ns}
        name={params.name}
        model={model}
        kind={refName}
        key={`${params.ns ?? ''}/${params.name ?? ''}`}
      />
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
  const sections: { id: string; name: string; dataTest?: string }[] = [];
  const items: NavEntry[] = [];
  const activeNs = namespaceStore.get();
  for (const ext of extensions) {
    const p = ext.properties;
    const dataTest = (p.dataAttributes as Record<string, string> | undefined)?.['data-test'];
    if (ext.type === 'console.navigation/section') {
      sections.push({ id: String(p.id), name: text(p.name), dataTest });
    } else if (ext.type === 'console.navigation/href') {
      items.push({
        id: String(p.id),
        name: text(p.name),
        href: String(p.href),
        section: p.section as string | undefined,
        dataTest,
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
  persona,
  personas,
}: {
  extensions: ResolvedExtension[];
  persona: string;
  personas: string[];
}) {
  const flags = useFlags();
  const text = useText();
  const enabled = useMemo(() => extensions.filter((e) => isEnabled(e, flags)), [extensions, flags]);
  const nav = buildNav(enabled, text);
  const location = useLocation();

  const routes: ReactNode[] = [];
  for (const ext of enabled) {
    const p = ext.properties;
    if (ext.type === 'console.page/route') {
      const paths = Array.isArray(p.path) ? (p.path as string[]) : [String(p.path)];
      const Comp = lazyComponent(p.component);
      for (const path of paths) {
        routes.push(<Route key={`route:${path}`} path={path} element={<Comp />} />);
      }
    } else if (
      ext.type === 'console.page/resource/list' ||
      ext.type === 'console.page/resource/details'
    ) {
      const gvk = p.model as Gvk;
      const m = modelRef(gvk);
      if (!m) continue;
      const Comp = lazyComponent(p.component);
      const isList = ext.type === 'console.page/resource/list';
      const paths = m.namespaced
        ? isList
          ? [`/k8s/ns/:ns/${m.ref}`, `/k8s/all-namespaces/${m.ref}`]
          : [`/k8s/ns/:ns/${m.ref}/:name`]
        : isList
          ? [`/k8s/cluster/${m.ref}`]
          : [`/k8s/cluster/${m.ref}/:name`];
      for (const path of paths) {
        routes.push(
          <Route
            key={`${ext.type}:${path}`}
            path={path}
            element={
              <ResourcePage
                component={Comp}
                model={gvk}
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
            <NavExpandable title="Compute" isExpanded>
              <NavItem isActive={location.pathname.startsWith('/k8s/cluster/core~v1~Node')}>
                <NavLink to="/k8s/cluster/core~v1~Node" data-test="nav-nodes">
                  Nodes
                </NavLink>
              </NavItem>
            </NavExpandable>
            {nav.sections.map((s) => (
              <NavExpandable key={s.id} title={s.name} isExpanded data-test={s.dataTest}>
                {nav.items
                  .filter((i) => i.section === s.id)
                  .map((i) => (
                    <NavItem key={i.id} isActive={isActive(i)}>
                      <NavLink to={i.href} data-test={i.dataTest}>
                        {i.name}
                      </NavLink>
                    </NavItem>
                  ))}
              </NavExpandable>
            ))}
          </NavList>
        </Nav>
      </PageSidebarBody>
    </PageSidebar>
  );

  return (
    <Page masthead={masthead} sidebar={sidebar} isManagedSidebar>
      <ErrorBoundary key={location.pathname}>
        <Suspense fallback={<Spinner data-test="suspense" />}>
          <Routes>
            <Route path="/" element={<Navigate to="/switchboard/overview" replace />} />
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
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </Page>
  );
}

export function App(props: {
  extensions: ResolvedExtension[];
  persona: string;
  personas: string[];
}) {
  return (
    <BrowserRouter>
      <Shell {...props} />
    </BrowserRouter>
  );
}
