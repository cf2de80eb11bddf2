import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  broadcastAddress,
  compareIp,
  contains,
  firstUsable,
  formatCidr,
  formatIp,
  getSpecialRanges,
  hostBitsSet,
  ipInRange,
  lastUsable,
  networkAddress,
  overlaps,
  parseCidr,
  parseIp,
  rangeSize,
  toCidr,
  toIp,
  type Cidr,
  type IpAddress,
} from './cidr';

const ip = (t: string): IpAddress => {
  const v = toIp(t);
  assert.ok(v, t);
  return v;
};
const cidr = (t: string): Cidr => {
  const v = toCidr(t);
  assert.ok(v, t);
  return v;
};

describe('parseIp', () => {
  const valid: [string, string][] = [
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
    ['10.0.0.1', '10.0.0.1'],
    ['::', '::'],
    ['::1', '::1'],
    ['2001:DB8::1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['::ffff:192.0.2.1', '::ffff:192.0.2.1'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221'],
    ['1::', '1::'],
    ['fd98::', 'fd98::'],
  ];
  for (const [text, canonical] of valid) {
    it(`accepts ${text}`, () => assert.equal(formatIp(ip(text)), canonical));
  }
  const invalid: [unknown, string][] = [
    ['', 'empty'],
    [42, 'notString'],
    ['010.0.0.1', 'invalidIpv4'],
    ['1.2.3', 'invalidIpv4'],
    ['1.2.3.4.5', 'invalidIpv4'],
    ['256.0.0.1', 'invalidIpv4'],
    ['1.2.3.-1', 'invalidIpv4'],
    ['0x1.2.3.4', 'invalidIpv4'],
    [' 1.2.3.4', 'invalidIpv4'],
    ['1:2:3:4:5:6:7:8:9', 'invalidIpv6'],
    ['1:2:3:4:5:6:7', 'invalidIpv6'],
    [':::', 'invalidIpv6'],
    ['1::2::3', 'invalidIpv6'],
    [':1::', 'invalidIpv6'],
    ['1:2:3:4:5:6:7::8', 'invalidIpv6'],
    ['12345::', 'invalidIpv6'],
    ['::1.2.3.4:1', 'invalidIpv6'],
    ['g::', 'invalidIpv6'],
    ['fe80::1%eth0', 'zoneId'],
  ];
  for (const [text, code] of invalid) {
    it(`rejects ${String(text)}`, () =>
      assert.deepEqual(parseIp(text), { ok: false, error: code }));
  }
});

describe('parseCidr', () => {
  it('parses and reports errors as results', () => {
    assert.deepEqual(parseCidr('10.0.0.0/8'), {
      ok: true,
      value: { family: 4, address: 0x0a000000n, prefix: 8 },
    });
    assert.deepEqual(parseCidr('10.0.0.0'), { ok: false, error: 'missingPrefix' });
    assert.deepEqual(parseCidr('10.0.0.0/33'), { ok: false, error: 'invalidPrefix' });
    assert.deepEqual(parseCidr('10.0.0.0/08'), { ok: false, error: 'invalidPrefix' });
    assert.deepEqual(parseCidr('10.0.0.0/'), { ok: false, error: 'invalidPrefix' });
    assert.deepEqual(parseCidr('::/129'), { ok: false, error: 'invalidPrefix' });
    assert.deepEqual(parseCidr('999.1.1.1/24'), { ok: false, error: 'invalidIpv4' });
    assert.equal(parseCidr('2001:db8::/32').ok, true);
  });
});

