// The YAML tab of a details page edits the whole object as text, as the console's
// ResourceYAMLEditor does (openshift/console release-4.22, frontend/public/components/edit-yaml.tsx):
// the write is a PUT carrying the resourceVersion the draft was made from, so a concurrent change
// is a 409, and name, namespace, kind and API group cannot be changed from there. On a 409 the
// draft is re-applied on top of the server's copy with the editors' three-way merge (merge.ts,
// lists by element identity); the caller supplies the kind's merge and the printer that writes the
// result onto the user's text, so comments and key order survive.
import type { K8sResource } from '../model/k8s';
import { canonicalJson } from './canonicalJson';
import type { ConflictChoice, MergeConflict } from './merge';

/**
 * What the editor shows of an object: everything but `metadata.managedFields`, which only the
 * server writes (the console folds it away; an update without it keeps the server's).
 */
export function editableObject<T extends K8sResource>(obj: T): T {
  if (!obj.metadata || !('managedFields' in obj.metadata)) return obj;
  const metadata = { ...obj.metadata };
  delete metadata.managedFields;
  return { ...obj, metadata };
}

/**
 * True when the watched copy `live` is known to be older than `base`, the copy last read or
 * written. A watch can deliver an older version after a GET or a save has returned a newer one
 * (a status write queued before the change); following it would show an old object and drop a
 * change the page already showed. Kubernetes calls resourceVersion opaque, so this only answers
 * when both are decimal integers, as every etcd-backed apiserver (and the sandbox) writes them;
 * otherwise it says "not older" and the view follows the watch as before.
 */
export function isOlderVersion(live: string | undefined, base: string | undefined): boolean {
  if (!live || !base || !/^\d+$/.test(live) || !/^\d+$/.test(base)) return false;
  return BigInt(live) < BigInt(base);
}

/** What a PUT to the main resource can change: the object without status and server fields. */
function writable(obj: K8sResource): unknown {
  const rest: Record<string, unknown> = { ...obj };
  delete rest.status;
  const metadata = { ...(obj.metadata ?? {}) };
  delete metadata.resourceVersion;
  delete metadata.managedFields;
  delete metadata.generation;
  return { ...rest, metadata };
}

/**
 * The draft with the base's values where a PUT cannot write (status, resourceVersion,
 * generation): a text pasted or kept from an older copy carries old values there, which the
 * server would ignore anyway, and must not show up as the user's changes in a merge.
 */
function withUnwritableOf<T extends K8sResource>(mine: T, base: T): T {
  const out: K8sResource = { ...mine, metadata: { ...(mine.metadata ?? {}) } };
  const metadata = out.metadata ?? {};
  if (base.status === undefined) delete out.status;
  else out.status = base.status;
  if (base.metadata?.resourceVersion === undefined) delete metadata.resourceVersion;
  else metadata.resourceVersion = base.metadata.resourceVersion;
  if (base.metadata?.generation === undefined) delete metadata.generation;
  else metadata.generation = base.metadata.generation;
  return out as T;
}

/**
 * True when the server's copy differs from the one the draft was made from only where a PUT of
 * the draft cannot write: `status` (kube-apiserver ignores it in a main-resource update of a kind
 * with the status subresource, as NodeNetworkConfigurationPolicy and NodeNetworkState have;
 * NetworkAttachmentDefinitions have no status), resourceVersion, generation and managedFields. A controller writing status then made
 * the save a 409 without any change to merge or lose; the editor re-applies the draft and saves
 * again instead of asking the user about a conflict there is not.
 */
export function changedOnlyWhereUnwritable(base: K8sResource, latest: K8sResource): boolean {
  return canonicalJson(writable(base)) === canonicalJson(writable(latest));
}

export type IdentityField = 'kind' | 'apiGroup' | 'name' | 'namespace';

const group = (apiVersion: unknown): string =>
  typeof apiVersion === 'string' && apiVersion.includes('/')
    ? (apiVersion.split('/')[0] ?? '')
    : '';

/**
 * The first identity field the draft changed, with both values; the console refuses these
 * ("Cannot change resource name (original: …, updated: …)").
 */
export function changedIdentity(
  base: K8sResource,
  draft: K8sResource,
): { field: IdentityField; original: string; updated: string } | null {
  const pairs: [IdentityField, string, string][] = [
    ['name', base.metadata?.name ?? '', draft.metadata?.name ?? ''],
    ['namespace', base.metadata?.namespace ?? '', draft.metadata?.namespace ?? ''],
    ['kind', base.kind ?? '', draft.kind ?? ''],
    ['apiGroup', group(base.apiVersion), group(draft.apiVersion)],
  ];
  const hit = pairs.find(([, a, b]) => a !== b);
  return hit ? { field: hit[0], original: hit[1], updated: hit[2] } : null;
}

/**
 * The object to PUT: the draft with the resourceVersion of the copy it was made from, whatever
 * the text says there, so the write is conditional even when the line was deleted or edited.
 */
export function toWrite<T extends K8sResource>(draft: T, base: K8sResource): T {
  const resourceVersion = base.metadata?.resourceVersion;
  const metadata = { ...(draft.metadata ?? {}) };
  if (resourceVersion === undefined) delete metadata.resourceVersion;
  else metadata.resourceVersion = resourceVersion;
  return { ...draft, metadata };
}

export interface KindMergeResult<T> {
  merged: T;
  conflicts: MergeConflict[];
  unresolved: number;
}
/** A kind's three-way merge (the one its editor uses). */
export type KindMerge<T> = (
  base: T,
  mine: T,
  theirs: T,
  choices: Readonly<Record<string, ConflictChoice>>,
) => KindMergeResult<T>;

export type RebaseResult<T> =
  | { ok: true; text: string; merged: T; conflicts: MergeConflict[] }
  | { ok: false; conflicts: MergeConflict[]; unresolved: number };

/**
 * The user's draft re-applied on top of the server's latest copy. Until every element both sides
 * changed differently has a choice nothing is produced (no colleague's change is dropped unseen);
 * then the merged object, carrying the latest resourceVersion, is written onto the user's text.
 */
export function rebaseDraft<T extends K8sResource>(input: {
  text: string;
  base: T;
  mine: T;
  latest: T;
  choices: Readonly<Record<string, ConflictChoice>>;
  merge: KindMerge<T>;
  print: (previousText: string, obj: T) => string;
}): RebaseResult<T> {
  const latest = editableObject(input.latest);
  const base = editableObject(input.base);
  const r = input.merge(
    base,
    withUnwritableOf(editableObject(input.mine), base),
    latest,
    input.choices,
  );
  if (r.unresolved > 0) return { ok: false, conflicts: r.conflicts, unresolved: r.unresolved };
  const merged = toWrite(editableObject(r.merged), latest);
  return { ok: true, text: input.print(input.text, merged), merged, conflicts: r.conflicts };
}
