// Which NMStateConfigs reach a host, as assisted-service decides it (openshift/assisted-service):
// - internal/controller/controllers/infraenv_controller.go processNMStateConfig: an InfraEnv's
//   discovery image carries the NMStateConfigs its `spec.nmStateConfigLabelSelector` selects
//   (metav1.LabelSelectorAsSelector, so matchLabels and matchExpressions). The list has no
//   namespace option, so configs of every namespace are selected. An empty selector selects
//   none ("probably because they don't want any NMStateConfigs, not because they want *all*");
//   an invalid one fails the reconcile, so its image carries none either.
// - The same file's SetupWithManager maps a changed NMStateConfig only to InfraEnvs of its own
//   namespace, so a config selected across namespaces is not re-read when it changes.
// - internal/controller/controllers/bmh_agent_controller.go findInfraEnvForBMH: a BareMetalHost
//   boots the image of the InfraEnv its `infraenvs.agent-install.openshift.io` label names, in
//   the host's namespace.
// - internal/constants/nmstatectl_script.go: on the host, every config whose MACs include one of
//   the host's applies (all of them, one after the other), so two configs of one image claiming
//   one MAC both land on that host.
// Label selector semantics follow k8s.io/apimachinery pkg/apis/meta/v1/helpers.go
// LabelSelectorAsSelector and pkg/labels/selector.go NewRequirement.
import { isRecord } from '../../../shared/logic/isRecord';
import type { Path } from '../model/types';

/** The BareMetalHost label naming the InfraEnv whose image the host boots (BMH_INFRA_ENV_LABEL). */
export const INFRA_ENV_LABEL = 'infraenvs.agent-install.openshift.io';

export type SelectorOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';

export interface SelectorRequirement {
  key: string;
  operator: SelectorOperator;
  values: string[];
}

/** Why apimachinery refuses a selector; `at` is relative to the selector. */
export type SelectorProblemReason =
  | 'notObject'
  | 'operatorInvalid'
  | 'valuesRequired'
  | 'valuesForbidden'
  | 'keyInvalid'
  | 'valueInvalid';

export interface SelectorProblem {
  reason: SelectorProblemReason;
  at: Path;
  /** The offending key, operator or value, as written. */
  value: string;
}

export type ParsedSelector =
  { ok: true; requirements: SelectorRequirement[] } | { ok: false; problem: SelectorProblem };

// k8s.io/apimachinery pkg/util/validation/validation.go IsQualifiedName and IsValidLabelValue.
const NAME_PART = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

const isQualifiedName = (key: string): boolean => {
  const parts = key.split('/');
  if (parts.length > 2) return false;
  const name = parts[parts.length - 1] ?? '';
  const prefix = parts.length === 2 ? (parts[0] ?? '') : undefined;
  if (name.length === 0 || name.length > 63 || !NAME_PART.test(name)) return false;
  return (
    prefix === undefined ||
    (prefix.length > 0 && prefix.length <= 253 && DNS_SUBDOMAIN.test(prefix))
  );
};

const isLabelValue = (v: string): boolean => v === '' || (v.length <= 63 && NAME_PART.test(v));

const OPERATORS: readonly SelectorOperator[] = ['In', 'NotIn', 'Exists', 'DoesNotExist'];

/** Text for any JSON value (stringify answers undefined for undefined). */
const show = (v: unknown): string => {
  if (typeof v === 'string') return v;
  const json = JSON.stringify(v) as string | undefined;
  return json ?? 'undefined';
};

/** A metav1.LabelSelector as apimachinery reads it; an absent selector reads as empty. */
export function parseLabelSelector(selector: unknown): ParsedSelector {
  if (selector === undefined || selector === null) return { ok: true, requirements: [] };
  if (!isRecord(selector))
    return { ok: false, problem: { reason: 'notObject', at: [], value: show(selector) } };
  const requirements: SelectorRequirement[] = [];
  const fail = (reason: SelectorProblemReason, at: Path, value: unknown): ParsedSelector => ({
    ok: false,
    problem: { reason, at, value: show(value) },
  });
  const labels: unknown = selector.matchLabels;
  if (labels !== undefined && labels !== null) {
    if (!isRecord(labels)) return fail('notObject', ['matchLabels'], labels);
    for (const [key, value] of Object.entries(labels)) {
      if (!isQualifiedName(key)) return fail('keyInvalid', ['matchLabels', key], key);
      if (typeof value !== 'string' || !isLabelValue(value))
        return fail('valueInvalid', ['matchLabels', key], value);
      requirements.push({ key, operator: 'In', values: [value] });
    }
  }
  const exprs: unknown = selector.matchExpressions;
  if (exprs !== undefined && exprs !== null) {
    if (!Array.isArray(exprs)) return fail('notObject', ['matchExpressions'], exprs);
    for (const [i, e] of (exprs as unknown[]).entries()) {
      const at: Path = ['matchExpressions', i];
      if (!isRecord(e)) return fail('notObject', at, e);
      const op = e.operator;
      if (typeof op !== 'string' || !(OPERATORS as readonly string[]).includes(op))
        return fail('operatorInvalid', [...at, 'operator'], op);
      const operator = op as SelectorOperator;
      if (typeof e.key !== 'string' || !isQualifiedName(e.key))
        return fail('keyInvalid', [...at, 'key'], e.key);
      const raw: unknown = e.values ?? [];
      if (!Array.isArray(raw)) return fail('notObject', [...at, 'values'], raw);
      // NewRequirement checks the number of values before each value.
      const needsValues = operator === 'In' || operator === 'NotIn';
      if (needsValues && raw.length === 0) return fail('valuesRequired', [...at, 'values'], op);
      if (!needsValues && raw.length > 0) return fail('valuesForbidden', [...at, 'values'], op);
      const values: string[] = [];
      for (const [j, v] of (raw as unknown[]).entries()) {
        if (typeof v !== 'string' || !isLabelValue(v))
          return fail('valueInvalid', [...at, 'values', j], v);
        values.push(v);
      }
      requirements.push({ key: e.key, operator, values });
    }
  }
  return { ok: true, requirements };
}

