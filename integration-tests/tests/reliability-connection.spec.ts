// @reliability: live data survives the cluster going away. While disconnected the UI keeps the
// last data and says it is stale; after the cluster is back it catches up without a reload,
// with no duplicate or lost rows. A 410 Gone on a console watch is ignored (console 4.22); the
// socket's abnormal close re-lists 15 s later.
import type { Page, WebSocketRoute } from '@playwright/test';
import { test, expect } from '../fixtures';
import { startSandbox } from '../sandbox';
import { PolicyPages } from '../pages/PolicyPages';

// The policy list test reads rows by name in a windowed list: a sandbox no other file added to.
test.use({ ownSandbox: true });

// Chromium logs failed requests and sockets while the cluster is down; those are expected here.
const EXPECTED_WHILE_DOWN = [/WebSocket connection to .* failed/, /status of 502/];

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !EXPECTED_WHILE_DOWN.some((r) => r.test(m.text()))) {
      errors.push(m.text());
    }
  });
  return errors;
}

const NNS_LIST = '/switchboard/node-network-states';

test('@reliability watches resume after a cluster restart and catch up without reload', async ({
  browser,
}) => {
  const sandbox = await startSandbox({ scenario: 'demo' });
  try {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(sandbox.consoleUrl + NNS_LIST);
    const rows = page.getByTestId('nns-list-table').locator('[data-test-rows="resource-row"]');
    await expect(rows.first()).toBeVisible();
    const before = await rows.count();
    expect(before).toBeGreaterThan(0);

    await sandbox.stopCluster();
    await expect(page.getByTestId('stale-data')).toBeVisible({ timeout: 20_000 });
    // The last data stays on screen while disconnected.
    await expect(rows).toHaveCount(before);

    await sandbox.restartCluster();
    // A change made while the page was disconnected must show up once it reconnects.
    const res = await page.request.post(
      `${sandbox.clusterUrl}/apis/nmstate.io/v1beta1/nodenetworkstates`,
      {
        data: {
          apiVersion: 'nmstate.io/v1beta1',
          kind: 'NodeNetworkState',
          metadata: { name: 'late-joiner' },
        },
      },
    );
    expect(res.status()).toBe(201);
    await expect(page.getByTestId('stale-data')).toHaveCount(0, { timeout: 30_000 });
    await expect(rows.filter({ hasText: 'late-joiner' })).toBeVisible({ timeout: 30_000 });
    await expect(rows).toHaveCount(before + 1);
    const names = await rows.locator('td:first-child').allTextContents();
    expect(new Set(names).size, 'no duplicate rows after reconnect').toBe(names.length);
    await page.close();
    expect(errors).toEqual([]);
  } finally {
    await sandbox.close();
  }
});

test('@reliability a 410 Gone on a console watch is ignored; the 1006 drop re-lists after 15 s', async ({
  consolePage,
  page,
}) => {
  // Console 4.22 (openshift/console release-4.22 frontend/packages/console-dynamic-plugin-sdk/src/
  // app/k8s/reducers/k8s.ts, actions/k8s.ts): an ERROR event is only a warning, and recovery
  // comes from the socket closing abnormally, which re-lists 15 s later.
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  let lists = 0;
  await page.route(
    '**/api/kubernetes/apis/nmstate.io/v1beta1/nodenetworkstates?*',
    async (route) => {
      if (!route.request().url().includes('watch=true')) lists++;
      await route.continue();
    },
  );
  let first: WebSocketRoute | undefined;
  await page.routeWebSocket(/nodenetworkstates\?.*watch=true/, (ws) => {
    const server = ws.connectToServer();
    first ??= ws;
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => ws.send(m));
  });
  await page.clock.install();
  await consolePage.goto(NNS_LIST);
  const rows = page.getByTestId('nns-list-table').locator('[data-test-rows="resource-row"]');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  await expect.poll(() => first !== undefined).toBe(true);
  const listsBefore = lists;
  // What the API server sends when the requested resourceVersion is too old.
  first?.send(
    JSON.stringify({
      type: 'ERROR',
      object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 410, reason: 'Expired' },
    }),
  );
  await page.clock.runFor(1_000);
  await expect.poll(() => warnings).toContain('unknown websocket action: ERROR');
  expect(lists).toBe(listsBefore);
  await expect(rows).toHaveCount(before);
  await first?.close({ code: 1006 });
  await page.clock.runFor(14_000);
  expect(lists).toBe(listsBefore);
  await page.clock.runFor(1_500);
  await expect.poll(() => lists).toBeGreaterThan(listsBefore);
  await expect(rows).toHaveCount(before);
});

