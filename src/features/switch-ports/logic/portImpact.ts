// What pointing one host NIC at another HostNetworkAttachment (or at none) does, before it is
// saved: the VLANs the node's nmstate policies and Multus attachments need on that NIC (directly,
// or through a bond, bridge or VLAN interface on it) and which of them the new switch-port config
// no longer lets through; bond members left on different configs; a boot NIC losing the VLAN its
// provisioning uses; references BMO may refuse or cannot act on.
//
// Upstream facts this follows:
// - nmstate (nmstate/nmstate rust/src/lib/ifaces/vlan.rs, bond.rs, linux_bridge.rs
//   `bridge.port[].vlan`, ovs.rs bond ports): a VLAN interface sends `vlan.id` tagged on
//   `base-iface`; a bond's `link-aggregation.port` (alias `ports`) are its member NICs; a bridge
//   port's access `tag` / `trunk-tags` leave tagged through the bridge's other ports.
// - containernetworking/plugins plugins/main/vlan (`master`, `vlanId`), plugins/main/bridge
//   (`bridge`, `vlan`, `vlanTrunk`); ovn-org/ovn-kubernetes localnet NADs (`topology: localnet`,
//   `vlanID`, `physicalNetworkName` mapped to a bridge by `ovn.bridge-mappings`). The tracing is
//   shared with checkVlanConsistency (getNodeNicNeeds).
// - metal3-io/baremetal-operator: HostNetworkAttachment `mode`, `nativeVLAN` (untagged),
//   `allowedVLANs` (apis/metal3.io/v1alpha1/hostnetworkattachment_types.go); a reference's
//   namespace defaults to the host's; PR #3470 baremetalhost_network.go denies references to
//   namespaces BMO does not watch (NetworkInterfacesValid reason AttachmentNamespaceDenied).
// - Ironic standalone networking: a port is configured through its `local_link_connection`
//   (switch id and port id from LLDP at inspection, or given by hand); without it, or without a
//   configured switch, nothing on the switch changes.
import type { Node } from '../../../shared/model/k8s';
import type {
  BareMetalHost,
  HostNetworkAttachment,
  SwitchPortConfig,
} from '../../../shared/model/metal3';
import type { NetworkInterface, NodeNetworkState } from '../../../shared/model/nmstate';
import type { FindingSeverity, NicPort, ObjectRef, VlanConsumer, VlanSet } from '../model/types';
import { getNodeNicNeeds } from './checkVlanConsistency';
import type { NicBond, VlanConsistencyInputs } from './checkVlanConsistency';
import { findNodeForHost } from './hostPorts';
import { matchNicsToSwitchPorts, normalizeMac } from './matchNicsToSwitchPorts';
import { difference, format, intersect, parseVlanList, union, vlanSetOf } from './vlanSet';

export type PortImpactCode =
  /** A VLAN a consumer uses now is no longer let through. */
  | 'impact.vlanDropped'
  /** A VLAN a consumer needs was not let through before and still is not. */
  | 'impact.vlanNotAllowed'
  /** The new config lets through a VLAN a consumer needed and did not have. */
  | 'impact.vlanAdded'
  | 'impact.bondPeerMismatch'
  | 'impact.provisioningVlanDropped'
  | 'impact.crossNamespace'
  | 'impact.noSwitchPort'
  | 'impact.unknownSwitch'
  | 'impact.attachmentNotFound'
  | 'impact.noNode';

export interface PortImpactFinding {
  severity: FindingSeverity;
  code: PortImpactCode;
  params: Record<string, string | number>;
}

/** One consumer's VLANs on the changed NIC, split by what the change does to them. */
export interface ImpactNeed {
  consumer: VlanConsumer;
  assumed: boolean;
  vlans: VlanSet;
  kept: VlanSet;
  dropped: VlanSet;
  added: VlanSet;
  missing: VlanSet;
}

export interface PortImpact {
  /** The NIC's name on the node (or in hardware data). */
  nic: string;
  node?: string;
  /** Other members of the bonds the NIC is in. */
  bondPeers: string[];
  needs: ImpactNeed[];
  findings: PortImpactFinding[];
}

