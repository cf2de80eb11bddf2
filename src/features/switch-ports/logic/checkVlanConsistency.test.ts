import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Node } from '../../../shared/model/k8s';
import {
  attachments,
  hardware0,
  host0,
  nads,
  nns0,
  NS,
  pods,
  secrets,
  tor1,
  vlanPolicies,
  worker0,
  worker1,
} from '../__fixtures__/switchPortFixtures';
import type { VlanMismatch } from '../model/types';
import {
  checkVlanConsistency,
  checkVlanConsistencySteps,
  findHostForNode,
  getPodNetworkRefs,
} from './checkVlanConsistency';

const inputs = {
  nodes: [worker0, worker1],
  bareMetalHosts: [host0],
  hardwareData: [hardware0],
  hostNetworkAttachments: attachments,
  switches: [tor1],
  nodeNetworkStates: [nns0],
  policies: vlanPolicies,
  nads,
  pods,
};

function lines(ms: VlanMismatch[]): string[] {
  return ms.map(
    (m) =>
      `${m.severity} ${m.code} ${m.nic ?? '-'} ${m.vlan ?? '-'} ${m.consumer ? `${m.consumer.kind}:${String(m.params.consumer)}` : '-'}`,
  );
}

void describe('checkVlanConsistency', () => {
  const result = checkVlanConsistency(inputs);

  void it('lists each mismatch with its cause', () => {
    assert.deepEqual(lines(result), [
      'warning vlan.notSeenByLldp eno1 106 nad:blue/localnet-a',
      'error vlan.notAllowedOnPort eno1 200 nad:blue/tenant-a',
      'error vlan.notAllowedOnPort eno1 200 policy:vlan200',
      'warning vlan.notSeenByLldp eno1 200 nad:blue/tenant-a',
      'warning vlan.notSeenByLldp eno1 200 policy:vlan200',
      'warning port.noAttachment eno2 - -',
      'warning port.unknownSwitch eno2 - -',
      'error vlan.accessModeTagged eno3 300 policy:vlan300',
    ]);
  });

  void it('in steps, pauses before every node and ends with the same mismatches', () => {
    const steps = checkVlanConsistencySteps(inputs);
    let pauses = 0;
    for (;;) {
      const r = steps.next();
      if (r.done) {
        assert.deepEqual(r.value, result);
        break;
      }
      pauses++;
    }
    assert.equal(pauses, inputs.nodes.length);
  });

  void it('carries the params a message needs', () => {
    const m = result.find((x) => x.code === 'vlan.notAllowedOnPort' && x.consumer?.kind === 'nad');
    assert.ok(m);
    assert.deepEqual(m.params, {
      node: 'worker-0',
      host: `${NS}/host-0`,
      nic: 'eno1',
      port: 'xe-0/0/19',
      vlan: 200,
      consumerKind: 'nad',
      consumer: 'blue/tenant-a',
      via: 'vlan.vlanId',
      switch: 'tor-1',
      mode: 'trunk',
    });
    assert.deepEqual(m.switch, { namespace: NS, name: 'tor-1' });
  });

  void it('fixing the attachment clears the port mismatch', () => {
    const fixed = attachments.map((a) =>
      a.metadata.name === 'trunk-a'
        ? { ...a, spec: { ...a.spec, allowedVLANs: ['100-110', '200', '204'] } }
        : a,
    );
    const after = checkVlanConsistency({ ...inputs, hostNetworkAttachments: fixed });
    assert.ok(!after.some((m) => m.code === 'vlan.notAllowedOnPort'));
  });

  void it('without pods, every NAD is checked at a lower severity', () => {
    const all = lines(checkVlanConsistency({ ...inputs, pods: undefined }));
    assert.ok(all.includes('warning vlan.notAllowedOnPort eno1 200 nad:blue/tenant-a'));
    assert.ok(all.includes('error vlan.notAllowedOnPort eno1 200 policy:vlan200'));
    assert.ok(all.includes('warning vlan.accessModeTagged eno3 150 nad:green/br-nad'));
  });

  void it('reports a node without a host and still checks LLDP', () => {
    const orphan: Node = {
      metadata: { name: 'worker-0', labels: { 'node-role.kubernetes.io/worker': '' } },
    };
    const r = lines(
      checkVlanConsistency({ ...inputs, nodes: [orphan], bareMetalHosts: [], hardwareData: [] }),
    );
    assert.ok(r.includes('info node.noHost - - -'));
    assert.ok(r.includes('warning vlan.notSeenByLldp eno1 200 policy:vlan200'));
    assert.ok(!r.some((l) => l.includes('notAllowedOnPort')));
  });

  void it('reports ports without an attachment or a known switch', () => {
    const r = checkVlanConsistency({ ...inputs, switches: [], hostNetworkAttachments: [] });
    const eno1 = lines(r.filter((m) => m.nic === 'eno1'));
    assert.ok(eno1.includes('warning port.unknownSwitch eno1 - -'));
    assert.ok(eno1.includes('warning port.noAttachment eno1 - -'));
  });

  void it('traces VLANs through bridges and bonds to the NICs', () => {
    const bonded = {
      ...nns0,
      status: {
        currentState: {
          interfaces: [
            ...(nns0.status?.currentState?.interfaces ?? []).filter((i) => i.name !== 'eno1'),
            {
              name: 'eno1',
              type: 'ethernet',
              state: 'up',
              controller: 'bond0',
              'mac-address': '20:04:0F:FB:A0:98',
            },
            {
              name: 'bond0',
              type: 'bond',
              state: 'up',
              'link-aggregation': { mode: '802.3ad', port: ['eno1'] },
            },
            {
              name: 'br1',
              type: 'linux-bridge',
              state: 'up',
              bridge: { port: [{ name: 'bond0' }, { name: 'veth9' }] },
            },
          ],
        },
      },
    };
    const policies = [
      {
        metadata: { name: 'br1-access' },
        spec: {
          desiredState: {
            interfaces: [
              {
                name: 'br1',
                type: 'linux-bridge',
                bridge: {
                  port: [
                    {
                      name: 'bond0',
                      vlan: {
                        mode: 'trunk' as const,
                        'trunk-tags': [{ 'id-range': { min: 2, max: 4094 } }, { id: 107 }],
                      },
                    },
                    { name: 'veth9', vlan: { mode: 'access' as const, tag: 201 } },
                  ],
                },
              },
            ],
          },
        },
      },
    ];
    const r = lines(
      checkVlanConsistency({
        ...inputs,
        nodeNetworkStates: [bonded],
        policies,
        nads: [],
        pods: [],
      }),
    );
    assert.deepEqual(r, [
      'warning vlan.notSeenByLldp eno1 107 policy:br1-access',
      'error vlan.notAllowedOnPort eno1 201 policy:br1-access',
      'warning vlan.notSeenByLldp eno1 201 policy:br1-access',
    ]);
  });
});

