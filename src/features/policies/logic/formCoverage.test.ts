import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getYamlOnlyPaths } from './formCoverage';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import {
  REPRESENTABLE_POLICIES,
  UNREPRESENTABLE_POLICIES,
  unknownKeysPolicy,
} from '../__fixtures__/policyFixtures';

void describe('what only the YAML shows', () => {
  void it('lists the keys no form field shows, by interface name', () => {
    // route-rules, ovn, ethtool and dhcp-client-id are in the fixture too: the form shows them.
    assert.deepEqual(getYamlOnlyPaths(unknownKeysPolicy), [
      'metadata.labels',
      'spec.x-future-field',
      'spec.desiredState.interfaces[ens4].x-vendor',
      'spec.desiredState.routes.config[0].x-weight',
    ]);
  });

  void it('names the options no field shows, and nothing the form shows', () => {
    const found: Record<string, string[] | null> = {};
    for (const [name, p] of Object.entries(REPRESENTABLE_POLICIES)) {
      const paths = getYamlOnlyPaths(p);
      if (p !== unknownKeysPolicy && paths?.length !== 0) found[name] = paths;
    }
    // An explicit `dhcp: false` is the form's unticked box: not listed.
    assert.deepEqual(found, {
      bond: ['spec.desiredState.interfaces[bond0].copy-mac-from'],
      'linux-bridge-vlan': [
        'spec.desiredState.interfaces[br-trunk].bridge.options.stp.forward-delay',
        'spec.desiredState.interfaces[br-trunk].bridge.options.mac-ageing-time',
        'spec.desiredState.interfaces[br-trunk].bridge.port[ens5].stp-priority',
      ],
      'ovs-bridge': ['spec.desiredState.interfaces[ovs-br1].bridge.options.mcast-snooping-enable'],
      'mac-vlan': ['spec.desiredState.interfaces[mac0].mac-vlan.promiscuous'],
    });
  });

  void it('is null for a policy the form cannot open', () => {
    for (const policy of Object.values(UNREPRESENTABLE_POLICIES))
      assert.equal(getYamlOnlyPaths(policy), null);
  });
});

void describe('an empty policy', () => {
  void it('has nothing the form fails to show: `desiredState: {}` and `[]` are empty', () => {
    const policy: NodeNetworkConfigurationPolicy = {
      apiVersion: 'nmstate.io/v1',
      kind: 'NodeNetworkConfigurationPolicy',
      metadata: { name: 'new' },
      spec: { desiredState: {} },
    };
    assert.deepEqual(getYamlOnlyPaths(policy), []);
    assert.deepEqual(
      getYamlOnlyPaths({ ...policy, spec: { desiredState: { interfaces: [] } } }),
      [],
    );
  });
});
