import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BareMetalHost, IronicResource } from '../../../shared/model/metal3';
import {
  changeTiming,
  networkInterfacesValidity,
  phaseNetwork,
  provisioningBlocked,
  readApplied,
  readProviderNetworks,
} from './ironicNetworking';

function ironic(
  name: string,
  enabled: boolean,
  providerNetworks: NonNullable<
    NonNullable<IronicResource['spec']>['networkingService']
  >['providerNetworks'] = [],
): IronicResource {
  return {
    metadata: { name, namespace: 'metal3' },
    spec: { networkingService: { enabled, providerNetworks } },
  };
}

function host(state: string, extra: Partial<BareMetalHost> = {}): BareMetalHost {
  return {
    metadata: { name: 'h', namespace: 'ns' },
    ...extra,
    status: { provisioning: { state }, ...(extra.status ?? {}) },
  };
}

// ironic-standalone-operator api/v1alpha1/ironic_types.go NetworkingService.ProviderNetworks
void describe('readProviderNetworks (IrSO ironic_types.go)', () => {
  void it('reads the enabled Ironic resource and expands allowed VLAN ranges', () => {
    const read = readProviderNetworks([
      ironic('off', false, [{ type: 'idle', mode: 'access', nativeVLAN: 1 }]),
      ironic('ironic', true, [
        { type: 'idle', mode: 'access', nativeVLAN: 999 },
        { type: 'cleaning', mode: 'trunk', nativeVLAN: 10, allowedVLANs: ['20-22'], mtu: 9000 },
        { type: 'bogus', mode: 'access', nativeVLAN: 5 },
      ]),
    ]);
    assert.deepEqual(read.source, { namespace: 'metal3', name: 'ironic' });
    assert.deepEqual(read.networks, {
      idle: { mode: 'access', nativeVLAN: 999 },
      cleaning: { mode: 'trunk', nativeVLAN: 10, allowedVLANs: [20, 21, 22], mtu: 9000 },
    });
    assert.deepEqual(phaseNetwork('idle', read), {
      kind: 'configured',
      config: { mode: 'access', nativeVLAN: 999 },
    });
    assert.deepEqual(phaseNetwork('servicing', read), { kind: 'notConfigured' });
    assert.deepEqual(phaseNetwork('tenant', read), { kind: 'tenant' });
  });

  void it('without an enabled Ironic resource the VLANs are unknown, not made up', () => {
    const read = readProviderNetworks([ironic('off', false)]);
    assert.equal(read.source, undefined);
    assert.deepEqual(phaseNetwork('inspection', read), { kind: 'unknown' });
  });
});

// BMO PR #3470 baremetalhost_network.go and host_state_machine.go handleAvailable
void describe('NetworkInterfacesValid (BMO PR #3470)', () => {
  const cond = (status: 'True' | 'False', reason: string): BareMetalHost =>
    host('available', {
      spec: { networkInterfaces: [{ name: 'eno1' }] },
      status: {
        conditions: [
          {
            type: 'NetworkInterfacesValid',
            status,
            reason,
            message: 'm',
            lastTransitionTime: '2026-01-01T00:00:00Z',
          },
        ],
      },
    });

  void it('reads the reason and blocks provisioning unless True', () => {
    assert.deepEqual(networkInterfacesValidity(cond('False', 'AttachmentNamespaceDenied')), {
      status: 'False',
      reason: 'AttachmentNamespaceDenied',
      message: 'm',
    });
    assert.equal(provisioningBlocked(cond('False', 'AttachmentNotFound')), true);
    assert.equal(provisioningBlocked(cond('True', 'AllInterfacesValid')), false);
    assert.equal(networkInterfacesValidity(cond('False', 'Whatever'))?.reason, 'other');
  });

  void it('a missing condition blocks only a host that names interfaces', () => {
    assert.equal(
      provisioningBlocked(host('available', { spec: { networkInterfaces: [{ name: 'eno1' }] } })),
      true,
    );
    assert.equal(provisioningBlocked(host('available')), false);
    assert.equal(networkInterfacesValidity(host('available')), undefined);
  });
});

// BMO PR #3470 provisioner.go CanUpdateSwitchPortConfig: registering/available only.
void describe('applied configs and change timing (BMO PR #3470 CanUpdateSwitchPortConfig)', () => {
  void it('applied means on the switch only in the tenant phase', () => {
    assert.equal(readApplied('tenant', 'provisioned'), 'onSwitch');
    assert.equal(readApplied('provisioning', 'provisioning'), 'atDeployEnd');
    assert.equal(readApplied('idle', 'available'), 'atNextDeploy');
    assert.equal(readApplied('cleaning', 'deprovisioning'), 'atNextDeploy');
  });

  void it('a change to a deployed host waits for deprovisioning', () => {
    assert.equal(changeTiming(host('provisioned')), 'afterDeprovision');
    assert.equal(changeTiming(host('externally provisioned')), 'afterDeprovision');
    assert.equal(changeTiming(host('provisioning')), 'afterDeprovision');
    assert.equal(changeTiming(host('available')), 'nextDeploy');
    assert.equal(changeTiming(host('registering')), 'nextDeploy');
    assert.equal(changeTiming(host('inspecting')), 'whenAvailable');
    assert.equal(changeTiming(host('deprovisioning')), 'whenAvailable');
    assert.equal(changeTiming(host('')), 'whenRegistered');
  });
});
