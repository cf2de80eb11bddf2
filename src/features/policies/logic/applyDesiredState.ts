// A pure model of `nmstatectl apply` plus the kubernetes-nmstate handler's probes: it merges a
// desired nmstate document into a node's current state the way nmstate does (interfaces matched
// by name and type, keys merged, lists replaced, `state: absent` removing) and fails the way the
// handler reports failures. The sandbox's simulated handler applies policies with it and the
// policy editor previews a policy per node with it, so both see the same outcome.
import { stringify } from 'yaml';
import type {
  DnsConfig,
  IpConfig,
  NetworkInterface,
  NetworkState,
  Route,
} from '../../../shared/model/nmstate';
import { isRecord } from '../../../shared/logic/isRecord';
import { sanitizeDesiredInterface } from './nmpolicy/deserialize';
import { BOND_MODES } from '../model/bondModes';

export type ApplyErrorCode =
  'InterfaceNotFound' | 'DependencyError' | 'AddressInUse' | 'InvalidArgument' | 'ProbeFailed';

export interface ApplyError {
  code: ApplyErrorCode;
  /** nmstatectl's own wording (`NmstateError: <Kind>: …`) or the handler's probe-rollback text. */
  message: string;
  interface?: string;
}

export interface ApplyOptions {
  /**
   * NIC names physically present on the node. Ethernets cannot be created, only configured; by
   * default every ethernet already in the current state counts as present.
   */
  physicalNics?: readonly string[];
  /** Skip the handler's post-apply probes (e.g. a preview of a state for a node that is down). */
  skipProbes?: boolean;
  /** Seed for the MAC addresses of created software interfaces, usually the node name. */
  macSeed?: string;
}

export interface InterfaceRef {
  name: string;
  type?: string;
}

export interface InterfaceChange extends InterfaceRef {
  /** Dotted paths of changed keys; lists are compared whole, so a path ends at the list. */
  fields: string[];
}

/** Top-level sections besides interfaces, routes and DNS that a policy can change. */
export type OtherSection = 'route-rules' | 'ovn' | 'ovs-db' | 'hostname';

export interface NetworkStateDiff {
  interfaces: { created: InterfaceRef[]; changed: InterfaceChange[]; removed: InterfaceRef[] };
  routes: { added: Route[]; removed: Route[] };
  dns: { changed: boolean };
  /** Other sections whose content differs; empty when none. */
  other: OtherSection[];
}

export type ApplyResult =
  { ok: true; state: NetworkState; changes: NetworkStateDiff } | { ok: false; error: ApplyError };

const BOND_MODE_NAMES: ReadonlySet<string> = new Set(BOND_MODES);

/** Types nmstate can create; ethernets (and loopback) only exist when the hardware does. */
const CREATABLE_TYPES = new Set([
  'bond',
  'linux-bridge',
  'vlan',
  'vxlan',
  'ovs-bridge',
  'ovs-interface',
  'mac-vlan',
  'mac-vtap',
  'ipvlan',
  'vrf',
  'dummy',
  'veth',
]);

type PlainObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** nmstate's merge: objects merge key by key, lists and scalars in `patch` replace. */
function mergeValue(base: unknown, patch: unknown): unknown {
  if (isPlainObject(base) && isPlainObject(patch)) {
    const out: PlainObject = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      out[key] = key in base ? mergeValue(base[key], value) : clone(value);
    }
    return out;
  }
  return clone(patch);
}

function fail(code: ApplyErrorCode, message: string, iface?: string): ApplyResult {
  return {
    ok: false,
    error: iface === undefined ? { code, message } : { code, message, interface: iface },
  };
}

class ApplyFailure extends Error {
  constructor(readonly error: ApplyError) {
    super(error.message);
  }
}

function nmstateError(
  code: ApplyErrorCode,
  kind: string,
  text: string,
  iface?: string,
): ApplyFailure {
  const message = `NmstateError: ${kind}: ${text}`;
  return new ApplyFailure(
    iface === undefined ? { code, message } : { code, message, interface: iface },
  );
}

/**
 * Finds an interface the way nmstate matches desired to current: by name and type, or by name
 * alone when the desired entry has no type. `br-ex` exists twice (ovs-bridge and its internal
 * ovs-interface); a typeless match picks the kernel interface, as nmstate does.
 */
function findInterfaceIndex(
  ifaces: readonly NetworkInterface[],
  name: string,
  type?: string,
): number {
  // nmstate prints a typeless desired interface as type `unknown` and resolves it to the current
  // interface of that name (ifaces/inter_ifaces.rs `resolve_unknown_ifaces`).
  if (type !== undefined && type !== 'unknown')
    return ifaces.findIndex((i) => i.name === name && i.type === type);
  const kernel = ifaces.findIndex((i) => i.name === name && i.type !== 'ovs-bridge');
  return kernel >= 0 ? kernel : ifaces.findIndex((i) => i.name === name);
}

