#!/usr/bin/env node
// Runs every co-located `*.test.ts` with Node's own test runner (TypeScript through tsx).
// Node 20's runner does not discover .ts files itself, so we list them here. A TAP copy of the
// results is written for scripts/test-all.mjs, which sums the counts of every runner.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { listTestFiles, root } from './test-files.mjs';

const filter = process.argv.slice(2);

const files = listTestFiles().filter(
  (f) => filter.length === 0 || filter.some((p) => f.includes(p)),
);
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
    // A test that hangs (a socket a failed assertion left open, say) fails after five minutes
    // instead of holding the whole suite past CI's limit; the slowest test takes about 30 s.
    '--test-timeout=300000',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    '--test-reporter-destination=test-results/unit.tap',
    ...files,
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
