// HostNetworkAttachment checks, mirroring the baremetal-operator webhook so the editor reports
// what the API server would reject, plus warnings for what it accepts but is likely wrong.
// Imported by the CLI validator: keep this file path and the export stable.
import type { HostNetworkAttachment } from '../../../shared/model/metal3';
import type { Finding } from '../model/types';
import { parseVlanList, VLAN_MAX, VLAN_MIN } from './vlanSet';
import { isRecord } from '../../../shared/logic/isRecord';

export const HNA_MODES = ['access', 'trunk', 'hybrid'] as const;
export const HNA_MTU_MIN = 68;
export const HNA_MTU_MAX = 9216;
/** The webhook's per-entry pattern: one id or `start-end`, nothing else (no spaces, no commas). */
const ALLOWED_ENTRY = /^\d+(-\d+)?$/;

/** A value as it appears in a message: strings as is, anything else as JSON. */
function display(value: unknown): string {
  if (typeof value === 'string') return value;
  // JSON.stringify(undefined) returns undefined, despite its declared type.
  if (value === undefined) return 'undefined';
  return JSON.stringify(value);
}

/**
 * Findings for one HostNetworkAttachment: `hna.specMissing`, `hna.invalidMode`,
 * `hna.nativeVlanRequired`, `vlan.outOfRange`, `hna.allowedVlansInAccessMode`,
 * `hna.allowedVlansNotList`, `vlan.syntax`, `vlan.reversedRange`, `vlan.singletonRange`,
 * `hna.allowedVlansRequired` (errors), `vlan.overlap`, `hna.nativeInAllowed` (warnings/info),
 * `hna.mtuOutOfRange`.
 */
/**
 * Ironic's ironic_networking interface needs `allowed_vlans` on trunk and hybrid ports
 * (docs.openstack.org/ironic/latest "Configure the Standalone Networking Service"; IrSO
 * pkg/ironic/validation.go words the same rule for provider networks "allowedVLANs required for
 * %s mode"). BMO's webhook accepts such an attachment, and Ironic refuses the port when BMO writes
 * it, so the host cannot be deployed: an error here, not a warning.
 */
function allowedVlansRequired(mode: 'trunk' | 'hybrid'): Finding {
  return {
    severity: 'error',
    code: 'hna.allowedVlansRequired',
    path: 'spec.allowedVLANs',
    params: { mode },
  };
}

export function validateHostNetworkAttachment(hna: HostNetworkAttachment): Finding[] {
  const findings: Finding[] = [];
  const spec: unknown = isRecord(hna) ? hna.spec : undefined;
  if (!isRecord(spec)) {
    findings.push({ severity: 'error', code: 'hna.specMissing', path: 'spec', params: {} });
    return findings;
  }
  const mode = spec.mode;
  if (typeof mode !== 'string' || !(HNA_MODES as readonly string[]).includes(mode))
    findings.push({
      severity: 'error',
      code: 'hna.invalidMode',
      path: 'spec.mode',
      params: { value: typeof mode === 'string' ? mode : '', allowed: HNA_MODES.join(', ') },
    });

  const native = spec.nativeVLAN;
  if (native === undefined || native === null || native === '')
    findings.push({
      severity: 'error',
      code: 'hna.nativeVlanRequired',
      path: 'spec.nativeVLAN',
      params: {},
    });
  else if (
    typeof native !== 'number' ||
    !Number.isInteger(native) ||
    native < VLAN_MIN ||
    native > VLAN_MAX
  )
    findings.push({
      severity: 'error',
      code: 'vlan.outOfRange',
      path: 'spec.nativeVLAN',
      params: { value: display(native), min: VLAN_MIN, max: VLAN_MAX },
    });

  const allowed = spec.allowedVLANs;
  if (allowed !== undefined && allowed !== null) {
    if (!Array.isArray(allowed)) {
      findings.push({
        severity: 'error',
        code: 'hna.allowedVlansNotList',
        path: 'spec.allowedVLANs',
        params: {},
      });
    } else {
      const entries = allowed as unknown[];
      if (mode === 'access' && entries.length > 0)
        findings.push({
          severity: 'error',
          code: 'hna.allowedVlansInAccessMode',
          path: 'spec.allowedVLANs',
          params: { count: entries.length },
        });
      const texts = entries.map((e) => (typeof e === 'string' ? e : String(e)));
      texts.forEach((text, i) => {
        if (typeof entries[i] !== 'string' || !ALLOWED_ENTRY.test(text))
          findings.push({
            severity: 'error',
            code: 'vlan.syntax',
            path: `spec.allowedVLANs[${i}]`,
            params: { value: text },
          });
      });
      const parsed = parseVlanList(texts);
      for (const issue of parsed.errors) {
        // Syntax was judged above with the webhook's stricter pattern.
        if (issue.code === 'vlan.syntax') continue;
        findings.push({
          severity: 'error',
          code: issue.code,
          path: `spec.allowedVLANs[${issue.index}]`,
          params: issue.params,
        });
      }
      for (const issue of parsed.warnings)
        findings.push({
          severity: issue.code === 'vlan.singletonRange' ? 'error' : 'warning',
          code: issue.code,
          path: `spec.allowedVLANs[${issue.index}]`,
          params: issue.params,
        });
      if (typeof native === 'number' && parsed.set.some((r) => native >= r.min && native <= r.max))
        findings.push({
          severity: 'info',
          code: 'hna.nativeInAllowed',
          path: 'spec.allowedVLANs',
          params: { vlan: native },
        });
      if ((mode === 'trunk' || mode === 'hybrid') && entries.length === 0)
        findings.push(allowedVlansRequired(mode));
    }
  } else if (mode === 'trunk' || mode === 'hybrid') {
    findings.push(allowedVlansRequired(mode));
  }

  const mtu = spec.mtu;
  if (
    mtu !== undefined &&
    mtu !== null &&
    (typeof mtu !== 'number' || !Number.isInteger(mtu) || mtu < HNA_MTU_MIN || mtu > HNA_MTU_MAX)
  )
    findings.push({
      severity: 'error',
      code: 'hna.mtuOutOfRange',
      path: 'spec.mtu',
      params: { value: display(mtu), min: HNA_MTU_MIN, max: HNA_MTU_MAX },
    });
  return findings;
}
