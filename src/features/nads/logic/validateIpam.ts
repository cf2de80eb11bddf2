// IPAM rules (nad-validation.md §5.2–5.6): host-local, static, dhcp, whereabouts, routes and DNS.
// Each rule mirrors what the plugin does at pod ADD time, or a silent behaviour it has.
import {
  broadcastAddress,
  contains,
  firstUsable,
  formatCidr,
  formatIp,
  hostBitsSet,
  ipInRange,
  lastUsable,
  networkAddress,
  overlaps,
  parseCidr,
  parseIp,
  toIp,
  type Cidr,
  type IpAddress,
  type IpFamily,
  type IpRange,
} from '../../../shared/net/cidr';
import type { JsonObject, JsonValue } from '../model/json';
import {
  arr,
  bool,
  checkTypes,
  isLegacyCniVersion,
  objAt,
  str,
  suggestKey,
  type Collector,
  type RuleEnv,
  show,
} from './collector';
import { isJsonObject, joinPath } from './json';
import { parseWhereaboutsRange, type PluginRef } from './pools';

/** IPAM plugins Switchboard checks: containernetworking/plugins plugins/ipam/*, whereabouts. */
const IPAM_TYPES = ['host-local', 'static', 'dhcp', 'whereabouts'];
const HOST_LOCAL_KEYS = [
  'type',
  'ranges',
  'subnet',
  'rangeStart',
  'rangeEnd',
  'gateway',
  'routes',
  'dataDir',
  'resolvConf',
];
const STATIC_KEYS = ['type', 'addresses', 'routes', 'dns'];
const DHCP_KEYS = [
  'type',
  'daemonSocketPath',
  'request',
  'provide',
  'timeout',
  'resendMax',
  'resendTimeout',
  'broadcast',
];
const WHEREABOUTS_KEYS = [
  'type',
  'range',
  'range_start',
  'range_end',
  'exclude',
  'ipRanges',
  'gateway',
  'routes',
  'addresses',
  'dns',
  'network_name',
  'enable_overlapping_ranges',
  'node_slice_size',
  'configuration_path',
  'kubernetes',
  'log_file',
  'log_level',
  'datastore',
  'etcd_host',
  'etcd_username',
  'etcd_password',
  'etcd_key_file',
  'etcd_cert_file',
  'etcd_ca_cert_file',
  'leader_lease_duration',
  'leader_renew_deadline',
  'leader_retry_period',
  'reconciler_cron_expression',
  'sleep_for_race',
  'podName',
  'podNamespace',
];
/** Keys whereabouts silently ignores, with the key the user meant. */
const WHEREABOUTS_FOREIGN: Record<string, string | undefined> = {
  rangeStart: 'range_start',
  rangeEnd: 'range_end',
  subnet: 'range',
  ranges: undefined,
  networkName: 'network_name',
  enableOverlappingRanges: 'enable_overlapping_ranges',
  nodeSliceSize: 'node_slice_size',
  excludes: 'exclude',
  ip_ranges: 'ipRanges',
};
const POOL_KEYS = [
  'ranges',
  'subnet',
  'rangeStart',
  'rangeEnd',
  'range',
  'range_start',
  'range_end',
  'ipRanges',
  'addresses',
  'exclude',
];
const L2_SHARED_PLUGINS = new Set(['macvlan', 'ipvlan', 'vlan', 'sriov']);

const DNS_NAME =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;

function unknownKeys(
  c: Collector,
  obj: JsonObject,
  path: string,
  known: readonly string[],
  skip: readonly string[] = [],
): void {
  for (const key of Object.keys(obj)) {
    if (known.includes(key) || skip.includes(key)) continue;
    const s = suggestKey(key, known);
    const p = joinPath(path, key);
    if (s !== undefined && obj[s] === undefined) {
      c.warn(
        'config.unknownKey',
        p,
        { key, suggestion: s },
        { kind: 'rename-key', path: p, to: s },
      );
    } else c.warn('config.unknownKey', p, { key });
  }
}

