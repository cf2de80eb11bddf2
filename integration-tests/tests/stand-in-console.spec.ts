// The console stand-in reproduces console 4.22 (openshift/console release-4.22) where a plugin can
// tell the difference. Each test drives the SDK hook plugins receive (through the host's
// /stand-in/probe page) against a mocked list endpoint and a mocked WebSocket, so the console's
// timings (15 s re-list, 30 s poll, 500 ms flush) are checked with Playwright's clock rather than
// waited for. Every assertion here fails on the old imitation SDK (sandbox/console/src/sdk before
// this change): it had no 1,000-message buffer, re-listed on 410, set loadError on a dropped socket,
// cleared a deleted object, answered null with loaded=false and a missing model with HTTP 404.
import type { Page, Route, WebSocketRoute } from '@playwright/test';
import { test, expect } from '../fixtures';

// The fake API answers some requests with 403/404 on purpose; Chromium logs those as errors.
test.use({ allowedErrors: ['the server responded with a status of 40'] });

const CM_PATH = /\/api\/kubernetes\/api\/v1\/namespaces\/probe\/configmaps/;
const LIST = {
  groupVersionKind: { version: 'v1', kind: 'ConfigMap' },
  namespace: 'probe',
  isList: true,
};

interface ProbeItem {
  name: string;
  rv: string;
  labels: Record<string, string>;
}
interface ProbeState {
  data: ProbeItem[] | ProbeItem | { undefined: true } | null;
  loaded: boolean;
  loadError: { undefined: true } | { name: string; message: string; code: number | null } | '';
  renders: number;
}

const cm = (name: string, rv: string, labels: Record<string, string> = {}) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    name,
    namespace: 'probe',
    uid: `uid-${name}`,
    resourceVersion: rv,
    creationTimestamp: '2026-01-01T00:00:00Z',
    labels,
  },
});

const names = (n: number) =>
  Array.from({ length: n }, (_, i) => `cm-${String(i).padStart(4, '0')}`);

function probeUrl(resource: unknown): string {
  return `/stand-in/probe?resource=${encodeURIComponent(JSON.stringify(resource))}`;
}

async function probe(page: Page): Promise<ProbeState> {
  return JSON.parse((await page.getByTestId('probe-state').textContent()) ?? '{}') as ProbeState;
}

const listed = (s: ProbeState) => (Array.isArray(s.data) ? s.data : []);

interface FakeApi {
  items: ReturnType<typeof cm>[];
  /** Status to answer list/get requests with (200 = normal). */
  status: number;
  requests: URL[];
  sockets: WebSocketRoute[];
}

async function fakeApi(page: Page, items: ReturnType<typeof cm>[]): Promise<FakeApi> {
  const api: FakeApi = { items, status: 200, requests: [], sockets: [] };
  await page.route(CM_PATH, async (route: Route) => {
    const url = new URL(route.request().url());
    api.requests.push(url);
    if (api.status !== 200) {
      await route.fulfill({
        status: api.status,
        json: { kind: 'Status', code: api.status, message: `fake ${api.status}` },
      });
      return;
    }
    const name = /configmaps\/([^/?]+)$/.exec(url.pathname)?.[1];
    if (name) {
      const obj = api.items.find((i) => i.metadata.name === name);
      await route.fulfill(
        obj
          ? { json: obj }
          : { status: 404, json: { kind: 'Status', code: 404, message: `"${name}" not found` } },
      );
      return;
    }
    const limit = Number(url.searchParams.get('limit')) || api.items.length;
    const offset = Number(url.searchParams.get('continue') ?? '0');
    const next = offset + limit < api.items.length ? String(offset + limit) : undefined;
    await route.fulfill({
      json: {
        kind: 'ConfigMapList',
        apiVersion: 'v1',
        metadata: { resourceVersion: '100', ...(next ? { continue: next } : {}) },
        items: api.items.slice(offset, offset + limit),
      },
    });
  });
  await page.routeWebSocket(CM_PATH, (ws) => {
    api.sockets.push(ws);
  });
  return api;
}

