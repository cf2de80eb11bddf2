// Form ⇄ policy mapping of the settings in model/policyFormSettings.ts, in the style of
// policyForm.ts: reading refuses (through `io.fail`) what the form cannot show, writing touches
// only the keys whose value changed, so keys the form does not model (ethtool coalesce, a VF's
// vlan-proto, a rule's suppress-prefix-length …) survive. policyForm.ts passes its own readers
// and writers in, so both files refuse and write the same way.
import type {
  EthtoolFormValues,
  InterfaceSettingsFormValues,
  IpAutoFormValues,
  PolicySettingsFormValues,
  RouteRuleFormValues,
  SriovFormValues,
  SriovVfFormValues,
} from '../model/policyFormSettings';

type Obj = Record<string, unknown>;

export interface FormIo {
  obj: (v: unknown, path: string) => Obj | undefined;
  str: (v: unknown, path: string) => string;
  num: (v: unknown, path: string) => number | null;
  bool: (v: unknown, path: string) => boolean | null;
  strList: (v: unknown, path: string) => string[];
  fail: (v: unknown, path: string) => never;
  child: (o: Obj, key: string) => Obj;
  setOrDelete: (o: Obj, key: string, v: unknown, unset: unknown) => void;
  same: (a: unknown, b: unknown) => boolean;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const listOf = (io: FormIo, v: unknown, path: string): Obj[] => {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) return io.fail(v, path);
  return v.map((x: unknown, i) => io.obj(x, `${path}[${i}]`) ?? io.fail(x, `${path}[${i}]`));
};

/** Writes each changed field of a flat record: `[formField, yamlKey, unset]`. */
const writeFields = <V extends object>(
  io: FormIo,
  target: Obj,
  before: V,
  after: V,
  fields: readonly (readonly [keyof V, string, unknown])[],
): void => {
  for (const [field, key, unset] of fields)
    if (before[field] !== after[field]) io.setOrDelete(target, key, after[field], unset);
};

// ---------------------------------------------------------------------------------------------
// IP (ip.rs `InterfaceIp`)

const IP_AUTO_FIELDS = [
  ['autoRoutes', 'auto-routes', null],
  ['autoGateway', 'auto-gateway', null],
  ['autoRouteTableId', 'auto-route-table-id', null],
  ['dhcpClientId', 'dhcp-client-id', ''],
  ['addrGenMode', 'addr-gen-mode', ''],
] as const;

export const readIpAuto = (io: FormIo, b: Obj, path: string, v6: boolean): IpAutoFormValues => ({
  autoRoutes: io.bool(b['auto-routes'], `${path}.auto-routes`),
  autoGateway: io.bool(b['auto-gateway'], `${path}.auto-gateway`),
  autoRouteTableId: io.num(b['auto-route-table-id'], `${path}.auto-route-table-id`),
  // ip.rs refuses neither on the other family, but only IPv4 has a client id and IPv6 an
  // address generation mode; the other family's value is kept as it is, unedited.
  dhcpClientId: v6 ? '' : io.str(b['dhcp-client-id'], `${path}.dhcp-client-id`),
  addrGenMode: v6 ? io.str(b['addr-gen-mode'], `${path}.addr-gen-mode`) : '',
});

export const writeIpAuto = (
  io: FormIo,
  block: Obj,
  before: IpAutoFormValues,
  after: IpAutoFormValues,
): void => {
  writeFields(io, block, before, after, IP_AUTO_FIELDS);
};

export const emptyIpAuto = (): IpAutoFormValues => ({
  autoRoutes: null,
  autoGateway: null,
  autoRouteTableId: null,
  dhcpClientId: '',
  addrGenMode: '',
});

// ---------------------------------------------------------------------------------------------
// Interface: LLDP (lldp.rs), ethtool (ifaces/ethtool.rs), SR-IOV (ifaces/sriov.rs)

