// Checks rendered manifests against the schemas of the API servers they target, with the
// validators those schemas come with, so nothing here restates a schema:
// - Kubernetes built-ins: the JSON-schema validators that `kubernetes-models` compiles from the
//   upstream OpenAPI document (types, enums, required fields, formats), plus the unknown-field
//   check kube-apiserver makes under `fieldValidation=Strict` (kubectl's default since 1.27),
//   walked over the field tables `@kubernetes/client-node` generates from the same OpenAPI.
// - ConsolePlugin console.openshift.io/v1: the CRD's openAPIV3Schema from openshift/api
//   (charts/testdata, see its README) through Ajv. As for any CRD with a structural schema, fields
//   the schema does not declare are unknown unless x-kubernetes-preserve-unknown-fields says
//   otherwise (apiextensions-apiserver prunes them, and Strict validation reports them).
//   CEL rules (x-kubernetes-validations) are not evaluated; the test asserts the chart sets none
//   of the fields that carry them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { Ajv } from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { parse } from 'yaml';

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Attribute {
  baseName: string;
  type: string;
}
type ModelClass = { getAttributeTypeMap: () => Attribute[] };

/** The client-node model class for a type name such as `V1Deployment`, if it has fields. */
function modelClass(name: string): ModelClass | undefined {
  const candidate = (k8s as unknown as Record<string, unknown>)[name];
  if (typeof candidate !== 'function') return undefined;
  const withMap = candidate as unknown as Partial<ModelClass>;
  return typeof withMap.getAttributeTypeMap === 'function' ? (withMap as ModelClass) : undefined;
}

/** Paths of fields that the type does not declare, the way Strict field validation names them. */
export function unknownFields(value: unknown, typeName: string, path = ''): string[] {
  const array = /^Array<(.+)>$/.exec(typeName);
  if (array?.[1]) {
    const item = array[1];
    return Array.isArray(value)
      ? value.flatMap((v, i) => unknownFields(v, item, `${path}[${i}]`))
      : [];
  }
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(typeName);
  if (map?.[1]) {
    const item = map[1];
    return isDict(value)
      ? Object.entries(value).flatMap(([k, v]) => unknownFields(v, item, `${path}.${k}`))
      : [];
  }
  const cls = modelClass(typeName);
  if (!cls || !isDict(value)) return [];
  const fields = new Map(cls.getAttributeTypeMap().map((a) => [a.baseName, a.type]));
  return Object.entries(value).flatMap(([key, child]) => {
    const type = fields.get(key);
    const at = path ? `${path}.${key}` : key;
    return type === undefined ? [`unknown field "${at}"`] : unknownFields(child, type, at);
  });
}

/** `apps/v1` → `V1`, `rbac.authorization.k8s.io/v1` → `V1`, `policy/v1beta1` → `V1beta1`. */
function clientTypeName(apiVersion: string, kind: string): string {
  const version = apiVersion.split('/').pop() ?? '';
  return `${version.charAt(0).toUpperCase()}${version.slice(1)}${kind}`;
}

/** Module path of the kubernetes-models class: `kubernetes-models/apps/v1/Deployment`. */
function modelsModule(apiVersion: string, kind: string): string {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  return group
    ? `kubernetes-models/${group}/${version ?? ''}/${kind}`
    : `kubernetes-models/${version ?? ''}/${kind}`;
}

interface ValidatingModel {
  validate: () => void;
}
type ModelCtor = new (data: unknown) => ValidatingModel;

async function builtinErrors(doc: Dict, apiVersion: string, kind: string): Promise<string[]> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(modelsModule(apiVersion, kind))) as Record<string, unknown>;
  } catch {
    return [`no schema for ${apiVersion} ${kind}`];
  }
  const Ctor = mod[kind] as ModelCtor | undefined;
  if (typeof Ctor !== 'function') return [`no schema for ${apiVersion} ${kind}`];
  const errors: string[] = [];
  try {
    new Ctor(doc).validate();
  } catch (err) {
    errors.push(err instanceof Error ? err.message : String(err));
  }
  const typeName = clientTypeName(apiVersion, kind);
  if (!modelClass(typeName)) return [...errors, `no field table for ${typeName}`];
  return [...errors, ...unknownFields(doc, typeName)];
}

/** A CRD version's structural schema as JSON Schema with apiextensions' unknown-field rule. */
function structural(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(structural);
  if (!isDict(schema)) return schema;
  const out: Dict = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k.startsWith('x-kubernetes-')) continue;
    out[k] =
      k === 'properties' && isDict(v)
        ? Object.fromEntries(Object.entries(v).map(([p, s]) => [p, structural(s)]))
        : structural(v);
  }
  const preserve = schema['x-kubernetes-preserve-unknown-fields'] === true;
  if (schema['type'] === 'object' && !preserve && out['additionalProperties'] === undefined) {
    out['additionalProperties'] = isDict(schema['properties']) ? false : {};
  }
  return out;
}

interface CrdSchema {
  validate: ValidateFunction;
}

const crdCache = new Map<string, CrdSchema>();
const ajv = new Ajv({ allErrors: true, strict: false });
// The OpenAPI integer formats the CRD uses; the apiserver rejects values outside their range.
ajv.addFormat('int32', {
  type: 'number',
  validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
});
ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });

/** CRDs whose schemas are test data, by `<apiVersion>/<kind>`. */
const CRDS: Record<string, string> = {
  'console.openshift.io/v1/ConsolePlugin': 'consoleplugins.console.openshift.io.crd.yaml',
};

function crdSchema(apiVersion: string, kind: string): CrdSchema | undefined {
  const key = `${apiVersion}/${kind}`;
  const file = CRDS[key];
  if (!file) return undefined;
  const cached = crdCache.get(key);
  if (cached) return cached;
  const crd = parse(readFileSync(join(import.meta.dirname, 'testdata', file), 'utf8')) as {
    spec: { versions: { name: string; schema: { openAPIV3Schema: Dict } }[] };
  };
  const version = apiVersion.split('/')[1];
  const v = crd.spec.versions.find((x) => x.name === version);
  if (!v) return undefined;
  const root = structural(v.schema.openAPIV3Schema) as Dict;
  // ObjectMeta is validated by the apiserver itself, not by the CRD schema.
  const props = isDict(root['properties']) ? root['properties'] : {};
  root['properties'] = { ...props, metadata: { type: 'object' } };
  const entry = { validate: ajv.compile(root) };
  crdCache.set(key, entry);
  return entry;
}

function ajvMessage(e: ErrorObject): string {
  const extra =
    e.keyword === 'additionalProperties'
      ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})`
      : '';
  return `${e.instancePath || '/'} ${e.message ?? e.keyword}${extra}`;
}

/** Every schema violation of one manifest; empty when the API server would accept it. */
export async function manifestErrors(doc: Dict): Promise<string[]> {
  const apiVersion = typeof doc['apiVersion'] === 'string' ? doc['apiVersion'] : '';
  const kind = typeof doc['kind'] === 'string' ? doc['kind'] : '';
  if (!apiVersion || !kind) return ['apiVersion and kind are required'];
  const crd = crdSchema(apiVersion, kind);
  if (crd) {
    const errors = crd.validate(doc) ? [] : (crd.validate.errors ?? []).map(ajvMessage);
    return [...errors, ...unknownFields(doc['metadata'], 'V1ObjectMeta', 'metadata')];
  }
  return builtinErrors(doc, apiVersion, kind);
}
