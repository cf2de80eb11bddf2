// Field ownership (metadata.managedFields) as kube-apiserver keeps it: server-side apply as far as
// kubectl's `apply --server-side` and `diff --server-side` rely on it, and every other write
// (create, update, patch) recorded as an Update entry of its manager. Follows kubernetes/apiserver
// pkg/endpoints/handlers (create.go, update.go, patch.go: managerOrUserAgent) and kubernetes/
// apimachinery pkg/util/managedfields/internal (ManagedFieldsEntry with operation Apply/Update and
// FieldsV1) with sigs.k8s.io/structured-merge-diff (ownership by leaf field; a field another
// manager owns with a different value is a conflict unless force=true, which moves ownership;
// fields that the applier owned before and no longer applies are removed when nobody else owns
// them).
// Divergences: lists are atomic (owned as one field), which is what structured-merge-diff does
// for schemaless (x-kubernetes-preserve-unknown-fields) data such as NNCP desiredState but not
// for built-in associative lists (containers by name); the in-process controllers are not HTTP
// clients and have no manager name, so their writes leave managedFields as they were; and
// kube-apiserver's last-applied-configuration upgrade for client-side apply is not reproduced.
import { ApiError } from './api';

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  /** Absent only on an entry a client wrote without one. */
  time?: string;
  fieldsType: 'FieldsV1';
  fieldsV1: Dict;
  subresource?: string;
}

/** Metadata the server owns; never part of anyone's field set. */
const SERVER_META = new Set([
  'name',
  'namespace',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
  'selfLink',
]);

type Path = string[];
const key = (p: Path): string => JSON.stringify(p);

/** Leaf paths of an object as its field set (objects are walked, everything else is a leaf). */
export function fieldPaths(obj: Dict, opts: { status: boolean }): Path[] {
  const out: Path[] = [];
  const walk = (v: unknown, path: Path): void => {
    if (isDict(v) && Object.keys(v).length > 0) {
      for (const [k, child] of Object.entries(v)) walk(child, [...path, k]);
    } else out.push(path);
  };
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'apiVersion' || k === 'kind') continue;
    if (k === 'status' && !opts.status) continue;
    if (k === 'metadata' && isDict(v)) {
      for (const [mk, mv] of Object.entries(v)) if (!SERVER_META.has(mk)) walk(mv, [k, mk]);
      continue;
    }
    walk(v, [k]);
  }
  return out;
}

/**
 * The field set an update compares (structured-merge-diff typed Compare): every leaf plus every
 * map on the way to one, so a map a write adds is owned itself (`.` in FieldsV1) as well as its
 * members. `metadata` itself is stripped (stripmeta.go).
 */
export function comparedPaths(obj: Dict, opts: { status: boolean }): Path[] {
  const out = new Map<string, Path>();
  for (const leaf of fieldPaths(obj, opts))
    for (let n = leaf[0] === 'metadata' ? 2 : 1; n <= leaf.length; n++) {
      const p = leaf.slice(0, n);
      out.set(key(p), p);
    }
  return [...out.values()];
}

/**
 * FieldsV1 as the apiserver writes it: `f:<name>` per member, a leaf as `{}`, and `.` only on a
 * member that is owned itself and also has owned children.
 */
export function toFieldsV1(paths: Path[]): Dict {
  const root: Dict = {};
  const owned = new Set<Dict>();
  for (const p of paths) {
    let node = root;
    for (const k of p) {
      const f = `f:${k}`;
      const next = isDict(node[f]) ? node[f] : {};
      node[f] = next;
      node = next;
    }
    owned.add(node);
  }
  const mark = (node: Dict): void => {
    const children = Object.values(node).filter(isDict);
    for (const c of children) mark(c);
    if (owned.has(node) && children.length > 0 && node !== root) node['.'] = {};
  };
  mark(root);
  return root;
}

export function fromFieldsV1(fields: unknown): Path[] {
  const out: Path[] = [];
  const walk = (node: unknown, path: Path): void => {
    if (!isDict(node)) return;
    const members = Object.keys(node).filter((k) => k.startsWith('f:'));
    if (path.length > 0 && (members.length === 0 || Object.hasOwn(node, '.'))) out.push(path);
    for (const k of members) walk(node[k], [...path, k.slice(2)]);
  };
  walk(fields, []);
  return out;
}

