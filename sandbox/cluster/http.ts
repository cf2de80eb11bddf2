// The Kubernetes REST surface: discovery, resource routing, verbs, content negotiation
// (JSON, YAML bodies, Table output), watch over chunked HTTP and WebSocket, and errors as
// `Status` objects. Storage semantics live in cluster.ts; this file only translates HTTP.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { WebSocketServer } from 'ws';
import { parse as parseYaml, parseAllDocuments } from 'yaml';
import type { K8sResource } from '../../src/shared/model/k8s';
import { ApiError } from './api';
import type { Attributes } from './auth';
import {
  NON_RESOURCE_READERS,
  forbiddenMessage,
  isAllowed,
  nonResourceRulesFor,
  personaNamed,
  personaOf,
  rulesFor,
} from './auth';
import type { Cluster, PatchType } from './cluster';
import { managerFromUserAgent } from './managedFields';
import { isObject } from './patch';
import { BUILTIN_MEDIA_TYPES, decodeProtobufObject } from './protobuf';
import type { ResourceDef } from './registry';
import { RESOURCES, findByPlural, groupVersion, servedGroups } from './registry';
import type { FieldRequirement, LabelSelector } from './selectors';
import { matchesFields, matchesLabels, parseFieldSelector, parseLabelSelector } from './selectors';
import type { Entry, StoreEvent } from './store';

export const MAX_BODY_BYTES = 3 * 1024 * 1024;
/**
 * Watch limits. A watcher whose unsent backlog passes `backlogBytes` is disconnected and its
 * buffers dropped, as the API server terminates a watcher that does not keep up
 * (k8s.io/apiserver/pkg/storage/cacher/cache_watcher.go, add(): "Forcing ... watcher close due
 * to unresponsiveness"). The counts cap watches per client address and in total, so clients
 * that never read cannot make the sandbox hold unbounded memory; upstream has no such count
 * (API Priority and Fairness only meters a watch's start), the sandbox needs one because it is
 * one process with everything in memory.
 */
export interface WatchLimits {
  backlogBytes: number;
  perClient: number;
  total: number;
}

export const DEFAULT_WATCH_LIMITS: WatchLimits = {
  backlogBytes: 32 * 1024 * 1024,
  perClient: 500,
  total: 2000,
};

export interface HttpOptions {
  bookmarkIntervalMs: number;
  /** Called for every committed write before the response; resolves when durable. */
  whenDurable: () => Promise<void>;
  version: { major: string; minor: string; gitVersion: string };
  health: () => Record<string, unknown>;
  /** False when the snapshot could not be written (the log still holds everything). */
  compact: () => boolean;
  /**
   * API groups whose CRDs are "not installed": absent from discovery and 404 on every path,
   * so the plugin can be tried (and tested) against a cluster without an operator.
   */
  absentGroups?: ReadonlySet<string>;
  watchLimits?: WatchLimits;
}

interface Route {
  def: ResourceDef;
  version: string;
  namespace?: string;
  name?: string;
  subresource?: string;
  watchPath: boolean;
}

type Body = unknown;

function statusBody(
  code: number,
  reason: string,
  message: string,
  details?: Record<string, unknown>,
): string {
  return JSON.stringify({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(details ? { details } : {}),
    code,
  });
}

function send(
  res: ServerResponse,
  code: number,
  body: string,
  type = 'application/json',
  warnings: string[] = [],
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const headers: Record<string, string | number | string[]> = {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
  };
  if (warnings.length > 0) headers['Warning'] = warnings.map((w) => `299 - ${JSON.stringify(w)}`);
  res.writeHead(code, headers);
  res.end(body);
}

function sendError(res: ServerResponse, err: unknown, route?: Route): void {
  if (err instanceof ApiError) {
    const details: Record<string, unknown> = {};
    if (route) {
      if (route.name) details['name'] = route.name;
      details['group'] = route.def.group;
      details['kind'] = err.code === 422 ? route.def.kind : route.def.plural;
    }
    if (err.causes.length > 0) details['causes'] = err.causes;
    const hasDetails = Object.keys(details).length > 0;
    send(
      res,
      err.code,
      statusBody(err.code, err.reason, err.message, hasDetails ? details : undefined),
    );
    return;
  }
  if (err instanceof RangeError && /call stack/.test(err.message)) {
    // Within the API server's 10000 levels but deeper than the sandbox's recursive validation
    // and copying can follow. Nothing was stored (the log record and the commit come last).
    send(
      res,
      422,
      statusBody(
        422,
        'Invalid',
        `the object is nested too deeply for the sandbox to process (the API server's limit is ${MAX_NESTING_DEPTH} levels)`,
      ),
    );
    return;
  }
  console.error('sandbox cluster: internal error', err);
  const message = err instanceof Error ? err.message : String(err);
  send(res, 500, statusBody(500, 'InternalError', `Internal error occurred: ${message}`));
}

/** Rewrites the stored apiVersion for clients of another served version (same schema). */
function versioned(def: ResourceDef, version: string, json: string): string {
  if (version === def.version) return json;
  return json.replace(
    `"apiVersion":"${groupVersion(def.group, def.version)}"`,
    `"apiVersion":"${groupVersion(def.group, version)}"`,
  );
}

function wantsTable(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? '';
  return /as=Table/.test(accept);
}

/**
 * Metadata-only responses as kube-apiserver serves them (k8s.io/apiserver pkg/endpoints/handlers
 * response.go asPartialObjectMetadata/asPartialObjectMetadataList, negotiated in rest.go
 * targetEncodingForTransform): `Accept: application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1`
 * on a get, `as=PartialObjectMetadataList` on a list. The other form on the wrong verb is refused
 * with 406, as upstream does for a transform it cannot apply.
 */
function wantsPartial(req: IncomingMessage, list: boolean): boolean {
  const accept = req.headers.accept ?? '';
  const m = /as=(PartialObjectMetadata(?:List)?)\b[^,]*g=meta\.k8s\.io[^,]*v=(v1|v1beta1)/.exec(
    accept,
  );
  if (!m) return false;
  if ((m[1] === 'PartialObjectMetadataList') !== list)
    throw new ApiError(
      406,
      'NotAcceptable',
      'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf',
    );
  return true;
}

