// Switch-port vocabulary: VLAN sets, port phases, NIC-to-port rows, findings and cross-layer
// mismatches. Plain data; components translate `code` with `t()` and interpolate `params`.
import type { K8sResource, ObjectMeta } from '../../../shared/model/k8s';

/** An inclusive VLAN id range. */
export interface VlanRange {
  readonly min: number;
  readonly max: number;
}

/** Sorted, disjoint, non-adjacent ranges of VLAN ids (1–4094). Build with `vlanSetOf`. */
export type VlanSet = readonly VlanRange[];

export type VlanListIssueCode =
  'vlan.syntax' | 'vlan.outOfRange' | 'vlan.reversedRange' | 'vlan.singletonRange' | 'vlan.overlap';

export interface VlanListIssue {
  code: VlanListIssueCode;
  /** Index of the offending entry (array input) or term (comma list). */
  index: number;
  params: Record<string, string | number>;
}

export interface ParseVlanListResult {
  ok: boolean;
  /** The ids of every valid term, even when other terms failed. */
  set: VlanSet;
  errors: VlanListIssue[];
  warnings: VlanListIssue[];
}

/**
 * Where Ironic keeps the switch port (upstream Ironic standalone networking). `rescuing` has a
 * provider network in the Ironic resource, but baremetal-operator never rescues a host.
 */
export type PortPhase =
  | 'idle'
  | 'inspection'
  | 'provisioning'
  | 'cleaning'
  | 'servicing'
  | 'rescuing'
  | 'tenant'
  | 'unknown';

export type FindingSeverity = 'error' | 'warning' | 'info';

/** Structurally compatible with the other features' findings. */
export interface Finding {
  severity: FindingSeverity;
  code: string;
  /** Dotted path into the validated object, e.g. `spec.allowedVLANs[2]`. */
  path: string;
  params: Record<string, string | number>;
}

export interface ObjectRef {
  namespace: string;
  name: string;
}

export type NicNoteCode =
  | 'bmh.noHardwareData'
  | 'nic.noSwitchPort'
  | 'nic.unknownSwitch'
  | 'nic.noAttachment'
  | 'networkInterface.unmatched'
  | 'networkInterface.ambiguous';

export interface NicNote {
  code: NicNoteCode;
  params: Record<string, string | number>;
}

/** One NIC of a host and the switch port it is cabled to. */
export interface NicPort {
  name?: string;
  /** Lower-case, colon separated. */
  mac?: string;
  speedGbps?: number;
  pxe?: boolean;
  /** Addresses from inspection (dual-stack hosts report one NIC entry per address). */
  ips: string[];
  switchPort?: {
    /** Lower-case MAC (or datapath id) of the switch. */
    switchID: string;
    portID: string;
    systemName?: string;
    /** `override` from `spec.networkInterfaces[].switchPort`, else `lldp` from inspection. */
    source: 'override' | 'lldp';
  };
  /** The BareMetalSwitch whose `spec.macAddress` equals the switch id. */
  switch?: ObjectRef;
  hostNetworkAttachment?: ObjectRef;
  /** Index in `spec.networkInterfaces`, when an entry matches this NIC. */
  networkInterfaceIndex?: number;
  /** VLANs the switch advertised over LLDP during inspection, and its untagged VLAN. */
  lldpVlans: number[];
  untaggedVlan?: number;
  notes: NicNote[];
}

export interface NicPortMatch {
  nics: NicPort[];
  notes: NicNote[];
}

/** Minimal Secret shape: only what credential checks read. */
export interface SecretLike extends K8sResource {
  metadata: ObjectMeta & { name: string; namespace?: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

export type MismatchCode =
  | 'vlan.notAllowedOnPort'
  | 'vlan.notSeenByLldp'
  | 'vlan.accessModeTagged'
  | 'port.noAttachment'
  | 'port.unknownSwitch'
  | 'node.noHost'
  | 'nic.noSwitchPort';

/** What needs a VLAN on a node. */
export interface VlanConsumer {
  kind: 'policy' | 'nad';
  name: string;
  namespace?: string;
  /** The interface (policy) or CNI plugin field (NAD) that asks for it. */
  via: string;
}

export interface VlanMismatch {
  code: MismatchCode;
  severity: FindingSeverity;
  node: string;
  host?: ObjectRef;
  nic?: string;
  switch?: ObjectRef;
  switchID?: string;
  port?: string;
  vlan?: number;
  consumer?: VlanConsumer;
  /**
   * Everything a message needs, flat: `vlan`, `consumerKind`, `consumer` (`ns/name` or name),
   * `via`, `nic`, `port`, `switch` (BMS name, else LLDP system name, else switch id), `node`,
   * `host`, `mode`.
   */
  params: Record<string, string | number>;
}
