// Rows of the policy list: each policy with its matched nodes and status summary, and the list's
// text and state filters. A policy without enactments has zero counts (never a missing entry), so
// a state filter never trips over it.
import type { Event, Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
} from '../../../shared/model/nmstate';
import type { EnactmentPhase, PolicyHeadline, PolicyStatusSummary } from '../model/enactmentStatus';
import { getPolicyEnactments, indexEnactments, summarizePolicyStatus } from './enactments';
import { getMatchedNodes } from './nodeSelection';

export interface PolicyRow {
  name: string;
  policy: NodeNetworkConfigurationPolicy;
  matchedNodes: string[];
  summary: PolicyStatusSummary;
}

export const buildPolicyRows = (
  policies: readonly NodeNetworkConfigurationPolicy[],
  enactments: readonly NodeNetworkConfigurationEnactment[],
  nodes: readonly Node[],
): PolicyRow[] => {
  const index = indexEnactments(enactments, {
    policies: policies.map((p) => p.metadata.name),
    nodes: nodes.map((n) => n.metadata.name),
  });
  return policies
    .map((policy) => ({
      name: policy.metadata.name,
      policy,
      matchedNodes: getMatchedNodes(policy, nodes).map((n) => n.metadata.name),
      summary: summarizePolicyStatus(
        policy,
        getPolicyEnactments(index, policy.metadata.name).values(),
      ),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
};

/** What the state filter offers: enactment phases plus the policy-level headlines. */
export type PolicyStateFilter = EnactmentPhase | PolicyHeadline;

export interface PolicyListFilter {
  text: string;
  /** Empty: every state. Otherwise a row matches when any selected state applies to it. */
  states: readonly PolicyStateFilter[];
}

const matchesState = (row: PolicyRow, state: PolicyStateFilter): boolean => {
  if (state in row.summary.counts && row.summary.counts[state as EnactmentPhase] > 0) return true;
  return row.summary.headline === state;
};

export const filterPolicyRows = (
  rows: readonly PolicyRow[],
  filter: PolicyListFilter,
): PolicyRow[] => {
  const text = filter.text.trim().toLowerCase();
  return rows.filter((row) => {
    if (filter.states.length > 0 && !filter.states.some((s) => matchesState(row, s))) return false;
    if (text === '') return true;
    const description = row.policy.metadata.annotations?.description ?? '';
    return (
      row.name.toLowerCase().includes(text) ||
      description.toLowerCase().includes(text) ||
      row.matchedNodes.some((n) => n.toLowerCase().includes(text))
    );
  });
};

/**
 * Events about one policy, newest first. NNCPs are cluster-scoped, so their events live in the
 * `default` namespace; the uid is compared when both sides have one so a recreated policy of
 * the same name does not inherit its predecessor's events.
 */
export const getPolicyEvents = (
  events: readonly Event[],
  policy: NodeNetworkConfigurationPolicy,
): Event[] => {
  const uid = policy.metadata.uid;
  const time = (e: Event): string =>
    e.lastTimestamp ?? e.firstTimestamp ?? e.metadata.creationTimestamp ?? '';
  return events
    .filter(
      (e) =>
        e.involvedObject.kind === 'NodeNetworkConfigurationPolicy' &&
        e.involvedObject.name === policy.metadata.name &&
        (!uid || !e.involvedObject.uid || e.involvedObject.uid === uid),
    )
    .sort((a, b) => time(b).localeCompare(time(a)));
};
