// `@console/internal/components/namespace-bar`, the SDK's NamespaceBar: a project selector above a page. Choosing a project calls
// onNamespaceChange, sets the active namespace and, like the console's namespace context,
// rewrites the /ns/<ns>/ segment of the current path (openshift/console release-4.22
// frontend/public/components/namespace-bar.tsx and packages/console-app/src/components/
// detect-namespace/namespace.ts).
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Toolbar, ToolbarContent, ToolbarItem } from '@patternfly/react-core';
import { useK8sWatchResource } from '@openshift-console/dynamic-plugin-sdk';
import { useActiveNamespace } from '../../shared/src/hooks/useActiveNamespace';
import { ALL_NAMESPACES_KEY } from '../../../sdk/stores';
import { formatNamespaceRoute } from '../../../app/namespaceRoutes';

export function NamespaceBar({
  onNamespaceChange,
  isDisabled,
  children,
}: {
  onNamespaceChange?: (namespace: string) => void;
  isDisabled?: boolean;
  children?: ReactNode;
}) {
  const [active, setActive] = useActiveNamespace();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [namespaces] = useK8sWatchResource<{ metadata?: { name?: string } }[]>({
    groupVersionKind: { group: '', version: 'v1', kind: 'Namespace' },
    isList: true,
  });
  // The store hands lists back in hash order; the console's project list is sorted by name.
  const names = namespaces
    .map((n) => n.metadata?.name ?? '')
    .filter((n) => n !== '')
    .sort((a, b) => a.localeCompare(b));
  const select = (ns: string) => {
    onNamespaceChange?.(ns);
    setActive(ns);
    const next = formatNamespaceRoute(ns, pathname);
    if (next !== pathname) void navigate(next);
  };
  return (
    <Toolbar data-test="namespace-bar">
      <ToolbarContent>
        <ToolbarItem>
          <label>
            Project:{' '}
            <select
              data-test="namespace-select"
              value={active}
              disabled={isDisabled}
              onChange={(e) => select(e.target.value)}
            >
              <option value={ALL_NAMESPACES_KEY}>All projects</option>
              {names.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </ToolbarItem>
        {children}
      </ToolbarContent>
    </Toolbar>
  );
}
