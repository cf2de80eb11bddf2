// The namespace the switch-ports page creates objects in when the console shows all projects.
// It used to be "the namespace of the first host", which in the console is whichever host the
// store's hash order puts first (an Immutable.js Map of more than 8 entries), so the target of
// "Create" changed between page loads.

/**
 * `preferred` (where OpenShift keeps its BareMetalHosts) when it holds hosts or no namespace
 * does; otherwise the namespace with most hosts, then the lowest name.
 */
export function pickHostNamespace(
  hosts: readonly { metadata: { namespace?: string } }[],
  preferred: string,
): string {
  const counts = new Map<string, number>();
  for (const h of hosts) {
    const ns = h.metadata.namespace;
    if (ns) counts.set(ns, (counts.get(ns) ?? 0) + 1);
  }
  if (counts.size === 0 || counts.has(preferred)) return preferred;
  let best = preferred;
  let bestCount = 0;
  for (const [ns, n] of counts) {
    if (n > bestCount || (n === bestCount && ns < best)) {
      best = ns;
      bestCount = n;
    }
  }
  return best;
}
