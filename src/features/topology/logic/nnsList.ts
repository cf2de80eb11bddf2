// Rows of the node network state list: what each node reports, reduced to the columns the list
// shows and sorts by, and the interface kinds its type filter offers. The NNS objects are large
// (every interface with its settings); a row keeps only numbers and short strings.
import type { ObjectMeta } from '../../../shared/model/k8s';
import type { InterfaceType, NodeNetworkState } from '../../../shared/model/nmstate';

export interface NnsListRow {
  metadata: ObjectMeta & { name: string };
  /** Interfaces the node reports, loopback included. */
  interfaces: number;
  /** Of those, interfaces whose state is down. */
  down: number;
  /** The kinds of interface present, for the type filter. */
  types: ReadonlySet<string>;
  /** Next hops of the default routes (IPv4 then IPv6), as the node runs them. */
  gateways: string[];
  /** When the handler last reported the node's state (RFC 3339), or ''. */
  updated: string;
  nmVersion: string;
}

/** The interface kinds the type filter offers, in its order. */
export const NNS_TYPE_FILTER_ITEMS: readonly InterfaceType[] = [
  'ethernet',
  'bond',
  'vlan',
  'linux-bridge',
  'ovs-bridge',
  'ovs-interface',
  'vxlan',
  'mac-vlan',
  'vrf',
  'infiniband',
];

const DEFAULT_ROUTES = new Set(['0.0.0.0/0', '::/0']);

export const toNnsListRow = (nns: NodeNetworkState): NnsListRow => {
  const state = nns.status?.currentState;
  const ifaces = state?.interfaces ?? [];
  const types = new Set<string>();
  let down = 0;
  for (const i of ifaces) {
    if (i.type) types.add(i.type);
    if (i.state === 'down') down += 1;
  }
  const gateways = (state?.routes?.running ?? [])
    .filter((r) => r.destination !== undefined && DEFAULT_ROUTES.has(r.destination))
    .map((r) => r['next-hop-address'] ?? '')
    .filter((hop, i, all) => hop !== '' && all.indexOf(hop) === i)
    .sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')));
  return {
    metadata: nns.metadata,
    interfaces: ifaces.length,
    down,
    types,
    gateways,
    updated: nns.status?.lastSuccessfulUpdateTime ?? '',
    nmVersion: nns.status?.hostNetworkManagerVersion ?? '',
  };
};

/** Whether the node has an interface of the type filter's `id`. */
export const nnsHasType = (row: NnsListRow, id: string): boolean => row.types.has(id);
