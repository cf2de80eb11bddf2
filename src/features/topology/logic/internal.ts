// Which interfaces belong to the cluster network plumbing (OVN-Kubernetes and pods) rather than to
// the administrator's node network. They are folded by default so a node shows its NICs, bonds,
// bridges and VLANs instead of dozens of pod ports.

export interface InterfaceLike {
  name?: unknown;
  type?: unknown;
  state?: unknown;
  controller?: unknown;
  patch?: unknown;
}

/** OVN-Kubernetes integration bridge; everything attached to it is cluster plumbing too. */
const OVN_INTEGRATION_BRIDGE = 'br-int';

/**
 * Host-side names of pod veths: OVN-Kubernetes names them after the first 15 hex characters of
 * the sandbox id, the CNI bridge/ptp plugins use `veth` + 8 hex characters.
 */
const POD_VETH_NAME = /^(?:[0-9a-f]{15}|veth[0-9a-f]{8})$/;

const INTERNAL_PREFIXES = ['ovn-k8s-mp', 'genev_sys_', 'vxlan_sys_'];

/**
 * True for cluster-internal interfaces:
 * - `br-int` and any interface whose controller is `br-int` (pod ports, `ovn-k8s-mp*`, patch ports);
 * - `ovn-k8s-mp*`, `genev_sys_*`, `vxlan_sys_*` (OVN management port and tunnel endpoints);
 * - `patch-*` ports of br-int, recognised from the name or the patch peer (the br-ex side of the
 *   br-ex <-> br-int patch pair is plumbing as well);
 * - pod veths: `veth` interfaces with a pod-like name, or reported with `state: ignore`
 *   (NetworkManager does not manage them);
 * - `ovs-system` (the OVS datapath device) and the loopback `lo`.
 * An ordinary `veth` pair an administrator created through a policy stays visible.
 */
export function isClusterInternalInterface(iface: InterfaceLike): boolean {
  const name = typeof iface.name === 'string' ? iface.name : '';
  if (name === '') return false;
  if (name === OVN_INTEGRATION_BRIDGE || name === 'ovs-system' || name === 'lo') return true;
  if (iface.type === 'loopback') return true;
  if (iface.controller === OVN_INTEGRATION_BRIDGE) return true;
  for (const prefix of INTERNAL_PREFIXES) if (name.startsWith(prefix)) return true;
  if (name.startsWith('patch-')) {
    if (name.includes(OVN_INTEGRATION_BRIDGE)) return true;
    const patch = iface.patch;
    if (typeof patch === 'object' && patch !== null) {
      const peer = (patch as { peer?: unknown }).peer;
      if (typeof peer === 'string' && peer.includes(OVN_INTEGRATION_BRIDGE)) return true;
    }
  }
  if (iface.type === 'veth' && (iface.state === 'ignore' || POD_VETH_NAME.test(name))) return true;
  return false;
}