function get(obj: unknown, path: Path): { found: boolean; value?: unknown } {
  let v = obj;
  for (const k of path) {
    if (!isDict(v) || !Object.hasOwn(v, k)) return { found: false };
    v = v[k];
  }
  return { found: true, value: v };
}

function set(obj: Dict, path: Path, value: unknown): void {
  let node = obj;
  for (const k of path.slice(0, -1)) {
    if (!isDict(node[k])) node[k] = {};
    node = node[k] as Dict;
  }
  const last = path[path.length - 1];
  if (last !== undefined) node[last] = structuredClone(value);
}

function remove(obj: Dict, path: Path): void {
  const parents: Dict[] = [];
  let node: unknown = obj;
  for (const k of path.slice(0, -1)) {
    if (!isDict(node)) return;
    parents.push(node);
    node = node[k];
  }
  const last = path[path.length - 1];
  if (!isDict(node) || last === undefined) return;
  Reflect.deleteProperty(node, last);
  // Maps left empty by the removal go too, as a merge patch that nulls their last key would.
  for (let i = path.length - 2; i >= 0; i--) {
    const parent = parents[i];
    const k = path[i];
    if (!parent || k === undefined) break;
    const child = parent[k];
    if (isDict(child) && Object.keys(child).length === 0) Reflect.deleteProperty(parent, k);
    else break;
  }
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function entriesOf(obj: Dict): ManagedFieldsEntry[] {
  const meta = obj['metadata'];
  const mf = isDict(meta) ? meta['managedFields'] : undefined;
  return Array.isArray(mf) ? (structuredClone(mf) as ManagedFieldsEntry[]) : [];
}

/** How upstream names a manager in conflicts (apimachinery managedfields/internal/conflict.go). */
function printManager(e: ManagedFieldsEntry): string {
  let out = JSON.stringify(e.manager);
  if (e.subresource) out += ` with subresource ${JSON.stringify(e.subresource)}`;
  if (e.operation === 'Update')
    out += ` using ${e.apiVersion}${e.time === undefined ? '' : ` at ${e.time}`}`;
  return out;
}

interface Conflict {
  entry: ManagedFieldsEntry;
  path: Path;
}

function conflictError(conflicts: Conflict[]): ApiError {
  const causes = conflicts.map((c) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with ${printManager(c.entry)}`,
    field: ownerPath(c.path),
  }));
  const [only] = conflicts;
  if (conflicts.length === 1 && only) {
    return new ApiError(
      409,
      'Conflict',
      `Apply failed with 1 conflict: conflict with ${printManager(only.entry)}: ${ownerPath(only.path)}`,
      causes,
    );
  }
  const byManager = new Map<string, Path[]>();
  for (const c of conflicts) {
    const name = printManager(c.entry);
    byManager.set(name, [...(byManager.get(name) ?? []), c.path]);
  }
  const lines = [...byManager.keys()]
    .sort()
    .flatMap((m) => [
      `conflicts with ${m}:`,
      ...(byManager.get(m) ?? []).map((p) => `- ${ownerPath(p)}`),
    ]);
  return new ApiError(
    409,
    'Conflict',
    `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`,
    causes,
  );
}

function ownerPath(p: Path): string {
  return p.map((k) => `.${k}`).join('');
}

export interface ApplyInput {
  live: Dict;
  applied: Dict;
  manager: string;
  force: boolean;
  apiVersion: string;
  now: string;
  subresource?: 'status';
}

/** The object after an apply and its new managedFields; a 409 on conflicts without force. */
export function serverSideApply(input: ApplyInput): {
  obj: Dict;
  managedFields: ManagedFieldsEntry[];
} {
  const { live, applied, manager, force, apiVersion, now, subresource } = input;
  const status = subresource === 'status';
  const newPaths = fieldPaths(applied, { status }).filter((p) => !status || p[0] === 'status');
  let entries = entriesOf(live);
  const mine = (e: ManagedFieldsEntry): boolean =>
    e.manager === manager && e.operation === 'Apply' && e.subresource === subresource;
  const previous = entries.find(mine);
  const others = entries.filter((e) => !mine(e));

  const conflicts: Conflict[] = [];
  for (const e of others) {
    const owned = new Set(fromFieldsV1(e.fieldsV1).map(key));
    for (const p of newPaths) {
      if (!owned.has(key(p))) continue;
      const current = get(live, p);
      if (current.found && !sameValue(current.value, get(applied, p).value)) {
        conflicts.push({ entry: e, path: p });
      }
    }
  }
  if (conflicts.length > 0 && !force) throw conflictError(conflicts);
  const conflicted = new Set(conflicts.map((c) => key(c.path)));
  const applying = new Set(newPaths.map(key));
  // With force the applier takes conflicting fields over; shared equal values stay shared.
  entries = others.map((e) => ({
    ...e,
    fieldsV1: toFieldsV1(fromFieldsV1(e.fieldsV1).filter((p) => !conflicted.has(key(p)))),
  }));
  const ownedByOthers = new Set(entries.flatMap((e) => fromFieldsV1(e.fieldsV1).map(key)));

  const obj = structuredClone(live);
  for (const p of newPaths) set(obj, p, get(applied, p).value);
  for (const p of previous ? fromFieldsV1(previous.fieldsV1) : []) {
    if (!applying.has(key(p)) && !ownedByOthers.has(key(p))) remove(obj, p);
  }
  const entry: ManagedFieldsEntry = {
    manager,
    operation: 'Apply',
    apiVersion,
    time: now,
    fieldsType: 'FieldsV1',
    fieldsV1: toFieldsV1(newPaths),
    ...(subresource ? { subresource } : {}),
  };
  const managedFields = sortEntries(
    [...entries, entry].filter((e) => fromFieldsV1(e.fieldsV1).length > 0),
  );
  return { obj, managedFields };
}

/** Entries over this many from updates are merged into `ancient-changes` (capmanagers.go). */
export const MAX_UPDATE_MANAGERS = 10;

/**
 * An entry's identity (apimachinery managedfields/internal/managedfields.go,
 * BuildManagerIdentifier): manager, operation and subresource, plus the apiVersion for updates
 * only, so an applier keeps one entry across versions while an updater gets one per version.
 */
function identity(
  e: Pick<ManagedFieldsEntry, 'manager' | 'operation' | 'apiVersion' | 'subresource'>,
) {
  return JSON.stringify([
    e.manager,
    e.operation,
    e.operation === 'Apply' ? '' : e.apiVersion,
    e.subresource ?? '',
  ]);
}

/**
 * The request's managedFields as DecodeManagedFields reads them: null when any entry has an
 * operation other than Apply or Update, no apiVersion, or a fieldsType other than FieldsV1.
 */
function decodeEntries(raw: unknown): ManagedFieldsEntry[] | null {
  if (!Array.isArray(raw)) return null;
  const out = new Map<string, ManagedFieldsEntry>();
  for (const e of raw) {
    if (!isDict(e)) return null;
    const { manager, operation, apiVersion, fieldsType, fieldsV1, time, subresource } = e;
    if (operation !== 'Apply' && operation !== 'Update') return null;
    if (typeof apiVersion !== 'string' || apiVersion === '') return null;
    if (fieldsType !== 'FieldsV1') return null;
    if (fieldsV1 !== undefined && !isDict(fieldsV1)) return null;
    const entry: ManagedFieldsEntry = {
      manager: typeof manager === 'string' ? manager : '',
      operation,
      apiVersion,
      ...(typeof time === 'string' ? { time } : {}),
      fieldsType,
      fieldsV1: fieldsV1 ?? {},
      ...(typeof subresource === 'string' && subresource !== '' ? { subresource } : {}),
    };
    // A later entry with the same identity replaces an earlier one, as in the decoded map.
    out.set(identity(entry), entry);
  }
  return [...out.values()];
}

/**
 * `metadata.managedFields: []` or `[{}]` in a request resets the field ownership
 * (fieldmanager.go, isResetManagedFields).
 */
function isReset(raw: unknown): boolean {
  if (!Array.isArray(raw)) return false;
  if (raw.length === 0) return true;
  return raw.length === 1 && isDict(raw[0]) && Object.keys(raw[0]).length === 0;
}

const seconds = (time: string | undefined): number => {
  const t = Date.parse(time ?? '');
  return Number.isNaN(t) ? 0 : Math.floor(t / 1000);
};

/**
 * capManagersManager: the oldest update entries beyond MAX_UPDATE_MANAGERS are merged into one
 * `ancient-changes` entry per apiVersion, which takes the time of the newest entry merged in.
 */
function capUpdateManagers(entries: ManagedFieldsEntry[]): ManagedFieldsEntry[] {
  const updaters = entries.filter((e) => e.operation === 'Update');
  if (updaters.length <= MAX_UPDATE_MANAGERS) return entries;
  updaters.sort(
    (a, b) =>
      seconds(a.time) - seconds(b.time) ||
      (identity(a) < identity(b) ? -1 : identity(a) > identity(b) ? 1 : 0),
  );
  let result = [...entries];
  const firstOfVersion = new Map<string, ManagedFieldsEntry>();
  let length = updaters.length;
  for (const e of updaters) {
    if (length <= MAX_UPDATE_MANAGERS) break;
    const first = firstOfVersion.get(e.apiVersion);
    if (!first) {
      firstOfVersion.set(e.apiVersion, e);
      continue;
    }
    const bucketId = identity({
      manager: 'ancient-changes',
      operation: 'Update',
      apiVersion: e.apiVersion,
    });
    let bucket = result.find((x) => identity(x) === bucketId);
    if (!bucket) {
      // The first entry of this version becomes the bucket.
      bucket = { ...first, manager: 'ancient-changes' };
      delete bucket.subresource;
      result = result.map((x) => (x === first ? (bucket as ManagedFieldsEntry) : x));
    }
    const merged: ManagedFieldsEntry = {
      ...bucket,
      fieldsV1: toFieldsV1(
        [...fromFieldsV1(bucket.fieldsV1), ...fromFieldsV1(e.fieldsV1)].filter(uniq()),
      ),
    };
    // The bucket takes the time of the entry merged in, which is newer.
    if (e.time === undefined) delete merged.time;
    else merged.time = e.time;
    result = result.filter((x) => x !== e).map((x) => (x === bucket ? merged : x));
    length--;
  }
  return result;
}

/**
 * Order of the encoded list (managedfields.go, sortEncodedManagedFields): Apply before Update,
 * then by time in seconds, manager, apiVersion and subresource.
 */
function sortEntries(entries: ManagedFieldsEntry[]): ManagedFieldsEntry[] {
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return [...entries].sort(
    (a, b) =>
      cmp(a.operation, b.operation) ||
      seconds(a.time) - seconds(b.time) ||
      cmp(a.manager, b.manager) ||
      cmp(a.apiVersion, b.apiVersion) ||
      cmp(a.subresource ?? '', b.subresource ?? ''),
  );
}

export interface WriteInput {
  /** The stored object; undefined for a create (the handler's empty live object). */
  live: Dict | undefined;
  /** The object about to be stored, with the managedFields the request carried. */
  next: Dict;
  /** managerOrUserAgent: the fieldManager parameter, else the User-Agent's prefix. */
  manager: string;
  apiVersion: string;
  now: string;
  subresource?: 'status';
}

/**
 * managedFields after a create, update or non-apply patch, as kube-apiserver's FieldManager
 * Update computes them (apimachinery pkg/util/managedfields/internal: fieldmanager.go,
 * skipnonapplied.go, managedfieldsupdater.go, buildmanagerinfo.go, capmanagers.go, stripmeta.go;
 * sigs.k8s.io/structured-merge-diff merge/update.go, Updater.Update):
 * - the starting entries are the request's when it carries decodable ones (a client may set
 *   them), none when it resets them, else the stored object's; a subresource write always
 *   starts from the stored object's;
 * - an update of an object that has no entries stays untracked; a create is always tracked
 *   (DefaultTrackOnCreateProbability is 1);
 * - fields the write added or changed belong to the writer's Update entry and leave every other
 *   entry; fields it removed leave every entry; entries left empty are dropped;
 * - the writer's entry (manager "unknown" when it has no name) gets the write's time and
 *   apiVersion only when the write changed a field; otherwise it stays as it was.
 * Returns the entries to store, empty when the object is untracked.
 */
export function recordWrite(input: WriteInput): ManagedFieldsEntry[] {
  const { live, next, apiVersion, now, subresource } = input;
  const manager = input.manager === '' ? 'unknown' : input.manager;
  const requested = isDict(next['metadata']) ? next['metadata']['managedFields'] : undefined;
  let entries: ManagedFieldsEntry[];
  if (subresource) entries = live ? entriesOf(live) : [];
  else if (isReset(requested)) entries = [];
  else {
    const decoded = decodeEntries(requested);
    entries = decoded && decoded.length > 0 ? decoded : live ? entriesOf(live) : [];
  }
  if (entries.length === 0 && live) return [];

  // Status is compared everywhere: where a status subresource exists, a write to the main
  // resource keeps the stored status (the reset fields of its strategy), so it changes nothing.
  const old = live ?? {};
  const before = new Map(comparedPaths(old, { status: true }).map((p) => [key(p), p]));
  const after = new Map(comparedPaths(next, { status: true }).map((p) => [key(p), p]));
  const leaves = new Set(fieldPaths(next, { status: true }).map(key));
  const oldLeaves = new Set(fieldPaths(old, { status: true }).map(key));
  // Added: in the new object only (maps included, typed/compare.go); modified: a leaf on both
  // sides whose value changed (a map on either side is descended into instead).
  const changed = [...after.entries()]
    .filter(
      ([k, p]) =>
        !before.has(k) ||
        (leaves.has(k) && oldLeaves.has(k) && !sameValue(get(old, p).value, get(next, p).value)),
    )
    .map(([, p]) => p);
  const taken = new Set(changed.map(key));
  const gone = new Set([...before.keys()].filter((k) => !after.has(k)));

  const writer: Omit<ManagedFieldsEntry, 'time' | 'fieldsV1'> = {
    manager,
    operation: 'Update',
    apiVersion,
    fieldsType: 'FieldsV1',
    ...(subresource ? { subresource } : {}),
  };
  const writerId = identity(writer);
  const previous = entries.find((e) => identity(e) === writerId);
  // An entry that loses nothing keeps its FieldsV1 exactly as stored.
  const without = (e: ManagedFieldsEntry, drop: (k: string) => boolean): ManagedFieldsEntry => {
    const paths = fromFieldsV1(e.fieldsV1);
    const left = paths.filter((p) => !drop(key(p)));
    return left.length === paths.length ? e : { ...e, fieldsV1: toFieldsV1(left) };
  };
  const kept = entries
    .filter((e) => identity(e) !== writerId)
    .map((e) => without(e, (k) => taken.has(k) || gone.has(k)));
  const previousLeft = previous ? without(previous, (k) => gone.has(k)) : undefined;
  if (changed.length > 0)
    kept.push({
      ...writer,
      time: now,
      fieldsV1: toFieldsV1(
        [...(previousLeft ? fromFieldsV1(previousLeft.fieldsV1) : []), ...changed].filter(uniq()),
      ),
    });
  else if (previousLeft) kept.push(previousLeft);
  const nonEmpty = kept.filter((e) => Object.keys(e.fieldsV1).length > 0);
  return sortEntries(capUpdateManagers(nonEmpty));
}

function uniq(): (p: Path) => boolean {
  const seen = new Set<string>();
  return (p) => {
    const k = key(p);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  };
}

/**
 * The manager of a write that names none (apiserver pkg/endpoints/handlers/rest.go,
 * prefixFromUserAgent): the User-Agent up to its first "/" ("kubectl/v1.35.2 (linux/amd64) ..."
 * is "kubectl", a browser's "Mozilla/5.0 ..." is "Mozilla"), without the characters Go's
 * unicode.IsPrint rejects, cut at FieldManagerMaxLength (128) bytes without splitting one.
 */
export function managerFromUserAgent(userAgent: string | undefined): string {
  const first = (userAgent ?? '').split('/')[0] ?? '';
  let out = '';
  let bytes = 0;
  for (const ch of first) {
    // IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
    if (ch !== ' ' && !/[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(ch)) continue;
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > 128) break;
    out += ch;
    bytes += size;
  }
  return out;
}

/**
 * `stored` with every leaf that mutating admission changed (between `requested` and `mutated`)
 * put back as the request had it: kube-apiserver records field ownership before mutating
 * admission runs, so a webhook's change is nobody's.
 */
export function withoutMutations(stored: Dict, requested: Dict, mutated: Dict): Dict {
  const out = structuredClone(stored);
  const paths = new Map<string, Path>();
  for (const p of [
    ...fieldPaths(requested, { status: true }),
    ...fieldPaths(mutated, { status: true }),
  ])
    paths.set(key(p), p);
  for (const p of paths.values()) {
    const before = get(requested, p);
    const after = get(mutated, p);
    if (before.found === after.found && sameValue(before.value, after.value)) continue;
    if (before.found) set(out, p, before.value);
    else remove(out, p);
  }
  return out;
}