const lists = (api: FakeApi) => api.requests.filter((u) => !/configmaps\/[^/]+$/.test(u.pathname));

function warningsOf(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  return warnings;
}

const event = (type: string, object: unknown) => JSON.stringify({ type, object });

test('the SDK module plugins receive is the package runtime, with PatternFly at 6.4.2', async ({
  consolePage,
  page,
}) => {
  await consolePage.goto('/switchboard/overview');
  const checks = await page.evaluate(() => {
    const s = window.__standin;
    if (!s) return null;
    const versions = s.sharedVersions();
    return {
      hook: s.sdk.useK8sWatchResource === s.lib.useK8sWatchResource,
      hooks: s.sdk.useK8sWatchResources === s.lib.useK8sWatchResources,
      get: s.sdk.k8sGet === s.lib.k8sGetResource,
      sdk: versions['@openshift-console/dynamic-plugin-sdk'],
      button: versions['@patternfly/react-core/dist/dynamic/components/Button'],
      table: versions['@patternfly/react-table/dist/dynamic/components/Table'],
    };
  });
  expect(checks).toEqual({
    hook: true,
    hooks: true,
    get: true,
    sdk: ['4.22.0'],
    button: ['6.4.2'],
    table: ['6.4.2'],
  });
});

test('resource null gives [undefined, true, undefined]; an unknown kind gives NoModelError', async ({
  consolePage,
  page,
}) => {
  await consolePage.goto(probeUrl(null));
  expect(await probe(page)).toMatchObject({
    data: { undefined: true },
    loaded: true,
    loadError: { undefined: true },
  });
  await consolePage.goto(
    probeUrl({
      groupVersionKind: { group: 'nope.example.com', version: 'v1', kind: 'Nope' },
      isList: true,
    }),
  );
  await expect.poll(async () => (await probe(page)).loaded).toBe(true);
  expect(await probe(page)).toMatchObject({
    data: [],
    // No HTTP code. (Error class names are minified in the console's build as in this one.)
    loadError: { message: 'Model does not exist', code: null },
  });
});

test('lists come in hash order; RV-only updates and ERROR events (410 too) change nothing', async ({
  consolePage,
  page,
}) => {
  const warnings = warningsOf(page);
  const api = await fakeApi(
    page,
    names(20).map((n) => cm(n, '5')),
  );
  await consolePage.goto(probeUrl(LIST));
  await expect.poll(async () => listed(await probe(page)).length).toBe(20);
  const order = listed(await probe(page)).map((i) => i.name);
  expect(order).not.toEqual(names(20));
  expect([...order].sort()).toEqual(names(20));
  expect(lists(api)[0]?.searchParams.get('limit')).toBe('250');
  const ws = api.sockets[0];
  expect(ws?.url()).toContain('resourceVersion=100');
  ws?.send(event('MODIFIED', cm('cm-0003', '6')));
  ws?.send(event('ERROR', { kind: 'Status', code: 410, reason: 'Expired', message: 'too old' }));
  ws?.send(event('MODIFIED', cm('cm-0004', '7', { changed: 'yes' })));
  await expect
    .poll(async () => listed(await probe(page)).find((i) => i.name === 'cm-0004')?.rv)
    .toBe('7');
  expect(listed(await probe(page)).find((i) => i.name === 'cm-0003')?.rv).toBe('5');
  expect(warnings).toContain('unknown websocket action: ERROR');
  expect((await probe(page)).loadError).toBe('');
  expect(lists(api)).toHaveLength(1);
});

test('the first list is paged with the watch limit; loaded after page 1', async ({
  consolePage,
  page,
}) => {
  const api = await fakeApi(
    page,
    names(7).map((n) => cm(n, '1')),
  );
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(/configmaps\?.*continue=/, async (route) => {
    await gate;
    await route.fallback();
  });
  await consolePage.goto(probeUrl({ ...LIST, limit: 3 }));
  await expect.poll(async () => (await probe(page)).loaded).toBe(true);
  expect(listed(await probe(page))).toHaveLength(3);
  release();
  await expect.poll(async () => listed(await probe(page)).length).toBe(7);
  expect(lists(api).map((u) => u.searchParams.get('limit'))).toEqual(['3', '3', '3']);
});