function findInterface(
  ifaces: readonly NetworkInterface[],
  name: string,
): NetworkInterface | undefined {
  return ifaces[findInterfaceIndex(ifaces, name)];
}

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function hex2(n: number): string {
  return (n & 0xff).toString(16).toUpperCase().padStart(2, '0');
}

/** A stable locally administered MAC, so repeated previews of one policy agree. */
function generatedMac(seed: string, name: string): string {
  const a = hashString(`${seed}/${name}`);
  const b = hashString(`${name}/${seed}`);
  return ['02', hex2(a >>> 24), hex2(a >>> 16), hex2(a >>> 8), hex2(a), hex2(b)].join(':');
}

/** Port names a controller declares, whatever its type. */
function declaredPorts(iface: NetworkInterface): string[] | undefined {
  switch (iface.type) {
    case 'bond':
      return iface['link-aggregation']?.port;
    case 'linux-bridge':
    case 'ovs-bridge':
      return iface.bridge?.port?.flatMap((p) => {
        const nested = p['link-aggregation']?.port?.map((n) => n.name) ?? [];
        return nested.length > 0 ? nested : [p.name];
      });
    case 'vrf':
      return iface.vrf?.port;
    default:
      return undefined;
  }
}

function baseIfaceOf(iface: NetworkInterface): string | undefined {
  switch (iface.type) {
    case 'vlan':
      return iface.vlan?.['base-iface'];
    case 'vxlan':
      return iface.vxlan?.['base-iface'];
    case 'mac-vlan':
      return iface['mac-vlan']?.['base-iface'];
    case 'mac-vtap':
      return iface['mac-vtap']?.['base-iface'];
    case 'ipvlan':
      return iface.ipvlan?.['base-iface'];
    default:
      return undefined;
  }
}

function newInterface(
  desired: NetworkInterface,
  state: NetworkInterface[],
  seed: string,
): NetworkInterface {
  const type = desired.type ?? 'unknown';
  const base = baseIfaceOf(desired);
  const baseIface = base === undefined ? undefined : findInterface(state, base);
  const firstPort = declaredPorts(desired)?.[0];
  const portIface = firstPort === undefined ? undefined : findInterface(state, firstPort);
  let mac = generatedMac(seed, desired.name);
  if ((type === 'vlan' || type === 'ipvlan') && baseIface?.['mac-address'] !== undefined) {
    mac = baseIface['mac-address'];
  } else if (
    (type === 'bond' || type === 'linux-bridge') &&
    portIface?.['mac-address'] !== undefined
  ) {
    mac = portIface['mac-address'];
  }
  const created: NetworkInterface = {
    name: desired.name,
    type,
    state: 'up',
    'mac-address': mac,
    mtu: baseIface?.mtu ?? 1500,
    ipv4: { enabled: false },
    ipv6: { enabled: false },
  };
  if (type === 'ovs-bridge') {
    delete created['mac-address'];
    delete created.mtu;
  }
  return mergeValue(created, desired) as NetworkInterface;
}

function normaliseIp(config: IpConfig | undefined, family: 4 | 6): IpConfig | undefined {
  if (config === undefined) return undefined;
  if (config.enabled === false) {
    const out: IpConfig = { ...config, enabled: false };
    delete out.address;
    delete out.dhcp;
    if (family === 6) delete out.autoconf;
    return out;
  }
  return config;
}

const IPV4_RE = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isLinkLocal(ip: string): boolean {
  return ip.toLowerCase().startsWith('fe80:') || ip.startsWith('169.254.');
}

function validateAddresses(iface: NetworkInterface): void {
  for (const family of [4, 6] as const) {
    const cfg = family === 4 ? iface.ipv4 : iface.ipv6;
    for (const addr of cfg?.address ?? []) {
      const ok = family === 4 ? IPV4_RE.test(addr.ip) : addr.ip.includes(':');
      const maxPrefix = family === 4 ? 32 : 128;
      const prefixOk =
        Number.isInteger(addr['prefix-length']) &&
        addr['prefix-length'] >= 0 &&
        addr['prefix-length'] <= maxPrefix;
      if (!ok || !prefixOk) {
        throw nmstateError(
          'InvalidArgument',
          'InvalidArgument',
          `Invalid IPv${family} address ${addr.ip}/${addr['prefix-length']} of interface ${iface.name}`,
          iface.name,
        );
      }
    }
  }
}

