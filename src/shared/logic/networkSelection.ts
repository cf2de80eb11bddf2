// The pod annotation `k8s.v1.cni.cncf.io/networks`, read the way Multus reads it
// (k8snetworkplumbingwg/multus-cni pkg/k8sclient/k8sclient.go: GetPodNetwork,
// parsePodNetworkAnnotation, parsePodNetworkObjectName). The value is JSON when it contains `[`,
// `{` or `"` anywhere; otherwise it is a comma list of `[namespace/]name[@interface]` whose
// namespace and name must be DNS-1123 labels. Errors are codes; `networkSelectionErrorText`
// renders them in Multus' own words for the sandbox, which reproduces Multus' events.
import { isRecord } from './isRecord';
import { DNS1123_LABEL } from './labels';

export interface NetworkSelectionElement {
  name: string;
  namespace: string;
  interface?: string;
  ips?: string[];
  mac?: string;
}

export type NetworkSelectionErrorCode =
  /** The JSON form did not parse, or is not a list of selection objects. */
  | 'invalidJson'
  /** More than one `/` in a comma-list item. */
  | 'slashFormat'
  /** More than one `@` in a comma-list item. */
  | 'atFormat'
  /** A namespace or name that is not a DNS-1123 label. */
  | 'invalidName'
  /** An interface name longer than 15 characters or with `/` or white space. */
  | 'invalidInterface'
  /** A `mac` request that is not a MAC address. */
  | 'invalidMac'
  /** An `ips` request that is neither an IP address nor a CIDR. */
  | 'invalidIp';

export interface NetworkSelectionError {
  code: NetworkSelectionErrorCode;
  /** The offending item (name, interface, MAC, IP) or the JSON parser's complaint. */
  detail: string;
}

export type NetworkSelectionResult =
  { ok: true; items: NetworkSelectionElement[] } | { ok: false; error: NetworkSelectionError };

/** Linux IFNAMSIZ is 16 including the terminating NUL; multus-cni checks `syscall.IFNAMSIZ-1`. */
const MAX_IFNAME = 15;
const IFNAME_FORBIDDEN = /[ \t\n\v\f\r/]/;
/** Go's net.ParseMAC accepts 6, 8 or 20 octets separated by `:` or `-`, or dotted groups of 4 hex. */
const MAC_COLON = /^[0-9a-fA-F]{2}([:-])[0-9a-fA-F]{2}(\1[0-9a-fA-F]{2})*$/;
const MAC_DOT = /^[0-9a-fA-F]{4}(\.[0-9a-fA-F]{4})+$/;

function isMac(text: string): boolean {
  if (MAC_COLON.test(text)) return [6, 8, 20].includes((text.length + 1) / 3);
  if (MAC_DOT.test(text)) return [6, 8, 20].includes(((text.length + 1) / 5) * 2);
  return false;
}

function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return (
    parts.length === 4 &&
    parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255 && !(p.length > 1 && p[0] === '0'))
  );
}

function isIpv6(text: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.includes(':::')) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((h) => (h === '' ? [] : h.split(':')));
  const last = groups[groups.length - 1] ?? '';
  const v4Tail = last.includes('.');
  if (v4Tail && !isIpv4(last)) return false;
  const hex = v4Tail ? groups.slice(0, -1) : groups;
  if (!hex.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  const count = hex.length + (v4Tail ? 2 : 0);
  return halves.length === 2 ? count < 8 : count === 8;
}

/** Go's net.ParseIP for an address, net.ParseCIDR when the text has a `/` (as multus-cni checks). */
function isIpOrCidr(text: string): boolean {
  const slash = text.indexOf('/');
  if (slash < 0) return isIpv4(text) || isIpv6(text);
  const addr = text.slice(0, slash);
  const prefix = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefix)) return false;
  if (isIpv4(addr)) return Number(prefix) <= 32;
  return isIpv6(addr) && Number(prefix) <= 128;
}

type Failure = { ok: false; error: NetworkSelectionError };

