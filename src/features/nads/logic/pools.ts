// Reads the address pools a CNI config hands out (host-local ranges, static addresses,
// whereabouts ranges, OVN-K subnets). Shared by the cluster rules, the cross-NAD index and the
// list summary so they all agree on what a NAD's "subnets" are.
import {
  contains,
  firstUsable,
  lastUsable,
  networkAddress,
  toCidr,
  toIp,
  toRange,
  type Cidr,
  type IpRange,
} from '../../../shared/net/cidr';
import type { JsonObject } from '../model/json';
import { arr, bool, objAt, str } from './collector';
import { isJsonObject, joinPath } from './json';

export interface PluginRef {
  obj: JsonObject;
  path: string;
  type: string;
}

/** Plugins as Multus runs them: a non-empty root `type` wins over `plugins` (LoadDelegateNetConf). */
export function getPlugins(root: JsonObject): PluginRef[] {
  const t = root.type;
  if (typeof t === 'string' && t !== '') return [{ obj: root, path: '$', type: t }];
  const list = root.plugins;
  if (!Array.isArray(list)) return [];
  const out: PluginRef[] = [];
  list.forEach((p, i) => {
    if (isJsonObject(p))
      out.push({ obj: p, path: joinPath('$.plugins', i), type: str(p, 'type') ?? '' });
  });
  return out;
}

export interface ConfigPool {
  path: string;
  text: string;
  ipamType: 'host-local' | 'static' | 'whereabouts' | 'ovn';
  /** The subnet (what routing sees). */
  network: Cidr;
  /** The addresses actually handed out. */
  allocation: IpRange;
  networkName?: string;
  overlappingEnabled?: boolean;
  /**
   * Addresses inside `allocation` the IPAM never hands out: the range's gateway and whereabouts
   * `exclude` prefixes. Only those that parse.
   */
  reserved?: Cidr[];
}

export interface WhereaboutsRange {
  cidr: Cidr;
  /** Start from the `start-end/len` form. */
  start?: bigint;
}

/** whereabouts `range`: a CIDR or `A-B/len` (first address A, network B/len). */
export function parseWhereaboutsRange(text: string): WhereaboutsRange | undefined {
  const dash = text.indexOf('-');
  if (dash < 0) {
    const cidr = toCidr(text);
    return cidr ? { cidr } : undefined;
  }
  const start = toIp(text.slice(0, dash));
  const cidr = toCidr(text.slice(dash + 1));
  if (!start || !cidr || !contains(cidr, start)) return undefined;
  return { cidr, start: start.value };
}

/** `CIDR` or, for layer3, `CIDR/hostSubnetLength`. */
export function parseOvnSubnet(text: string, layer3: boolean): Cidr | undefined {
  const t = text.trim();
  if (layer3 && t.split('/').length === 3) {
    const cut = t.lastIndexOf('/');
    const host = Number(t.slice(cut + 1));
    const cidr = toCidr(t.slice(0, cut));
    if (!cidr || !/^\d{1,3}$/.test(t.slice(cut + 1)) || host < cidr.prefix) return undefined;
    return host > (cidr.family === 4 ? 32 : 128) ? undefined : cidr;
  }
  return toCidr(t);
}

