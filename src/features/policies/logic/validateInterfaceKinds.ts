// Validation of the interface kinds of issue 24 (vxlan, ipvlan, vrf, infiniband, veth, mac-vtap,
// OVS patch/DPDK/bond modes) and of the OVN bridge mappings, following nmstate 2.2. Called by
// validatePolicy for each interface that is not absent; returns codes through `add` like it.
import type { NetworkInterface, NetworkState } from '../../../shared/model/nmstate';
import { parseIp } from '../../../shared/net/cidr';
import type { Finding } from '../model/finding';
import {
  DPDK_DESC_MAX,
  INFINIBAND_MODES,
  IPVLAN_MODES,
  MAC_VTAP_MODES,
  OVS_BOND_MODES,
  VXLAN_ID_MAX,
} from '../model/interfaceKinds';

type Add = (f: Finding) => void;
type Obj = Record<string, unknown>;

/** Where the interface is created (validatePolicy's `newOn`): `nodes` lack it. */
export interface KindCreation {
  isNew: boolean;
  nodes: string[];
}

const TEMPLATE = /\{\{.*?\}\}/;
const isTemplate = (v: unknown): boolean => typeof v === 'string' && TEMPLATE.test(v);
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown): string => {
  if (typeof v === 'string') return v;
  // JSON.stringify returns undefined for undefined despite its declared type.
  const json = JSON.stringify(v) as string | undefined;
  return json ?? 'undefined';
};
const isUnset = (v: unknown): boolean => v === undefined || v === null || v === '';
const inList = (list: readonly string[], v: unknown): boolean =>
  typeof v === 'string' && list.includes(v);

/**
 * An unsigned integer as deserializer.rs `u*_or_string` reads it: a number, a decimal string or
 * (for the hex-printed ones) a `0x…` string. null when it is none of those.
 */
export const readUint = (v: unknown, hex = false): number | null => {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 0 ? v : null;
  if (typeof v !== 'string') return null;
  const text = v.trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (hex && /^0x[0-9a-fA-F]+$/.test(text)) return Number.parseInt(text.slice(2), 16);
  return null;
};

const nodeParams = (
  c: KindCreation,
  name: string,
): { params: Record<string, string | number>; nodes?: string[] } =>
  c.nodes.length > 0
    ? {
        params: { name, nodes: c.nodes.join(', '), nodeCount: c.nodes.length },
        nodes: c.nodes,
      }
    : { params: { name } };

/** Checks one uint field: reports `code` with `{value, max}` unless it is an integer ≤ max. */
const checkUint = (
  add: Add,
  v: unknown,
  path: string,
  code: string,
  max: number,
  hex = false,
): void => {
  if (v === undefined || isTemplate(v)) return;
  const n = readUint(v, hex);
  if (n === null || n > max)
    add({ severity: 'error', code, path, params: { value: show(v), max } });
};

const validateVxlan = (iface: NetworkInterface, path: string, add: Add, c: KindCreation): void => {
  const x: unknown = iface.vxlan;
  const p = `${path}.vxlan`;
  // vxlan.rs `VxlanConfig`: `id` has no default, so serde requires it whenever the section is
  // given, and a new VXLAN needs the section.
  if (!isObj(x)) {
    if (c.isNew)
      add({
        severity: 'error',
        code: 'vxlan.id.required',
        path: `${p}.id`,
        ...nodeParams(c, iface.name),
      });
    return;
  }
  if (x.id === undefined)
    add({
      severity: 'error',
      code: 'vxlan.id.required',
      path: `${p}.id`,
      params: { name: iface.name },
    });
  else checkUint(add, x.id, `${p}.id`, 'vxlan.id.invalid', VXLAN_ID_MAX);
  for (const key of ['remote', 'local'] as const) {
    const ip: unknown = x[key];
    // `std::net::IpAddr`: a bare address, no prefix.
    if (ip !== undefined && !isTemplate(ip) && !parseIp(ip).ok)
      add({
        severity: 'error',
        code: 'vxlan.address.invalid',
        path: `${p}.${key}`,
        params: { address: show(ip) },
      });
  }
  checkUint(add, x['destination-port'], `${p}.destination-port`, 'vxlan.port.invalid', 65535);
};

const validateIpvlan = (iface: NetworkInterface, path: string, add: Add, c: KindCreation): void => {
  const x: unknown = iface.ipvlan;
  const p = `${path}.ipvlan`;
  const conf: Obj = isObj(x) ? x : {};
  // nm/settings/ipvlan.rs hands `base-iface` to NetworkManager as the parent a new IPVLAN needs.
  if (c.isNew && isUnset(conf['base-iface']))
    add({
      severity: 'error',
      code: 'ipvlan.baseIface.required',
      path: `${p}.base-iface`,
      ...nodeParams(c, iface.name),
    });
  const mode = conf.mode;
  if (mode !== undefined && !isTemplate(mode) && !inList(IPVLAN_MODES, mode))
    add({
      severity: 'error',
      code: 'ipvlan.mode.invalid',
      path: `${p}.mode`,
      params: { mode: show(mode) },
    });
  // ipvlan.rs `IpVlanInterface::sanitize`: private and VEPA exclude each other.
  const on = (v: unknown): boolean => v === true || v === 'true';
  if (on(conf.private) && on(conf.vepa))
    add({ severity: 'error', code: 'ipvlan.privateAndVepa', path: `${p}.vepa` });
};

