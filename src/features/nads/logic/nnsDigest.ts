// What the NAD pages keep of a NodeNetworkState (the lean watch's digest): the validation
// context reads, per node, each interface's name, type, MTU, state and addresses, the ports of OVS
// bridges, the default routes' interfaces, and the OVN bridge mappings (buildValidationContext in
// context.ts). A whole NNS is about 23 KB (routes,
// LLDP, ethtool, DNS, OVS database); the digest is what the checks read, so the NAD pages need
// not keep every node's state in the console's store.
import type { NodeNetworkState } from '../../../shared/model/nmstate';
import { isRecord } from '../../../shared/logic/isRecord';

type Json = Record<string, unknown>;

const addresses = (family: unknown): { address: { ip: string }[] } | undefined => {
  const list = isRecord(family) ? family.address : undefined;
  if (!Array.isArray(list)) return undefined;
  return {
    address: (list as unknown[]).flatMap((a) =>
      isRecord(a) && typeof a.ip === 'string' ? [{ ip: a.ip }] : [],
    ),
  };
};

export function isDefaultDestination(d: unknown): boolean {
  return d === '0.0.0.0/0' || d === '::/0';
}

/** The NNS trimmed to what buildValidationContext reads; null when it is not a named object. */
export function digestNnsForNads(obj: unknown): NodeNetworkState | null {
  if (!isRecord(obj) || !isRecord(obj.metadata) || typeof obj.metadata.name !== 'string')
    return null;
  const current = isRecord(obj.status) ? obj.status.currentState : undefined;
  const state: Json = {};
  const list = isRecord(current) ? current.interfaces : undefined;
  if (Array.isArray(list)) {
    state.interfaces = (list as unknown[]).flatMap((i) => {
      if (!isRecord(i) || typeof i.name !== 'string') return [];
      const out: Json = { name: i.name };
      for (const key of ['type', 'mtu', 'state'] as const) if (key in i) out[key] = i[key];
      const v4 = addresses(i.ipv4);
      const v6 = addresses(i.ipv6);
      if (v4) out.ipv4 = v4;
      if (v6) out.ipv6 = v6;
      const ports = i.type === 'ovs-bridge' && isRecord(i.bridge) ? i.bridge.port : undefined;
      if (Array.isArray(ports)) {
        out.bridge = {
          port: (ports as unknown[]).flatMap((p) =>
            isRecord(p) && typeof p.name === 'string' ? [{ name: p.name }] : [],
          ),
        };
      }
      return [out];
    });
  }
  const routes = isRecord(current) && isRecord(current.routes) ? current.routes.running : undefined;
  if (Array.isArray(routes)) {
    const defaults = (routes as unknown[]).flatMap((r) =>
      isRecord(r) &&
      isDefaultDestination(r.destination) &&
      typeof r['next-hop-interface'] === 'string'
        ? [{ destination: r.destination as string, 'next-hop-interface': r['next-hop-interface'] }]
        : [],
    );
    if (defaults.length > 0) state.routes = { running: defaults };
  }
  const ovn = isRecord(current) ? current.ovn : undefined;
  if (isRecord(ovn) && Array.isArray(ovn['bridge-mappings']))
    state.ovn = { 'bridge-mappings': ovn['bridge-mappings'] };
  return {
    metadata: { name: obj.metadata.name },
    status: { currentState: state },
  };
}
