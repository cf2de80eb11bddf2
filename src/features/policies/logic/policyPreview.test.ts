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

void describe('preview follows nmstate merge rules and the handler generate step', () => {
  const node = clusterNodeStates[0];
  const nodeName = node?.metadata.name ?? '';
  const only = (spec: NodeNetworkConfigurationPolicy['spec']): NodeNetworkConfigurationPolicy => ({
    ...workers(bondVlanPolicy),
    spec: { ...spec, nodeSelector: { 'kubernetes.io/hostname': nodeName } },
  });
  const first = (p: NodeNetworkConfigurationPolicy) => {
    const [n] = buildPolicyPreview(p, clusterNodes, clusterNodeStates, { skipProbes: true }).nodes;
    assert.ok(n);
    return n;
  };

  void it('DNS keeps the current servers a config without `server` omits (nmstate dns.rs)', () => {
    const current = node?.status?.currentState?.['dns-resolver']?.config?.server ?? [];
    const n = first(
      only({ desiredState: { 'dns-resolver': { config: { search: ['lab.example'] } } } }),
    );
    assert.deepEqual(n.dns.after?.server ?? [], current);
    assert.deepEqual(n.dns.after?.search, ['lab.example']);
  });

  void it('only `config: {}` purges the static DNS', () => {
    const n = first(only({ desiredState: { 'dns-resolver': { config: {} } } }));
    assert.equal(n.dns.after?.server, undefined);
  });

  void it('route-rules, ovs-db and hostname changes are shown, not "unchanged"; rules and hostname as lines', () => {
    const n = first(
      only({
        desiredState: {
          'route-rules': { config: [{ 'ip-to': '192.0.2.0/24', 'route-table': 100 }] },
          'ovs-db': { external_ids: { owner: 'lab' } },
          hostname: { config: 'lab-1' },
        },
      }),
    );
    assert.equal(n.unchanged, false);
    assert.deepEqual(n.otherChanges, ['ovs-db']);
    assert.deepEqual(
      (n.settings ?? []).filter((l) => l.kind === 'routeRuleAdded' || l.kind === 'hostname'),
      [
        { kind: 'routeRuleAdded', rule: 'ip-to: 192.0.2.0/24 route-table: 100' },
        { kind: 'hostname', key: 'config', before: null, after: 'lab-1' },
      ],
    );
  });

  void it('values are compared as nmstate reads them: text mtu and boolean words are no change', () => {
    // nmstate deserializer.rs `option_u64_or_string` (hex too) and `option_bool_or_string`;
    // ifaces/base.rs `default_state` makes the missing state `up`, which ens5 already is.
    const n = first(
      only({
        desiredState: {
          interfaces: [
            {
              name: 'ens5',
              type: 'ethernet',
              mtu: '0x2328' as unknown as number,
              ipv4: { enabled: 'no' as unknown as boolean },
            },
          ],
        },
      }),
    );
    assert.equal(n.status, 'ok');
    assert.equal(n.unchanged, true);
    assert.deepEqual(n.resolvedDesiredState?.interfaces?.[0], {
      name: 'ens5',
      type: 'ethernet',
      state: 'up',
      mtu: 9000,
      ipv4: { enabled: false },
    });
  });

  void it('a key nmstate does not know on an interface fails the generate step', () => {
    const n = first(
      only({
        desiredState: {
          interfaces: [
            { name: 'ens5', type: 'ethernet', ethernet: { speed: 1000, autoneg: true } },
          ],
        },
      }),
    );
    assert.equal(n.status, 'captureFailed');
    assert.equal(
      n.captureError?.message,
      'unknown field `autoneg`, expected one of `sr-iov`, `auto-negotiation`, `speed`, `duplex`',
    );
  });

  void it('an unknown top-level key fails like the strict parse of nmstatectl policy', () => {
    const n = first(
      only({
        desiredState: { interfacez: [] },
      }),
    );
    assert.equal(n.status, 'captureFailed');
    assert.equal(n.captureError?.code, 'unknown-field');
  });

  void it("uses the enactment's cached captures and says so (generate.go --captured)", () => {
    const p = only({
      capture: { nic: 'interfaces.name == "missing-nic"' },
      desiredState: {
        interfaces: [
          { name: '{{ capture.nic.interfaces.0.name }}', type: 'ethernet', state: 'up', mtu: 9000 },
        ],
      },
    });
    assert.equal(first(p).status, 'captureFailed');
    const nic = node?.status?.currentState?.interfaces?.find((i) => i.type === 'ethernet');
    const enactment = {
      apiVersion: 'nmstate.io/v1beta1',
      kind: 'NodeNetworkConfigurationEnactment',
      metadata: {
        name: `${nodeName}.${p.metadata.name}`,
        labels: { 'nmstate.io/node': nodeName, 'nmstate.io/policy': p.metadata.name },
      },
      status: {
        capturedStates: {
          nic: {
            state: { interfaces: nic ? [nic] : [] },
            metaInfo: { version: '0', time: '2026-01-01T00:00:00Z' },
          },
        },
      },
    };
    const [n] = buildPolicyPreview(p, clusterNodes, clusterNodeStates, {
      skipProbes: true,
      enactments: [enactment],
    }).nodes;
    assert.equal(n?.status, 'ok');
    assert.equal(n.capturesCached, true);
    assert.equal(n.resolvedDesiredState?.interfaces?.[0]?.name, nic?.name);
  });
});

void describe('buildPolicyPreview reads aliases as nmstate does', () => {
  // bond.rs `BondConfig.port` (alias `ports`): the preview sees the ports given as `ports`.
  void it('a bond with `ports` and mode 1 enslaves its ports', () => {
    const p = structuredClone(workers(bondVlanPolicy));
    const bond = p.spec.desiredState?.interfaces?.[0];
    assert.ok(bond?.['link-aggregation']);
    bond['link-aggregation'] = { mode: 1 as unknown as string, ports: ['ens4'] };
    const [w1] = buildPolicyPreview(p, clusterNodes, clusterNodeStates).nodes;
    assert.ok(w1);
    assert.equal(w1.status, 'ok');
    const ens4 = w1.interfaces.changed.find((c) => c.name === 'ens4');
    assert.ok(ens4, JSON.stringify(w1.interfaces));
    const created = (w1.resolvedDesiredState?.interfaces ?? []).find((i) => i.name === 'bond1');
    assert.deepEqual(created?.['link-aggregation']?.port, ['ens4']);
    assert.equal(created['link-aggregation'].mode, 'active-backup');
  });
});
