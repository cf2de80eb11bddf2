// No container engine runs here, so the Dockerfile is checked as a static artefact: its stages,
// what reaches the final image, and that it agrees with deploy/nginx.conf and .dockerignore.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { productionPaths, readProductionConfig, repoRoot } from './nginx-config';

interface Instruction {
  keyword: string;
  args: string;
}

interface Stage {
  base: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** Dockerfile instructions grouped by stage; continuation lines joined, comments dropped. */
function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    logical.push(`${pending}${line}`.trim());
    pending = '';
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const match = /^(\S+)\s*(.*)$/.exec(line);
    if (!match?.[1]) continue;
    const keyword = match[1].toUpperCase();
    const args = match[2] ?? '';
    if (keyword === 'FROM') {
      const from = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      assert.ok(from?.[1], `unreadable FROM: ${args}`);
      stages.push({ base: from[1], name: from[2], instructions: [] });
      continue;
    }
    const current = stages.at(-1);
    assert.ok(current, `${keyword} before the first FROM`);
    current.instructions.push({ keyword, args });
  }
  return stages;
}

const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
const stages = parseDockerfile(dockerfile);
const build = stages[0];
const final = stages.at(-1);
const of = (stage: Stage | undefined, keyword: string): string[] =>
  (stage?.instructions ?? []).filter((i) => i.keyword === keyword).map((i) => i.args);

/** Minimal .dockerignore matching: exact names, directory prefixes and `*` within one segment. */
function ignoredBy(patterns: string[], path: string): string | undefined {
  return patterns.find((p) => {
    const re = new RegExp(
      `^${p
        .replace(/^\/+|\/+$/g, '')
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')}(/.*)?$`,
    );
    return re.test(path);
  });
}

void describe('Dockerfile', () => {
  void test('builds in a Node 20+ stage and serves from a separate nginx stage', () => {
    assert.ok(stages.length >= 2, 'multi-stage build expected');
    assert.match(build?.base ?? '', /nodejs-(2\d)\b/);
    assert.ok(Number(/nodejs-(\d+)/.exec(build?.base ?? '')?.[1]) >= 20, 'Node 20+ build image');
    assert.match(final?.base ?? '', /nginx/);
    assert.doesNotMatch(final?.base ?? '', /nodejs/);
  });

  void test('the build stage runs npm ci without browser downloads, then npm run build', () => {
    const steps = build?.instructions ?? [];
    const ci = steps.findIndex((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args));
    const run = steps.findIndex((i) => i.keyword === 'RUN' && /\bnpm run build\b/.test(i.args));
    const skip = steps.findIndex(
      (i) =>
        (i.keyword === 'ENV' || i.keyword === 'RUN') &&
        /PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1/.test(i.args),
    );
    assert.ok(ci >= 0, 'npm ci');
    assert.ok(run > ci, 'npm run build after npm ci');
    assert.ok(skip >= 0 && skip <= ci, 'PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 set before npm ci');
    assert.ok(
      !steps.some((i) => i.keyword === 'RUN' && /\bnpm (install|i)\b/.test(i.args)),
      'npm install would ignore the lock file',
    );
  });

  void test('the final stage copies only dist/ and the nginx config', () => {
    assert.deepEqual(of(final, 'ADD'), [], 'ADD can fetch URLs and unpack archives; use COPY');
    const copies = of(final, 'COPY');
    assert.equal(copies.length, 2, copies.join('\n'));
    const dist = copies.find((c) => c.includes('--from='));
    assert.ok(dist, 'dist/ is copied from the build stage');
    assert.match(dist, new RegExp(`^--from=${build?.name ?? '0'}\\s+\\S+/dist/?\\s+\\S+$`));
    assert.equal(dist.split(/\s+/).at(-1), productionPaths.root, 'dist lands on the nginx root');
    assert.ok(copies.includes('deploy/nginx.conf /etc/nginx/nginx.conf'), copies.join('\n'));
  });

  void test('the final stage has no Node toolchain and no node_modules', () => {
    // LABEL is prose for humans ("node networking"), not something that installs or runs.
    for (const { keyword, args } of final?.instructions ?? []) {
      if (keyword === 'LABEL') continue;
      assert.doesNotMatch(args, /\b(npm|npx|node|yarn|node_modules)\b/, `${keyword} ${args}`);
    }
  });

  void test('nginx runs as a non-root user on 9443 in the foreground', () => {
    const user = of(final, 'USER').at(-1) ?? '';
    assert.match(user, /^[1-9]\d*(:\d+)?$/, 'a numeric non-root UID lets runAsNonRoot verify it');
    assert.deepEqual(of(final, 'EXPOSE'), [String(productionPaths.port)]);
    const entrypoint = JSON.parse(of(final, 'ENTRYPOINT').at(-1) ?? '[]') as string[];
    assert.equal(entrypoint[0], 'nginx');
    assert.deepEqual(entrypoint.slice(entrypoint.indexOf('-c'), entrypoint.indexOf('-c') + 2), [
      '-c',
      '/etc/nginx/nginx.conf',
    ]);
    assert.ok(entrypoint.includes('daemon off;'), 'nginx must stay in the foreground as PID 1');
  });

  void test('deploy/nginx.conf serves what the image contains', () => {
    const conf = readProductionConfig();
    assert.match(conf, new RegExp(`^\\s*root ${productionPaths.root};`, 'm'));
    assert.match(conf, new RegExp(`^\\s*listen ${productionPaths.port} ssl;`, 'm'));
    assert.doesNotMatch(conf, /^\s*daemon\b/m, 'daemon off is passed by the ENTRYPOINT');
  });
});

void describe('.dockerignore', () => {
  const patterns = readFileSync(join(repoRoot, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));

  void test('keeps local installs and build output out of the context', () => {
    for (const path of ['node_modules', 'dist', '.git', 'test-results']) {
      assert.ok(ignoredBy(patterns, path), `${path} should be ignored`);
    }
  });

  void test('keeps everything the build reads', () => {
    for (const path of [
      'package.json',
      'package-lock.json',
      'webpack.config.ts',
      'tsconfig.json',
      'console-extensions.json',
      'src/index.ts',
      'locales/en/plugin__switchboard.json',
      'deploy/nginx.conf',
    ]) {
      assert.equal(ignoredBy(patterns, path), undefined, `${path} must reach the build`);
    }
  });
});
