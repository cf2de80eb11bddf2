// Per bare-metal host: each NIC, the switch port it is cabled to and the attachment it asks for.
import type {
  BareMetalHost,
  BareMetalSwitch,
  HardwareData,
  HardwareNic,
} from '../../../shared/model/metal3';
import type { NicNote, NicPort, NicPortMatch, ObjectRef } from '../model/types';
import { isRecord } from '../../../shared/logic/isRecord';

/** Lower-case colon form; `-` and `.`-less forms accepted. Undefined for non-strings. */
const COLON_MAC = /^[0-9a-f]{2}(?::[0-9a-f]{2}){5}$/i;

export function normalizeMac(value: unknown): string | undefined {
  // The common case, and the hot one (every interface of every node in the VLAN check): a
  // colon-separated MAC (nmstate writes upper case) only needs lower-casing.
  if (typeof value === 'string' && COLON_MAC.test(value)) return value.toLowerCase();
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const hex = value.toLowerCase().replace(/[-:.\s]/g, '');
  if (/^[0-9a-f]{12}$/.test(hex)) return hex.match(/../g)?.join(':');
  return value.trim().toLowerCase();
}

/** Hardware NICs: HardwareData wins over the deprecated `status.hardware` copy. */
export function getHardwareNics(
  bmh: BareMetalHost,
  hardwareData: HardwareData | undefined,
): HardwareNic[] | undefined {
  const fromHd: unknown = hardwareData?.spec?.hardware?.nics;
  if (Array.isArray(fromHd)) return (fromHd as unknown[]).filter(isRecord);
  const fromStatus: unknown = bmh.status?.hardware?.nics;
  if (Array.isArray(fromStatus)) return (fromStatus as unknown[]).filter(isRecord);
  return undefined;
}

/** Switches by normalised management MAC; the host's own namespace first. */
export function findSwitch(
  switches: readonly BareMetalSwitch[],
  switchID: string,
  preferNamespace: string,
): BareMetalSwitch | undefined {
  const id = normalizeMac(switchID);
  const hits = switches.filter((s) => isRecord(s.spec) && normalizeMac(s.spec.macAddress) === id);
  return hits.find((s) => s.metadata.namespace === preferNamespace) ?? hits[0];
}

/**
 * Matches a host's NICs to switch ports. NICs come from hardware data (dual-stack entries with the
 * same MAC and name are merged); `spec.networkInterfaces[]` entries match a NIC by name or MAC,
 * and their `switchPort` override wins over the LLDP data of inspection. Entries that match no
 * NIC still get a row, so a host without hardware data shows what was configured.
 */