function validateOptions(iface: NetworkInterface): void {
  const { name } = iface;
  if (iface.mtu !== undefined) {
    const min = iface.ipv6?.enabled === true ? 1280 : 68;
    const max = typeof iface['max-mtu'] === 'number' ? iface['max-mtu'] : 65535;
    if (!Number.isInteger(iface.mtu) || iface.mtu < min || iface.mtu > max) {
      throw nmstateError(
        'InvalidArgument',
        'InvalidArgument',
        `Desired MTU ${String(iface.mtu)} for interface ${name} is out of range, it should be in the range of ${min} to ${max}`,
        name,
      );
    }
  }
  if (iface.type === 'bond') {
    const mode = iface['link-aggregation']?.mode;
    if (mode === undefined || !BOND_MODE_NAMES.has(mode)) {
      throw nmstateError(
        'InvalidArgument',
        'InvalidArgument',
        `Invalid bond mode ${mode ?? '(none)'} for interface ${name}, should be one of ${BOND_MODES.join(', ')}`,
        name,
      );
    }
  }
  if (iface.type === 'vlan') {
    const id = iface.vlan?.id;
    if (id === undefined || !Number.isInteger(id) || id < 0 || id > 4094) {
      throw nmstateError(
        'InvalidArgument',
        'InvalidArgument',
        `Invalid VLAN ID ${String(id)} of interface ${name}: VLAN ID should be in the range of 0 to 4094`,
        name,
      );
    }
    if (iface.vlan?.['base-iface'] === undefined) {
      throw nmstateError(
        'InvalidArgument',
        'InvalidArgument',
        `VLAN interface ${name} has no base-iface defined`,
        name,
      );
    }
  }
  if (iface.type === 'vxlan') {
    const id = iface.vxlan?.id;
    if (id === undefined || !Number.isInteger(id) || id < 0 || id > 16777215) {
      throw nmstateError(
        'InvalidArgument',
        'InvalidArgument',
        `Invalid VxLAN ID ${String(id)} of interface ${name}: it should be in the range of 0 to 16777215`,
        name,
      );
    }
  }
  for (const port of iface.type === 'linux-bridge' ? (iface.bridge?.port ?? []) : []) {
    const vlan = port.vlan;
    if (vlan === undefined) continue;
    const tags = [
      ...(vlan.tag === undefined ? [] : [vlan.tag]),
      ...(vlan['trunk-tags'] ?? []).flatMap((t) =>
        'id' in t ? [t.id] : [t['id-range'].min, t['id-range'].max],
      ),
    ];
    if (tags.some((t) => !Number.isInteger(t) || t < 1 || t > 4094)) {
      throw nmstateError(
        'InvalidArgument',
        'InvalidArgument',
        `Invalid VLAN filtering of port ${port.name} on bridge ${name}: VLAN tags should be in the range of 1 to 4094`,
        name,
      );
    }
  }
  validateAddresses(iface);
}

/** `state: absent` of an interface: frees its ports and unhooks it from its controller. */
function removeInterface(
  ifaces: NetworkInterface[],
  index: number,
  removing: ReadonlySet<string>,
): void {
  const [gone] = ifaces.splice(index, 1);
  if (gone === undefined) return;
  for (const other of ifaces) {
    if (
      other.controller === gone.name &&
      !(gone.type === 'ovs-bridge' && other.type === 'ovs-interface' && other.name === gone.name)
    ) {
      delete other.controller;
    }
    const base = baseIfaceOf(other);
    if (
      base === gone.name &&
      !removing.has(other.name) &&
      findInterface(ifaces, gone.name) === undefined
    ) {
      throw nmstateError(
        'DependencyError',
        'InvalidArgument',
        `Interface ${other.name} depends on interface ${gone.name} which is marked as absent`,
        gone.name,
      );
    }
    detachPort(other, gone.name);
  }
}

function detachPort(controller: NetworkInterface, port: string): void {
  const agg = controller['link-aggregation'];
  if (controller.type === 'bond' && agg?.port?.includes(port) === true) {
    agg.port = agg.port.filter((p) => p !== port);
  }
  const bridge = controller.bridge;
  if (bridge?.port?.some((p) => p.name === port) === true) {
    bridge.port = bridge.port.filter((p) => p.name !== port);
  }
  const vrf = controller.vrf;
  if (controller.type === 'vrf' && vrf?.port?.includes(port) === true) {
    vrf.port = vrf.port.filter((p) => p !== port);
  }
}

/** Ports of a changed controller: attach the listed ones, release the ones no longer listed. */
function syncPorts(ifaces: NetworkInterface[], controller: NetworkInterface): void {
  const ports = declaredPorts(controller);
  if (ports === undefined) return;
  for (const iface of ifaces) {
    if (
      iface.controller === controller.name &&
      !ports.includes(iface.name) &&
      iface !== controller
    ) {
      const internal =
        controller.type === 'ovs-bridge' &&
        iface.type === 'ovs-interface' &&
        iface.name === controller.name;
      if (!internal) delete iface.controller;
    }
  }
  for (const portName of ports) {
    const port =
      controller.type === 'ovs-bridge'
        ? (ifaces.find((i) => i.name === portName && i.type === 'ovs-interface') ??
          findInterface(ifaces, portName))
        : findInterface(ifaces, portName);
    if (port === undefined || port.state === 'absent') {
      throw nmstateError(
        'InterfaceNotFound',
        'InvalidArgument',
        `Interface ${portName} does not exist, it is required as port of ${controller.type ?? 'interface'} ${controller.name}`,
        portName,
      );
    }
    if (port === controller) continue;
    if (port.controller !== undefined && port.controller !== controller.name) {
      const previous = ifaces.find(
        (i) =>
          i.name === port.controller &&
          (i.type === 'bond' ||
            i.type === 'linux-bridge' ||
            i.type === 'ovs-bridge' ||
            i.type === 'vrf'),
      );
      if (previous !== undefined) detachPort(previous, port.name);
    }
    port.controller = controller.name;
    // A port carries no IP of its own: nmstate disables IP on interfaces attached to a
    // bond or bridge (an ovs-interface keeps its own, it is the bridge's L3 endpoint).
    if (controller.type !== 'vrf' && port.type !== 'ovs-interface') {
      port.ipv4 = { enabled: false };
      port.ipv6 = { enabled: false };
    }
  }
}

