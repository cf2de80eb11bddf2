// Nodes that leave a policy: an edit or a rollback that narrows the node selector. The
// kubernetes-nmstate handler of a node the policy no longer selects only deletes that node's
// enactment and applies nothing (kubernetes-nmstate
// controllers/handler/nodenetworkconfigurationpolicy_controller.go, `Reconcile`: unmatched node
// labels lead to `deleteEnactmentForPolicy` and a return), so what the policy configured there
// stays. This module says which nodes leave, what stays on each, and builds the policies that
// revert it, reusing the rollback revert (inverse.ts, revertInputs.ts).
import type { Node } from '../../../shared/model/k8s';
import type {
  NetworkState,
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  Route,
} from '../../../shared/model/nmstate';
import { isRecord } from '../../../shared/logic/isRecord';
import { getEnactmentKey, getEnactmentPhase } from '../../policies/logic/enactments';
import { matchesNodeSelector } from '../../policies/logic/nodeSelection';
import { buildInverse, type InverseNote } from './inverse';
import { getNodeRevertInputs } from './revertInputs';
import { shortHash } from './revisions';

/** The label every kubelet sets to its node's hostname (k8s.io/api core/v1 `LabelHostname`). */
export const HOSTNAME_LABEL = 'kubernetes.io/hostname';
const MAX_NAME = 253;

export interface LeavingNode {
  node: string;
  /** Interfaces the policy configured there (not those it removed), in the policy's order. */
  interfaces: { name: string; type: string }[];
  /** Routes the policy added there. */
  routes: Route[];
  /** The node's enactment says the policy's configuration is in place (Available). */
  applied: boolean;
}

/**
 * Phases in which nothing of the policy is in place: a failed apply is rolled back to nmstate's
 * checkpoint (kubernetes-nmstate pkg/client/client.go, `rollback`), an Aborted or Pending one
 * never started. A Progressing node may hold part of it, so it is listed.
 */
const NOT_APPLIED = new Set(['Failing', 'Aborted', 'Pending', 'Retrying']);

const enactmentOf = (
  policyName: string,
  node: string,
  enactments: readonly NodeNetworkConfigurationEnactment[],
): NodeNetworkConfigurationEnactment | undefined =>
  enactments.find((e) => {
    const key = getEnactmentKey(e, { policies: [policyName] });
    return key?.policy === policyName && key.node === node;
  });

const whatStays = (desired: NetworkState): Pick<LeavingNode, 'interfaces' | 'routes'> => {
  const interfaces: LeavingNode['interfaces'] = [];
  const list: unknown = desired.interfaces;
  if (Array.isArray(list))
    for (const i of list)
      if (isRecord(i) && typeof i.name === 'string' && i.state !== 'absent')
        interfaces.push({ name: i.name, type: typeof i.type === 'string' ? i.type : '' });
  const routes = (desired.routes?.config ?? []).filter((r) => r.state !== 'absent');
  return { interfaces, routes };
};

/**
 * The nodes `before` selects and `after` does not, with what `before` configured on each: the
 * desired state its enactment reports (captures resolved), else the policy's own.
 */
export const getLeavingNodes = (
  before: NodeNetworkConfigurationPolicy,
  after: Pick<NodeNetworkConfigurationPolicy, 'spec'>,
  nodes: readonly Node[],
  enactments: readonly NodeNetworkConfigurationEnactment[],
): LeavingNode[] =>
  nodes
    .filter(
      (n) =>
        matchesNodeSelector(n, before.spec.nodeSelector) &&
        !matchesNodeSelector(n, after.spec.nodeSelector),
    )
    .map((n) => n.metadata.name)
    .sort()
    .map((node): LeavingNode => {
      const nnce = enactmentOf(before.metadata.name, node, enactments);
      const phase = nnce ? getEnactmentPhase(nnce) : undefined;
      const applied = phase === 'Available';
      const desired = nnce?.status?.desiredState ?? before.spec.desiredState ?? {};
      const stays =
        phase !== undefined && NOT_APPLIED.has(phase)
          ? { interfaces: [], routes: [] }
          : whatStays(desired);
      return { node, applied, ...stays };
    });

