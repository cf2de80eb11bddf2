// List-page data: a one-line summary of a NAD's config, the pods' network-status annotation, and
// which pods use a NAD.
import {
  NETWORK_STATUS_ANNOTATION,
  NETWORKS_ANNOTATION,
  type NetworkAttachmentDefinition,
  type NetworkStatusEntry,
} from '../../../shared/model/nad';
import type { Pod } from '../../../shared/model/k8s';
import type { NadSummary, NetworkStatusView, ParseNetworkStatusResult } from '../model/types';
import { int, objAt, str } from './collector';
import { requestedNetworkKeys } from '../../../shared/logic/networkSelection';
import { isJsonObject } from './json';
import { parseCniConfig } from './parseCniConfig';
import { getPluginPools, getPlugins } from './pools';
import { OVN_TYPE } from './validatePlugins';

export function summarizeNad(nad: NetworkAttachmentDefinition): NadSummary {
  const out: NadSummary = { cniTypes: [], subnetsV4: [], subnetsV6: [] };
  const text = nad.spec?.config;
  if (typeof text !== 'string' || text.trim() === '') return { ...out, problem: 'configEmpty' };
  const parsed = parseCniConfig(text);
  if (!parsed.ok)
    return {
      ...out,
      problem: parsed.error.code === 'json.notObject' ? 'configNotObject' : 'configUnparsable',
    };
  const root = parsed.value;
  const plugins = getPlugins(root);
  out.cniTypes = plugins.map((p) => p.type);
  const name = str(root, 'name');
  if (name !== undefined) out.networkName = name;
  const first = plugins[0];
  if (!first) return out;
  out.primaryType = first.type;
  const ipamType = str(objAt(first.obj, 'ipam'), 'type');
  if (ipamType) out.ipamType = ipamType;
  const o = first.obj;
  if (first.type === OVN_TYPE) {
    const topology = str(o, 'topology');
    if (topology !== undefined) out.topology = topology;
    if (topology === 'localnet')
      out.physicalNetwork = str(o, 'physicalNetworkName') ?? name ?? nad.metadata.name;
  }
  const vlan = int(o, 'vlan') ?? int(o, 'vlanId') ?? int(o, 'vlanID');
  if (vlan !== undefined) out.vlan = vlan;
  const master = str(o, 'master') ?? str(o, 'device');
  if (master !== undefined) out.master = master;
  const bridge = str(o, 'bridge');
  if (bridge !== undefined) out.bridge = bridge;
  for (const pool of plugins.flatMap(getPluginPools)) {
    const list = pool.network.family === 4 ? out.subnetsV4 : out.subnetsV6;
    if (!list.includes(pool.text)) list.push(pool.text);
  }
  return out;
}

const NIL = '<nil>';

export function parseNetworkStatus(pod: Pod): ParseNetworkStatusResult {
  const raw = pod.metadata.annotations?.[NETWORK_STATUS_ANNOTATION];
  if (raw === undefined) return { ok: false, reason: 'missing' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'invalidJson' };
  }
  if (!Array.isArray(value)) return { ok: false, reason: 'notArray' };
  const entries: NetworkStatusView[] = [];
  for (const e of value as unknown[]) {
    if (!isJsonObject(e) || typeof e.name !== 'string') continue;
    const entry = e as NetworkStatusEntry;
    const strings = (v: unknown): string[] =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    const gateways = strings(entry.gateway);
    const view: NetworkStatusView = {
      name: entry.name,
      ips: strings(entry.ips),
      default: entry.default === true,
      gateways,
      nilGateway: gateways.includes(NIL),
    };
    if (typeof entry.interface === 'string') view.interface = entry.interface;
    if (typeof entry.mac === 'string') view.mac = entry.mac;
    entries.push(view);
  }
  return { ok: true, entries };
}

/**
 * `ns/name` references from the networks annotation, parsed as Multus parses it; an annotation
 * Multus rejects requests nothing (the pod's sandbox fails before any attachment).
 */
export function getRequestedNetworks(pod: Pod): string[] {
  return requestedNetworkKeys(
    pod.metadata.annotations?.[NETWORKS_ANNOTATION],
    pod.metadata.namespace,
  );
}

export interface PodNadUsage {
  pod: Pod;
  /** The pod's network-status entries for this NAD (one per interface). */
  status: NetworkStatusView[];
  /** Requested in the networks annotation but no status entry: the attachment may have failed. */
  pending: boolean;
}

export function getPodsUsingNad(
  pods: readonly Pod[],
  nad: NetworkAttachmentDefinition,
): PodNadUsage[] {
  const key = `${nad.metadata.namespace}/${nad.metadata.name}`;
  const out: PodNadUsage[] = [];
  for (const pod of pods) {
    const requested = getRequestedNetworks(pod).includes(key);
    const st = parseNetworkStatus(pod);
    const status = st.ok ? st.entries.filter((e) => e.name === key) : [];
    if (requested || status.length > 0)
      out.push({ pod, status, pending: requested && status.length === 0 });
  }
  return out;
}