const readEthtool = (io: FormIo, v: unknown, path: string): EthtoolFormValues => {
  const e = io.obj(v, path) ?? {};
  const ring = io.obj(e.ring, `${path}.ring`) ?? {};
  const pause = io.obj(e.pause, `${path}.pause`) ?? {};
  const features = io.obj(e.feature, `${path}.feature`) ?? {};
  return {
    features: Object.entries(features).map(([name, on]) => ({
      name,
      enabled: io.bool(on, `${path}.feature.${name}`) ?? io.fail(on, `${path}.feature.${name}`),
    })),
    ringRx: io.num(ring.rx, `${path}.ring.rx`),
    ringTx: io.num(ring.tx, `${path}.ring.tx`),
    pauseAutoneg: io.bool(pause.autoneg, `${path}.pause.autoneg`),
    pauseRx: io.bool(pause.rx, `${path}.pause.rx`),
    pauseTx: io.bool(pause.tx, `${path}.pause.tx`),
  };
};

const VF_FIELDS = [
  ['id', 'id', null],
  ['macAddress', 'mac-address', ''],
  ['spoofCheck', 'spoof-check', null],
  ['trust', 'trust', null],
  ['minTxRate', 'min-tx-rate', null],
  ['maxTxRate', 'max-tx-rate', null],
  ['vlanId', 'vlan-id', null],
  ['qos', 'qos', null],
] as const;

const readVf = (io: FormIo, o: Obj, path: string): SriovVfFormValues => ({
  id: io.num(o.id, `${path}.id`),
  macAddress: io.str(o['mac-address'], `${path}.mac-address`),
  spoofCheck: io.bool(o['spoof-check'], `${path}.spoof-check`),
  trust: io.bool(o.trust, `${path}.trust`),
  minTxRate: io.num(o['min-tx-rate'], `${path}.min-tx-rate`),
  maxTxRate: io.num(o['max-tx-rate'], `${path}.max-tx-rate`),
  vlanId: io.num(o['vlan-id'], `${path}.vlan-id`),
  qos: io.num(o.qos, `${path}.qos`),
});

const readSriov = (io: FormIo, iface: Obj, path: string): SriovFormValues => {
  const eth = io.obj(iface.ethernet, `${path}.ethernet`) ?? {};
  const sp = `${path}.ethernet.sr-iov`;
  const s = io.obj(eth['sr-iov'], sp) ?? {};
  return {
    totalVfs: io.num(s['total-vfs'], `${sp}.total-vfs`),
    vfs: listOf(io, s.vfs, `${sp}.vfs`).map((o, i) => readVf(io, o, `${sp}.vfs[${i}]`)),
  };
};

export const readInterfaceSettings = (
  io: FormIo,
  iface: Obj,
  path: string,
): InterfaceSettingsFormValues => {
  const lldp = io.obj(iface.lldp, `${path}.lldp`);
  return {
    lldp: lldp ? io.bool(lldp.enabled, `${path}.lldp.enabled`) : null,
    ethtool: readEthtool(io, iface.ethtool, `${path}.ethtool`),
    sriov: readSriov(io, iface, path),
  };
};

const writeEthtool = (
  io: FormIo,
  iface: Obj,
  before: EthtoolFormValues,
  after: EthtoolFormValues,
): void => {
  if (io.same(before, after)) return;
  const e = io.child(iface, 'ethtool');
  if (!io.same(before.features, after.features)) {
    if (after.features.length === 0) Reflect.deleteProperty(e, 'feature');
    else e.feature = Object.fromEntries(after.features.map((f) => [f.name, f.enabled]));
  }
  const ringChanged = before.ringRx !== after.ringRx || before.ringTx !== after.ringTx;
  if (ringChanged) {
    const ring = io.child(e, 'ring');
    writeFields(io, ring, before, after, [
      ['ringRx', 'rx', null],
      ['ringTx', 'tx', null],
    ]);
    if (Object.keys(ring).length === 0) Reflect.deleteProperty(e, 'ring');
  }
  const pauseFields = [
    ['pauseAutoneg', 'autoneg', null],
    ['pauseRx', 'rx', null],
    ['pauseTx', 'tx', null],
  ] as const;
  if (pauseFields.some(([f]) => before[f] !== after[f])) {
    const pause = io.child(e, 'pause');
    writeFields(io, pause, before, after, pauseFields);
    if (Object.keys(pause).length === 0) Reflect.deleteProperty(e, 'pause');
  }
  if (Object.keys(e).length === 0) Reflect.deleteProperty(iface, 'ethtool');
};