void describe('node to host correlation', () => {
  void it('uses the machine annotation, the host annotation, providerID, MACs and names', () => {
    assert.equal(findHostForNode(worker0, [host0])?.metadata.name, 'host-0');
    const annotated: Node = {
      metadata: { name: 'n', annotations: { 'metal3.io/BareMetalHost': `${NS}/host-0` } },
    };
    assert.equal(findHostForNode(annotated, [host0])?.metadata.name, 'host-0');
    const provider: Node = {
      metadata: { name: 'n' },
      spec: { providerID: `metal3://${NS}/host-0/m` },
    };
    assert.equal(findHostForNode(provider, [host0])?.metadata.name, 'host-0');
    const byMac: Node = { metadata: { name: 'n' } };
    assert.equal(
      findHostForNode(byMac, [host0], { nns: nns0, hardwareData: [hardware0] })?.metadata.name,
      'host-0',
    );
    assert.equal(findHostForNode(byMac, [host0]), undefined);
    assert.equal(
      findHostForNode({ metadata: { name: 'host-0' } }, [host0])?.metadata.name,
      'host-0',
    );
  });

  void it('reads both forms of the networks annotation', () => {
    assert.deepEqual(
      getPodNetworkRefs(pods[0] ?? pods[1] ?? { metadata: { name: '', namespace: '' } }),
      [
        { namespace: 'blue', name: 'tenant-a' },
        { namespace: 'blue', name: 'localnet-a' },
      ],
    );
    assert.deepEqual(getPodNetworkRefs(pods[1] ?? { metadata: { name: '', namespace: '' } }), [
      { namespace: 'green', name: 'br-nad' },
    ]);
    assert.ok(secrets.length > 0);
  });
});
