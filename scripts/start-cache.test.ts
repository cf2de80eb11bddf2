// The build cache of `npm start`: the key changes with every input that can change a build, and
// only with those, and a build is skipped only when its key matches and its output exists.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { inputsHash, isUpToDate, recordBuild } from './start-cache.mjs';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'start-cache-'));
  dirs.push(root);
  mkdirSync(join(root, 'src/a'), { recursive: true });
  writeFileSync(join(root, 'src/a/one.ts'), 'export const one = 1;\n');
  writeFileSync(join(root, 'src/two.ts'), 'export const two = 2;\n');
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
  return root;
}

const build = { inputs: ['src', 'package-lock.json'], env: ['SWITCHBOARD_DIST'] };

describe('npm start build cache', () => {
  it('gives the same key for the same inputs', () => {
    const root = project();
    assert.equal(inputsHash(root, build, {}), inputsHash(root, build, {}));
  });

  it('changes the key when a file changes, is added, renamed or removed', () => {
    const root = project();
    const keys = new Set([inputsHash(root, build, {})]);
    writeFileSync(join(root, 'src/two.ts'), 'export const two = 3;\n');
    keys.add(inputsHash(root, build, {}));
    writeFileSync(join(root, 'src/a/three.ts'), '');
    keys.add(inputsHash(root, build, {}));
    rmSync(join(root, 'src/a/three.ts'));
    writeFileSync(join(root, 'src/a/four.ts'), '');
    keys.add(inputsHash(root, build, {}));
    rmSync(join(root, 'src/a/four.ts'));
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":2}\n');
    keys.add(inputsHash(root, build, {}));
    assert.equal(keys.size, 5);
  });

  it('changes the key with the environment the build reads, and only with it', () => {
    const root = project();
    const plain = inputsHash(root, build, {});
    assert.notEqual(inputsHash(root, build, { SWITCHBOARD_DIST: '/tmp/elsewhere' }), plain);
    assert.equal(inputsHash(root, build, { UNRELATED: 'x' }), plain);
  });

  it('ignores build outputs, dependencies, sandbox data and test results', () => {
    const root = project();
    const before = inputsHash(root, build, {});
    for (const skipped of ['dist', 'node_modules', '.sandbox', 'test-results']) {
      mkdirSync(join(root, 'src', skipped), { recursive: true });
      writeFileSync(join(root, 'src', skipped, 'x.js'), String(Math.random()));
    }
    assert.equal(inputsHash(root, build, {}), before);
  });

  it('is up to date only with the recorded key and the output present', () => {
    const root = project();
    const stamp = join(root, 'cache/build.sha256');
    const output = join(root, 'out/manifest.json');
    const key = inputsHash(root, build, {});
    assert.equal(isUpToDate(stamp, key, output), false, 'nothing built yet');
    recordBuild(stamp, key);
    assert.equal(isUpToDate(stamp, key, output), false, 'output missing');
    mkdirSync(join(root, 'out'));
    writeFileSync(output, '{}');
    assert.equal(isUpToDate(stamp, key, output), true);
    writeFileSync(join(root, 'src/two.ts'), 'changed');
    assert.equal(isUpToDate(stamp, inputsHash(root, build, {}), output), false, 'input changed');
  });
});
