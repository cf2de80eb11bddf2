// A readable summary of a desired state for the details page: every interface (not only the
// first) with what matters for its type, plus routes and DNS. Values that are capture templates
// are kept as text so the page can say "resolved per node".
import type {
  IpConfig,
  NetworkInterface,
  NetworkState,
  Route,
} from '../../../shared/model/nmstate';
import { getBaseInterface, getInterfacePorts, isTemplate } from './validatePolicy';
import { canonicalizeDesiredState } from './nmpolicy/keys';

export type IpSummary =
  | { mode: 'unset' }
  | { mode: 'disabled' }
  | { mode: 'enabled'; dhcp: boolean; autoconf: boolean; addresses: string[] };

export interface InterfaceSummary {
  name: string;
  type: string;
  state: string;
  mtu: number | string | null;
  description: string;
  ports: string[];
  base: string | null;
  vlanId: number | string | null;
  bondMode: string | null;
  stp: boolean | null;
  /** Bridge ports with a VLAN setting, as `name: access 100` / `name: trunk 100,200-210`. */
  portVlans: { port: string; mode: string; tag: number | null; trunk: string }[];
  ipv4: IpSummary;
  ipv6: IpSummary;
}

export interface DesiredStateSummary {
  /** The whole interfaces list is one capture template, e.g. `{{ capture.x.interfaces }}`. */
  interfacesTemplate: string | null;
  interfaces: InterfaceSummary[];
  routes: Route[];
  dns: { servers: string[]; search: string[] } | null;
  /** Top-level keys the summary does not cover (ovn, route-rules, ovs-db …). */
  otherKeys: string[];
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

const ipSummary = (block: IpConfig | undefined): IpSummary => {
  if (!block || typeof block !== 'object') return { mode: 'unset' };
  if (block.enabled === false) return { mode: 'disabled' };
  const addresses = Array.isArray(block.address)
    ? block.address.map((a) => `${text(a.ip)}/${text(a['prefix-length'])}`)
    : [];
  return {
    mode: 'enabled',
    dhcp: block.dhcp === true,
    autoconf: block.autoconf === true,
    addresses,
  };
};

const stpOf = (iface: NetworkInterface): boolean | null => {
  const stp: unknown = iface.bridge?.options?.stp;
  if (typeof stp === 'boolean') return stp;
  if (stp && typeof stp === 'object' && 'enabled' in stp) {
    const enabled = (stp as { enabled?: unknown }).enabled;
    return typeof enabled === 'boolean' ? enabled : null;
  }
  return null;
};

const trunkText = (tags: unknown): string =>
  Array.isArray(tags)
    ? tags
        .map((t: unknown) => {
          if (t && typeof t === 'object' && 'id' in t) return text(t.id);
          const r = (t as { 'id-range'?: { min?: unknown; max?: unknown } } | null)?.['id-range'];
          return r ? `${text(r.min)}-${text(r.max)}` : '';
        })
        .filter((s) => s !== '')
        .join(',')
    : '';

export const summarizeInterface = (iface: NetworkInterface): InterfaceSummary => {
  const vlanId: unknown = iface.vlan?.id;
  const mtu: unknown = iface.mtu;
  return {
    name: text(iface.name),
    type: text(iface.type),
    state: text(iface.state) || 'up',
    mtu: typeof mtu === 'number' || isTemplate(mtu) ? mtu : null,
    description: text(iface.description),
    ports: getInterfacePorts(iface),
    base: getBaseInterface(iface) ?? null,
    vlanId: typeof vlanId === 'number' || isTemplate(vlanId) ? vlanId : null,
    bondMode: iface['link-aggregation']?.mode ?? null,
    stp: stpOf(iface),
    portVlans: (iface.bridge?.port ?? []).flatMap((p) =>
      p.vlan
        ? [
            {
              port: text(p.name),
              mode: text(p.vlan.mode),
              tag: typeof p.vlan.tag === 'number' ? p.vlan.tag : null,
              trunk: trunkText(p.vlan['trunk-tags']),
            },
          ]
        : [],
    ),
    ipv4: ipSummary(iface.ipv4),
    ipv6: ipSummary(iface.ipv6),
  };
};

const KNOWN_KEYS = new Set(['interfaces', 'routes', 'dns-resolver']);

export const summarizeDesiredState = (desired: NetworkState | undefined): DesiredStateSummary => {
  // Read as nmstate reads it: `ports` as `port`, bond mode `1` as active-backup.
  const state: NetworkState = canonicalizeDesiredState(desired ?? {});
  const raw: unknown = state.interfaces;
  const dnsConfig = state['dns-resolver']?.config;
  return {
    interfacesTemplate: isTemplate(raw) ? raw : null,
    interfaces: Array.isArray(raw)
      ? raw
          .filter((i): i is NetworkInterface => typeof i === 'object' && i !== null)
          .map(summarizeInterface)
      : [],
    routes: Array.isArray(state.routes?.config) ? state.routes.config : [],
    dns: dnsConfig
      ? {
          servers: Array.isArray(dnsConfig.server) ? dnsConfig.server.map(text) : [],
          search: Array.isArray(dnsConfig.search) ? dnsConfig.search.map(text) : [],
        }
      : null,
    otherKeys: Object.keys(state).filter((k) => !KNOWN_KEYS.has(k)),
  };
};
