import type { DnsConfig, NetworkState, Route } from '../../../shared/model/nmstate';
import type { Finding } from './finding';
import type { SettingsPreviewLine } from './settingsPreview';

export interface PreviewInterfaceRef {
  name: string;
  type?: string;
}

export interface PreviewInterfaceChange extends PreviewInterfaceRef {
  /** Dotted paths of the changed keys. */
  fields: string[];
}

export type NodePreviewStatus =
  /** The policy would apply (possibly with no change at all). */
  | 'ok'
  /** No NodeNetworkState for the node yet: nothing to compare with. */
  | 'noState'
  /** nmpolicy captures could not be resolved on this node. */
  | 'captureFailed'
  /** nmstate (or a probe) would fail on this node. */
  | 'applyFailed';

export interface NodePreview {
  node: string;
  status: NodePreviewStatus;
  interfaces: {
    created: PreviewInterfaceRef[];
    changed: PreviewInterfaceChange[];
    removed: PreviewInterfaceRef[];
  };
  routes: { added: Route[]; removed: Route[] };
  dns: { changed: boolean; before: DnsConfig | null; after: DnsConfig | null };
  /** The applier's error, with nmstate-like wording (`NmstateError: …`) and a code. */
  predictedFailure: { code: string; message: string; interface?: string } | null;
  captureError: { code: string; message: string; position?: number } | null;
  /** The desired state after captures were substituted for this node. */
  resolvedDesiredState: NetworkState | null;
  /** Findings of validatePolicy that name this node. */
  warnings: Finding[];
  /** True when the node is already in the desired state. */
  unchanged: boolean;
  /** Other sections the policy changes that the preview has no lines for (ovn, ovs-db). */
  otherChanges?: ('route-rules' | 'ovn' | 'ovs-db' | 'hostname')[];
  /** Route rules, hostname, LLDP, ethtool and SR-IOV changes (logic/settingsPreview.ts). */
  settings?: SettingsPreviewLine[];
  /** The captures came from the node's enactment (`capturedStates`), as the handler uses them. */
  capturesCached?: boolean;
}

export interface PolicyPreview {
  nodes: NodePreview[];
  /** All findings of the policy (not only node-specific ones). */
  findings: Finding[];
}