function fail(code: NetworkSelectionErrorCode, detail: string): Failure {
  return { ok: false, error: { code, detail } };
}

/** One comma-list item, split as parsePodNetworkObjectName does (whitespace trimmed per part). */
function parseItem(
  item: string,
): { ok: true; namespace: string; name: string; iface: string } | Failure {
  const slashItems = item.split('/');
  if (slashItems.length > 2) return fail('slashFormat', item);
  const namespace = slashItems.length === 2 ? (slashItems[0] ?? '').trim() : '';
  const rest = slashItems.length === 2 ? (slashItems[1] ?? '') : (slashItems[0] ?? '');
  const atItems = rest.split('@');
  if (atItems.length > 2) return fail('atFormat', item);
  const name = (atItems[0] ?? '').trim();
  const iface = atItems.length === 2 ? (atItems[1] ?? '').trim() : '';
  // Empty parts pass: upstream only rejects a non-empty part that is not a DNS-1123 label.
  for (const part of [namespace, name]) {
    if (part !== '' && !DNS1123_LABEL.test(part)) return fail('invalidName', part);
  }
  if (iface !== '' && (iface.length > MAX_IFNAME || IFNAME_FORBIDDEN.test(iface)))
    return fail('invalidInterface', iface);
  return { ok: true, namespace, name, iface };
}

/** Go's encoding/json names the JSON kind it found where a list or object was expected. */
function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'object') return 'object';
  return typeof v === 'boolean' ? 'bool' : typeof v;
}

function readJsonElement(
  el: unknown,
):
  | { ok: true; element: Omit<NetworkSelectionElement, 'namespace'> & { namespace?: string } }
  | Failure {
  if (!isRecord(el))
    return fail(
      'invalidJson',
      `json: cannot unmarshal ${jsonKind(el)} into Go value of type types.NetworkSelectionElement`,
    );
  const strField = (key: string): string | undefined | Failure => {
    const v = el[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string')
      return fail(
        'invalidJson',
        `json: cannot unmarshal ${jsonKind(v)} into Go struct field NetworkSelectionElement.${key} of type string`,
      );
    return v;
  };
  const fields: Record<string, string | undefined> = {};
  for (const key of ['name', 'namespace', 'interface', 'interfaceRequest', 'mac']) {
    const v = strField(key);
    if (typeof v === 'object') return v;
    fields[key] = v;
  }
  let ips: string[] | undefined;
  const rawIps = el['ips'];
  if (rawIps !== undefined && rawIps !== null) {
    if (!Array.isArray(rawIps) || !rawIps.every((x): x is string => typeof x === 'string'))
      return fail(
        'invalidJson',
        `json: cannot unmarshal ${jsonKind(rawIps)} into Go struct field NetworkSelectionElement.ips of type []string`,
      );
    ips = rawIps;
  }
  // multus-cni keeps the pre-3.2 `interfaceRequest` key as a fallback for `interface`.
  const iface = fields['interface'] || fields['interfaceRequest'];
  const element: Omit<NetworkSelectionElement, 'namespace'> & { namespace?: string } = {
    name: fields['name'] ?? '',
  };
  if (fields['namespace']) element.namespace = fields['namespace'];
  if (iface) element.interface = iface;
  if (ips !== undefined) element.ips = ips;
  if (fields['mac']) element.mac = fields['mac'];
  return { ok: true, element };
}

function parseJson(value: string, defaultNamespace: string): NetworkSelectionResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (e) {
    const text = e instanceof Error ? e.message : String(e);
    // Go words a truncated document "unexpected end of JSON input" and a stray character
    // "invalid character 'x' …"; the JavaScript parser's wording differs, so map what it tells us.
    const at = /position (\d+)/.exec(text);
    const pos = at === null ? undefined : Number(at[1]);
    const truncated =
      /end of (JSON )?(input|data)/i.test(text) ||
      (pos !== undefined && value.slice(pos).trim() === '');
    if (truncated) return fail('invalidJson', 'unexpected end of JSON input');
    const c = pos === undefined ? undefined : value[pos];
    return fail('invalidJson', c === undefined ? text : `invalid character '${c}'`);
  }
  if (parsed === null) return { ok: true, items: [] };
  if (!Array.isArray(parsed))
    return fail(
      'invalidJson',
      `json: cannot unmarshal ${jsonKind(parsed)} into Go value of type []*types.NetworkSelectionElement`,
    );
  const items: NetworkSelectionElement[] = [];
  for (const el of parsed as unknown[]) {
    const r = readJsonElement(el);
    if (!r.ok) return r;
    const { namespace, ...rest } = r.element;
    items.push({ ...rest, namespace: namespace ?? defaultNamespace });
  }
  return { ok: true, items };
}