test('the WebSocket buffer keeps the newest 1,000 messages per flush and never re-lists', async ({
  consolePage,
  page,
}) => {
  const api = await fakeApi(page, []);
  await page.clock.install();
  await consolePage.goto(probeUrl(LIST));
  await expect.poll(() => api.sockets.length).toBe(1);
  await page.clock.pauseAt(Date.now() + 1000);
  const all = names(1500);
  for (const n of all) api.sockets[0]?.send(event('ADDED', cm(n, '2')));
  await page.clock.runFor(600);
  await expect.poll(async () => listed(await probe(page)).length).toBe(1000);
  const kept = listed(await probe(page))
    .map((i) => i.name)
    .sort();
  expect(kept).toEqual(all.slice(500));
  expect(lists(api)).toHaveLength(1);
});

test('a 1006 close sets no loadError and re-lists after 15 s, shrinking to page 1 first', async ({
  consolePage,
  page,
}) => {
  const warnings = warningsOf(page);
  const api = await fakeApi(
    page,
    names(5).map((n) => cm(n, '1')),
  );
  await page.clock.install();
  await consolePage.goto(probeUrl({ ...LIST, limit: 2 }));
  await expect.poll(async () => listed(await probe(page)).length).toBe(5);
  await expect.poll(() => api.sockets.length).toBe(1);
  await api.sockets[0]?.close({ code: 1006 });
  await page.clock.runFor(14_000);
  expect(lists(api)).toHaveLength(3);
  expect((await probe(page)).loadError).toBe('');
  api.status = 403;
  await page.clock.runFor(1_500);
  await expect.poll(() => lists(api).length).toBe(4);
  // The failed re-list keeps the data and reports the error; it is retried 15 s later.
  await expect.poll(async () => (await probe(page)).loadError).toMatchObject({ code: 403 });
  expect(listed(await probe(page))).toHaveLength(5);
  api.status = 200;
  await page.clock.runFor(15_500);
  await expect.poll(() => lists(api).length).toBe(7);
  await expect.poll(async () => (await probe(page)).loadError).toBe('');
  expect(warnings.filter((w) => w.includes('is gone with no deletion timestamp'))).toHaveLength(3);
});

test('other close codes reconnect from the original resourceVersion without a re-list', async ({
  consolePage,
  page,
}) => {
  const api = await fakeApi(
    page,
    names(2).map((n) => cm(n, '1')),
  );
  await consolePage.goto(probeUrl(LIST));
  await expect.poll(() => api.sockets.length).toBe(1);
  await api.sockets[0]?.close({ code: 4000, reason: 'going away' });
  await expect.poll(() => api.sockets.length, { timeout: 5_000 }).toBe(2);
  expect(api.sockets[1]?.url()).toContain('resourceVersion=100');
  expect(lists(api)).toHaveLength(1);
  expect((await probe(page)).loadError).toBe('');
});

test('a single object is polled every 30 s; DELETED keeps it; the next 404 sets loadError', async ({
  consolePage,
  page,
}) => {
  const api = await fakeApi(page, [cm('one', '3')]);
  await page.clock.install();
  await consolePage.goto(probeUrl({ ...LIST, isList: false, name: 'one' }));
  await expect.poll(async () => (await probe(page)).loaded).toBe(true);
  await expect.poll(() => api.sockets.length).toBe(1);
  const watchUrl = new URL(api.sockets[0]?.url() ?? 'ws://x/');
  expect(watchUrl.searchParams.get('fieldSelector')).toBe('metadata.name=one');
  expect(watchUrl.searchParams.has('resourceVersion')).toBe(false);
  const gets = () => api.requests.filter((u) => u.pathname.endsWith('/configmaps/one')).length;
  expect(gets()).toBe(1);
  api.items = [];
  api.sockets[0]?.send(event('DELETED', cm('one', '4', { gone: 'soon' })));
  await page.clock.runFor(600);
  await expect.poll(async () => (await probe(page)).data).toMatchObject({ name: 'one', rv: '4' });
  expect((await probe(page)).loadError).toBe('');
  await page.clock.runFor(30_000);
  await expect.poll(gets).toBe(2);
  await expect.poll(async () => (await probe(page)).loadError).toMatchObject({ code: 404 });
  expect((await probe(page)).data).toMatchObject({ name: 'one' });
});

