// Proves `npm run bench -- --quick` still works: every scenario yields a number or an honest
// "not measurable" with a reason. It asserts no time: figures from a quick run mean nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { BenchResult } from './lib/types';

const root = path.resolve(__dirname, '..');

void describe('bench --quick', () => {
  void it(
    'produces a figure or a "not measurable" reason for every scenario',
    { timeout: 600_000 },
    () => {
      const out = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-quick-'));
      try {
        const r = spawnSync(
          process.execPath,
          ['--import', 'tsx', 'bench/run.ts', '--quick', '--out', out],
          { cwd: root, encoding: 'utf8', timeout: 540_000 },
        );
        assert.equal(
          r.status,
          0,
          `bench --quick exited ${String(r.status)}:\n${r.stdout}\n${r.stderr}`,
        );
        const result = JSON.parse(
          fs.readFileSync(path.join(out, 'latest.json'), 'utf8'),
        ) as BenchResult;
        assert.ok(fs.readFileSync(path.join(out, 'latest.md'), 'utf8').includes('| Figure |'));
        const scenarios = new Set(result.figures.map((f) => f.scenario));
        for (const name of [
          'graph-builder',
          'nad-validator',
          'cli',
          'sandbox',
          'bundle',
          'topology',
          'topology-2000',
          'policies',
          'policies-2000',
          'editor',
          'soak',
        ])
          assert.ok(scenarios.has(name), `no figure from scenario ${name}`);
        for (const f of result.figures) {
          if (f.status === 'not-measurable') {
            assert.ok(f.note && f.note.length > 0, `${f.id}: not measurable without a reason`);
            assert.ok(!f.id.endsWith('.error'), `${f.id}: the scenario crashed: ${f.note ?? ''}`);
          } else {
            assert.ok(
              typeof f.median === 'number' && Number.isFinite(f.median),
              `${f.id}: no number`,
            );
            assert.ok(f.samples.length > 0, `${f.id}: no samples`);
          }
        }
      } finally {
        fs.rmSync(out, { recursive: true, force: true });
      }
    },
  );
});
