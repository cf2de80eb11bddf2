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
  // nmstate ifaces/bond.rs, linux_bridge.rs, ovs.rs, vrf.rs: `ports` is an alias of `port`.
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
  void it('sees OVS bridge, OVS bond and VRF ports given as `ports`', () => {
    const [ovs, vrf] = getDesiredInterfaces(
      getEffectiveDesiredState(
        undefined,
        policy([
          {
            name: 'br-ex',
            type: 'ovs-bridge',
            bridge: {
              ports: [
                { name: 'br-ex' },
                {
                  name: 'ovs-bond',
                  'link-aggregation': { mode: 'lacp', ports: [{ name: 'ens6' }] },
                },
              ],
            },
          },
          { name: 'vrf1', type: 'vrf', vrf: { ports: ['ens7'], 'route-table-id': 100 } },
        ]),
      ),
    );
    assert.ok(ovs && vrf);
    assert.deepEqual(getReferencedNames(ovs), ['br-ex', 'ovs-bond', 'ens6']);
    assert.deepEqual(getReferencedNames(vrf), ['ens7']);
  });
  void it('reads `port` where a policy gives both spellings, as the editor keeps it', () => {
    const [bond] = getDesiredInterfaces(
      getEffectiveDesiredState(
        undefined,
        policy([
          { name: 'bond0', type: 'bond', 'link-aggregation': { port: ['ens4'], ports: ['ens9'] } },
        ]),
      ),
    );
    assert.ok(bond);
    assert.deepEqual(getReferencedNames(bond), ['ens4']);
  });
  void it("prefers the enactment's resolved desired state over the policy's", () => {
    const p = policy([{ name: '{{ capture.nic.interfaces.0.name }}', type: 'ethernet' }]);
    const nnce = {
      metadata: { name: 'n.p' },
      status: { desiredState: { interfaces: [{ name: 'ens4', type: 'ethernet' }] } },
    };
    assert.deepEqual(
      getDesiredInterfaces(getEffectiveDesiredState(nnce, p)).map((i) => i.name),
      ['ens4'],
    );
  });
});
