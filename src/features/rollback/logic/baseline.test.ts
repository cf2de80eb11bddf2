import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildRevisionBaseline, getRevisionBaseline, sliceStateForPolicy } from './baseline';
import { makeEnactment } from '../../policies/__fixtures__/enactmentFixtures';
import { makeNodeState } from '../../policies/__fixtures__/clusterFixtures';
import { routePolicy, vlanPolicy } from '../../policies/__fixtures__/policyFixtures';
import type { NetworkState } from '../../../shared/model/nmstate';

const withVlan = (octet: number): NetworkState =>
  makeNodeState(octet, {
    extraInterfaces: [
      { name: 'ens4.102', type: 'vlan', state: 'up', vlan: { 'base-iface': 'ens4', id: 102 } },
    ],
  });

void describe('sliceStateForPolicy', () => {
  void it('keeps only the interfaces, routes and DNS the policy touches', () => {
    const s = sliceStateForPolicy(vlanPolicy.spec, makeNodeState(1));
    assert.deepEqual(
      s.interfaces?.map((i) => i.name),
      ['ens4'],
    );
    assert.equal(s.routes, undefined);
    const r = sliceStateForPolicy(routePolicy.spec, makeNodeState(1));
    assert.ok(r.routes?.config?.every((x) => x.destination === '198.51.100.0/24'));
  });
});

void describe('buildRevisionBaseline', () => {
  void it('records nodes the policy has not applied to yet, never applied ones', () => {
    const states = new Map([
      ['w1', makeNodeState(1)],
      ['w2', withVlan(2)],
      ['w3', makeNodeState(3)],
      ['w4', makeNodeState(4)],
    ]);
    const baseline = buildRevisionBaseline(vlanPolicy, ['w1', 'w2', 'w3', 'w4'], states, [
      makeEnactment('w2', 'vlan-102', 'available'),
      makeEnactment('w3', 'vlan-102', 'failing'),
      makeEnactment('w4', 'vlan-102', 'pending'),
    ]);
    assert.deepEqual(Object.keys(baseline), ['w1', 'w3', 'w4']);
  });
});

void describe('getRevisionBaseline', () => {
  void it('reads well-formed baselines and ignores garbage', () => {
    assert.deepEqual(getRevisionBaseline({ data: { baseline: { w1: { interfaces: [] } } } }), {
      w1: { interfaces: [] },
    });
    assert.deepEqual(getRevisionBaseline({ data: { baseline: 'x' } }), {});
    assert.deepEqual(getRevisionBaseline({ data: { baseline: { w1: { interfaces: 3 } } } }), {});
    assert.deepEqual(getRevisionBaseline(null), {});
  });
});