const writeSriov = (
  io: FormIo,
  iface: Obj,
  before: SriovFormValues,
  after: SriovFormValues,
): void => {
  if (io.same(before, after)) return;
  const eth = io.child(iface, 'ethernet');
  const s = io.child(eth, 'sr-iov');
  if (before.totalVfs !== after.totalVfs) io.setOrDelete(s, 'total-vfs', after.totalVfs, null);
  if (!io.same(before.vfs, after.vfs)) {
    const old: unknown[] = Array.isArray(s.vfs) ? (s.vfs as unknown[]) : [];
    if (after.vfs.length === 0) Reflect.deleteProperty(s, 'vfs');
    else
      s.vfs = after.vfs.map((vf) => {
        // Keep keys the form does not edit (vlan-proto …) of the VF with the same id.
        const prev = old.find((o): o is Obj => isObj(o) && o.id === vf.id);
        const next: Obj = prev ? { ...prev } : {};
        const was = prev ? readVf(io, prev, '') : emptyVf();
        writeFields(io, next, was, vf, VF_FIELDS);
        return next;
      });
  }
  if (Object.keys(s).length === 0) Reflect.deleteProperty(eth, 'sr-iov');
  if (Object.keys(eth).length === 0) Reflect.deleteProperty(iface, 'ethernet');
};

export const writeInterfaceSettings = (
  io: FormIo,
  iface: Obj,
  before: InterfaceSettingsFormValues,
  after: InterfaceSettingsFormValues,
): void => {
  if (io.same(before, after)) return;
  if (before.lldp !== after.lldp) {
    // lldp.rs `LldpConfig.enabled` is required: no value means no `lldp` section at all.
    if (after.lldp === null) Reflect.deleteProperty(iface, 'lldp');
    else io.child(iface, 'lldp').enabled = after.lldp;
  }
  writeEthtool(io, iface, before.ethtool, after.ethtool);
  writeSriov(io, iface, before.sriov, after.sriov);
};

export const emptyVf = (): SriovVfFormValues => ({
  id: null,
  macAddress: '',
  spoofCheck: null,
  trust: null,
  minTxRate: null,
  maxTxRate: null,
  vlanId: null,
  qos: null,
});

export const emptyInterfaceSettings = (): InterfaceSettingsFormValues => ({
  lldp: null,
  ethtool: {
    features: [],
    ringRx: null,
    ringTx: null,
    pauseAutoneg: null,
    pauseRx: null,
    pauseTx: null,
  },
  sriov: { totalVfs: null, vfs: [] },
});

// ---------------------------------------------------------------------------------------------
// Policy: route rules (route_rule.rs), DNS options (dns.rs), hostname (hostname.rs)

const RULE_FIELDS = [
  ['ipFrom', 'ip-from', ''],
  ['ipTo', 'ip-to', ''],
  ['priority', 'priority', null],
  ['routeTable', 'route-table', null],
  ['action', 'action', ''],
  ['iif', 'iif', ''],
  ['fwmark', 'fwmark', null],
  ['fwmask', 'fwmask', null],
  ['family', 'family', ''],
] as const;

/** A numeric field that nmstate also takes as a string (`0x10`, "100"): shown as a number. */
const readNumOrString = (io: FormIo, v: unknown, path: string): number | null => {
  if (typeof v === 'string' && /^(0x[0-9a-f]+|\d+)$/i.test(v.trim())) return Number(v.trim());
  return io.num(v, path);
};

