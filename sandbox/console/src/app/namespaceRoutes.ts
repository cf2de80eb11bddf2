// How the console ties the active namespace to the URL, for any route, plugin routes included.
import { ALL_NAMESPACES_KEY } from '../sdk/stores';

const LEGAL_NAME = /[a-z0-9](?:[-a-z0-9]*[a-z0-9])?/;

/**
 * The namespace a path names, or undefined when it names none: `/<any>/all-namespaces/...` and
 * `/<any>/ns/<ns>/...` (openshift/console release-4.22 frontend/public/components/utils/
 * link.tsx getNamespace; only the second segment counts, so /switchboard/ns/x/... works too).
 */
export function namespaceOfPath(path: string): string | undefined {
  const split = path.split('/').filter((x) => x);
  if (split[1] === 'all-namespaces') return ALL_NAMESPACES_KEY;
  let ns: string | undefined;
  if (split[1] === 'cluster' && ['namespaces', 'projects'].includes(split[2] ?? '') && split[3]) {
    ns = split[3];
  } else if (split[1] === 'ns' && split[2]) {
    ns = split[2];
  } else {
    return undefined;
  }
  return LEGAL_NAME.exec(ns)?.[0];
}

/**
 * The path after the project changes to `ns` (frontend/public/actions/ui.ts
 * formatNamespaceRoute): paths without a namespace segment stay; otherwise the namespace is
 * swapped and everything after the first segment past it (an object's name) is dropped, since
 * that object will not exist in the other namespace.
 */
export function formatNamespaceRoute(ns: string, originalPath: string): string {
  let parts = originalPath.split('/').filter((p) => p);
  const prefix = parts.shift();
  let previous: string | undefined;
  if (parts[0] === 'all-namespaces') {
    parts.shift();
    previous = ALL_NAMESPACES_KEY;
  } else if (parts[0] === 'ns') {
    parts.shift();
    previous = parts.shift();
  }
  if (!previous) return originalPath;
  if (
    (previous !== ns && (parts[1] !== 'new' || ns !== ALL_NAMESPACES_KEY)) ||
    (ns === ALL_NAMESPACES_KEY && parts[1] === 'new')
  ) {
    parts = parts.slice(0, 1);
  }
  const nsPart = ns === ALL_NAMESPACES_KEY ? 'all-namespaces' : `ns/${ns}`;
  return `/${prefix ?? ''}/${nsPart}${parts.length ? `/${parts.join('/')}` : ''}`;
}