function partialObject(obj: K8sResource, withType: boolean): Record<string, unknown> {
  return {
    ...(withType ? { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1' } : {}),
    metadata: obj.metadata,
  };
}

function age(created: string | undefined): string {
  if (!created) return '<unknown>';
  const s = Math.max(0, Math.floor((Date.now() - Date.parse(created)) / 1000));
  if (s < 120) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 120) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h`;
  return `${Math.floor(h / 24)}d`;
}

function tableRow(def: ResourceDef, obj: K8sResource): Record<string, unknown> {
  return {
    cells: [
      obj.metadata?.name ?? '',
      ...def.printerColumns.map((c) => c.value(obj) ?? ''),
      age(obj.metadata?.creationTimestamp),
    ],
    object: {
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
      metadata: obj.metadata,
    },
  };
}

function table(def: ResourceDef, objs: K8sResource[], meta: Record<string, unknown>): string {
  return JSON.stringify({
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: meta,
    columnDefinitions: [
      {
        name: 'Name',
        type: 'string',
        format: 'name',
        description: 'Name must be unique within a namespace.',
        priority: 0,
      },
      ...def.printerColumns.map((c) => ({
        name: c.name,
        type: c.type,
        format: '',
        description: c.name,
        priority: 0,
      })),
      { name: 'Age', type: 'string', format: '', description: 'CreationTimestamp', priority: 0 },
    ],
    rows: objs.map((o) => tableRow(def, o)),
  });
}

function encodeContinue(rv: number, key: string): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start: key })).toString('base64url');
}

function decodeContinue(token: string): { rv: number; start: string } {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as {
      rv?: unknown;
      start?: unknown;
    };
    if (typeof parsed.rv === 'number' && typeof parsed.start === 'string') {
      return { rv: parsed.rv, start: parsed.start };
    }
  } catch {
    /* fall through to the error below */
  }
  throw new ApiError(
    400,
    'BadRequest',
    'continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)',
  );
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    throw new ApiError(
      413,
      'RequestEntityTooLarge',
      `Request entity too large: limit is ${MAX_BODY_BYTES}`,
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) {
      req.resume();
      throw new ApiError(
        413,
        'RequestEntityTooLarge',
        `Request entity too large: limit is ${MAX_BODY_BYTES}`,
      );
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/**
 * The API server decodes JSON with Go's encoding/json scanner (through sigs.k8s.io/json, which
 * k8s.io/apimachinery/pkg/util/json uses), whose maxNestingDepth of 10000 fails a deeper
 * document with "exceeded max depth"; the create/update handlers answer such decode errors
 * with 400 BadRequest. YAML bodies are converted to JSON first and meet the same limit.
 */
export const MAX_NESTING_DEPTH = 10_000;

/**
 * Walks a decoded body without recursion: too deep is a 400 like upstream's decode error, and a
 * `__proto__` key anywhere is refused, since JavaScript code that later copies or merges the
 * object would follow it into Object.prototype (Go has no such hazard; see UNSAFE_KEYS).
 */
export function checkDocument(doc: unknown): void {
  const stack: [unknown, number][] = [[doc, 1]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [value, depth] = item;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_NESTING_DEPTH) {
      throw new ApiError(
        400,
        'BadRequest',
        `couldn't get version/kind; json parse error: exceeded max depth`,
      );
    }
    if (Array.isArray(value)) {
      for (const v of value as unknown[]) stack.push([v, depth + 1]);
      continue;
    }
    for (const key of Object.keys(value)) {
      if (key === '__proto__') {
        throw new ApiError(
          400,
          'BadRequest',
          `the object provided has a "__proto__" key, which is not allowed`,
        );
      }
      stack.push([(value as Record<string, unknown>)[key], depth + 1]);
    }
  }
}

function parseBody(buf: Buffer, contentType: string, custom = true): Body {
  const body = decodeBody(buf, contentType, custom);
  checkDocument(body);
  return body;
}

/**
 * Decodes a request body by its media type, as kube-apiserver's NegotiateInputSerializer does
 * (kubernetes/apiserver pkg/endpoints/handlers/negotiation/negotiate.go): no Content-Type means
 * the first supported type (JSON); a type the resource does not serve, or one that does not
 * parse, is a 415 listing the accepted types (errors.go NewUnsupportedMediaTypeError), never a
 * guess. Built-in kinds also take protobuf; custom resources only JSON and YAML.
 */
function decodeBody(buf: Buffer, contentType: string, custom = true): Body {
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const accepted = custom ? ['application/json', 'application/yaml'] : BUILTIN_MEDIA_TYPES;
  if (contentType.trim() !== '' && !accepted.includes(mediaType)) {
    throw new ApiError(
      415,
      'UnsupportedMediaType',
      `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
    );
  }
  if (mediaType === 'application/vnd.kubernetes.protobuf') return decodeProtobufObject(buf);
  const text = buf.toString('utf8');
  if (text.trim() === '') throw new ApiError(400, 'BadRequest', 'the request body is empty');
  const yamlType = mediaType === 'application/yaml';
  if (yamlType) {
    const docs = parseAllDocuments(text);
    const first = Array.isArray(docs) ? docs[0] : docs;
    if (!first || first.errors.length > 0) {
      const msg = first?.errors[0]?.message ?? 'invalid YAML';
      throw new ApiError(400, 'BadRequest', `error converting YAML to JSON: ${msg}`);
    }
    if (Array.isArray(docs) && docs.length > 1) {
      throw new ApiError(
        400,
        'BadRequest',
        'error converting YAML to JSON: multiple documents are not supported',
      );
    }
    try {
      return parseYaml(text) as Body;
    } catch (err) {
      throw new ApiError(
        400,
        'BadRequest',
        `error converting YAML to JSON: ${(err as Error).message}`,
      );
    }
  }
  try {
    return JSON.parse(text) as Body;
  } catch (err) {
    throw new ApiError(
      400,
      'BadRequest',
      `couldn't get version/kind; json parse error: ${(err as Error).message}`,
    );
  }
}

/**
 * A write's field manager (apiserver handlers/create.go, managerOrUserAgent): the fieldManager
 * parameter, else the User-Agent's first segment; '' becomes "unknown" when recorded.
 */
function fieldManagerOf(req: IncomingMessage, url: URL): string {
  return url.searchParams.get('fieldManager') || managerFromUserAgent(req.headers['user-agent']);
}

function patchTypeOf(contentType: string): PatchType {
  const ct = contentType.split(';')[0]?.trim() ?? '';
  switch (ct) {
    case 'application/json-patch+json':
      return 'json';
    case 'application/merge-patch+json':
      return 'merge';
    case 'application/strategic-merge-patch+json':
      return 'strategic';
    case 'application/apply-patch+yaml':
    case 'application/apply-patch+cbor':
      return 'apply';
    default:
      throw new ApiError(
        415,
        'UnsupportedMediaType',
        `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json`,
      );
  }
}

