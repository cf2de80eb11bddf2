import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildPolicyPreview } from './policyPreview';
import {
  clusterNodes,
  clusterNodeStates,
  WORKER_1,
  WORKER_2,
  WORKER_3,
} from '../__fixtures__/clusterFixtures';
import {
  bondVlanPolicy,
  capturePolicy,
  dnsPolicy,
  routePolicy,
} from '../__fixtures__/policyFixtures';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';

const workers = (p: NodeNetworkConfigurationPolicy): NodeNetworkConfigurationPolicy => ({
  ...p,
  spec: { ...p.spec, nodeSelector: { 'node-role.kubernetes.io/worker': '' } },
});

void describe('buildPolicyPreview', () => {
  void it('bond over ens5 fails where ens5 is missing and names the node', () => {
    const p = structuredClone(workers(bondVlanPolicy));
    const bond = p.spec.desiredState?.interfaces?.[0];
    assert.ok(bond?.['link-aggregation']);
    bond['link-aggregation'].port = ['ens4', 'ens5'];
    const preview = buildPolicyPreview(p, clusterNodes, clusterNodeStates);
    assert.deepEqual(
      preview.nodes.map((n) => n.node),
      [WORKER_1, WORKER_2, WORKER_3],
    );
    const [w1, , w3] = preview.nodes;
    assert.ok(w1 && w3);
    assert.equal(w1.status, 'ok');
    assert.deepEqual(w1.interfaces.created.map((i) => i.name).sort(), ['bond1', 'bond1.210']);
    assert.ok(w1.interfaces.changed.some((c) => c.name === 'ens4'));
    assert.equal(w3.status, 'applyFailed');
    assert.ok(w3.predictedFailure);
    assert.ok(w3.warnings.some((f) => f.code === 'port.notFound'));
    assert.equal(
      w1.warnings.some((f) => f.code === 'port.notFound'),
      false,
    );
  });
  void it('reports route and DNS changes', () => {
    const preview = buildPolicyPreview(routePolicy, clusterNodes, clusterNodeStates);
    assert.deepEqual(
      preview.nodes.map((n) => n.node),
      [WORKER_2],
    );
    const [w2] = preview.nodes;
    assert.ok(w2);
    assert.equal(w2.status, 'ok');
    assert.equal(
      w2.routes.added.some((r) => r.destination === '198.51.100.0/24'),
      true,
    );
    const dns = buildPolicyPreview(workers(dnsPolicy), clusterNodes, clusterNodeStates, {
      skipProbes: true,
    });
    const d0 = dns.nodes[0];
    assert.ok(d0);
    assert.equal(d0.dns.changed, true);
    assert.deepEqual(d0.dns.after?.server, ['192.0.2.53', '2001:db8::53']);
  });
  void it('resolves captures per node', () => {
    const preview = buildPolicyPreview(workers(capturePolicy), clusterNodes, clusterNodeStates, {
      skipProbes: true,
    });
    for (const n of preview.nodes) {
      assert.notEqual(n.status, 'captureFailed', JSON.stringify(n.captureError));
      const br = n.resolvedDesiredState?.interfaces?.[0];
      assert.equal(br?.bridge?.port?.[0]?.name, 'br-ex');
    }
  });
  void it('reports capture failures and nodes without state', () => {
    const p = structuredClone(workers(capturePolicy));
    p.spec.capture = { 'base-iface': 'interfaces.name==' };
    const preview = buildPolicyPreview(p, clusterNodes, clusterNodeStates.slice(0, 2));
    assert.equal(preview.nodes[0]?.status, 'captureFailed');
    assert.equal(preview.nodes[1]?.status, 'noState');
  });
  void it('an already-applied policy is unchanged', () => {
    const p = workers({
      ...bondVlanPolicy,
      spec: {
        desiredState: { interfaces: [{ name: 'ens4', type: 'ethernet', state: 'up', mtu: 1500 }] },
      },
    });
    const preview = buildPolicyPreview(p, clusterNodes, clusterNodeStates, { skipProbes: true });
    assert.equal(
      preview.nodes.every((n) => n.unchanged),
      true,
    );
  });
});