export interface PortImpactInputs extends VlanConsistencyInputs {
  /**
   * The provisioning provider network's untagged VLAN (the Ironic CR's
   * `networkingService.providerNetworks`), when known. Otherwise the boot NIC's current native
   * VLAN stands for it.
   */
  provisioningVlan?: number;
  /**
   * No node runs the host (e.g. a CLI check of files): check against a stand-in node built from
   * the host's NICs with every policy applied, and treat every need as assumed.
   */
  standInNode?: boolean;
}

export interface PortChange {
  host: BareMetalHost;
  nic: { name?: string; mac?: string };
  /** The attachment the NIC will reference; undefined is none (provider networks only). */
  attachment?: { name: string; namespace?: string };
  /**
   * What the port carries before the change, when it is not the NIC's current attachment: e.g.
   * the applied config (`status.appliedNetworkAttachmentConfigs`) of a host read from a file whose
   * spec already holds the change. `'none'`: nothing (provider networks only).
   */
  previous?: Pick<SwitchPortConfig, 'mode' | 'nativeVLAN' | 'allowedVLANs'> | 'none';
}

interface PortConfig {
  ref?: ObjectRef;
  hna?: HostNetworkAttachment;
}

const refText = (r: ObjectRef): string => `${r.namespace}/${r.name}`;

/** VLANs a config lets a node send tagged through the port (access mode: none). */
function taggedAllowed(hna: HostNetworkAttachment | undefined): VlanSet {
  if (!hna || hna.spec.mode === 'access') return [];
  const native = typeof hna.spec.nativeVLAN === 'number' ? vlanSetOf([hna.spec.nativeVLAN]) : [];
  const list = Array.isArray(hna.spec.allowedVLANs) ? parseVlanList(hna.spec.allowedVLANs).set : [];
  return union(native, list);
}

function sameConfig(a: HostNetworkAttachment | undefined, b: HostNetworkAttachment | undefined) {
  if (!a || !b) return a === b;
  const allowed = (h: HostNetworkAttachment) =>
    format(Array.isArray(h.spec.allowedVLANs) ? parseVlanList(h.spec.allowedVLANs).set : []);
  return (
    a.spec.mode === b.spec.mode &&
    a.spec.nativeVLAN === b.spec.nativeVLAN &&
    (a.spec.mode === 'access' || allowed(a) === allowed(b)) &&
    a.spec.mtu === b.spec.mtu
  );
}

function findNic(nics: readonly NicPort[], want: { name?: string; mac?: string }) {
  const mac = normalizeMac(want.mac);
  return (
    nics.find((n) => want.name !== undefined && n.name === want.name) ??
    nics.find((n) => mac !== undefined && n.mac === mac)
  );
}

function lower(s: FindingSeverity): FindingSeverity {
  return s === 'error' ? 'warning' : 'info';
}

/** A node for a host that runs none: its hardware NICs, every policy, nothing observed. */
function standIn(
  host: BareMetalHost,
  nics: readonly NicPort[],
  inputs: PortImpactInputs,
): { node: Node; inputs: VlanConsistencyInputs } {
  const node: Node = { metadata: { name: host.metadata.name } };
  const interfaces: NetworkInterface[] = nics.flatMap((n) =>
    n.name ? [{ name: n.name, type: 'ethernet', ...(n.mac ? { 'mac-address': n.mac } : {}) }] : [],
  );
  const nns: NodeNetworkState = {
    metadata: { name: node.metadata.name },
    status: { currentState: { interfaces } },
  };
  return {
    node,
    inputs: {
      ...inputs,
      nodes: [node],
      nodeNetworkStates: [nns],
      // Which policies will select the host's node is unknown: all of them may.
      policies: inputs.policies.map((p) =>
        'nodeSelector' in p.spec ? { ...p, spec: { ...p.spec, nodeSelector: undefined } } : p,
      ),
      pods: undefined,
    },
  };
}

/**
 * The impact of a port change. Severities: a dropped VLAN a policy or a pod's NAD uses is an error
 * (a warning when the NAD use is assumed: no pods known); a missing switch port or switch, a
 * cross-namespace reference, a bond peer on another config and a boot NIC leaving its
 * provisioning VLAN are warnings; a needed VLAN that stays missing is a warning.
 */
