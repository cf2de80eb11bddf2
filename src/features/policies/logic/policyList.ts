// Rows of the policy list: each policy with its matched nodes and status summary, and the list's
// text and state filters. A policy without enactments has zero counts (never a missing entry), so
// a state filter never trips over it.
import type { Event, Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
} from '../../../shared/model/nmstate';
import { ENACTMENT_PHASES } from '../model/enactmentStatus';
import type { EnactmentPhase, PolicyHeadline, PolicyStatusSummary } from '../model/enactmentStatus';
import { emptyPhaseCounts, summarizePhaseCounts } from './enactments';
import { createEnactmentCounter, digestEnactment } from './enactmentCounter';
import type { PhaseCounts } from './enactmentCounter';
import { getHandlerSummary } from './handlerSummary';
import { getMatchedNodes } from './nodeSelection';

export interface PolicyRow {
  name: string;
  policy: NodeNetworkConfigurationPolicy;
  matchedNodes: string[];
  summary: PolicyStatusSummary;
  /**
   * `handler`: fewer of the policy's enactments have arrived than the handler reports, so the
   * counts are the handler's summary (see getHandlerSummary) until the rest arrive.
   */
  countsFrom: 'enactments' | 'handler';
}

/** Matched node names per policy object, valid while the node list is the same array. */
const matchedCache = new WeakMap<object, { nodes: readonly Node[]; names: string[] }>();

const getMatchedNodeNames = (
  policy: NodeNetworkConfigurationPolicy,
  nodes: readonly Node[],
): string[] => {
  const hit = matchedCache.get(policy);
  if (hit?.nodes === nodes) return hit.names;
  const names = getMatchedNodes(policy, nodes).map((n) => n.metadata.name);
  matchedCache.set(policy, { nodes, names });
  return names;
};

/** Phase counts of every policy from whole enactment objects, in one go. */
export const countEnactments = (
  policies: readonly NodeNetworkConfigurationPolicy[],
  enactments: readonly NodeNetworkConfigurationEnactment[],
  nodes: readonly Node[],
): ReadonlyMap<string, PhaseCounts> => {
  const counter = createEnactmentCounter();
  counter.apply({ reset: true, upserts: enactments.map(digestEnactment), deletes: [] });
  return counter.count(policies, nodes);
};

export const buildPolicyRows = (
  policies: readonly NodeNetworkConfigurationPolicy[],
  enactments: readonly NodeNetworkConfigurationEnactment[],
  nodes: readonly Node[],
): PolicyRow[] =>
  buildPolicyRowsFromCounts(policies, countEnactments(policies, enactments, nodes), nodes);

/**
 * Rows from phase counts already taken: the list page keeps an EnactmentCounter fed by its
 * lean watch, so a watch flush costs only the enactments it changed.
 */
export const buildPolicyRowsFromCounts = (
  policies: readonly NodeNetworkConfigurationPolicy[],
  counts: ReadonlyMap<string, PhaseCounts>,
  nodes: readonly Node[],
): PolicyRow[] => {
  return policies
    .map((policy): PolicyRow => {
      const own = counts.get(policy.metadata.name) ?? emptyPhaseCounts();
      const received = ENACTMENT_PHASES.reduce((sum, phase) => sum + own[phase], 0);
      const handler = getHandlerSummary(policy);
      const fromHandler = handler !== undefined && received < handler.matching;
      const shown = fromHandler ? { ...emptyPhaseCounts(), Available: handler.available } : own;
      return {
        name: policy.metadata.name,
        policy,
        matchedNodes: getMatchedNodeNames(policy, nodes),
        summary: summarizePhaseCounts(policy, shown),
        countsFrom: fromHandler ? 'handler' : 'enactments',
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
};

/** What the state filter offers: enactment phases plus the policy-level headlines. */
export type PolicyStateFilter = EnactmentPhase | PolicyHeadline;

/** Every state the filter offers, in the order the toolbar shows them. */
export const POLICY_STATE_FILTERS: readonly PolicyStateFilter[] = [
  'Available',
  'Progressing',
  'Pending',
  'Failing',
  'Aborted',
  'Retrying',
  'Degraded',
  'NoMatchingNode',
];

/**
 * The states named by the URL's row filter (values joined by commas, as the console's list
 * filters write them). Unknown names are dropped: the value comes from a shared link.
 */
export const parseStateFilter = (value: string | null): PolicyStateFilter[] => {
  if (!value) return [];
  const named = new Set(value.split(','));
  return POLICY_STATE_FILTERS.filter((s) => named.has(s));
};

export interface PolicyListFilter {
  text: string;
  /** Empty: every state. Otherwise a row matches when any selected state applies to it. */
  states: readonly PolicyStateFilter[];
}

/** Whether `state` applies to the row: one of its enactments is in it, or it is the headline. */
export const matchesState = (row: PolicyRow, state: PolicyStateFilter): boolean => {
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

/**
 * The Enactments column's sort key: policies with failing or aborted enactments first (when
 * sorted descending), then those still rolling out, then by how many are available.
 */
export const enactmentSortKey = (row: PolicyRow): number[] => {
  const c = row.summary.counts;
  return [c.Failing + c.Aborted, c.Progressing + c.Pending + c.Retrying, c.Available];
};

/** The Conditions column's sort key: the policy's headline (Available, Degraded, …). */
export const conditionSortKey = (row: PolicyRow): string => row.summary.headline;
