// Request bodies in the Kubernetes protobuf encoding, for the built-in kinds clients send that way.
//
// kube-apiserver accepts application/vnd.kubernetes.protobuf for every built-in kind, and
// client-go's generated (typed) clients always send it: kubectl create namespace/configmap/secret
// and kubectl auth can-i use them. client-go falls back to JSON after a 415 only for CBOR
// (kubernetes/client-go rest/client.go, requestClientContentConfigProvider.UnsupportedMediaType:
// "all generated clients accessing built-in kube resources are forced to protobuf, so those will
// not degrade to JSON"), so a sandbox that refused protobuf would fail those commands outright.
//
// Wire format (kubernetes/apimachinery pkg/runtime/serializer/protobuf/protobuf.go): the magic
// prefix 6b 38 73 00 ("k8s\0") then a runtime.Unknown message (pkg/runtime/generated.proto:
// typeMeta = 1 {apiVersion = 1, kind = 2}, raw = 2, contentEncoding = 3, contentType = 4) whose
// raw bytes are the object's own message. Field numbers below are those of
// kubernetes/api core/v1, authorization/v1, authentication/v1 generated.proto and
// kubernetes/apimachinery pkg/apis/meta/v1/generated.proto. Proto2 as gogo-protobuf writes it
// emits non-pointer fields even when empty; JSON omits them (omitempty), so empty values are
// dropped here unless the Go field is a pointer (`keepZero`).
import { ApiError } from './api';

type Scalar = 'string' | 'int' | 'bool' | 'bytes' | 'time';

interface Field {
  name: string;
  type: Scalar | Message;
  repeated?: boolean;
  /** map<string, V>: entries are messages {key = 1, value = 2}. */
  map?: 'string' | 'bytes';
  /** A pointer field in Go: its zero value was set on purpose and must survive. */
  keepZero?: boolean;
}

interface Message {
  fields: Record<number, Field>;
}

const msg = (fields: Record<number, Field>): Message => ({ fields });

const ownerReference = msg({
  5: { name: 'apiVersion', type: 'string' },
  1: { name: 'kind', type: 'string' },
  3: { name: 'name', type: 'string' },
  4: { name: 'uid', type: 'string' },
  6: { name: 'controller', type: 'bool', keepZero: true },
  7: { name: 'blockOwnerDeletion', type: 'bool', keepZero: true },
});

const objectMeta = msg({
  1: { name: 'name', type: 'string' },
  2: { name: 'generateName', type: 'string' },
  3: { name: 'namespace', type: 'string' },
  4: { name: 'selfLink', type: 'string' },
  5: { name: 'uid', type: 'string' },
  6: { name: 'resourceVersion', type: 'string' },
  7: { name: 'generation', type: 'int' },
  8: { name: 'creationTimestamp', type: 'time' },
  9: { name: 'deletionTimestamp', type: 'time' },
  10: { name: 'deletionGracePeriodSeconds', type: 'int', keepZero: true },
  11: { name: 'labels', type: 'string', map: 'string' },
  12: { name: 'annotations', type: 'string', map: 'string' },
  13: { name: 'ownerReferences', type: ownerReference, repeated: true },
  14: { name: 'finalizers', type: 'string', repeated: true },
});

const selectorRequirement = msg({
  1: { name: 'key', type: 'string' },
  2: { name: 'operator', type: 'string' },
  3: { name: 'values', type: 'string', repeated: true },
});

const selectorAttributes = msg({
  1: { name: 'rawSelector', type: 'string' },
  2: { name: 'requirements', type: selectorRequirement, repeated: true },
});

/** Object messages by `<apiVersion>/<kind>`. */
const KINDS: Record<string, Message> = {
  'v1/Namespace': msg({
    1: { name: 'metadata', type: objectMeta },
    2: { name: 'spec', type: msg({ 1: { name: 'finalizers', type: 'string', repeated: true } }) },
  }),
  'v1/ConfigMap': msg({
    1: { name: 'metadata', type: objectMeta },
    4: { name: 'immutable', type: 'bool', keepZero: true },
    2: { name: 'data', type: 'string', map: 'string' },
    3: { name: 'binaryData', type: 'bytes', map: 'bytes' },
  }),
  'v1/Secret': msg({
    1: { name: 'metadata', type: objectMeta },
    5: { name: 'immutable', type: 'bool', keepZero: true },
    2: { name: 'data', type: 'bytes', map: 'bytes' },
    4: { name: 'stringData', type: 'string', map: 'string' },
    3: { name: 'type', type: 'string' },
  }),
  'authorization.k8s.io/v1/SelfSubjectAccessReview': msg({
    1: { name: 'metadata', type: objectMeta },
    2: {
      name: 'spec',
      type: msg({
        1: {
          name: 'resourceAttributes',
          type: msg({
            1: { name: 'namespace', type: 'string' },
            2: { name: 'verb', type: 'string' },
            3: { name: 'group', type: 'string' },
            4: { name: 'version', type: 'string' },
            5: { name: 'resource', type: 'string' },
            6: { name: 'subresource', type: 'string' },
            7: { name: 'name', type: 'string' },
            8: { name: 'fieldSelector', type: selectorAttributes },
            9: { name: 'labelSelector', type: selectorAttributes },
          }),
        },
        2: {
          name: 'nonResourceAttributes',
          type: msg({
            1: { name: 'path', type: 'string' },
            2: { name: 'verb', type: 'string' },
          }),
        },
      }),
    },
  }),
  'authorization.k8s.io/v1/SelfSubjectRulesReview': msg({
    1: { name: 'metadata', type: objectMeta },
    2: { name: 'spec', type: msg({ 1: { name: 'namespace', type: 'string' } }) },
  }),
  'authentication.k8s.io/v1/SelfSubjectReview': msg({
    1: { name: 'metadata', type: objectMeta },
  }),
};