function isDefaultRoute(r: Route): boolean {
  const table = r['table-id'];
  return (
    (r.destination === '0.0.0.0/0' || r.destination === '::/0') &&
    (table === undefined || table === 0 || table === 254)
  );
}

function routeFamily(r: Route): 4 | 6 {
  return (r.destination ?? '').includes(':') ? 6 : 4;
}

/** An absent route matches every route whose fields equal the ones it specifies. */
function routeMatches(pattern: Route, route: Route): boolean {
  for (const [key, value] of Object.entries(pattern)) {
    if (key === 'state') continue;
    if (route[key] !== value) return false;
  }
  return true;
}

function sameRoute(a: Route, b: Route): boolean {
  return (
    a.destination === b.destination &&
    a['next-hop-address'] === b['next-hop-address'] &&
    a['next-hop-interface'] === b['next-hop-interface'] &&
    (a['table-id'] ?? 254) === (b['table-id'] ?? 254)
  );
}

function ipEnabled(iface: NetworkInterface, family: 4 | 6): boolean {
  return (family === 4 ? iface.ipv4 : iface.ipv6)?.enabled === true;
}

function applyRoutes(state: NetworkState, desired: NetworkState): void {
  const ifaces = state.interfaces ?? [];
  const usable = (r: Route): boolean => {
    const hop = r['next-hop-interface'];
    if (hop === undefined) return true;
    const iface = findInterface(ifaces, hop);
    return iface !== undefined && ipEnabled(iface, routeFamily(r));
  };
  let config = (state.routes?.config ?? []).filter(usable);
  let running = (state.routes?.running ?? []).filter(usable);
  for (const route of desired.routes?.config ?? []) {
    if (route.state === 'absent') {
      config = config.filter((r) => !routeMatches(route, r));
      running = running.filter((r) => !routeMatches(route, r));
      continue;
    }
    const hop = route['next-hop-interface'];
    const iface = hop === undefined ? undefined : findInterface(ifaces, hop);
    if (hop === undefined || iface === undefined) {
      throw nmstateError(
        'InterfaceNotFound',
        'InvalidArgument',
        `The next hop interface ${hop ?? '(none)'} of route to ${route.destination ?? '(none)'} does not exist`,
        hop,
      );
    }
    if (!ipEnabled(iface, routeFamily(route))) {
      throw nmstateError(
        'InvalidArgument',
        'InvalidArgument',
        `Route to ${route.destination ?? '(none)'} next hop to interface ${hop} with IPv${routeFamily(route)} disabled`,
        hop,
      );
    }
    const entry: Route = { ...clone(route), 'table-id': route['table-id'] ?? 254 };
    if (!config.some((r) => sameRoute(r, entry))) config.push(entry);
    running = running.filter((r) => !sameRoute(r, entry));
    running.push(entry);
  }
  state.routes = { ...(state.routes ?? {}), config, running };
}

/**
 * nmstate rust/src/lib/dns.rs: each of `server`, `search` and `options` the desired config omits
 * keeps its current value; only `config: {}` purges the static configuration.
 */
function applyDns(state: NetworkState, desired: NetworkState): void {
  const want = desired['dns-resolver']?.config;
  if (want === undefined) return;
  const before = state['dns-resolver'] ?? {};
  const previousConfig: DnsConfig = before.config ?? {};
  const previousRunning: DnsConfig = before.running ?? {};
  const purge = Object.keys(want).length === 0;
  const keys = ['server', 'search', 'options'] as const;
  const config: DnsConfig = {};
  for (const key of keys) {
    const value = purge ? undefined : (want[key] ?? previousConfig[key]);
    if (value !== undefined) config[key] = [...value];
  }
  // Static servers come first; what DHCP/RA supplied stays behind them (interfaces keep
  // auto-dns), so clearing the static config falls back to the DHCP servers.
  const dynamic = (key: 'server' | 'search'): string[] =>
    (previousRunning[key] ?? []).filter((v) => !(previousConfig[key] ?? []).includes(v));
  const merged = (key: 'server' | 'search'): string[] => {
    const fixed = config[key] ?? [];
    return [...fixed, ...dynamic(key).filter((v) => !fixed.includes(v))];
  };
  const running: DnsConfig = { server: merged('server'), search: merged('search') };
  if (config.options !== undefined) running.options = [...config.options];
  state['dns-resolver'] = { ...before, config, running };
}

