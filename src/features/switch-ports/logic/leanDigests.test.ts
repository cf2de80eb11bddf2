import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Node } from '../../../shared/model/k8s';
import type { NodeNetworkState } from '../../../shared/model/nmstate';
import {
  attachments,
  hardware0,
  host0,
  nads,
  nns0,
  pods,
  tor1,
  vlanPolicies,
  worker0,
  worker1,
} from '../__fixtures__/switchPortFixtures';
import { checkVlanConsistency, findHostForNode, getNodeNicNeeds } from './checkVlanConsistency';
import { computePortImpact } from './portImpact';
import {
  digestHardwareDataForVlanCheck,
  digestHostForVlanCheck,
  digestNnsForVlanCheck,
  digestNodeForVlanCheck,
} from './leanDigests';
import type { BareMetalHost, HardwareData } from '../../../shared/model/metal3';
import { digestNnsForTopology, digestNodeForTopology } from '../../topology/logic/leanDigests';

const digestAll = <T>(list: readonly T[], digest: (o: unknown) => T | null): T[] =>
  list.flatMap((o) => {
    const d = digest(o);
    return d ? [d] : [];
  });

// The fixture NNS with what a real one also carries and the check never reads.
const heavy: NodeNetworkState = structuredClone(nns0);
for (const iface of heavy.status?.currentState?.interfaces ?? []) {
  Object.assign(iface, {
    ipv4: { enabled: true, dhcp: true, address: [{ ip: '192.0.2.7', 'prefix-length': 24 }] },
    ethtool: { feature: { 'rx-checksum': true, 'tx-tcp-segmentation': false } },
  });
}

const inputs = {
  nodes: [worker0, worker1],
  bareMetalHosts: [host0],
  hardwareData: [hardware0],
  hostNetworkAttachments: attachments,
  switches: [tor1],
  nodeNetworkStates: [heavy],
  policies: vlanPolicies,
  nads,
  pods,
};

// The fixture host and its HardwareData with the inventory a real one also carries.
const inventory = {
  cpu: { arch: 'x86_64', model: 'EPYC', count: 64 },
  storage: [{ name: '/dev/sda', sizeBytes: 960197124096, serialNumber: 'S4-CPU-INVENTORY' }],
  ramMebibytes: 262144,
};
const heavyHost: BareMetalHost = structuredClone(host0);
heavyHost.status = {
  ...heavyHost.status,
  hardware: { ...(heavyHost.status?.hardware ?? {}), ...inventory },
};
const heavyHardware: HardwareData = structuredClone(hardware0);
heavyHardware.spec = {
  ...heavyHardware.spec,
  hardware: { ...(heavyHardware.spec?.hardware ?? {}), ...inventory },
};
inputs.bareMetalHosts = [heavyHost];
inputs.hardwareData = [heavyHardware];

const lean = {
  ...inputs,
  nodes: digestAll<Node>(inputs.nodes, digestNodeForVlanCheck),
  nodeNetworkStates: digestAll<NodeNetworkState>(inputs.nodeNetworkStates, digestNnsForVlanCheck),
  bareMetalHosts: digestAll<BareMetalHost>(inputs.bareMetalHosts, digestHostForVlanCheck),
  hardwareData: digestAll<HardwareData>(inputs.hardwareData, digestHardwareDataForVlanCheck),
};