test('the last unmount tears the watch down at once; mounting again re-lists', async ({
  consolePage,
  page,
}) => {
  const api = await fakeApi(page, [cm('a', '1')]);
  await consolePage.goto(probeUrl(LIST));
  await expect.poll(() => api.sockets.length).toBe(1);
  let closed = false;
  api.sockets[0]?.onClose(() => {
    closed = true;
  });
  await page.getByTestId('probe-toggle').click();
  await expect.poll(() => closed, { timeout: 1_000 }).toBe(true);
  await page.getByTestId('probe-toggle').click();
  await expect.poll(() => lists(api).length).toBe(2);
});

test('k8s calls have no timeout; consoleFetchJSON rejects after 60 s without aborting', async ({
  consolePage,
  page,
}) => {
  await page.route(/\/api\/kubernetes\/api\/v1\/namespaces\/slow\/configmaps\/x/, () => {
    // Never answered.
  });
  await page.clock.install();
  await consolePage.goto('/switchboard/overview');
  await page.evaluate(() => {
    const sdk = window.__standin?.sdk;
    if (!sdk) return;
    const w = window as unknown as Record<string, string>;
    w.k8sResult = 'pending';
    w.fetchResult = 'pending';
    const model = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      plural: 'configmaps',
      namespaced: true,
      abbr: 'CM',
      label: 'ConfigMap',
      labelPlural: 'ConfigMaps',
    };
    sdk.k8sGet({ model, name: 'x', ns: 'slow' }).then(
      () => (w.k8sResult = 'resolved'),
      (e: unknown) => (w.k8sResult = (e as Error).message),
    );
    sdk.consoleFetchJSON('/api/kubernetes/api/v1/namespaces/slow/configmaps/x').then(
      () => (w.fetchResult = 'resolved'),
      (e: unknown) => (w.fetchResult = (e as Error).message),
    );
  });
  await page.clock.runFor(61_000);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Record<string, string>).fetchResult))
    .toMatch(/timed out after 60000ms/);
  expect(await page.evaluate(() => (window as unknown as Record<string, string>).k8sResult)).toBe(
    'pending',
  );
});

test('requests carry the CSRF token on writes and impersonate the chosen user', async ({
  consolePage,
  page,
}) => {
  const seen: { method: string; headers: Record<string, string> }[] = [];
  await page.route(/\/api\/kubernetes\/api\/v1\/namespaces\/probe\/configmaps/, async (route) => {
    seen.push({ method: route.request().method(), headers: route.request().headers() });
    await route.fulfill({ json: cm('a', '1') });
  });
  await consolePage.setPersona('viewer');
  await page
    .context()
    .addCookies([{ name: 'csrf-token', value: 'tok123', url: consolePage.baseURL }]);
  await consolePage.goto('/switchboard/overview');
  const subprotocols = await page.evaluate(async () => {
    const s = window.__standin;
    if (!s) return null;
    const model = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      plural: 'configmaps',
      namespaced: true,
      abbr: 'CM',
      label: 'ConfigMap',
      labelPlural: 'ConfigMaps',
    };
    await s.sdk.k8sGet({ model, name: 'a', ns: 'probe' });
    await s.sdk.k8sCreate({
      model,
      data: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'probe' } },
    });
    return (s.store.getState().sdkCore as { impersonate?: { subprotocols: string[] } }).impersonate
      ?.subprotocols;
  });
  expect(subprotocols).toEqual(['Impersonate-User.dmlld2Vy']);
  expect(seen.map((r) => r.method)).toEqual(['GET', 'POST']);
  expect(seen[0]?.headers['x-csrftoken']).toBeUndefined();
  expect(seen[1]?.headers['x-csrftoken']).toBe('tok123');
  expect(seen.every((r) => r.headers['impersonate-user'] === 'viewer')).toBe(true);
});

