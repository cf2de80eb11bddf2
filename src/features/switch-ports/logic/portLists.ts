// Row filters and sort keys of the switch-port page's lists (Switches, Hosts, Attachments).
// Kept free of React so the networking meaning of each filter is tested on its own.
import type { Condition } from '../../../shared/model/k8s';
import type { BareMetalSwitch, HostNetworkAttachment } from '../../../shared/model/metal3';
import type { ObjectRef, PortPhase, VlanMismatch } from '../model/types';

/** A switch's `Valid` condition as the Switches list shows and filters it. */
export type SwitchValidity = 'valid' | 'invalid' | 'unknown';
export const SWITCH_VALIDITY_ITEMS: readonly SwitchValidity[] = ['valid', 'invalid', 'unknown'];

/** The switch's `Valid` condition; status may be malformed while the API is pre-release. */
export function validCondition(sw: BareMetalSwitch): Condition | undefined {
  const conditions: unknown = sw.status?.conditions;
  return Array.isArray(conditions)
    ? (conditions as Condition[]).find((c) => c.type === 'Valid')
    : undefined;
}

export function switchValidity(sw: BareMetalSwitch): SwitchValidity {
  const status = validCondition(sw)?.status;
  if (status === 'True') return 'valid';
  if (status === 'False') return 'invalid';
  return 'unknown';
}

/** Invalid switches first when sorting ascending: they are what needs attention. */
export const switchValiditySortKey = (sw: BareMetalSwitch): number =>
  ['invalid', 'unknown', 'valid'].indexOf(switchValidity(sw));

/** Port phases in the order a host goes through them, for the phase filter and sorting. */
export const PORT_PHASE_ORDER: readonly PortPhase[] = [
  'idle',
  'inspection',
  'provisioning',
  'cleaning',
  'servicing',
  'rescuing',
  'tenant',
  'unknown',
];

export const portPhaseSortKey = (phase: PortPhase): number => PORT_PHASE_ORDER.indexOf(phase);

/** The VLAN check filter of the Hosts list: hosts with an error or warning, or none. */
export type HostVlanFilter = 'mismatch' | 'consistent';
export const HOST_VLAN_FILTER_ITEMS: readonly HostVlanFilter[] = ['mismatch', 'consistent'];

/** The VLAN check's errors and warnings about one host's ports (info findings are left out). */
export function hostMismatchCounts(
  host: ObjectRef,
  mismatches: readonly VlanMismatch[],
): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const m of mismatches) {
    if (m.host?.name !== host.name || m.host.namespace !== host.namespace) continue;
    if (m.severity === 'error') errors++;
    else if (m.severity === 'warning') warnings++;
  }
  return { errors, warnings };
}

export const hostMatchesVlanFilter = (
  counts: { errors: number; warnings: number },
  id: string,
): boolean => (id === 'mismatch') === counts.errors + counts.warnings > 0;

/** Errors, then warnings: ascending puts consistent hosts first, descending the worst. */
export const mismatchSortKey = (counts: { errors: number; warnings: number }): number[] => [
  counts.errors,
  counts.warnings,
];

/** The Attachments list's usage filter: a used attachment cannot be deleted. */
export type AttachmentUsage = 'in-use' | 'unused';
export const ATTACHMENT_USAGE_ITEMS: readonly AttachmentUsage[] = ['in-use', 'unused'];
export const attachmentUsage = (users: number): AttachmentUsage =>
  users > 0 ? 'in-use' : 'unused';

export const ATTACHMENT_MODE_ITEMS = ['access', 'trunk', 'hybrid'] as const;

/**
 * The allowed VLAN list as written (ranges included). The field is typed as strings but read
 * defensively: an object written by hand may hold numbers or no list at all.
 */
export function allowedVlansText(hna: HostNetworkAttachment): string {
  const allowed: unknown = hna.spec.allowedVLANs;
  return Array.isArray(allowed) ? (allowed as unknown[]).map(String).join(', ') : '';
}

/** The lowest VLAN id an allowed list starts with, for sorting; -1 when there is none. */
export function allowedVlansSortKey(hna: HostNetworkAttachment): number {
  const first = /\d+/.exec(allowedVlansText(hna));
  return first ? Number(first[0]) : -1;
}
