// YAML → form → YAML without losing the user's text: the form's result is written onto the
// parsed YAML document (the `yaml` library's Document API) node by node, so every node whose
// value did not change keeps its comments, quoting and position, and keys keep their order.
// Only what the form changed is rewritten; new keys go after the existing ones.
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import { isRecord } from '../../../shared/logic/isRecord';
import { stringifyResourceYaml } from './resourceYaml';

type Doc = Document.Parsed;

const sameScalar = (node: unknown, value: unknown): boolean =>
  isScalar(node) && node.value === value;

/** The `name` of a sequence item, for lists of named objects (interfaces, bridge ports). */
const itemName = (node: unknown): string | undefined => {
  if (!isMap(node)) return undefined;
  const name = node.get('name');
  return typeof name === 'string' ? name : undefined;
};

const create = (doc: Doc, value: unknown, old?: unknown): YamlNode => {
  const node = doc.createNode(value, { aliasDuplicateObjects: false });
  // A changed scalar keeps the comment that was on it.
  if (isScalar(old) && isScalar(node)) {
    node.comment = old.comment;
    node.commentBefore = old.commentBefore;
  }
  return node;
};

/**
 * An empty collection prints as `{}` or `[]` (flow style); once the form fills it, it is
 * written in block style like the rest of the document.
 */
const blockIfFilled = (node: { flow?: boolean; items: unknown[] }): void => {
  if (node.flow === true && node.items.length > 0 && wasEmpty.has(node)) node.flow = false;
};
const wasEmpty = new WeakSet<object>();

/** `value` written onto `node`: the same node (changed in place) or a new one. */
const update = (doc: Doc, node: unknown, value: unknown): unknown => {
  if ((isMap(node) || isSeq(node)) && node.items.length === 0) wasEmpty.add(node);
  if (isRecord(value) && isMap(node)) {
    const keys = new Set(Object.keys(value));
    node.items = node.items.filter(
      (pair) => isPair(pair) && isScalar(pair.key) && keys.has(String(pair.key.value)),
    );
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      pair.value = update(doc, pair.value, value[key]);
      keys.delete(key);
    }
    for (const key of keys) node.items.push(doc.createPair(key, create(doc, value[key])));
    blockIfFilled(node);
    return node;
  }
  if (Array.isArray(value) && isSeq(node)) {
    const named =
      value.length > 0 &&
      value.every((v) => isRecord(v) && typeof v.name === 'string') &&
      node.items.every((n) => itemName(n) !== undefined);
    const old = [...node.items];
    node.items = value.map((v: unknown, i) => {
      // Named items follow their name, so removing or reordering one keeps the others' text.
      const match = named ? old.find((n) => itemName(n) === (v as { name: string }).name) : old[i];
      return match === undefined ? create(doc, v) : update(doc, match, v);
    });
    blockIfFilled(node);
    return node;
  }
  if (sameScalar(node, value)) return node;
  return create(doc, value, node);
};

/**
 * The YAML text for `next`, written onto `previousText` where it parses as one YAML mapping;
 * otherwise `next` printed afresh.
 */
export const updateYamlText = (previousText: string, next: unknown): string => {
  const doc = parseDocument(previousText, { keepSourceTokens: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return stringifyResourceYaml(next);
  doc.contents = update(doc, doc.contents, next) as typeof doc.contents;
  return doc.toString({ lineWidth: 0 });
};
