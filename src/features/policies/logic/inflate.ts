// A small synchronous DEFLATE/gzip decoder (RFC 1951/1952). The handler may store its full log
// gzip+base64 encoded; we decode it in pure code because (1) `node:zlib` is not available in the
// browser bundle, (2) `DecompressionStream` is asynchronous, while the extraction runs during
// render, in the CLI and in the sandbox alike, and (3) the logs are small (kilobytes), so speed
// does not matter. Output is capped so a crafted blob cannot exhaust memory.

export type InflateResult =
  | { ok: true; data: Uint8Array }
  | { ok: false; error: 'format' | 'corrupt' | 'tooLarge' | 'checksum' };

class InflateFailure extends Error {
  constructor(readonly reason: 'format' | 'corrupt' | 'tooLarge' | 'checksum') {
    super(reason);
  }
}

interface Huffman {
  counts: Uint16Array;
  symbols: Uint16Array;
}

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
  163, 195, 227, 258,
];
const LENGTH_EXTRA = [
  0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
  3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

const buildHuffman = (lengths: ArrayLike<number>): Huffman => {
  const counts = new Uint16Array(16);
  for (let i = 0; i < lengths.length; i++)
    counts[lengths[i] ?? 0] = (counts[lengths[i] ?? 0] ?? 0) + 1;
  counts[0] = 0;
  const offsets = new Uint16Array(16);
  for (let i = 1; i < 16; i++) offsets[i] = (offsets[i - 1] ?? 0) + (counts[i - 1] ?? 0);
  const symbols = new Uint16Array(lengths.length);
  for (let i = 0; i < lengths.length; i++) {
    const len = lengths[i] ?? 0;
    if (len !== 0) {
      const at = offsets[len] ?? 0;
      symbols[at] = i;
      offsets[len] = at + 1;
    }
  }
  return { counts, symbols };
};

const fixedTables = (): { lit: Huffman; dist: Huffman } => {
  const lengths = new Uint8Array(288);
  lengths.fill(8, 0, 144);
  lengths.fill(9, 144, 256);
  lengths.fill(7, 256, 280);
  lengths.fill(8, 280, 288);
  return { lit: buildHuffman(lengths), dist: buildHuffman(new Uint8Array(30).fill(5)) };
};

class Inflater {
  private pos: number;
  private bitBuf = 0;
  private bitCount = 0;
  private out: Uint8Array;
  private outLen = 0;

  constructor(
    private readonly input: Uint8Array,
    start: number,
    private readonly maxOutput: number,
  ) {
    this.pos = start;
    this.out = new Uint8Array(Math.min(Math.max(1024, input.length * 4), maxOutput || 1));
  }

  get position(): number {
    return this.pos;
  }

  private bits(n: number): number {
    while (this.bitCount < n) {
      const byte = this.input[this.pos];
      if (byte === undefined) throw new InflateFailure('corrupt');
      this.pos += 1;
      this.bitBuf |= byte << this.bitCount;
      this.bitCount += 8;
    }
    const v = this.bitBuf & ((1 << n) - 1);
    this.bitBuf >>>= n;
    this.bitCount -= n;
    return v;
  }

  private push(byte: number): void {
    if (this.outLen >= this.out.length) {
      if (this.out.length >= this.maxOutput) throw new InflateFailure('tooLarge');
      const grown = new Uint8Array(Math.min(this.out.length * 2, this.maxOutput));
      grown.set(this.out);
      this.out = grown;
    }
    this.out[this.outLen++] = byte;
  }

  private decode(h: Huffman): number {
    let code = 0;
    let first = 0;
    let index = 0;
    for (let len = 1; len < 16; len++) {
      code |= this.bits(1);
      const count = h.counts[len] ?? 0;
      if (code - count < first) return h.symbols[index + (code - first)] ?? 0;
      index += count;
      first += count;
      first <<= 1;
      code <<= 1;
    }
    throw new InflateFailure('corrupt');
  }

  private stored(): void {
    this.bitBuf = 0;
    this.bitCount = 0;
    const b = this.input;
    const p = this.pos;
    if (p + 4 > b.length) throw new InflateFailure('corrupt');
    const len = (b[p] ?? 0) | ((b[p + 1] ?? 0) << 8);
    const nlen = (b[p + 2] ?? 0) | ((b[p + 3] ?? 0) << 8);
    if (len !== (~nlen & 0xffff) || p + 4 + len > b.length) throw new InflateFailure('corrupt');
    for (let i = 0; i < len; i++) this.push(b[p + 4 + i] ?? 0);
    this.pos = p + 4 + len;
  }

  private dynamicTables(): { lit: Huffman; dist: Huffman } {
    const hlit = this.bits(5) + 257;
    const hdist = this.bits(5) + 1;
    const hclen = this.bits(4) + 4;
    const clLengths = new Uint8Array(19);
    for (let i = 0; i < hclen; i++) clLengths[CODE_LENGTH_ORDER[i] ?? 0] = this.bits(3);
    const cl = buildHuffman(clLengths);
    const lengths = new Uint8Array(hlit + hdist);
    let i = 0;
    while (i < hlit + hdist) {
      const sym = this.decode(cl);
      if (sym < 16) {
        lengths[i++] = sym;
        continue;
      }
      let repeat: number;
      let value = 0;
      if (sym === 16) {
        if (i === 0) throw new InflateFailure('corrupt');
        value = lengths[i - 1] ?? 0;
        repeat = 3 + this.bits(2);
      } else if (sym === 17) repeat = 3 + this.bits(3);
      else repeat = 11 + this.bits(7);
      if (i + repeat > hlit + hdist) throw new InflateFailure('corrupt');
      while (repeat-- > 0) lengths[i++] = value;
    }
    return {
      lit: buildHuffman(lengths.subarray(0, hlit)),
      dist: buildHuffman(lengths.subarray(hlit)),
    };
  }

  private block(lit: Huffman, dist: Huffman): void {
    for (;;) {
      const sym = this.decode(lit);
      if (sym < 256) this.push(sym);
      else if (sym === 256) return;
      else {
        const li = sym - 257;
        const base = LENGTH_BASE[li];
        if (base === undefined) throw new InflateFailure('corrupt');
        // The length's extra bits precede the distance code in the stream.
        const length = base + this.bits(LENGTH_EXTRA[li] ?? 0);
        const d = this.decode(dist);
        const dbase = DIST_BASE[d];
        if (dbase === undefined) throw new InflateFailure('corrupt');
        const distance = dbase + this.bits(DIST_EXTRA[d] ?? 0);
        if (distance > this.outLen) throw new InflateFailure('corrupt');
        for (let k = 0; k < length; k++) this.push(this.out[this.outLen - distance] ?? 0);
      }
    }
  }

  run(): Uint8Array {
    let last = 0;
    while (!last) {
      last = this.bits(1);
      const type = this.bits(2);
      if (type === 0) this.stored();
      else if (type === 1) {
        const t = fixedTables();
        this.block(t.lit, t.dist);
      } else if (type === 2) {
        const t = this.dynamicTables();
        this.block(t.lit, t.dist);
      } else throw new InflateFailure('corrupt');
    }
    return this.out.slice(0, this.outLen);
  }
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

const crc32 = (data: Uint8Array): number => {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const readU32 = (b: Uint8Array, p: number): number =>
  ((b[p] ?? 0) | ((b[p + 1] ?? 0) << 8) | ((b[p + 2] ?? 0) << 16) | ((b[p + 3] ?? 0) << 24)) >>> 0;

const DEFAULT_MAX_OUTPUT = 16 * 1024 * 1024;

export const inflateRaw = (data: Uint8Array, maxOutput = DEFAULT_MAX_OUTPUT): InflateResult => {
  try {
    return { ok: true, data: new Inflater(data, 0, maxOutput).run() };
  } catch (e) {
    if (e instanceof InflateFailure) return { ok: false, error: e.reason };
    throw e;
  }
};

/** Decodes one or more concatenated gzip members. */
export const gunzip = (data: Uint8Array, maxOutput = DEFAULT_MAX_OUTPUT): InflateResult => {
  const parts: Uint8Array[] = [];
  let total = 0;
  let p = 0;
  try {
    while (p < data.length) {
      if (data[p] !== 0x1f || data[p + 1] !== 0x8b || data[p + 2] !== 8)
        throw new InflateFailure(parts.length === 0 ? 'format' : 'corrupt');
      const flags = data[p + 3] ?? 0;
      p += 10;
      if (flags & 4) p += 2 + ((data[p] ?? 0) | ((data[p + 1] ?? 0) << 8));
      if (flags & 8) while (p < data.length && data[p++] !== 0);
      if (flags & 16) while (p < data.length && data[p++] !== 0);
      if (flags & 2) p += 2;
      const inflater = new Inflater(data, p, maxOutput - total);
      const out = inflater.run();
      p = inflater.position;
      if (p + 8 > data.length) throw new InflateFailure('corrupt');
      if (readU32(data, p) !== crc32(out) || readU32(data, p + 4) !== out.length % 2 ** 32)
        throw new InflateFailure('checksum');
      p += 8;
      parts.push(out);
      total += out.length;
    }
  } catch (e) {
    if (e instanceof InflateFailure) return { ok: false, error: e.reason };
    throw e;
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return { ok: true, data: all };
};

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = (() => {
  const m = new Int16Array(128).fill(-1);
  for (let i = 0; i < B64.length; i++) m[B64.charCodeAt(i)] = i;
  m['-'.charCodeAt(0)] = 62;
  m['_'.charCodeAt(0)] = 63;
  return m;
})();

/** Standard or URL-safe base64, whitespace ignored; null when the text is not base64. */
export const decodeBase64 = (text: string): Uint8Array | null => {
  const clean = text.replace(/\s+/g, '').replace(/=+$/, '');
  if (clean.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < clean.length; i++) {
    const code = clean.charCodeAt(i);
    const v = code < 128 ? (B64_INDEX[code] ?? -1) : -1;
    if (v < 0) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out.subarray(0, o);
};
