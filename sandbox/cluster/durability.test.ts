import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import {
  appendFileSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ApiError } from './api';
import type { FileOps } from './persistence';
import { DataDirError, Persistence } from './persistence';
import { RESOURCES, typeKey } from './registry';
import { Store } from './store';
import { tempDir } from './testing';

const repo = fileURLToPath(new URL('../../', import.meta.url));

interface Server {
  child: ChildProcess;
  url: string;
}

/** Starts `main.ts` in its own process group so SIGKILL reaches the server, not only npx. */
function spawnServer(dataDir: string): Promise<Server> {
  return spawnProcess(dataDir).ready;
}

function spawnProcess(dataDir: string): {
  child: ChildProcess;
  ready: Promise<Server>;
  output: () => string;
} {
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
    { cwd: repo, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stderr.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const ready = new Promise<Server>((ok, fail) => {
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
  return { child, ready, output: () => out };
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
const mounts: string[] = [];
after(() => {
  for (const m of mounts.reverse()) {
    try {
      execFileSync('umount', ['-l', m], { stdio: 'pipe' });
    } catch {
      /* already unmounted */
    }
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Signals the server's process group and waits until every process of it is gone. */
async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  killGroup(child, signal);
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(-(child.pid ?? 0), 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

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
      await stop(first.child, 'SIGKILL');
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
        await stop(second.child, 'SIGTERM');
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
    // p "crashed": its process would be gone, and so its lock stale.
    rmSync(join(dir, 'lock'));
    const q = new Persistence(dir, () => ({ rv: 0, lines: [] }));
    const state = q.load(false);
    assert.equal(state.rv, 2);
    assert.deepEqual(
      [...(state.objects.get('configmaps')?.keys() ?? [])],
      ['default/a', 'default/b'],
    );
    q.append({ rv: 3, op: 'del', t: 'configmaps', k: 'default/a' });
    q.flush();
    rmSync(join(dir, 'lock'));
    const r = new Persistence(dir, () => ({ rv: 0, lines: [] }));
    assert.deepEqual([...(r.load(false).objects.get('configmaps')?.keys() ?? [])], ['default/b']);
  });
});

const CM_TYPE = RESOURCES.find((r) => r.kind === 'ConfigMap');

function configMap(name: string, rv: number): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: 'default', resourceVersion: String(rv) },
    data: { v: 'x'.repeat(50) },
  };
}

/** A store on a persistence whose file operations the test controls. */
function faultyStore(dir: string, ops: FileOps): { store: Store; persistence: Persistence } {
  const store = new Store();
  const persistence = new Persistence(
    dir,
    () => ({ rv: store.resourceVersion, lines: store.snapshotLines() }),
    undefined,
    ops,
  );
  const loaded = persistence.load(false);
  store.restore(new Map(RESOURCES.map((r) => [typeKey(r), r])), loaded.objects, loaded.rv);
  store.persistence = persistence;
  return { store, persistence };
}

function realOps(): FileOps {
  return {
    writeSync: (fd, buf, off, len, pos) => writeSync(fd, buf, off, len, pos),
    fdatasyncSync: () => undefined,
  };
}

describe('durability: faults', () => {
  it('@reliability short writes are retried until the whole record is in the log', () => {
    const dir = tempDir();
    dirs.push(dir);
    const ops = realOps();
    // The kernel may write fewer bytes than asked (full disk, signals): write 7 at a time.
    ops.writeSync = (fd, buf, off, len, pos) => writeSync(fd, buf, off, Math.min(len, 7), pos);
    const { store, persistence } = faultyStore(dir, ops);
    assert.ok(CM_TYPE);
    for (let i = 1; i <= 5; i++) store.put(CM_TYPE, configMap(`cm-${i}`, i));
    persistence.flush();
    rmSync(join(dir, 'lock'));
    const loaded = new Persistence(dir, () => ({ rv: 0, lines: [] })).load(false);
    assert.equal(loaded.objects.get(typeKey(CM_TYPE))?.size, 5);
  });

  it('@reliability a write the disk refuses fails with a Status 500, stores nothing, and writes resume once the disk accepts them', () => {
    const dir = tempDir();
    dirs.push(dir);
    const ops = realOps();
    let full = false;
    ops.writeSync = (fd, buf, off, len, pos) => {
      if (!full) return writeSync(fd, buf, off, len, pos);
      // Half the record reaches the file, then the disk is full.
      writeSync(fd, buf, off, Math.floor(len / 2), pos);
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    const { store, persistence } = faultyStore(dir, ops);
    assert.ok(CM_TYPE);
    store.put(CM_TYPE, configMap('kept', 1));
    full = true;
    const seen: string[] = [];
    store.subscribe(CM_TYPE, (ev) => seen.push(ev.entry.obj.metadata?.name ?? ''));
    assert.throws(
      () => store.put(CM_TYPE, configMap('refused', 2)),
      (err: unknown) =>
        err instanceof ApiError && err.code === 500 && /no space left/.test(err.message),
    );
    assert.equal(store.get(CM_TYPE, 'default', 'refused'), undefined, 'nothing stored');
    assert.equal(store.resourceVersion, 1, 'the resourceVersion did not move');
    assert.deepEqual(seen, [], 'no watch event for the refused write');
    assert.match(persistence.stats.failure ?? '', /no space/);
    // Still full: refused before anything is written.
    assert.throws(() => store.put(CM_TYPE, configMap('refused-again', 2)), ApiError);
    full = false;
    store.put(CM_TYPE, configMap('after', 2));
    persistence.flush();
    assert.equal(persistence.stats.failure, undefined);
    rmSync(join(dir, 'lock'));
    const loaded = new Persistence(dir, () => ({ rv: 0, lines: [] })).load(false);
    assert.deepEqual([...(loaded.objects.get(typeKey(CM_TYPE))?.keys() ?? [])].sort(), [
      'default/after',
      'default/kept',
    ]);
  });

  it('@reliability a failed fsync rejects the waiting writes and refuses writes until a sync succeeds', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const ops = realOps();
    let broken = false;
    ops.fdatasyncSync = () => {
      if (broken) throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    };
    const { store, persistence } = faultyStore(dir, ops);
    assert.ok(CM_TYPE);
    broken = true;
    store.put(CM_TYPE, configMap('unsure', 1));
    await assert.rejects(persistence.whenDurable(), (err: unknown) => err instanceof ApiError);
    assert.throws(() => store.put(CM_TYPE, configMap('refused', 2)), ApiError);
    broken = false;
    store.put(CM_TYPE, configMap('later', 2));
    await persistence.whenDurable();
  });

  it('@reliability a snapshot that cannot be written leaves the old snapshot and the log intact', () => {
    const dir = tempDir();
    dirs.push(dir);
    const { store, persistence } = faultyStore(dir, realOps());
    assert.ok(CM_TYPE);
    store.put(CM_TYPE, configMap('a', 1));
    assert.equal(persistence.compact(), true);
    store.put(CM_TYPE, configMap('b', 2));
    persistence.flush();
    const before = readFileSync(join(dir, 'snapshot.jsonl'), 'utf8');
    // The temporary file cannot be created (as in a directory turned read-only).
    mkdirSync(join(dir, 'snapshot.jsonl.tmp'));
    assert.equal(persistence.compact(), false);
    assert.equal(readFileSync(join(dir, 'snapshot.jsonl'), 'utf8'), before);
    store.put(CM_TYPE, configMap('c', 3));
    persistence.close();
    const loaded = new Persistence(dir, () => ({ rv: 0, lines: [] })).load(false);
    assert.deepEqual([...(loaded.objects.get(typeKey(CM_TYPE))?.keys() ?? [])].sort(), [
      'default/a',
      'default/b',
      'default/c',
    ]);
  });

  it('@reliability corruption before the end of the log stops the start with the file and offset', () => {
    const dir = tempDir();
    dirs.push(dir);
    const { store, persistence } = faultyStore(dir, realOps());
    assert.ok(CM_TYPE);
    store.put(CM_TYPE, configMap('a', 1));
    store.put(CM_TYPE, configMap('b', 2));
    store.put(CM_TYPE, configMap('c', 3));
    persistence.flush();
    rmSync(join(dir, 'lock'));
    const wal = join(dir, 'wal.jsonl');
    const text = readFileSync(wal, 'utf8');
    const second = text.indexOf('\n') + 1;
    writeFileSync(
      wal,
      `${text.slice(0, second)}{garbage\n${text.slice(text.indexOf('\n', second) + 1)}`,
    );
    assert.throws(
      () => new Persistence(dir, () => ({ rv: 0, lines: [] })).load(false),
      (err: unknown) =>
        err instanceof DataDirError &&
        err.message.includes(wal) &&
        err.message.includes(`byte offset ${second}`),
    );
    // Nothing was truncated: the valid records after the damage are still in the file.
    assert.ok(readFileSync(wal, 'utf8').includes('"default/c"'));
    writeFileSync(join(dir, 'snapshot.jsonl'), '{"rv":1}\nconfigmaps\tdefault/a\t{"broken"\n');
    assert.throws(
      () => new Persistence(dir, () => ({ rv: 0, lines: [] })).load(false),
      (err: unknown) =>
        err instanceof DataDirError && /corrupt snapshot .*byte offset 9/.test(err.message),
    );
  });

  it('@reliability a second instance on the same data directory is refused, naming the holder', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const first = await spawnServer(dir);
    try {
      const second = spawnProcess(dir);
      second.ready.catch(() => undefined);
      const code = await new Promise<number | null>((ok) => second.child.once('exit', ok));
      assert.notEqual(code, 0);
      const holder = Number(readFileSync(join(dir, 'lock'), 'utf8'));
      assert.match(second.output(), new RegExp(`in use by process ${holder}`));
      // The first one still works.
      const res = await fetch(`${first.url}/api/v1/namespaces/default/configmaps`);
      assert.equal(res.status, 200);
    } finally {
      await stop(first.child, 'SIGKILL');
    }
    // kill -9 leaves a stale lock; the next start takes it over.
    const third = await spawnServer(dir);
    await stop(third.child, 'SIGTERM');
  });
});