function writeOptions(url: URL): {
  dryRun: boolean;
  fieldValidation: 'Ignore' | 'Warn' | 'Strict';
  warnings: string[];
} {
  const fv = url.searchParams.get('fieldValidation') ?? 'Warn';
  if (fv !== 'Ignore' && fv !== 'Warn' && fv !== 'Strict') {
    throw new ApiError(
      400,
      'BadRequest',
      `fieldValidation: Unsupported value: "${fv}": supported values: "Ignore", "Strict", "Warn"`,
    );
  }
  return { dryRun: dryRunOf(url), fieldValidation: fv, warnings: [] };
}

function dryRunOf(url: URL): boolean {
  const values = url.searchParams.getAll('dryRun');
  for (const v of values) {
    if (v !== 'All')
      throw new ApiError(400, 'BadRequest', `Invalid dry run value: ${v}; supported values: All`);
  }
  return values.length > 0;
}

/**
 * A minimal OpenAPI v3 tree: the root lists one document per group-version, and each document
 * declares its write operations with the `fieldValidation` parameter. That is what kubectl
 * checks before it leaves validation to the server (`--validate=strict`), so it needs no
 * schemas. Without a document kubectl refuses to apply.
 */
function openApiV3(gvPath: string): string | undefined {
  const gvs = new Map<string, { group: string; version: string }>();
  for (const r of RESOURCES) {
    for (const v of r.versions) {
      gvs.set(r.group === '' ? `api/${v}` : `apis/${r.group}/${v}`, { group: r.group, version: v });
    }
  }
  if (gvPath === '') {
    return JSON.stringify({
      paths: Object.fromEntries(
        [...gvs.keys()].map((p) => [p, { serverRelativeURL: `/openapi/v3/${p}?hash=switchboard` }]),
      ),
    });
  }
  const gv = gvs.get(gvPath);
  if (!gv) return undefined;
  const paths: Record<string, unknown> = {};
  const fieldValidation = {
    name: 'fieldValidation',
    in: 'query',
    schema: { type: 'string', uniqueItems: true },
  };
  for (const r of RESOURCES.filter(
    (x) => x.group === gv.group && x.versions.includes(gv.version),
  )) {
    const gvk = { group: r.group, version: gv.version, kind: r.kind };
    const base = `/${gvPath}/${r.namespaced ? 'namespaces/{namespace}/' : ''}${r.plural}`;
    const op = (id: string): Record<string, unknown> => ({
      operationId: id,
      'x-kubernetes-group-version-kind': gvk,
      parameters: [fieldValidation],
    });
    paths[base] = { post: op(`create${r.kind}`) };
    paths[`${base}/{name}`] = { put: op(`replace${r.kind}`), patch: op(`patch${r.kind}`) };
  }
  return JSON.stringify({
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: 'v1.32.0-switchboard' },
    paths,
    components: { schemas: {} },
  });
}

function readVarint(buf: Buffer, pos: number): [number, number] {
  let result = 0;
  let shift = 0;
  let p = pos;
  for (;;) {
    const byte = buf[p++];
    if (byte === undefined) throw new ApiError(400, 'BadRequest', 'truncated protobuf body');
    result += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [result, p];
    shift += 7;
  }
}

/** Field number → raw values of one protobuf message (only varint and length-delimited). */
function protoFields(buf: Buffer): Map<number, (number | Buffer)[]> {
  const out = new Map<number, (number | Buffer)[]>();
  let pos = 0;
  while (pos < buf.length) {
    const [tag, p1] = readVarint(buf, pos);
    const field = Math.floor(tag / 8);
    const wire = tag & 7;
    let value: number | Buffer;
    if (wire === 0) [value, pos] = readVarint(buf, p1);
    else if (wire === 2) {
      const [len, p2] = readVarint(buf, p1);
      value = buf.subarray(p2, p2 + len);
      pos = p2 + len;
    } else throw new ApiError(415, 'UnsupportedMediaType', 'unsupported protobuf wire type');
    const list = out.get(field) ?? [];
    list.push(value);
    out.set(field, list);
  }
  return out;
}

/** Decodes the `k8s\0`-framed protobuf DeleteOptions kubectl sends for built-in kinds. */
export function decodeDeleteOptions(raw: Buffer): Record<string, unknown> {
  if (raw.subarray(0, 4).toString('latin1') !== 'k8s\0') {
    throw new ApiError(415, 'UnsupportedMediaType', 'only DeleteOptions may be sent as protobuf');
  }
  const envelope = protoFields(raw.subarray(4));
  const inner = envelope.get(2)?.[0];
  if (!Buffer.isBuffer(inner)) return {};
  const f = protoFields(inner);
  const text = (v: number | Buffer | undefined): string | undefined =>
    Buffer.isBuffer(v) ? v.toString('utf8') : undefined;
  const out: Record<string, unknown> = {};
  const propagation = text(f.get(4)?.[0]);
  if (propagation) out['propagationPolicy'] = propagation;
  const dryRun = (f.get(5) ?? []).map(text).filter((v): v is string => v !== undefined);
  if (dryRun.length > 0) out['dryRun'] = dryRun;
  if (f.get(3)?.[0] === 1) out['propagationPolicy'] = 'Orphan';
  const pre = f.get(2)?.[0];
  if (Buffer.isBuffer(pre)) {
    const pf = protoFields(pre);
    out['preconditions'] = { uid: text(pf.get(1)?.[0]), resourceVersion: text(pf.get(2)?.[0]) };
  }
  return out;
}

/** Percent-decodes one path segment; malformed escapes and NULs are the client's error (400). */
function decodeSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw new ApiError(400, 'BadRequest', `invalid path segment: malformed percent-encoding`);
  }
  if (decoded.includes('\0')) throw new ApiError(400, 'BadRequest', 'invalid path segment: NUL');
  return decoded;
}

/** The request URL, or a 400 for one that does not parse (e.g. `//`). */
function requestUrl(req: IncomingMessage): URL {
  try {
    return new URL(req.url ?? '/', 'http://sandbox');
  } catch {
    throw new ApiError(400, 'BadRequest', 'malformed request URL');
  }
}