export function computePortImpact(change: PortChange, inputs: PortImpactInputs): PortImpact {
  const { host } = change;
  const hostNs = host.metadata.namespace;
  const hd = inputs.hardwareData.find(
    (d) => d.metadata.namespace === hostNs && d.metadata.name === host.metadata.name,
  );
  const matched = matchNicsToSwitchPorts(host, hd, inputs.switches).nics;
  const nicPort = findNic(matched, change.nic);
  const nicName = nicPort?.name ?? change.nic.name ?? normalizeMac(change.nic.mac) ?? '';
  const nicMac = nicPort?.mac ?? normalizeMac(change.nic.mac);
  const findings: PortImpactFinding[] = [];
  const hnaOf = (ref: ObjectRef | undefined) =>
    ref
      ? inputs.hostNetworkAttachments.find(
          (h) => h.metadata.namespace === ref.namespace && h.metadata.name === ref.name,
        )
      : undefined;
  const configOf = (ref: ObjectRef | undefined): PortConfig => {
    const hna = hnaOf(ref);
    return { ...(ref ? { ref } : {}), ...(hna ? { hna } : {}) };
  };
  const before: PortConfig =
    change.previous === undefined
      ? configOf(nicPort?.hostNetworkAttachment)
      : change.previous === 'none'
        ? {}
        : {
            hna: {
              metadata: { name: '', namespace: hostNs },
              spec: {
                mode: change.previous.mode,
                nativeVLAN: change.previous.nativeVLAN ?? 0,
                ...(change.previous.allowedVLANs
                  ? { allowedVLANs: change.previous.allowedVLANs.map(String) }
                  : {}),
              },
            },
          };
  const nextRef = change.attachment
    ? { name: change.attachment.name, namespace: change.attachment.namespace || hostNs }
    : undefined;
  const after = configOf(nextRef);
  const attachment = nextRef ? refText(nextRef) : '';

  if (nextRef) {
    if (!after.hna)
      findings.push({
        severity: 'error',
        code: 'impact.attachmentNotFound',
        params: { attachment },
      });
    if (nextRef.namespace !== hostNs)
      findings.push({
        severity: 'warning',
        code: 'impact.crossNamespace',
        params: { attachment, namespace: nextRef.namespace, hostNamespace: hostNs },
      });
    if (!nicPort?.switchPort)
      findings.push({ severity: 'warning', code: 'impact.noSwitchPort', params: { nic: nicName } });
    else if (!nicPort.switch)
      findings.push({
        severity: 'warning',
        code: 'impact.unknownSwitch',
        params: { nic: nicName, switchID: nicPort.switchPort.switchID },
      });
  }

  // The node's needs on this NIC, traced through bonds, bridges and VLAN interfaces.
  let node = findNodeForHost(
    host,
    inputs.nodes,
    inputs.bareMetalHosts,
    inputs.nodeNetworkStates,
    inputs.hardwareData,
  );
  let needsInputs: VlanConsistencyInputs = inputs;
  let allAssumed = false;
  if (!node && inputs.standInNode) {
    const s = standIn(host, matched, inputs);
    node = s.node;
    needsInputs = s.inputs;
    allAssumed = true;
  }
  const needs: ImpactNeed[] = [];
  let bondPeers: string[] = [];
  let bonds: NicBond[] = [];
  let nodeNics: { name: string; mac?: string }[] = [];
  if (!node) {
    findings.push({
      severity: 'info',
      code: 'impact.noNode',
      params: { host: `${hostNs}/${host.metadata.name}` },
    });
  } else {
    const nodeNeeds = getNodeNicNeeds(node, needsInputs);
    nodeNics = nodeNeeds.nics;
    // The node may name the NIC differently from inspection: the MAC decides then.
    const onNode =
      nodeNics.find((n) => n.name === nicName) ?? nodeNics.find((n) => n.mac && n.mac === nicMac);
    const nodeNicName = onNode?.name ?? nicName;
    bonds = nodeNeeds.bonds.filter((b) => b.ports.includes(nodeNicName));
    bondPeers = [...new Set(bonds.flatMap((b) => b.ports))].filter((p) => p !== nodeNicName);
    const oldAllowed = taggedAllowed(before.hna);
    const newAllowed = taggedAllowed(after.hna);
    const byConsumer = new Map<string, ImpactNeed>();
    for (const n of nodeNeeds.needs) {
      if (n.nic !== nodeNicName) continue;
      const key = `${n.consumer.kind}|${n.consumer.namespace ?? ''}|${n.consumer.name}|${n.consumer.via}`;
      const prev = byConsumer.get(key);
      const vlans = prev ? union(prev.vlans, n.vlans) : n.vlans;
      byConsumer.set(key, {
        consumer: n.consumer,
        assumed: allAssumed || n.assumed,
        vlans,
        kept: intersect(intersect(vlans, oldAllowed), newAllowed),
        dropped: difference(intersect(vlans, oldAllowed), newAllowed),
        added: difference(intersect(vlans, newAllowed), oldAllowed),
        missing: difference(difference(vlans, oldAllowed), newAllowed),
      });
    }
    needs.push(...byConsumer.values());
    for (const need of needs) {
      const c = need.consumer;
      const params = {
        nic: nodeNicName,
        consumerKind: c.kind,
        consumer: c.namespace ? `${c.namespace}/${c.name}` : c.name,
        via: c.via,
        attachment,
      };
      const sev = (s: FindingSeverity) => (need.assumed ? lower(s) : s);
      if (need.dropped.length > 0)
        findings.push({
          severity: sev('error'),
          code: 'impact.vlanDropped',
          params: { ...params, vlans: format(need.dropped) },
        });
      if (need.missing.length > 0 && (nextRef || before.ref || before.hna))
        findings.push({
          severity: sev('warning'),
          code: 'impact.vlanNotAllowed',
          params: { ...params, vlans: format(need.missing) },
        });
      if (need.added.length > 0)
        findings.push({
          severity: 'info',
          code: 'impact.vlanAdded',
          params: { ...params, vlans: format(need.added) },
        });
    }
  }

  // Bond members share the bond's VLANs; a member on another config loses some on failover or
  // for the flows hashed onto it.
  if (bonds.length > 0) {
    for (const bond of bonds)
      for (const peer of bond.ports) {
        if (bondPeers.indexOf(peer) < 0) continue;
        const nodeMac = nodeNics.find((n) => n.name === peer)?.mac;
        const peerPort = findNic(matched, { name: peer, ...(nodeMac ? { mac: nodeMac } : {}) });
        const peerRef = peerPort?.hostNetworkAttachment;
        const same =
          (peerRef && nextRef && refText(peerRef) === refText(nextRef)) ||
          (!peerRef && !nextRef) ||
          sameConfig(hnaOf(peerRef), after.hna);
        if (!same)
          findings.push({
            severity: 'warning',
            code: 'impact.bondPeerMismatch',
            params: {
              nic: nicName,
              bond: bond.name,
              peer,
              peerAttachment: peerRef ? refText(peerRef) : '',
              attachment,
            },
          });
      }
  }

  // The boot NIC (spec.bootMACAddress, the NIC the host provisions through).
  const bootMac = normalizeMac(host.spec?.bootMACAddress);
  if (bootMac !== undefined && bootMac === nicMac && before.hna) {
    const vlan = inputs.provisioningVlan ?? before.hna.spec.nativeVLAN;
    const had = before.hna.spec.nativeVLAN === vlan;
    const keeps = after.hna !== undefined && after.hna.spec.nativeVLAN === vlan;
    if (had && !keeps && (nextRef === undefined || after.hna))
      findings.push({
        severity: 'warning',
        code: 'impact.provisioningVlanDropped',
        params: {
          nic: nicName,
          vlan,
          source: inputs.provisioningVlan !== undefined ? 'providerNetwork' : 'current',
          attachment,
        },
      });
  }

  const rank: Record<FindingSeverity, number> = { error: 0, warning: 1, info: 2 };
  findings.sort((a, b) => rank[a.severity] - rank[b.severity]);
  return {
    nic: nicName,
    ...(node ? { node: node.metadata.name } : {}),
    bondPeers,
    needs,
    findings,
  };
}

/** Errors block a save; warnings need an acknowledgement. */
export function getImpactGate(impact: PortImpact): 'clear' | 'acknowledge' | 'blocked' {
  if (impact.findings.some((f) => f.severity === 'error')) return 'blocked';
  return impact.findings.some((f) => f.severity === 'warning') ? 'acknowledge' : 'clear';
}