/** The MAC and IP requests are checked after parsing, for both forms, as multus-cni does. */
function checkRequests(result: NetworkSelectionResult): NetworkSelectionResult {
  if (!result.ok) return result;
  for (const item of result.items) {
    if (item.mac !== undefined && !isMac(item.mac)) return fail('invalidMac', item.mac);
    for (const ip of item.ips ?? []) if (!isIpOrCidr(ip)) return fail('invalidIp', ip);
  }
  return result;
}

/**
 * The attachments a pod asks for. An empty or absent annotation asks for none (GetPodNetwork
 * returns "no kubernetes network found" before parsing, which callers treat as no networks).
 */
export function parseNetworkSelection(
  value: string | undefined,
  defaultNamespace: string,
): NetworkSelectionResult {
  if (value === undefined || value === '') return { ok: true, items: [] };
  if (/[[{"]/.test(value)) return checkRequests(parseJson(value, defaultNamespace));
  const items: NetworkSelectionElement[] = [];
  // Not trimmed or filtered: an empty item ("a,,b") becomes a selection with an empty name,
  // which upstream only rejects when it looks the attachment up.
  for (const raw of value.split(',')) {
    const r = parseItem(raw.trim());
    if (!r.ok) return r;
    items.push({
      name: r.name,
      namespace: r.namespace === '' ? defaultNamespace : r.namespace,
      ...(r.iface === '' ? {} : { interface: r.iface }),
    });
  }
  return { ok: true, items };
}

/** Multus' error text for a parse failure (the part after "error loading k8s delegates k8s args: "). */
export function networkSelectionErrorText(error: NetworkSelectionError): string {
  const prefix = 'parsePodNetworkAnnotation: ';
  const object = `${prefix}parsePodNetworkObjectName: `;
  switch (error.code) {
    case 'invalidJson':
      return `${prefix}failed to parse pod Network Attachment Selection Annotation JSON format: ${error.detail}`;
    case 'slashFormat':
      return `${object}Invalid network object (failed at '/')`;
    case 'atFormat':
      return `${object}Invalid network object (failed at '@')`;
    case 'invalidName':
      return `${object}Failed to parse: one or more items did not match comma-delimited format (must consist of lower case alphanumeric characters). Must start and end with an alphanumeric character), mismatch @ '${error.detail}'`;
    case 'invalidInterface':
      return `${object}Failed to parse interface name: must be less than 15 chars and not contain '/' or spaces. interface name '${error.detail}'`;
    case 'invalidMac':
      return `${prefix}failed to mac: address ${error.detail}: invalid MAC address`;
    case 'invalidIp':
      return error.detail.includes('/')
        ? `failed to parse CIDR "${error.detail}": invalid CIDR address: ${error.detail}`
        : `failed to parse IP address "${error.detail}"`;
  }
}

/**
 * `namespace/name` of each requested attachment. An unparsable annotation asks for none, and an
 * empty item names no attachment (Multus fails the pod on it, but not on any NAD's account).
 */
export function requestedNetworkKeys(
  value: string | undefined,
  defaultNamespace: string,
): string[] {
  const r = parseNetworkSelection(value, defaultNamespace);
  return r.ok ? r.items.filter((i) => i.name !== '').map((i) => `${i.namespace}/${i.name}`) : [];
}
