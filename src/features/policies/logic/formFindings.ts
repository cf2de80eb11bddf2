// Puts findings (from validatePolicy or the API server's 422 causes) on the form field they are
// about. Findings carry paths into the policy object; the form edits a list whose order differs
// from the object's (preserved interfaces stay in place, new entries are appended), so the object
// index is translated back to the form row with the same rules applyPolicyFormValues writes with.
import type { K8sStatus } from '../../../shared/model/k8s';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import type { Finding } from '../model/finding';
import type { PolicyFormValues } from '../model/policyForm';
import { toPolicyFormValues } from './policyForm';

export type FormTarget =
  | { section: 'name' }
  | { section: 'description' }
  | { section: 'nodeSelector' }
  | { section: 'maxUnavailable' }
  /** `field` is the path below the interface, e.g. `vlan.id`, or '' for the interface itself. */
  | { section: 'interface'; index: number; field: string }
  | { section: 'route'; index: number; field: string }
  | { section: 'dns'; field: string }
  /** Route rules are written in form order, so the object index is the form row. */
  | { section: 'routeRule'; index: number; field: string }
  | { section: 'hostname'; field: string }
  | { section: 'capture'; name: string }
  /** Anywhere else (preserved interfaces, the spec as a whole). */
  | { section: 'policy' };

export interface LocatedFinding {
  finding: Finding;
  target: FormTarget;
}

type Indexed = { sourceIndex: number | null };

/**
 * Object index of each form row after writing: kept rows stay at their original positions
 * (counting preserved entries and dropping removed ones), new rows follow in form order.
 */
const objectIndexes = (
  originalLength: number,
  preserved: ReadonlySet<number>,
  before: readonly Indexed[],
  after: readonly Indexed[],
): number[] => {
  const beforeIdx = new Set(before.flatMap((v) => (v.sourceIndex === null ? [] : [v.sourceIndex])));
  const formRowOf = new Map<number, number>();
  after.forEach((v, k) => {
    if (v.sourceIndex !== null && beforeIdx.has(v.sourceIndex)) formRowOf.set(v.sourceIndex, k);
  });
  const out: number[] = new Array<number>(after.length).fill(-1);
  let next = 0;
  for (let i = 0; i < originalLength; i++) {
    if (preserved.has(i)) {
      next += 1;
      continue;
    }
    const k = formRowOf.get(i);
    if (k === undefined) continue;
    out[k] = next;
    next += 1;
  }
  after.forEach((v, k) => {
    if (v.sourceIndex === null || !beforeIdx.has(v.sourceIndex)) {
      out[k] = next;
      next += 1;
    }
  });
  return out;
};

export interface FormIndexMap {
  /** Object index in `spec.desiredState.interfaces` of each form interface row. */
  interfaces: number[];
  /** Object index in `spec.desiredState.routes.config` of each form route row. */
  routes: number[];
}

/** Where each form row lands in the object `applyPolicyFormValues(original, values)` builds. */
export const getFormIndexMap = (
  original: NodeNetworkConfigurationPolicy,
  values: PolicyFormValues,
): FormIndexMap => {
  const before = toPolicyFormValues(original);
  if (!before.ok)
    return {
      interfaces: values.interfaces.map((_, i) => i),
      routes: values.routes.map((_, i) => i),
    };
  const ds = original.spec.desiredState;
  const ifaceCount = Array.isArray(ds?.interfaces) ? ds.interfaces.length : 0;
  const routeCount = Array.isArray(ds?.routes?.config) ? ds.routes.config.length : 0;
  return {
    interfaces: objectIndexes(
      ifaceCount,
      new Set(before.values.preservedInterfaces.map((p) => p.sourceIndex)),
      before.values.interfaces,
      values.interfaces,
    ),
    routes: objectIndexes(routeCount, new Set(), before.values.routes, values.routes),
  };
};

const IFACE = /^spec\.desiredState\.interfaces\[(\d+)\](?:\.(.*))?$/;
const ROUTE = /^spec\.desiredState\.routes\.config\[(\d+)\](?:\.(.*))?$/;
const DNS = /^spec\.desiredState\.dns-resolver\.config(?:\.(.*))?$/;
const CAPTURE = /^spec\.capture(?:\.(.*))?$/;
const ROUTE_RULE = /^spec\.desiredState\.route-rules\.config\[(\d+)\](?:\.(.*))?$/;
const HOSTNAME = /^spec\.desiredState\.hostname(?:\.(.*))?$/;