export function splitList(v: string): string[] {
  return v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function normalized(c: Cidr): Cidr {
  return { family: c.family, address: networkAddress(c).value, prefix: c.prefix };
}

function hostLocalPool(r: JsonObject, path: string): ConfigPool | undefined {
  const text = str(r, 'subnet');
  const cidr = text === undefined ? undefined : toCidr(text);
  if (!cidr || text === undefined) return undefined;
  const start = toIp(str(r, 'rangeStart'));
  const end = toIp(str(r, 'rangeEnd'));
  const first = start && contains(cidr, start) ? start.value : firstUsable(cidr).value;
  const last = end && contains(cidr, end) ? end.value : lastUsable(cidr).value;
  const pool: ConfigPool = {
    path: joinPath(path, 'subnet'),
    text,
    ipamType: 'host-local',
    network: normalized(cidr),
    allocation: { family: cidr.family, start: first, end: last },
  };
  const reserved = reservedOf(r, undefined);
  if (reserved.length > 0) pool.reserved = reserved;
  return pool;
}

/** A range's gateway (host-local skips it) and whereabouts `exclude` entries. */
function reservedOf(r: JsonObject, excludeFrom: JsonObject | undefined): Cidr[] {
  const out: Cidr[] = [];
  const gateway = toIp(str(r, 'gateway'));
  if (gateway)
    out.push({
      family: gateway.family,
      address: gateway.value,
      prefix: gateway.family === 4 ? 32 : 128,
    });
  for (const e of (excludeFrom ? arr(excludeFrom, 'exclude') : undefined) ?? []) {
    const cidr = typeof e === 'string' ? toCidr(e) : undefined;
    if (cidr) out.push(cidr);
  }
  return out;
}

function whereaboutsPool(r: JsonObject, path: string, ipam: JsonObject): ConfigPool | undefined {
  const text = str(r, 'range');
  const parsed = text === undefined ? undefined : parseWhereaboutsRange(text);
  if (!parsed || text === undefined) return undefined;
  const { cidr } = parsed;
  const start = toIp(str(r, 'range_start'));
  const end = toIp(str(r, 'range_end'));
  const first =
    start && contains(cidr, start) ? start.value : (parsed.start ?? firstUsable(cidr).value);
  const last = end && contains(cidr, end) ? end.value : lastUsable(cidr).value;
  const pool: ConfigPool = {
    path: joinPath(path, 'range'),
    text,
    ipamType: 'whereabouts',
    network: normalized(cidr),
    allocation: { family: cidr.family, start: first, end: last },
    overlappingEnabled: bool(ipam, 'enable_overlapping_ranges') ?? true,
  };
  const nn = str(ipam, 'network_name');
  if (nn !== undefined) pool.networkName = nn;
  // `exclude` sits next to `range`: on the ipam object, or on each ipRanges entry.
  const reserved = reservedOf(r, r);
  if (reserved.length > 0) pool.reserved = reserved;
  return pool;
}

/** Every pool of one plugin object (its `ipam`, or OVN-K `subnets`). */
export function getPluginPools(plugin: PluginRef): ConfigPool[] {
  const out: ConfigPool[] = [];
  if (plugin.type === 'ovn-k8s-cni-overlay') {
    const subnets = str(plugin.obj, 'subnets');
    if (subnets === undefined) return out;
    const layer3 = str(plugin.obj, 'topology') === 'layer3';
    for (const s of splitList(subnets)) {
      const cidr = parseOvnSubnet(s, layer3);
      if (cidr) {
        out.push({
          path: joinPath(plugin.path, 'subnets'),
          text: s,
          ipamType: 'ovn',
          network: normalized(cidr),
          allocation: toRange(cidr),
        });
      }
    }
    return out;
  }
  const ipam = objAt(plugin.obj, 'ipam');
  if (!ipam) return out;
  const ipamPath = joinPath(plugin.path, 'ipam');
  const type = str(ipam, 'type');
  if (type === 'host-local') {
    if (str(ipam, 'subnet') !== undefined) {
      const p = hostLocalPool(ipam, ipamPath);
      if (p) out.push(p);
    }
    arr(ipam, 'ranges')?.forEach((set, i) => {
      if (!Array.isArray(set)) return;
      set.forEach((r, j) => {
        if (!isJsonObject(r)) return;
        const p = hostLocalPool(r, `${ipamPath}.ranges[${i}][${j}]`);
        if (p) out.push(p);
      });
    });
  } else if (type === 'static') {
    arr(ipam, 'addresses')?.forEach((a, i) => {
      if (!isJsonObject(a)) return;
      const text = str(a, 'address');
      const cidr = text === undefined ? undefined : toCidr(text);
      if (!cidr || text === undefined) return;
      out.push({
        path: `${ipamPath}.addresses[${i}].address`,
        text,
        ipamType: 'static',
        network: normalized(cidr),
        allocation: { family: cidr.family, start: cidr.address, end: cidr.address },
      });
    });
  } else if (type === 'whereabouts') {
    if (str(ipam, 'range') !== undefined) {
      const p = whereaboutsPool(ipam, ipamPath, ipam);
      if (p) out.push(p);
    }
    arr(ipam, 'ipRanges')?.forEach((r, i) => {
      if (!isJsonObject(r)) return;
      const p = whereaboutsPool(r, `${ipamPath}.ipRanges[${i}]`, ipam);
      if (p) out.push(p);
    });
  }
  return out;
}

export function getConfigPools(root: JsonObject): ConfigPool[] {
  return getPlugins(root).flatMap(getPluginPools);
}