const validateVrf = (iface: NetworkInterface, path: string, add: Add, c: KindCreation): void => {
  const x: unknown = iface.vrf;
  const p = `${path}.vrf`;
  const table: unknown = isObj(x) ? x['route-table-id'] : undefined;
  if (isTemplate(table)) return;
  checkUint(add, table, `${p}.route-table-id`, 'vrf.routeTableId.invalid', 0xffffffff);
  // vrf.rs `merge_table_id`: 0 or no table takes the current VRF's; a new VRF must name one.
  if (c.isNew && (table === undefined || readUint(table) === 0))
    add({
      severity: 'error',
      code: 'vrf.routeTableId.required',
      path: `${p}.route-table-id`,
      ...nodeParams(c, iface.name),
    });
};

const validateInfiniband = (iface: NetworkInterface, path: string, add: Add): void => {
  const x: unknown = iface.infiniband;
  if (!isObj(x)) return;
  const p = `${path}.infiniband`;
  // infiniband.rs `InfiniBandConfig`: neither `mode` nor `pkey` has a serde default, so both are
  // required when the section is given; `pkey` is a u16, written as a number or `0x…`.
  if (isUnset(x.mode))
    add({ severity: 'error', code: 'infiniband.mode.required', path: `${p}.mode` });
  else if (!isTemplate(x.mode) && !inList(INFINIBAND_MODES, x.mode))
    add({
      severity: 'error',
      code: 'infiniband.mode.invalid',
      path: `${p}.mode`,
      params: { mode: show(x.mode) },
    });
  if (isUnset(x.pkey))
    add({ severity: 'error', code: 'infiniband.pkey.required', path: `${p}.pkey` });
  else checkUint(add, x.pkey, `${p}.pkey`, 'infiniband.pkey.invalid', 0xffff, true);
};

const validateMacVtap = (
  iface: NetworkInterface,
  path: string,
  add: Add,
  c: KindCreation,
): void => {
  const x: unknown = iface['mac-vtap'];
  const p = `${path}.mac-vtap`;
  // mac_vtap.rs `MacVtapConfig`: `base-iface` and `mode` have no default, so serde requires both
  // whenever the section is given; a new MAC-VTAP needs the section.
  const needed = isObj(x) || c.isNew;
  const conf: Obj = isObj(x) ? x : {};
  if (needed && isUnset(conf['base-iface']))
    add({ severity: 'error', code: 'macvtap.baseIface.required', path: `${p}.base-iface` });
  if (needed && isUnset(conf.mode))
    add({ severity: 'error', code: 'macvtap.mode.required', path: `${p}.mode` });
  else if (conf.mode !== undefined && !isTemplate(conf.mode) && !inList(MAC_VTAP_MODES, conf.mode))
    add({
      severity: 'error',
      code: 'macvtap.mode.invalid',
      path: `${p}.mode`,
      params: { mode: show(conf.mode) },
    });
  // mac_vtap.rs `MacVtapInterface::sanitize`: promiscuous off only in passthru mode.
  const promiscuous: unknown = conf.promiscuous ?? conf['accept-all-mac'];
  if ((promiscuous === false || promiscuous === 'false') && conf.mode !== 'passthru')
    add({ severity: 'error', code: 'macvtap.promiscuous.passthruOnly', path: `${p}.promiscuous` });
};

/**
 * ethernet.rs `process_veth_peer_changes`: a veth that does not exist yet and is to be up needs
 * a peer, unless another veth of the policy names it as its peer (then it is that pair's end).
 */
const validateVeth = (
  iface: NetworkInterface,
  path: string,
  add: Add,
  c: KindCreation,
  peers: ReadonlySet<string>,
): void => {
  const x: unknown = iface.veth;
  const peer: unknown = isObj(x) ? x.peer : undefined;
  if (isObj(x) && isUnset(peer)) {
    add({
      severity: 'error',
      code: 'veth.peer.required',
      path: `${path}.veth.peer`,
      params: { name: iface.name },
    });
    return;
  }
  if (!isObj(x) && c.isNew && iface.state !== 'down' && !peers.has(iface.name))
    add({
      severity: 'error',
      code: 'veth.peer.required',
      path: `${path}.veth.peer`,
      ...nodeParams(c, iface.name),
    });
};

