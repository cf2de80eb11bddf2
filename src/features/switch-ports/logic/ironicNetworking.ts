// How the Ironic standalone networking service and baremetal-operator treat a host's switch
// ports, read from the cluster: the provider networks of the `Ironic` resource, the host's
// `NetworkInterfacesValid` condition, and what `appliedNetworkAttachmentConfigs` means in each
// state. Upstream is provisional (metal3-docs design/ironic-standalone-networking-service.md) and
// the status fields are the open BMO PR #3470 (head b927f9636); see the comments per rule.
import type {
  BareMetalHost,
  IronicResource,
  ProviderNetworkType,
  SwitchPortConfig,
} from '../../../shared/model/metal3';
import { PROVIDER_NETWORK_TYPES } from '../../../shared/model/metal3';
import type { PortPhase } from '../model/types';
import { ids, parseVlanList } from './vlanSet';

export interface ProviderNetworks {
  /** The Ironic resource read; undefined when the cluster has none with the service enabled. */
  source?: { namespace: string; name: string };
  networks: Partial<Record<ProviderNetworkType, SwitchPortConfig>>;
}

/**
 * The provider networks of the first `Ironic` resource (by namespace/name) with
 * `spec.networkingService.enabled` (ironic-standalone-operator api/v1alpha1/ironic_types.go
 * `NetworkingService.ProviderNetworks`; IrSO runs one Ironic per cluster).
 */
export function readProviderNetworks(ironics: readonly IronicResource[]): ProviderNetworks {
  const ironic = [...ironics]
    .filter((i) => i.spec?.networkingService?.enabled === true)
    .sort((a, b) =>
      `${a.metadata.namespace}/${a.metadata.name}`.localeCompare(
        `${b.metadata.namespace}/${b.metadata.name}`,
      ),
    )[0];
  if (ironic === undefined) return { networks: {} };
  const networks: Partial<Record<ProviderNetworkType, SwitchPortConfig>> = {};
  for (const pn of ironic.spec?.networkingService?.providerNetworks ?? []) {
    const type = PROVIDER_NETWORK_TYPES.find((t) => t === pn.type);
    if (type === undefined || typeof pn.nativeVLAN !== 'number') continue;
    const mode = pn.mode === 'trunk' || pn.mode === 'hybrid' ? pn.mode : 'access';
    const allowed = Array.isArray(pn.allowedVLANs) ? ids(parseVlanList(pn.allowedVLANs).set) : [];
    networks[type] = {
      mode,
      nativeVLAN: pn.nativeVLAN,
      ...(allowed.length === 0 ? {} : { allowedVLANs: allowed }),
      ...(typeof pn.mtu === 'number' && pn.mtu > 0 ? { mtu: pn.mtu } : {}),
    };
  }
  return {
    source: { namespace: ironic.metadata.namespace, name: ironic.metadata.name },
    networks,
  };
}

/** The phases the page explains, in lifecycle order. */
export const EXPLAINED_PHASES = [
  'idle',
  'inspection',
  'provisioning',
  'tenant',
  'cleaning',
  'servicing',
  'rescuing',
] as const satisfies readonly PortPhase[];

export type ExplainedPhase = (typeof EXPLAINED_PHASES)[number];

export type PhaseNetwork =
  /** The tenant phase: each port carries its own applied HostNetworkAttachment config. */
  | { kind: 'tenant' }
  | { kind: 'configured'; config: SwitchPortConfig }
  /** The Ironic resource does not configure this provider network. */
  | { kind: 'notConfigured' }
  /** No Ironic resource with the networking service: the VLANs are not known. */
  | { kind: 'unknown' };

export function phaseNetwork(phase: ExplainedPhase, provider: ProviderNetworks): PhaseNetwork {
  if (phase === 'tenant') return { kind: 'tenant' };
  if (provider.source === undefined) return { kind: 'unknown' };
  const config = provider.networks[phase];
  return config === undefined ? { kind: 'notConfigured' } : { kind: 'configured', config };
}

