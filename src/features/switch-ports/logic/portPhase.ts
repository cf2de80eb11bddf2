// Which network Ironic keeps a host's switch ports on, derived from the BareMetalHost state.
// Upstream Ironic standalone networking: ports sit on the idle network while the node is unused,
// move to the inspection/cleaning/provisioning (and servicing) networks during those phases and
// to the tenant configuration (the HostNetworkAttachment) once the host is deployed.
import type { BareMetalHost } from '../../../shared/model/metal3';
import type { PortPhase } from '../model/types';

const BY_PROVISIONING_STATE: Readonly<Record<string, PortPhase>> = {
  // Not registered with Ironic yet: nothing moves the port, it is wherever it was cabled/set.
  '': 'unknown',
  // No BMC credentials, so no Ironic node: Ironic does not manage the port.
  unmanaged: 'unknown',
  // Enrolled in Ironic; an enrolled, unused node is on the idle network.
  registering: 'idle',
  inspecting: 'inspection',
  // Legacy state between inspection and ready; nothing runs on the host.
  'match profile': 'idle',
  // Manual cleaning (RAID, firmware settings) runs as Ironic clean steps on the cleaning network.
  preparing: 'cleaning',
  ready: 'idle',
  available: 'idle',
  provisioning: 'provisioning',
  provisioned: 'tenant',
  // Adoption runs no deploy, and BMO writes port configs only in registering/available (BMO PR
  // #3470), so Ironic never moved these ports: where they are is not known from the API.
  'externally provisioned': 'unknown',
  // Deprovisioning runs automated cleaning, on the cleaning network (unless cleaning is
  // disabled, see getPortPhase).
  deprovisioning: 'cleaning',
  // After deprovisioning the port went back to idle; deletion does not move it again.
  'powering off before delete': 'idle',
  deleting: 'idle',
};

/**
 * Port phase of a host. `operationalStatus: servicing` wins (service steps run on the servicing
 * provider network, IrSO api/v1alpha1/ironic_types.go ProviderNetworkServicing). `detached` hosts
 * have no Ironic node, so nothing manages the port. Deprovisioning with
 * `automatedCleaningMode: disabled` runs no cleaning: Ironic returns the port straight to idle
 * (the proposal's author in metal3-docs#586, review of the risks section).
 */
export function getPortPhase(bmh: BareMetalHost): PortPhase {
  const status = bmh.status;
  const operational = typeof status?.operationalStatus === 'string' ? status.operationalStatus : '';
  if (operational === 'servicing') return 'servicing';
  if (operational === 'detached') return 'unknown';
  const state = status?.provisioning?.state;
  const key = typeof state === 'string' ? state : '';
  if (key === 'deprovisioning' && bmh.spec?.['automatedCleaningMode'] === 'disabled') return 'idle';
  return Object.prototype.hasOwnProperty.call(BY_PROVISIONING_STATE, key)
    ? (BY_PROVISIONING_STATE[key] ?? 'unknown')
    : 'unknown';
}
