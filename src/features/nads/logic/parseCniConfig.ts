// The entry point for reading `spec.config`: strict JSON with positions, and the root must be an
// object (Multus and the admission webhook reject anything else).
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
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

const parsedOf = new WeakMap<
  NetworkAttachmentDefinition,
  { text: string; result: ParseCniConfigResult }
>();

/**
 * `parseCniConfig` of a NAD's `spec.config`, parsed once per NAD object and config text. The
 * cross-NAD index (`buildNadIndex`) and `validateNad` both read every NAD of a run, and parsing
 * with positions is most of a config's cost. The result is shared: callers only read it.
 */
export function parseNadConfig(
  nad: NetworkAttachmentDefinition,
  text: string,
): ParseCniConfigResult {
  const hit = parsedOf.get(nad);
  if (hit?.text === text) return hit.result;
  const result = parseCniConfig(text);
  parsedOf.set(nad, { text, result });
  return result;
}