export function matchNicsToSwitchPorts(
  bmh: BareMetalHost,
  hardwareData: HardwareData | undefined,
  switches: readonly BareMetalSwitch[],
): NicPortMatch {
  const namespace = bmh.metadata.namespace;
  const notes: NicNote[] = [];
  const hwNics = getHardwareNics(bmh, hardwareData);
  if (!hwNics)
    notes.push({
      code: 'bmh.noHardwareData',
      params: { host: `${namespace}/${bmh.metadata.name}` },
    });

  const rows: NicPort[] = [];
  const byKey = new Map<string, NicPort>();
  for (const nic of hwNics ?? []) {
    const mac = normalizeMac(nic.mac);
    const name = typeof nic.name === 'string' && nic.name !== '' ? nic.name : undefined;
    const key = `${name ?? ''}|${mac ?? ''}`;
    const existing = byKey.get(key);
    if (existing) {
      if (typeof nic.ip === 'string' && nic.ip !== '') existing.ips.push(nic.ip);
      continue;
    }
    const row: NicPort = { ips: [], lldpVlans: [], notes: [] };
    if (name) row.name = name;
    if (mac) row.mac = mac;
    if (typeof nic.speedGbps === 'number') row.speedGbps = nic.speedGbps;
    if (typeof nic.pxe === 'boolean') row.pxe = nic.pxe;
    if (typeof nic.ip === 'string' && nic.ip !== '') row.ips.push(nic.ip);
    if (Array.isArray(nic.vlans))
      for (const v of nic.vlans as unknown[])
        if (isRecord(v) && typeof v.id === 'number' && v.id > 0) row.lldpVlans.push(v.id);
    row.lldpVlans.sort((a, b) => a - b);
    if (typeof nic.vlanId === 'number' && nic.vlanId > 0) row.untaggedVlan = nic.vlanId;
    const lldp: unknown = nic.lldp;
    if (
      isRecord(lldp) &&
      typeof lldp.switchID === 'string' &&
      typeof lldp.portID === 'string' &&
      lldp.switchID &&
      lldp.portID
    ) {
      row.switchPort = {
        switchID: normalizeMac(lldp.switchID) ?? lldp.switchID,
        portID: lldp.portID,
        source: 'lldp',
      };
      if (typeof lldp.switchSystemName === 'string' && lldp.switchSystemName)
        row.switchPort.systemName = lldp.switchSystemName;
    }
    byKey.set(key, row);
    rows.push(row);
  }

  const specIfaces: unknown = bmh.spec?.networkInterfaces;
  const entries = Array.isArray(specIfaces) ? (specIfaces as unknown[]) : [];
  entries.forEach((raw, index) => {
    if (!isRecord(raw)) return;
    const name = typeof raw.name === 'string' && raw.name !== '' ? raw.name : undefined;
    const mac = normalizeMac(raw.macAddress);
    const matches = rows.filter(
      (r) => (name !== undefined && r.name === name) || (mac !== undefined && r.mac === mac),
    );
    let row = matches[0];
    if (matches.length > 1)
      notes.push({
        code: 'networkInterface.ambiguous',
        params: { index, name: name ?? mac ?? '' },
      });
    if (!row) {
      row = { ips: [], lldpVlans: [], notes: [] };
      if (name) row.name = name;
      if (mac) row.mac = mac;
      if (hwNics)
        notes.push({
          code: 'networkInterface.unmatched',
          params: { index, name: name ?? mac ?? '' },
        });
      rows.push(row);
    }
    row.networkInterfaceIndex = index;
    const hna = raw.hostNetworkAttachment;
    if (isRecord(hna) && typeof hna.name === 'string' && hna.name !== '') {
      row.hostNetworkAttachment = {
        name: hna.name,
        namespace:
          typeof hna.namespace === 'string' && hna.namespace !== '' ? hna.namespace : namespace,
      };
    }
    const sp = raw.switchPort;
    if (
      isRecord(sp) &&
      typeof sp.switchID === 'string' &&
      typeof sp.portID === 'string' &&
      sp.switchID &&
      sp.portID
    ) {
      row.switchPort = {
        switchID: normalizeMac(sp.switchID) ?? sp.switchID,
        portID: sp.portID,
        source: 'override',
      };
    }
  });

  for (const row of rows) {
    const label = row.name ?? row.mac ?? '';
    if (!row.switchPort) {
      row.notes.push({ code: 'nic.noSwitchPort', params: { nic: label } });
    } else {
      const sw = findSwitch(switches, row.switchPort.switchID, namespace);
      if (sw)
        row.switch = {
          namespace: sw.metadata.namespace,
          name: sw.metadata.name,
        } satisfies ObjectRef;
      else
        row.notes.push({
          code: 'nic.unknownSwitch',
          params: { nic: label, switchID: row.switchPort.switchID, port: row.switchPort.portID },
        });
    }
    if (!row.hostNetworkAttachment)
      row.notes.push({ code: 'nic.noAttachment', params: { nic: label } });
  }
  rows.sort((a, b) => {
    const x = a.name ?? a.mac ?? '';
    const y = b.name ?? b.mac ?? '';
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return { nics: rows, notes };
}
