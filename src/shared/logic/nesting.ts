// How deeply a value nests, measured without recursion.
//
// The API server accepts objects nested up to 10,000 levels, but the code that shows and edits
// them recurses: the `yaml` package's stringify overflows the browser's stack at about 1,000
// levels (a 1,500-level policy crashed its editor, a 2,100-level one its details page), and
// structuredClone, JSON.stringify, merges and diffs follow at a few thousand. The pages check
// this first and say "too deeply nested" instead of rendering such an object.

/**
 * Deepest nesting the pages render or edit (the object itself is level 1). Real policies and
 * attachments stay around a dozen levels; at 100 the block YAML of one chain is still small
 * (indentation grows with the square of the depth) and far from any stack limit.
 */
export const MAX_NESTING_DEPTH = 100;

/** True when objects and arrays nest more than `max` levels; a scalar is 0, `{}` is 1. */
export function isNestedDeeperThan(value: unknown, max: number = MAX_NESTING_DEPTH): boolean {
  // Parallel stacks of containers and their levels; a cycle only ever deepens, so it ends too.
  const values: unknown[] = [value];
  const levels: number[] = [0];
  for (;;) {
    const v = values.pop();
    const level = levels.pop();
    if (level === undefined) return false;
    if (typeof v !== 'object' || v === null) continue;
    const depth = level + 1;
    if (depth > max) return true;
    const children: unknown[] = Array.isArray(v) ? v : Object.values(v);
    for (const child of children)
      if (typeof child === 'object' && child !== null) {
        values.push(child);
        levels.push(depth);
      }
  }
}
