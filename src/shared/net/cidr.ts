// IPv4 and IPv6 address and CIDR math. This is the only module that knows how addresses are
// written and how they compare; everything else works on the parsed values. Addresses are
// BigInt so both families share one code path. Parsing is strict on purpose: Go's net package
// (used by every CNI plugin) rejects what we reject here, so a config that parses here also parses
// on the node, and ambiguous forms such as `010.1.1.1` (octal in some libc parsers) never slip in.

export type IpFamily = 4 | 6;

export interface IpAddress {
  readonly family: IpFamily;
  readonly value: bigint;
}

/** A prefix as written: `address` keeps host bits so callers can report them. */
export interface Cidr {
  readonly family: IpFamily;
  readonly address: bigint;
  readonly prefix: number;
}

/** An inclusive range of addresses of one family. */
export interface IpRange {
  readonly family: IpFamily;
  readonly start: bigint;
  readonly end: bigint;
}

export type IpParseErrorCode = 'notString' | 'empty' | 'invalidIpv4' | 'invalidIpv6' | 'zoneId';
export type CidrParseErrorCode = IpParseErrorCode | 'missingPrefix' | 'invalidPrefix';

export type ParseIpResult = { ok: true; value: IpAddress } | { ok: false; error: IpParseErrorCode };
export type ParseCidrResult = { ok: true; value: Cidr } | { ok: false; error: CidrParseErrorCode };

const V4_BITS = 32;
const V6_BITS = 128;
const MAX_TEXT = 100;

export function bitsOf(f: IpFamily): number {
  return f === 4 ? V4_BITS : V6_BITS;
}

function allOnes(bits: number): bigint {
  return (1n << BigInt(bits)) - 1n;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

function parseV4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    if (part.length === 0 || part.length > 3) return undefined;
    // A leading zero means octal to inet_aton and decimal to Go; refuse the ambiguity.
    if (part.length > 1 && part.charCodeAt(0) === 48) return undefined;
    let n = 0;
    for (let i = 0; i < part.length; i++) {
      const c = part.charCodeAt(i);
      if (!isDigit(c)) return undefined;
      n = n * 10 + (c - 48);
    }
    if (n > 255) return undefined;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseGroups(text: string, allowV4Tail: boolean): bigint[] | undefined {
  if (text === '') return [];
  const groups = text.split(':');
  const out: bigint[] = [];
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i] ?? '';
    if (allowV4Tail && i === groups.length - 1 && g.includes('.')) {
      const v4 = parseV4(g);
      if (v4 === undefined) return undefined;
      out.push(v4 >> 16n, v4 & 0xffffn);
      continue;
    }
    if (g.length === 0 || g.length > 4) return undefined;
    let n = 0;
    for (let j = 0; j < g.length; j++) {
      const h = hexValue(g.charCodeAt(j));
      if (h < 0) return undefined;
      n = n * 16 + h;
    }
    out.push(BigInt(n));
  }
  return out;
}

function parseV6(text: string): bigint | undefined {
  const gap = text.indexOf('::');
  let groups: bigint[];
  if (gap < 0) {
    const all = parseGroups(text, true);
    if (all?.length !== 8) return undefined;
    groups = all;
  } else {
    if (text.indexOf('::', gap + 1) >= 0) return undefined;
    const tail = text.slice(gap + 2);
    const head = parseGroups(text.slice(0, gap), false);
    const rest = parseGroups(tail, true);
    if (!head || !rest) return undefined;
    const missing = 8 - head.length - rest.length;
    if (missing < 1) return undefined;
    groups = [...head, ...Array.from({ length: missing }, () => 0n), ...rest];
  }
  let value = 0n;
  for (const g of groups) value = (value << 16n) | g;
  return value;
}

