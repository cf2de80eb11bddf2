// Which interface names the policy form offers in a name or port field: the interfaces of the
// nodes the policy's selector matches (their NodeNetworkStates), each with the number of those
// nodes that have it, filtered by what nmstate accepts in that field. Typing any other name stays
// possible; the list only saves typing and shows how widely an interface exists.
import type { NetworkInterface, NetworkState } from '../../../shared/model/nmstate';
import type { InterfaceFormValues } from '../model/policyForm';
import { isClusterInternalInterface } from '../../topology/logic/internal';

/** The form field asking for an interface name. */
export type CandidateField =
  /** The name of the card's own interface: existing interfaces of the card's type. */
  | { kind: 'name'; type: string }
  /** A bond port; `owner` is the bond being edited (its current ports stay candidates). */
  | { kind: 'bondPort'; owner: string }
  | { kind: 'vlanBase' }
  | { kind: 'bridgePort'; owner: string }
  | { kind: 'ovsPort'; owner: string };

export interface InterfaceCandidate {
  name: string;
  /** Nodes among the matched ones whose state has the interface and allows it in the field. */
  nodeCount: number;
  /** The interface is declared by the policy itself (a bond the policy creates, …). */
  inPolicy: boolean;
}

export interface CandidateList {
  candidates: InterfaceCandidate[];
  /** Matched nodes with a NodeNetworkState: the denominator of every count. */
  nodesWithState: number;
}

/** The interfaces the draft declares, as the candidate computation needs them. */
export interface DeclaredInterface {
  name: string;
  type: string;
  /** Names the interface takes as ports (bond ports, bridge ports, OVS bond members). */
  ports: readonly string[];
}

// Bond ports are offered as NICs only: that is what a bond aggregates, and other types stay
// possible as free text.
const BOND_PORT_TYPES = new Set(['ethernet']);
// A VLAN is built on a NIC or on a bond (nmstate rust/src/lib/ifaces/vlan.rs, `base-iface`).
const VLAN_BASE_TYPES = new Set(['ethernet', 'bond']);
const BRIDGE_PORT_TYPES = new Set(['ethernet', 'bond', 'vlan']);
// An OVS bridge port is a system interface or an OVS internal interface
// (nmstate rust/src/lib/ifaces/ovs.rs, `OvsBridgePortConfig`).
const OVS_PORT_TYPES = new Set(['ethernet', 'bond', 'vlan', 'ovs-interface']);

const allowedTypes = (field: CandidateField): ReadonlySet<string> => {
  switch (field.kind) {
    case 'name':
      return new Set([field.type]);
    case 'bondPort':
      return BOND_PORT_TYPES;
    case 'vlanBase':
      return VLAN_BASE_TYPES;
    case 'bridgePort':
      return BRIDGE_PORT_TYPES;
    case 'ovsPort':
      return OVS_PORT_TYPES;
  }
};

const ownerOf = (field: CandidateField): string | null =>
  field.kind === 'bondPort' || field.kind === 'bridgePort' || field.kind === 'ovsPort'
    ? field.owner
    : null;

/** An interface that is already a port of another controller on the node is not free to take. */
const isFreeOnNode = (iface: NetworkInterface, owner: string): boolean =>
  iface.controller === undefined || iface.controller === '' || iface.controller === owner;

/**
 * The candidates for one field, most widespread first. `matchedNodes` are the nodes the policy's
 * selector matches; `states` holds their current network states (a node without one is not
 * counted). `declared` are the interfaces the draft itself declares.
 */
export const getInterfaceCandidates = (
  field: CandidateField,
  matchedNodes: readonly string[],
  states: ReadonlyMap<string, NetworkState | undefined>,
  declared: readonly DeclaredInterface[],
): CandidateList => {
  const types = allowedTypes(field);
  const owner = ownerOf(field);
  // A port another interface of this policy already takes is not offered again.
  const takenInPolicy = new Set<string>();
  if (owner !== null)
    for (const d of declared) if (d.name !== owner) for (const p of d.ports) takenInPolicy.add(p);

  const counts = new Map<string, number>();
  let nodesWithState = 0;
  for (const node of matchedNodes) {
    const state = states.get(node);
    if (!state) continue;
    nodesWithState += 1;
    // NodeNetworkStates list some interfaces twice (br-ex as ovs-bridge and ovs-interface):
    // a node counts once per name.
    const seen = new Set<string>();
    for (const iface of state.interfaces ?? []) {
      if (seen.has(iface.name) || isClusterInternalInterface(iface)) continue;
      if (typeof iface.type !== 'string' || !types.has(iface.type)) continue;
      if (owner !== null && (iface.name === owner || !isFreeOnNode(iface, owner))) continue;
      seen.add(iface.name);
      counts.set(iface.name, (counts.get(iface.name) ?? 0) + 1);
    }
  }

  const candidates: InterfaceCandidate[] = [];
  for (const [name, nodeCount] of counts)
    if (!takenInPolicy.has(name)) candidates.push({ name, nodeCount, inPolicy: false });
  // Interfaces the policy creates are valid ports and bases on every node it applies to.
  if (field.kind !== 'name')
    for (const d of declared) {
      if (d.name === '' || d.name === owner || counts.has(d.name) || takenInPolicy.has(d.name))
        continue;
      if (!types.has(d.type)) continue;
      candidates.push({ name: d.name, nodeCount: nodesWithState, inPolicy: true });
    }
  candidates.sort((a, b) => b.nodeCount - a.nodeCount || a.name.localeCompare(b.name));
  return { candidates, nodesWithState };
};

/** Candidates whose name contains the typed text (case-insensitive), for a typeahead. */
export const filterCandidates = (
  candidates: readonly InterfaceCandidate[],
  typed: string,
): InterfaceCandidate[] => {
  const needle = typed.trim().toLowerCase();
  return needle === ''
    ? [...candidates]
    : candidates.filter((c) => c.name.toLowerCase().includes(needle));
};

/** The interfaces a form draft declares, with the names each takes as ports. */
export const getDeclaredInterfaces = (
  interfaces: readonly InterfaceFormValues[],
): DeclaredInterface[] =>
  interfaces.map((i) => {
    const ports =
      i.type === 'bond'
        ? i.bond.ports
        : i.type === 'linux-bridge'
          ? i.linuxBridge.ports.map((p) => p.name)
          : i.type === 'ovs-bridge'
            ? i.ovsBridge.ports.flatMap((p) => [p.name, ...(p.bond?.ports ?? [])])
            : [];
    return { name: i.name, type: i.type, ports };
  });