describe('prefix math', () => {
  it('computes IPv4 bounds', () => {
    const c = cidr('192.168.1.77/24');
    assert.equal(hostBitsSet(c), true);
    assert.equal(formatIp(networkAddress(c)), '192.168.1.0');
    assert.equal(formatIp(broadcastAddress(c)), '192.168.1.255');
    assert.equal(formatIp(firstUsable(c)), '192.168.1.1');
    assert.equal(formatIp(lastUsable(c)), '192.168.1.254');
    assert.equal(rangeSize(c), 256n);
    assert.equal(formatCidr(c, true), '192.168.1.0/24');
    assert.equal(formatCidr(c), '192.168.1.77/24');
  });
  it('treats /31 and /32 as fully usable', () => {
    assert.equal(formatIp(firstUsable(cidr('10.0.0.0/31'))), '10.0.0.0');
    assert.equal(formatIp(lastUsable(cidr('10.0.0.0/31'))), '10.0.0.1');
    assert.equal(formatIp(lastUsable(cidr('10.0.0.5/32'))), '10.0.0.5');
  });
  it('computes IPv6 bounds without a broadcast address', () => {
    const c = cidr('2001:db8::/64');
    assert.equal(hostBitsSet(c), false);
    assert.equal(formatIp(firstUsable(c)), '2001:db8::1');
    assert.equal(formatIp(lastUsable(c)), '2001:db8::ffff:ffff:ffff:ffff');
    assert.equal(rangeSize(c), 1n << 64n);
  });
  it('compares and contains', () => {
    assert.equal(contains(cidr('10.0.0.0/8'), cidr('10.1.0.0/16')), true);
    assert.equal(contains(cidr('10.1.0.0/16'), cidr('10.0.0.0/8')), false);
    assert.equal(contains(cidr('10.0.0.0/8'), ip('10.2.3.4')), true);
    assert.equal(contains(cidr('::/0'), ip('10.2.3.4')), false);
    assert.equal(overlaps(cidr('10.0.0.0/8'), cidr('10.255.0.0/16')), true);
    assert.equal(overlaps(cidr('10.0.0.0/16'), cidr('10.1.0.0/16')), false);
    assert.equal(compareIp(ip('10.0.0.1'), ip('::1')), -1);
    assert.equal(compareIp(ip('10.0.0.2'), ip('10.0.0.1')), 1);
    assert.equal(ipInRange(ip('10.0.0.5'), ip('10.0.0.1'), ip('10.0.0.9')), true);
    assert.equal(ipInRange(ip('10.0.0.10'), ip('10.0.0.1'), ip('10.0.0.9')), false);
  });
  it('classifies special ranges', () => {
    assert.deepEqual(
      getSpecialRanges(cidr('127.0.0.0/24')).map((s) => s.kind),
      ['loopback'],
    );
    assert.deepEqual(getSpecialRanges(cidr('10.0.0.0/24')), []);
    assert.deepEqual(
      getSpecialRanges(cidr('fe80::/64')).map((s) => s.kind),
      ['linkLocal'],
    );
  });
});

const v4 = fc
  .integer({ min: 0, max: 0xffffffff })
  .map((n): IpAddress => ({ family: 4, value: BigInt(n) }));
const v6 = fc
  .bigInt({ min: 0n, max: (1n << 128n) - 1n })
  .map((n): IpAddress => ({ family: 6, value: n }));
// Sparse IPv6 values exercise `::` compression, which uniform values almost never hit.
const v6sparse = fc
  .array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff })), {
    minLength: 8,
    maxLength: 8,
  })
  .map((gs): IpAddress => ({ family: 6, value: gs.reduce((a, g) => (a << 16n) | BigInt(g), 0n) }));
const anyIp = fc.oneof(v4, v6, v6sparse);
const anyCidr = anyIp.chain((a) =>
  fc
    .integer({ min: 0, max: a.family === 4 ? 32 : 128 })
    .map((prefix): Cidr => ({ family: a.family, address: a.value, prefix })),
);

describe('properties', () => {
  it('parse ∘ format is the identity on addresses', () => {
    fc.assert(
      fc.property(anyIp, (a) => {
        const text = formatIp(a);
        assert.deepEqual(parseIp(text), { ok: true, value: a });
        assert.equal(text, text.toLowerCase());
      }),
      { numRuns: 2000 },
    );
  });
  it('parse ∘ format is the identity on prefixes', () => {
    fc.assert(
      fc.property(anyCidr, (c) => {
        assert.deepEqual(parseCidr(formatCidr(c)), { ok: true, value: c });
      }),
    );
  });
  it('contains implies overlaps, and overlaps is symmetric', () => {
    fc.assert(
      fc.property(anyCidr, anyCidr, (a, b) => {
        if (contains(a, b)) assert.equal(overlaps(a, b), true);
        assert.equal(overlaps(a, b), overlaps(b, a));
        // Prefixes either nest or are disjoint.
        if (overlaps(a, b)) assert.ok(contains(a, b) || contains(b, a));
        assert.equal(contains(a, networkAddress(a)), true);
        assert.equal(contains(a, broadcastAddress(a)), true);
      }),
    );
  });
  it('garbage never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9a-fA-F:.%/]{0,45}$/)), (s) => {
        parseIp(s);
        parseCidr(s);
      }),
      { numRuns: 3000 },
    );
  });
});
