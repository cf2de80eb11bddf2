import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';

/**
 * A component that reads or writes through react-query, loaded with the plugin's QueryClient the
 * first time it renders (nothing is shown until then; a dialog opens a moment later). For
 * dialogs on pages that need react-query for nothing else: the client is about 11 KB gzip such a
 * page would otherwise download on every visit (issue 23's byte budget for the policy list).
 * A failed load is thrown from render, to the console's error boundary, as React.lazy would.
 * Not React.lazy itself: a lazy component's props are PropsWithRef<P>, which a generic P does not
 * type-check against without a cast.
 */
export function lazyWithQueryClient<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let failed: Error | undefined;
  let pending: Promise<void> | undefined;
  const start = (): Promise<void> =>
    (pending ??= Promise.all([import('./withQueryClient'), load()]).then(
      ([{ withQueryClient }, Component]) => {
        loaded = withQueryClient(Component);
      },
      (e: unknown) => {
        failed = e instanceof Error ? e : new Error(String(e));
      },
    ));
  function LazyWithQueryClient(props: P) {
    const [, setReady] = useState(loaded !== undefined);
    useEffect(() => {
      let live = true;
      if (loaded === undefined)
        void start().then(() => {
          if (live) setReady(true);
        });
      return () => {
        live = false;
      };
    }, []);
    if (failed !== undefined) throw failed;
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : null;
  }
  return LazyWithQueryClient;
}
