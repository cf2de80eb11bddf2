// Cluster-aware and cross-NAD rules (nad-validation.md §5.8 OVN-SHARED-NAME/OVN-PHYSNET, §5.9).
// Everything here reads the prepared ValidationContext; nothing is fetched.
import { contains, getSpecialRanges, overlaps } from '../../../shared/net/cidr';
import type { NadPool, NodeAddress } from '../model/types';
import { int, str, type RuleEnv } from './collector';
import { getNadKey, getOvnSettings, getPoolScope } from './context';
import { joinPath } from './json';
import { getPluginPools, type ConfigPool, type PluginRef } from './pools';
import { OVN_TYPE, SRIOV_RESOURCE_ANNOTATION, getNodeInterface } from './validatePlugins';

/** Any NAD may name the device-plugin resource its pods need (SR-IOV pools, bridge markers). */
const RESOURCE_NAME_ANNOTATION = SRIOV_RESOURCE_ANNOTATION;

const MAX_PARTNERS = 3;
const MAX_LISTED_NODES = 5;

function listNodes(nodes: string[]): Record<string, string | number> {
  const shown = nodes.slice(0, MAX_LISTED_NODES).join(', ');
  return { nodes: nodes.length > MAX_LISTED_NODES ? `${shown}, …` : shown, count: nodes.length };
}

function checkSpecialRanges(env: RuleEnv, pool: ConfigPool): void {
  const seen = new Set<string>();
  for (const s of getSpecialRanges(pool.network)) {
    if (seen.has(s.kind)) continue;
    seen.add(s.kind);
    const params = { value: pool.text, range: s.text, kind: s.kind };
    if (s.kind === 'documentation' || s.kind === 'sharedAddressSpace')
      env.c.info('cluster.documentationRange', pool.path, params);
    else env.c.error('cluster.specialRange', pool.path, params);
  }
}

function checkClusterRanges(env: RuleEnv, plugin: PluginRef, pool: ConfigPool): void {
  const ctx = env.ctx;
  if (!ctx) return;
  const topology = str(plugin.obj, 'topology');
  const ovnRouted = plugin.type === OVN_TYPE && (topology === 'layer2' || topology === 'layer3');
  for (const r of ctx.clusterRanges) {
    if (!overlaps(r.cidr, pool.network)) continue;
    const params = { value: pool.text, range: r.text, kind: r.kind, source: r.source };
    if (r.kind === 'pod') env.c.error('cluster.podNetworkOverlap', pool.path, params);
    else if (r.kind === 'service') env.c.error('cluster.serviceNetworkOverlap', pool.path, params);
    else if (ovnRouted) env.c.error('cluster.internalOverlap', pool.path, params);
    else env.c.warn('cluster.internalOverlap', pool.path, params);
  }
}

function checkCrossNad(env: RuleEnv, pool: ConfigPool): void {
  const index = env.ctx?.nadIndex;
  if (!index) return;
  const ns = env.nad.metadata.namespace;
  const scope = getPoolScope(pool, ns);
  if (!scope) return;
  const list = index.pools.get(`${scope}|${pool.allocation.family}`);
  if (!list) return;
  const own = getNadKey(env.nad);
  const seen = new Set<string>();
  let reported = 0;
  const networkName = pool.networkName ?? '';
  list.query(pool.allocation.start, pool.allocation.end, (other: NadPool) => {
    if (other.nadKey === own || seen.has(other.nadKey)) return true;
    seen.add(other.nadKey);
    const params = { value: pool.text, other: other.nadKey, otherRange: other.text };
    if (pool.ipamType === 'whereabouts' && other.ipamType === 'whereabouts') {
      const sameName = (other.networkName ?? '') === networkName;
      const identical =
        other.range.start === pool.allocation.start && other.range.end === pool.allocation.end;
      if (sameName && identical) env.c.info('cluster.whereaboutsSharedPool', pool.path, params);
      else if (!sameName)
        env.c.warn('cluster.whereaboutsOverlap', pool.path, { ...params, reason: 'networkName' });
      else if (pool.overlappingEnabled === false || other.overlappingEnabled === false) {
        env.c.warn('cluster.whereaboutsOverlap', pool.path, {
          ...params,
          reason: 'overlappingDisabled',
        });
      } else return true;
    } else env.c.warn('cluster.nadOverlap', pool.path, params);
    reported++;
    return reported < MAX_PARTNERS;
  });
}