type RouteRule = Record<string, unknown>;

/**
 * nmstate rust/src/lib/route_rule.rs: desired rules are added unless already there, and a rule
 * with `state: absent` removes every current rule its given properties match.
 */
function applyRouteRules(state: NetworkState, desired: NetworkState): void {
  const want = (desired['route-rules'] as { config?: unknown } | undefined)?.config;
  if (!Array.isArray(want)) return;
  const current = state['route-rules'] as { config?: unknown } | undefined;
  let rules = recordsOf<RouteRule>(current?.config);
  for (const rule of recordsOf<RouteRule>(want)) {
    const { state: ruleState, ...props } = rule;
    const matches = (r: RouteRule): boolean =>
      Object.entries(props).every(([k, v]) => JSON.stringify(r[k]) === JSON.stringify(v));
    if (ruleState === 'absent') rules = rules.filter((r) => !matches(r));
    else if (!rules.some((r) => JSON.stringify(r) === JSON.stringify(props))) rules.push(props);
  }
  state['route-rules'] = { config: rules };
}

/** nmstate rust/src/lib/ovs.rs `OvsDbGlobalConfig`: keys merge, a null value removes one. */
function applyOvsDb(state: NetworkState, desired: NetworkState): void {
  const want = desired['ovs-db'];
  if (!isPlainObject(want)) return;
  const before: PlainObject = isPlainObject(state['ovs-db']) ? state['ovs-db'] : {};
  const next: PlainObject = { ...before };
  for (const section of ['external_ids', 'other_config']) {
    const patch = want[section];
    if (!isPlainObject(patch)) continue;
    const merged: PlainObject = isPlainObject(before[section]) ? { ...before[section] } : {};
    // An empty section purges it, as `ovs-db: {external_ids: {}}` does upstream.
    if (Object.keys(patch).length === 0) next[section] = {};
    else {
      for (const [k, v] of Object.entries(patch)) {
        if (v === null) Reflect.deleteProperty(merged, k);
        else merged[k] = v;
      }
      next[section] = merged;
    }
  }
  state['ovs-db'] = next;
}

/** nmstate rust/src/lib/hostname.rs: `config` sets the static hostname, `running` the live one. */
function applyHostname(state: NetworkState, desired: NetworkState): void {
  const want = desired.hostname;
  if (!isPlainObject(want)) return;
  const before: PlainObject = isPlainObject(state.hostname) ? state.hostname : {};
  state.hostname = { ...before, ...want };
}

function applyOvn(state: NetworkState, desired: NetworkState): void {
  const wanted = desired.ovn?.['bridge-mappings'];
  if (wanted === undefined) return;
  let mappings = [...(state.ovn?.['bridge-mappings'] ?? [])];
  for (const m of wanted) {
    mappings = mappings.filter((x) => x.localnet !== m.localnet);
    if (m.state !== 'absent')
      mappings.push({
        localnet: m.localnet,
        ...(m.bridge === undefined ? {} : { bridge: m.bridge }),
      });
  }
  state.ovn = { ...(state.ovn ?? {}), 'bridge-mappings': mappings };
}

function checkAddressConflicts(
  ifaces: readonly NetworkInterface[],
  desiredNames: ReadonlySet<string>,
): void {
  const owners = new Map<string, string>();
  for (const iface of ifaces) {
    if (desiredNames.has(iface.name) || iface.state === 'absent') continue;
    for (const cfg of [iface.ipv4, iface.ipv6]) {
      if (cfg?.enabled !== true) continue;
      for (const a of cfg.address ?? []) owners.set(a.ip.toLowerCase(), iface.name);
    }
  }
  for (const iface of ifaces) {
    if (!desiredNames.has(iface.name)) continue;
    for (const cfg of [iface.ipv4, iface.ipv6]) {
      if (cfg?.enabled !== true) continue;
      for (const a of cfg.address ?? []) {
        const key = a.ip.toLowerCase();
        if (isLinkLocal(key)) continue;
        const owner = owners.get(key);
        if (owner !== undefined && owner !== iface.name) {
          throw nmstateError(
            'AddressInUse',
            'InvalidArgument',
            `IP address ${a.ip} of interface ${iface.name} is already used by interface ${owner}`,
            iface.name,
          );
        }
        owners.set(key, iface.name);
      }
    }
  }
}

/** Whether traffic leaving `name` reaches a physical link, ignoring whether `name` is a port. */
function hasUplink(ifaces: readonly NetworkInterface[], name: string, seen: Set<string>): boolean {
  if (seen.has(name)) return false;
  seen.add(name);
  const iface = findInterface(ifaces, name);
  if (iface === undefined) return false;
  if (iface.state !== 'up' && iface.state !== 'ignore') return false;
  switch (iface.type) {
    case 'bond':
    case 'linux-bridge':
      return (declaredPorts(iface) ?? []).some((p) => hasUplink(ifaces, p, seen));
    case 'ovs-interface': {
      const bridge = ifaces.find((i) => i.type === 'ovs-bridge' && i.name === iface.controller);
      if (bridge === undefined || bridge.state !== 'up') return false;
      return (bridge.bridge?.port ?? []).some((p) => {
        const port = ifaces.find(
          (i) => i.name === p.name && i.type !== 'ovs-interface' && i.type !== 'ovs-bridge',
        );
        return port !== undefined && hasUplink(ifaces, port.name, seen);
      });
    }
    default: {
      const base = baseIfaceOf(iface);
      return base === undefined ? true : hasUplink(ifaces, base, seen);
    }
  }
}

