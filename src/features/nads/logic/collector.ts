// Shared plumbing for the rule modules: a findings collector that resolves each JSON path to its
// source position, and typed readers that report wrong JSON types once, in one place.
import type { FindingCode } from '../model/codes';
import type { JsonLocation, JsonObject, JsonValue } from '../model/json';
import type { Finding, Platform, QuickFix, Severity, ValidationContext } from '../model/types';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { isJsonObject, joinPath } from './json';
export { suggestKey } from '../../../shared/logic/suggestKey';

export type Params = Record<string, string | number>;

/** Text for a params value that may be any JSON. */
export function show(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  // JSON.stringify returns undefined for undefined despite its declared type.
  const json = JSON.stringify(v) as string | undefined;
  return json ?? '';
}

export class Collector {
  readonly findings: Finding[] = [];
  constructor(private readonly positions?: Map<string, JsonLocation>) {}

  add(severity: Severity, code: FindingCode, path: string, params?: Params, fix?: QuickFix): void {
    const f: Finding = { severity, code, path };
    if (params) f.params = params;
    const pos = this.positionOf(path);
    if (pos) f.position = pos;
    if (fix) f.fix = fix;
    this.findings.push(f);
  }
  error(code: FindingCode, path: string, params?: Params, fix?: QuickFix): void {
    this.add('error', code, path, params, fix);
  }
  warn(code: FindingCode, path: string, params?: Params, fix?: QuickFix): void {
    this.add('warning', code, path, params, fix);
  }
  info(code: FindingCode, path: string, params?: Params, fix?: QuickFix): void {
    this.add('info', code, path, params, fix);
  }

  /** The key of a member if present (so the editor marks the whole line), else the value; walks up. */
  private positionOf(path: string): Finding['position'] {
    if (!this.positions || !path.startsWith('$')) return undefined;
    let p = path;
    for (;;) {
      const loc = this.positions.get(p);
      if (loc) return loc.key ?? loc.value;
      const cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
      if (cut <= 0) return undefined;
      p = p.slice(0, cut);
    }
  }
}

/** Everything a rule module needs about the NAD being validated. */
export interface RuleEnv {
  c: Collector;
  nad: NetworkAttachmentDefinition;
  ctx: ValidationContext | undefined;
  platform: Platform;
  /** The root config object. */
  root: JsonObject;
  /** Plugins in chain order with their paths (`$` for single configs). */
  plugins: { obj: JsonObject; path: string; type: string }[];
  isConflist: boolean;
  cniVersion: string | undefined;
}

export type FieldKind = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

export function kindOf(v: JsonValue): FieldKind | 'null' {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v as 'string' | 'boolean';
}

function matches(v: JsonValue, kind: FieldKind): boolean {
  const k = kindOf(v);
  return k === kind || (kind === 'number' && k === 'integer');
}

/** Reports `config.fieldType` for every present key whose JSON type differs from the schema. */
export function checkTypes(
  c: Collector,
  obj: JsonObject,
  path: string,
  schema: Record<string, FieldKind>,
): void {
  for (const [key, kind] of Object.entries(schema)) {
    const v = obj[key];
    if (v === undefined || matches(v, kind)) continue;
    const fix = fixForType(v, kind, joinPath(path, key));
    c.error(
      'config.fieldType',
      joinPath(path, key),
      { key, expected: kind, actual: kindOf(v) },
      fix,
    );
  }
}

function fixForType(v: JsonValue, kind: FieldKind, path: string): QuickFix | undefined {
  if (
    typeof v === 'string' &&
    (kind === 'integer' || kind === 'number') &&
    /^-?\d+$/.test(v.trim())
  ) {
    return { kind: 'replace', path, value: Number(v.trim()) };
  }
  if (typeof v === 'string' && kind === 'boolean' && (v === 'true' || v === 'false')) {
    return { kind: 'replace', path, value: v === 'true' };
  }
  if (typeof v === 'number' && kind === 'string')
    return { kind: 'replace', path, value: String(v) };
  return undefined;
}

export function str(obj: JsonObject | undefined, key: string): string | undefined {
  const v = obj?.[key];
  return typeof v === 'string' ? v : undefined;
}
export function int(obj: JsonObject | undefined, key: string): number | undefined {
  const v = obj?.[key];
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}
export function bool(obj: JsonObject | undefined, key: string): boolean | undefined {
  const v = obj?.[key];
  return typeof v === 'boolean' ? v : undefined;
}
export function objAt(obj: JsonObject | undefined, key: string): JsonObject | undefined {
  const v = obj?.[key];
  return isJsonObject(v) ? v : undefined;
}
export function arr(obj: JsonObject | undefined, key: string): JsonValue[] | undefined {
  const v = obj?.[key];
  return Array.isArray(v) ? v : undefined;
}

/** Linux interface names: libcni ValidateInterfaceName (IFNAMSIZ-1, no `/`, `:` or whitespace). */
export function isValidIfName(name: string): boolean {
  return (
    name.length > 0 && name.length <= 15 && name !== '.' && name !== '..' && !/[/:\s]/.test(name)
  );
}

export const MAC_RE = /^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/;

const KNOWN_CNI_VERSIONS = ['0.1.0', '0.2.0', '0.3.0', '0.3.1', '0.4.0', '1.0.0', '1.1.0'];
export function isKnownCniVersion(v: string): boolean {
  return KNOWN_CNI_VERSIONS.includes(v);
}
/** cniVersion < 0.3.0 (including the empty version, which libcni reads as 0.1.0). */
export function isLegacyCniVersion(v: string | undefined): boolean {
  return v === undefined || v === '' || v === '0.1.0' || v === '0.2.0';
}
