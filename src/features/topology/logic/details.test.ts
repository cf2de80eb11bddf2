import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  enactments,
  lldpNeighbor,
  policies,
  TOR1_CHASSIS,
  worker0,
} from '../__fixtures__/topologyFixtures';
import { getInterfaceDetails } from './details';
import { indexEnactments } from './enactments';
import { decodeLldpNeighbor } from './lldp';

const context = { enactmentIndex: indexEnactments(enactments), policies };

void describe('getInterfaceDetails', () => {
  void it('lists every address with its origin', () => {
    const d = getInterfaceDetails(worker0, 'worker-0/br-ex/ovs-interface', context);
    assert.ok(d);
    assert.deepEqual(
      d.addresses.map((a) => `${a.ip}/${String(a.prefixLength)} ${a.origin}`),
      [
        '10.0.0.5/24 dhcp',
        '169.254.169.2/29 link-local',
        'fd00:1101::5/64 autoconf',
        'fe80::2204:fff:fefb:a098/64 link-local',
      ],
    );
    assert.deepEqual(
      d.routes.map((r) => `${r.source} ${r.destination ?? ''}`),
      ['running 0.0.0.0/0'],
    );
    assert.equal(d.raw.name, 'br-ex');
  });

  void it('bond mode, options, ports, routes and policies with phases', () => {
    const d = getInterfaceDetails(worker0, { name: 'bond0', type: 'bond' }, context);
    assert.ok(d);
    assert.deepEqual(d.bond, {
      mode: '802.3ad',
      options: { miimon: '100', lacp_rate: 'fast' },
      ports: ['eno2', 'eno3'],
    });
    assert.deepEqual(
      d.addresses.map((a) => a.origin),
      ['static', 'static'],
    );
    assert.deepEqual(
      d.routes.map((r) => r.source),
      ['running', 'config'],
    );
    assert.deepEqual(
      d.policies.map((p) => `${p.policy} ${p.phase} ${p.relation}`),
      [
        'bond0-policy Available manages',
        'br1-policy Failing touches',
        'mtu-policy Available manages',
      ],
    );
    const failing = d.policies[1];
    assert.ok(failing);
    assert.equal(failing.enactment, 'worker-0.br1-policy');
    assert.match(failing.message ?? '', /InvalidArgument/u);
  });

  void it('bridge options and port VLANs', () => {
    const d = getInterfaceDetails(worker0, { name: 'br1' }, context);
    assert.ok(d?.bridge);
    assert.deepEqual(d.bridge.ports, ['bond0.100', 'veth1']);
    assert.deepEqual(d.bridge.portVlans, [
      {
        port: 'bond0.100',
        mode: 'trunk',
        enableNative: false,
        trunkIds: [300],
        trunkRanges: [{ min: 400, max: 410 }],
      },
      { port: 'veth1', mode: 'access', tag: 300, trunkIds: [], trunkRanges: [] },
    ]);
  });

  void it('VLAN, lower interfaces, ethtool, SR-IOV and LLDP', () => {
    assert.deepEqual(getInterfaceDetails(worker0, { name: 'bond0.100' }, context)?.vlan, {
      id: 100,
      baseIface: 'bond0',
      protocol: '802.1q',
    });
    assert.equal(
      getInterfaceDetails(worker0, { name: 'macvlan0' }, context)?.lower?.baseIface,
      'ens1f0',
    );
    const eno1 = getInterfaceDetails(worker0, 'worker-0/eno1/ethernet', context);
    assert.ok(eno1);
    assert.deepEqual(eno1.ethtool, { on: ['rx-gro', 'tx-tcp-segmentation'], off: ['rx-lro'] });
    assert.equal(eno1.lldp.enabled, true);
    assert.equal(eno1.lldp.neighbors.length, 1, 'duplicate neighbours merged');
    assert.equal(eno1.lldp.neighbors[0]?.portId, 'xe-0/0/19');
    const ens = getInterfaceDetails(worker0, { name: 'ens1f0', type: 'ethernet' }, context);

    assert.ok(ens);
    assert.ok(ens.sriov);
    assert.equal(ens.sriov.totalVfs, 4);
    assert.equal(ens.sriov.vfs.length, 2);
    assert.deepEqual(
      ens.addresses.map((a) => a.origin),
      ['link-local', 'static'],
    );
  });

  void it('returns undefined for a missing interface and handles the unknown type', () => {
    assert.equal(getInterfaceDetails(worker0, { name: 'nope' }, context), undefined);
    const wg = getInterfaceDetails(worker0, { name: 'wg0', type: 'wireguard' }, context);
    assert.ok(wg);
    assert.equal(wg.type, 'unknown');
    assert.equal(wg.rawType, 'wireguard');
  });
});

void describe('decodeLldpNeighbor', () => {
  void it('decodes the TLVs', () => {
    const n = decodeLldpNeighbor(lldpNeighbor('tor-1', TOR1_CHASSIS, 'xe-0/0/19', [204, 100]));
    assert.deepEqual(n, {
      chassisId: TOR1_CHASSIS,
      chassisIdType: 4,
      portId: 'xe-0/0/19',
      portIdType: 5,
      systemName: 'tor-1',
      systemDescription: 'Juniper Networks, Inc. qfx5100-48s-6q Ethernet Switch',
      capabilities: ['MAC Bridge component', 'Router'],
      managementAddresses: ['10.47.246.241'],
      vlans: [
        { id: 100, name: 'vlan-100' },
        { id: 204, name: 'vlan-204' },
      ],
      maxFrameSize: 9216,
      unknownTlvCount: 0,
    });
  });

  void it('tolerates garbage', () => {
    assert.deepEqual(decodeLldpNeighbor('x'), {
      capabilities: [],
      managementAddresses: [],
      vlans: [],
      unknownTlvCount: 0,
    });
    assert.equal(
      decodeLldpNeighbor([null, { type: 99 }, { type: 127, subtype: 9 }]).unknownTlvCount,
      3,
    );
  });
});
