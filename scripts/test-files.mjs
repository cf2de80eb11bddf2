// Where the co-located `*.test.ts(x)` files are: run-unit.mjs runs them, test-reliability.mjs
// picks the ones that hold @reliability tests. One walk, so the two cannot disagree.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;
const roots = ['src', 'sandbox', 'cli', 'scripts', 'bench', 'charts'];
const skip = new Set(['node_modules', 'dist', '.sandbox']);

function collect(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (skip.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path, out);
    else if (/\.test\.tsx?$/.test(name)) out.push(relative(root, path));
  }
  return out;
}

/** Every unit test file, relative to the repository root, sorted. */
export function listTestFiles() {
  return roots.flatMap((r) => collect(join(root, r), [])).sort();
}