export type NetworkInterfacesReason =
  | 'HardwareInspectionIncomplete'
  | 'InvalidInterfaceNames'
  | 'AttachmentNamespaceDenied'
  | 'AttachmentNotFound'
  | 'AllInterfacesValid'
  | 'other';

export interface NetworkInterfacesValidity {
  status: 'True' | 'False' | 'Unknown';
  reason: NetworkInterfacesReason;
  /** The controller's own message, shown as is (upstream wording, English). */
  message: string;
}

const REASONS: readonly NetworkInterfacesReason[] = [
  'HardwareInspectionIncomplete',
  'InvalidInterfaceNames',
  'AttachmentNamespaceDenied',
  'AttachmentNotFound',
  'AllInterfacesValid',
];

/**
 * The host's `NetworkInterfacesValid` condition (BMO PR #3470 baremetalhost_network.go). Absent
 * when the host names no network interfaces, and on clusters without the PR.
 */
export function networkInterfacesValidity(
  bmh: BareMetalHost,
): NetworkInterfacesValidity | undefined {
  const c = bmh.status?.conditions?.find((x) => x.type === 'NetworkInterfacesValid');
  if (c === undefined) return undefined;
  const status = c.status === 'True' || c.status === 'False' ? c.status : 'Unknown';
  return {
    status,
    reason: REASONS.find((r) => r === c.reason) ?? 'other',
    message: c.message ?? '',
  };
}

/**
 * Whether provisioning waits on the condition: BMO PR #3470 host_state_machine.go
 * handleAvailable blocks available → provisioning unless it is True (missing counts as not True)
 * whenever `spec.networkInterfaces` is set.
 */
export function provisioningBlocked(bmh: BareMetalHost): boolean {
  if ((bmh.spec?.networkInterfaces ?? []).length === 0) return false;
  return networkInterfacesValidity(bmh)?.status !== 'True';
}

/**
 * What an applied config means for the port now. BMO writes `port.extra.switchport` (and the
 * applied list) only while the host is registering or available (PR #3470
 * provisioner.go CanUpdateSwitchPortConfig); Ironic puts it on the switch at deploy and takes it
 * off when the host leaves the tenant network.
 */
export type AppliedReading =
  /** The port is on its tenant config: what is applied is on the switch. */
  | 'onSwitch'
  /** Being deployed: Ironic moves the port to the applied config at the end of the deploy. */
  | 'atDeployEnd'
  /** Stored in Ironic, not on the switch: the next deploy puts it there. */
  | 'atNextDeploy';

export function readApplied(phase: PortPhase, state: string): AppliedReading {
  if (phase === 'tenant') return 'onSwitch';
  if (state === 'provisioning') return 'atDeployEnd';
  return 'atNextDeploy';
}

/**
 * When a change to a host's attachments reaches its switch ports (BMO PR #3470: Ironic ports are
 * updated only in registering/available; the proposal makes reconfiguring a deployed host a
 * non-goal; an in-use HostNetworkAttachment is immutable).
 */
export type ChangeTiming =
  /** Written into Ironic now; on the switch at the next deploy. */
  | 'nextDeploy'
  /** Written into Ironic when the host reaches available (it is on its way there). */
  | 'whenAvailable'
  /** Deployed: waits until the host is deprovisioned back to available, then the next deploy. */
  | 'afterDeprovision'
  /** No Ironic node (not registered, unmanaged or detached): written once it registers. */
  | 'whenRegistered';

export function changeTiming(bmh: BareMetalHost): ChangeTiming {
  const state = bmh.status?.provisioning?.state ?? '';
  if (bmh.status?.operationalStatus === 'detached') return 'whenRegistered';
  switch (state) {
    case 'registering':
    case 'available':
    case 'ready':
      return 'nextDeploy';
    case 'provisioning':
    case 'provisioned':
    case 'externally provisioned':
      return 'afterDeprovision';
    case '':
    case 'unmanaged':
      return 'whenRegistered';
    default:
      return 'whenAvailable';
  }
}