function addressesOf(iface: NetworkInterface | undefined, family: 4 | 6): string[] {
  const cfg = family === 4 ? iface?.ipv4 : iface?.ipv6;
  if (cfg?.enabled !== true) return [];
  return (cfg.address ?? []).map((a) => a.ip.toLowerCase()).filter((ip) => !isLinkLocal(ip));
}

/** Whether `iface` can still carry the node's default route and node IP after the change. */
function carrierHealthy(
  ifaces: readonly NetworkInterface[],
  hop: string,
  family: 4 | 6,
  nodeIps: string[],
): boolean {
  const iface = findInterface(ifaces, hop);
  if (iface === undefined || iface.state !== 'up') return false;
  if (iface.controller !== undefined && iface.type !== 'ovs-interface') {
    const controller = ifaces.find(
      (i) => i.name === iface.controller && i.type !== 'ovs-interface',
    );
    if (controller !== undefined && controller.type !== 'vrf') return false;
  }
  const cfg = family === 4 ? iface.ipv4 : iface.ipv6;
  if (cfg?.enabled !== true) return false;
  const now = addressesOf(iface, family);
  if (nodeIps.length > 0 && !nodeIps.some((ip) => now.includes(ip)) && cfg.dhcp !== true)
    return false;
  if (nodeIps.length > 0 && cfg.dhcp !== true && !nodeIps.every((ip) => now.includes(ip)))
    return false;
  return hasUplink(ifaces, hop, new Set());
}

/**
 * An excerpt of the state right after the apply, which kubernetes-nmstate pkg/probe/probes.go `Run`
 * reads before probing and prints in full in its error.
 */
function probeStateExcerpt(before: NetworkState, hops: readonly string[]): string {
  const ifaces = (before.interfaces ?? [])
    .filter(
      (i) => hops.includes(i.name) || (i.controller !== undefined && hops.includes(i.controller)),
    )
    .map((i) => {
      const out: PlainObject = { name: i.name, type: i.type, state: i.state };
      if (i.controller !== undefined) out['controller'] = i.controller;
      if (i.mtu !== undefined) out['mtu'] = i.mtu;
      if (i['mac-address'] !== undefined) out['mac-address'] = i['mac-address'];
      if (i.ipv4 !== undefined) out['ipv4'] = i.ipv4;
      if (i.ipv6 !== undefined) out['ipv6'] = i.ipv6;
      return out;
    });
  const running = (before.routes?.running ?? []).filter(isDefaultRoute);
  return stringify({ interfaces: ifaces, routes: { running } });
}

function runProbes(before: NetworkState, after: NetworkState): ApplyError | undefined {
  const beforeIfaces = before.interfaces ?? [];
  const afterIfaces = after.interfaces ?? [];
  const defaults = (before.routes?.running ?? []).filter(isDefaultRoute);
  const hops: string[] = [];
  for (const family of [4, 6] as const) {
    const route = defaults.find(
      (r) => routeFamily(r) === family && r['next-hop-interface'] !== undefined,
    );
    const hop = route?.['next-hop-interface'];
    if (hop === undefined) continue;
    // The handler selects only probes that pass before the change, like probe.Select does.
    const nodeIps = addressesOf(findInterface(beforeIfaces, hop), family);
    if (!carrierHealthy(beforeIfaces, hop, family, nodeIps)) continue;
    const next = (after.routes?.running ?? []).find(
      (r) =>
        isDefaultRoute(r) && routeFamily(r) === family && r['next-hop-interface'] !== undefined,
    );
    const nextHop = next?.['next-hop-interface'];
    hops.push(hop);
    if (nextHop === undefined || !carrierHealthy(afterIfaces, nextHop, family, nodeIps)) {
      return {
        code: 'ProbeFailed',
        interface: hop,
        message:
          "rolling back desired state configuration: failed runnig probes after network changes: failed runnig probe 'ping' with after network reconfiguration -> currentState: " +
          probeStateExcerpt(after, hops),
      };
    }
  }
  return undefined;
}

/**
 * Merges `desired` into `current` with nmstate semantics and runs the handler's probes.
 * Never mutates its inputs.
 */