function isDefaultDst(c: Cidr): boolean {
  return c.prefix === 0;
}

/** Gateway per family that a route without `gw` would use, for the quick fix. */
type Gateways = Partial<Record<IpFamily, IpAddress>>;

function validateRoutes(c: Collector, ipam: JsonObject, path: string, gws: Gateways): void {
  const routes = ipam.routes;
  if (routes === undefined) return;
  const rp = joinPath(path, 'routes');
  if (!Array.isArray(routes)) {
    c.error('config.fieldType', rp, { key: 'routes', expected: 'array', actual: typeof routes });
    return;
  }
  routes.forEach((r, i) => {
    const p = joinPath(rp, i);
    if (!isJsonObject(r)) {
      c.error('config.fieldType', p, { key: 'routes', expected: 'object', actual: typeof r });
      return;
    }
    const dst = parseCidr(r.dst);
    if (!dst.ok) {
      c.error('ipam.routeDstInvalid', joinPath(p, 'dst'), {
        value: show(r.dst ?? ''),
        error: dst.error,
      });
    }
    let gw: IpAddress | undefined;
    if (r.gw !== undefined) {
      const g = parseIp(r.gw);
      if (!g.ok)
        c.error('ipam.routeGwInvalid', joinPath(p, 'gw'), { value: show(r.gw), error: g.error });
      else gw = g.value;
    }
    if (!dst.ok) return;
    if (gw && gw.family !== dst.value.family) {
      c.error('ipam.routeFamilyMismatch', joinPath(p, 'gw'), {
        dst: show(r.dst),
        gw: show(r.gw),
      });
    }
    if (isDefaultDst(dst.value)) {
      c.warn('ipam.defaultRoute', joinPath(p, 'dst'), { dst: show(r.dst) });
      if (r.gw === undefined) {
        const fill = gws[dst.value.family];
        c.warn(
          'ipam.defaultRouteNoGateway',
          p,
          { dst: show(r.dst) },
          fill ? { kind: 'replace', path: joinPath(p, 'gw'), value: formatIp(fill) } : undefined,
        );
      }
    }
  });
}

