// Line and column of a policy path (`spec.desiredState.interfaces[2].vlan.id`) in YAML text, so
// findings computed on the parsed object can be marked in the YAML editor where they belong.
// A path that does not exist in the text resolves to its deepest existing ancestor.
import { LineCounter, isMap, isSeq, parseDocument, type Node } from 'yaml';

export interface TextPosition {
  /** 1-based. */
  line: number;
  column: number;
}

/** `a.b[2].c` → ['a', 'b', 2, 'c']. Keys may contain '-', '/' and ':' (nodeSelector labels). */
export const splitPath = (path: string): (string | number)[] => {
  const out: (string | number)[] = [];
  const re = /\[(\d+)\]|([^.[\]]+)/g;
  for (const m of path.matchAll(re)) {
    if (m[1] !== undefined) out.push(Number(m[1]));
    else if (m[2] !== undefined) out.push(m[2]);
  }
  return out;
};

const rangeStart = (node: unknown): number | undefined => {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range ? range[0] : undefined;
};

/**
 * Position of the key (for map entries) or item (for sequence entries) that the path names.
 * nodeSelector keys contain dots, so a map lookup also tries the rest of the path joined as one key.
 */
export const getYamlPathPosition = (text: string, path: string): TextPosition | null => {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, keepSourceTokens: false });
  if (doc.errors.length > 0) return null;
  const offset = getNodePathOffset(doc.contents, splitPath(path));
  if (offset === undefined) return null;
  const pos = lc.linePos(offset);
  return { line: pos.line, column: pos.col };
};

/**
 * Source offset of what `segments` names below `root` (a parsed yaml node): the key of a map entry,
 * the item of a sequence, or the deepest existing ancestor. Shared by the editor and the CLI.
 */
export const getNodePathOffset = (
  root: unknown,
  segments: readonly (string | number)[],
): number | undefined => {
  let node = root as Node | null;
  let offset = rangeStart(node);
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    if (typeof seg === 'number') {
      if (!isSeq(node)) break;
      const item: unknown = node.items[seg];
      if (item === undefined) break;
      offset = rangeStart(item) ?? offset;
      node = item as Node;
      continue;
    }
    if (!isMap(node)) break;
    const map = node;
    const findPair = (key: string) =>
      map.items.find((p) => {
        const k = p.key as { value?: unknown } | null;
        return k?.value === key;
      });
    let pair = findPair(seg ?? '');
    // Findings name nmstate's canonical key; the text may use its alias (bond.rs, linux_bridge.rs).
    if (!pair && seg === 'port') pair = findPair('ports');
    if (!pair) {
      // Label keys like `node-role.kubernetes.io/worker` were split at their dots.
      const rest = segments.slice(i).filter((s) => typeof s === 'string');
      for (let j = rest.length; j > 1 && !pair; j--) {
        pair = findPair(rest.slice(0, j).join('.'));
        if (pair) i += j - 1;
      }
    }
    if (!pair) break;
    offset = rangeStart(pair.key) ?? offset;
    node = pair.value as Node | null;
  }
  return offset;
};
