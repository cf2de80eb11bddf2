// Upstream: nmstate vlan.rs/bond.rs (VLAN base-iface, bond ports), containernetworking/plugins
// vlan (`master`, `vlanId`) and bridge (`vlan`), ovn-kubernetes localnet (`vlanID` through
// `ovn.bridge-mappings`), baremetal-operator hostnetworkattachment_types.go (mode, nativeVLAN,
// allowedVLANs; reference namespace defaults to the host's) and PR #3470 baremetalhost_network.go
// (AttachmentNamespaceDenied).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BareMetalHost } from '../../../shared/model/metal3';
import type { NodeNetworkState } from '../../../shared/model/nmstate';
import {
  attachments,
  hardware0,
  hna,
  host0,
  nads,
  nns0,
  nns0Interfaces,
  NS,
  pods,
  tor1,
  vlanPolicies,
  worker0,
  worker1,
} from '../__fixtures__/switchPortFixtures';
import { computePortImpact, getImpactGate } from './portImpact';
import type { PortImpact, PortImpactInputs } from './portImpact';

const inputs: PortImpactInputs = {
  nodes: [worker0, worker1],
  bareMetalHosts: [host0],
  hardwareData: [hardware0],
  hostNetworkAttachments: [
    ...attachments,
    hna('trunk-b', { mode: 'trunk', nativeVLAN: 10, allowedVLANs: ['100-110', '200-204'] }),
    hna('elsewhere', { mode: 'trunk', nativeVLAN: 10, allowedVLANs: ['100-204'] }, 'other'),
  ],
  switches: [tor1],
  nodeNetworkStates: [nns0],
  policies: vlanPolicies,
  nads,
  pods,
};

