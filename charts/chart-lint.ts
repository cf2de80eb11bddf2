// Checks the chart test needs without new dependencies: a JSON Schema draft-07 subset validator
// (the keywords values.schema.json uses; any other keyword is reported, never silently ignored)
// and a YAML lint for rendered manifests.
import { parseAllDocuments } from 'yaml';

export type Schema = Record<string, unknown>;

const supported = new Set([
  '$schema',
  '$ref',
  'title',
  'description',
  'definitions',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
]);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

export class SchemaValidator {
  constructor(private readonly root: Schema) {}

  /** Follows a local `#/definitions/x` reference. */
  resolve(schema: Schema): Schema {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const name = /^#\/definitions\/([\w-]+)$/.exec(ref)?.[1];
    const defs = this.root.definitions;
    const target = name && isObject(defs) ? defs[name] : undefined;
    if (!isObject(target)) throw new Error(`unresolvable $ref ${ref}`);
    return this.resolve(target);
  }

  /** Keywords that this validator would ignore, with where they occur. */
  unsupportedKeywords(schema: Schema = this.root, at = '#'): string[] {
    const found: string[] = [];
    for (const [key, value] of Object.entries(schema)) {
      if (!supported.has(key)) found.push(`${at}/${key}`);
      const children =
        key === 'properties' || key === 'definitions'
          ? isObject(value)
            ? Object.entries(value)
            : []
          : (key === 'items' || key === 'additionalProperties') && isObject(value)
            ? [['', value] as const]
            : [];
      for (const [name, child] of children) {
        if (isObject(child)) found.push(...this.unsupportedKeywords(child, `${at}/${key}/${name}`));
      }
    }
    return found;
  }

  /** Errors as `path: message`; empty when `value` is valid. */
  validate(value: unknown, schema: Schema = this.root, path = 'values'): string[] {
    const s = this.resolve(schema);
    const errors: string[] = [];
    const type = jsonType(value);
    if (s.type !== undefined) {
      const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
      const ok = types.some((t) => t === type || (t === 'number' && type === 'integer'));
      if (!ok) return [`${path}: expected ${types.join('|')}, got ${type}`];
    }
    if (Array.isArray(s.enum) && !s.enum.some((e) => e === value)) {
      errors.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`);
    }
    if ('const' in s && s.const !== value)
      errors.push(`${path}: must be ${JSON.stringify(s.const)}`);
    if (typeof value === 'number') {
      if (typeof s.minimum === 'number' && value < s.minimum)
        errors.push(`${path}: < ${s.minimum}`);
      if (typeof s.maximum === 'number' && value > s.maximum)
        errors.push(`${path}: > ${s.maximum}`);
    }
    if (typeof value === 'string') {
      if (typeof s.minLength === 'number' && value.length < s.minLength) {
        errors.push(`${path}: shorter than ${s.minLength}`);
      }
      if (typeof s.maxLength === 'number' && value.length > s.maxLength) {
        errors.push(`${path}: longer than ${s.maxLength}`);
      }
      if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(value)) {
        errors.push(`${path}: ${JSON.stringify(value)} does not match ${s.pattern}`);
      }
    }
    if (Array.isArray(value)) {
      if (typeof s.minItems === 'number' && value.length < s.minItems) {
        errors.push(`${path}: fewer than ${s.minItems} items`);
      }
      if (typeof s.maxItems === 'number' && value.length > s.maxItems) {
        errors.push(`${path}: more than ${s.maxItems} items`);
      }
      if (
        s.uniqueItems === true &&
        new Set(value.map((v) => JSON.stringify(v))).size !== value.length
      ) {
        errors.push(`${path}: items are not unique`);
      }
      if (isObject(s.items)) {
        const items = s.items;
        value.forEach((v, i) => errors.push(...this.validate(v, items, `${path}[${i}]`)));
      }
    }
    if (isObject(value)) {
      const props = isObject(s.properties) ? s.properties : {};
      for (const key of Array.isArray(s.required) ? (s.required as string[]) : []) {
        if (!(key in value)) errors.push(`${path}: missing required ${key}`);
      }
      for (const [key, v] of Object.entries(value)) {
        const child = props[key];
        if (isObject(child)) errors.push(...this.validate(v, child, `${path}.${key}`));
        else if (s.additionalProperties === false) errors.push(`${path}: unknown key ${key}`);
        else if (isObject(s.additionalProperties)) {
          errors.push(...this.validate(v, s.additionalProperties, `${path}.${key}`));
        }
      }
    }
    return errors;
  }

  /** Whether a dotted values path is described (a map with a value schema covers any key). */
  describes(path: string): boolean {
    let s: Schema = this.resolve(this.root);
    for (const key of path.split('.')) {
      const props = isObject(s.properties) ? s.properties : {};
      const next =
        props[key] ?? (isObject(s.additionalProperties) ? s.additionalProperties : undefined);
      if (!isObject(next)) return false;
      s = this.resolve(next);
    }
    return true;
  }
}

/**
 * Lint of rendered YAML: no tabs, no trailing spaces, 2-space indentation steps (block scalar
 * bodies excepted), every document parses without errors or duplicate keys.
 */
export function lintYaml(text: string, file: string): string[] {
  const problems: string[] = [];
  const lines = text.split('\n');
  let prevEffective = 0;
  let scalarIndent = -1;
  lines.forEach((line, n) => {
    const where = `${file}:${n + 1}`;
    if (line.includes('\t')) problems.push(`${where}: tab`);
    if (/\s$/.test(line)) problems.push(`${where}: trailing whitespace`);
    if (line.trim() === '') return;
    const indent = line.length - line.trimStart().length;
    if (scalarIndent >= 0) {
      if (indent > scalarIndent) return;
      scalarIndent = -1;
    }
    if (line.trimStart().startsWith('#')) return;
    if (indent % 2 !== 0) problems.push(`${where}: odd indentation`);
    if (indent > prevEffective + 2) problems.push(`${where}: indented more than 2 spaces deeper`);
    const dashes = /^(\s*)((?:- )*)/.exec(line)?.[2]?.length ?? 0;
    prevEffective = indent + dashes;
    if (/:\s*[|>][-+]?$/.test(line) || /^\s*(- )+[|>][-+]?$/.test(line)) scalarIndent = indent;
  });
  for (const doc of parseAllDocuments(text, { uniqueKeys: true })) {
    for (const e of doc.errors) problems.push(`${file}: ${e.message}`);
    for (const w of doc.warnings) problems.push(`${file}: ${w.message}`);
  }
  return problems;
}
