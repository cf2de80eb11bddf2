// Does what the switch announces over LLDP on a NIC agree with the switch-port config the
// operator applied? The node's NodeNetworkState carries the neighbour's TLVs; the IEEE 802.1
// organisationally specific "VLAN Name" TLV (OUI 00:80:c2, subtype 3; nmstate
// rust/src/lib/lldp.rs `ieee-802-1-vlans`) lists VLANs configured on the switch port. nmstate
// reports no Port VLAN ID TLV (subtype 1), so the untagged VLAN cannot be compared on its own.
//
// Only a deployed host's ports are on the applied tenant config (Ironic standalone networking:
// `configure_tenant_networks` at the end of deploy; provider networks in every other phase), so
// other phases compare nothing.
import type { PortPhase, VlanSet } from '../model/types';
import type { HostPortRow } from './hostPorts';
import { difference, format, union, vlanSetOf } from './vlanSet';

export type LldpDisagreementCode =
  /** The switch announces a VLAN the applied config does not carry. */
  | 'lldp.vlanNotApplied'
  /** The applied config carries a VLAN the switch does not announce. */
  | 'lldp.appliedVlanNotSeen';

export interface LldpDisagreement {
  code: LldpDisagreementCode;
  severity: 'warning' | 'info';
  params: { nic: string; vlans: string };
}

/** VLANs an applied config puts on the port: the native VLAN, plus the allowed ones unless access. */
export function getAppliedVlans(config: {
  mode?: string;
  nativeVLAN?: number;
  allowedVLANs?: number[];
}): VlanSet {
  const native = typeof config.nativeVLAN === 'number' ? vlanSetOf([config.nativeVLAN]) : [];
  if (config.mode === 'access' || !config.allowedVLANs) return native;
  return union(native, vlanSetOf(config.allowedVLANs));
}

/**
 * Disagreements between the LLDP-observed VLANs of one NIC and its applied config. A VLAN the
 * switch carries but the config does not is a warning (the port was changed outside Ironic, or a
 * network leaks onto it); a configured VLAN the switch does not announce is informational, since
 * 802.1AB lets a switch send VLAN Name TLVs for only some of a port's VLANs.
 */
export function checkLldpAgainstApplied(row: HostPortRow, phase: PortPhase): LldpDisagreement[] {
  if (phase !== 'tenant' || row.applied.kind !== 'applied' || !row.observedVlans) return [];
  const observed = vlanSetOf(row.observedVlans);
  if (observed.length === 0) return [];
  const applied = getAppliedVlans(row.applied.config);
  const nic = row.nic.name ?? row.nic.mac ?? '';
  const out: LldpDisagreement[] = [];
  const extra = difference(observed, applied);
  if (extra.length > 0)
    out.push({
      code: 'lldp.vlanNotApplied',
      severity: 'warning',
      params: { nic, vlans: format(extra) },
    });
  const unseen = difference(applied, observed);
  if (unseen.length > 0)
    out.push({
      code: 'lldp.appliedVlanNotSeen',
      severity: 'info',
      params: { nic, vlans: format(unseen) },
    });
  return out;
}
