// What the nmstate handler recorded on an enactment while it worked, as the policy details show it
// per node. Field meanings follow kubernetes-nmstate api/v1beta1 nodenetworkconfigurationenactment
// types and pkg/enactmentstatus: `desiredState` is the state after the capture templates were
// resolved for that node (nmstatectl policy), `capturedStates` caches each capture with
// `metaInfo.{version,time}`, `features` lists what nmstatectl reported using, and `retryCount` counts
// failed applies per policy generation (the handler gives up after 5).
import type { K8sResource } from '../../../shared/model/k8s';
import type {
  NetworkState,
  NodeNetworkConfigurationEnactment,
  NodeNetworkState,
} from '../../../shared/model/nmstate';

export interface CapturedStateView {
  name: string;
  state: NetworkState | undefined;
  /** metaInfo.time as the handler wrote it, when it is a string. */
  time: string | undefined;
  /** metaInfo.version, when it is a string. */
  version: string | undefined;
}

export interface HandlerOutput {
  /** The generation these results belong to (status.policyGeneration). */
  generation: number | undefined;
  /** Failed applies of that generation, 0 when the handler recorded none. */
  retries: number;
  features: string[];
  desiredState: NetworkState | undefined;
  captures: CapturedStateView[];
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : undefined;

const isState = (v: unknown): v is NetworkState =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads the handler's output off an enactment; anything malformed is left out, never thrown on. */
export function getHandlerOutput(nnce: NodeNetworkConfigurationEnactment): HandlerOutput {
  const status = nnce.status ?? {};
  const generation =
    typeof status.policyGeneration === 'number' ? status.policyGeneration : undefined;
  const counts: unknown = status.retryCount;
  let retries = 0;
  if (generation !== undefined && typeof counts === 'object' && counts !== null) {
    const n: unknown = Object.getOwnPropertyDescriptor(counts, String(generation))?.value;
    if (typeof n === 'number' && Number.isFinite(n) && n > 0) retries = n;
  }
  const features = Array.isArray(status.features)
    ? status.features.filter((f): f is string => typeof f === 'string')
    : [];
  const captures: CapturedStateView[] = [];
  const raw: unknown = status.capturedStates;
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    for (const [name, entry] of Object.entries(raw as Record<string, unknown>)) {
      if (typeof entry !== 'object' || entry === null) continue;
      const e = entry as { state?: unknown; metaInfo?: unknown };
      const meta = (typeof e.metaInfo === 'object' && e.metaInfo !== null ? e.metaInfo : {}) as {
        time?: unknown;
        version?: unknown;
      };
      captures.push({
        name,
        state: isState(e.state) ? e.state : undefined,
        time: text(meta.time),
        version: text(meta.version),
      });
    }
    captures.sort((a, b) => a.name.localeCompare(b.name));
  }
  return {
    generation,
    retries,
    features,
    desiredState: isState(status.desiredState) ? status.desiredState : undefined,
    captures,
  };
}

export interface NodeStateHandlerInfo {
  lastSuccessfulUpdateTime: string | undefined;
  /** e.g. "nmstatectl 2.2.12" as the handler reports it. */
  nmstateVersion: string | undefined;
  handlerNetworkManagerVersion: string | undefined;
  hostNetworkManagerVersion: string | undefined;
}

/**
 * The handler's report about itself on a NodeNetworkState (kubernetes-nmstate
 * api/v1beta1/nodenetworkstate_types.go): when it last refreshed the state and which nmstate and
 * NetworkManager versions it and the host run.
 */
export function getNodeStateHandlerInfo(nns: K8sResource): NodeStateHandlerInfo {
  const s = (
    typeof nns['status'] === 'object' && nns['status'] !== null ? nns['status'] : {}
  ) as Partial<Record<keyof NonNullable<NodeNetworkState['status']>, unknown>>;
  return {
    lastSuccessfulUpdateTime: text(s.lastSuccessfulUpdateTime),
    nmstateVersion: text(s.handlerNmstateVersion),
    handlerNetworkManagerVersion: text(s.handlerNetworkManagerVersion),
    hostNetworkManagerVersion: text(s.hostNetworkManagerVersion),
  };
}
