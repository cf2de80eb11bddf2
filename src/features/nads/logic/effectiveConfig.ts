// What Multus and the plugins actually run with (nad-validation.md §2): name injection, the root
// `type` winning over `plugins`, plugin defaults, host-local canonicalisation (dropped or prepended
// top-level keys, default gateway/range bounds), whereabouts dropping host-local spellings and
// folding the top-level range into `ipRanges`. Every change comes with a note code.
import {
  firstUsable,
  formatCidr,
  formatIp,
  hostBitsSet,
  lastUsable,
  toCidr,
} from '../../../shared/net/cidr';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import type { EffectiveNoteCode } from '../model/codes';
import type { JsonObject, JsonValue } from '../model/json';
import type { EffectiveConfigResult, EffectiveNote, ValidationContext } from '../model/types';
import { str } from './collector';
import { cloneJson, isJsonObject, joinPath, setMember } from './json';
import { parseCniConfig } from './parseCniConfig';
import { getPlugins } from './pools';
import { OVN_TYPE } from './validatePlugins';

const HOST_LOCAL_DATA_DIR = '/var/lib/cni/networks';
const WHEREABOUTS_DROPPED = [
  'rangeStart',
  'rangeEnd',
  'subnet',
  'ranges',
  'networkName',
  'enableOverlappingRanges',
  'nodeSliceSize',
  'excludes',
  'ip_ranges',
];
const PLUGIN_DEFAULTS: Record<string, Record<string, JsonValue>> = {
  bridge: { bridge: 'cni0' },
  'cnv-bridge': { bridge: 'cni0' },
  macvlan: { mode: 'bridge' },
  ipvlan: { mode: 'l2' },
};

function del(obj: JsonObject, key: string): void {
  Reflect.deleteProperty(obj, key);
}

function effectiveHostLocal(
  ipam: JsonObject,
  path: string,
  note: (c: EffectiveNoteCode, p: string, params?: Record<string, string | number>) => void,
): void {
  const hasRanges = Array.isArray(ipam.ranges);
  if (ipam.subnet !== undefined) {
    const top: JsonObject = {};
    for (const k of ['subnet', 'rangeStart', 'rangeEnd', 'gateway']) {
      const v = ipam[k];
      if (v !== undefined) setMember(top, k, v);
      del(ipam, k);
    }
    const ranges = Array.isArray(ipam.ranges) ? ipam.ranges : [];
    setMember(ipam, 'ranges', [[top], ...ranges]);
    note('effective.hostLocal.topLevelPrepended', joinPath(path, 'subnet'));
  } else if (hasRanges) {
    for (const k of ['gateway', 'rangeStart', 'rangeEnd']) {
      if (ipam[k] === undefined) continue;
      note('effective.hostLocal.topLevelDropped', joinPath(path, k), {
        key: k,
        value: JSON.stringify(ipam[k]),
      });
      del(ipam, k);
    }
  }
  const ranges = ipam.ranges;
  if (Array.isArray(ranges)) {
    ranges.forEach((set, i) => {
      if (!Array.isArray(set)) return;
      set.forEach((r, j) => {
        if (!isJsonObject(r)) return;
        const cidr = toCidr(r.subnet);
        if (!cidr || hostBitsSet(cidr)) return;
        const rp = `${path}.ranges[${i}][${j}]`;
        const defaults: [string, EffectiveNoteCode, string][] = [
          ['rangeStart', 'effective.hostLocal.rangeStartDefaulted', formatIp(firstUsable(cidr))],
          ['rangeEnd', 'effective.hostLocal.rangeEndDefaulted', formatIp(lastUsable(cidr))],
          ['gateway', 'effective.hostLocal.gatewayDefaulted', formatIp(firstUsable(cidr))],
        ];
        for (const [key, code, value] of defaults) {
          if (r[key] !== undefined) continue;
          setMember(r, key, value);
          note(code, joinPath(rp, key), { value, subnet: formatCidr(cidr) });
        }
      });
    });
  }
  if (ipam.dataDir === undefined) {
    setMember(ipam, 'dataDir', HOST_LOCAL_DATA_DIR);
    note('effective.defaultApplied', joinPath(path, 'dataDir'), {
      key: 'dataDir',
      value: HOST_LOCAL_DATA_DIR,
    });
  }
}