/** Whether labels satisfy every requirement (apimachinery Requirement.Matches). */
export function matchesRequirements(
  requirements: readonly SelectorRequirement[],
  labels: unknown,
): boolean {
  const own = isRecord(labels) ? labels : {};
  return requirements.every((r) => {
    const has = Object.prototype.hasOwnProperty.call(own, r.key);
    const value = has ? own[r.key] : undefined;
    switch (r.operator) {
      case 'In':
        return typeof value === 'string' && r.values.includes(value);
      case 'NotIn':
        return !(typeof value === 'string' && r.values.includes(value));
      case 'Exists':
        return has;
      case 'DoesNotExist':
        return !has;
    }
  });
}

const metadataOf = (o: unknown): Record<string, unknown> =>
  isRecord(o) && isRecord(o.metadata) ? o.metadata : {};
const nameOf = (o: unknown): string => {
  const n = metadataOf(o).name;
  return typeof n === 'string' ? n : '';
};
const namespaceOf = (o: unknown): string => {
  const n = metadataOf(o).namespace;
  return typeof n === 'string' ? n : '';
};

export interface NMStateConfigSelection {
  /** For each NMStateConfig (by index), the InfraEnvs (by index) whose image carries it. */
  selectedBy: number[][];
  /** InfraEnvs whose selector apimachinery refuses: their image carries no NMStateConfig. */
  invalid: { infraEnv: number; problem: SelectorProblem }[];
  /** InfraEnvs with an empty selector, which upstream reads as "none". */
  empty: number[];
}

/**
 * The NMStateConfigs each InfraEnv selects, as processNMStateConfig lists them: by label, in
 * every namespace.
 */
export function selectNMStateConfigs(
  infraEnvs: readonly unknown[],
  configs: readonly unknown[],
): NMStateConfigSelection {
  const selectedBy: number[][] = configs.map(() => []);
  const invalid: NMStateConfigSelection['invalid'] = [];
  const empty: number[] = [];
  infraEnvs.forEach((env, e) => {
    const spec = isRecord(env) && isRecord(env.spec) ? env.spec : {};
    const parsed = parseLabelSelector(spec.nmStateConfigLabelSelector);
    if (!parsed.ok) {
      invalid.push({ infraEnv: e, problem: parsed.problem });
      return;
    }
    if (parsed.requirements.length === 0) {
      empty.push(e);
      return;
    }
    configs.forEach((c, i) => {
      if (matchesRequirements(parsed.requirements, metadataOf(c).labels)) selectedBy[i]?.push(e);
    });
  });
  return { selectedBy, invalid, empty };
}

/**
 * Whether two objects share a namespace. A manifest without one gets its namespace when it is
 * applied (GitOps tools set it), so an unset namespace matches any; objects read from a cluster
 * always have theirs.
 */
const sameNamespace = (a: unknown, b: unknown): boolean => {
  const x = namespaceOf(a);
  const y = namespaceOf(b);
  return x === '' || y === '' || x === y;
};

/**
 * The InfraEnv (by index) whose image a BareMetalHost boots: the one its label names, in the
 * host's namespace. Undefined when the label is absent or names no InfraEnv among `infraEnvs`.
 */
export function infraEnvOfHost(host: unknown, infraEnvs: readonly unknown[]): number | undefined {
  const labels = metadataOf(host).labels;
  const name = isRecord(labels) ? labels[INFRA_ENV_LABEL] : undefined;
  if (typeof name !== 'string' || name === '') return undefined;
  const i = infraEnvs.findIndex((e) => nameOf(e) === name && sameNamespace(e, host));
  return i < 0 ? undefined : i;
}

/**
 * The InfraEnvs whose image may have booted a host: the one its label binds it to, or, for a
 * host without that binding (booted from a downloaded image by hand), any of them.
 */
export function candidateInfraEnvs(host: unknown, infraEnvs: readonly unknown[]): number[] {
  const bound = infraEnvOfHost(host, infraEnvs);
  return bound !== undefined ? [bound] : infraEnvs.map((_, i) => i);
}

/**
 * The InfraEnvs of `selectedBy` that select the config from another namespace: upstream reads
 * the config when such an InfraEnv reconciles, but a change to the config does not trigger that.
 */
export function selectedAcrossNamespaces(
  config: unknown,
  infraEnvs: readonly unknown[],
  selectedBy: readonly number[],
): number[] {
  return selectedBy.filter((e) => !sameNamespace(infraEnvs[e], config));
}
