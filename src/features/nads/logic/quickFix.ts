// Applies a finding's quick fix to the config text. Edits go through the parsed value and are
// serialised in the text's own style; unknown keys and key order are kept.
import type { JsonObject, JsonValue } from '../model/json';
import type { QuickFix } from '../model/types';
import {
  cloneJson,
  isJsonObject,
  parseJson,
  parseJsonPath,
  setMember,
  stringifyLike,
} from './json';

export type ApplyQuickFixResult =
  { ok: true; text: string } | { ok: false; reason: 'unparsable' | 'pathNotFound' };

type Container = JsonObject | JsonValue[];

function parentOf(
  root: JsonValue,
  segs: (string | number)[],
  create: boolean,
): Container | undefined {
  let cur: JsonValue = root;
  for (let i = 0; i < segs.length - 1; i++) {
    const s = segs[i];
    if (s === undefined) return undefined;
    let next: JsonValue | undefined;
    if (typeof s === 'number') next = Array.isArray(cur) ? cur[s] : undefined;
    else if (isJsonObject(cur)) {
      // Own members only: `__proto__` would otherwise walk into Object.prototype.
      next = Object.hasOwn(cur, s) ? cur[s] : undefined;
      if (next === undefined && create) {
        next = typeof segs[i + 1] === 'number' ? [] : {};
        setMember(cur, s, next);
      }
    }
    if (next === undefined || typeof next !== 'object' || next === null) return undefined;
    cur = next;
  }
  return typeof cur === 'object' && cur !== null ? cur : undefined;
}

function getAt(root: JsonValue, segs: (string | number)[]): JsonValue | undefined {
  const parent = parentOf(root, segs, false);
  const last = segs[segs.length - 1];
  if (!parent || last === undefined) return undefined;
  return Array.isArray(parent)
    ? typeof last === 'number'
      ? parent[last]
      : undefined
    : typeof last === 'string' && Object.hasOwn(parent, last)
      ? parent[last]
      : undefined;
}

function setAt(root: JsonValue, segs: (string | number)[], value: JsonValue): boolean {
  const parent = parentOf(root, segs, true);
  const last = segs[segs.length - 1];
  if (!parent || last === undefined) return false;
  if (Array.isArray(parent)) {
    if (typeof last !== 'number' || last > parent.length) return false;
    parent[last] = value;
  } else if (typeof last === 'string') setMember(parent, last, value);
  else return false;
  return true;
}

function removeAt(root: JsonValue, segs: (string | number)[]): boolean {
  const parent = parentOf(root, segs, false);
  const last = segs[segs.length - 1];
  if (!parent || last === undefined) return false;
  if (Array.isArray(parent)) {
    if (typeof last !== 'number' || last >= parent.length) return false;
    parent.splice(last, 1);
  } else if (typeof last === 'string' && Object.hasOwn(parent, last)) {
    Reflect.deleteProperty(parent, last);
  } else return false;
  return true;
}

/** Renames a key in place so it keeps its position among its siblings. */
function renameAt(root: JsonValue, segs: (string | number)[], to: string): boolean {
  const parent = parentOf(root, segs, false);
  const last = segs[segs.length - 1];
  if (
    !isJsonObject(parent) ||
    typeof last !== 'string' ||
    !Object.hasOwn(parent, last) ||
    Object.hasOwn(parent, to)
  )
    return false;
  const entries = Object.keys(parent).map((k) => [k === last ? to : k, parent[k]] as const);
  for (const k of Object.keys(parent)) Reflect.deleteProperty(parent, k);
  for (const [k, v] of entries) if (v !== undefined) setMember(parent, k, v);
  return true;
}

export function applyQuickFixToValue(root: JsonValue, fix: QuickFix): boolean {
  const segs = parseJsonPath(fix.path);
  if (!segs || segs.length === 0) return false;
  switch (fix.kind) {
    case 'replace':
      return setAt(root, segs, cloneJson(fix.value));
    case 'remove':
      return removeAt(root, segs);
    case 'rename-key':
      return renameAt(root, segs, fix.to);
    case 'append': {
      const cur = getAt(root, segs);
      if (cur === undefined) return setAt(root, segs, [cloneJson(fix.value)]);
      if (!Array.isArray(cur)) return false;
      cur.push(cloneJson(fix.value));
      return true;
    }
    case 'move': {
      const from = parseJsonPath(fix.from);
      if (!from) return false;
      const v = getAt(root, from);
      if (v === undefined || getAt(root, segs) !== undefined) return false;
      return setAt(root, segs, v) && removeAt(root, from);
    }
  }
}

export function applyQuickFix(text: string, fix: QuickFix): ApplyQuickFixResult {
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, reason: 'unparsable' };
  const value = cloneJson(parsed.value);
  if (!applyQuickFixToValue(value, fix)) return { ok: false, reason: 'pathNotFound' };
  return { ok: true, text: stringifyLike(value, text) };
}