export function parseRoute(pathname: string): Route | undefined {
  const seg = pathname
    .split('/')
    .filter((s) => s !== '')
    .map(decodeSegment);
  let group: string;
  let version: string | undefined;
  let rest: string[];
  if (seg[0] === 'api') {
    group = '';
    version = seg[1];
    rest = seg.slice(2);
  } else if (seg[0] === 'apis') {
    group = seg[1] ?? '';
    version = seg[2];
    rest = seg.slice(3);
  } else return undefined;
  if (!version || rest.length === 0) return undefined;
  let watchPath = false;
  if (rest[0] === 'watch') {
    watchPath = true;
    rest = rest.slice(1);
  }
  let namespace: string | undefined;
  let plural: string | undefined;
  let name: string | undefined;
  let subresource: string | undefined;
  if (
    rest[0] === 'namespaces' &&
    rest.length >= 3 &&
    !(rest.length === 3 && (rest[2] === 'status' || rest[2] === 'finalize'))
  ) {
    namespace = rest[1];
    [plural, name, subresource] = rest.slice(2);
    if (rest.length > 5) return undefined;
  } else {
    [plural, name, subresource] = rest;
    if (rest.length > 3) return undefined;
  }
  if (!plural) return undefined;
  const def = findByPlural(group, plural);
  if (!def || !def.versions.includes(version)) return undefined;
  if (!def.namespaced && namespace !== undefined) return undefined;
  return { def, version, namespace, name, subresource, watchPath };
}

interface WatchSink {
  send(line: string): void;
  backlog(): number;
  /** `abort`: drop whatever is still buffered (a watcher that does not read never will). */
  close(abort: boolean): void;
}

interface WatchParams {
  route: Route;
  labels: LabelSelector;
  fields: FieldRequirement[];
  resourceVersion: string | null;
  bookmarks: boolean;
  sendInitialEvents: boolean;
  timeoutSeconds: number | undefined;
  table: boolean;
}

