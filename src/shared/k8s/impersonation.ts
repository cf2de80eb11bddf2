// Where the console keeps who the user is impersonating: its redux store, `sdkCore.impersonate`
// with `{ kind, name, subprotocols, groups }` (openshift/console release-4.22,
// console-dynamic-plugin-sdk/src/app/redux-types.ts `ImpersonateKind`, core/reducers/coreSelectors.ts
// `getImpersonate`). `subprotocols` are "Impersonate-User.<base64>" / "Impersonate-Group.<base64>"
// (frontend/public/actions/ui.ts `startImpersonate`), which the bridge turns back into
// Impersonate-User/-Group headers on the upgraded request (pkg/proxy/proxy.go).
import { isRecord } from '../logic/isRecord';

const PREFIXES = ['Impersonate-User.', 'Impersonate-Group.'];

/** The impersonation subprotocols in a console store state; [] when not impersonating. */
export function impersonationSubprotocols(state: unknown): string[] {
  if (!isRecord(state) || !isRecord(state.sdkCore)) return [];
  const imp = state.sdkCore.impersonate;
  if (!isRecord(imp) || !Array.isArray(imp.subprotocols)) return [];
  // Only the bridge's own protocols: anything else would be offered to the API server as a
  // WebSocket subprotocol of its own.
  return (imp.subprotocols as unknown[]).filter(
    (p): p is string => typeof p === 'string' && PREFIXES.some((x) => p.startsWith(x)),
  );
}