test('@reliability the stand-in serves the console CSP report-only; no page violates the strict one', async ({
  page,
  browser,
}) => {
  // The console's bridge only reports (pkg/server/server.go); the stand-in's strict enforced
  // policy is a test mode, and no page may violate it.
  const response = await page.request.get('/switchboard/overview');
  expect(response.headers()['content-security-policy']).toBeUndefined();
  expect(response.headers()['content-security-policy-report-only']).toContain("'unsafe-eval'");
  const sandbox = await startSandbox({ scenario: 'demo', cspMode: 'strict' });
  try {
    const strict = await browser.newPage();
    const errors = collectErrors(strict);
    const res = await strict.goto(`${sandbox.consoleUrl}/switchboard/overview`);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    await expect(strict.getByTestId('page-title')).toBeVisible();
    await strict.goto(`${sandbox.consoleUrl}/switchboard/topology`);
    await expect(strict.getByTestId('page-title')).toBeVisible();
    await strict.close();
    // Violations are reported as console errors by the host.
    expect(errors).toEqual([]);
  } finally {
    await sandbox.close();
  }
});

test('@reliability the policy list lists its enactments again after a dropped watch and a 410', async ({
  consolePage,
  page,
  kube,
}) => {
  const enactments =
    '**/api/kubernetes/apis/nmstate.io/v1beta1/nodenetworkconfigurationenactments?*';
  let lists = 0;
  await page.route(enactments, async (route) => {
    if (!route.request().url().includes('watch=true')) lists++;
    await route.continue();
  });
  let sockets = 0;
  await page.routeWebSocket(/nodenetworkconfigurationenactments\?.*watch=true/, (ws) => {
    const server = ws.connectToServer();
    sockets++;
    // The first watch drops; the second is told its resourceVersion expired.
    if (sockets === 1) setTimeout(() => void ws.close(), 300);
    if (sockets === 2)
      setTimeout(() => {
        ws.send(
          JSON.stringify({
            type: 'ERROR',
            object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 410 },
          }),
        );
      }, 300);
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => ws.send(m));
  });
  const policies = new PolicyPages(consolePage);
  await policies.openList();
  await expect(policies.row('worker-bond1').getByTestId('count-Failing')).toContainText('1');
  await expect.poll(() => lists, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  // The third watch carries a new policy's enactment to its row.
  const API = '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies';
  await kube.post(API, {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name: 'late-dns' },
    spec: {
      nodeSelector: { 'kubernetes.io/hostname': 'worker-1' },
      desiredState: { 'dns-resolver': { config: { server: ['10.0.0.53'] } } },
    },
  });
  try {
    await expect(policies.row('late-dns').getByTestId('count-Available')).toContainText('1', {
      timeout: 30_000,
    });
    await expect(policies.row('worker-bond1').getByTestId('count-Failing')).toContainText('1');
  } finally {
    await kube.del(`${API}/late-dns`);
  }
});

test.describe('stale counts', () => {
  // The re-lists the test aborts are logged by Chromium as failed loads.
  test.use({ allowedErrors: ['net::ERR_FAILED'] });

  test('@reliability the policy list says its counts are stale while the enactment watch is down, and stops once it is back', async ({
    consolePage,
    page,
  }) => {
    const enactments =
      '**/api/kubernetes/apis/nmstate.io/v1beta1/nodenetworkconfigurationenactments?*';
    // After the first watch drops, every re-list fails until the test lets them through: the
    // counts stay on screen, and once they are 10 s old (LEAN_STALE_AFTER_MS) the page says so.
    let down = false;
    await page.route(enactments, async (route) => {
      if (down && !route.request().url().includes('watch=true')) await route.abort();
      else await route.continue();
    });
    let sockets = 0;
    await page.routeWebSocket(/nodenetworkconfigurationenactments\?.*watch=true/, (ws) => {
      const server = ws.connectToServer();
      sockets++;
      if (sockets === 1)
        setTimeout(() => {
          down = true;
          void ws.close();
        }, 300);
      ws.onMessage((m) => server.send(m));
      server.onMessage((m) => ws.send(m));
    });
    const policies = new PolicyPages(consolePage);
    await policies.openList();
    const failing = policies.row('worker-bond1').getByTestId('count-Failing');
    await expect(failing).toContainText('1');
    const stale = page.getByTestId('enactment-counts-stale');
    await expect(stale).toBeVisible({ timeout: 20_000 });
    await expect(stale).toContainText('Per-node status is from');
    await expect(failing).toContainText('1');

    down = false;
    // The watch retries with a backoff of at most 15 s; its next list and socket make it live.
    await expect(stale).toHaveCount(0, { timeout: 30_000 });
    await expect(failing).toContainText('1');
    expect(sockets).toBeGreaterThanOrEqual(2);
  });
});
