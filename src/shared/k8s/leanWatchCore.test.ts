import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { K8sModel, K8sResourceCommon } from '@openshift-console/dynamic-plugin-sdk';
import {
  applyLeanBatch,
  FIRST_RETRY_MS,
  LIST_HANDOVER_MS,
  FLUSH_MS,
  isLeanWatchStale,
  leanQueryKey,
  runLeanWatch,
} from './leanWatchCore';
import type {
  LeanBatch,
  LeanWatchIO,
  LeanWatchOptions,
  LeanWatchStatus,
  WatchSocket,
} from './leanWatchCore';

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
function fakeIO(pages: () => unknown[], msPerFetch = 0) {
  let clock = 1_000_000;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const sockets: FakeSocket[] = [];
  const urls: string[] = [];
  let queue: unknown[] = [];
  const io: LeanWatchIO = {
    fetchJSON: (url) => {
      urls.push(url);
      clock += msPerFetch;
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
  extra: Partial<LeanWatchOptions<string>> = {},
): {
  batches: LeanBatch<string>[];
  statuses: LeanWatchStatus[];
  errors: string[];
  stop: () => void;
} {
  const batches: LeanBatch<string>[] = [];
  const statuses: LeanWatchStatus[] = [];
  const errors: string[] = [];
  const stop = runLeanWatch(
    {
      model,
      pageSize: 100,
      digest: (o) => o.metadata?.name ?? '',
      onBatch: (b) => batches.push(b),
      onError: (e) => errors.push(e.kind),
      onStatus: (s) => statuses.push(s),
      subprotocols,
      ...extra,
    },
    f.io,
    '/',
  );
  return { batches, statuses, errors, stop };
}

/** A batch as names: upserted digests and deleted keys. */
const names = (b: LeanBatch<string> | undefined) =>
  b && {
    reset: b.reset,
    complete: b.complete,
    upserts: b.upserts.map((u) => u.digest),
    deletes: b.deletes,
  };

test('lean watch: the socket carries the console impersonation subprotocols', async () => {
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

test('lean watch: without impersonation no subprotocol is requested', async () => {
  const f = fakeIO(() => [page('10', ['a'])]);
  const w = start(f, []);
  await f.settle();
  assert.equal(f.sockets[0]?.protocols, undefined);
  w.stop();
});

test('lean watch: live while the socket is open; a drop records when the data stopped being live', async () => {
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
  assert.equal(
    isLeanWatchStale({ live: false, asOf: droppedAt }, droppedAt + 9_999, 10_000),
    false,
  );
  assert.equal(
    isLeanWatchStale({ live: false, asOf: droppedAt }, droppedAt + 10_000, 10_000),
    true,
  );
  // Re-listed after the first retry delay, then live again on the new socket.
  await f.advance(FIRST_RETRY_MS);
  assert.equal(f.sockets.length, 2);
  f.sockets[1]?.onopen?.();
  assert.deepEqual(w.statuses.at(-1), { live: true });
  w.stop();
});

test('lean watch: failed re-lists keep the moment the data stopped being live', async () => {
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
  assert.ok(isLeanWatchStale(w.statuses.at(-1) ?? { live: true }, f.io.now(), 5_000));
  w.stop();
});

test('lean watch: events are flushed as one batch; 410 Gone re-lists', async () => {
  const f = fakeIO(() => [page('10', ['a', 'b'])]);
  const w = start(f);
  await f.settle();
  assert.deepEqual(w.batches.map(names), [
    { reset: true, complete: true, upserts: ['a', 'b'], deletes: [] },
  ]);
  const ws = f.sockets[0];
  ws?.onopen?.();
  ws?.onmessage?.({ data: JSON.stringify({ type: 'ADDED', object: item('c') }) });
  ws?.onmessage?.({ data: JSON.stringify({ type: 'DELETED', object: item('a') }) });
  await f.advance(FLUSH_MS);
  assert.deepEqual(names(w.batches.at(-1)), {
    reset: false,
    complete: true,
    upserts: ['c'],
    deletes: ['a'],
  });
  ws?.onmessage?.({ data: JSON.stringify({ type: 'ERROR', object: { code: 410 } }) });
  await f.advance(FLUSH_MS);
  assert.equal(ws?.closed, 1000);
  assert.deepEqual(names(w.batches.at(-1)), {
    reset: true,
    complete: true,
    upserts: ['a', 'b'],
    deletes: [],
  });
  assert.equal(f.sockets.length, 2);
  w.stop();
});

const podModel = {
  apiVersion: 'v1',
  kind: 'Pod',
  plural: 'pods',
  namespaced: true,
  abbr: 'P',
  label: 'Pod',
  labelPlural: 'Pods',
} as K8sModel;

const MAX_WAIT = 60_000;
const query = (url: string | undefined) => new URL(url ?? '', 'http://x').searchParams;

test('lean watch: the first list is handed over as it arrives, following continue', async () => {
  const f = fakeIO(() => [
    { items: [item('a'), item('b')], metadata: { resourceVersion: '7', continue: 'p2' } },
    { items: [item('c')], metadata: { resourceVersion: '7', continue: 'p3' } },
    { items: [item('d')], metadata: { resourceVersion: '9' } },
  ]);
  const w = start(f);
  await f.settle();
  assert.equal(f.urls.length, 3);
  assert.equal(query(f.urls[0]).get('continue'), null);
  assert.equal(query(f.urls[1]).get('continue'), 'p2');
  assert.equal(query(f.urls[2]).get('continue'), 'p3');
  for (const u of f.urls) assert.equal(query(u).get('limit'), '100');
  // The first page at once; pages arriving within LIST_HANDOVER_MS of a hand-over wait for the
  // next one (here the last page's).
  assert.deepEqual(w.batches.map(names), [
    { reset: true, complete: false, upserts: ['a', 'b'], deletes: [] },
    { reset: false, complete: true, upserts: ['c', 'd'], deletes: [] },
  ]);
  // The watch starts from the last page's resourceVersion, after the whole list.
  assert.equal(f.sockets.length, 1);
  assert.equal(new URL(f.sockets[0]?.url ?? '').searchParams.get('resourceVersion'), '9');
  w.stop();
});

test('lean watch: a slow first list is handed over once per LIST_HANDOVER_MS', async () => {
  const pages = ['a', 'b', 'c', 'd', 'e'].map((n, i, all) => ({
    items: [item(n)],
    metadata: { resourceVersion: '7', ...(i < all.length - 1 ? { continue: `p${i + 2}` } : {}) },
  }));
  // Each page takes 40% of the hand-over interval to arrive.
  const f = fakeIO(() => pages, LIST_HANDOVER_MS * 0.4);
  const w = start(f);
  await f.settle();
  assert.equal(f.urls.length, 5);
  // a at once (t=400); b and c wait; d arrives 1,200 ms after the first hand-over and goes with
  // them; e is the last page.
  assert.deepEqual(w.batches.map(names), [
    { reset: true, complete: false, upserts: ['a'], deletes: [] },
    { reset: false, complete: false, upserts: ['b', 'c', 'd'], deletes: [] },
    { reset: false, complete: true, upserts: ['e'], deletes: [] },
  ]);
  let held: ReadonlyMap<string, string> = new Map();
  for (const b of w.batches) held = applyLeanBatch(held, b);
  assert.deepEqual([...held.keys()], ['a', 'b', 'c', 'd', 'e']);
  w.stop();
});

test('lean watch: handoverMs 0 hands every page of the first list over as it arrives', async () => {
  const f = fakeIO(() => [
    { items: [item('a')], metadata: { resourceVersion: '7', continue: 'p2' } },
    { items: [item('b')], metadata: { resourceVersion: '7', continue: 'p3' } },
    { items: [item('c')], metadata: { resourceVersion: '7' } },
  ]);
  const w = start(f, undefined, { handoverMs: 0 });
  await f.settle();
  assert.deepEqual(w.batches.map(names), [
    { reset: true, complete: false, upserts: ['a'], deletes: [] },
    { reset: false, complete: false, upserts: ['b'], deletes: [] },
    { reset: false, complete: true, upserts: ['c'], deletes: [] },
  ]);
  w.stop();
});

test('lean watch: a re-list after a drop replaces the data in one complete batch', async () => {
  let round = 0;
  const f = fakeIO(() => {
    round += 1;
    return round === 1
      ? [page('10', ['a', 'b'])]
      : [
          { items: [item('b')], metadata: { resourceVersion: '20', continue: 'x' } },
          { items: [item('e')], metadata: { resourceVersion: '20' } },
        ];
  });
  const w = start(f);
  await f.settle();
  f.sockets[0]?.onopen?.();
  f.sockets[0]?.onclose?.({ code: 1006 });
  assert.equal(w.batches.length, 1, 'nothing is dropped before the re-list is complete');
  await f.advance(FIRST_RETRY_MS);
  assert.deepEqual(w.batches.map(names).at(-1), {
    reset: true,
    complete: true,
    upserts: ['b', 'e'],
    deletes: [],
  });
  assert.equal(w.batches.length, 2, 'the pages of a re-list are one batch');
  assert.equal(f.sockets.length, 2);
  assert.match(f.sockets[1]?.url ?? '', /resourceVersion=20/);
  w.stop();
});

test('lean watch: events within one flush window arrive as one batch, last event wins', async () => {
  const f = fakeIO(() => [page('10', ['a', 'b'])]);
  const w = start(f, undefined, {
    digest: (o) => `${o.metadata?.name ?? ''}@${o.metadata?.resourceVersion ?? ''}`,
  });
  await f.settle();
  const ws = f.sockets[0];
  const send = (type: string, name: string, rv: string) =>
    ws?.onmessage?.({
      data: JSON.stringify({ type, object: { metadata: { name, resourceVersion: rv } } }),
    });
  send('MODIFIED', 'a', '11');
  await f.advance(FLUSH_MS - 1);
  send('MODIFIED', 'a', '12');
  send('ADDED', 'c', '13');
  send('DELETED', 'c', '14');
  send('BOOKMARK', '', '15');
  assert.equal(w.batches.length, 1, 'nothing before the flush');
  await f.advance(1);
  assert.equal(w.batches.length, 2);
  assert.deepEqual(names(w.batches[1]), {
    reset: false,
    complete: true,
    upserts: ['a@12'],
    deletes: ['c'],
  });
  // The next event starts a new 500 ms window.
  send('MODIFIED', 'b', '16');
  await f.advance(FLUSH_MS - 1);
  assert.equal(w.batches.length, 2);
  await f.advance(1);
  assert.deepEqual(names(w.batches[2])?.upserts, ['b@16']);
  w.stop();
});

test('lean watch: namespace and selectors narrow both the list and the watch', async () => {
  const f = fakeIO(() => [page('10', [])]);
  const w = start(f, undefined, {
    model: podModel,
    namespace: 'team-a',
    labels: { 'nmstate.io/policy': 'p1', 'nmstate.io/node': 'w0' },
    fieldSelector: 'spec.nodeName=worker-0',
  });
  await f.settle();
  const list = new URL(f.urls[0] ?? '', 'http://x');
  assert.equal(list.pathname, '/api/kubernetes/api/v1/namespaces/team-a/pods');
  assert.equal(list.searchParams.get('labelSelector'), 'nmstate.io/node=w0,nmstate.io/policy=p1');
  assert.equal(list.searchParams.get('fieldSelector'), 'spec.nodeName=worker-0');
  const watch = new URL(f.sockets[0]?.url ?? '');
  assert.equal(watch.pathname, '/api/kubernetes/api/v1/namespaces/team-a/pods');
  assert.equal(watch.searchParams.get('labelSelector'), 'nmstate.io/node=w0,nmstate.io/policy=p1');
  assert.equal(watch.searchParams.get('fieldSelector'), 'spec.nodeName=worker-0');
  assert.equal(watch.searchParams.get('watch'), 'true');
  // An empty list is complete too.
  assert.deepEqual(names(w.batches[0]), { reset: true, complete: true, upserts: [], deletes: [] });
  w.stop();
});

test('lean watch: the query key tells different selections apart and ignores label order', () => {
  const a = leanQueryKey({ model: podModel, labels: { x: '1', y: '2' } });
  assert.equal(a, leanQueryKey({ model: podModel, labels: { y: '2', x: '1' } }));
  assert.notEqual(a, leanQueryKey({ model: podModel, labels: { x: '1' } }));
  assert.notEqual(
    leanQueryKey({ model: podModel, fieldSelector: 'spec.nodeName=a' }),
    leanQueryKey({ model: podModel, fieldSelector: 'spec.nodeName=b' }),
  );
  assert.notEqual(
    leanQueryKey({ model: podModel, namespace: 'a' }),
    leanQueryKey({ model: podModel, namespace: 'b' }),
  );
  // A cluster-scoped kind has no namespace to narrow by.
  assert.equal(leanQueryKey({ model, namespace: 'a' }), leanQueryKey({ model }));
});

test('lean watch: a null digest leaves the object out, and removes one held before', async () => {
  const withNet = (name: string, net: boolean, rv: string): K8sResourceCommon => ({
    metadata: {
      name,
      namespace: 'ns',
      resourceVersion: rv,
      annotations: net ? { 'k8s.v1.cni.cncf.io/networks': 'br-vlan' } : {},
    },
  });
  const f = fakeIO(() => [
    {
      items: [withNet('p1', true, '1'), withNet('p2', false, '1')],
      metadata: { resourceVersion: '5' },
    },
  ]);
  const w = start(f, undefined, {
    model: podModel,
    digest: (o) => o.metadata?.annotations?.['k8s.v1.cni.cncf.io/networks'] ?? null,
  });
  await f.settle();
  assert.deepEqual(w.batches[0]?.upserts, [{ key: 'ns/p1', digest: 'br-vlan' }]);
  f.sockets[0]?.onmessage?.({
    data: JSON.stringify({ type: 'MODIFIED', object: withNet('p1', false, '6') }),
  });
  await f.advance(FLUSH_MS);
  assert.deepEqual(names(w.batches[1]), {
    reset: false,
    complete: true,
    upserts: [],
    deletes: ['ns/p1'],
  });
  let held: ReadonlyMap<string, string> = new Map();
  for (const b of w.batches) held = applyLeanBatch(held, b);
  assert.equal(held.size, 0);
  w.stop();
});

test('lean watch: applyLeanBatch keeps digests by key and its identity when nothing changed', () => {
  const empty: ReadonlyMap<string, number> = new Map();
  const first = applyLeanBatch(empty, {
    reset: true,
    complete: false,
    upserts: [
      { key: 'a', digest: 1 },
      { key: 'b', digest: 2 },
    ],
    deletes: [],
  });
  assert.deepEqual(
    [...first],
    [
      ['a', 1],
      ['b', 2],
    ],
  );
  const same = applyLeanBatch(first, { reset: false, complete: true, upserts: [], deletes: [] });
  assert.equal(same, first);
  const next = applyLeanBatch(first, {
    reset: false,
    complete: true,
    upserts: [{ key: 'a', digest: 3 }],
    deletes: ['b'],
  });
  assert.notEqual(next, first);
  assert.deepEqual([...next], [['a', 3]]);
  assert.deepEqual(
    [...first],
    [
      ['a', 1],
      ['b', 2],
    ],
    'a map handed out is never changed',
  );
  const reset = applyLeanBatch(next, {
    reset: true,
    complete: true,
    upserts: [{ key: 'c', digest: 4 }],
    deletes: [],
  });
  assert.deepEqual([...reset], [['c', 4]]);
});

test('lean watch: a re-list keeps the digests of unchanged objects, and the map when all are', () => {
  type D = { metadata: { resourceVersion?: string }; n: number };
  const d = (rv: string | undefined, n: number): D => ({
    metadata: rv === undefined ? {} : { resourceVersion: rv },
    n,
  });
  const a = d('1', 1);
  const b = d('2', 2);
  const plain = d(undefined, 3);
  const held = applyLeanBatch<D>(new Map(), {
    reset: true,
    complete: true,
    upserts: [
      { key: 'a', digest: a },
      { key: 'b', digest: b },
    ],
    deletes: [],
  });
  const relist = (upserts: [string, D][]) =>
    applyLeanBatch(held, {
      reset: true,
      complete: true,
      upserts: upserts.map(([key, digest]) => ({ key, digest })),
      deletes: [],
    });
  assert.equal(
    relist([
      ['a', d('1', 1)],
      ['b', d('2', 2)],
    ]),
    held,
    'nothing changed',
  );
  const changed = relist([
    ['a', d('1', 1)],
    ['b', d('5', 9)],
  ]);
  assert.notEqual(changed, held);
  assert.equal(changed.get('a'), a, 'an unchanged object keeps its digest');
  assert.deepEqual(changed.get('b'), d('5', 9));
  const fewer = relist([['a', d('1', 1)]]);
  assert.deepEqual([...fewer.keys()], ['a'], 'an object gone meanwhile is dropped');
  const more = relist([
    ['a', d('1', 1)],
    ['b', d('2', 2)],
    ['c', plain],
  ]);
  assert.deepEqual([...more.keys()], ['a', 'b', 'c']);
  // Digests without a resourceVersion cannot be compared: the new one is kept.
  const unversioned = applyLeanBatch(more, {
    reset: true,
    complete: true,
    upserts: [{ key: 'c', digest: d(undefined, 3) }],
    deletes: [],
  });
  assert.notEqual(unversioned.get('c'), plain);
});

test('lean watch: an expired continue token starts the list over without an error', async () => {
  const expired = Object.assign(new Error('The provided continue parameter is too old'), {
    json: { kind: 'Status', code: 410, reason: 'Expired', message: 'too old' },
  });
  let call = 0;
  const f = fakeIO(() => {
    call += 1;
    return call === 1
      ? [{ items: [item('a')], metadata: { resourceVersion: '3', continue: 'old' } }, expired]
      : [
          { items: [item('a')], metadata: { resourceVersion: '8', continue: 'new' } },
          { items: [item('b')], metadata: { resourceVersion: '8' } },
        ];
  });
  const w = start(f);
  await f.settle();
  await f.settle();
  assert.deepEqual(w.errors, []);
  assert.deepEqual(
    f.urls.map((u) => query(u).get('continue')),
    [null, 'old', null, 'new'],
  );
  assert.deepEqual(w.batches.map(names), [
    { reset: true, complete: false, upserts: ['a'], deletes: [] },
    { reset: true, complete: false, upserts: ['a'], deletes: [] },
    { reset: false, complete: true, upserts: ['b'], deletes: [] },
  ]);
  assert.match(f.sockets[0]?.url ?? '', /resourceVersion=8/);
  w.stop();
});

test('lean watch: a forbidden list is reported and not retried; a failing one is', async () => {
  const forbidden = Object.assign(new Error('forbidden'), {
    json: { kind: 'Status', code: 403, reason: 'Forbidden', message: 'no' },
  });
  const f = fakeIO(() => [forbidden]);
  const w = start(f);
  await f.settle();
  await f.advance(MAX_WAIT);
  assert.deepEqual(w.errors, ['forbidden']);
  assert.equal(f.urls.length, 1);
  w.stop();

  let fail = true;
  const g = fakeIO(() => [
    fail ? Object.assign(new Error('down'), { code: 503 }) : page('4', ['a']),
  ]);
  const v = start(g);
  await g.settle();
  assert.deepEqual(v.errors, ['server']);
  fail = false;
  await g.advance(FIRST_RETRY_MS);
  assert.equal(g.sockets.length, 1);
  assert.deepEqual(names(v.batches[0])?.upserts, ['a']);
  v.stop();
});

test('lean watch: stopping closes the socket and ignores a list still in flight', async () => {
  let resolve: (v: unknown) => void = () => undefined;
  const f = fakeIO(() => [page('1', ['a'])]);
  const slow: LeanWatchIO = {
    ...f.io,
    fetchJSON: () =>
      new Promise((r) => {
        resolve = r;
      }),
  };
  const batches: LeanBatch<string>[] = [];
  const stop = runLeanWatch(
    {
      model,
      pageSize: 10,
      digest: (o) => o.metadata?.name ?? '',
      onBatch: (b) => batches.push(b),
      onError: () => undefined,
    },
    slow,
    '/',
  );
  stop();
  resolve(page('1', ['a']));
  await f.settle();
  assert.equal(batches.length, 0);
  assert.equal(f.sockets.length, 0);

  const w = start(f);
  await f.settle();
  w.stop();
  assert.equal(f.sockets[0]?.closed, 1000);
});
