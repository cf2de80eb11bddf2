// Per-node preview: for each node the policy matches, resolve captures against the node's current
// state, apply the desired state with the nmstate model and report what would be created,
// changed or removed, what would fail, and the validation findings for that node.
import type { Node } from '../../../shared/model/k8s';
import type {
  NetworkState,
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { ENACTMENT_NODE_LABEL, ENACTMENT_POLICY_LABEL } from '../../../shared/model/nmstate';
import type { Finding } from '../model/finding';
import type { NodePreview, PolicyPreview } from '../model/policyPreview';
import { applyDefaultVlanFiltering, applyDesiredState } from './applyDesiredState';
import { resolvePolicyCaptures } from './nmpolicy/resolve';
import { getSettingsPreviewLines } from './settingsPreview';
import { getMatchedNodes } from './nodeSelection';
import { getFindingsForNode, validatePolicy, type PolicyValidationContext } from './validatePolicy';

export interface PolicyPreviewContext {
  /** Precomputed findings; computed with `validation` when absent. */
  findings?: readonly Finding[];
  validation?: Omit<PolicyValidationContext, 'nodes' | 'nodeNetworkStates'>;
  /** Skip the simulated post-apply probes (ping the gateway, DNS …). */
  skipProbes?: boolean;
  /**
   * The policy's enactments. Where one holds `status.capturedStates`, the handler passes them to
   * `nmstatectl policy --captured` and runs no capture again (kubernetes-nmstate >= v0.84
   * pkg/nmpolicy/generate.go), so the preview of an edit uses them too.
   */
  enactments?: readonly NodeNetworkConfigurationEnactment[];
}

/** An enactment's cached captures as the engine takes them, or undefined when it has none. */
export const cachedCapturesOf = (
  enactment: NodeNetworkConfigurationEnactment | undefined,
): Record<string, NetworkState> | undefined => {
  const captured = enactment?.status?.capturedStates;
  if (captured === undefined || Object.keys(captured).length === 0) return undefined;
  return Object.fromEntries(Object.entries(captured).map(([k, v]) => [k, v.state ?? {}]));
};

const emptyPreview = (node: string, warnings: Finding[]): NodePreview => ({
  node,
  status: 'ok',
  interfaces: { created: [], changed: [], removed: [] },
  routes: { added: [], removed: [] },
  dns: { changed: false, before: null, after: null },
  predictedFailure: null,
  captureError: null,
  resolvedDesiredState: null,
  warnings,
  unchanged: true,
});

export const buildNodePreview = (
  policy: NodeNetworkConfigurationPolicy,
  node: string,
  current: NetworkState | undefined,
  warnings: Finding[],
  skipProbes = false,
  cachedCaptures?: Record<string, NetworkState>,
): NodePreview => {
  const preview = emptyPreview(node, warnings);
  if (!current) return { ...preview, status: 'noState', unchanged: false };
  let desired: NetworkState = policy.spec.desiredState ?? {};
  const capture = policy.spec.capture ?? {};
  let capturesCached = false;
  // Since v0.84 the handler runs `nmstatectl policy` for every non-empty policy, captures or not:
  // templates resolve and the state is parsed strictly before anything is applied.
  if (Object.keys(desired).length > 0) {
    const cached = Object.keys(capture).length > 0 ? cachedCaptures : undefined;
    const r = resolvePolicyCaptures(
      capture,
      desired,
      current,
      cached === undefined ? undefined : { cachedCaptures: cached },
    );
    if (!r.ok) {
      const captureError: NodePreview['captureError'] = {
        code: r.error.code,
        message: r.error.message,
      };
      if (r.error.position !== undefined) captureError.position = r.error.position;
      return {
        ...preview,
        status: 'captureFailed',
        captureError,
        capturesCached: cached !== undefined,
        unchanged: false,
      };
    }
    desired = r.desiredState;
    capturesCached = r.capturesCached;
  }
  // The handler injects a default VLAN trunk into linux-bridge ports before applying.
  desired = applyDefaultVlanFiltering(desired);
  const result = applyDesiredState(current, desired, { skipProbes, macSeed: node });
  if (!result.ok) {
    const failure: NonNullable<NodePreview['predictedFailure']> = {
      code: result.error.code,
      message: result.error.message,
    };
    if (result.error.interface !== undefined) failure.interface = result.error.interface;
    return {
      ...preview,
      status: 'applyFailed',
      predictedFailure: failure,
      resolvedDesiredState: desired,
      unchanged: false,
    };
  }
  const c = result.changes;
  const dnsBefore = current['dns-resolver']?.config ?? null;
  const dnsAfter = result.state['dns-resolver']?.config ?? null;
  const unchanged =
    c.interfaces.created.length + c.interfaces.changed.length + c.interfaces.removed.length === 0 &&
    c.routes.added.length + c.routes.removed.length === 0 &&
    !c.dns.changed &&
    c.other.length === 0;
  return {
    ...preview,
    interfaces: c.interfaces,
    routes: c.routes,
    dns: { changed: c.dns.changed, before: dnsBefore, after: dnsAfter },
    // Route rules and the hostname have their own lines.
    otherChanges: c.other.filter((k) => k !== 'route-rules' && k !== 'hostname'),
    settings: getSettingsPreviewLines(current, result.state),
    capturesCached,
    resolvedDesiredState: desired,
    unchanged,
  };
};

export const buildPolicyPreview = (
  policy: NodeNetworkConfigurationPolicy,
  nodes: readonly Node[],
  nodeNetworkStates: readonly NodeNetworkState[],
  ctx: PolicyPreviewContext = {},
): PolicyPreview => {
  const findings = ctx.findings
    ? [...ctx.findings]
    : validatePolicy(policy, { ...ctx.validation, nodes, nodeNetworkStates });
  const states = new Map(nodeNetworkStates.map((n) => [n.metadata.name, n.status?.currentState]));
  const enactmentByNode = new Map(
    (ctx.enactments ?? [])
      .filter((e) => e.metadata.labels?.[ENACTMENT_POLICY_LABEL] === policy.metadata.name)
      .map((e) => [e.metadata.labels?.[ENACTMENT_NODE_LABEL] ?? '', e]),
  );
  return {
    findings,
    nodes: getMatchedNodes(policy, nodes).map((n) =>
      buildNodePreview(
        policy,
        n.metadata.name,
        states.get(n.metadata.name),
        getFindingsForNode(findings, n.metadata.name),
        ctx.skipProbes,
        cachedCapturesOf(enactmentByNode.get(n.metadata.name)),
      ),
    ),
  };
};