/** Which nodes a revert policy selects, and how. */
export type RevertTarget =
  /** One label that exactly these nodes carry among all nodes. */
  | { kind: 'label'; key: string; value: string; nodes: string[] }
  /** A node selector cannot list nodes, so each node gets its own policy by hostname. */
  | { kind: 'hostname'; value: string; nodes: [string] };

/**
 * A nodeSelector is an equality map and cannot name a set of nodes, so the revert selects the
 * leaving nodes by one label they alone carry, or else each by its hostname label.
 */
export const getRevertTargets = (
  leaving: readonly string[],
  nodes: readonly Node[],
): RevertTarget[] => {
  const set = new Set(leaving);
  const leavingNodes = nodes.filter((n) => set.has(n.metadata.name));
  if (leavingNodes.length > 1) {
    const first = leavingNodes[0]?.metadata.labels ?? {};
    const shared = Object.entries(first)
      .filter(([k, v]) => leavingNodes.every((n) => n.metadata.labels?.[k] === v))
      .sort(([a], [b]) => a.localeCompare(b));
    for (const [key, value] of shared) {
      const selected = nodes.filter((n) => matchesNodeSelector(n, { [key]: value }));
      if (selected.length === set.size)
        return [{ kind: 'label', key, value, nodes: [...leaving].sort() }];
    }
  }
  return [...leaving].sort().map((node) => {
    const labels = nodes.find((n) => n.metadata.name === node)?.metadata.labels;
    return { kind: 'hostname', value: labels?.[HOSTNAME_LABEL] ?? node, nodes: [node] };
  });
};

const revertPolicyName = (policy: string, suffix: string): string => {
  const plain = `${policy}-revert-${suffix}`
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
  if (plain.length <= MAX_NAME) return plain;
  const hash = shortHash(plain);
  return `${plain.slice(0, MAX_NAME - hash.length - 1).replace(/[^a-z0-9]+$/, '')}-${hash}`;
};

export interface LeavingRevertPlan {
  policies: NodeNetworkConfigurationPolicy[];
  /** What could not be reverted and why, per element and node (inverse.ts notes). */
  notes: InverseNote[];
}

/**
 * Revert policies for the nodes that leave `before`: per target, the rollback revert of what
 * `before` applied there (interfaces it created become `absent`, nmstate
 * rust/src/lib/revert/ifaces/iface.rs), assuming the virtual interfaces it declares were created
 * by it, since the editor has no state from before the policy. Targets with nothing to revert
 * get no policy.
 */
export const buildLeavingRevertPlan = (
  before: NodeNetworkConfigurationPolicy,
  leaving: readonly string[],
  nodes: readonly Node[],
  currentStates: ReadonlyMap<string, NetworkState>,
  enactments: readonly NodeNetworkConfigurationEnactment[],
): LeavingRevertPlan => {
  const policies: NodeNetworkConfigurationPolicy[] = [];
  const notes: InverseNote[] = [];
  for (const target of getRevertTargets(leaving, nodes)) {
    const inputs = getNodeRevertInputs(before, target.nodes, currentStates, enactments, []);
    const inverse = buildInverse(inputs, { assumeDeclaredVirtualCreated: true });
    notes.push(...inverse.notes);
    if (Object.keys(inverse.desiredState).length === 0) continue;
    const key = target.kind === 'label' ? target.key : HOSTNAME_LABEL;
    const suffix =
      target.kind === 'label'
        ? `${target.key.split('/').pop() ?? ''}-${target.value}`
        : target.value;
    policies.push({
      apiVersion: 'nmstate.io/v1',
      kind: 'NodeNetworkConfigurationPolicy',
      metadata: { name: revertPolicyName(before.metadata.name, suffix) },
      spec: { nodeSelector: { [key]: target.value }, desiredState: inverse.desiredState },
    });
  }
  return { policies, notes };
};
