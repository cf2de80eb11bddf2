import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BareMetalHost } from '../../../shared/model/metal3';
import type { PortPhase } from '../model/types';
import { getPortPhase } from './portPhase';

function host(state: string | undefined, operationalStatus?: string): BareMetalHost {
  return {
    metadata: { name: 'h', namespace: 'ns' },
    status: {
      ...(operationalStatus ? { operationalStatus } : {}),
      ...(state === undefined ? {} : { provisioning: { state } }),
    },
  };
}

void describe('getPortPhase', () => {
  const expected: [string, PortPhase][] = [
    ['', 'unknown'],
    ['unmanaged', 'unknown'],
    ['registering', 'idle'],
    ['match profile', 'idle'],
    ['preparing', 'cleaning'],
    ['ready', 'idle'],
    ['available', 'idle'],
    ['provisioning', 'provisioning'],
    ['provisioned', 'tenant'],
    // BMO PR #3470 writes ports only in registering/available; adoption runs no deploy.
    ['externally provisioned', 'unknown'],
    ['deprovisioning', 'cleaning'],
    ['inspecting', 'inspection'],
    ['powering off before delete', 'idle'],
    ['deleting', 'idle'],
    ['something new', 'unknown'],
    ['toString', 'unknown'],
  ];
  for (const [state, phase] of expected)
    void it(`'${state}' -> ${phase}`, () => {
      assert.equal(getPortPhase(host(state)), phase);
    });

  // IrSO ironic_types.go: servicing has its own provider network.
  void it('servicing wins over the provisioning state; detached is unknown', () => {
    assert.equal(getPortPhase(host('provisioned', 'servicing')), 'servicing');
    assert.equal(getPortPhase(host('provisioned', 'detached')), 'unknown');
    assert.equal(getPortPhase(host('provisioned', 'OK')), 'tenant');
  });

  // metal3-docs#586: with cleaning disabled the port goes back to idle without a cleaning network.
  void it('deprovisioning without automated cleaning is idle', () => {
    const h = host('deprovisioning');
    assert.equal(getPortPhase({ ...h, spec: { automatedCleaningMode: 'disabled' } }), 'idle');
    assert.equal(getPortPhase({ ...h, spec: { automatedCleaningMode: 'metadata' } }), 'cleaning');
  });

  void it('handles a host without status', () => {
    assert.equal(getPortPhase({ metadata: { name: 'h', namespace: 'ns' } }), 'unknown');
    assert.equal(getPortPhase(host(undefined)), 'unknown');
  });
});
