#!/usr/bin/env node
// `npm run test:reliability`: every unit, sandbox and Playwright test named `@reliability`,
// then one table of them. Unit files are found by their content, so a new @reliability test
// anywhere joins the table without editing this script. `--no-e2e` skips Playwright.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listTestFiles, root } from './test-files.mjs';

const files = listTestFiles().filter((f) =>
  readFileSync(join(root, f), 'utf8').includes('@reliability'),
);
const unit = spawnSync('node', ['scripts/run-unit.mjs', ...files], { cwd: root, stdio: 'inherit' });
let e2eStatus = 0;
if (!process.argv.includes('--no-e2e')) {
  e2eStatus =
    spawnSync('npx', ['--no-install', 'playwright', 'test', '--grep', '@reliability'], {
      cwd: root,
      stdio: 'inherit',
    }).status ?? 1;
}

const rows = [];
const tap = join(root, 'test-results/unit.tap');
if (existsSync(tap)) {
  for (const line of readFileSync(tap, 'utf8').split('\n')) {
    const m = /^\s*(not ok|ok) \d+ - (.*@reliability.*?)(?: # SKIP.*)?$/.exec(line);
    if (m) rows.push({ title: m[2], ok: m[1] === 'ok', skipped: /# SKIP/.test(line) });
  }
}
const pw = join(root, 'test-results/playwright.json');
if (!process.argv.includes('--no-e2e') && existsSync(pw)) {
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (!spec.title.includes('@reliability')) continue;
      const statuses = spec.tests.map((t) => t.status);
      rows.push({
        title: spec.title,
        ok: statuses.every((s) => ['expected', 'flaky', 'skipped'].includes(s)),
        skipped: statuses.every((s) => s === 'skipped'),
      });
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of JSON.parse(readFileSync(pw, 'utf8')).suites ?? []) walk(suite);
}
console.log('\n=== reliability scenarios ===');
for (const r of rows) {
  console.log(
    `${r.skipped ? 'skip' : r.ok ? 'pass' : 'FAIL'}  ${r.title.replace('@reliability', '').trim()}`,
  );
}
const bad = rows.filter((r) => !r.ok).length;
console.log(`reliability: ${rows.length - bad} passed, ${bad} failed`);
process.exit(bad === 0 && unit.status === 0 && e2eStatus === 0 ? 0 : 1);
