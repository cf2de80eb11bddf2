// The attachment definition list's type filter and sort keys. The filter offers the CNI plugins
// Multus users meet most; any other first plugin, or a config that cannot be read, is "other".
import type { Finding, NadSummary } from '../model/types';

/** The type filter's items: CNI plugin types (the first plugin of a chain), then `other`. */
export const NAD_TYPE_FILTER_ITEMS = [
  'bridge',
  'macvlan',
  'ipvlan',
  'sriov',
  'host-device',
  'ovn-k8s-cni-overlay',
  'tap',
  'other',
] as const;

const KNOWN = new Set<string>(NAD_TYPE_FILTER_ITEMS.filter((i) => i !== 'other'));

/** Whether a NAD whose config reads as `summary` belongs under the type filter's `id`. */
export const nadHasType = (summary: NadSummary, id: string): boolean => {
  const first = summary.problem ? undefined : summary.cniTypes[0];
  if (id === 'other') return first === undefined || !KNOWN.has(first);
  return first === id;
};

/** The Problems column's sort key: errors, then warnings. */
export const problemSortKey = (findings: readonly Finding[]): number[] => [
  findings.filter((f) => f.severity === 'error').length,
  findings.filter((f) => f.severity === 'warning').length,
];
