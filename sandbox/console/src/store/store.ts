// The console-shaped redux store the SDK's runtime runs on: `k8s` (watches and discovered
// models), `FLAGS`, and `sdkCore` (impersonation), with redux-thunk because the SDK's watch
// actions are thunks. The SDK finds the store through its own storeHandler, as in the console
// (openshift/console release-4.22 frontend/public/redux.ts registers it the same way).
// legacy_createStore: the console builds a plain redux store too, without Redux Toolkit.
import { combineReducers, legacy_createStore as createStore, applyMiddleware } from 'redux';
import type { Reducer } from 'redux';
import { thunk } from 'redux-thunk';
import storeHandler from '@openshift-console/dynamic-plugin-sdk/lib/app/storeHandler';
import type { K8sModel } from '@openshift-console/dynamic-plugin-sdk';
import * as staticModels from '../console/internal/models';
import { createK8sReducer } from './k8sReducer';
import { createFlagsReducer } from './flagsReducer';

export interface Impersonation {
  kind: 'User' | 'Group' | 'UserWithGroups';
  name: string;
  subprotocols: string[];
  groups?: string[];
}

interface CoreState {
  user: Record<string, unknown>;
  impersonate?: Impersonation;
}

export const CoreActionType = { BeginImpersonate: 'beginImpersonate' } as const;

const coreReducer: Reducer<CoreState, { type: string; payload?: Impersonation }> = (
  state = { user: {} },
  action,
) =>
  action.type === CoreActionType.BeginImpersonate && action.payload
    ? { ...state, impersonate: action.payload }
    : state;

/**
 * The subprotocol the console uses to impersonate on WebSockets: base64 of the UTF-8 name with
 * "=" written "_" and "/" written "-" (openshift/console release-4.22 frontend/public/actions/
 * ui.ts, encodeImpersonationValue; decoded by pkg/proxy/proxy.go).
 */
export function impersonationSubprotocol(kind: 'User' | 'Group', name: string): string {
  const bytes = new TextEncoder().encode(name);
  const encoded = btoa(String.fromCharCode(...bytes))
    .replace(/=/g, '_')
    .replace(/\//g, '-');
  return `Impersonate-${kind}.${encoded}`;
}

export const beginImpersonateUser = (name: string) => ({
  type: CoreActionType.BeginImpersonate,
  payload: {
    kind: 'User' as const,
    name,
    subprotocols: [impersonationSubprotocol('User', name)],
  },
});

export const STATIC_MODELS: K8sModel[] = Object.values(staticModels);

export const rootReducer = combineReducers({
  k8s: createK8sReducer(STATIC_MODELS),
  FLAGS: createFlagsReducer(),
  sdkCore: coreReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export const store = createStore(rootReducer, applyMiddleware(thunk));
export type AppStore = typeof store;
(storeHandler as unknown as { setStore(s: unknown): void }).setStore(store);
