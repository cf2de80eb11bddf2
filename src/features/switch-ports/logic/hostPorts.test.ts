import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BareMetalHost } from '../../../shared/model/metal3';
import {
  attachments,
  hardware0,
  hna,
  host0,
  nns0,
  NS,
  tor1,
  worker0,
  worker1,
} from '../__fixtures__/switchPortFixtures';
import {
  buildHostPortsViews,
  buildSwitchViews,
  getAppliedConfig,
  getAttachmentUsers,
  getAttachmentVlans,
  getObservedVlans,
} from './hostPorts';
import { format } from './vlanSet';

const inputs = {
  hosts: [host0],
  hardwareData: [hardware0],
  switches: [tor1],
  attachments,
  nodes: [worker0, worker1],
  nodeNetworkStates: [nns0],
};

void describe('buildHostPortsViews', () => {
  void it('joins NICs, attachments, the running node and LLDP VLANs it observes', () => {
    const [view] = buildHostPortsViews(inputs);
    assert.ok(view);
    assert.equal(view.phase, 'tenant');
    assert.equal(view.node?.metadata.name, 'worker-0');
    const eno1 = view.rows.find((r) => r.nic.name === 'eno1');
    assert.ok(eno1);
    assert.equal(eno1.attachment?.metadata.name, 'trunk-a');
    assert.deepEqual(eno1.observedVlans, [100, 204]);
    assert.deepEqual(eno1.applied, { kind: 'unsupported' });
    const eno9 = view.rows.find((r) => r.nic.name === 'eno9');
    assert.equal(eno9?.attachmentMissing, true);
    assert.equal(view.rows.find((r) => r.nic.name === 'eno2')?.observedVlans, undefined);
  });

  void it('a host without hardware data or node still gets rows from its spec', () => {
    const [view] = buildHostPortsViews({ ...inputs, hardwareData: [], nodes: [] });
    assert.ok(view);
    assert.equal(view.node, undefined);
    assert.deepEqual(
      view.notes.map((n) => n.code),
      ['bmh.noHardwareData'],
    );
    assert.ok(view.rows.length === 3);
  });
});

void describe('getAppliedConfig', () => {
  const nic = { name: 'eno1', mac: '20:04:0f:fb:a0:98', ips: [], lldpVlans: [], notes: [] };
  void it('distinguishes unsupported, nothing applied and applied', () => {
    assert.deepEqual(getAppliedConfig(host0, nic), { kind: 'unsupported' });
    const none: BareMetalHost = {
      ...host0,
      status: { ...host0.status, appliedNetworkAttachmentConfigs: [] },
    };
    assert.deepEqual(getAppliedConfig(none, nic), { kind: 'none' });
    const applied: BareMetalHost = {
      ...host0,
      status: {
        ...host0.status,
        appliedNetworkAttachmentConfigs: [
          {
            name: 'eno1',
            switchPortConfig: { mode: 'trunk', nativeVLAN: 10, allowedVLANs: [100, 101] },
          },
        ],
      },
    };
    assert.deepEqual(getAppliedConfig(applied, nic), {
      kind: 'applied',
      config: { mode: 'trunk', nativeVLAN: 10, allowedVLANs: [100, 101] },
    });
  });
});

void describe('getObservedVlans', () => {
  void it('matches by name, then MAC; undefined without a VLAN TLV', () => {
    assert.deepEqual(getObservedVlans(nns0, { name: 'eno1' }), [100, 204]);
    assert.deepEqual(getObservedVlans(nns0, { name: 'x', mac: '20:04:0f:fb:a0:98' }), [100, 204]);
    assert.equal(getObservedVlans(nns0, { name: 'eno3' }), undefined);
    assert.equal(getObservedVlans(undefined, { name: 'eno1' }), undefined);
  });
});

void describe('switch views and attachment users', () => {
  void it('lists a switch with its cabled ports, hosts and VLANs', () => {
    const [view] = buildSwitchViews(inputs);
    assert.ok(view);
    assert.deepEqual(
      view.ports.map((p) => `${p.portID} ${p.nic} ${p.source} ${p.attachment?.name ?? '-'}`),
      ['xe-0/0/19 eno1 lldp trunk-a', 'xe-0/0/21 eno3 override access-a'],
    );
    assert.deepEqual(view.hosts, [{ namespace: NS, name: 'host-0' }]);
    assert.equal(format(view.vlans), '10,100-110,204,300');
  });

  void it('access attachments let only the native VLAN through', () => {
    assert.equal(format(getAttachmentVlans(hna('a', { mode: 'access', nativeVLAN: 5 }))), '5');
  });

  void it('finds every interface referencing an attachment', () => {
    assert.deepEqual(
      getAttachmentUsers({ metadata: { name: 'access-a', namespace: NS } }, [host0]).map(
        (u) => `${u.host.name}[${u.iface}]#${u.index}`,
      ),
      ['host-0[20:04:0F:FB:A0:9A]#1'],
    );
    assert.deepEqual(getAttachmentUsers({ metadata: { name: 'x', namespace: NS } }, [host0]), []);
  });
});