function validateDns(c: Collector, dns: JsonValue | undefined, path: string): void {
  if (dns === undefined) return;
  if (!isJsonObject(dns)) {
    c.error('config.fieldType', path, { key: 'dns', expected: 'object', actual: typeof dns });
    return;
  }
  checkTypes(c, dns, path, {
    nameservers: 'array',
    domain: 'string',
    search: 'array',
    options: 'array',
  });
  arr(dns, 'nameservers')?.forEach((ns, i) => {
    if (!parseIp(ns).ok)
      c.error('ipam.dnsNameserverInvalid', `${path}.nameservers[${i}]`, { value: show(ns) });
  });
  const domain = str(dns, 'domain');
  if (domain !== undefined && !DNS_NAME.test(domain)) {
    c.error('ipam.dnsDomainInvalid', joinPath(path, 'domain'), { value: domain });
  }
  arr(dns, 'search')?.forEach((s, i) => {
    if (typeof s !== 'string' || !DNS_NAME.test(s)) {
      c.error('ipam.dnsDomainInvalid', `${path}.search[${i}]`, { value: show(s) });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// host-local

interface CheckedRange {
  cidr: Cidr;
  alloc: IpRange;
  path: string;
  gateway: IpAddress;
}

function checkHostLocalRange(c: Collector, r: JsonObject, path: string): CheckedRange | undefined {
  checkTypes(c, r, path, {
    subnet: 'string',
    rangeStart: 'string',
    rangeEnd: 'string',
    gateway: 'string',
  });
  const sp = joinPath(path, 'subnet');
  const parsed = parseCidr(r.subnet);
  if (!parsed.ok) {
    if (typeof r.subnet === 'string' || r.subnet === undefined) {
      c.error('ipam.hostLocal.subnetInvalid', sp, {
        value: show(r.subnet ?? ''),
        error: parsed.error,
      });
    }
    return undefined;
  }
  const cidr = parsed.value;
  if (hostBitsSet(cidr)) {
    c.error(
      'ipam.hostLocal.hostBitsSet',
      sp,
      { value: show(r.subnet), network: formatCidr(cidr, true) },
      {
        kind: 'replace',
        path: sp,
        value: formatCidr(cidr, true),
      },
    );
  }
  const maxPrefix = cidr.family === 4 ? 30 : 126;
  if (cidr.prefix > maxPrefix) {
    c.error('ipam.hostLocal.subnetTooSmall', sp, { value: show(r.subnet), max: maxPrefix });
    return undefined;
  }
  const readIp = (key: string): IpAddress | undefined => {
    const v = r[key];
    if (typeof v !== 'string') return undefined;
    const ip = parseIp(v);
    if (!ip.ok) {
      c.error('ipam.hostLocal.addressInvalid', joinPath(path, key), {
        key,
        value: v,
        error: ip.error,
      });
      return undefined;
    }
    return ip.value;
  };
  const start = readIp('rangeStart');
  const end = readIp('rangeEnd');
  const gw = readIp('gateway');
  const net = networkAddress(cidr);
  const bcast = broadcastAddress(cidr);
  for (const [key, ip] of [
    ['rangeStart', start],
    ['rangeEnd', end],
  ] as const) {
    if (ip && !contains(cidr, ip)) {
      c.error('ipam.hostLocal.rangeOutsideSubnet', joinPath(path, key), {
        key,
        value: formatIp(ip),
        subnet: formatCidr(cidr, true),
      });
    }
  }
  const okStart = start && contains(cidr, start) ? start : undefined;
  const okEnd = end && contains(cidr, end) ? end : undefined;
  if (okStart && okEnd && okStart.value > okEnd.value) {
    c.error('ipam.hostLocal.rangeOrder', joinPath(path, 'rangeStart'), {
      start: formatIp(okStart),
      end: formatIp(okEnd),
    });
  }
  if (okStart?.value === net.value && cidr.prefix < maxPrefix + 1) {
    c.warn('ipam.hostLocal.rangeEdge', joinPath(path, 'rangeStart'), {
      key: 'rangeStart',
      value: formatIp(okStart),
    });
  }
  if (cidr.family === 4 && okEnd?.value === bcast.value) {
    c.warn('ipam.hostLocal.rangeEdge', joinPath(path, 'rangeEnd'), {
      key: 'rangeEnd',
      value: formatIp(okEnd),
    });
  }
  // Range.Canonicalize (backend/allocator/range.go): rangeStart defaults to the subnet's first
  // address after the network address; rangeEnd to lastIP, which is the broadcast minus one for
  // IPv4 but the very last address for IPv6.
  const alloc: IpRange = {
    family: cidr.family,
    start: (okStart ?? firstUsable(cidr)).value,
    end: (okEnd ?? (cidr.family === 6 ? bcast : lastUsable(cidr))).value,
  };
  if (gw) {
    const gp = joinPath(path, 'gateway');
    // host-local never validates the gateway (backend/allocator/range.go Range.Canonicalize only
    // parses it); it only skips it while allocating and reports it in the result. A gateway
    // outside the subnet or on its network address loads fine but gives pods a useless route.
    if (!contains(cidr, gw)) {
      c.warn('ipam.hostLocal.gatewayOutsideSubnet', gp, {
        gateway: formatIp(gw),
        subnet: formatCidr(cidr, true),
      });
    } else if (gw.value === net.value || (cidr.family === 4 && gw.value === bcast.value)) {
      c.warn(
        'ipam.hostLocal.gatewayReserved',
        gp,
        { gateway: formatIp(gw), subnet: formatCidr(cidr, true) },
        {
          kind: 'replace',
          path: gp,
          value: formatIp(firstUsable(cidr)),
        },
      );
    } else if (
      (okStart || okEnd) &&
      ipInRange(
        gw,
        { family: cidr.family, value: alloc.start },
        { family: cidr.family, value: alloc.end },
      )
    ) {
      c.info('ipam.hostLocal.gatewayInRange', gp, { gateway: formatIp(gw) });
    }
  }
  return { cidr, alloc, path: sp, gateway: gw && contains(cidr, gw) ? gw : firstUsable(cidr) };
}

function validateHostLocal(
  env: RuleEnv,
  plugin: PluginRef,
  ipam: JsonObject,
  path: string,
): Gateways {
  const { c } = env;
  checkTypes(c, ipam, path, {
    ranges: 'array',
    subnet: 'string',
    rangeStart: 'string',
    rangeEnd: 'string',
    gateway: 'string',
    routes: 'array',
    dataDir: 'string',
    resolvConf: 'string',
  });
  unknownKeys(c, ipam, path, HOST_LOCAL_KEYS);
  const ranges = arr(ipam, 'ranges');
  const hasTopSubnet = ipam.subnet !== undefined;
  const sets: CheckedRange[][] = [];
  if (ranges && !hasTopSubnet) {
    for (const key of ['gateway', 'rangeStart', 'rangeEnd']) {
      if (ipam[key] === undefined) continue;
      const first = ranges[0];
      const target = Array.isArray(first) && isJsonObject(first[0]) ? first[0] : undefined;
      const from = joinPath(path, key);
      // IPAMConfig embeds a Range, and LoadIPAMConfig (backend/allocator/config.go) only keeps it
      // when it has a subnet: a top-level gateway/rangeStart/rangeEnd next to `ranges` is dropped
      // without an error, so the config loads and the value has no effect.
      c.warn(
        'ipam.hostLocal.topLevelIgnored',
        from,
        { key },
        target && target[key] === undefined
          ? { kind: 'move', from, path: `${path}.ranges[0][0].${key}` }
          : { kind: 'remove', path: from },
      );
    }
  }
  if (hasTopSubnet) {
    if (ranges)
      c.warn('ipam.hostLocal.topLevelPlusRanges', joinPath(path, 'subnet'), {
        subnet: show(ipam.subnet),
      });
    const r = checkHostLocalRange(c, ipam, path);
    sets.push(r ? [r] : []);
  }
  if (!ranges && !hasTopSubnet) c.error('ipam.hostLocal.rangesRequired', path);
  if (ranges?.length === 0 && !hasTopSubnet)
    c.error('ipam.hostLocal.rangesRequired', joinPath(path, 'ranges'));
  ranges?.forEach((set, i) => {
    const setPath = `${path}.ranges[${i}]`;
    if (!Array.isArray(set)) {
      c.error('config.fieldType', setPath, {
        key: 'ranges',
        expected: 'array',
        actual: typeof set,
      });
      return;
    }
    if (set.length === 0) c.error('ipam.hostLocal.rangeSetEmpty', setPath);
    const checked: CheckedRange[] = [];
    set.forEach((r, j) => {
      const rp = `${setPath}[${j}]`;
      if (!isJsonObject(r)) {
        c.error('config.fieldType', rp, { key: 'ranges', expected: 'object', actual: typeof r });
        return;
      }
      unknownKeys(c, r, rp, ['subnet', 'rangeStart', 'rangeEnd', 'gateway']);
      const cr = checkHostLocalRange(c, r, rp);
      if (cr) checked.push(cr);
    });
    const fam = checked[0]?.cidr.family;
    for (const cr of checked) {
      if (cr.cidr.family !== fam) c.error('ipam.hostLocal.familyMix', cr.path, { set: i });
    }
    sets.push(checked);
  });
  // Overlap within a set (RangeSet.Canonicalize, range_set.go) and between sets (LoadIPAMConfig,
  // config.go) both use Range.Overlaps (range.go): an endpoint of one range lies in the other's
  // rangeStart..rangeEnd. That is interval intersection of the effective ranges, not of the
  // subnets, so disjoint blocks of one subnet are valid. A sweep per family keeps it linear.
  const all = sets.flatMap((s, si) => s.map((r) => ({ r, si })));
  for (const fam of [4, 6] as const) {
    const xs = all
      .filter((x) => x.r.cidr.family === fam)
      .sort((a, b) => (a.r.alloc.start < b.r.alloc.start ? -1 : 1));
    let prev: (typeof xs)[number] | undefined;
    for (const x of xs) {
      if (prev && overlaps(prev.r.alloc, x.r.alloc)) {
        c.error('ipam.hostLocal.rangeOverlap', x.r.path, { other: prev.r.path });
      }
      if (!prev || x.r.alloc.end > prev.r.alloc.end) prev = x;
    }
  }
  const perFamily = new Map<IpFamily, number>();
  for (const s of sets) {
    const f = s[0]?.cidr.family;
    if (f) perFamily.set(f, (perFamily.get(f) ?? 0) + 1);
  }
  for (const [f, count] of perFamily) {
    if (count < 2) continue;
    if (isLegacyCniVersion(env.cniVersion)) {
      c.error('config.cniVersionMultipleAddresses', joinPath(path, 'ranges'), {
        family: `IPv${f}`,
        cniVersion: env.cniVersion ?? '',
      });
    } else
      c.info('ipam.hostLocal.multipleSetsSameFamily', joinPath(path, 'ranges'), {
        family: `IPv${f}`,
        count,
      });
  }
  if (
    env.platform === 'openshift' &&
    (L2_SHARED_PLUGINS.has(plugin.type) ||
      (plugin.type === 'bridge' && plugin.obj.vlan !== undefined))
  ) {
    c.warn('ipam.hostLocal.nodeLocal', joinPath(path, 'type'), { plugin: plugin.type });
  }
  for (const key of ['dataDir', 'resolvConf']) {
    const v = str(ipam, key);
    if (v !== undefined && !v.startsWith('/'))
      c.warn('ipam.hostLocal.pathNotAbsolute', joinPath(path, key), { key, value: v });
  }
  const gws: Gateways = {};
  for (const s of sets) for (const r of s) gws[r.cidr.family] ??= r.gateway;
  return gws;
}

// ---------------------------------------------------------------------------------------------
// static

function validateStatic(env: RuleEnv, plugin: PluginRef, ipam: JsonObject, path: string): Gateways {
  const { c } = env;
  checkTypes(c, ipam, path, { addresses: 'array', routes: 'array', dns: 'object' });
  unknownKeys(c, ipam, path, STATIC_KEYS);
  const gws: Gateways = {};
  const addresses = arr(ipam, 'addresses') ?? [];
  const perFamily = new Map<IpFamily, number>();
  addresses.forEach((a, i) => {
    const ap = `${path}.addresses[${i}]`;
    if (!isJsonObject(a)) {
      c.error('config.fieldType', ap, { key: 'addresses', expected: 'object', actual: typeof a });
      return;
    }
    const parsed = parseCidr(a.address);
    if (!parsed.ok) {
      c.error('ipam.static.addressInvalid', joinPath(ap, 'address'), {
        value: show(a.address ?? ''),
        error: parsed.error,
      });
      return;
    }
    const cidr = parsed.value;
    perFamily.set(cidr.family, (perFamily.get(cidr.family) ?? 0) + 1);
    const ip: IpAddress = { family: cidr.family, value: cidr.address };
    if (
      cidr.family === 4 &&
      cidr.prefix <= 30 &&
      (ip.value === networkAddress(cidr).value || ip.value === broadcastAddress(cidr).value)
    ) {
      c.warn('ipam.static.addressReserved', joinPath(ap, 'address'), { value: show(a.address) });
    }
    if (a.gateway !== undefined) {
      const g = parseIp(a.gateway);
      if (!g.ok)
        c.error('ipam.static.gatewayInvalid', joinPath(ap, 'gateway'), {
          value: show(a.gateway),
          error: g.error,
        });
      else {
        if (!contains(cidr, g.value)) {
          c.warn('ipam.static.gatewayOutsidePrefix', joinPath(ap, 'gateway'), {
            gateway: show(a.gateway),
            address: show(a.address),
          });
        }
        gws[g.value.family] ??= g.value;
      }
    }
  });
  // The static plugin (plugins/ipam/static/main.go LoadIPAMConfig) also takes addresses from
  // CNI_ARGS `IP=`, from `args.cni.ips` (Multus injects a selection's `cni-args` there) and from
  // `runtimeConfig.ips` (what a selection's `ips` becomes when the plugin declares the `ips`
  // capability). An empty list is therefore valid: each pod must bring its own address.
  const ipsCapability = bool(objAt(plugin.obj, 'capabilities'), 'ips') === true;
  if (addresses.length === 0 && ipsCapability) c.info('ipam.static.podSuppliedIps', path);
  if (addresses.length === 0 && !ipsCapability) {
    c.warn('ipam.static.noAddresses', path, undefined, {
      kind: 'replace',
      path: joinPath(plugin.path, 'capabilities'),
      value: { ips: true },
    });
  }
  if (addresses.length > 0 && !ipsCapability)
    c.warn('ipam.static.sharedIp', joinPath(path, 'addresses'));
  for (const [f, count] of perFamily) {
    if (count > 1 && isLegacyCniVersion(env.cniVersion)) {
      c.error('config.cniVersionMultipleAddresses', joinPath(path, 'addresses'), {
        family: `IPv${f}`,
        cniVersion: env.cniVersion ?? '',
      });
    }
  }
  return gws;
}

// ---------------------------------------------------------------------------------------------
// whereabouts

interface CheckedWaRange {
  cidr: Cidr;
  alloc: IpRange;
  excludes: Cidr[];
}

function checkWhereaboutsRange(
  c: Collector,
  r: JsonObject,
  path: string,
): CheckedWaRange | undefined {
  checkTypes(c, r, path, {
    range: 'string',
    range_start: 'string',
    range_end: 'string',
    exclude: 'array',
  });
  const rp = joinPath(path, 'range');
  const text = str(r, 'range');
  if (text === undefined) return undefined;
  const parsed = parseWhereaboutsRange(text);
  if (!parsed) {
    c.error('ipam.whereabouts.rangeInvalid', rp, { value: text });
    return undefined;
  }
  const { cidr } = parsed;
  if (!text.includes('-') && hostBitsSet(cidr)) {
    c.warn(
      'ipam.whereabouts.rangeHostBits',
      rp,
      { value: text, network: formatCidr(cidr, true) },
      { kind: 'replace', path: rp, value: formatCidr(cidr, true) },
    );
  }
  if (cidr.prefix > (cidr.family === 4 ? 30 : 126)) {
    c.error('ipam.whereabouts.rangeTooSmall', rp, { value: text });
    return undefined;
  }
  if (cidr.family === 6 && cidr.prefix <= 64)
    c.info('ipam.whereabouts.ipv6Wide', rp, { value: text });
  const bound = (key: string): IpAddress | undefined => {
    const v = r[key];
    if (typeof v !== 'string') return undefined;
    const ip = parseIp(v);
    if (!ip.ok) {
      c.error('ipam.whereabouts.boundInvalid', joinPath(path, key), {
        key,
        value: v,
        error: ip.error,
      });
      return undefined;
    }
    if (!contains(cidr, ip.value)) {
      c.error('ipam.whereabouts.boundOutsideRange', joinPath(path, key), {
        key,
        value: v,
        range: formatCidr(cidr, true),
      });
      return undefined;
    }
    return ip.value;
  };
  const start = bound('range_start');
  const end = bound('range_end');
  if (start && end && start.value > end.value) {
    c.error('ipam.whereabouts.boundOrder', joinPath(path, 'range_start'), {
      start: formatIp(start),
      end: formatIp(end),
    });
  }
  const excludes: Cidr[] = [];
  arr(r, 'exclude')?.forEach((e, i) => {
    const ep = `${path}.exclude[${i}]`;
    const ex = parseCidr(e);
    if (!ex.ok) {
      const bare = toIp(e);
      c.error(
        'ipam.whereabouts.excludeInvalid',
        ep,
        { value: show(e), error: ex.error },
        bare
          ? {
              kind: 'replace',
              path: ep,
              value: `${formatIp(bare)}/${bare.family === 4 ? 32 : 128}`,
            }
          : undefined,
      );
      return;
    }
    excludes.push(ex.value);
    if (!contains(cidr, ex.value))
      c.warn('ipam.whereabouts.excludeOutsideRange', ep, {
        value: show(e),
        range: formatCidr(cidr, true),
      });
  });
  return {
    cidr,
    excludes,
    alloc: {
      family: cidr.family,
      start: start?.value ?? parsed.start ?? firstUsable(cidr).value,
      end: end?.value ?? lastUsable(cidr).value,
    },
  };
}

function validateWhereabouts(env: RuleEnv, ipam: JsonObject, path: string): Gateways {
  const { c } = env;
  checkTypes(c, ipam, path, {
    range: 'string',
    range_start: 'string',
    range_end: 'string',
    exclude: 'array',
    ipRanges: 'array',
    gateway: 'string',
    routes: 'array',
    network_name: 'string',
    enable_overlapping_ranges: 'boolean',
    node_slice_size: 'string',
    addresses: 'array',
  });
  for (const key of Object.keys(ipam)) {
    // Own keys only: `in` and indexing also see Object.prototype, so a `__proto__` or
    // `constructor` key in the config would be "corrected" to an object or a function.
    if (!Object.hasOwn(WHEREABOUTS_FOREIGN, key) || WHEREABOUTS_KEYS.includes(key)) continue;
    const to = WHEREABOUTS_FOREIGN[key];
    const p = joinPath(path, key);
    c.error(
      'ipam.whereabouts.foreignKey',
      p,
      to ? { key, suggestion: to } : { key },
      to && ipam[to] === undefined
        ? { kind: 'rename-key', path: p, to }
        : { kind: 'remove', path: p },
    );
  }
  unknownKeys(c, ipam, path, WHEREABOUTS_KEYS, Object.keys(WHEREABOUTS_FOREIGN));
  const checked: CheckedWaRange[] = [];
  if (ipam.range !== undefined) {
    const r = checkWhereaboutsRange(c, ipam, path);
    if (r) checked.push(r);
  } else {
    for (const key of ['range_start', 'range_end', 'exclude']) {
      if (ipam[key] !== undefined && arr(ipam, 'ipRanges') === undefined)
        c.error('ipam.whereabouts.rangeRequired', joinPath(path, key));
    }
  }
  const ipRanges = arr(ipam, 'ipRanges');
  ipRanges?.forEach((r, i) => {
    const rp = `${path}.ipRanges[${i}]`;
    if (!isJsonObject(r)) {
      c.error('config.fieldType', rp, { key: 'ipRanges', expected: 'object', actual: typeof r });
      return;
    }
    if (r.range === undefined) c.error('ipam.whereabouts.rangeRequired', rp);
    const cr = checkWhereaboutsRange(c, r, rp);
    if (cr) checked.push(cr);
  });
  if (ipam.range === undefined && (ipRanges?.length ?? 0) === 0)
    c.error('ipam.whereabouts.rangeRequired', path);
  const gws: Gateways = {};
  if (ipam.gateway !== undefined) {
    const gp = joinPath(path, 'gateway');
    const g = parseIp(ipam.gateway);
    if (!g.ok)
      c.error('ipam.whereabouts.gatewayInvalid', gp, {
        value: show(ipam.gateway),
        error: g.error,
      });
    else {
      gws[g.value.family] = g.value;
      const gw = g.value;
      const pool = checked.find((r) => contains(r.cidr, gw));
      if (
        pool &&
        ipInRange(
          gw,
          { family: gw.family, value: pool.alloc.start },
          { family: gw.family, value: pool.alloc.end },
        ) &&
        !pool.excludes.some((e) => contains(e, gw))
      ) {
        c.warn(
          'ipam.whereabouts.gatewayNotExcluded',
          gp,
          { gateway: formatIp(gw) },
          {
            kind: 'append',
            path: joinPath(path, 'exclude'),
            value: `${formatIp(gw)}/${gw.family === 4 ? 32 : 128}`,
          },
        );
      }
    }
  }
  if (ipam.node_slice_size !== undefined)
    c.info('ipam.whereabouts.nodeSlice', joinPath(path, 'node_slice_size'));
  return gws;
}

// ---------------------------------------------------------------------------------------------

/** Plugins that fail without an IPAM result (no prevResult to reuse when first in the chain). */
function ipamRequired(plugin: PluginRef, index: number): boolean {
  return (plugin.type === 'ipvlan' && index === 0) || plugin.type === 'vlan';
}

export function validateIpam(env: RuleEnv, plugin: PluginRef, index: number): void {
  const { c } = env;
  if (plugin.type === 'ovn-k8s-cni-overlay') return;
  const path = joinPath(plugin.path, 'ipam');
  const raw = plugin.obj.ipam;
  if (raw !== undefined && !isJsonObject(raw)) {
    c.error('config.fieldType', path, { key: 'ipam', expected: 'object', actual: typeof raw });
    return;
  }
  const ipam = raw;
  const type = str(ipam, 'type');
  if (ipam && type === undefined && Object.keys(ipam).length > 0) {
    c.error('ipam.typeMissing', path, { keys: Object.keys(ipam).slice(0, 5).join(', ') });
  }
  if (!ipam || !type) {
    if (ipamRequired(plugin, index)) c.error('ipam.required', path, { plugin: plugin.type });
    return;
  }
  let gws: Gateways = {};
  switch (type) {
    case 'host-local':
      gws = validateHostLocal(env, plugin, ipam, path);
      break;
    case 'static':
      gws = validateStatic(env, plugin, ipam, path);
      validateDns(c, ipam.dns, joinPath(path, 'dns'));
      break;
    case 'whereabouts':
      gws = validateWhereabouts(env, ipam, path);
      validateDns(c, ipam.dns, joinPath(path, 'dns'));
      break;
    case 'dhcp': {
      if (env.ctx?.dhcpDaemon === 'missing')
        c.warn('ipam.dhcp.daemonMissing', joinPath(path, 'type'));
      else if (env.ctx?.dhcpDaemon !== 'deployed')
        c.info('ipam.dhcp.daemonRequired', joinPath(path, 'type'), { platform: env.platform });
      if (plugin.type === 'ipvlan') c.error('ipam.dhcp.ipvlan', joinPath(path, 'type'));
      if (plugin.type === 'bridge' || plugin.type === 'cnv-bridge')
        c.info('ipam.dhcp.bridgeServer', joinPath(path, 'type'));
      for (const key of Object.keys(ipam)) {
        const p = joinPath(path, key);
        if (POOL_KEYS.includes(key) || key === 'gateway' || key === 'routes')
          c.warn('ipam.dhcp.extraKeys', p, { key }, { kind: 'remove', path: p });
        else if (!DHCP_KEYS.includes(key))
          unknownKeys(c, { [key]: ipam[key] ?? null }, path, DHCP_KEYS);
      }
      return;
    }
    default: {
      // libcni looks the type up as a binary name; a misspelt one fails every pod with
      // `failed to find plugin "<type>"`. A near miss of a known type is most likely a typo.
      const tp = joinPath(path, 'type');
      const suggestion = suggestKey(type, IPAM_TYPES);
      if (suggestion)
        c.warn(
          'ipam.unknownType',
          tp,
          { type, suggestion },
          { kind: 'replace', path: tp, value: suggestion },
        );
      else c.info('ipam.unknownType', tp, { type });
      return;
    }
  }
  validateRoutes(c, ipam, path, gws);
}
