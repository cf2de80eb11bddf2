// What the overview's health card says at a glance: which policies are Degraded or still
// Progressing, which nodes have failing enactments, which attachment definitions have errors or
// pods that could not attach, and how many VLAN-check errors there are. Each part is computed
// from the same digests and findings the feature pages use, so a number here is the number the
// linked page shows.
import type { Event, K8sResource } from '../../../shared/model/k8s';
import {
  ENACTMENT_NODE_LABEL,
  ENACTMENT_POLICY_LABEL,
  type NodeNetworkConfigurationEnactment,
  type NodeNetworkConfigurationPolicy,
} from '../../../shared/model/nmstate';
import { digestEnactment } from '../../policies/logic/enactmentCounter';
import type { EnactmentDigest } from '../../policies/logic/enactmentCounter';
import {
  getEnactmentKey,
  getPolicyConditionSummary,
  isStaleGeneration,
} from '../../policies/logic/enactments';
import { SANDBOX_FAILURE_REASON } from '../../nads/logic/attachFailures';

export interface PolicyHealth {
  degraded: string[];
  progressing: string[];
}

/** Policies by the condition the policy list shows for them (Degraded wins over Progressing). */
export function summarizePolicyHealth(
  policies: readonly NodeNetworkConfigurationPolicy[],
): PolicyHealth {
  const degraded: string[] = [];
  const progressing: string[] = [];
  for (const p of policies) {
    const { type } = getPolicyConditionSummary(p);
    if (type === 'Degraded') degraded.push(p.metadata.name);
    else if (type === 'Progressing') progressing.push(p.metadata.name);
  }
  return { degraded: degraded.sort(), progressing: progressing.sort() };
}

/**
 * What the overview keeps of an enactment: only failing and aborted ones (Retrying is still in
 * progress: the handler retries before it gives up), as the counter's digest. Every other
 * enactment is dropped on arrival, so a healthy cluster of 100,000 enactments holds nothing.
 */
export function digestFailingEnactment(obj: K8sResource): EnactmentDigest | null {
  if (typeof obj.metadata?.name !== 'string') return null;
  const d = digestEnactment(obj as NodeNetworkConfigurationEnactment);
  return d.phase === 'Failing' || d.phase === 'Aborted' ? d : null;
}

export interface NodeFailures {
  node: string;
  /** Policies failing or aborted on the node, by name. */
  policies: string[];
}

/**
 * Failing enactments grouped by node, most failures first. Enactments of policies that no
 * longer exist, or of an older generation of their policy (the handler has not reached the
 * node with the current one yet), do not count: the policy list does not count them either.
 */
export function groupFailuresByNode(
  digests: Iterable<EnactmentDigest>,
  policies: readonly NodeNetworkConfigurationPolicy[],
): NodeFailures[] {
  const generation = new Map(policies.map((p) => [p.metadata.name, p.metadata.generation]));
  // The handler labels every enactment with its node and policy; the policy names only help
  // to split the `<node>.<policy>` name of an unlabelled one.
  const known = { policies: [...generation.keys()] };
  const byNode = new Map<string, Set<string>>();
  for (const d of digests) {
    const labels: Record<string, string> = {};
    if (d.nodeLabel) labels[ENACTMENT_NODE_LABEL] = d.nodeLabel;
    if (d.policyLabel) labels[ENACTMENT_POLICY_LABEL] = d.policyLabel;
    const key = getEnactmentKey({ metadata: { name: d.name, labels } }, known);
    if (!key || !generation.has(key.policy)) continue;
    if (isStaleGeneration(d.policyGeneration, generation.get(key.policy))) continue;
    const set = byNode.get(key.node) ?? new Set<string>();
    set.add(key.policy);
    byNode.set(key.node, set);
  }
  return [...byNode.entries()]
    .map(([node, set]) => ({ node, policies: [...set].sort() }))
    .sort((a, b) => b.policies.length - a.policies.length || (a.node < b.node ? -1 : 1));
}

export interface NadProblem {
  namespace: string;
  name: string;
  /** Error findings of the validator (the ones that block Save in the editor). */
  errors: number;
}

/** Attachment definitions with errors, most errors first. */
export function listNadProblems(rows: readonly NadProblem[]): NadProblem[] {
  return rows
    .filter((r) => r.errors > 0)
    .map((r) => ({ ...r }))
    .sort(
      (a, b) =>
        b.errors - a.errors || `${a.namespace}/${a.name}`.localeCompare(`${b.namespace}/${b.name}`),
    );
}

/** What the overview keeps of a kubelet sandbox failure: the pod it is about. */
export interface SandboxFailureDigest {
  namespace: string;
  pod: string;
}

/**
 * A FailedCreatePodSandBox event about a pod whose message carries a Multus error (the thick
 * plugin's "networking: " prefix or libcni's multus wrapper, see nads/logic/attachFailures):
 * the kubelet could not create the pod's sandbox because an attachment failed. Sandbox
 * failures of other CNI plugins are not attachment problems and are dropped.
 */
export function digestSandboxFailure(obj: K8sResource): SandboxFailureDigest | null {
  const e = obj as Partial<Event>;
  if (e.reason !== SANDBOX_FAILURE_REASON || e.involvedObject?.kind !== 'Pod') return null;
  const message = typeof e.message === 'string' ? e.message : '';
  if (!/multus/i.test(message)) return null;
  const namespace = e.involvedObject.namespace ?? e.metadata?.namespace;
  const pod = e.involvedObject.name;
  if (!namespace || !pod) return null;
  return { namespace, pod };
}

/** Pods that failed to attach, counted once each, per namespace (most first). */
export function countSandboxFailuresByNamespace(
  digests: Iterable<SandboxFailureDigest>,
): { namespace: string; pods: number }[] {
  const pods = new Map<string, Set<string>>();
  for (const d of digests) {
    const set = pods.get(d.namespace) ?? new Set<string>();
    set.add(d.pod);
    pods.set(d.namespace, set);
  }
  return [...pods.entries()]
    .map(([namespace, set]) => ({ namespace, pods: set.size }))
    .sort((a, b) => b.pods - a.pods || a.namespace.localeCompare(b.namespace));
}