function checkOvnNetwork(env: RuleEnv, plugin: PluginRef): void {
  const ctx = env.ctx;
  if (!ctx) return;
  const name = str(plugin.obj, 'name') ?? str(env.root, 'name') ?? env.nad.metadata.name;
  const entries = ctx.nadIndex?.ovnNetworks
    .get(name)
    ?.filter((e) => e.nadKey !== getNadKey(env.nad));
  const namePath = joinPath(plugin.path, 'name');
  if (entries && entries.length > 0) {
    const mine = getOvnSettings(plugin);
    const conflict = entries.find((e) =>
      Object.keys({ ...mine, ...e.settings }).some((k) => e.settings[k] !== mine[k]),
    );
    if (conflict) {
      const keys = Object.keys({ ...mine, ...conflict.settings }).filter(
        (k) => conflict.settings[k] !== mine[k],
      );
      env.c.error('ovn.sharedNameConflict', namePath, {
        name,
        other: conflict.nadKey,
        keys: keys.join(', '),
      });
    } else
      env.c.warn('ovn.sharedName', namePath, {
        name,
        other: entries[0]?.nadKey ?? '',
        count: entries.length,
      });
  }
  if (str(plugin.obj, 'topology') === 'localnet') {
    const phys = str(plugin.obj, 'physicalNetworkName') ?? name;
    const physPath =
      plugin.obj.physicalNetworkName !== undefined
        ? joinPath(plugin.path, 'physicalNetworkName')
        : namePath;
    if (!ctx.bridgeMappings) env.c.info('ovn.physicalNetworkUnverified', physPath, { value: phys });
    else if (!ctx.bridgeMappings.has(phys))
      env.c.warn('ovn.physicalNetworkNotMapped', physPath, { value: phys });
  }
}

/** Plugins whose kernel device registers a receive handler on `master` (macvlan.c, ipvlan_main.c). */
const RX_HANDLER_PLUGINS = new Set(['macvlan', 'ipvlan']);

/**
 * What the nodes' interfaces say about the device a plugin attaches to.
 *
 * A `master` or `device` missing on a node fails every pod scheduled there ("failed to lookup
 * master": containernetworking/plugins plugins/main/macvlan/macvlan.go, ipvlan/ipvlan.go); missing
 * on every node it can never work, so that is an error. The bridge plugin creates a missing bridge,
 * so a bridge name stays a warning.
 */
function checkNodeInterfaces(env: RuleEnv, plugin: PluginRef): void {
  const nodes = env.ctx?.nodeInterfaces;
  const iface = getNodeInterface(plugin);
  if (!nodes || !iface || nodes.size === 0) return;
  const missing: string[] = [];
  const tooSmall: string[] = [];
  const defaultRoute: string[] = [];
  const ovsPort: string[] = [];
  let ovsBridge = '';
  const mtu = int(plugin.obj, 'mtu');
  let smallest = Infinity;
  for (const [node, ifaces] of nodes) {
    const info = ifaces.get(iface.name);
    if (!info) {
      missing.push(node);
      continue;
    }
    if (iface.key === 'master' && RX_HANDLER_PLUGINS.has(plugin.type)) {
      if (info.defaultRoute) defaultRoute.push(node);
      if (info.ovsBridge !== undefined) {
        ovsPort.push(node);
        ovsBridge ||= info.ovsBridge;
      }
    }
    if (
      iface.key === 'master' &&
      mtu !== undefined &&
      mtu > 0 &&
      info.mtu !== undefined &&
      mtu > info.mtu
    ) {
      tooSmall.push(node);
      smallest = Math.min(smallest, info.mtu);
    }
  }
  const p = joinPath(plugin.path, iface.key);
  if (missing.length > 0) {
    const params = { key: iface.key, name: iface.name, total: nodes.size, ...listNodes(missing) };
    if (missing.length === nodes.size && iface.key !== 'bridge')
      env.c.error('cluster.interfaceMissing', p, params);
    else env.c.warn('cluster.interfaceMissing', p, params);
  }
  if (defaultRoute.length > 0) {
    env.c.warn('cluster.masterDefaultRoute', p, {
      name: iface.name,
      plugin: plugin.type,
      ...listNodes(defaultRoute),
    });
  }
  if (ovsPort.length > 0) {
    // The openvswitch datapath already holds the port's receive handler, so the kernel refuses a
    // macvlan or ipvlan on it with EBUSY (net/core/dev.c netdev_rx_handler_register). Where the
    // name is an OVS port on every node that has it, no pod can attach: an error.
    const present = nodes.size - missing.length;
    const params = {
      name: iface.name,
      plugin: plugin.type,
      bridge: ovsBridge,
      ...listNodes(ovsPort),
    };
    if (ovsPort.length === present) env.c.error('cluster.masterOvsPort', p, params);
    else env.c.warn('cluster.masterOvsPort', p, params);
  }
  if (tooSmall.length > 0) {
    env.c.warn('cluster.mtuAboveInterface', joinPath(plugin.path, 'mtu'), {
      mtu: mtu ?? 0,
      interfaceMtu: smallest,
      name: iface.name,
      ...listNodes(tooSmall),
    });
  }
}