/** Parses a bare address. Zone ids (`fe80::1%eth0`) are refused: CNI configs cannot carry them. */
export function parseIp(text: unknown): ParseIpResult {
  if (typeof text !== 'string') return { ok: false, error: 'notString' };
  if (text.length === 0) return { ok: false, error: 'empty' };
  if (text.length > MAX_TEXT) return { ok: false, error: 'invalidIpv6' };
  if (text.includes(':')) {
    if (text.includes('%')) return { ok: false, error: 'zoneId' };
    const v = parseV6(text);
    return v === undefined
      ? { ok: false, error: 'invalidIpv6' }
      : { ok: true, value: { family: 6, value: v } };
  }
  const v = parseV4(text);
  return v === undefined
    ? { ok: false, error: 'invalidIpv4' }
    : { ok: true, value: { family: 4, value: v } };
}

/** `parseIp` for callers that only need the value. */
export function toIp(text: unknown): IpAddress | undefined {
  const r = parseIp(text);
  return r.ok ? r.value : undefined;
}

export function parseCidr(text: unknown): ParseCidrResult {
  if (typeof text !== 'string') return { ok: false, error: 'notString' };
  if (text.length === 0) return { ok: false, error: 'empty' };
  const slash = text.indexOf('/');
  if (slash < 0) {
    const ip = parseIp(text);
    return ip.ok ? { ok: false, error: 'missingPrefix' } : ip;
  }
  const ip = parseIp(text.slice(0, slash));
  if (!ip.ok) return ip;
  const p = text.slice(slash + 1);
  if (p.length === 0 || p.length > 3 || (p.length > 1 && p.charCodeAt(0) === 48)) {
    return { ok: false, error: 'invalidPrefix' };
  }
  let prefix = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p.charCodeAt(i);
    if (!isDigit(c)) return { ok: false, error: 'invalidPrefix' };
    prefix = prefix * 10 + (c - 48);
  }
  if (prefix > bitsOf(ip.value.family)) return { ok: false, error: 'invalidPrefix' };
  return { ok: true, value: { family: ip.value.family, address: ip.value.value, prefix } };
}

export function toCidr(text: unknown): Cidr | undefined {
  const r = parseCidr(text);
  return r.ok ? r.value : undefined;
}

function formatV4(v: bigint): string {
  return [24n, 16n, 8n, 0n].map((s) => String(Number((v >> s) & 0xffn))).join('.');
}

/** RFC 5952: lowercase, no leading zeros, the longest run (≥2) of zero groups compressed. */
function formatV6(v: bigint): string {
  const groups: number[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((v >> BigInt(i * 16)) & 0xffffn));
  if (v >> 32n === 0xffffn) return `::ffff:${formatV4(v & 0xffffffffn)}`;
  let bestStart = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = (gs: number[]): string => gs.map((g) => g.toString(16)).join(':');
  if (bestStart < 0) return hex(groups);
  return `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLen))}`;
}

export function formatIp(ip: IpAddress): string {
  return ip.family === 4 ? formatV4(ip.value) : formatV6(ip.value);
}

/** Formats a prefix; `normalize` drops host bits (the canonical network form). */
export function formatCidr(c: Cidr, normalize = false): string {
  const a = normalize ? networkAddress(c) : { family: c.family, value: c.address };
  return `${formatIp(a)}/${c.prefix}`;
}

export function family(x: IpAddress | Cidr | IpRange): IpFamily {
  return x.family;
}

function hostMask(c: Cidr): bigint {
  return allOnes(bitsOf(c.family) - c.prefix);
}

export function networkAddress(c: Cidr): IpAddress {
  return { family: c.family, value: c.address & ~hostMask(c) & allOnes(bitsOf(c.family)) };
}

/** The last address of the prefix (the IPv4 broadcast address; IPv6 has none, but the same bound). */
export function broadcastAddress(c: Cidr): IpAddress {
  return { family: c.family, value: networkAddress(c).value | hostMask(c) };
}

export function hostBitsSet(c: Cidr): boolean {
  return (c.address & hostMask(c)) !== 0n;
}

/** First assignable address: skips the network address except on /31, /32, /127 and /128. */
export function firstUsable(c: Cidr): IpAddress {
  const net = networkAddress(c);
  const hostBits = bitsOf(c.family) - c.prefix;
  return hostBits <= 1 ? net : { family: c.family, value: net.value + 1n };
}