function lines(impact: PortImpact): string[] {
  return impact.findings.map(
    (f) =>
      `${f.severity} ${f.code} ${Object.entries(f.params)
        .filter(([k]) => k !== 'nic' && k !== 'attachment')
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
  );
}

void describe('computePortImpact', () => {
  void it('lists the VLANs a trunk-to-access move drops, per consumer, and the boot NIC VLAN', () => {
    const impact = computePortImpact(
      { host: host0, nic: { name: 'eno1' }, attachment: { name: 'access-a' } },
      inputs,
    );
    assert.equal(impact.node, 'worker-0');
    assert.deepEqual(lines(impact), [
      'error impact.vlanDropped consumerKind=policy consumer=vlan204 via=eno1.204 vlans=204',
      'error impact.vlanDropped consumerKind=nad consumer=blue/localnet-a via=localnet.vlanID vlans=106',
      'warning impact.vlanNotAllowed consumerKind=policy consumer=vlan200 via=eno1.200 vlans=200',
      'warning impact.vlanNotAllowed consumerKind=nad consumer=blue/tenant-a via=vlan.vlanId vlans=200',
      'warning impact.provisioningVlanDropped vlan=10 source=current',
    ]);
    assert.equal(getImpactGate(impact), 'blocked');
  });

  void it('reports VLANs a wider trunk adds and keeps everything else clear', () => {
    const impact = computePortImpact(
      { host: host0, nic: { name: 'eno1' }, attachment: { name: 'trunk-b', namespace: NS } },
      inputs,
    );
    assert.deepEqual(lines(impact), [
      'info impact.vlanAdded consumerKind=policy consumer=vlan200 via=eno1.200 vlans=200',
      'info impact.vlanAdded consumerKind=nad consumer=blue/tenant-a via=vlan.vlanId vlans=200',
    ]);
    const localnet = impact.needs.find((n) => n.consumer.name === 'localnet-a');
    assert.deepEqual(localnet?.kept, [{ min: 106, max: 106 }]);
    assert.equal(getImpactGate(impact), 'clear');
  });

  void it('flags a reference into another namespace (BMO PR #3470 AttachmentNamespaceDenied)', () => {
    const impact = computePortImpact(
      { host: host0, nic: { name: 'eno1' }, attachment: { name: 'elsewhere', namespace: 'other' } },
      inputs,
    );
    const f = impact.findings.find((x) => x.code === 'impact.crossNamespace');
    assert.deepEqual(f, {
      severity: 'warning',
      code: 'impact.crossNamespace',
      params: { attachment: 'other/elsewhere', namespace: 'other', hostNamespace: NS },
    });
    assert.equal(getImpactGate(impact), 'acknowledge');
  });

  void it('errors on an attachment that does not exist', () => {
    const impact = computePortImpact(
      { host: host0, nic: { name: 'eno1' }, attachment: { name: 'nope' } },
      inputs,
    );
    const [first] = impact.findings;
    assert.equal(first?.code, 'impact.attachmentNotFound');
    assert.equal(first.params.attachment, `${NS}/nope`);
  });

  void it('flags a NIC with no known switch port and one on an unknown switch (Ironic local_link_connection)', () => {
    const noPort = computePortImpact(
      { host: host0, nic: { name: 'eno4' }, attachment: { name: 'access-a' } },
      inputs,
    );
    assert.ok(noPort.findings.some((f) => f.code === 'impact.noSwitchPort'));
    const unknown = computePortImpact(
      { host: host0, nic: { name: 'eno2' }, attachment: { name: 'access-a' } },
      inputs,
    );
    const f = unknown.findings.find((x) => x.code === 'impact.unknownSwitch');
    assert.equal(f?.params.switchID, 'aa:bb:cc:dd:ee:01');
  });

  void it('detaching the boot NIC drops what it carried (Ironic resets it to the idle network)', () => {
    const impact = computePortImpact({ host: host0, nic: { mac: '20:04:0F:FB:A0:98' } }, inputs);
    assert.equal(impact.nic, 'eno1');
    assert.ok(impact.findings.some((f) => f.code === 'impact.provisioningVlanDropped'));
    assert.ok(
      impact.findings.some(
        (f) => f.code === 'impact.vlanDropped' && f.params.consumer === 'blue/localnet-a',
      ),
    );
  });

  void it('compares with a given previous config instead of the current attachment', () => {
    // As the CLI does with a host file whose spec holds the change: the applied config is "before".
    const impact = computePortImpact(
      {
        host: host0,
        nic: { name: 'eno1' },
        attachment: { name: 'trunk-a' },
        previous: { mode: 'trunk', nativeVLAN: 10, allowedVLANs: [106, 200, 204] },
      },
      inputs,
    );
    assert.deepEqual(lines(impact), [
      'error impact.vlanDropped consumerKind=policy consumer=vlan200 via=eno1.200 vlans=200',
      'error impact.vlanDropped consumerKind=nad consumer=blue/tenant-a via=vlan.vlanId vlans=200',
    ]);
    const none = computePortImpact(
      { host: host0, nic: { name: 'eno1' }, attachment: { name: 'trunk-a' }, previous: 'none' },
      inputs,
    );
    assert.ok(none.findings.some((f) => f.code === 'impact.vlanAdded'));
    assert.ok(!none.findings.some((f) => f.code === 'impact.vlanDropped'));
  });

  void it('uses the provider network VLAN when it is known', () => {
    const impact = computePortImpact(
      { host: host0, nic: { name: 'eno1' }, attachment: { name: 'trunk-b' } },
      { ...inputs, provisioningVlan: 10 },
    );
    assert.ok(!impact.findings.some((f) => f.code === 'impact.provisioningVlanDropped'));
  });

  void describe('bonds (nmstate bond.rs link-aggregation.port, alias ports)', () => {
    const bondNns: NodeNetworkState = {
      ...nns0,
      status: {
        currentState: {
          interfaces: [
            ...nns0Interfaces.filter((i) => i.name !== 'eno2' && i.name !== 'eno3'),
            {
              name: 'eno2',
              type: 'ethernet',
              controller: 'bond0',
              'mac-address': '20:04:0f:fb:a0:99',
            },
            {
              name: 'eno3',
              type: 'ethernet',
              controller: 'bond0',
              'mac-address': '20:04:0f:fb:a0:9a',
            },
            {
              name: 'bond0',
              type: 'bond',
              'link-aggregation': { mode: '802.3ad', ports: ['eno2', 'eno3'] },
            },
            { name: 'bond0.100', type: 'vlan', vlan: { 'base-iface': 'bond0', id: 100 } },
          ],
        },
      },
    };
    const nadOnBond = {
      apiVersion: 'k8s.cni.cncf.io/v1',
      kind: 'NetworkAttachmentDefinition',
      metadata: { namespace: 'blue', name: 'storage' },
      spec: { config: JSON.stringify({ type: 'macvlan', master: 'bond0.100' }) },
    };
    const bondInputs: PortImpactInputs = {
      ...inputs,
      nodeNetworkStates: [bondNns],
      policies: [],
      nads: [nadOnBond],
      pods: [
        {
          metadata: {
            name: 'db',
            namespace: 'blue',
            annotations: { 'k8s.v1.cni.cncf.io/networks': 'storage' },
          },
          spec: { nodeName: 'worker-0' },
          status: { phase: 'Running' },
        },
      ],
    };

    void it('warns when a member moves to a config its peer does not share', () => {
      // eno3 (by MAC) is on access-a, eno2 on none; moving eno3 to trunk-a leaves eno2 behind.
      const impact = computePortImpact(
        { host: host0, nic: { name: 'eno3' }, attachment: { name: 'trunk-a' } },
        bondInputs,
      );
      assert.deepEqual(impact.bondPeers, ['eno2']);
      const f = impact.findings.find((x) => x.code === 'impact.bondPeerMismatch');
      assert.deepEqual(f?.params, {
        nic: 'eno3',
        bond: 'bond0',
        peer: 'eno2',
        peerAttachment: '',
        attachment: `${NS}/trunk-a`,
      });
      // The macvlan on bond0.100 needs VLAN 100 on every member: trunk-a allows it.
      const storage = impact.needs.find((n) => n.consumer.name === 'storage');
      assert.deepEqual(storage?.added, [{ min: 100, max: 100 }]);
    });

    void it('is quiet when the peers share the config', () => {
      const peersOnTrunk: BareMetalHost = {
        ...host0,
        spec: {
          ...host0.spec,
          networkInterfaces: [
            { name: 'eno2', hostNetworkAttachment: { name: 'trunk-a' } },
            { name: 'eno3', hostNetworkAttachment: { name: 'access-a' } },
          ],
        },
      };
      const impact = computePortImpact(
        { host: peersOnTrunk, nic: { name: 'eno3' }, attachment: { name: 'trunk-a' } },
        { ...bondInputs, bareMetalHosts: [peersOnTrunk] },
      );
      assert.ok(!impact.findings.some((x) => x.code === 'impact.bondPeerMismatch'));
    });
  });

  void it('without a node: an info note, or a stand-in node whose needs are all assumed', () => {
    const alone = { ...inputs, nodes: [] };
    const none = computePortImpact(
      { host: host0, nic: { name: 'eno1' }, attachment: { name: 'access-a' } },
      alone,
    );
    assert.deepEqual(
      none.findings.map((f) => f.code),
      ['impact.provisioningVlanDropped', 'impact.noNode'],
    );
    const standIn = computePortImpact(
      { host: host0, nic: { name: 'eno1' }, attachment: { name: 'access-a' } },
      { ...alone, standInNode: true },
    );
    // vlan200 selects workers only, but the stand-in applies every policy; all one severity lower.
    assert.ok(standIn.findings.every((f) => f.severity !== 'error'));
    assert.ok(
      standIn.findings.some(
        (f) => f.code === 'impact.vlanDropped' && f.params.consumer === 'vlan204',
      ),
    );
  });
});
