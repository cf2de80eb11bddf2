// Tiny observable stores for host state that the SDK hooks expose to plugins: feature flags
// (set after discovery) and the active namespace (set by the namespace bar and routes).
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
export const flagStore = createStore<Readonly<Record<string, boolean>>>({});
export const namespaceStore = createStore<string>(ALL_NAMESPACES_KEY);
