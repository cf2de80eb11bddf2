#!/usr/bin/env node
// Runs every co-located `*.test.ts` with Node's own test runner (TypeScript through tsx).
// Node 20's runner does not discover .ts files itself, so we list them here. A TAP copy of the
// results is written for scripts/test-all.mjs, which sums the counts of every runner.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const roots = ['src', 'sandbox', 'cli', 'scripts', 'bench', 'charts'];
const skip = new Set(['node_modules', 'dist', '.sandbox']);
const filter = process.argv.slice(2);

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

const files = roots
  .flatMap((r) => collect(join(root, r), []))
  .filter((f) => filter.length === 0 || filter.some((p) => f.includes(p)))
  .sort();
if (files.length === 0) {
  console.error('No unit test files found.');
  process.exit(1);
}
mkdirSync(join(root, 'test-results'), { recursive: true });
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--expose-gc',
    '--test',
    '--test-concurrency=2',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    '--test-reporter-destination=test-results/unit.tap',
    ...files,
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
