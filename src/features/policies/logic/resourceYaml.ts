// YAML ⇄ object for the resource editors, with positions for every error so the editor can put
// the message on the right line. Limits: aliases are capped (a "billion laughs" document expands
// exponentially), so are the input size and the nesting depth (everything that handles the
// object afterwards recurses; see shared/logic/nesting.ts).
import {
  LineCounter,
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseAllDocuments,
  stringify,
  type Document,
} from 'yaml';
import type { K8sResource } from '../../../shared/model/k8s';
import { isNestedDeeperThan, MAX_NESTING_DEPTH } from '../../../shared/logic/nesting';
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

/**
 * Start offset of the first collection nested deeper than `max` in the parsed document, walked
 * without recursion; undefined when there is none.
 */
const firstTooDeep = (doc: Document, max: number): number | undefined => {
  const nodes: unknown[] = [doc.contents];
  const levels: number[] = [0];
  for (;;) {
    const node = nodes.pop();
    const level = levels.pop();
    if (level === undefined) return undefined;
    if (!isMap(node) && !isSeq(node)) continue;
    const depth = level + 1;
    if (depth > max) return node.range?.[0] ?? doc.range?.[0] ?? 0;
    // Pushed in reverse so the first deep collection in document order is found first.
    for (let i = node.items.length - 1; i >= 0; i--) {
      const item: unknown = node.items[i];
      for (const child of isPair(item) ? [item.value, item.key] : [item]) {
        nodes.push(child);
        levels.push(depth);
      }
    }
  }
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
  // Before syntax errors: past about 800 levels the yaml package itself runs out of stack and
  // reports RESOURCE_EXHAUSTION where it did, with the levels it got through kept in the
  // document, so the cap is found and named first.
  const deep = firstTooDeep(doc, MAX_NESTING_DEPTH);
  if (deep !== undefined) return at(lc, deep, 'yaml.tooDeep', { max: MAX_NESTING_DEPTH });
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
  // Aliases can nest an anchored collection deeper than the text shows.
  if (isNestedDeeperThan(value, MAX_NESTING_DEPTH))
    return at(lc, doc.range[0], 'yaml.tooDeep', { max: MAX_NESTING_DEPTH });
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

/**
 * Block-style YAML in the object's key order; repeated objects are written out, never aliased.
 * Callers check `isNestedDeeperThan` first: the stringifier recurses and overflows the stack on
 * objects nested about a thousand levels deep.
 */
export const stringifyResourceYaml = (obj: unknown): string =>
  stringify(obj, { aliasDuplicateObjects: false, lineWidth: 0 });