/** ovs.rs `OvsInterface::sanitize` and `OvsDpdkConfig::sanitize`. */
const validateOvsInterface = (iface: NetworkInterface, path: string, add: Add): void => {
  const raw = iface as unknown as Obj;
  const patch: unknown = raw.patch;
  if (isObj(patch)) {
    if (isUnset(patch.peer))
      add({ severity: 'error', code: 'ovs.patch.peer.required', path: `${path}.patch.peer` });
    if (iface.mtu !== undefined)
      add({ severity: 'error', code: 'ovs.patch.mtu', path: `${path}.mtu` });
    for (const family of ['ipv4', 'ipv6'] as const)
      if (iface[family]?.enabled === true)
        add({ severity: 'error', code: 'ovs.patch.ip', path: `${path}.${family}` });
  }
  const dpdk: unknown = raw.dpdk;
  if (!isObj(dpdk)) return;
  if (isUnset(dpdk.devargs))
    add({ severity: 'error', code: 'ovs.dpdk.devargs.required', path: `${path}.dpdk.devargs` });
  for (const key of ['n_rxq_desc', 'n_txq_desc'] as const) {
    const v: unknown = dpdk[key];
    if (v === undefined || isTemplate(v)) continue;
    // 0 removes the setting; otherwise a power of two up to 4096.
    const ok =
      typeof v === 'number' &&
      Number.isInteger(v) &&
      (v === 0 || (v >= 1 && v <= DPDK_DESC_MAX && (v & (v - 1)) === 0));
    if (!ok)
      add({
        severity: 'error',
        code: 'ovs.dpdk.desc.invalid',
        path: `${path}.dpdk.${key}`,
        params: { key, value: show(v), max: DPDK_DESC_MAX },
      });
  }
};

/** ovs.rs `OvsBridgeBondMode`: the modes an OVS bond port takes. */
const validateOvsBonds = (iface: NetworkInterface, path: string, add: Add): void => {
  const ports: unknown = iface.bridge?.port;
  if (!Array.isArray(ports)) return;
  ports.forEach((port: unknown, i) => {
    const la: unknown = isObj(port) ? port['link-aggregation'] : undefined;
    if (!isObj(la)) return;
    const mode = la.mode;
    if (mode !== undefined && !isTemplate(mode) && !inList(OVS_BOND_MODES, mode))
      add({
        severity: 'error',
        code: 'ovs.bond.mode.invalid',
        path: `${path}.bridge.port[${i}].link-aggregation.mode`,
        params: { mode: show(mode) },
      });
  });
};

/** Names that some veth of the desired state names as its peer. */
export const getVethPeers = (ifaces: readonly NetworkInterface[]): Set<string> => {
  const out = new Set<string>();
  for (const i of ifaces) {
    const peer: unknown = isObj(i.veth) ? i.veth.peer : undefined;
    if (i.state !== 'absent' && typeof peer === 'string') out.add(peer);
  }
  return out;
};

export const validateInterfaceKind = (
  iface: NetworkInterface,
  path: string,
  add: Add,
  creation: KindCreation,
  vethPeers: ReadonlySet<string>,
): void => {
  switch (iface.type) {
    case 'vxlan':
      validateVxlan(iface, path, add, creation);
      break;
    case 'ipvlan':
      validateIpvlan(iface, path, add, creation);
      break;
    case 'vrf':
      validateVrf(iface, path, add, creation);
      break;
    case 'infiniband':
      validateInfiniband(iface, path, add);
      break;
    case 'mac-vtap':
      validateMacVtap(iface, path, add, creation);
      break;
    case 'veth':
      validateVeth(iface, path, add, creation, vethPeers);
      break;
    case 'ovs-interface':
      validateOvsInterface(iface, path, add);
      break;
    case 'ovs-bridge':
      validateOvsBonds(iface, path, add);
      break;
    default:
      break;
  }
};

/** ovn.rs `OvnConfiguration::sanitize`, `OvnBridgeMapping::sanitize`; ovs.rs reserved key. */
export const validateOvn = (desired: NetworkState, add: Add): void => {
  const raw = desired as unknown as Obj;
  const externalIds: unknown = isObj(raw['ovs-db']) ? raw['ovs-db'].external_ids : undefined;
  if (isObj(externalIds) && 'ovn-bridge-mappings' in externalIds)
    add({
      severity: 'error',
      code: 'ovn.reservedExternalId',
      path: 'spec.desiredState.ovs-db.external_ids.ovn-bridge-mappings',
    });
  const ovn: unknown = raw.ovn;
  const maps: unknown = isObj(ovn) ? ovn['bridge-mappings'] : undefined;
  if (!Array.isArray(maps)) return;
  const seen = new Set<string>();
  maps.forEach((m: unknown, i) => {
    const p = `spec.desiredState.ovn.bridge-mappings[${i}]`;
    if (!isObj(m)) return;
    const localnet: unknown = m.localnet;
    if (isUnset(localnet)) {
      add({ severity: 'error', code: 'ovn.localnet.required', path: `${p}.localnet` });
      return;
    }
    const key = show(localnet);
    if (seen.has(key))
      add({
        severity: 'error',
        code: 'ovn.localnet.duplicate',
        path: `${p}.localnet`,
        params: { localnet: key },
      });
    seen.add(key);
    if (m.state !== 'absent' && isUnset(m.bridge))
      add({
        severity: 'error',
        code: 'ovn.bridge.required',
        path: `${p}.bridge`,
        params: { localnet: key },
      });
  });
};