export class ApiHttp {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_BODY_BYTES,
    // Clients may ask for k8s stream protocols or a persona; frames are always JSON text,
    // like the API server's watch, but the handshake must echo one offered protocol.
    handleProtocols: (protocols: Set<string>) => {
      if (protocols.has('base64.binary.k8s.io')) return 'base64.binary.k8s.io';
      const first = protocols.values().next();
      return first.done ? false : first.value;
    },
  });
  private readonly closers = new Set<(abort?: boolean) => void>();
  private readonly watchesByClient = new Map<string, number>();
  private readonly sinks = new Set<WatchSink>();

  constructor(
    private readonly cluster: Cluster,
    private readonly opts: HttpOptions,
  ) {}

  private isAbsent(group: string): boolean {
    return this.opts.absentGroups?.has(group) ?? false;
  }

  activeWatches(): number {
    return this.closers.size;
  }

  private get limits(): WatchLimits {
    return this.opts.watchLimits ?? DEFAULT_WATCH_LIMITS;
  }

  /** Counts a new watch for `client`; throws 429 (as API Priority and Fairness answers) when full. */
  private admitWatch(client: string): () => void {
    const n = this.watchesByClient.get(client) ?? 0;
    if (n >= this.limits.perClient || this.closers.size >= this.limits.total) {
      throw new ApiError(
        429,
        'TooManyRequests',
        `too many watches (${n >= this.limits.perClient ? `${n} from this client` : `${this.closers.size} in total`}), please try again later`,
      );
    }
    this.watchesByClient.set(client, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.watchesByClient.get(client) ?? 1) - 1;
      if (left <= 0) this.watchesByClient.delete(client);
      else this.watchesByClient.set(client, left);
    };
  }

  closeAll(): void {
    for (const c of [...this.closers]) c();
    this.wss.close();
  }

  /**
   * Drops every open watch as a lost connection does (the socket is destroyed, no close frame or
   * end of the chunked body) and keeps serving: clients must notice and re-list. For the
   * benchmarks (a dropped socket at scale); returns how many watches were dropped.
   */
  dropWatches(): number {
    const open = [...this.closers];
    for (const c of open) c(true);
    return open.length;
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    this.dispatch(req, res).catch((err: unknown) => sendError(res, err));
  }

  private async dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = requestUrl(req);
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    if (
      ['/healthz', '/readyz', '/livez'].includes(path) ||
      /^\/(healthz|readyz|livez)\//.test(path)
    ) {
      send(res, 200, 'ok', 'text/plain; charset=utf-8');
      return;
    }
    if (path.startsWith('/_sandbox/')) {
      this.sandboxControl(path, method, res);
      return;
    }
    if (method === 'GET' && this.discovery(path, res, req)) return;
    const parsed = parseRoute(path);
    const route = parsed && !this.isAbsent(parsed.def.group) ? parsed : undefined;
    if (!route) {
      send(
        res,
        404,
        statusBody(404, 'NotFound', 'the server could not find the requested resource', {}),
      );
      return;
    }
    try {
      await this.resource(req, res, url, route, method);
    } catch (err) {
      sendError(res, err, route);
    }
  }

  private sandboxControl(path: string, method: string, res: ServerResponse): void {
    if (path === '/_sandbox/health') {
      send(
        res,
        200,
        JSON.stringify({
          ok: true,
          watches: this.activeWatches(),
          watchBacklogBytes: [...this.sinks].reduce((n, sink) => n + sink.backlog(), 0),
          memory: process.memoryUsage(),
          ...this.opts.health(),
        }),
      );
      return;
    }
    if (path === '/_sandbox/compact' && method === 'POST') {
      const ok = this.opts.compact();
      send(res, ok ? 200 : 500, JSON.stringify({ ok }));
      return;
    }
    send(res, 404, statusBody(404, 'NotFound', 'the server could not find the requested resource'));
  }

  private discovery(path: string, res: ServerResponse, req: IncomingMessage): boolean {
    if (path === '/version') {
      const v = this.opts.version;
      send(
        res,
        200,
        JSON.stringify({
          major: v.major,
          minor: v.minor,
          gitVersion: v.gitVersion,
          gitCommit: '0000000000000000000000000000000000000000',
          gitTreeState: 'clean',
          buildDate: '2025-01-01T00:00:00Z',
          goVersion: 'go1.23.0',
          compiler: 'gc',
          platform: 'linux/amd64',
        }),
      );
      return true;
    }
    if (path === '/api') {
      const host = req.headers.host ?? '127.0.0.1';
      send(
        res,
        200,
        JSON.stringify({
          kind: 'APIVersions',
          versions: ['v1'],
          serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: host }],
        }),
      );
      return true;
    }
    if (path === '/apis') {
      send(
        res,
        200,
        JSON.stringify({
          kind: 'APIGroupList',
          apiVersion: 'v1',
          groups: servedGroups()
            .filter((g) => !this.isAbsent(g.group))
            .map((g) => this.apiGroup(g)),
        }),
      );
      return true;
    }
    if (path === '/openapi/v3' || path.startsWith('/openapi/v3/')) {
      const doc = openApiV3(path.slice('/openapi/v3'.length).replace(/^\//, ''));
      if (doc === undefined)
        send(
          res,
          404,
          statusBody(404, 'NotFound', 'the server could not find the requested resource'),
        );
      else send(res, 200, doc);
      return true;
    }
    if (path === '/openapi/v2') {
      send(
        res,
        404,
        statusBody(404, 'NotFound', 'the server could not find the requested resource'),
      );
      return true;
    }
    const m = /^\/(?:api\/(v1)|apis\/([^/]+)(?:\/([^/]+))?)$/.exec(path);
    if (!m) return false;
    const group = m[2] ?? '';
    const version = m[1] ?? m[3];
    if (this.isAbsent(group)) return false;
    if (version === undefined) {
      const g = servedGroups().find((x) => x.group === group);
      if (!g) return false;
      send(res, 200, JSON.stringify({ kind: 'APIGroup', apiVersion: 'v1', ...this.apiGroup(g) }));
      return true;
    }
    const defs = RESOURCES.filter((r) => r.group === group && r.versions.includes(version));
    if (defs.length === 0) return false;
    const resources: Record<string, unknown>[] = [];
    for (const d of defs) {
      resources.push({
        name: d.plural,
        singularName: d.singular,
        namespaced: d.namespaced,
        kind: d.kind,
        verbs: d.verbs,
        ...(d.shortNames.length > 0 ? { shortNames: d.shortNames } : {}),
        ...(d.categories.length > 0 ? { categories: d.categories } : {}),
      });
      if (d.statusSubresource) {
        resources.push({
          name: `${d.plural}/status`,
          singularName: '',
          namespaced: d.namespaced,
          kind: d.kind,
          verbs: ['get', 'patch', 'update'],
        });
      }
    }
    send(
      res,
      200,
      JSON.stringify({
        kind: 'APIResourceList',
        apiVersion: 'v1',
        groupVersion: groupVersion(group, version),
        resources,
      }),
    );
    return true;
  }

  private apiGroup(g: {
    group: string;
    versions: string[];
    preferred: string;
  }): Record<string, unknown> {
    return {
      name: g.group,
      versions: g.versions.map((v) => ({ groupVersion: `${g.group}/${v}`, version: v })),
      preferredVersion: { groupVersion: `${g.group}/${g.preferred}`, version: g.preferred },
    };
  }

  private authorize(req: IncomingMessage, url: URL, attrs: Attributes): void {
    const persona = personaOf(req, url);
    if (!isAllowed(persona, attrs)) {
      throw new ApiError(403, 'Forbidden', forbiddenMessage(persona, attrs));
    }
  }

  private async resource(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    route: Route,
    method: string,
  ): Promise<void> {
    const { def, namespace, name, subresource } = route;
    if (subresource !== undefined && !(subresource === 'status' && def.statusSubresource)) {
      throw new ApiError(404, 'NotFound', 'the server could not find the requested resource');
    }
    const sub = subresource === 'status' ? ('status' as const) : undefined;
    const watch =
      route.watchPath ||
      url.searchParams.get('watch') === 'true' ||
      url.searchParams.get('watch') === '1';
    const verb = this.verbOf(method, name !== undefined, watch);
    if (!def.verbs.includes(verb) || (sub && !['get', 'update', 'patch'].includes(verb))) {
      throw new ApiError(
        405,
        'MethodNotAllowed',
        'the server does not allow this method on the requested resource',
      );
    }
    const attrs: Attributes = {
      verb,
      group: def.group,
      resource: def.plural,
      subresource,
      namespace,
      name,
    };
    this.authorize(req, url, attrs);
    if (def.kind === 'SelfSubjectAccessReview' || def.kind === 'SelfSubjectRulesReview') {
      const body = parseBody(
        await readBody(req),
        req.headers['content-type'] ?? 'application/json',
        def.custom,
      );
      if (def.kind === 'SelfSubjectAccessReview') this.accessReview(req, url, res, route, body);
      else this.rulesReview(req, url, res, route, body);
      return;
    }
    if (def.kind === 'SelfSubjectReview') {
      await readBody(req);
      this.selfReview(req, url, res, route);
      return;
    }
    if (def.namespaced && namespace === undefined && !['list', 'watch'].includes(verb)) {
      throw new ApiError(
        405,
        'MethodNotAllowed',
        'the server does not allow this method on the requested resource',
      );
    }
    switch (verb) {
      case 'get': {
        const entry = this.cluster.store.get(def, namespace, name ?? '');
        if (!entry)
          throw new ApiError(404, 'NotFound', `${this.qualified(def)} "${name ?? ''}" not found`);
        if (wantsTable(req))
          send(res, 200, table(def, [entry.obj], { resourceVersion: String(entry.rv) }));
        else if (wantsPartial(req, false))
          send(res, 200, JSON.stringify(partialObject(entry.obj, true)));
        else send(res, 200, versioned(def, route.version, entry.json));
        return;
      }
      case 'list':
        this.list(req, res, url, route);
        return;
      case 'watch':
        this.watchHttp(req, res, this.watchParams(req, url, route));
        return;
      case 'create': {
        const body = parseBody(
          await readBody(req),
          req.headers['content-type'] ?? 'application/json',
          def.custom,
        );
        const wo = writeOptions(url);
        const entry = this.cluster.createEntry(def, namespace, body as K8sResource, {
          ...wo,
          fromHttp: true,
          fieldManager: fieldManagerOf(req, url),
        });
        await this.opts.whenDurable();
        send(res, 201, versioned(def, route.version, entry.json), 'application/json', wo.warnings);
        return;
      }
      case 'update': {
        const body = parseBody(
          await readBody(req),
          req.headers['content-type'] ?? 'application/json',
          def.custom,
        );
        if (!isObject(body))
          throw new ApiError(400, 'BadRequest', 'the object provided is not a JSON object');
        const wo = writeOptions(url);
        const entry = this.cluster.updateEntry(def, namespace, name ?? '', body, {
          ...wo,
          subresource: sub,
          fromHttp: true,
          fieldManager: fieldManagerOf(req, url),
        });
        await this.opts.whenDurable();
        send(res, 200, versioned(def, route.version, entry.json), 'application/json', wo.warnings);
        return;
      }
      case 'patch': {
        const contentType = req.headers['content-type'] ?? '';
        const patchType = patchTypeOf(contentType);
        const body = parseBody(
          await readBody(req),
          patchType === 'apply' ? 'application/yaml' : 'application/json',
        );
        const wo = writeOptions(url);
        const existed = this.cluster.store.get(def, namespace, name ?? '') !== undefined;
        const entry = this.cluster.patchEntry(def, namespace, name ?? '', patchType, body, {
          ...wo,
          subresource: sub,
          fromHttp: true,
          // Apply needs an explicit manager (checked there); other patches default to the UA's.
          fieldManager:
            patchType === 'apply'
              ? (url.searchParams.get('fieldManager') ?? undefined)
              : fieldManagerOf(req, url),
          force: url.searchParams.get('force') === 'true',
        });
        await this.opts.whenDurable();
        send(
          res,
          existed ? 200 : 201,
          versioned(def, route.version, entry.json),
          'application/json',
          wo.warnings,
        );
        return;
      }
      case 'delete':
      case 'deletecollection': {
        const raw = await readBody(req);
        const ct = req.headers['content-type'] ?? 'application/json';
        // kubectl sends DeleteOptions for built-in kinds as protobuf.
        const options =
          raw.length === 0
            ? {}
            : ct.includes('protobuf')
              ? decodeDeleteOptions(raw)
              : parseBody(raw, ct);
        const opts = isObject(options) ? options : {};
        const dryRun =
          dryRunOf(url) || (Array.isArray(opts['dryRun']) && opts['dryRun'].includes('All'));
        const rawPolicy = url.searchParams.get('propagationPolicy') ?? opts['propagationPolicy'];
        const propagation =
          rawPolicy === undefined || rawPolicy === null ? undefined : JSON.stringify(rawPolicy);
        if (
          propagation !== undefined &&
          !['"Background"', '"Foreground"', '"Orphan"'].includes(propagation)
        ) {
          throw new ApiError(
            422,
            'Invalid',
            `DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: ${propagation}: supported values: "Foreground", "Background", "Orphan", "nil"`,
          );
        }
        const preconditions = isObject(opts['preconditions'])
          ? (opts['preconditions'] as { uid?: string; resourceVersion?: string })
          : undefined;
        const policy = rawPolicy as 'Background' | 'Foreground' | 'Orphan' | undefined | null;
        if (verb === 'delete') {
          const entry = this.cluster.deleteEntry(def, namespace, name ?? '', {
            dryRun,
            propagationPolicy: policy ?? undefined,
            preconditions,
          });
          await this.opts.whenDurable();
          send(res, 200, versioned(def, route.version, entry.json));
          return;
        }
        const labels = parseLabelSelector(url.searchParams.get('labelSelector'));
        const fields = parseFieldSelector(url.searchParams.get('fieldSelector'), def.kind);
        const deleted: string[] = [];
        for (const e of this.cluster.entries(def, namespace)) {
          if (!matchesLabels(labels, e.obj.metadata?.labels) || !matchesFields(fields, e.obj))
            continue;
          const gone = this.cluster.deleteEntry(def, namespace, e.obj.metadata?.name ?? '', {
            dryRun,
            propagationPolicy: policy ?? undefined,
          });
          deleted.push(versioned(def, route.version, gone.json));
        }
        await this.opts.whenDurable();
        send(
          res,
          200,
          `{"kind":"${def.kind}List","apiVersion":"${groupVersion(def.group, route.version)}","metadata":{"resourceVersion":"${this.cluster.store.resourceVersion}"},"items":[${deleted.join(',')}]}`,
        );
        return;
      }
      default:
        throw new ApiError(
          405,
          'MethodNotAllowed',
          'the server does not allow this method on the requested resource',
        );
    }
  }

  private qualified(def: ResourceDef): string {
    return def.group === '' ? def.plural : `${def.plural}.${def.group}`;
  }

  private verbOf(method: string, named: boolean, watch: boolean): string {
    switch (method) {
      case 'GET':
        if (watch) return 'watch';
        return named ? 'get' : 'list';
      case 'POST':
        return named ? 'post-named' : 'create';
      case 'PUT':
        return named ? 'update' : 'put-collection';
      case 'PATCH':
        return named ? 'patch' : 'patch-collection';
      case 'DELETE':
        return named ? 'delete' : 'deletecollection';
      default:
        return method.toLowerCase();
    }
  }

  private accessReview(
    req: IncomingMessage,
    url: URL,
    res: ServerResponse,
    route: Route,
    body: Body,
  ): void {
    if (!isObject(body) || !isObject(body['spec'])) {
      throw new ApiError(
        422,
        'Invalid',
        'SelfSubjectAccessReview.authorization.k8s.io "" is invalid: spec: Required value',
        [{ reason: 'FieldValueRequired', field: 'spec', message: 'Required value' }],
      );
    }
    const persona = personaOf(req, url);
    const spec = body['spec'];
    const ra = spec['resourceAttributes'];
    const nra = spec['nonResourceAttributes'];
    let allowed: boolean;
    if (isObject(ra)) {
      const str = (k: string): string | undefined =>
        typeof ra[k] === 'string' && ra[k] !== '' ? ra[k] : undefined;
      allowed = isAllowed(persona, {
        verb: str('verb') ?? '',
        group: str('group') ?? '',
        resource: str('resource') ?? '',
        subresource: str('subresource'),
        namespace: str('namespace'),
        name: str('name'),
      });
    } else if (isObject(nra)) {
      allowed =
        persona === 'admin' || (NON_RESOURCE_READERS.includes(persona) && nra['verb'] === 'get');
    } else {
      throw new ApiError(
        422,
        'Invalid',
        'SelfSubjectAccessReview.authorization.k8s.io "" is invalid: spec.resourceAttributes: Invalid value: exactly one of nonResourceAttributes or resourceAttributes must be specified',
        [
          {
            reason: 'FieldValueInvalid',
            field: 'spec.resourceAttributes',
            message: 'exactly one of nonResourceAttributes or resourceAttributes must be specified',
          },
        ],
      );
    }
    const meta = isObject(body['metadata']) ? body['metadata'] : {};
    send(
      res,
      201,
      JSON.stringify({
        kind: 'SelfSubjectAccessReview',
        apiVersion: groupVersion(route.def.group, route.version),
        metadata: { ...meta, creationTimestamp: null },
        spec,
        status: allowed
          ? { allowed: true, reason: `RBAC: allowed by persona "${persona}"` }
          : { allowed: false },
      }),
    );
  }

  /**
   * The caller's rules in one namespace (`kubectl auth can-i --list`). As kube-apiserver's
   * selfsubjectrulesreview REST does, a missing namespace is a 400 "no namespace on request",
   * and the answer carries only the status (no spec, no metadata but the zero timestamp).
   */
  private rulesReview(
    req: IncomingMessage,
    url: URL,
    res: ServerResponse,
    route: Route,
    body: Body,
  ): void {
    const spec = isObject(body) && isObject(body['spec']) ? body['spec'] : {};
    const namespace = typeof spec['namespace'] === 'string' ? spec['namespace'] : '';
    if (namespace === '') throw new ApiError(400, 'BadRequest', 'no namespace on request');
    const served = new Map<string, string[]>();
    for (const r of RESOURCES) {
      // Review kinds are create-only endpoints, never data a role lists for reading.
      if (!r.verbs.includes('get')) continue;
      served.set(r.group, [...(served.get(r.group) ?? []), r.plural]);
    }
    const persona = personaOf(req, url);
    send(
      res,
      201,
      JSON.stringify({
        kind: 'SelfSubjectRulesReview',
        apiVersion: groupVersion(route.def.group, route.version),
        metadata: { creationTimestamp: null },
        spec: {},
        status: {
          resourceRules: rulesFor(persona, namespace, served),
          nonResourceRules: nonResourceRulesFor(persona),
          incomplete: false,
        },
      }),
    );
  }

  /** Who the request is: the persona's name and groups, as `kubectl auth whoami` shows them. */
  private selfReview(req: IncomingMessage, url: URL, res: ServerResponse, route: Route): void {
    const name = personaOf(req, url);
    const persona = personaNamed(name);
    send(
      res,
      201,
      JSON.stringify({
        kind: 'SelfSubjectReview',
        apiVersion: groupVersion(route.def.group, route.version),
        metadata: { creationTimestamp: null },
        status: {
          userInfo: persona
            ? { username: persona.name, groups: persona.groups }
            : { username: personaOf(req, url), groups: ['system:authenticated'] },
        },
      }),
    );
  }

  private list(req: IncomingMessage, res: ServerResponse, url: URL, route: Route): void {
    const { def } = route;
    const labels = parseLabelSelector(url.searchParams.get('labelSelector'));
    const fields = parseFieldSelector(url.searchParams.get('fieldSelector'), def.kind);
    const limitParam = url.searchParams.get('limit');
    const limit = limitParam ? Number(limitParam) : 0;
    if (!Number.isInteger(limit) || limit < 0) {
      throw new ApiError(400, 'BadRequest', `invalid limit: ${limitParam ?? ''}`);
    }
    const token = url.searchParams.get('continue');
    const start = token ? decodeContinue(token).start : undefined;
    const rv = this.cluster.store.resourceVersion;
    const rows = this.cluster.store.table(def);
    const keys = this.cluster.store.sortedKeys(def);
    let startIndex = 0;
    if (start !== undefined) {
      // Resume just after the last key handed out, even if it has been deleted since.
      let lo = 0;
      let hi = keys.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((keys[mid] ?? '') <= start) lo = mid + 1;
        else hi = mid;
      }
      startIndex = lo;
    }
    const selected: Entry[] = [];
    let nextKey: string | undefined;
    let remaining = 0;
    const filtered = labels.length > 0 || fields.length > 0;
    for (let i = startIndex; i < keys.length; i++) {
      const key = keys[i] ?? '';
      const e = rows.get(key);
      if (!e) continue;
      if (route.namespace !== undefined && e.obj.metadata?.namespace !== route.namespace) continue;
      if (!matchesLabels(labels, e.obj.metadata?.labels) || !matchesFields(fields, e.obj)) continue;
      if (limit > 0 && selected.length >= limit) {
        if (nextKey === undefined)
          nextKey = this.cluster.objectKeyOf(selected[selected.length - 1]?.obj ?? {});
        if (filtered) break;
        if (route.namespace === undefined) {
          // Every key from here on is an object of the list.
          remaining = keys.length - i;
          break;
        }
        remaining++;
        continue;
      }
      selected.push(e);
    }
    const meta: Record<string, unknown> = { resourceVersion: String(rv) };
    if (nextKey !== undefined) {
      meta['continue'] = encodeContinue(rv, nextKey);
      if (!filtered) meta['remainingItemCount'] = remaining;
    }
    if (wantsTable(req)) {
      send(
        res,
        200,
        table(
          def,
          selected.map((e) => e.obj),
          meta,
        ),
      );
      return;
    }
    if (wantsPartial(req, true)) {
      send(
        res,
        200,
        JSON.stringify({
          kind: 'PartialObjectMetadataList',
          apiVersion: 'meta.k8s.io/v1',
          metadata: meta,
          items: selected.map((e) => partialObject(e.obj, false)),
        }),
      );
      return;
    }
    const gv = groupVersion(def.group, route.version);
    const items = selected.map((e) => versioned(def, route.version, e.json)).join(',');
    send(
      res,
      200,
      `{"kind":"${def.kind}List","apiVersion":"${gv}","metadata":${JSON.stringify(meta)},"items":[${items}]}`,
    );
  }

  private watchParams(req: IncomingMessage, url: URL, route: Route): WatchParams {
    const labels = parseLabelSelector(url.searchParams.get('labelSelector'));
    const fields = parseFieldSelector(url.searchParams.get('fieldSelector'), route.def.kind);
    if (route.name !== undefined)
      fields.push({ field: 'metadata.name', op: '=', value: route.name });
    const timeout = url.searchParams.get('timeoutSeconds');
    const rv = url.searchParams.get('resourceVersion');
    if (rv !== null && rv !== '' && !/^\d+$/.test(rv)) {
      throw new ApiError(
        400,
        'BadRequest',
        `resourceVersion: Invalid value: "${rv}": must be a non-negative integer`,
      );
    }
    return {
      route,
      labels,
      fields,
      resourceVersion: rv,
      bookmarks: url.searchParams.get('allowWatchBookmarks') === 'true',
      sendInitialEvents: url.searchParams.get('sendInitialEvents') === 'true',
      timeoutSeconds: timeout ? Number(timeout) : undefined,
      table: wantsTable(req),
    };
  }

  private watchHttp(req: IncomingMessage, res: ServerResponse, params: WatchParams): void {
    const release = this.admitWatch(req.socket.remoteAddress ?? '');
    res.writeHead(200, {
      'Content-Type': params.table ? 'application/json' : 'application/json',
      'Transfer-Encoding': 'chunked',
      'Cache-Control': 'no-cache, private',
    });
    res.flushHeaders();
    const sink: WatchSink = {
      send: (line) => {
        res.write(`${line}\n`);
      },
      backlog: () => res.writableLength,
      close: (abort) => {
        if (abort) res.destroy();
        else res.end();
      },
    };
    res.on('close', release);
    const stop = this.startWatch(params, sink);
    req.on('close', () => stop());
    res.on('close', () => stop());
  }

  /** WebSocket watches: the same URL as the chunked watch, upgraded. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    // Nothing a client sends may throw out of here: an upgrade handler's exception would end
    // the whole process (and every other client's watch).
    socket.on('error', () => socket.destroy());
    const reject = (code: number, reason: string, message: string): void => {
      const body = statusBody(code, reason, message);
      socket.end(
        `HTTP/1.1 ${code} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    };
    let url: URL;
    let route: Route | undefined;
    try {
      url = requestUrl(req);
      const parsed = parseRoute(url.pathname.replace(/\/+$/, ''));
      route = parsed && !this.isAbsent(parsed.def.group) ? parsed : undefined;
    } catch (err) {
      if (err instanceof ApiError) reject(err.code, err.reason, err.message);
      else socket.destroy();
      return;
    }
    if (!route) {
      reject(404, 'NotFound', 'the server could not find the requested resource');
      return;
    }
    let params: WatchParams;
    let release: () => void;
    try {
      const attrs: Attributes = {
        verb: 'watch',
        group: route.def.group,
        resource: route.def.plural,
        namespace: route.namespace,
        name: route.name,
      };
      this.authorize(req, url, attrs);
      params = this.watchParams(req, url, route);
      release = this.admitWatch(req.socket.remoteAddress ?? '');
    } catch (err) {
      if (err instanceof ApiError) reject(err.code, err.reason, err.message);
      else reject(500, 'InternalError', String(err));
      return;
    }
    socket.once('close', release);
    this.wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const sink: WatchSink = {
        send: (line) => ws.send(line),
        backlog: () => ws.bufferedAmount,
        close: (abort) => {
          if (abort) ws.terminate();
          else ws.close(1000);
        },
      };
      const stop = this.startWatch(params, sink);
      ws.on('close', () => stop());
      ws.on('error', () => stop());
      // Incoming frames carry nothing for a watch; reading them keeps the socket flowing.
      ws.on('message', () => undefined);
    });
  }

  private startWatch(params: WatchParams, sink: WatchSink): () => void {
    const { def } = params.route;
    const store = this.cluster.store;
    const gv = groupVersion(def.group, params.route.version);
    let closed = false;
    const timers: NodeJS.Timeout[] = [];
    let unsubscribe = (): void => undefined;
    const stop = (abort = false): void => {
      if (closed) return;
      closed = true;
      unsubscribe();
      for (const t of timers) clearTimeout(t);
      this.closers.delete(close);
      this.sinks.delete(sink);
      try {
        sink.close(abort);
      } catch {
        /* already closed */
      }
    };
    const close = (abort?: boolean): void => stop(abort);
    this.closers.add(close);
    this.sinks.add(sink);
    let initialDone = false;
    const matches = (e: Entry): boolean =>
      (params.route.namespace === undefined ||
        e.obj.metadata?.namespace === params.route.namespace) &&
      matchesLabels(params.labels, e.obj.metadata?.labels) &&
      matchesFields(params.fields, e.obj);
    const emit = (type: string, e: Entry): void => {
      if (closed) return;
      const object = params.table
        ? table(def, [e.obj], { resourceVersion: String(e.rv) })
        : versioned(def, params.route.version, e.json);
      sink.send(`{"type":"${type}","object":${object}}`);
      // During the initial events the backlog is the list itself (bounded like a list answer);
      // from then on a backlog past the limit means the client is not reading.
      if (initialDone && sink.backlog() > this.limits.backlogBytes) stop(true);
    };
    const deliver = (ev: StoreEvent): void => {
      const now = matches(ev.entry);
      if (ev.type === 'MODIFIED' && ev.prev) {
        const before = matches(ev.prev);
        // Objects entering or leaving a selector appear as ADDED/DELETED to this watcher.
        if (now && before) emit('MODIFIED', ev.entry);
        else if (now) emit('ADDED', ev.entry);
        else if (before) emit('DELETED', ev.entry);
        return;
      }
      if (now) emit(ev.type, ev.entry);
    };
    const bookmark = (annotations?: Record<string, string>): void => {
      if (closed) return;
      const meta: Record<string, unknown> = { resourceVersion: String(store.resourceVersion) };
      if (annotations) meta['annotations'] = annotations;
      sink.send(
        JSON.stringify({
          type: 'BOOKMARK',
          object: { kind: def.kind, apiVersion: gv, metadata: meta },
        }),
      );
    };
    const rv = params.resourceVersion;
    const since = rv === null || rv === '' || rv === '0' ? undefined : Number(rv);
    if (since !== undefined && !params.sendInitialEvents) {
      const replay = store.eventsSince(def, since);
      if (!replay) {
        const message = `too old resource version: ${since} (${store.resourceVersion})`;
        sink.send(
          JSON.stringify({
            type: 'ERROR',
            object: {
              kind: 'Status',
              apiVersion: 'v1',
              metadata: {},
              status: 'Failure',
              message,
              reason: 'Expired',
              code: 410,
            },
          }),
        );
        stop();
        return stop;
      }
      unsubscribe = store.subscribe(def, deliver);
      for (const ev of replay) deliver(ev);
    } else {
      unsubscribe = store.subscribe(def, deliver);
      const keys = [...store.table(def).keys()].sort();
      for (const key of keys) {
        const e = store.table(def).get(key);
        if (e && matches(e)) emit('ADDED', e);
      }
      if (params.sendInitialEvents && params.bookmarks)
        bookmark({ 'k8s.io/initial-events-end': 'true' });
    }
    initialDone = true;
    if (params.bookmarks) {
      const tick = (): void => {
        bookmark();
        if (!closed) timers[0] = setTimeout(tick, this.opts.bookmarkIntervalMs);
      };
      timers[0] = setTimeout(tick, this.opts.bookmarkIntervalMs);
    }
    if (params.timeoutSeconds !== undefined && params.timeoutSeconds > 0) {
      timers[1] = setTimeout(close, params.timeoutSeconds * 1000);
    }
    return close;
  }
}
