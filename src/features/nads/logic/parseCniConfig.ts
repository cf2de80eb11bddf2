// The entry point for reading `spec.config`: strict JSON with positions, and the root must be an
// object (Multus and the admission webhook reject anything else).
import type { JsonObject, ParseJsonResult } from '../model/json';
import { isJsonObject, parseJson } from './json';

export type ParseCniConfigResult = ParseJsonResult<JsonObject>;

export function parseCniConfig(text: string): ParseCniConfigResult {
  const r = parseJson(text);
  if (!r.ok) return r;
  if (!isJsonObject(r.value)) {
    const at = r.positions.get('$')?.value ?? { line: 1, column: 1, offset: 0 };
    return { ok: false, error: { code: 'json.notObject', ...at } };
  }
  return { ok: true, value: r.value, positions: r.positions, duplicates: r.duplicates };
}
