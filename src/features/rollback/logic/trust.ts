// How far a revision can be trusted. Anyone allowed to create ControllerRevisions in the history
// namespace can write any content, so a revision is only trusted when everything the server
// keeps about it fits the plugin's own recording of this very policy: owned by the live
// policy's UID, not from the future, written by the plugin's flow under its name for that
// generation, and, for the live generation, holding the live spec. Untrusted revisions are shown
// with their reasons, never preselected, never used as a revert baseline and never pruned.
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { DEFAULT_REVISIONS_KEPT, REVISION_RECORDER, type PolicyRevision } from '../model/revision';
import { getRevisionName, sortRevisions } from './revisions';
import { specsEqual } from './specDiff';

export type RevisionTrustIssue =
  /** No owner reference to a policy: recorded by an older plugin or by hand. */
  | 'trust.noOwner'
  /** Owned by another policy object (a deleted one of the same name, or a forgery). */
  | 'trust.otherUid'
  /** Claims a generation the live policy has not reached. */
  | 'trust.generationAboveLive'
  /** Missing the plugin's marker, name or revision number for its generation. */
  | 'trust.notPluginWritten'
  /** Created before the live policy existed. */
  | 'trust.recordedBeforePolicy'
  /** Claims the live generation but holds another spec. */
  | 'trust.specMismatchAtLive';

export type AuthorTrust =
  /** No author recorded. */
  | 'none'
  /** The server's field ownership shows only the plugin wrote the author. */
  | 'serverConfirmed'
  /** Written by the plugin from SelfSubjectReview, but the server keeps no field ownership. */
  | 'unverified'
  /** Another writer changed the author after the plugin recorded it. */
  | 'edited';

export interface RevisionTrust {
  trusted: boolean;
  issues: RevisionTrustIssue[];
  author: AuthorTrust;
}

export const assessAuthor = (r: PolicyRevision): AuthorTrust => {
  if (r.author === null) return 'none';
  if (r.authorMismatch) return 'edited';
  if (r.managers === null) return 'unverified';
  const owners = r.managers.filter((m) => m.ownsAuthor);
  if (owners.length === 0) return 'unverified';
  return owners.every((m) => m.manager === REVISION_RECORDER) ? 'serverConfirmed' : 'edited';
};

export const assessRevision = (
  r: PolicyRevision,
  live: NodeNetworkConfigurationPolicy,
): RevisionTrust => {
  const issues: RevisionTrustIssue[] = [];
  const uid = live.metadata.uid;
  const generation = live.metadata.generation ?? 0;
  if (r.ownerUid === null) issues.push('trust.noOwner');
  else if (uid && r.ownerUid !== uid) issues.push('trust.otherUid');
  if (r.generation > generation) issues.push('trust.generationAboveLive');
  if (
    r.recorder !== REVISION_RECORDER ||
    r.name !== getRevisionName(live.metadata.name, r.generation) ||
    (r.revisionNumber !== null && r.revisionNumber !== r.generation) ||
    (r.managers !== null && !r.managers.some((m) => m.manager === REVISION_RECORDER))
  )
    issues.push('trust.notPluginWritten');
  const created = live.metadata.creationTimestamp;
  if (created && r.createdAt && Date.parse(r.createdAt) < Date.parse(created))
    issues.push('trust.recordedBeforePolicy');
  if (r.generation === generation && !specsEqual(r.spec, live.spec))
    issues.push('trust.specMismatchAtLive');
  return { trusted: issues.length === 0, issues, author: assessAuthor(r) };
};

export const isTrusted = (r: PolicyRevision, live: NodeNetworkConfigurationPolicy): boolean =>
  assessRevision(r, live).trusted;

/**
 * Names of revisions to delete: only trusted revisions of this policy object, oldest first,
 * beyond the newest `keep`; never the live generation's, never the newest Available one.
 * Untrusted revisions neither count nor go: planted objects cannot push genuine ones out.
 */
export const getRevisionsToPrune = (
  revisions: readonly PolicyRevision[],
  live: NodeNetworkConfigurationPolicy,
  keep = DEFAULT_REVISIONS_KEPT,
): string[] => {
  const own = sortRevisions(revisions.filter((r) => isTrusted(r, live)));
  const newestAvailable = own.find((r) => r.outcome === 'Available')?.name;
  const protectedNames = new Set(
    [
      newestAvailable,
      ...own.filter((r) => r.generation === live.metadata.generation).map((r) => r.name),
    ].filter((n): n is string => n !== undefined),
  );
  const room = Math.max(0, keep);
  return own
    .slice(room)
    .filter((r) => !protectedNames.has(r.name))
    .reverse()
    .map((r) => r.name);
};
