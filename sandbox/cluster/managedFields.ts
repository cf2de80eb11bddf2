// Server-side apply field ownership, as far as kubectl's `apply --server-side` and `diff
// --server-side` rely on it. Follows kubernetes/apiserver pkg/endpoints/handlers/fieldmanager
// (apply and update managers, ManagedFieldsEntry with operation Apply/Update and FieldsV1) and
// sigs.k8s.io/structured-merge-diff (ownership by leaf field; a field another manager owns with a
// different value is a conflict unless force=true, which moves ownership; fields that the
// applier owned before and no longer applies are removed when nobody else owns them).
// Divergences: lists are atomic (owned as one field), which is what structured-merge-diff does
// for schemaless (x-kubernetes-preserve-unknown-fields) data such as NNCP desiredState but not
// for built-in associative lists (containers by name); and ownership is tracked only on objects
// that have been applied at least once, not on every object as kube-apiserver does.
import { ApiError } from './api';

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time: string;
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
  if (e.operation === 'Update') out += ` using ${e.apiVersion} at ${e.time}`;
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
  const managedFields = [...entries, entry].filter((e) => fromFieldsV1(e.fieldsV1).length > 0);
  return { obj, managedFields };
}

/**
 * managedFields after a non-apply write by `manager`: it owns every leaf it changed, and nobody
 * else owns those any more. Undefined when the object carries no managed fields (see above).
 */
export function recordUpdate(
  old: Dict,
  next: Dict,
  manager: string,
  apiVersion: string,
  now: string,
  subresource?: 'status',
): ManagedFieldsEntry[] | undefined {
  const entries = entriesOf(old);
  if (entries.length === 0) return undefined;
  const status = subresource === 'status';
  const before = new Map(fieldPaths(old, { status }).map((p) => [key(p), p]));
  const after = new Map(fieldPaths(next, { status }).map((p) => [key(p), p]));
  const changed = [...after.entries()]
    .filter(([k, p]) => !before.has(k) || !sameValue(get(old, p).value, get(next, p).value))
    .map(([, p]) => p);
  const gone = new Set([...before.keys()].filter((k) => !after.has(k)));
  const taken = new Set(changed.map(key));
  const kept = entries
    .map((e) => {
      if (e.manager === manager && e.operation === 'Update' && e.subresource === subresource) {
        return {
          ...e,
          fieldsV1: toFieldsV1([...fromFieldsV1(e.fieldsV1), ...changed].filter(uniq())),
        };
      }
      return {
        ...e,
        fieldsV1: toFieldsV1(
          fromFieldsV1(e.fieldsV1).filter((p) => !taken.has(key(p)) && !gone.has(key(p))),
        ),
      };
    })
    .filter((e) => fromFieldsV1(e.fieldsV1).length > 0);
  const has = kept.some(
    (e) => e.manager === manager && e.operation === 'Update' && e.subresource === subresource,
  );
  if (!has && changed.length > 0) {
    kept.push({
      manager,
      operation: 'Update',
      apiVersion,
      time: now,
      fieldsType: 'FieldsV1',
      fieldsV1: toFieldsV1(changed),
      ...(subresource ? { subresource } : {}),
    });
  }
  return kept;
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
 * The manager of a write that names none: kube-apiserver uses the User-Agent's first segment
 * (fieldmanager's prefixFromUserAgent: "kubectl/v1.35.2 (linux/amd64) ..." → "kubectl").
 */
export function managerFromUserAgent(userAgent: string | undefined): string {
  const first = (userAgent ?? '').split('/')[0] ?? '';
  // eslint-disable-next-line no-control-regex -- upstream drops non-printable characters
  return first.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 128);
}
