// The impersonation subprotocols for WebSockets the plugin opens itself (the lean watch). The
// console's SDK gives plugins no accessor for them; what it does give is its redux store through
// the shared `react-redux` module (console-dynamic-plugin-sdk/src/shared-modules/
// shared-modules-meta.ts lists it; the console renders plugins inside its <Provider>), which is
// how the console's own log and terminal sockets read them (frontend/public/components/utils/
// resource-log.tsx: `useConsoleSelector(getImpersonate)`).
//
// react-redux is loaded on demand: a console (or stand-in) that does not share it, or renders no
// Provider, then gets no subprotocols instead of a plugin chunk that fails to load. The list half
// of the lean watch is impersonated by consoleFetchJSON in any case.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useSyncExternalStore } from 'react';
import type * as ReactRedux from 'react-redux';
import { impersonationSubprotocols } from './impersonation';

type ReduxModule = typeof ReactRedux;
/** The part of the console's redux store this hook reads. */
interface ConsoleStore {
  getState(): unknown;
  subscribe(listener: () => void): () => void;
}

let loading: Promise<ReduxModule | null> | undefined;
const loadRedux = (): Promise<ReduxModule | null> =>
  (loading ??= import('react-redux').then(
    (m) => m,
    (err: unknown) => {
      // Not an error of the page: the plugin still works, only without impersonated sockets.
      console.warn('switchboard: react-redux is not shared by this console', err);
      return null;
    },
  ));

const NO_STORE = createContext<{ store?: ConsoleStore } | null>(null);
const noop = () => undefined;

/**
 * The subprotocols to open plugin WebSockets with; `undefined` until known (react-redux still
 * loading), so a caller can wait instead of opening an unimpersonated socket first.
 */
export function useImpersonationSubprotocols(): readonly string[] | undefined {
  const [redux, setRedux] = useState<ReduxModule | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadRedux().then((m) => {
      if (live) setRedux(m);
    });
    return () => {
      live = false;
    };
  }, []);
  // Switching between two context objects is fine: useContext keeps no per-hook state.
  const context = (redux?.ReactReduxContext ?? NO_STORE) as typeof NO_STORE;
  const store = useContext(context)?.store;
  const subscribe = useCallback(
    (onChange: () => void) => (store ? store.subscribe(onChange) : noop),
    [store],
  );
  // A string snapshot: stable between dispatches that leave impersonation alone.
  const key = useSyncExternalStore(subscribe, () =>
    store ? impersonationSubprotocols(store.getState()).join(',') : '',
  );
  return useMemo(() => (redux === undefined ? undefined : key ? key.split(',') : []), [redux, key]);
}
