// YAML ⇄ object for the resource editors, with positions for every error so the editor can put
// the message on the right line. Limits: aliases are capped (a "billion laughs" document expands
// exponentially) and so is the input size.
import { LineCounter, isMap, isScalar, parseAllDocuments, stringify, type Document } from 'yaml';
import type { K8sResource } from '../../../shared/model/k8s';
import type { ParseResourceYamlResult, ResourceYamlError } from '../model/resourceYaml';

export const MAX_YAML_BYTES = 1024 * 1024;
export const MAX_ALIAS_COUNT = 100;

export interface ExpectedResource {
  /** e.g. `nmstate.io/`; matched as a prefix of apiVersion. */
  apiVersionPrefix?: string;
  kind: string;
}

const at = (
  lc: LineCounter,
  offset: number | undefined,
  code: ResourceYamlError['code'],
  params: ResourceYamlError['params'] = {},
): { ok: false; error: ResourceYamlError } => {
  const pos = offset === undefined ? { line: 0, col: 0 } : lc.linePos(offset);
  return { ok: false, error: { code, line: pos.line, column: pos.col, params } };
};

const nodeOffset = (doc: Document, key: string): number | undefined => {
  const node = doc.get(key, true);
  if (isScalar(node) && node.range) return node.range[0];
  return undefined;
};

export const parseResourceYaml = <T extends K8sResource = K8sResource>(
  text: string,
  expected: ExpectedResource,
): ParseResourceYamlResult<T> => {
  const lc = new LineCounter();
  if (text.length > MAX_YAML_BYTES)
    return at(lc, undefined, 'yaml.tooLarge', { max: MAX_YAML_BYTES, size: text.length });
  const docs = parseAllDocuments(text, { lineCounter: lc, prettyErrors: false });
  if (!Array.isArray(docs) || docs.length === 0) return at(lc, undefined, 'yaml.empty');
  const [doc] = docs;
  if (!doc) return at(lc, undefined, 'yaml.empty');
  const firstError = docs.flatMap((d) => d.errors)[0];
  if (firstError)
    return at(lc, firstError.pos[0], 'yaml.syntax', {
      yamlCode: firstError.code,
      message: firstError.message,
    });
  // A trailing `---` yields an empty second document, which kubectl accepts too.
  const extra = docs
    .slice(1)
    .find((d) => d.contents !== null && !(isScalar(d.contents) && d.contents.value === null));
  if (extra) return at(lc, extra.range[0], 'yaml.multipleDocuments', { count: docs.length });
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    if (e instanceof ReferenceError)
      return at(lc, doc.range[0], 'yaml.aliasBomb', { max: MAX_ALIAS_COUNT });
    throw e;
  }
  if (value === null || value === undefined) return at(lc, doc.range[0], 'yaml.empty');
  if (typeof value !== 'object' || Array.isArray(value) || !isMap(doc.contents))
    return at(lc, doc.range[0], 'yaml.notAnObject');
  const obj = value as Record<string, unknown>;
  if (obj.kind !== expected.kind)
    return at(lc, nodeOffset(doc, 'kind') ?? doc.contents.range[0], 'yaml.wrongKind', {
      expected: expected.kind,
      actual: typeof obj.kind === 'string' ? obj.kind : '',
    });
  if (
    expected.apiVersionPrefix !== undefined &&
    (typeof obj.apiVersion !== 'string' || !obj.apiVersion.startsWith(expected.apiVersionPrefix))
  )
    return at(lc, nodeOffset(doc, 'apiVersion') ?? doc.contents.range[0], 'yaml.wrongApiVersion', {
      expected: expected.apiVersionPrefix,
      actual: typeof obj.apiVersion === 'string' ? obj.apiVersion : '',
    });
  return { ok: true, value: obj as T };
};

/** Block-style YAML in the object's key order; repeated objects are written out, never aliased. */
export const stringifyResourceYaml = (obj: unknown): string =>
  stringify(obj, { aliasDuplicateObjects: false, lineWidth: 0 });
