// The pod side of a NAD: which NADs a pod asks for (the Multus networks annotation) and which it
// reports (the network-status annotation). Kept apart from the NAD summary so the views that only
// read pods (the pod digest, the switch-port VLAN check on the topology) do not load the CNI
// config parsers and validators with it.
import {
  NETWORK_STATUS_ANNOTATION,
  NETWORKS_ANNOTATION,
  type NetworkAttachmentDefinition,
  type NetworkStatusEntry,
} from '../../../shared/model/nad';
import type { Pod } from '../../../shared/model/k8s';
import type { NetworkStatusView, ParseNetworkStatusResult } from '../model/types';
import { requestedNetworkKeys } from '../../../shared/logic/networkSelection';
import { isRecord } from '../../../shared/logic/isRecord';

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
    if (!isRecord(e) || typeof e.name !== 'string') continue;
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
