// What of a policy the form cannot show: the keys that survive a form edit untouched (forms
// write onto a copy of the object) but that no form field displays, so the form can say
// "Edited in YAML only: …". Found by rebuilding the policy from its form values alone, onto
// an empty policy, and listing the keys of the original that the rebuild lacks.
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { isRecord } from '../../../shared/logic/isRecord';
import { applyPolicyFormValues, toPolicyFormValues } from './policyForm';

/** Set by the API server or its controllers, never authored. */
const SERVER_METADATA = new Set([
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
  'selfLink',
  'ownerReferences',
  'finalizers',
]);

/**
 * Checkboxes the form shows unticked: written only when ticked, so a rebuild lacks an explicit
 * `false` that the form does show.
 */
const SHOWN_WHEN_FALSE = ['ipv4.dhcp', 'ipv6.dhcp', 'ipv6.autoconf'];

/** A list item's label in a path: its name when it has one, else its index. */
const itemLabel = (item: unknown, index: number): string =>
  isRecord(item) && typeof item.name === 'string' ? item.name : String(index);

const findItem = (list: unknown[], item: unknown, index: number): unknown =>
  isRecord(item) && typeof item.name === 'string'
    ? list.find((x) => isRecord(x) && x.name === item.name)
    : list[index];

/**
 * `{}`, `[]`, or objects holding only those: nothing the form fails to show (a new policy starts
 * with `desiredState: {}`, and one whose interfaces were all removed has `interfaces: []`).
 */
const isEmptyContainer = (v: unknown): boolean =>
  (isRecord(v) && Object.values(v).every(isEmptyContainer)) || (Array.isArray(v) && v.length === 0);

const missing = (original: unknown, rebuilt: unknown, path: string, out: string[]): void => {
  if (isEmptyContainer(original)) return;
  if (isRecord(original)) {
    if (!isRecord(rebuilt)) {
      out.push(path);
      return;
    }
    for (const [key, value] of Object.entries(original)) {
      const sub = path === '' ? key : `${path}.${key}`;
      if (!(key in rebuilt)) {
        if (isEmptyContainer(value)) continue;
        if (!(value === false && SHOWN_WHEN_FALSE.some((s) => sub.endsWith(`].${s}`))))
          out.push(sub);
      } else missing(value, rebuilt[key], sub, out);
    }
    return;
  }
  if (Array.isArray(original)) {
    if (!Array.isArray(rebuilt)) {
      out.push(path);
      return;
    }
    original.forEach((item, i) => {
      const sub = `${path}[${itemLabel(item, i)}]`;
      const match = findItem(rebuilt, item, i);
      if (match === undefined) out.push(sub);
      else missing(item, match, sub, out);
    });
  }
};

/**
 * Paths (`spec.desiredState.interfaces[ens4].ethtool`) of what the form does not show, or null
 * when the policy cannot be shown in the form at all. Server-set metadata and status are left
 * out; so are interfaces the form keeps as they are (it names those itself).
 */
export const getYamlOnlyPaths = (policy: NodeNetworkConfigurationPolicy): string[] | null => {
  const r = toPolicyFormValues(policy);
  if (!r.ok) return null;
  const empty: NodeNetworkConfigurationPolicy = {
    apiVersion: policy.apiVersion,
    kind: policy.kind,
    metadata: { name: '' },
    spec: {},
  };
  const rebuilt = applyPolicyFormValues(empty, {
    ...r.values,
    interfaces: r.values.interfaces.map((i) => ({ ...i, sourceIndex: null })),
    routes: r.values.routes.map((x) => ({ ...x, sourceIndex: null })),
  });
  const preserved = new Set(r.values.preservedInterfaces.map((p) => p.name));
  const authored: Record<string, unknown> = Object.fromEntries(
    Object.entries(policy).filter(([k]) => k !== 'status'),
  );
  authored.metadata = Object.fromEntries(
    Object.entries(policy.metadata).filter(([k]) => !SERVER_METADATA.has(k)),
  );
  const out: string[] = [];
  missing(authored, rebuilt, '', out);
  return out.filter(
    (p) => ![...preserved].some((name) => p.startsWith(`spec.desiredState.interfaces[${name}]`)),
  );
};
