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
import { checkVlanConsistency } from './checkVlanConsistency';
import { computePortImpact } from './portImpact';
import { digestNnsForVlanCheck, digestNodeForVlanCheck } from './leanDigests';

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

const lean = {
  ...inputs,
  nodes: digestAll<Node>(inputs.nodes, digestNodeForVlanCheck),
  nodeNetworkStates: digestAll<NodeNetworkState>(inputs.nodeNetworkStates, digestNnsForVlanCheck),
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