/** Mounts a small tmpfs (CI runs as root); undefined with the reason when not permitted. */
function mountTmpfs(size: string): { dir: string; reason?: string } {
  const dir = tempDir('sandbox-tmpfs-');
  dirs.push(dir);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
    mounts.push(dir);
    return { dir };
  } catch (err) {
    return { dir, reason: `cannot mount a tmpfs (${(err as Error).message.split('\n')[0] ?? ''})` };
  }
}

/** Fills the file system until at most `leave` bytes are free. */
function fill(dir: string, name: string, leave: number): void {
  const free = Number(execFileSync('df', ['-B1', '--output=avail', dir]).toString().split('\n')[1]);
  const size = Math.max(0, free - leave);
  try {
    writeFileSync(join(dir, name), Buffer.alloc(size, 1));
  } catch {
    /* a partial filler is as good */
  }
}

async function post(url: string, name: string, bytes: number): Promise<number> {
  try {
    const res = await fetch(`${url}/api/v1/namespaces/default/configmaps`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ metadata: { name }, data: { v: 'x'.repeat(bytes) } }),
    });
    const body = (await res.json()) as { kind?: string; message?: string };
    if (res.status !== 201)
      assert.equal(body.kind, 'Status', 'errors are Kubernetes Status objects');
    return res.status;
  } catch {
    return 0; // connection reset by a kill: not acknowledged
  }
}