/** Last assignable address: IPv4 skips the broadcast address; IPv6 has no broadcast. */
export function lastUsable(c: Cidr): IpAddress {
  const last = broadcastAddress(c);
  const hostBits = bitsOf(c.family) - c.prefix;
  return c.family === 4 && hostBits > 1 ? { family: 4, value: last.value - 1n } : last;
}

export function toRange(x: Cidr | IpRange | IpAddress): IpRange {
  if ('start' in x) return x;
  if ('prefix' in x) {
    return { family: x.family, start: networkAddress(x).value, end: broadcastAddress(x).value };
  }
  return { family: x.family, start: x.value, end: x.value };
}

/** Number of addresses covered. */
export function rangeSize(x: Cidr | IpRange): bigint {
  const r = toRange(x);
  return r.end >= r.start ? r.end - r.start + 1n : 0n;
}

/** Orders IPv4 before IPv6, then by value. */
export function compareIp(a: IpAddress, b: IpAddress): -1 | 0 | 1 {
  if (a.family !== b.family) return a.family < b.family ? -1 : 1;
  return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
}

export function ipInRange(ip: IpAddress, start: IpAddress, end: IpAddress): boolean {
  return (
    ip.family === start.family &&
    ip.family === end.family &&
    ip.value >= start.value &&
    ip.value <= end.value
  );
}

/** Whether `inner` lies entirely inside `outer`; different families never contain each other. */
export function contains(
  outer: Cidr | IpRange | IpAddress,
  inner: Cidr | IpRange | IpAddress,
): boolean {
  if (outer.family !== inner.family) return false;
  const o = toRange(outer);
  const i = toRange(inner);
  return i.start >= o.start && i.end <= o.end;
}

export function overlaps(a: Cidr | IpRange | IpAddress, b: Cidr | IpRange | IpAddress): boolean {
  if (a.family !== b.family) return false;
  const x = toRange(a);
  const y = toRange(b);
  return x.start <= y.end && y.start <= x.end;
}

export function addToIp(ip: IpAddress, n: bigint): IpAddress | undefined {
  const v = ip.value + n;
  if (v < 0n || v > allOnes(bitsOf(ip.family))) return undefined;
  return { family: ip.family, value: v };
}

export function formatRange(r: IpRange): string {
  const s = formatIp({ family: r.family, value: r.start });
  const e = formatIp({ family: r.family, value: r.end });
  return r.start === r.end ? s : `${s}-${e}`;
}

export type SpecialRangeKind =
  | 'unspecified'
  | 'thisNetwork'
  | 'loopback'
  | 'linkLocal'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'sharedAddressSpace';

/** Ranges that make no sense as a pod subnet (or only in examples). */
export const SPECIAL_RANGES: readonly { kind: SpecialRangeKind; cidr: Cidr; text: string }[] = [
  ['thisNetwork', '0.0.0.0/8'],
  ['loopback', '127.0.0.0/8'],
  ['linkLocal', '169.254.0.0/16'],
  ['multicast', '224.0.0.0/4'],
  ['broadcast', '255.255.255.255/32'],
  ['documentation', '192.0.2.0/24'],
  ['documentation', '198.51.100.0/24'],
  ['documentation', '203.0.113.0/24'],
  ['sharedAddressSpace', '100.64.0.0/10'],
  ['unspecified', '::/128'],
  ['loopback', '::1/128'],
  ['linkLocal', 'fe80::/10'],
  ['multicast', 'ff00::/8'],
  ['documentation', '2001:db8::/32'],
].map(([kind, text]) => ({
  kind: kind as SpecialRangeKind,
  text: text as string,
  cidr: toCidr(text) as Cidr,
}));

/** The special ranges that `x` overlaps, most specific first in table order. */
export function getSpecialRanges(
  x: Cidr | IpRange | IpAddress,
): { kind: SpecialRangeKind; text: string }[] {
  return SPECIAL_RANGES.filter((s) => overlaps(s.cidr, x)).map(({ kind, text }) => ({
    kind,
    text,
  }));
}
