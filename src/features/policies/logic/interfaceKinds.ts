// Form ⇄ policy mapping of the interface kinds in model/interfaceKinds.ts, in the style of
// policyForm.ts: reading refuses shapes the form cannot show (through the caller's `fail`), and
// writing touches only the keys whose value changed, so unknown keys stay. The small readers and
// writers come from policyForm.ts, which owns the NotRepresentable refusal.
import { KIND_SECTION_KEYS } from '../model/interfaceKinds';
import type {
  DpdkSettings,
  InfinibandSettings,
  IpvlanSettings,
  MacVtapSettings,
  OvnBridgeMappingFormValues,
  OvsInterfaceSettings,
  VethSettings,
  VrfSettings,
  VxlanSettings,
} from '../model/interfaceKinds';

import type { FormIo } from './policyFormSettings';

type Obj = Record<string, unknown>;

/** The readers policyForm.ts hands to each section's reader (the settings' FormIo has them). */
export type KindReaders = Pick<FormIo, 'obj' | 'str' | 'num' | 'bool' | 'strList' | 'fail'>;

export type KindWriters = Pick<FormIo, 'child' | 'setOrDelete' | 'same'> & {
  setPorts: (section: Obj, ports: unknown[]) => void;
};

/** The kinds this module reads, with the settings each carries. */
export type KindValues =
  | { type: 'vxlan'; vxlan: VxlanSettings }
  | { type: 'ipvlan'; ipvlan: IpvlanSettings }
  | { type: 'vrf'; vrf: VrfSettings }
  | { type: 'infiniband'; infiniband: InfinibandSettings }
  | { type: 'dummy' }
  | { type: 'veth'; veth: VethSettings }
  | { type: 'mac-vtap'; macVtap: MacVtapSettings }
  | { type: 'ovs-interface'; ovs: OvsInterfaceSettings };
export type KindType = KindValues['type'];

export const isKindValues = <V extends { type: string }>(v: V): v is V & KindValues =>
  Object.prototype.hasOwnProperty.call(KIND_SECTION_KEYS, v.type);

/** A number or a numeric string where nmstate reads `u*_or_string` (deserializer.rs). */
const numOrText = (r: KindReaders, v: unknown, path: string): string => {
  if (v === undefined) return '';
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return r.str(v, path);
};

/** bool or "true"/"false" where nmstate reads `option_bool_or_string` (deserializer.rs). */
const boolOrText = (r: KindReaders, v: unknown, path: string): boolean | null => {
  if (v === 'true' || v === 'false') return v === 'true';
  return r.bool(v, path);
};

const readDpdk = (r: KindReaders, v: unknown, path: string): DpdkSettings | null => {
  const d = r.obj(v, path);
  if (!d) return null;
  // ovs.rs `OvsDpdkConfig`: `rx-queue` has the OVS alias `n_rxq`.
  const rx: unknown = d['rx-queue'] ?? d.n_rxq;
  return {
    devargs: r.str(d.devargs, `${path}.devargs`),
    rxQueue: r.num(rx, `${path}.rx-queue`),
    nRxqDesc: r.num(d.n_rxq_desc, `${path}.n_rxq_desc`),
    nTxqDesc: r.num(d.n_txq_desc, `${path}.n_txq_desc`),
  };
};

