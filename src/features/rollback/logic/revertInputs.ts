// What a revert knows about each node: the desired state the policy applied there and the state
// from before it. Sources, most to least complete:
// - a baseline recorded with the policy's first revision, from nodes the policy had not applied
//   to yet (only from trusted revisions: a planted one could make a revert destructive);
// - a node whose enactment never applied the policy or failed: kubernetes-nmstate rolls a failed
//   apply back to nmstate's checkpoint (kubernetes-nmstate pkg/client/client.go, `rollback`), and
//   an Aborted or Pending enactment never started, so the node's current state is its earlier one;
// - the enactment's capturedStates (api/shared/nodenetworkconfigurationenactment_types.go): what
//   the policy's captures read from the node before applying, so what they contain existed.
// The desired state per node is the enactment's `status.desiredState` for the live generation
// (captures resolved by the handler), else the policy's own when it has no captures.
import type {
  NetworkInterface,
  NetworkState,
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
} from '../../../shared/model/nmstate';
import { getEnactmentKey, getEnactmentPhase } from '../../policies/logic/enactments';
import { isRecord } from '../../../shared/logic/isRecord';
import { getTouchedInterfaceNames } from './failed';
import type { NodeBefore, NodeRevertInput } from './inverse';

export interface TrustedBaseline {
  generation: number;
  /** The spec the baseline was sliced for: it only covers the interfaces that spec touches. */
  specDesiredState: NetworkState | undefined;
  baseline: Record<string, NetworkState>;
}

/** Phases in which the node's state holds nothing of the policy's current generation. */
const NOT_APPLIED = new Set(['Failing', 'Aborted', 'Pending']);

const enactmentsByNode = (
  policy: NodeNetworkConfigurationPolicy,
  enactments: readonly NodeNetworkConfigurationEnactment[],
): Map<string, NodeNetworkConfigurationEnactment> => {
  const out = new Map<string, NodeNetworkConfigurationEnactment>();
  for (const nnce of enactments) {
    const key = getEnactmentKey(nnce, { policies: [policy.metadata.name] });
    if (key?.policy === policy.metadata.name) out.set(key.node, nnce);
  }
  return out;
};

const capturedInterfaces = (nnce: NodeNetworkConfigurationEnactment | undefined) => {
  const out: NetworkInterface[] = [];
  for (const c of Object.values(nnce?.status?.capturedStates ?? {})) {
    const list: unknown = c.state?.interfaces;
    if (Array.isArray(list))
      for (const i of list)
        if (isRecord(i) && typeof i.name === 'string' && !out.some((o) => o.name === i.name))
          out.push(i as NetworkInterface);
  }
  return out;
};

export const getNodeRevertInputs = (
  policy: NodeNetworkConfigurationPolicy,
  matchedNodes: readonly string[],
  currentStates: ReadonlyMap<string, NetworkState>,
  enactments: readonly NodeNetworkConfigurationEnactment[],
  baselines: readonly TrustedBaseline[],
): NodeRevertInput[] => {
  const byNode = enactmentsByNode(policy, enactments);
  const oldestFirst = [...baselines].sort((a, b) => a.generation - b.generation);
  const hasCaptures = Object.keys(policy.spec.capture ?? {}).length > 0;
  return [...matchedNodes].sort().map((node): NodeRevertInput => {
    const nnce = byNode.get(node);
    const now = currentStates.get(node);
    const live = nnce?.status?.policyGeneration === policy.metadata.generation;
    const desired =
      live && nnce?.status?.desiredState
        ? nnce.status.desiredState
        : hasCaptures
          ? null
          : (policy.spec.desiredState ?? {});
    const phase = nnce ? getEnactmentPhase(nnce, policy.metadata.generation) : undefined;
    const recorded = oldestFirst.find((b) => b.baseline[node] !== undefined);
    let before: NodeBefore;
    if (recorded) {
      const state = recorded.baseline[node] ?? {};
      const scope = new Set(getTouchedInterfaceNames(recorded.specDesiredState));
      for (const i of state.interfaces ?? []) scope.add(i.name);
      before = {
        knowledge: 'complete',
        state,
        scope,
        dns: state['dns-resolver'] !== undefined,
        routes: state.routes !== undefined,
        rules: state['route-rules'] !== undefined,
      };
    } else if (
      now &&
      policy.metadata.generation === 1 &&
      phase !== undefined &&
      NOT_APPLIED.has(phase)
    ) {
      // Only for the first generation: a later one rolls back to the policy's earlier generation.
      before = { knowledge: 'complete', state: now, dns: true, routes: true, rules: true };
    } else {
      const captured = capturedInterfaces(nnce);
      before = {
        knowledge: captured.length > 0 ? 'partial' : 'none',
        state: { interfaces: captured },
        dns: false,
        routes: false,
        rules: false,
      };
    }
    return { node, desired, before, now };
  });
};
