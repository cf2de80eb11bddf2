// The lean watches' digests answer as whole objects do, on the demo cluster's real shapes (the
// unit tests of each digest use small fixtures): the cluster topology graph for every filter,
// the switch ports' VLAN check with its impact check for every NIC and attachment, and the same
// check over the topology's digests (the cluster topology's check reads those).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { K8sResource } from '../../../src/shared/model/k8s';
import { buildTopologyGraph } from '../../../src/features/topology/logic/buildTopologyGraph';
import { indexEnactments } from '../../../src/features/topology/logic/enactments';
import {
  digestEnactmentForTopology,
  digestNnsForTopology,
  digestNodeForTopology,
} from '../../../src/features/topology/logic/leanDigests';
import { checkVlanConsistency } from '../../../src/features/switch-ports/logic/checkVlanConsistency';
import type { VlanConsistencyInputs } from '../../../src/features/switch-ports/logic/checkVlanConsistency';
import { computePortImpact } from '../../../src/features/switch-ports/logic/portImpact';
import {
  digestNnsForVlanCheck,
  digestNodeForVlanCheck,
} from '../../../src/features/switch-ports/logic/leanDigests';
import type { TestCluster } from '../testing';
import { startTestCluster } from '../testing';

let c: TestCluster;
const lists: Record<string, K8sResource[]> = {};

const PATHS = {
  nns: '/apis/nmstate.io/v1beta1/nodenetworkstates',
  nnce: '/apis/nmstate.io/v1beta1/nodenetworkconfigurationenactments',
  nncp: '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies',
  nodes: '/api/v1/nodes',
  hosts: '/apis/metal3.io/v1alpha1/baremetalhosts',
  hardwareData: '/apis/metal3.io/v1alpha1/hardwaredata',
  switches: '/apis/metal3.io/v1alpha1/baremetalswitches',
  attachments: '/apis/metal3.io/v1alpha1/hostnetworkattachments',
  nads: '/apis/k8s.cni.cncf.io/v1/network-attachment-definitions',
  pods: '/api/v1/pods',
} as const;

before(async () => {
  c = await startTestCluster({ scenario: 'demo', controllers: true });
  for (const [key, path] of Object.entries(PATHS)) {
    const res = await c.req('GET', path);
    assert.equal(res.status, 200, path);
    lists[key] = (res.body as unknown as { items: K8sResource[] }).items;
  }
});
after(async () => {
  await c.dispose();
});

const all = <T>(key: keyof typeof PATHS): T[] => (lists[key] ?? []) as unknown as T[];
const digested = <T>(key: keyof typeof PATHS, digest: (o: unknown) => T | null): T[] =>
  all<unknown>(key).flatMap((o) => {
    const d = digest(o);
    return d ? [d] : [];
  });

/** The VLAN check's inputs as whole objects. */
const wholeInputs = (): VlanConsistencyInputs => ({
  nodes: all('nodes'),
  bareMetalHosts: all('hosts'),
  hardwareData: all('hardwareData'),
  hostNetworkAttachments: all('attachments'),
  switches: all('switches'),
  nodeNetworkStates: all('nns'),
  policies: all('nncp'),
  nads: all('nads'),
  pods: all('pods'),
});

describe('digests on the demo cluster', () => {
  it('draw the same topology as whole objects, for every filter', () => {
    assert.ok(all('nns').length >= 3 && all('nnce').length > 0);
    for (const options of [
      {},
      { showInternal: true },
      { filter: { failing: true } },
      { filter: { vlan: [10, 100, 200, 210] } },
      { filter: { lldp: ['tor'] } },
      { filter: { ip: ['10.0.0.0/8'] } },
      { filter: { type: ['bond', 'vlan', 'linux-bridge', 'ovs-bridge'] } },
      { foldNodesAbove: 1, expandedNodes: ['worker-0'] },
    ]) {
      const whole = buildTopologyGraph({
        nodeNetworkStates: all('nns'),
        enactments: indexEnactments(all('nnce')),
        policies: all('nncp'),
        nodes: all('nodes'),
        options,
      });
      const lean = buildTopologyGraph({
        nodeNetworkStates: digested('nns', digestNnsForTopology),
        enactments: indexEnactments(digested('nnce', digestEnactmentForTopology)),
        policies: all('nncp'),
        nodes: digested('nodes', digestNodeForTopology),
        options,
      });
      assert.deepEqual(lean, whole, JSON.stringify(options));
    }
  });

  it('find the same VLAN mismatches and port impacts as whole objects', () => {
    const inputs = wholeInputs();
    const lean: VlanConsistencyInputs = {
      ...inputs,
      nodes: digested('nodes', digestNodeForVlanCheck),
      nodeNetworkStates: digested('nns', digestNnsForVlanCheck),
    };
    const whole = checkVlanConsistency(inputs);
    assert.ok(whole.length > 0, 'the demo has mismatches');
    assert.deepEqual(checkVlanConsistency(lean), whole);
    let compared = 0;
    for (const host of inputs.bareMetalHosts)
      for (const nic of host.spec?.networkInterfaces ?? [])
        for (const hna of [undefined, ...inputs.hostNetworkAttachments]) {
          const change = {
            host,
            nic: { name: nic.name },
            attachment: hna && { name: hna.metadata.name, namespace: hna.metadata.namespace },
          };
          assert.deepEqual(computePortImpact(change, lean), computePortImpact(change, inputs));
          compared++;
        }
    assert.ok(compared > 10);
  });

  it('find the same VLAN mismatches over the cluster topology’s digests, which its check shares', () => {
    const inputs = wholeInputs();
    const topology: VlanConsistencyInputs = {
      ...inputs,
      nodes: digested('nodes', digestNodeForTopology),
      nodeNetworkStates: digested('nns', digestNnsForTopology),
    };
    const whole = checkVlanConsistency(inputs);
    assert.ok(whole.length > 0, 'the demo has mismatches');
    assert.deepEqual(checkVlanConsistency(topology), whole);
    assert.deepEqual(
      checkVlanConsistency({ ...topology, pods: undefined }),
      checkVlanConsistency({ ...inputs, pods: undefined }),
    );
  });
});