export const readKind = (r: KindReaders, type: KindType, o: Obj, path: string): KindValues => {
  switch (type) {
    case 'vxlan': {
      const p = `${path}.vxlan`;
      const x = r.obj(o.vxlan, p) ?? {};
      const id: unknown = x.id;
      return {
        type,
        vxlan: {
          // vxlan.rs reads `id` through `u32_or_string`; a numeric string is the same id.
          id: typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : r.num(id, `${p}.id`),
          baseIface: r.str(x['base-iface'], `${p}.base-iface`),
          remote: r.str(x.remote, `${p}.remote`),
          local: r.str(x.local, `${p}.local`),
          destinationPort: r.num(x['destination-port'], `${p}.destination-port`),
          learning: r.bool(x.learning, `${p}.learning`),
        },
      };
    }
    case 'ipvlan': {
      const p = `${path}.ipvlan`;
      const x = r.obj(o.ipvlan, p) ?? {};
      return {
        type,
        ipvlan: {
          baseIface: r.str(x['base-iface'], `${p}.base-iface`),
          mode: r.str(x.mode, `${p}.mode`),
          private: boolOrText(r, x.private, `${p}.private`),
          vepa: boolOrText(r, x.vepa, `${p}.vepa`),
        },
      };
    }
    case 'vrf': {
      const p = `${path}.vrf`;
      const x = r.obj(o.vrf, p) ?? {};
      const table: unknown = x['route-table-id'];
      return {
        type,
        vrf: {
          // vrf.rs `VrfConfig`: `port` has the alias `ports`.
          ports: r.strList(x.port ?? x.ports, `${p}.port`),
          routeTableId:
            typeof table === 'string' && /^\d+$/.test(table)
              ? Number(table)
              : r.num(table, `${p}.route-table-id`),
        },
      };
    }
    case 'infiniband': {
      const p = `${path}.infiniband`;
      const x = r.obj(o.infiniband, p) ?? {};
      return {
        type,
        infiniband: {
          pkey: numOrText(r, x.pkey, `${p}.pkey`),
          baseIface: r.str(x['base-iface'], `${p}.base-iface`),
          mode: r.str(x.mode, `${p}.mode`),
        },
      };
    }
    case 'dummy':
      return { type };
    case 'veth': {
      const p = `${path}.veth`;
      const x = r.obj(o.veth, p) ?? {};
      return { type, veth: { peer: r.str(x.peer, `${p}.peer`) } };
    }
    case 'mac-vtap': {
      const p = `${path}.mac-vtap`;
      const x = r.obj(o['mac-vtap'], p) ?? {};
      // mac_vtap.rs: `promiscuous` is also read from `accept-all-mac`.
      const promiscuous: unknown = x.promiscuous ?? x['accept-all-mac'];
      return {
        type,
        macVtap: {
          baseIface: r.str(x['base-iface'], `${p}.base-iface`),
          mode: r.str(x.mode, `${p}.mode`),
          promiscuous: boolOrText(r, promiscuous, `${p}.promiscuous`),
        },
      };
    }
    case 'ovs-interface': {
      const patch = r.obj(o.patch, `${path}.patch`);
      return {
        type,
        ovs: {
          patchPeer: patch ? r.str(patch.peer, `${path}.patch.peer`) : null,
          dpdk: readDpdk(r, o.dpdk, `${path}.dpdk`),
        },
      };
    }
  }
};

/** Writes `after` over `before` into `section`, key by key, only where they differ. */
const writeFields = <T extends object>(
  w: KindWriters,
  section: Obj,
  before: T,
  after: T,
  keys: readonly (readonly [keyof T & string, string, unknown])[],
): void => {
  for (const [field, key, unset] of keys)
    if (!w.same(before[field], after[field])) w.setOrDelete(section, key, after[field], unset);
};

/** The original scalar kept when the text still says the same number (`pkey: 0x8001`). */
const pkeyValue = (text: string): unknown => (/^\d+$/.test(text) ? Number(text) : text);

const writeDpdk = (
  w: KindWriters,
  iface: Obj,
  before: DpdkSettings | null,
  after: DpdkSettings | null,
): void => {
  if (w.same(before, after)) return;
  if (after === null) {
    Reflect.deleteProperty(iface, 'dpdk');
    return;
  }
  const d = w.child(iface, 'dpdk');
  const b: DpdkSettings = before ?? { devargs: '', rxQueue: null, nRxqDesc: null, nTxqDesc: null };
  if (b.devargs !== after.devargs) d.devargs = after.devargs;
  if (b.rxQueue !== after.rxQueue) {
    // Written under its canonical name; the alias would be a duplicate field.
    Reflect.deleteProperty(d, 'n_rxq');
    w.setOrDelete(d, 'rx-queue', after.rxQueue, null);
  }
  writeFields(w, d, b, after, [
    ['nRxqDesc', 'n_rxq_desc', null],
    ['nTxqDesc', 'n_txq_desc', null],
  ]);
};

