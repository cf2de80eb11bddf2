// @reliability: clients that open watches and never read cannot grow the sandbox's memory
// without bound: a watcher whose backlog passes its limit is disconnected and its buffers are
// dropped, watches are capped per client and in total, and memory returns once clients go.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import type { TestCluster } from './testing';
import { startTestCluster } from './testing';

/** A watch over raw TCP whose reader never reads: everything the server sends piles up. */
function slowWatch(port: number, path: string): Promise<{ socket: Socket; head: string }> {
  return new Promise((ok, fail) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    });
    socket.once('error', fail);
    socket.once('data', (chunk: Buffer) => {
      // Headers arrived: from now on, read nothing.
      socket.pause();
      ok({ socket, head: chunk.toString('latin1') });
    });
  });
}

interface Health {
  watches: number;
  watchBacklogBytes: number;
}

async function health(c: TestCluster): Promise<Health> {
  return (await c.req('GET', '/_sandbox/health')).body as unknown as Health;
}

async function until(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`timed out waiting for ${what}`);
}

function heap(): number {
  // run-unit starts Node with --expose-gc; without it the figure is only noisier.
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

const clusters: TestCluster[] = [];
after(async () => {
  for (const c of clusters) await c.dispose();
});

describe('watch limits', () => {
  it(
    '@reliability slow-reading watchers are cut off at their backlog limit and memory returns after they go',
    { timeout: 120_000 },
    async () => {
      const c = await startTestCluster({
        watchLimits: { backlogBytes: 1024 * 1024, perClient: 50, total: 100 },
      });
      clusters.push(c);
      const before = heap();
      const clients = await Promise.all(
        Array.from({ length: 20 }, () =>
          slowWatch(c.port, '/api/v1/namespaces/default/configmaps?watch=true'),
        ),
      );
      for (const cl of clients) assert.match(cl.head, /^HTTP\/1\.1 200/);
      assert.equal((await health(c)).watches, 20);
      // 40 objects of 250 kB: 10 MB for every watcher, 200 MB if the server kept it all.
      const type = c.api.resourceType('', 'ConfigMap');
      let peak = 0;
      for (let i = 0; i < 40; i++) {
        c.api.create(type, {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: `big-${i}`, namespace: 'default' },
          data: { v: String(i).padEnd(250_000, 'x') },
        });
        await new Promise((r) => setImmediate(r));
        peak = Math.max(peak, heap() - before);
      }
      // The server closes them itself, while the clients are still connected and still not reading.
      await until('the slow watchers to be closed', async () => (await health(c)).watches === 0);
      const h = await health(c);
      assert.equal(h.watchBacklogBytes, 0);
      assert.ok(peak < 120 * 1024 * 1024, `peak growth ${Math.round(peak / 1e6)} MB stays bounded`);
      for (const cl of clients) cl.socket.destroy();
      // What is left is the stored objects and their watch history (~10 MB of JSON, twice), not
      // 20 copies of them.
      await new Promise((r) => setTimeout(r, 200));
      const left = heap() - before;
      assert.ok(
        left < 80 * 1024 * 1024,
        `memory after the clients went: +${Math.round(left / 1e6)} MB`,
      );
      // A new reader is served normally.
      const res = await c.req('GET', '/api/v1/namespaces/default/configmaps?limit=1');
      assert.equal(res.status, 200);
    },
  );

  it(
    '@reliability watches are capped per client and in total with a 429 Status',
    { timeout: 60_000 },
    async () => {
      const c = await startTestCluster({
        watchLimits: { backlogBytes: 1024 * 1024, perClient: 3, total: 4 },
      });
      clusters.push(c);
      const open: Socket[] = [];
      for (let i = 0; i < 3; i++) {
        const w = await slowWatch(c.port, '/api/v1/namespaces/default/configmaps?watch=true');
        assert.match(w.head, /^HTTP\/1\.1 200/);
        open.push(w.socket);
      }
      const refused = await c.req('GET', '/api/v1/namespaces/default/configmaps?watch=true');
      assert.equal(refused.status, 429);
      assert.equal(refused.body.kind, 'Status');
      assert.equal(refused.body['reason'], 'TooManyRequests');
      // A WebSocket watch counts too.
      const ws = await new Promise<string>((ok) => {
        const s = connect(c.port, '127.0.0.1', () =>
          s.write(
            'GET /api/v1/namespaces/default/configmaps?watch=true HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
              'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
              'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
          ),
        );
        s.once('data', (d: Buffer) => {
          ok(d.toString('latin1'));
          s.destroy();
        });
      });
      assert.match(ws, /^HTTP\/1\.1 429/);
      // Once a client goes, its slot is free again.
      open.pop()?.destroy();
      await until('the slot to be released', async () => (await health(c)).watches === 2);
      const again = await slowWatch(c.port, '/api/v1/namespaces/default/configmaps?watch=true');
      assert.match(again.head, /^HTTP\/1\.1 200/);
      open.push(again.socket);
      for (const s of open) s.destroy();
      await until('all watches to end', async () => (await health(c)).watches === 0);
    },
  );

  it('dropWatches cuts every open watch like a lost connection and the server keeps serving', async () => {
    const c = await startTestCluster();
    clusters.push(c);
    const w = await slowWatch(c.port, '/api/v1/namespaces/default/configmaps?watch=true');
    w.socket.resume();
    const closed = new Promise<void>((ok) => w.socket.once('close', () => ok()));
    assert.equal((await health(c)).watches, 1);
    assert.equal(c.dropWatches(), 1);
    await closed;
    assert.equal((await health(c)).watches, 0);
    const again = await slowWatch(c.port, '/api/v1/namespaces/default/configmaps?watch=true');
    assert.match(again.head, /^HTTP\/1\.1 200/);
    again.socket.destroy();
  });
});
