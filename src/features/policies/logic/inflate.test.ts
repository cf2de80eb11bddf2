import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync, gzipSync, constants } from 'node:zlib';
import fc from 'fast-check';
import { decodeBase64, gunzip, inflateRaw } from './inflate';

const text = (b: Uint8Array): string => new TextDecoder().decode(b);
const LOG = Array.from(
  { length: 200 },
  (_, i) =>
    `[2025-11-03T10:00:${String(i % 60).padStart(2, '0')}Z INFO  nmstate::nm] line ${i} ${'x'.repeat(i % 17)}`,
).join('\n');

void describe('inflate', () => {
  void it('decodes gzip with dynamic Huffman blocks', () => {
    const r = gunzip(gzipSync(LOG));
    assert.ok(r.ok);
    assert.equal(text(r.data), LOG);
  });
  void it('decodes fixed-Huffman and stored blocks', () => {
    for (const strategy of [constants.Z_FIXED, constants.Z_DEFAULT_STRATEGY]) {
      const r = inflateRaw(deflateRawSync(LOG, { strategy }));
      assert.ok(r.ok);
      assert.equal(text(r.data), LOG);
    }
    const stored = inflateRaw(deflateRawSync(LOG, { level: 0 }));
    assert.ok(stored.ok);
    assert.equal(text(stored.data), LOG);
  });
  void it('decodes concatenated members', () => {
    const r = gunzip(Buffer.concat([gzipSync('a\n'), gzipSync('b\n')]));
    assert.ok(r.ok);
    assert.equal(text(r.data), 'a\nb\n');
  });
  void it('rejects non-gzip, truncated and corrupted input', () => {
    assert.deepEqual(gunzip(new Uint8Array([1, 2, 3])), { ok: false, error: 'format' });
    const gz = gzipSync(LOG);
    const truncated = gunzip(gz.subarray(0, gz.length - 20));
    assert.equal(truncated.ok, false);
    const flipped = Uint8Array.from(gz);
    flipped[gz.length - 6] = (flipped[gz.length - 6] ?? 0) ^ 0xff;
    assert.deepEqual(gunzip(flipped), { ok: false, error: 'checksum' });
  });
  void it('caps output size (zip bombs)', () => {
    assert.deepEqual(gunzip(gzipSync(Buffer.alloc(1_000_000)), 10_000), {
      ok: false,
      error: 'tooLarge',
    });
  });
  void it('matches zlib on random data', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 3000 }),
        fc.integer({ min: 0, max: 9 }),
        (bytes, level) => {
          const r = gunzip(gzipSync(bytes, { level }));
          assert.ok(r.ok);
          assert.deepEqual(Buffer.from(r.data), Buffer.from(bytes));
        },
      ),
      { numRuns: 100 },
    );
  });
});

void describe('decodeBase64', () => {
  void it('round-trips with Buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        assert.deepEqual(
          Buffer.from(decodeBase64(Buffer.from(bytes).toString('base64')) ?? []),
          Buffer.from(bytes),
        );
      }),
    );
  });
  void it('rejects non-base64', () => {
    assert.equal(decodeBase64('not base64!'), null);
  });
});
