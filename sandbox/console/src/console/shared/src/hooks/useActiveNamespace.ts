// `@console/shared/src/hooks/useActiveNamespace`: the active namespace the console keeps for the
// current route ("#ALL_NS#" for all projects) and a setter.
import { useSyncExternalStore } from 'react';
import { namespaceStore } from '../../../../sdk/stores';

export function useActiveNamespace(): [string, (ns: string) => void] {
  const ns = useSyncExternalStore(namespaceStore.subscribe, () => namespaceStore.get());
  return [ns, (next: string) => namespaceStore.set(next)];
}
