import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../shared/model/k8s';
import { GOOD, makeNad } from '../__fixtures__/nads';
import { isManagedNad } from './managed';
import { applyQuickFix } from './quickFix';
import { getPodsUsingNad, parseNetworkStatus } from './podNetworks';
import { summarizeNad } from './summary';

const pod = (name: string, annotations: Record<string, string>): Pod => ({
  metadata: { name, namespace: 'demo', annotations },
});

describe('summarizeNad', () => {
  it('summarises plugin, IPAM, subnets of both families and VLAN', () => {
    const nad = GOOD.bridgeHostLocal;
    assert.ok(nad);
    assert.deepEqual(summarizeNad(nad), {
      cniTypes: ['bridge'],
      primaryType: 'bridge',
      ipamType: 'host-local',
      subnetsV4: ['192.168.50.0/24'],
      subnetsV6: ['fd00:50::/64'],
      bridge: 'br1',
      networkName: 'bridge-hl',
    });
    const l = summarizeNad(GOOD.ovnLocalnet ?? makeNad('x', ''));
    assert.equal(l.physicalNetwork, 'physnet-a');
    assert.equal(l.vlan, 120);
    assert.deepEqual(summarizeNad(GOOD.conflistTuning ?? makeNad('x', '')).cniTypes, [
      'macvlan',
      'tuning',
    ]);
    assert.equal(summarizeNad(makeNad('x', '{')).problem, 'configUnparsable');
  });
});

describe('network status', () => {
  const status = JSON.stringify([
    { name: 'ovn-kubernetes', interface: 'eth0', ips: ['10.128.0.5'], default: true },
    {
      name: 'demo/macvlan-wa',
      interface: 'net1',
      ips: ['192.168.20.10'],
      mac: '02:00:00:00:00:01',
      gateway: ['\u003cnil\u003e'],
    },
  ]);
  it('parses entries and flags <nil> gateways', () => {
    const r = parseNetworkStatus(pod('p', { 'k8s.v1.cni.cncf.io/network-status': status }));
    assert.ok(r.ok);
    assert.equal(r.entries[1]?.nilGateway, true);
    assert.equal(r.entries[0]?.default, true);
    assert.deepEqual(parseNetworkStatus(pod('p', { 'k8s.v1.cni.cncf.io/network-status': '{' })), {
      ok: false,
      reason: 'invalidJson',
    });
    assert.deepEqual(parseNetworkStatus(pod('p', {})), { ok: false, reason: 'missing' });
  });
  it('finds pods using a NAD and pods whose attachment is pending', () => {
    const nad = GOOD.macvlanWhereabouts;
    assert.ok(nad);
    const pods = [
      pod('a', {
        'k8s.v1.cni.cncf.io/networks': 'macvlan-wa',
        'k8s.v1.cni.cncf.io/network-status': status,
      }),
      pod('b', { 'k8s.v1.cni.cncf.io/networks': '[{"name":"macvlan-wa","namespace":"demo"}]' }),
      pod('c', { 'k8s.v1.cni.cncf.io/networks': 'other/macvlan-wa@net2' }),
    ];
    const used = getPodsUsingNad(pods, nad);
    assert.deepEqual(
      used.map((u) => [u.pod.metadata.name, u.pending, u.status.length]),
      [
        ['a', false, 1],
        ['b', true, 0],
      ],
    );
  });
  // multus-cni pkg/k8sclient/k8sclient.go parsePodNetworkAnnotation rejects the whole annotation
  // when one comma item is not a DNS-1123 name, so no attachment is requested at all.
  it('an annotation Multus rejects requests none of its networks', () => {
    const nad = GOOD.macvlanWhereabouts;
    assert.ok(nad);
    const pods = [
      pod('d', { 'k8s.v1.cni.cncf.io/networks': 'macvlan-wa, Other_Net' }),
      pod('e', { 'k8s.v1.cni.cncf.io/networks': 'macvlan-wa, other-net' }),
    ];
    assert.deepEqual(
      getPodsUsingNad(pods, nad).map((u) => u.pod.metadata.name),
      ['e'],
    );
  });
});

describe('isManagedNad', () => {
  it('recognises UDN, CUDN and SR-IOV operator owners', () => {
    const udn = makeNad('u', '{}');
    udn.metadata.ownerReferences = [
      { apiVersion: 'k8s.ovn.org/v1', kind: 'UserDefinedNetwork', name: 'u', uid: '1' },
    ];
    assert.deepEqual(isManagedNad(udn), {
      managed: true,
      manager: 'UserDefinedNetwork',
      owner: {
        apiVersion: 'k8s.ovn.org/v1',
        kind: 'UserDefinedNetwork',
        name: 'u',
        namespace: 'demo',
      },
    });
    const sriov = makeNad('s', '{}', {
      annotations: {
        'sriovnetwork.openshift.io/owner-ref':
          'SriovNetwork.sriovnetwork.openshift.io/openshift-sriov-network-operator/s',
      },
    });
    assert.equal(isManagedNad(sriov).manager, 'SriovOperator');
    assert.equal(isManagedNad(sriov).owner?.namespace, 'openshift-sriov-network-operator');
    assert.deepEqual(isManagedNad(makeNad('x', '{}')), { managed: false });
  });
});

describe('applyQuickFix', () => {
  const text =
    '{\n  "type": "macvlan",\n  "ipam": {\n    "type": "whereabouts",\n    "rangeStart": "10.0.0.5",\n    "range": "10.0.0.0/24"\n  }\n}';
  it('renames a key in place', () => {
    const r = applyQuickFix(text, {
      kind: 'rename-key',
      path: '$.ipam.rangeStart',
      to: 'range_start',
    });
    assert.ok(r.ok);
    assert.deepEqual(Object.keys((JSON.parse(r.text) as { ipam: object }).ipam), [
      'type',
      'range_start',
      'range',
    ]);
  });
  it('appends, moves, replaces and removes', () => {
    let r = applyQuickFix(text, { kind: 'append', path: '$.ipam.exclude', value: '10.0.0.1/32' });
    assert.ok(r.ok && r.text.includes('"exclude": [\n      "10.0.0.1/32"'));
    r = applyQuickFix(text, {
      kind: 'move',
      from: '$.ipam.rangeStart',
      path: '$.ipam.range_start',
    });
    assert.ok(r.ok && !r.text.includes('rangeStart'));
    r = applyQuickFix(text, { kind: 'replace', path: '$.ipam.range', value: '10.0.1.0/24' });
    assert.ok(r.ok && r.text.includes('10.0.1.0/24'));
    r = applyQuickFix(text, { kind: 'remove', path: '$.ipam' });
    assert.ok(r.ok);
    assert.equal(r.text, '{\n  "type": "macvlan"\n}');
    assert.deepEqual(applyQuickFix('{', { kind: 'remove', path: '$.a' }), {
      ok: false,
      reason: 'unparsable',
    });
  });
});