export const writeKind = (
  w: KindWriters,
  iface: Obj,
  before: KindValues,
  after: KindValues,
): void => {
  if (before.type === 'vxlan' && after.type === 'vxlan') {
    if (w.same(before.vxlan, after.vxlan)) return;
    writeFields(w, w.child(iface, 'vxlan'), before.vxlan, after.vxlan, [
      ['baseIface', 'base-iface', ''],
      ['id', 'id', null],
      ['remote', 'remote', ''],
      ['local', 'local', ''],
      ['destinationPort', 'destination-port', null],
      ['learning', 'learning', null],
    ]);
  } else if (before.type === 'ipvlan' && after.type === 'ipvlan') {
    if (w.same(before.ipvlan, after.ipvlan)) return;
    writeFields(w, w.child(iface, 'ipvlan'), before.ipvlan, after.ipvlan, [
      ['baseIface', 'base-iface', ''],
      ['mode', 'mode', ''],
      ['private', 'private', null],
      ['vepa', 'vepa', null],
    ]);
  } else if (before.type === 'vrf' && after.type === 'vrf') {
    if (w.same(before.vrf, after.vrf)) return;
    const vrf = w.child(iface, 'vrf');
    if (!w.same(before.vrf.ports, after.vrf.ports)) w.setPorts(vrf, [...after.vrf.ports]);
    writeFields(w, vrf, before.vrf, after.vrf, [['routeTableId', 'route-table-id', null]]);
  } else if (before.type === 'infiniband' && after.type === 'infiniband') {
    if (w.same(before.infiniband, after.infiniband)) return;
    const ib = w.child(iface, 'infiniband');
    if (before.infiniband.pkey !== after.infiniband.pkey)
      w.setOrDelete(ib, 'pkey', pkeyValue(after.infiniband.pkey), '');
    writeFields(w, ib, before.infiniband, after.infiniband, [
      ['baseIface', 'base-iface', ''],
      ['mode', 'mode', ''],
    ]);
  } else if (before.type === 'veth' && after.type === 'veth') {
    if (w.same(before.veth, after.veth)) return;
    writeFields(w, w.child(iface, 'veth'), before.veth, after.veth, [['peer', 'peer', '']]);
  } else if (before.type === 'mac-vtap' && after.type === 'mac-vtap') {
    if (w.same(before.macVtap, after.macVtap)) return;
    const mv = w.child(iface, 'mac-vtap');
    if (before.macVtap.promiscuous !== after.macVtap.promiscuous)
      Reflect.deleteProperty(mv, 'accept-all-mac');
    writeFields(w, mv, before.macVtap, after.macVtap, [
      ['baseIface', 'base-iface', ''],
      ['mode', 'mode', ''],
      ['promiscuous', 'promiscuous', null],
    ]);
  } else if (before.type === 'ovs-interface' && after.type === 'ovs-interface') {
    if (w.same(before.ovs, after.ovs)) return;
    if (before.ovs.patchPeer !== after.ovs.patchPeer) {
      if (after.ovs.patchPeer === null) Reflect.deleteProperty(iface, 'patch');
      else w.child(iface, 'patch').peer = after.ovs.patchPeer;
    }
    writeDpdk(w, iface, before.ovs.dpdk, after.ovs.dpdk);
  }
};

// ---------------------------------------------------------------------------------------------
// OVN bridge mappings (ovn.rs `OvnConfiguration`), a desired-state section of their own.

export const readOvnMappings = (r: KindReaders, ds: Obj): OvnBridgeMappingFormValues[] => {
  const ovn = r.obj(ds.ovn, 'spec.desiredState.ovn') ?? {};
  const list: unknown = ovn['bridge-mappings'];
  const path = 'spec.desiredState.ovn.bridge-mappings';
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) return r.fail(list, path);
  return list.map((m: unknown, i): OvnBridgeMappingFormValues => {
    const mp = `${path}[${i}]`;
    const o = r.obj(m, mp) ?? r.fail(m, mp);
    const state: unknown = o.state;
    // ovn.rs `OvnBridgeMappingState`: `present` is the deprecated spelling of no state.
    if (state !== undefined && state !== 'present' && state !== 'absent')
      r.fail(state, `${mp}.state`);
    return {
      localnet: r.str(o.localnet, `${mp}.localnet`),
      bridge: r.str(o.bridge, `${mp}.bridge`),
      absent: state === 'absent',
    };
  });
};

/** Rewrites the mapping list; a kept mapping (same localnet) keeps its other keys. */
export const writeOvnMappings = (
  w: KindWriters,
  ds: Obj,
  before: OvnBridgeMappingFormValues[],
  after: OvnBridgeMappingFormValues[],
): void => {
  if (w.same(before, after)) return;
  const ovn = w.child(ds, 'ovn');
  const old: unknown = ovn['bridge-mappings'];
  const oldList: unknown[] = Array.isArray(old) ? (old as unknown[]) : [];
  if (after.length === 0) {
    Reflect.deleteProperty(ovn, 'bridge-mappings');
    if (Object.keys(ovn).length === 0) Reflect.deleteProperty(ds, 'ovn');
    return;
  }
  ovn['bridge-mappings'] = after.map((a) => {
    const i = before.findIndex((b) => b.localnet === a.localnet);
    const prev = oldList[i];
    const next: Obj =
      typeof prev === 'object' && prev !== null && !Array.isArray(prev) ? { ...(prev as Obj) } : {};
    const b = before[i];
    next.localnet = a.localnet;
    if (!b || b.bridge !== a.bridge) w.setOrDelete(next, 'bridge', a.bridge, '');
    if (!b || b.absent !== a.absent) w.setOrDelete(next, 'state', a.absent ? 'absent' : null, null);
    return next;
  });
};