function effectiveWhereabouts(
  ipam: JsonObject,
  path: string,
  note: (c: EffectiveNoteCode, p: string, params?: Record<string, string | number>) => void,
): void {
  for (const k of WHEREABOUTS_DROPPED) {
    if (ipam[k] === undefined) continue;
    note('effective.whereabouts.keyDropped', joinPath(path, k), { key: k });
    del(ipam, k);
  }
  const normalize = (r: JsonObject, rp: string): void => {
    const text = str(r, 'range');
    const cidr = text !== undefined && !text.includes('-') ? toCidr(text) : undefined;
    if (cidr && hostBitsSet(cidr)) {
      setMember(r, 'range', formatCidr(cidr, true));
      note('effective.whereabouts.rangeNormalized', joinPath(rp, 'range'), {
        value: text ?? '',
        network: formatCidr(cidr, true),
      });
    }
  };
  if (ipam.range !== undefined) {
    const first: JsonObject = {};
    for (const k of ['range', 'range_start', 'range_end', 'exclude']) {
      const v = ipam[k];
      if (v !== undefined) setMember(first, k, v);
      del(ipam, k);
    }
    normalize(first, path);
    const rest = Array.isArray(ipam.ipRanges) ? ipam.ipRanges : [];
    setMember(ipam, 'ipRanges', [first, ...rest]);
    note('effective.whereabouts.rangesMerged', joinPath(path, 'range'));
  }
  if (Array.isArray(ipam.ipRanges)) {
    ipam.ipRanges.forEach((r, i) => {
      if (isJsonObject(r) && i > 0) normalize(r, `${path}.ipRanges[${i}]`);
    });
  }
  if (ipam.enable_overlapping_ranges === undefined) {
    setMember(ipam, 'enable_overlapping_ranges', true);
    note('effective.defaultApplied', joinPath(path, 'enable_overlapping_ranges'), {
      key: 'enable_overlapping_ranges',
      value: 'true',
    });
  }
}

export function getEffectiveConfig(
  nad: NetworkAttachmentDefinition,
  _context?: ValidationContext,
): EffectiveConfigResult {
  const text = nad.spec?.config;
  if (typeof text !== 'string' || text.trim() === '')
    return { ok: false, reason: 'form.configEmpty' };
  const parsed = parseCniConfig(text);
  if (!parsed.ok)
    return {
      ok: false,
      reason:
        parsed.error.code === 'json.notObject' ? 'form.configNotObject' : 'form.configUnparsable',
    };
  const root = cloneJson(parsed.value);
  const notes: EffectiveNote[] = [];
  const note = (
    code: EffectiveNoteCode,
    path: string,
    params?: Record<string, string | number>,
  ): void => {
    notes.push(params ? { code, path, params } : { code, path });
  };
  if (typeof root.type === 'string' && root.type !== '' && root.plugins !== undefined) {
    del(root, 'plugins');
    note('effective.pluginsIgnored', '$.plugins');
  }
  if (root.name === undefined || root.name === '') {
    setMember(root, 'name', nad.metadata.name);
    note('effective.nameInjected', '$.name', { value: nad.metadata.name });
  }
  if (root.cniVersion === undefined) {
    setMember(root, 'cniVersion', '0.1.0');
    note('effective.cniVersionDefaulted', '$.cniVersion', { value: '0.1.0' });
  }
  for (const p of getPlugins(root)) {
    const defaults = Object.hasOwn(PLUGIN_DEFAULTS, p.type) ? PLUGIN_DEFAULTS[p.type] : undefined;
    for (const [key, value] of Object.entries(defaults ?? {})) {
      if (p.obj[key] !== undefined) continue;
      setMember(p.obj, key, value);
      note('effective.defaultApplied', joinPath(p.path, key), {
        key,
        value: typeof value === 'string' ? value : JSON.stringify(value),
      });
    }
    if (
      p.type === OVN_TYPE &&
      str(p.obj, 'topology') === 'localnet' &&
      p.obj.physicalNetworkName === undefined
    ) {
      const value = str(p.obj, 'name') ?? str(root, 'name') ?? nad.metadata.name;
      setMember(p.obj, 'physicalNetworkName', value);
      note('effective.ovn.physicalNetworkDefaulted', joinPath(p.path, 'physicalNetworkName'), {
        value,
      });
    }
    const ipam = p.obj.ipam;
    const ipamPath = joinPath(p.path, 'ipam');
    if (!isJsonObject(ipam)) continue;
    const type = str(ipam, 'type');
    if (!type) {
      if (Object.keys(ipam).length > 0) {
        setMember(p.obj, 'ipam', {});
        note('effective.ipamIgnored', ipamPath);
      }
      continue;
    }
    if (type === 'host-local') effectiveHostLocal(ipam, ipamPath, note);
    else if (type === 'whereabouts') effectiveWhereabouts(ipam, ipamPath, note);
  }
  return { ok: true, config: root, notes };
}
