// Decoding of the LLDP TLV arrays nmstate reports per neighbour (interfaces[].lldp.neighbors).
// Each neighbour is an array of TLV objects keyed by `type` (and `subtype` for type 127).
import type { LldpNeighbor } from '../model/types';
import { isRecord } from '../../../shared/logic/isRecord';

const TLV_CHASSIS_ID = 1;
const TLV_PORT_ID = 2;
const TLV_PORT_DESCRIPTION = 4;
const TLV_SYSTEM_NAME = 5;
const TLV_SYSTEM_DESCRIPTION = 6;
const TLV_SYSTEM_CAPABILITIES = 7;
const TLV_MANAGEMENT_ADDRESS = 8;
const TLV_ORG_SPECIFIC = 127;
const SUBTYPE_8021_VLANS = 3;
const SUBTYPE_8023_MAX_FRAME = 4;

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function isSortedById(list: readonly { id: number }[]): boolean {
  for (let i = 1; i < list.length; i++)
    if ((list[i - 1] as { id: number }).id > (list[i] as { id: number }).id) return false;
  return true;
}

/** Decodes one neighbour. Never throws: malformed TLVs are counted in `unknownTlvCount`. */
export function decodeLldpNeighbor(tlvs: unknown): LldpNeighbor {
  const out: LldpNeighbor = {
    capabilities: [],
    managementAddresses: [],
    vlans: [],
    unknownTlvCount: 0,
  };
  if (!Array.isArray(tlvs)) return out;
  for (const tlv of tlvs as unknown[]) {
    if (!isRecord(tlv)) {
      out.unknownTlvCount++;
      continue;
    }
    switch (tlv.type) {
      case TLV_CHASSIS_ID: {
        const id = str(tlv['chassis-id']);
        if (id) out.chassisId = id;
        const t = num(tlv['chassis-id-type']);
        if (t !== undefined) out.chassisIdType = t;
        break;
      }
      case TLV_PORT_ID: {
        const id = str(tlv['port-id']);
        if (id) out.portId = id;
        const t = num(tlv['port-id-type']);
        if (t !== undefined) out.portIdType = t;
        break;
      }
      case TLV_PORT_DESCRIPTION: {
        const d = str(tlv['port-description']);
        if (d) out.portDescription = d;
        break;
      }
      case TLV_SYSTEM_NAME: {
        const n = str(tlv['system-name']);
        if (n) out.systemName = n;
        break;
      }
      case TLV_SYSTEM_DESCRIPTION: {
        const d = str(tlv['system-description']);
        if (d) out.systemDescription = d;
        break;
      }
      case TLV_SYSTEM_CAPABILITIES: {
        const caps = tlv['system-capabilities'];
        if (Array.isArray(caps))
          for (const c of caps as unknown[]) if (typeof c === 'string') out.capabilities.push(c);
        break;
      }
      case TLV_MANAGEMENT_ADDRESS: {
        const addrs = tlv['management-addresses'];
        if (Array.isArray(addrs))
          for (const a of addrs as unknown[]) {
            if (typeof a === 'string') out.managementAddresses.push(a);
            else if (isRecord(a) && typeof a.address === 'string')
              out.managementAddresses.push(a.address);
          }
        break;
      }
      case TLV_ORG_SPECIFIC: {
        if (tlv.subtype === SUBTYPE_8021_VLANS && Array.isArray(tlv['ieee-802-1-vlans'])) {
          for (const v of tlv['ieee-802-1-vlans'] as unknown[]) {
            if (!isRecord(v)) continue;
            const id = num(v.vid);
            if (id === undefined) continue;
            const name = str(v.name);
            out.vlans.push(name ? { id, name } : { id });
          }
        } else if (tlv.subtype === SUBTYPE_8023_MAX_FRAME) {
          const size = num(tlv['ieee-802-3-max-frame-size']);
          if (size !== undefined) out.maxFrameSize = size;
        } else if (tlv.subtype !== 1) {
          out.unknownTlvCount++;
        }
        break;
      }
      default:
        out.unknownTlvCount++;
    }
  }
  // Switches list VLANs in order; a sort call costs more than the check, 4,000 times per build.
  if (!isSortedById(out.vlans)) out.vlans.sort((a, b) => a.id - b.id);
  return out;
}

/** All decoded neighbours of an interface's `lldp` object, duplicates (same chassis/port) merged. */
export function getLldpNeighbors(lldp: unknown): LldpNeighbor[] {
  if (!isRecord(lldp) || !Array.isArray(lldp.neighbors)) return [];
  if (lldp.neighbors.length === 1) return [decodeLldpNeighbor(lldp.neighbors[0])];
  const seen = new Set<string>();
  const out: LldpNeighbor[] = [];
  for (const tlvs of lldp.neighbors as unknown[]) {
    const n = decodeLldpNeighbor(tlvs);
    const key = `${n.chassisId ?? ''}\u0000${n.portId ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(n);
  }
  return out;
}