const readRule = (io: FormIo, o: Obj, sourceIndex: number, path: string): RouteRuleFormValues => {
  if (o.state !== undefined && o.state !== 'absent') io.fail(o.state, `${path}.state`);
  return {
    sourceIndex,
    ipFrom: io.str(o['ip-from'], `${path}.ip-from`),
    ipTo: io.str(o['ip-to'], `${path}.ip-to`),
    priority: readNumOrString(io, o.priority, `${path}.priority`),
    routeTable: readNumOrString(io, o['route-table'], `${path}.route-table`),
    action: io.str(o.action, `${path}.action`),
    iif: io.str(o.iif, `${path}.iif`),
    fwmark: readNumOrString(io, o.fwmark, `${path}.fwmark`),
    fwmask: readNumOrString(io, o.fwmask, `${path}.fwmask`),
    family: io.str(o.family, `${path}.family`),
    absent: o.state === 'absent',
  };
};

export const readPolicySettings = (io: FormIo, ds: Obj): PolicySettingsFormValues => {
  const rp = 'spec.desiredState.route-rules';
  const rules = io.obj(ds['route-rules'], rp) ?? {};
  const dns = io.obj(ds['dns-resolver'], 'spec.desiredState.dns-resolver') ?? {};
  const dnsConfig = io.obj(dns.config, 'spec.desiredState.dns-resolver.config') ?? {};
  const hp = 'spec.desiredState.hostname';
  const hostname = io.obj(ds.hostname, hp) ?? {};
  return {
    routeRules: listOf(io, rules.config, `${rp}.config`).map((o, i) =>
      readRule(io, o, i, `${rp}.config[${i}]`),
    ),
    dnsOptions: io.strList(dnsConfig.options, 'spec.desiredState.dns-resolver.config.options'),
    hostnameConfig: hostname.config === undefined ? null : io.str(hostname.config, `${hp}.config`),
    hostnameRunning:
      hostname.running === undefined ? null : io.str(hostname.running, `${hp}.running`),
  };
};

export const newRouteRuleFormValues = (): RouteRuleFormValues => ({
  sourceIndex: null,
  ipFrom: '',
  ipTo: '',
  priority: null,
  routeTable: null,
  action: '',
  iif: '',
  fwmark: null,
  fwmask: null,
  family: '',
  absent: false,
});

/** Writes the settings that changed onto `ds`, the copy's desiredState. */
export const writePolicySettings = (
  io: FormIo,
  ds: Obj,
  before: PolicySettingsFormValues,
  after: PolicySettingsFormValues,
): void => {
  if (!io.same(before.routeRules, after.routeRules)) {
    const rr = io.child(ds, 'route-rules');
    const old: unknown[] = Array.isArray(rr.config) ? (rr.config as unknown[]) : [];
    // Rules keep the form's order; a kept rule starts from its original object so keys the form
    // does not model stay, and a removed one leaves the list.
    rr.config = after.routeRules.map((rule) => {
      const prev = rule.sourceIndex === null ? undefined : old[rule.sourceIndex];
      const was = before.routeRules.find(
        (b) => b.sourceIndex !== null && b.sourceIndex === rule.sourceIndex,
      );
      const next: Obj = isObj(prev) && was ? structuredClone(prev) : {};
      writeFields(io, next, was ?? newRouteRuleFormValues(), rule, RULE_FIELDS);
      if ((was?.absent ?? false) !== rule.absent)
        io.setOrDelete(next, 'state', rule.absent ? 'absent' : null, null);
      return next;
    });
  }
  if (!io.same(before.dnsOptions, after.dnsOptions)) {
    // An empty list is written, not dropped: dns.rs purges the node's options for `options: []`.
    io.child(io.child(ds, 'dns-resolver'), 'config').options = [...after.dnsOptions];
  }
  if (
    before.hostnameConfig !== after.hostnameConfig ||
    before.hostnameRunning !== after.hostnameRunning
  ) {
    const h = io.child(ds, 'hostname');
    if (before.hostnameConfig !== after.hostnameConfig)
      io.setOrDelete(h, 'config', after.hostnameConfig, null);
    if (before.hostnameRunning !== after.hostnameRunning)
      io.setOrDelete(h, 'running', after.hostnameRunning, null);
    if (Object.keys(h).length === 0) Reflect.deleteProperty(ds, 'hostname');
  }
};
