// Label and field selectors with the grammar and error messages of apimachinery.
import type { K8sResource } from '../../src/shared/model/k8s';
import { ApiError } from './api';

export type Requirement =
  { key: string; op: 'in' | 'notin'; values: string[] } | { key: string; op: 'exists' | '!' };

export type LabelSelector = Requirement[];

function badSelector(message: string): ApiError {
  return new ApiError(400, 'BadRequest', `unable to parse requirement: ${message}`);
}

/** Splits on commas that are not inside parentheses. */
function splitTerms(input: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of input) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

const KEY_RE =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const VALUE_RE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

function checkKey(key: string): string {
  if (!KEY_RE.test(key) || key.length > 316) throw badSelector(`invalid label key "${key}"`);
  return key;
}

/** Whether a string can be a label value (a node or policy name longer than 63 cannot). */
export function isLabelValue(value: string): boolean {
  return value.length <= 63 && VALUE_RE.test(value);
}

function checkValue(value: string): string {
  if (!isLabelValue(value)) {
    throw badSelector(`invalid label value: "${value}"`);
  }
  return value;
}

export function parseLabelSelector(input: string | undefined | null): LabelSelector {
  if (!input) return [];
  const reqs: LabelSelector = [];
  for (const term of splitTerms(input)) {
    const set = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(term);
    if (set) {
      const values = (set[3] ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '')
        .map(checkValue);
      reqs.push({ key: checkKey(set[1] ?? ''), op: set[2] === 'in' ? 'in' : 'notin', values });
      continue;
    }
    const eq = /^([^=!\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(term);
    if (eq) {
      const key = checkKey(eq[1] ?? '');
      const value = checkValue(eq[3] ?? '');
      reqs.push({ key, op: eq[2] === '!=' ? 'notin' : 'in', values: [value] });
      continue;
    }
    if (term.startsWith('!')) {
      reqs.push({ key: checkKey(term.slice(1).trim()), op: '!' });
      continue;
    }
    if (/^\S+$/.test(term)) {
      reqs.push({ key: checkKey(term), op: 'exists' });
      continue;
    }
    throw badSelector(`found '${term}', expected: a valid selector term`);
  }
  return reqs;
}

export function matchesLabels(
  selector: LabelSelector,
  labels: Record<string, string> | undefined,
): boolean {
  for (const req of selector) {
    const has = labels !== undefined && Object.prototype.hasOwnProperty.call(labels, req.key);
    const value = has ? labels[req.key] : undefined;
    switch (req.op) {
      case 'exists':
        if (!has) return false;
        break;
      case '!':
        if (has) return false;
        break;
      case 'in':
        if (value === undefined || !req.values.includes(value)) return false;
        break;
      case 'notin':
        if (value !== undefined && req.values.includes(value)) return false;
        break;
    }
  }
  return true;
}

export interface FieldRequirement {
  field: string;
  op: '=' | '!=';
  value: string;
}

/** Field selectors supported per kind, on top of metadata.name and metadata.namespace. */
const EXTRA_FIELDS: Record<string, string[]> = {
  // kubernetes pkg/registry/core/pod/strategy.go, ToSelectableFields (PodToSelectableFields in
  // older releases). spec.nodeName is also the field the API server indexes pods by (MatchPod's
  // IndexFields), which is why per-node pod reads (`spec.nodeName=<node>`) are cheap there.
  Pod: [
    'spec.nodeName',
    'spec.restartPolicy',
    'spec.schedulerName',
    'spec.serviceAccountName',
    'spec.hostNetwork',
    'status.phase',
    'status.podIP',
    'status.nominatedNodeName',
  ],
  Event: [
    'involvedObject.kind',
    'involvedObject.namespace',
    'involvedObject.name',
    'involvedObject.uid',
    'involvedObject.apiVersion',
    'involvedObject.resourceVersion',
    'involvedObject.fieldPath',
    'reason',
    'reportingComponent',
    'source',
    'type',
  ],
  Secret: ['type'],
  Node: ['spec.unschedulable'],
  Namespace: ['status.phase'],
};

export function parseFieldSelector(
  input: string | undefined | null,
  kind: string,
): FieldRequirement[] {
  if (!input) return [];
  const allowed = new Set(['metadata.name', 'metadata.namespace', ...(EXTRA_FIELDS[kind] ?? [])]);
  const out: FieldRequirement[] = [];
  for (const term of splitTerms(input)) {
    const m = /^([^=!]+)(==|=|!=)(.*)$/.exec(term);
    if (!m)
      throw new ApiError(
        400,
        'BadRequest',
        `invalid selector: '${term}'; can't understand '${term}'`,
      );
    const field = (m[1] ?? '').trim();
    if (!allowed.has(field)) {
      throw new ApiError(
        400,
        'BadRequest',
        `"${field}" is not a known field selector: only "metadata.name", "metadata.namespace"`,
      );
    }
    out.push({ field, op: m[2] === '!=' ? '!=' : '=', value: (m[3] ?? '').trim() });
  }
  return out;
}

function fieldValue(obj: K8sResource, path: string): string {
  // strategy.go ToSelectableFields: a pod without hostNetwork selects as "false".
  if (obj.kind === 'Pod' && path === 'spec.hostNetwork') {
    const spec: unknown = obj.spec;
    const host =
      typeof spec === 'object' && spec !== null
        ? (spec as { hostNetwork?: unknown }).hostNetwork
        : undefined;
    return host === true ? 'true' : 'false';
  }
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return '';
    // Own properties only: the field names are a fixed list, but the walk must never leave
    // the object into its prototype.
    if (!Object.prototype.hasOwnProperty.call(cur, part)) return '';
    cur = (cur as Record<string, unknown>)[part];
  }
  if (typeof cur === 'string') return cur;
  if (typeof cur === 'number' || typeof cur === 'boolean') return String(cur);
  // Events expose `source` as the component name.
  if (path === 'source' && typeof cur === 'object' && cur !== null) {
    const component = (cur as { component?: unknown }).component;
    return typeof component === 'string' ? component : '';
  }
  return '';
}

export function matchesFields(reqs: FieldRequirement[], obj: K8sResource): boolean {
  for (const r of reqs) {
    const v = fieldValue(obj, r.field);
    if (r.op === '=' ? v !== r.value : v === r.value) return false;
  }
  return true;
}