describe('VLAN check digests (leanDigests.ts)', () => {
  it('find the same mismatches as whole objects', () => {
    const whole = checkVlanConsistency(inputs);
    assert.ok(whole.length > 0, 'the fixture has mismatches to compare');
    assert.deepEqual(checkVlanConsistency(lean), whole);
    assert.deepEqual(
      checkVlanConsistency({ ...lean, pods: undefined }),
      checkVlanConsistency({ ...inputs, pods: undefined }),
    );
  });

  it('find the same mismatches over the cluster topology’s digests, which its check shares', () => {
    // The fixture carries OVN bridge mappings and a Node's machine annotation: what the
    // topology's digests keep for the check alone.
    assert.ok(JSON.stringify(heavy).includes('bridge-mappings'));
    assert.ok(worker0.metadata.annotations);
    const topology = {
      ...lean,
      nodes: digestAll<Node>(inputs.nodes, digestNodeForTopology),
      nodeNetworkStates: digestAll<NodeNetworkState>(
        inputs.nodeNetworkStates,
        digestNnsForTopology,
      ),
    };
    assert.deepEqual(checkVlanConsistency(topology), checkVlanConsistency(inputs));
    assert.deepEqual(
      checkVlanConsistency({ ...topology, pods: undefined }),
      checkVlanConsistency({ ...inputs, pods: undefined }),
    );
    // Nodes that only their annotation or their providerID tie to a host (no MAC, no name).
    const hostRef = `${host0.metadata.namespace}/${host0.metadata.name}`;
    const tied: Node[] = [
      { metadata: { name: 'n-a', annotations: { 'metal3.io/BareMetalHost': hostRef } } },
      { metadata: { name: 'n-p' }, spec: { providerID: `metal3://${hostRef}/uid-1` } },
    ];
    for (const n of tied) {
      const d = digestNodeForTopology(n);
      assert.ok(d);
      assert.equal(findHostForNode(n, [host0]), host0, n.metadata.name);
      assert.equal(findHostForNode(d, [host0]), host0, n.metadata.name);
    }
    // A bond whose members are spelled `ports` (nmstate's alias) still counts as a bond.
    const bonded: NodeNetworkState = structuredClone(heavy);
    bonded.status?.currentState?.interfaces?.push({
      name: 'bond9',
      type: 'bond',
      state: 'up',
      'link-aggregation': { mode: 'active-backup', ports: ['eno2'], options: { miimon: 100 } },
    });
    const withBond = { ...inputs, nodeNetworkStates: [bonded] };
    const whole = getNodeNicNeeds(worker0, withBond);
    assert.ok(whole.bonds.some((b) => b.name === 'bond9'));
    assert.deepEqual(
      getNodeNicNeeds(worker0, {
        ...topology,
        nodeNetworkStates: digestAll<NodeNetworkState>([bonded], digestNnsForTopology),
      }),
      whole,
    );
  });

  it('answer the impact check as whole objects do, for every NIC of the host', () => {
    for (const nic of host0.spec?.networkInterfaces ?? []) {
      const name = nic.name ?? '';
      for (const attachment of [undefined, ...attachments]) {
        const choice = attachment
          ? { name: attachment.metadata.name, namespace: attachment.metadata.namespace }
          : undefined;
        const change = { host: host0, nic: { name }, attachment: choice };
        assert.deepEqual(
          computePortImpact(change, lean),
          computePortImpact(change, inputs),
          `${name} -> ${choice?.name ?? 'none'}`,
        );
      }
    }
  });

  it('drop the hosts’ CPU, storage and RAM inventory and keep their NICs', () => {
    for (const d of [...lean.bareMetalHosts, ...lean.hardwareData]) {
      const text = JSON.stringify(d);
      assert.ok(!text.includes('S4-CPU-INVENTORY'), text);
      assert.ok(!text.includes('ramMebibytes'), text);
    }
    assert.deepEqual(lean.hardwareData[0]?.spec?.hardware?.nics, hardware0.spec?.hardware?.nics);
    assert.deepEqual(lean.bareMetalHosts[0]?.spec, host0.spec);
    assert.equal(digestHostForVlanCheck({ metadata: {} }), null);
    assert.equal(digestHardwareDataForVlanCheck(null), null);
  });

  it('drop addresses and ethtool, keep resourceVersion, and refuse unnamed objects', () => {
    const d = digestNnsForVlanCheck(heavy);
    const text = JSON.stringify(d);
    assert.ok(!text.includes('ethtool'));
    assert.ok(!text.includes('192.0.2.7'));
    assert.equal(d?.metadata.resourceVersion, heavy.metadata.resourceVersion);
    assert.equal(digestNnsForVlanCheck({ metadata: {} }), null);
    assert.equal(digestNodeForVlanCheck(7), null);
    assert.deepEqual(
      digestNodeForVlanCheck({ metadata: { name: 'n' }, spec: { providerID: 'x' } }),
      {
        metadata: { name: 'n' },
        spec: { providerID: 'x' },
      },
    );
  });
});
