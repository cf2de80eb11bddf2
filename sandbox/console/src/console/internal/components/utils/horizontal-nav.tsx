// `@console/internal/components/utils/horizontal-nav`: the SDK's HorizontalNav is this module's
// HorizontalNavFacade (console-dynamic-plugin-sdk src/api/dynamic-core-api.ts). Behaviour follows
// openshift/console release-4.22 frontend/public/components/utils/horizontal-nav.tsx:
// - a page's tab is a path segment: `href` '' is the default page at the route's own URL, any
//   other `href` is `<base>/<encodeURIComponent(href)>`, where the base is the URL without its
//   last segment when that segment names a page, the whole URL otherwise;
// - the tabs are PatternFly Tabs rendered as a nav of links (`data-test-id`
//   `horizontal-link-<name>`); a click navigates without a page load;
// - the content is a nested <Routes> whose paths are the pages' `path` or encoded `href`, so the
//   plugin's route must not be exact (the console then mounts it at `<path>/*`:
//   console-app/src/hooks/usePluginRoutes.tsx mapExtensionToRoutes);
// - each page component gets the route params spread and as `params`, the facade's resource as
//   `obj`, and `customData`.
// The facade sorts no pages of its own; horizontal-nav-tab extensions of other plugins are not
// supported by the stand-in (Switchboard contributes none).
import { Suspense, type ComponentType } from 'react';
import { Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { Spinner, Tab, TabTitleText, Tabs } from '@patternfly/react-core';

interface NavPage {
  href?: string;
  path?: string;
  name: string;
  component: ComponentType<Record<string, unknown>>;
}

function NavBar({ pages }: { pages: NavPage[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const sliced = location.pathname.split('/');
  const lastElement = decodeURIComponent(sliced.pop() ?? '');
  const defaultPage = !pages.some((p) => p.href === lastElement);
  const baseURL = defaultPage ? location.pathname : sliced.join('/');
  return (
    <div>
      <Tabs activeKey={defaultPage ? '' : lastElement} component="nav" usePageInsets>
        {pages.map(({ name, href = '' }) => {
          const to = `${baseURL.replace(/\/$/, '')}/${encodeURIComponent(href)}`;
          return (
            <Tab
              key={href}
              eventKey={href}
              href={to}
              onClick={(e) => {
                e.preventDefault();
                void navigate(to);
              }}
              data-test-id={`horizontal-link-${name}`}
              title={<TabTitleText>{name}</TabTitleText>}
              aria-controls={undefined}
            />
          );
        })}
      </Tabs>
    </div>
  );
}

export function HorizontalNavFacade({
  resource,
  pages,
  customData,
}: {
  resource?: unknown;
  pages: NavPage[];
  customData?: unknown;
  contextId?: string;
}) {
  const params = useParams();
  return (
    <div className="co-m-page__body">
      <NavBar pages={pages} />
      <Suspense fallback={<Spinner aria-label="Loading" />}>
        <Routes>
          {pages.map((p) => {
            const Page = p.component;
            return (
              <Route
                key={p.name}
                path={p.path ?? encodeURIComponent(p.href ?? '')}
                element={
                  <Page {...params} obj={resource} customData={customData} params={params} />
                }
              />
            );
          })}
        </Routes>
      </Suspense>
    </div>
  );
}

export const HorizontalNav = HorizontalNavFacade;