function checkSharedMaster(env: RuleEnv, plugin: PluginRef): void {
  const masters = env.ctx?.nadIndex?.masters;
  const iface = getNodeInterface(plugin);
  if (!masters || iface?.key !== 'master') return;
  const otherType =
    plugin.type === 'macvlan' ? 'ipvlan' : plugin.type === 'ipvlan' ? 'macvlan' : undefined;
  const other = otherType ? masters.get(iface.name)?.get(otherType) : undefined;
  if (other && other !== getNadKey(env.nad)) {
    env.c.warn('cluster.masterShared', joinPath(plugin.path, 'master'), {
      name: iface.name,
      other,
      otherType: otherType ?? '',
    });
  }
}

/**
 * A pool that could hand a pod an address a node already holds: the pod and the node would answer
 * for the same address on that network. Overlapping the node's subnet alone is not reported: a NAD
 * on a host VLAN or a localnet on the machine network shares the nodes' subnet by design, with the
 * node addresses left out of its range.
 */
function checkNodeAddresses(env: RuleEnv, pool: ConfigPool): void {
  const list = env.ctx?.nodeAddresses?.get(pool.allocation.family);
  if (!list || list.length === 0) return;
  const { start, end } = pool.allocation;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as NodeAddress).value < start) lo = mid + 1;
    else hi = mid;
  }
  const hits: NodeAddress[] = [];
  for (let i = lo; i < list.length; i++) {
    const a = list[i] as NodeAddress;
    if (a.value > end) break;
    const ip = { family: pool.allocation.family, value: a.value };
    if (pool.reserved?.some((r) => contains(r, ip))) continue;
    hits.push(a);
  }
  const first = hits[0];
  if (!first) return;
  const nodes = [...new Set(hits.map((h) => h.node))];
  env.c.warn('cluster.nodeAddressInRange', pool.path, {
    value: pool.text,
    address: first.text,
    node: first.node,
    interface: first.iface,
    addresses: hits.length,
    ...listNodes(nodes),
  });
}

/**
 * A NAD that asks for an extended resource (`k8s.v1.cni.cncf.io/resourceName`) no node offers:
 * Multus adds the request to every pod using it, so those pods stay Pending.
 */
function checkResourceOffered(env: RuleEnv): void {
  const offered = env.ctx?.extendedResources;
  const resource = env.nad.metadata.annotations?.[RESOURCE_NAME_ANNOTATION];
  if (!offered || !resource) return;
  if ((offered.get(resource) ?? 0) > 0) return;
  const known = [...offered.keys()].filter((k) => k.split('/')[0] === resource.split('/')[0]);
  env.c.warn('cluster.resourceNotOffered', 'metadata.annotations', {
    resource,
    known: known.length > 0 ? known.sort().join(', ') : '-',
  });
}

export function validateCluster(env: RuleEnv): void {
  checkResourceOffered(env);
  for (const plugin of env.plugins) {
    for (const pool of getPluginPools(plugin)) {
      checkSpecialRanges(env, pool);
      checkClusterRanges(env, plugin, pool);
      checkCrossNad(env, pool);
      checkNodeAddresses(env, pool);
    }
    if (plugin.type === OVN_TYPE) checkOvnNetwork(env, plugin);
    checkNodeInterfaces(env, plugin);
    checkSharedMaster(env, plugin);
  }
}
