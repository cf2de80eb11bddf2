// Writes to the revision history (ControllerRevisions in HISTORY_NAMESPACE). Every function
// tolerates races with other users: a revision that already exists or was already pruned is
// fine, because the history converges on one object per policy generation either way.
import { k8sGet, k8sListItems } from '@openshift-console/dynamic-plugin-sdk';
import type { K8sResourceCommon } from '@openshift-console/dynamic-plugin-sdk';
import {
  ControllerRevisionModel,
  EnactmentModel,
  NodeModel,
  NodeNetworkStateModel,
} from '../../../shared/k8s/models';
import { createResource, deleteResource, updateResource } from '../../../shared/k8s/mutations';
import { toK8sError } from '../../../shared/k8s/k8sError';
import { getCurrentUsername } from '../../../shared/k8s/whoAmI';
import type { Node } from '../../../shared/model/k8s';
import type {
  NetworkState,
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { ENACTMENT_POLICY_LABEL } from '../../../shared/model/nmstate';
import { getMatchedNodes } from '../../policies/logic/nodeSelection';
import {
  DEFAULT_REVISIONS_KEPT,
  HISTORY_NAMESPACE,
  REVISION_POLICY_LABEL,
  REVISION_RECORDER,
  type ControllerRevision,
  type RevisionOutcome,
} from '../model/revision';
import { REVISION_BASELINE_KEY, buildRevisionBaseline } from '../logic/baseline';
import { getRevisionsToPrune, isTrusted } from '../logic/trust';
import {
  buildRevision,
  getPolicyLabelValue,
  getRevisionName,
  parseRevision,
  parseRevisions,
  withRevisionAuthor,
  withRevisionOutcome,
} from '../logic/revisions';

const list = async <T>(
  model: Parameters<typeof k8sListItems>[0]['model'],
  queryParams: Record<string, unknown> = {},
): Promise<T[]> =>
  (await k8sListItems<K8sResourceCommon>({ model, queryParams })) as unknown as T[];

/**
 * Only the first generation's revision carries a baseline: later generations start from a state
 * the policy itself already changed. Best effort: without it, revert falls back to the current
 * state and says so.
 */
const captureBaseline = async (
  policy: NodeNetworkConfigurationPolicy,
): Promise<Record<string, NetworkState> | null> => {
  if (policy.metadata.generation !== 1) return null;
  try {
    const [nodes, states, enactments] = await Promise.all([
      list<Node>(NodeModel),
      list<NodeNetworkState>(NodeNetworkStateModel),
      list<NodeNetworkConfigurationEnactment>(EnactmentModel, {
        labelSelector: { matchLabels: { [ENACTMENT_POLICY_LABEL]: policy.metadata.name } },
      }),
    ]);
    const current = new Map<string, NetworkState>();
    for (const s of states)
      if (s.status?.currentState) current.set(s.metadata.name, s.status.currentState);
    const baseline = buildRevisionBaseline(
      policy,
      getMatchedNodes(policy, nodes).map((n) => n.metadata.name),
      current,
      enactments,
    );
    return Object.keys(baseline).length > 0 ? baseline : null;
  } catch {
    return null;
  }
};

/**
 * Deletes this policy object's oldest trusted revisions beyond the newest `keep` (never the live
 * generation's or the newest Available one; see getRevisionsToPrune). Each delete is
 * preconditioned on the object's UID and resourceVersion, so an object replaced meanwhile stays.
 */
export async function prunePolicyRevisions(
  policy: NodeNetworkConfigurationPolicy,
  keep = DEFAULT_REVISIONS_KEPT,
): Promise<void> {
  const objects = await list<unknown>(ControllerRevisionModel, {
    ns: HISTORY_NAMESPACE,
    labelSelector: {
      matchLabels: { [REVISION_POLICY_LABEL]: getPolicyLabelValue(policy.metadata.name) },
    },
  });
  // Some clients ignore the selector: the policy name is checked again after parsing.
  const { revisions } = parseRevisions(objects);
  const own = revisions.filter((r) => r.policyName === policy.metadata.name);
  for (const name of getRevisionsToPrune(own, policy, keep)) {
    const r = own.find((x) => x.name === name);
    if (!r) continue;
    try {
      await deleteResource({
        model: ControllerRevisionModel,
        resource: {
          apiVersion: 'apps/v1',
          kind: 'ControllerRevision',
          metadata: { name: r.name, namespace: r.namespace },
        },
      });
    } catch (err) {
      if (toK8sError(err).kind !== 'notFound') throw err;
    }
  }
}

export interface RecordRevisionOptions {
  /**
   * This tab wrote the generation (a save, a rollback): the revision is signed with the current
   * user's name. The history watcher records what it finds unsigned, as it cannot know who wrote.
   */
  written?: boolean;
}

/**
 * Records the policy's current generation in the history. A generation this console wrote is
 * signed with the name the API server gives its user (SelfSubjectReview, at write time); one it
 * only saw is recorded unsigned, since nothing says who wrote it. The policies editor calls this after
 * every successful save; rollback and revert call it after their writes; the history watcher
 * calls it on first sight of a generation without a revision.
 */
export function recordPolicyRevision(
  policy: NodeNetworkConfigurationPolicy,
  { written = false }: RecordRevisionOptions = {},
): Promise<void> {
  // A write and the history watcher both see a new generation at once; one create per tab.
  const key = `${policy.metadata.name}/${policy.metadata.generation ?? ''}`;
  const earlier = inFlight.get(key) ?? (recorded.has(key) ? Promise.resolve() : undefined);
  if (earlier) {
    // The watcher may have recorded this write's generation, unsigned, before the write answered.
    return written ? earlier.then(() => signRevision(policy)) : earlier;
  }
  const p = (written ? getCurrentUsername() : Promise.resolve(undefined))
    .then((author) => record(policy, author))
    .then(() => {
      recorded.add(key);
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, p);
  return p;
}

const inFlight = new Map<string, Promise<void>>();
/** Generations this tab already recorded: the watch may not show them yet. */
const recorded = new Set<string>();

async function record(policy: NodeNetworkConfigurationPolicy, author?: string): Promise<void> {
  const cr = buildRevision(policy, {
    now: new Date().toISOString(),
    author,
    namespace: HISTORY_NAMESPACE,
  });
  const baseline = await captureBaseline(policy);
  if (baseline) cr.data[REVISION_BASELINE_KEY] = baseline;
  try {
    await createResource<ControllerRevision>({
      model: ControllerRevisionModel,
      data: cr,
      fieldManager: REVISION_RECORDER,
    });
  } catch (err) {
    // Another tab or user recorded this generation first, perhaps unsigned.
    if (toK8sError(err).kind !== 'alreadyExists') throw err;
    await checkExisting(policy);
    if (author) await signRevision(policy, author);
  }
  await prunePolicyRevisions(policy);
}

/** Thrown when the name the plugin records under is taken by an object it cannot trust. */
export class UntrustedRevisionError extends Error {}

async function checkExisting(policy: NodeNetworkConfigurationPolicy): Promise<void> {
  const name = getRevisionName(policy.metadata.name, policy.metadata.generation ?? 0);
  const stored: unknown = await k8sGet({
    model: ControllerRevisionModel,
    name,
    ns: HISTORY_NAMESPACE,
  });
  const parsed = parseRevision(stored);
  if (!parsed.ok || !isTrusted(parsed.revision, policy))
    throw new UntrustedRevisionError(
      `ControllerRevision ${HISTORY_NAMESPACE}/${name} exists and was not recorded by Switchboard for this policy`,
    );
}

/**
 * Adds the author to the generation's revision when it has none. Best effort: a conflict means
 * someone else just changed the revision, and the history stays correct, only unsigned.
 */
function signRevision(policy: NodeNetworkConfigurationPolicy, author?: string): Promise<void> {
  const name = getRevisionName(policy.metadata.name, policy.metadata.generation ?? 0);
  return oneWriteAtATime(name, () => signRevisionNow(policy, name, author));
}

async function signRevisionNow(
  policy: NodeNetworkConfigurationPolicy,
  name: string,
  author?: string,
): Promise<void> {
  const stored = (await k8sGet({
    model: ControllerRevisionModel,
    name,
    ns: HISTORY_NAMESPACE,
  })) as unknown as ControllerRevision;
  const parsed = parseRevision(stored);
  if (!parsed.ok || parsed.revision.author !== null || !isTrusted(parsed.revision, policy)) return;
  const user = author ?? (await getCurrentUsername());
  if (!user) return;
  try {
    await updateResource<ControllerRevision>({
      model: ControllerRevisionModel,
      data: withRevisionAuthor(stored, user),
      fieldManager: REVISION_RECORDER,
    });
  } catch (err) {
    if (toK8sError(err).kind !== 'conflict') throw err;
  }
}

/**
 * Writes an observed outcome onto the revision unless it is recorded already. The write waits
 * for this tab's other writes to the revision and reads it afresh; resourceVersion still makes a
 * concurrent writer in another tab 409, and the watch then brings their version.
 */
export function recordRevisionOutcome(
  revision: ControllerRevision,
  outcome: RevisionOutcome,
): Promise<void> {
  const name = revision.metadata.name;
  return oneWriteAtATime(name, async () => {
    const stored = (await k8sGet({
      model: ControllerRevisionModel,
      name,
      ns: revision.metadata.namespace,
    })) as unknown as ControllerRevision;
    // Replaced (deleted and re-created) meanwhile, or someone recorded this outcome already.
    if (stored.metadata.uid !== revision.metadata.uid) return;
    const parsed = parseRevision(stored);
    if (parsed.ok && parsed.revision.outcome === outcome) return;
    await updateResource<ControllerRevision>({
      model: ControllerRevisionModel,
      data: withRevisionOutcome(stored, outcome),
      fieldManager: REVISION_RECORDER,
    });
  });
}

/**
 * This tab's writes to one revision, in order. The author's signature (after a write) and the
 * outcome (when the watcher sees the rollout settle) both update the same object; sent together,
 * the second carried a stale resourceVersion and the API server answered 409, a conflict with
 * ourselves. Each write reads the object afresh once the previous one has finished.
 */
const revisionWrites = new Map<string, Promise<void>>();

function oneWriteAtATime(name: string, write: () => Promise<void>): Promise<void> {
  const previous = revisionWrites.get(name) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(write);
  const settled = next.catch(() => undefined);
  revisionWrites.set(name, settled);
  void settled.then(() => {
    if (revisionWrites.get(name) === settled) revisionWrites.delete(name);
  });
  return next;
}