test('plugins load after the first render, with their flags pending until then', async ({
  consolePage,
  page,
}) => {
  await page.addInitScript(() => {
    const samples: [boolean, unknown][] = [];
    (window as unknown as { __samples: typeof samples }).__samples = samples;
    const timer = setInterval(() => {
      const flags = window.__standin?.store.getState().FLAGS as
        { get(k: string): unknown } | undefined;
      if (!flags) return;
      samples.push([
        document.querySelector('[data-test="main-nav"]') !== null,
        flags.get('SWITCHBOARD_NMSTATE'),
      ]);
      if (window.__switchboardReady) clearInterval(timer);
    }, 2);
  });
  await consolePage.goto('/switchboard/overview');
  const samples = await page.evaluate(
    () => (window as unknown as { __samples: [boolean, unknown][] }).__samples,
  );
  expect(samples.some(([rendered, flag]) => rendered && flag === undefined)).toBe(true);
  expect(samples.at(-1)?.[1]).toBe(true);
});

test('nav sections start collapsed; a details page is not remounted for another object', async ({
  consolePage,
  page,
  kube,
}) => {
  await consolePage.goto('/switchboard/overview');
  await expect(consolePage.nav('nav-switchboard-overview')).toBeHidden();
  await consolePage.clickNav('nav-switchboard-overview');
  await expect(consolePage.title).toBeVisible();
  const nads = await kube.get<{ items: { metadata: { name: string; namespace: string } }[] }>(
    '/apis/k8s.cni.cncf.io/v1/network-attachment-definitions',
  );
  const [a, b] = nads.items.map((n) => n.metadata);
  if (!a || !b) throw new Error('the demo scenario has at least two NADs');
  const ref = 'k8s.cni.cncf.io~v1~NetworkAttachmentDefinition';
  await consolePage.goto(`/k8s/ns/${a.namespace}/${ref}/${a.name}`);
  await expect(page.getByTestId('main-nav')).toBeVisible();
  await expect(consolePage.title).toContainText(a.name);
  // A mark on the plugin's own title element survives only if React keeps the page mounted.
  await page.evaluate(() => {
    const el = document.querySelector('[data-test="page-title"]');
    if (el) (el as HTMLElement & { __mark?: boolean }).__mark = true;
  });
  await page.evaluate((href) => {
    window.history.pushState({}, '', href);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/k8s/ns/${b.namespace}/${ref}/${b.name}`);
  await expect(consolePage.title).toContainText(b.name);
  const kept = await page.evaluate(() => {
    const el: (HTMLElement & { __mark?: boolean }) | null = document.querySelector(
      '[data-test="page-title"]',
    );
    return el?.__mark === true;
  });
  expect(kept).toBe(true);
});

test('navigation renders at once without React transitions: a page still loading shows the fallback', async ({
  consolePage,
  page,
}) => {
  // Console 4.22 runs its router without React transitions (openshift/console release-4.22), so
  // a click that reaches a page whose chunks are not loaded yet replaces the old page with the
  // Suspense fallback at once. A router with transitions would keep the old page on
  // screen until the chunks arrive, which hides loading states from tests.
  await consolePage.goto('/switchboard/overview');
  await expect(consolePage.title).toBeVisible();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const delayed: string[] = [];
  await page.route(/\/api\/plugins\/switchboard\/.*\.js$/, async (route) => {
    delayed.push(route.request().url());
    await held;
    await route.continue();
  });
  await consolePage.clickNav('nav-switchboard-topology');
  await expect(page).toHaveURL(/\/switchboard\/topology/);
  await expect
    .poll(() => delayed.length, 'the topology page needs chunks not loaded yet')
    .toBeGreaterThan(0);
  await expect(page.getByTestId('suspense')).toBeVisible();
  // React keeps the suspended page mounted but hidden behind the fallback.
  await expect(consolePage.title).toBeHidden();
  release();
  await expect(consolePage.title).toBeVisible();
  await expect(page.getByTestId('suspense')).toHaveCount(0);
});