async function names(url: string): Promise<Set<string>> {
  const list = (await (await fetch(`${url}/api/v1/namespaces/default/configmaps`)).json()) as {
    items: { metadata: { name: string } }[];
  };
  return new Set(list.items.map((i) => i.metadata.name));
}

describe('durability: a full disk and a read-only directory', () => {
  it(
    '@reliability on a full tmpfs no acknowledged write is lost across refusals, recovery, a graceful stop and kill -9 at random points',
    { timeout: 240_000 },
    async (t) => {
      const { dir, reason } = mountTmpfs('1m');
      if (reason) {
        t.skip(reason);
        return;
      }
      const data = join(dir, 'data');
      const acknowledged: string[] = [];
      let refused = 0;
      for (let round = 0; round < 3; round++) {
        const server = await spawnServer(data);
        // Leave little room, so that the log runs out of space during this round.
        fill(dir, 'filler', 60_000 + Math.floor(Math.random() * 40_000));
        const killAfter = 5 + Math.floor(Math.random() * 40);
        let sent = 0;
        const state = { killed: false };
        const burst = Array.from({ length: 120 }, async (_, i) => {
          await new Promise((r) => setTimeout(r, i * 4));
          if (state.killed) return;
          const name = `r${round}-${i}`;
          const status = await post(server.url, name, 1500);
          sent++;
          if (status === 201) acknowledged.push(name);
          else if (status === 500) refused++;
          if (round < 2 && sent === killAfter + 60) {
            state.killed = true;
            void stop(server.child, 'SIGKILL');
          }
        });
        await Promise.all(burst);
        if (state.killed) await stop(server.child, 'SIGKILL');
        else {
          // The server survived the full disk: reads work, writes are refused...
          assert.equal(await post(server.url, `r${round}-refused`, 1500), 500);
          assert.ok((await names(server.url)).size > 0);
          // ...until there is room again.
          rmSync(join(dir, 'filler'), { force: true });
          assert.equal(await post(server.url, `r${round}-after`, 100), 201);
          acknowledged.push(`r${round}-after`);
          // A graceful stop with too little room for the snapshot keeps the old one.
          fill(dir, 'filler', 4096);
          await stop(server.child, 'SIGTERM');
        }
        rmSync(join(dir, 'filler'), { force: true });
        const check = await spawnServer(data);
        const present = await names(check.url);
        const lost = acknowledged.filter((n) => !present.has(n));
        await stop(check.child, 'SIGKILL');
        assert.deepEqual(lost, [], `acknowledged writes lost after round ${round}`);
      }
      assert.ok(refused > 0, 'the disk filled up at least once');
      // The data directory stays small enough for the test to mean something.
      assert.ok(statSync(join(data, 'wal.jsonl')).size < 1024 * 1024);
    },
  );

  it(
    '@reliability on a read-only directory the sandbox serves reads, refuses writes, and writes again once it can',
    { timeout: 120_000 },
    async (t) => {
      const { dir, reason } = mountTmpfs('4m');
      if (reason) {
        t.skip(reason);
        return;
      }
      const seed = await spawnServer(dir);
      assert.equal(await post(seed.url, 'seeded', 10), 201);
      await stop(seed.child, 'SIGTERM');
      execFileSync('mount', ['-o', 'remount,ro', dir]);
      const server = await spawnServer(dir);
      try {
        assert.ok((await names(server.url)).has('seeded'), 'reads work');
        const res = await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ metadata: { name: 'refused' } }),
        });
        const body = (await res.json()) as { kind: string; message: string };
        assert.equal(res.status, 500);
        assert.equal(body.kind, 'Status');
        assert.match(body.message, /cannot write its data directory/);
        assert.ok(!(await names(server.url)).has('refused'), 'nothing stored');
        execFileSync('mount', ['-o', 'remount,rw', dir]);
        assert.equal(await post(server.url, 'writable', 10), 201);
      } finally {
        await stop(server.child, 'SIGKILL');
      }
      const again = await spawnServer(dir);
      try {
        const present = await names(again.url);
        assert.ok(present.has('writable') && present.has('seeded'));
      } finally {
        await stop(again.child, 'SIGTERM');
      }
    },
  );
});
