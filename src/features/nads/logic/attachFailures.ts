// Why a pod could not attach a NAD: the kubelet records a FailedCreatePodSandBox event whose
// message wraps Multus' own error in several layers of CRI and shim text. The details page shows
// the Multus part, which is what names the NAD problem (missing plugin, allocation failure…).
import type { Event, Pod } from '../../../shared/model/k8s';
import type { PodNadUsage } from './podNetworks';

export const SANDBOX_FAILURE_REASON = 'FailedCreatePodSandBox';

/** The thick plugin's server prefixes Multus' error with this (multus-cni pkg/server/server.go). */
const NETWORKING_MARKER = 'networking: ';
/**
 * With the thin plugin there is no server: libcni's "plugin type=… failed (add): " wrapper
 * (containernetworking/cni libcni/api.go) comes straight before Multus' error.
 */
const THIN_PLUGIN = /plugin type="multus"(?: name="[^"]*")? failed \(add\): /;

/** The Multus error inside a sandbox-failure message; the whole message when it has no wrapper. */
export function getMultusError(message: string): string {
  const at = message.indexOf(NETWORKING_MARKER);
  const thin = at >= 0 ? null : THIN_PLUGIN.exec(message);
  let inner =
    at >= 0
      ? message.slice(at + NETWORKING_MARKER.length)
      : thin !== null
        ? message.slice(thin.index + thin[0].length)
        : message;
  // The shim quotes its error text and ends it with an escaped newline and the closing quote.
  inner = inner.replace(/(\\n|\n)?'\s*$/, '');
  return inner.trim();
}

export interface AttachFailure {
  pod: Pod;
  /** The Multus error of the newest sandbox failure; undefined when no event was found yet. */
  error?: string;
  /** The full event message, for users who need the CRI context. */
  message?: string;
  count?: number;
  lastSeen?: string;
}

function eventTime(e: Event): string {
  const v = e.lastTimestamp ?? e.firstTimestamp ?? e['eventTime'] ?? e.metadata.creationTimestamp;
  return typeof v === 'string' ? v : '';
}

/**
 * Pods that requested the NAD but have no network-status entry for it, each with the newest
 * FailedCreatePodSandBox event recorded for it (matched by uid when the event has one).
 */
export function getAttachFailures(
  usages: readonly PodNadUsage[],
  events: readonly Event[],
): AttachFailure[] {
  const byPod = new Map<string, Event>();
  for (const e of events) {
    if (e.reason !== SANDBOX_FAILURE_REASON || e.involvedObject.kind !== 'Pod') continue;
    const key = `${e.involvedObject.namespace ?? e.metadata.namespace}/${e.involvedObject.name ?? ''}`;
    const prev = byPod.get(key);
    if (!prev || eventTime(e) >= eventTime(prev)) byPod.set(key, e);
  }
  const out: AttachFailure[] = [];
  for (const u of usages) {
    if (!u.pending) continue;
    const meta = u.pod.metadata;
    const event = byPod.get(`${meta.namespace}/${meta.name}`);
    const sameUid =
      !event?.involvedObject.uid || !meta.uid || event.involvedObject.uid === meta.uid;
    const failure: AttachFailure = { pod: u.pod };
    if (event && sameUid) {
      failure.message = event.message ?? '';
      failure.error = getMultusError(event.message ?? '');
      if (event.count !== undefined) failure.count = event.count;
      const seen = eventTime(event);
      if (seen) failure.lastSeen = seen;
    }
    out.push(failure);
  }
  return out;
}