/**
 * Form row of each object index, built once per index list: locating every finding of a
 * policy with thousands of interfaces by `indexOf` was quadratic.
 */
const rowsByObjectIndex = new WeakMap<readonly number[], Map<number, number>>();
const rowOf = (objectIndexes: readonly number[], objectIndex: number): number => {
  let rows = rowsByObjectIndex.get(objectIndexes);
  if (!rows) {
    rows = new Map();
    // The first row wins, as indexOf did.
    for (let row = objectIndexes.length - 1; row >= 0; row--)
      rows.set(objectIndexes[row] ?? -1, row);
    rowsByObjectIndex.set(objectIndexes, rows);
  }
  return rows.get(objectIndex) ?? -1;
};

/** The form place of one policy path; `policy` when the form has no field for it. */
export const getFormTarget = (path: string, map: FormIndexMap): FormTarget => {
  const p = path.replace(/^\./, '');
  if (p === 'metadata.name') return { section: 'name' };
  if (p === 'metadata.annotations.description') return { section: 'description' };
  if (p === 'spec.nodeSelector' || p.startsWith('spec.nodeSelector.'))
    return { section: 'nodeSelector' };
  if (p === 'spec.maxUnavailable') return { section: 'maxUnavailable' };
  const iface = IFACE.exec(p);
  if (iface) {
    const row = rowOf(map.interfaces, Number(iface[1]));
    return row < 0
      ? { section: 'policy' }
      : { section: 'interface', index: row, field: iface[2] ?? '' };
  }
  const route = ROUTE.exec(p);
  if (route) {
    const row = rowOf(map.routes, Number(route[1]));
    return row < 0
      ? { section: 'policy' }
      : { section: 'route', index: row, field: route[2] ?? '' };
  }
  const dns = DNS.exec(p);
  if (dns) return { section: 'dns', field: dns[1] ?? '' };
  const capture = CAPTURE.exec(p);
  if (capture) return { section: 'capture', name: capture[1] ?? '' };
  const rule = ROUTE_RULE.exec(p);
  if (rule) return { section: 'routeRule', index: Number(rule[1]), field: rule[2] ?? '' };
  const hostname = HOSTNAME.exec(p);
  if (hostname) return { section: 'hostname', field: hostname[1] ?? '' };
  return { section: 'policy' };
};

export const locateFindings = (findings: readonly Finding[], map: FormIndexMap): LocatedFinding[] =>
  findings.map((finding) => ({ finding, target: getFormTarget(finding.path, map) }));

/** Findings of one interface row whose path starts with `prefix` (a field below the interface). */
export const getInterfaceFindings = (
  located: readonly LocatedFinding[],
  row: number,
  prefix?: string,
): Finding[] =>
  located
    .filter(
      (l) =>
        l.target.section === 'interface' &&
        l.target.index === row &&
        (prefix === undefined ||
          l.target.field === prefix ||
          l.target.field.startsWith(`${prefix}.`) ||
          l.target.field.startsWith(`${prefix}[`)),
    )
    .map((l) => l.finding);

export const SERVER_CAUSE_CODE = 'server.cause';

/**
 * The API server's 422/403 causes as findings, so a dry-run refusal shows on the field it names.
 * Field paths come back as `spec.desiredState.interfaces[0].name` or with a leading dot.
 */
export const getServerCauseFindings = (
  causes: NonNullable<NonNullable<K8sStatus['details']>['causes']>,
  fallbackMessage: string,
): Finding[] => {
  const out = causes.map((c): Finding => ({
    severity: 'error',
    code: SERVER_CAUSE_CODE,
    path: (c.field ?? '').replace(/^\./, '') || 'spec',
    params: { message: c.message ?? fallbackMessage, reason: c.reason ?? '' },
  }));
  return out.length > 0
    ? out
    : [
        {
          severity: 'error',
          code: SERVER_CAUSE_CODE,
          path: 'spec',
          params: { message: fallbackMessage, reason: '' },
        },
      ];
};
