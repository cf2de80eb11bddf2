import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { K8sModel, K8sResourceCommon } from '@openshift-console/dynamic-plugin-sdk';
import { FIRST_RETRY_MS, FLUSH_MS, isDigestStale, runDigestWatch } from './digestWatchCore';
import type { DigestBatch, DigestWatchIO, DigestWatchStatus, WatchSocket } from './digestWatchCore';

const model = {
  apiGroup: 'nmstate.io',
  apiVersion: 'v1beta1',
  kind: 'NodeNetworkConfigurationEnactment',
  plural: 'nodenetworkconfigurationenactments',
  abbr: 'NNCE',
  label: 'Enactment',
  labelPlural: 'Enactments',
} as K8sModel;

interface FakeSocket extends WatchSocket {
  url: string;
  protocols: string[] | undefined;
  closed?: number;
}

/** Deterministic I/O: a fake clock, timers run by `advance`, canned list pages, fake sockets. */
function fakeIO(pages: () => unknown[]) {
  let clock = 1_000_000;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const sockets: FakeSocket[] = [];
  const urls: string[] = [];
  let queue: unknown[] = [];
  const io: DigestWatchIO = {
    fetchJSON: (url) => {
      urls.push(url);
      if (queue.length === 0) queue = pages();
      const next = queue.shift();
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    openSocket: (url, protocols) => {
      const s: FakeSocket = {
        url,
        protocols,
        onmessage: null,
        onclose: null,
        onopen: null,
        close(code) {
          this.closed = code ?? 1005;
        },
      };
      sockets.push(s);
      return s;
    },
    socketUrl: (path) => `ws://console.test${path}`,
    now: () => clock,
    setTimeout: (fn, ms) => {
      const id = ++seq;
      timers.set(id, { at: clock + ms, fn });
      return id;
    },
    clearTimeout: (h) => {
      timers.delete(h as number);
    },
  };
  const settle = () => new Promise<void>((r) => setImmediate(r));
  const advance = async (ms: number) => {
    const end = clock + ms;
    for (;;) {
      const due = [...timers.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      clock = due[1].at;
      due[1].fn();
      await settle();
    }
    clock = end;
    await settle();
  };
  return { io, sockets, urls, advance, settle };
}

const item = (name: string): K8sResourceCommon => ({ metadata: { name, resourceVersion: '5' } });
const page = (rv: string, names: string[]) => ({
  items: names.map(item),
  metadata: { resourceVersion: rv },
});

function start(
  f: ReturnType<typeof fakeIO>,
  subprotocols?: string[],
): { batches: DigestBatch<string>[]; statuses: DigestWatchStatus[]; stop: () => void } {
  const batches: DigestBatch<string>[] = [];
  const statuses: DigestWatchStatus[] = [];
  const stop = runDigestWatch(
    {
      model,
      pageSize: 100,
      digest: (o) => o.metadata?.name ?? '',
      onBatch: (b) => batches.push(b),
      onError: () => undefined,
      onStatus: (s) => statuses.push(s),
      subprotocols,
    },
    f.io,
    '/',
  );
  return { batches, statuses, stop };
}

test('digest watch: the socket carries the console impersonation subprotocols', async () => {
  const f = fakeIO(() => [page('10', ['a'])]);
  const w = start(f, ['Impersonate-User.ZGV2', 'Impersonate-Group.dGVhbQ__']);
  await f.settle();
  assert.equal(f.sockets.length, 1);
  assert.deepEqual(f.sockets[0]?.protocols, [
    'Impersonate-User.ZGV2',
    'Impersonate-Group.dGVhbQ__',
  ]);
  assert.match(
    f.urls[0] ?? '',
    /^\/api\/kubernetes\/apis\/nmstate\.io\/v1beta1\/nodenetworkconfigurationenactments\?limit=100$/,
  );
  const [socket] = f.sockets;
  assert.ok(socket);
  assert.match(socket.url, /watch=true&resourceVersion=10/);
  w.stop();
});

test('digest watch: without impersonation no subprotocol is requested', async () => {
  const f = fakeIO(() => [page('10', ['a'])]);
  const w = start(f, []);
  await f.settle();
  assert.equal(f.sockets[0]?.protocols, undefined);
  w.stop();
});

test('digest watch: live while the socket is open; a drop records when the data stopped being live', async () => {
  const f = fakeIO(() => [page('10', ['a'])]);
  const w = start(f);
  await f.settle();
  assert.deepEqual(w.statuses, []);
  f.sockets[0]?.onopen?.();
  assert.deepEqual(w.statuses, [{ live: true }]);
  const droppedAt = f.io.now();
  // The bridge closes browser sockets without a close frame.
  f.sockets[0]?.onclose?.({ code: 1006 });
  assert.deepEqual(w.statuses.at(-1), { live: false, asOf: droppedAt });
  assert.equal(isDigestStale({ live: false, asOf: droppedAt }, droppedAt + 9_999, 10_000), false);
  assert.equal(isDigestStale({ live: false, asOf: droppedAt }, droppedAt + 10_000, 10_000), true);
  // Re-listed after the first retry delay, then live again on the new socket.
  await f.advance(FIRST_RETRY_MS);
  assert.equal(f.sockets.length, 2);
  f.sockets[1]?.onopen?.();
  assert.deepEqual(w.statuses.at(-1), { live: true });
  w.stop();
});

test('digest watch: failed re-lists keep the moment the data stopped being live', async () => {
  let fail = false;
  const f = fakeIO(() => [
    fail ? Object.assign(new Error('down'), { code: 503 }) : page('10', ['a']),
  ]);
  const w = start(f);
  await f.settle();
  f.sockets[0]?.onopen?.();
  const droppedAt = f.io.now();
  fail = true;
  f.sockets[0]?.onclose?.({ code: 1006 });
  await f.advance(FIRST_RETRY_MS * 7);
  assert.equal(f.sockets.length, 1, 'no socket without a complete list');
  assert.deepEqual(w.statuses.at(-1), { live: false, asOf: droppedAt });
  assert.ok(isDigestStale(w.statuses.at(-1) ?? { live: true }, f.io.now(), 5_000));
  w.stop();
});

test('digest watch: events are flushed as one batch; 410 Gone re-lists', async () => {
  const f = fakeIO(() => [page('10', ['a', 'b'])]);
  const w = start(f);
  await f.settle();
  assert.deepEqual(w.batches, [{ reset: true, upserts: ['a', 'b'], deletes: [] }]);
  const ws = f.sockets[0];
  ws?.onopen?.();
  ws?.onmessage?.({ data: JSON.stringify({ type: 'ADDED', object: item('c') }) });
  ws?.onmessage?.({ data: JSON.stringify({ type: 'DELETED', object: item('a') }) });
  await f.advance(FLUSH_MS);
  assert.deepEqual(w.batches.at(-1), { reset: false, upserts: ['c'], deletes: ['a'] });
  ws?.onmessage?.({ data: JSON.stringify({ type: 'ERROR', object: { code: 410 } }) });
  await f.advance(FLUSH_MS);
  assert.equal(ws?.closed, 1000);
  assert.deepEqual(w.batches.at(-1), { reset: true, upserts: ['a', 'b'], deletes: [] });
  assert.equal(f.sockets.length, 2);
  w.stop();
});