export function applyDesiredState(
  current: NetworkState,
  desired: NetworkState,
  options: ApplyOptions = {},
): ApplyResult {
  try {
    const state = applyToCopy(current, desired, options);
    if (options.skipProbes !== true) {
      const probeError = runProbes(current, state);
      if (probeError !== undefined) return { ok: false, error: probeError };
    }
    return { ok: true, state, changes: diffNetworkStates(current, state) };
  } catch (e) {
    if (e instanceof ApplyFailure) return { ok: false, error: e.error };
    return fail(
      'InvalidArgument',
      `NmstateError: Bug: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

function applyToCopy(
  current: NetworkState,
  desired: NetworkState,
  options: ApplyOptions,
): NetworkState {
  const state = clone(current);
  const ifaces: NetworkInterface[] = state.interfaces ?? [];
  state.interfaces = ifaces;
  const seed = options.macSeed ?? 'node';
  const physical = new Set(
    options.physicalNics ??
      (current.interfaces ?? []).filter((i) => i.type === 'ethernet').map((i) => i.name),
  );
  const desiredIfaces = desired.interfaces ?? [];
  const removing = new Set(desiredIfaces.filter((d) => d.state === 'absent').map((d) => d.name));
  const touched: NetworkInterface[] = [];

  for (const d of desiredIfaces) {
    if (typeof d.name !== 'string' || d.name === '') {
      throw nmstateError('InvalidArgument', 'InvalidArgument', 'Interface name is required');
    }
    if (d.state !== 'absent') continue;
    const index = findInterfaceIndex(ifaces, d.name, d.type);
    // nmstate only warns about removing an interface that is not there.
    if (index < 0) continue;
    const existing = ifaces[index];
    if (existing?.type === 'ethernet' && physical.has(existing.name)) {
      // A NIC cannot disappear: absent drops its profile and the link goes down.
      existing.state = 'down';
      existing.ipv4 = { enabled: false };
      existing.ipv6 = { enabled: false };
      delete existing.controller;
      for (const other of ifaces) detachPort(other, existing.name);
      continue;
    }
    removeInterface(ifaces, index, removing);
  }

  for (const raw of desiredIfaces) {
    if (raw.state === 'absent') continue;
    // nmstate sanitizes a desired interface before merging it: the MAC address upper-case,
    // query-only keys gone (ifaces/base.rs `sanitize`).
    const d: NetworkInterface = sanitizeDesiredInterface(clone(raw));
    if (d.type === 'unknown' && findInterfaceIndex(ifaces, d.name) >= 0) delete d.type;
    // `copy-mac-from` only exists in desired documents; `nmstatectl show` never reports it.
    delete d['copy-mac-from'];
    const index = findInterfaceIndex(ifaces, d.name, d.type);
    let iface: NetworkInterface;
    if (index >= 0) {
      const existing = ifaces[index];
      if (existing === undefined) continue;
      iface = mergeValue(existing, d) as NetworkInterface;
      ifaces[index] = iface;
    } else {
      if (d.type === undefined || d.type === 'unknown') {
        throw nmstateError(
          'InterfaceNotFound',
          'InvalidArgument',
          `Interface ${d.name} does not exist`,
          d.name,
        );
      }
      if (d.type === 'ethernet') {
        if (!physical.has(d.name)) {
          throw nmstateError(
            'InterfaceNotFound',
            'InvalidArgument',
            `Ethernet interface ${d.name} does not exists`,
            d.name,
          );
        }
      } else if (!CREATABLE_TYPES.has(d.type)) {
        throw nmstateError(
          'InvalidArgument',
          'NotSupportedError',
          `Creating interface type ${d.type} is not supported`,
          d.name,
        );
      }
      iface = newInterface(d, ifaces, seed);
      ifaces.push(iface);
    }
    iface.state =
      d.state ?? (iface.state === 'down' || iface.state === 'absent' ? 'up' : iface.state);
    const copyFrom = raw['copy-mac-from'];
    if (typeof copyFrom === 'string') {
      const source = findInterface(ifaces, copyFrom);
      if (source?.['mac-address'] !== undefined) iface['mac-address'] = source['mac-address'];
    }
    const v4 = normaliseIp(iface.ipv4, 4);
    const v6 = normaliseIp(iface.ipv6, 6);
    if (v4 !== undefined) iface.ipv4 = v4;
    if (v6 !== undefined) iface.ipv6 = v6;
    touched.push(iface);
  }

  for (const iface of touched) {
    validateOptions(iface);
    const base = baseIfaceOf(iface);
    if (base !== undefined && findInterface(ifaces, base) === undefined) {
      throw nmstateError(
        'InterfaceNotFound',
        'InvalidArgument',
        `Interface ${base} does not exist, it is required as base interface of ${iface.type ?? 'interface'} ${iface.name}`,
        base,
      );
    }
  }
  for (const iface of touched) syncPorts(ifaces, iface);
  // Ports listed by a touched controller must not keep IPs they were given in the same document.
  for (const iface of touched) {
    if (iface.type === 'ovs-interface' || iface.controller === undefined) continue;
    const controller = ifaces.find(
      (i) => i.name === iface.controller && i.type !== 'ovs-interface',
    );
    if (controller === undefined || controller.type === 'vrf') continue;
    const raw = desiredIfaces.find((d) => d.name === iface.name && d.state !== 'absent');
    const wantsIp = raw?.ipv4?.enabled === true || raw?.ipv6?.enabled === true;
    if (wantsIp) {
      throw nmstateError(
        'InvalidArgument',
        'InvalidArgument',
        `Interface ${iface.name} is a port of ${controller.name} and cannot have IP configuration`,
        iface.name,
      );
    }
  }

  checkAddressConflicts(ifaces, new Set(touched.map((i) => i.name)));
  applyRoutes(state, desired);
  applyDns(state, desired);
  applyOvn(state, desired);
  applyRouteRules(state, desired);
  applyOvsDb(state, desired);
  applyHostname(state, desired);
  return state;
}

/**
 * The handler's `bridge.ApplyDefaultVlanFiltering`: every port of an `up` linux-bridge that has
 * no `vlan` gets a trunk of 2-4094, which is what the NNCE's `status.desiredState` then shows.
 */
export function applyDefaultVlanFiltering(desired: NetworkState): NetworkState {
  const out = clone(desired);
  // Desired states come from users and capture templates: lists may be anything at run time.
  const interfaces: unknown = out.interfaces;
  if (!Array.isArray(interfaces)) return out;
  for (const item of interfaces as unknown[]) {
    if (!isRecord(item)) continue;
    const iface = item as NetworkInterface;
    if (iface.type !== 'linux-bridge' || iface.state !== 'up') continue;
    const ports: unknown = iface.bridge?.port;
    if (!Array.isArray(ports)) continue;
    for (const port of ports as unknown[]) {
      if (!isRecord(port) || port.vlan !== undefined) continue;
      port.vlan = { mode: 'trunk', 'trunk-tags': [{ 'id-range': { min: 2, max: 4094 } }] };
    }
  }
  return out;
}

/** The records of a list that came from the cluster or a user; anything else is skipped. */
function recordsOf<T>(list: unknown): T[] {
  return Array.isArray(list) ? (list.filter(isRecord) as T[]) : [];
}

function interfaceKeys(ifaces: readonly NetworkInterface[]): Map<string, NetworkInterface> {
  const out = new Map<string, NetworkInterface>();
  for (const iface of ifaces) {
    let key = `${iface.name}\u0000${iface.type ?? ''}`;
    // Duplicate name+type pairs are legal in nmstate output; keep them apart by position.
    for (let n = 1; out.has(key); n++) key = `${iface.name}\u0000${iface.type ?? ''}\u0000${n}`;
    out.set(key, iface);
  }
  return out;
}

function changedPaths(before: unknown, after: unknown, prefix: string, out: string[]): void {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys)
      changedPaths(before[key], after[key], prefix === '' ? key : `${prefix}.${key}`, out);
    return;
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push(prefix);
}

function routeKey(r: Route): string {
  return JSON.stringify([
    r.destination,
    r['next-hop-address'],
    r['next-hop-interface'],
    r['table-id'] ?? 254,
    r.metric,
  ]);
}

/** What changed between two states, per interface with the changed field paths. */
export function diffNetworkStates(before: NetworkState, after: NetworkState): NetworkStateDiff {
  // States are validated nowhere before a preview diffs them: tolerate any list content.
  const a = interfaceKeys(recordsOf<NetworkInterface>(before.interfaces));
  const b = interfaceKeys(recordsOf<NetworkInterface>(after.interfaces));
  const created: InterfaceRef[] = [];
  const changed: InterfaceChange[] = [];
  const removed: InterfaceRef[] = [];
  const ref = (i: NetworkInterface): InterfaceRef =>
    i.type === undefined ? { name: i.name } : { name: i.name, type: i.type };
  for (const [key, iface] of b) {
    const old = a.get(key);
    if (old === undefined) {
      created.push(ref(iface));
      continue;
    }
    const fields: string[] = [];
    changedPaths(old, iface, '', fields);
    if (fields.length > 0) changed.push({ ...ref(iface), fields });
  }
  for (const [key, iface] of a) if (!b.has(key)) removed.push(ref(iface));
  const beforeRoutes = new Map(
    recordsOf<Route>(before.routes?.running).map((r) => [routeKey(r), r]),
  );
  const afterRoutes = new Map(recordsOf<Route>(after.routes?.running).map((r) => [routeKey(r), r]));
  const added = [...afterRoutes].filter(([k]) => !beforeRoutes.has(k)).map(([, r]) => r);
  const gone = [...beforeRoutes].filter(([k]) => !afterRoutes.has(k)).map(([, r]) => r);
  const dnsChanged =
    JSON.stringify(before['dns-resolver'] ?? null) !==
    JSON.stringify(after['dns-resolver'] ?? null);
  const sections: OtherSection[] = ['route-rules', 'ovn', 'ovs-db', 'hostname'];
  const other = sections.filter(
    (k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
  );
  return {
    interfaces: { created, changed, removed },
    routes: { added, removed: gone },
    dns: { changed: dnsChanged },
    other,
  };
}
