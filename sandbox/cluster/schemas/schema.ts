// A structural-schema subset of OpenAPI v3 as the Kubernetes API server applies it to custom
// resources: defaulting, pruning of unknown fields and validation, in that order. Error causes
// use the upstream reasons and message shapes so clients that parse them keep working.

export interface Schema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  description?: string;
  properties?: Record<string, Schema>;
  required?: readonly string[];
  enum?: readonly (string | number | boolean)[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxProperties?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  items?: Schema;
  additionalProperties?: Schema;
  default?: unknown;
  nullable?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
}

export interface Cause {
  reason: string;
  message: string;
  field: string;
}

type Json = unknown;

function isPlainObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeOf(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function render(value: Json): string {
  return JSON.stringify(value);
}

const patternCache = new Map<string, RegExp>();
function compiled(pattern: string): RegExp {
  let re = patternCache.get(pattern);
  if (!re) {
    // Upstream patterns are ECMA-262 compatible and unanchored unless written with ^...$.
    re = new RegExp(pattern, 'u');
    patternCache.set(pattern, re);
  }
  return re;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/**
 * Defaults, prunes and validates `value` in place (objects are mutated; the caller passes a
 * private copy) and returns the pruned value plus the validation causes.
 */
export function applySchema(
  value: Json,
  schema: Schema,
  path: string,
  causes: Cause[],
  pruned: string[] = [],
): Json {
  if (value === null) {
    if (schema.nullable) return value;
    // Upstream drops nulls for fields without `nullable` before validation.
    return undefined;
  }
  if (schema['x-kubernetes-int-or-string']) {
    const t = typeOf(value);
    if (t !== 'integer' && t !== 'string') {
      causes.push({
        reason: 'FieldValueInvalid',
        field: path,
        message: `Invalid value: ${render(value)}: ${path} in body must be of type integer,string: ${JSON.stringify(t)}`,
      });
    }
    return value;
  }
  const actual = typeOf(value);
  if (schema.type) {
    const ok =
      schema.type === actual || (schema.type === 'number' && actual === 'integer') || false;
    if (!ok) {
      causes.push({
        reason: 'FieldValueTypeInvalid',
        field: path,
        message: `Invalid value: ${render(value)}: ${path} in body must be of type ${schema.type}: ${JSON.stringify(actual)}`,
      });
      return value;
    }
  }
  if (schema.enum && !schema.enum.includes(value as string | number | boolean)) {
    causes.push({
      reason: 'FieldValueNotSupported',
      field: path,
      message: `Unsupported value: ${render(value)}: supported values: ${schema.enum.map((v) => render(v)).join(', ')}`,
    });
  }
  if (typeof value === 'number') checkNumber(value, schema, path, causes);
  if (typeof value === 'string') checkString(value, schema, path, causes);
  if (Array.isArray(value)) {
    // kube-openapi pkg/validation/errors TooFewItems, as the CRD validator reports it.
    if (schema.minItems !== undefined && value.length < schema.minItems)
      causes.push({
        reason: 'FieldValueInvalid',
        field: path,
        message: `Invalid value: ${value.length}: ${path} in body should have at least ${schema.minItems} items`,
      });
    if (schema.items) {
      const items = schema.items;
      return value.map((item, i) => applySchema(item, items, `${path}[${i}]`, causes, pruned));
    }
    return value;
  }
  if (isPlainObject(value)) return applyObject(value, schema, path, causes, pruned);
  return value;
}

function checkNumber(value: number, schema: Schema, path: string, causes: Cause[]): void {
  if (schema.minimum !== undefined && value < schema.minimum) {
    causes.push({
      reason: 'FieldValueInvalid',
      field: path,
      message: `Invalid value: ${value}: ${path} in body should be greater than or equal to ${schema.minimum}`,
    });
  }
  if (schema.maximum !== undefined && value > schema.maximum) {
    causes.push({
      reason: 'FieldValueInvalid',
      field: path,
      message: `Invalid value: ${value}: ${path} in body should be less than or equal to ${schema.maximum}`,
    });
  }
}

function checkString(value: string, schema: Schema, path: string, causes: Cause[]): void {
  if (schema.minLength !== undefined && value.length < schema.minLength) {
    causes.push({
      reason: 'FieldValueInvalid',
      field: path,
      message: `Invalid value: ${render(value)}: ${path} in body should be at least ${schema.minLength} chars long`,
    });
  }
  if (schema.maxLength !== undefined && value.length > schema.maxLength) {
    causes.push({
      reason: 'FieldValueTooLong',
      field: path,
      message: `Too long: may not be more than ${schema.maxLength} bytes`,
    });
  }
  if (schema.pattern !== undefined && !compiled(schema.pattern).test(value)) {
    causes.push({
      reason: 'FieldValueInvalid',
      field: path,
      message: `Invalid value: ${render(value)}: ${path} in body should match '${schema.pattern}'`,
    });
  }
}

function applyObject(
  value: Record<string, Json>,
  schema: Schema,
  path: string,
  causes: Cause[],
  pruned: string[],
): Record<string, Json> {
  const props = schema.properties ?? {};
  const preserve = schema['x-kubernetes-preserve-unknown-fields'] === true;
  for (const [key, child] of Object.entries(props)) {
    if (value[key] === undefined && child.default !== undefined) {
      value[key] = structuredClone(child.default);
    }
  }
  for (const key of Object.keys(value)) {
    const child = props[key] ?? schema.additionalProperties;
    const childPath = join(path, key);
    if (child) {
      const next = applySchema(value[key], child, childPath, causes, pruned);
      if (next === undefined) Reflect.deleteProperty(value, key);
      else value[key] = next;
    } else if (!preserve && schema.type === 'object') {
      // Structural pruning: fields the schema does not declare are dropped (an object schema
      // without properties keeps nothing, as upstream).
      pruned.push(childPath);
      Reflect.deleteProperty(value, key);
    }
  }
  for (const key of schema.required ?? []) {
    if (value[key] === undefined) {
      causes.push({
        reason: 'FieldValueRequired',
        field: join(path, key),
        message: 'Required value',
      });
    }
  }
  if (schema.maxProperties !== undefined && Object.keys(value).length > schema.maxProperties) {
    causes.push({
      reason: 'FieldValueTooMany',
      field: path,
      message: `Too many: ${Object.keys(value).length}: must have at most ${schema.maxProperties} items`,
    });
  }
  return value;
}

/** Shorthands keep the hand-written schemas readable. */
export const str = (extra: Omit<Schema, 'type'> = {}): Schema => ({ type: 'string', ...extra });
export const int = (extra: Omit<Schema, 'type'> = {}): Schema => ({ type: 'integer', ...extra });
export const num = (extra: Omit<Schema, 'type'> = {}): Schema => ({ type: 'number', ...extra });
export const bool = (): Schema => ({ type: 'boolean' });
export const obj = (
  properties: Record<string, Schema>,
  extra: Omit<Schema, 'type' | 'properties'> = {},
): Schema => ({ type: 'object', properties, ...extra });
export const arr = (items: Schema, extra: Omit<Schema, 'type' | 'items'> = {}): Schema => ({
  type: 'array',
  items,
  ...extra,
});
export const map = (values: Schema): Schema => ({ type: 'object', additionalProperties: values });
export const preserved = (): Schema => ({
  type: 'object',
  'x-kubernetes-preserve-unknown-fields': true,
});
export const intOrString = (): Schema => ({ 'x-kubernetes-int-or-string': true });
export const dateTime = (): Schema => ({ type: 'string', format: 'date-time' });
export const MAC_PATTERN = '^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$';

/** The root of every custom resource: envelope fields are handled by the server itself. */
export function root(properties: Record<string, Schema>, preserve = false): Schema {
  return {
    type: 'object',
    properties: {
      apiVersion: str(),
      kind: str(),
      metadata: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      ...properties,
    },
    ...(preserve ? { 'x-kubernetes-preserve-unknown-fields': true } : {}),
  };
}
