import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BAD, GOOD, makeNad } from '../__fixtures__/nads';
import { getEffectiveConfig } from './effectiveConfig';

describe('getEffectiveConfig', () => {
  it('drops host-local top-level keys next to ranges and fills defaults', () => {
    const nad = BAD.hostLocalTopLevel?.nad;
    assert.ok(nad);
    const r = getEffectiveConfig(nad);
    assert.ok(r.ok);
    assert.deepEqual((r.config.ipam as Record<string, unknown>).ranges, [
      [
        {
          subnet: '10.10.0.0/24',
          rangeStart: '10.10.0.1',
          rangeEnd: '10.10.0.254',
          gateway: '10.10.0.1',
        },
      ],
    ]);
    assert.equal((r.config.ipam as Record<string, unknown>).gateway, undefined);
    const codes = r.notes.map((n) => n.code);
    assert.ok(codes.includes('effective.hostLocal.topLevelDropped'));
    assert.ok(codes.includes('effective.hostLocal.gatewayDefaulted'));
  });
  it('prepends a top-level subnet as a range set', () => {
    const r = getEffectiveConfig(
      makeNad('n', {
        cniVersion: '0.3.1',
        type: 'bridge',
        ipam: { type: 'host-local', subnet: '10.1.0.0/24', ranges: [[{ subnet: '10.2.0.0/24' }]] },
      }),
    );
    assert.ok(r.ok);
    const ranges = (r.config.ipam as { ranges: { subnet: string }[][] }).ranges;
    assert.deepEqual(
      ranges.map((s) => s[0]?.subnet),
      ['10.1.0.0/24', '10.2.0.0/24'],
    );
    assert.equal(r.config.name, 'n');
    assert.equal(r.config.bridge, 'cni0');
    assert.ok(r.notes.some((n) => n.code === 'effective.nameInjected'));
  });
  it('drops whereabouts camelCase keys and folds the range into ipRanges', () => {
    const nad = BAD.whereaboutsCamel?.nad;
    assert.ok(nad);
    const r = getEffectiveConfig(nad);
    assert.ok(r.ok);
    const ipam = r.config.ipam as Record<string, unknown>;
    assert.equal(ipam.rangeStart, undefined);
    assert.equal(ipam.range, undefined);
    assert.deepEqual(ipam.ipRanges, [{ range: '192.168.30.0/24', exclude: ['192.168.30.1'] }]);
    assert.equal(ipam.enable_overlapping_ranges, true);
    const codes = r.notes.map((n) => n.code);
    for (const c of [
      'effective.whereabouts.keyDropped',
      'effective.whereabouts.rangesMerged',
      'effective.whereabouts.rangeNormalized',
    ]) {
      assert.ok(codes.includes(c as never), c);
    }
  });
  it('ignores plugins next to a root type and IPAM without type', () => {
    const r = getEffectiveConfig(
      makeNad('n', {
        name: 'n',
        cniVersion: '0.3.1',
        type: 'macvlan',
        master: 'a',
        mode: 'vepa',
        plugins: [],
        ipam: { subnet: 'x' },
      }),
    );
    assert.ok(r.ok);
    assert.equal(r.config.plugins, undefined);
    assert.deepEqual(r.config.ipam, {});
    assert.deepEqual(
      r.notes.map((n) => n.code),
      ['effective.pluginsIgnored', 'effective.ipamIgnored'],
    );
  });
  it('defaults the localnet physical network name and reports unparsable configs', () => {
    const nad = GOOD.ovnLocalnet;
    assert.ok(nad);
    const r = getEffectiveConfig(nad);
    assert.ok(r.ok);
    assert.equal(r.config.physicalNetworkName, 'physnet-a');
    assert.deepEqual(getEffectiveConfig(makeNad('n', '{')), {
      ok: false,
      reason: 'form.configUnparsable',
    });
  });
});
