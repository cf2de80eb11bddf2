import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Persistence } from './persistence';
import { tempDir } from './testing';

const repo = fileURLToPath(new URL('../../', import.meta.url));

interface Server {
  child: ChildProcess;
  url: string;
}

/** Starts `main.ts` in its own process group so SIGKILL reaches the server, not only npx. */
function spawnServer(dataDir: string): Promise<Server> {
  const child = spawn(
    'npx',
    [
      'tsx',
      'sandbox/cluster/main.ts',
      '--port',
      '0',
      '--scenario',
      'empty',
      '--no-controllers',
      '--data-dir',
      dataDir,
    ],
    { cwd: repo, detached: true, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /sandbox cluster listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        ok({ child, url: m[1] });
      }
    });
    child.once('exit', (code) => fail(new Error(`server exited with ${String(code)}: ${out}`)));
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('durability', () => {
  it(
    '@reliability keeps every acknowledged write across kill -9',
    { timeout: 90_000 },
    async () => {
      const dataDir = tempDir();
      dirs.push(dataDir);
      const first = await spawnServer(dataDir);
      const acknowledged: string[] = [];
      const path = `${first.url}/api/v1/namespaces/default/configmaps`;
      // Sequential writes first, then a concurrent burst.
      for (let i = 0; i < 20; i++) {
        const res = await fetch(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ metadata: { name: `seq-${i}` }, data: { i: String(i) } }),
        });
        assert.equal(res.status, 201);
        acknowledged.push(`seq-${i}`);
      }
      // Then a concurrent burst; the server is killed while it is still in flight.
      let killed = false;
      const burst = Array.from({ length: 400 }, async (_, i) => {
        // Spread over ~1.2 s so the kill (after 120 acknowledgements) lands while later writes
        // are still to come, however fast the machine is.
        await new Promise((r) => setTimeout(r, i * 3));
        try {
          const res = await fetch(path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              metadata: { name: `burst-${i}` },
              data: { v: 'x'.repeat(200) },
            }),
          });
          await res.text();
          if (res.status === 201) {
            acknowledged.push(`burst-${i}`);
            if (!killed && acknowledged.length >= 120) {
              killed = true;
              killGroup(first.child, 'SIGKILL');
            }
          }
        } catch {
          /* connection reset by the kill: not acknowledged */
        }
      });
      await Promise.all(burst);
      assert.ok(killed, 'the server was killed mid-burst');
      assert.ok(acknowledged.length < 420, 'some writes were never acknowledged');
      const second = await spawnServer(dataDir);
      const path2 = `${second.url}/api/v1/namespaces/default/configmaps`;
      try {
        const list = (await (await fetch(path2)).json()) as {
          items: { metadata: { name: string } }[];
        };
        const present = new Set(list.items.map((i) => i.metadata.name));
        const lost = acknowledged.filter((n) => !present.has(n));
        assert.deepEqual(lost, [], 'acknowledged writes lost after kill -9');
        const res = await fetch(path2, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ metadata: { name: 'after-restart' } }),
        });
        assert.equal(res.status, 201, 'the log accepts writes after recovery');
      } finally {
        killGroup(second.child, 'SIGTERM');
      }
    },
  );

  it('recovers from a torn last log line and ignores records already in the snapshot', () => {
    const dir = tempDir();
    dirs.push(dir);
    const lines: string[] = [];
    const p = new Persistence(dir, () => ({ rv: 2, lines }));
    p.load(false);
    p.append({
      rv: 1,
      op: 'put',
      t: 'configmaps',
      k: 'default/a',
      json: '{"metadata":{"name":"a","resourceVersion":"1"}}',
    });
    p.append({
      rv: 2,
      op: 'put',
      t: 'configmaps',
      k: 'default/b',
      json: '{"metadata":{"name":"b","resourceVersion":"2"}}',
    });
    p.flush();
    appendFileSync(
      join(dir, 'wal.jsonl'),
      '{"rv":3,"op":"put","t":"configmaps","k":"default/c","o":{"meta',
    );
    const q = new Persistence(dir, () => ({ rv: 0, lines: [] }));
    const state = q.load(false);
    assert.equal(state.rv, 2);
    assert.deepEqual(
      [...(state.objects.get('configmaps')?.keys() ?? [])],
      ['default/a', 'default/b'],
    );
    q.append({ rv: 3, op: 'del', t: 'configmaps', k: 'default/a' });
    q.flush();
    const r = new Persistence(dir, () => ({ rv: 0, lines: [] }));
    assert.deepEqual([...(r.load(false).objects.get('configmaps')?.keys() ?? [])], ['default/b']);
  });
});
