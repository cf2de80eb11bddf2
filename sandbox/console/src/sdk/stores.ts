// A tiny observable store for the active namespace (set by the namespace bar and routes), which
// the stand-in's useActiveNamespace exposes to plugins. Flags live in the redux store.
type Listener = () => void;

export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => value,
    set: (next: T) => {
      if (Object.is(next, value)) return;
      value = next;
      for (const l of listeners) l();
    },
    subscribe: (l: Listener) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
  };
}

export const ALL_NAMESPACES_KEY = '#ALL_NS#';
export const namespaceStore = createStore<string>(ALL_NAMESPACES_KEY);
