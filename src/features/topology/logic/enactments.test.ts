import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { getDesiredInterfaces, getEffectiveDesiredState, getReferencedNames } from './enactments';

const policy = (interfaces: unknown[]): NodeNetworkConfigurationPolicy =>
  ({
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name: 'p' },
    spec: { desiredState: { interfaces } },
  }) as NodeNetworkConfigurationPolicy;

void describe('topology: a policy desired state read as nmstate reads it', () => {
  // nmstate bond.rs / linux_bridge.rs: `ports` is an alias of `port`.
  void it('sees bond and bridge ports given as `ports`', () => {
    const state = getEffectiveDesiredState(
      undefined,
      policy([
        {
          name: 'bond0',
          type: 'bond',
          'link-aggregation': { mode: 'active-backup', ports: ['ens4', 'ens5'] },
        },
        { name: 'br0', type: 'linux-bridge', bridge: { ports: [{ name: 'bond0' }] } },
      ]),
    );
    const [bond, bridge] = getDesiredInterfaces(state);
    assert.ok(bond && bridge);
    assert.deepEqual(getReferencedNames(bond), ['ens4', 'ens5']);
    assert.deepEqual(getReferencedNames(bridge), ['bond0']);
  });
  void it('returns the same canonical object for the same policy', () => {
    const p = policy([{ name: 'bond0', type: 'bond', 'link-aggregation': { ports: ['ens4'] } }]);
    assert.equal(getEffectiveDesiredState(undefined, p), getEffectiveDesiredState(undefined, p));
  });
});