/** Field values of one message as raw wire values: varints as bigint, length-delimited as bytes. */
function wireFields(buf: Buffer): [number, bigint | Buffer][] {
  const out: [number, bigint | Buffer][] = [];
  let pos = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buf[pos++];
      if (byte === undefined) throw new ApiError(400, 'BadRequest', 'truncated protobuf body');
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
      if (shift > 63n) throw new ApiError(400, 'BadRequest', 'malformed protobuf varint');
    }
  };
  while (pos < buf.length) {
    const tag = varint();
    const field = Number(tag >> 3n);
    const wire = Number(tag & 7n);
    if (wire === 0) out.push([field, varint()]);
    else if (wire === 2) {
      const len = Number(varint());
      if (pos + len > buf.length) throw new ApiError(400, 'BadRequest', 'truncated protobuf body');
      out.push([field, buf.subarray(pos, pos + len)]);
      pos += len;
    } else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else throw new ApiError(400, 'BadRequest', `unsupported protobuf wire type ${wire}`);
  }
  return out;
}

function asBytes(v: bigint | Buffer): Buffer {
  if (!Buffer.isBuffer(v)) throw new ApiError(400, 'BadRequest', 'protobuf field type mismatch');
  return v;
}

function asInt(v: bigint | Buffer): bigint {
  if (Buffer.isBuffer(v)) throw new ApiError(400, 'BadRequest', 'protobuf field type mismatch');
  return v;
}

/** metav1.Time as JSON writes it: RFC 3339 in UTC with second precision. */
function timeOf(buf: Buffer): string | undefined {
  let seconds = 0n;
  for (const [n, v] of wireFields(buf)) if (n === 1) seconds = BigInt.asIntN(64, asInt(v));
  if (seconds === 0n) return undefined;
  return new Date(Number(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function scalar(type: Scalar, v: bigint | Buffer): unknown {
  switch (type) {
    case 'string':
      return asBytes(v).toString('utf8');
    case 'bytes':
      // JSON carries []byte as base64, as Secret.data and ConfigMap.binaryData do.
      return asBytes(v).toString('base64');
    case 'int':
      return Number(BigInt.asIntN(64, asInt(v)));
    case 'bool':
      return asInt(v) !== 0n;
    case 'time':
      return timeOf(asBytes(v));
  }
}

function isZero(v: unknown): boolean {
  if (v === undefined || v === '' || v === 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === 'object' && v !== null && Object.keys(v).length === 0;
}

function decodeMessage(buf: Buffer, m: Message): Record<string, unknown> {
  // Null prototype: field names come from the table, map keys from the request.
  const out = Object.create(null) as Record<string, unknown>;
  for (const [n, raw] of wireFields(buf)) {
    const f = m.fields[n];
    if (!f) continue;
    if (f.map) {
      let key = '';
      let value: unknown = '';
      for (const [en, ev] of wireFields(asBytes(raw))) {
        if (en === 1) key = asBytes(ev).toString('utf8');
        else if (en === 2) value = scalar(f.map, ev);
      }
      const target = (out[f.name] ??= Object.create(null)) as Record<string, unknown>;
      target[key] = value;
      continue;
    }
    const value =
      typeof f.type === 'string' ? scalar(f.type, raw) : decodeMessage(asBytes(raw), f.type);
    if (f.repeated) ((out[f.name] ??= []) as unknown[]).push(value);
    else out[f.name] = value;
  }
  for (const [, f] of Object.entries(m.fields)) {
    const v = out[f.name];
    if (f.map || f.repeated) continue;
    if (isZero(v) && !(f.keepZero && v !== undefined)) Reflect.deleteProperty(out, f.name);
  }
  return { ...out };
}

/** Media types kube-apiserver accepts for bodies of built-in kinds. */
export const BUILTIN_MEDIA_TYPES = [
  'application/json',
  'application/yaml',
  'application/vnd.kubernetes.protobuf',
];

/**
 * Decodes a `k8s\0`-framed object of a built-in kind; an envelope whose apiVersion/kind this
 * sandbox has no message table for is refused with 415, as for a kind without protobuf.
 */
export function decodeProtobufObject(raw: Buffer): Record<string, unknown> {
  if (raw.subarray(0, 4).toString('latin1') !== 'k8s\0') {
    throw new ApiError(
      400,
      'BadRequest',
      'provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]',
    );
  }
  let apiVersion = '';
  let kind = '';
  let body: Buffer | undefined;
  for (const [n, v] of wireFields(raw.subarray(4))) {
    if (n === 1) {
      for (const [tn, tv] of wireFields(asBytes(v))) {
        if (tn === 1) apiVersion = asBytes(tv).toString('utf8');
        else if (tn === 2) kind = asBytes(tv).toString('utf8');
      }
    } else if (n === 2) body = asBytes(v);
  }
  const m = KINDS[`${apiVersion}/${kind}`];
  if (!m) {
    throw new ApiError(
      415,
      'UnsupportedMediaType',
      `the body of the request was in an unknown format - accepted media types include: application/json, application/yaml`,
    );
  }
  return { apiVersion, kind, ...decodeMessage(body ?? Buffer.alloc(0), m) };
}
