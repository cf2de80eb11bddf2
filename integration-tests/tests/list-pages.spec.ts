// Switchboard's list pages on the console's own list components (SDK ListPageFilter,
// VirtualizedTable, useActiveColumns) as the stand-in provides them after openshift/console
// release-4.22: sorting and its URL, name, label and row filters in the URL (kept on reload),
// "Manage columns" remembered across reloads, the node network state list windowed at scale,
// and Delete from a row's kebab with a dialog that names what goes with the object.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { startSandbox } from '../sandbox';
import { ListPage } from '../pages/ListPage';
import { PolicyPages } from '../pages/PolicyPages';

// Sorting and row counts read the whole list: a fresh sandbox, not one other files added to.
test.use({ ownSandbox: true });

const SHOTS = path.join(process.env.PW_OUTPUT ?? 'test-results', 'list-screenshots');
const POLICY_PATH = '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies';

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const policyNames = (list: ListPage) =>
  list.rows.locator('[data-test^="policy-row-"]').allTextContents();

test('policy list: sort by a column, in the URL, kept on reload', async ({ consolePage, page }) => {
  const policies = new PolicyPages(consolePage);
  const list = new ListPage(page);
  await policies.openList();
  await expect(policies.row('worker-bond1')).toBeVisible();
  // The first sortable column sorts ascending by default, as the console's tables do.
  const initial = await policyNames(list);
  expect(initial).toEqual([...initial].sort((a, b) => a.localeCompare(b)));

  await list.sortBy('Name');
  await expect(page).toHaveURL(/[?&]sortBy=Name&orderBy=desc|[?&]orderBy=desc&sortBy=Name/);
  await expect.poll(() => policyNames(list)).toEqual([...initial].reverse());

  await list.sortBy('Matched nodes');
  await expect(page).toHaveURL(/sortBy=Matched(\+|%20)nodes/);
  const matched = async () =>
    (await list.rows.getByTestId('matched-nodes').allTextContents()).map(Number);
  await expect.poll(matched).toEqual([...(await matched())].sort((a, b) => a - b));
  expect((await matched())[0]).toBe(0); // sriov-gpu-nodes matches no node

  await page.reload();
  await expect(policies.row('worker-bond1')).toBeVisible();
  await expect
    .poll(async () => (await matched()).join())
    .toBe([...(await matched())].sort((a, b) => a - b).join());
  await expect(list.header('Matched nodes')).toHaveAttribute('aria-sort', 'ascending');
});

test('policy list: name, label and status filters live in the URL and survive a reload', async ({
  consolePage,
  page,
  kube,
}) => {
  await kube.mergePatch(`${POLICY_PATH}/dns-search-domains`, {
    metadata: { labels: { team: 'netops' } },
  });
  const policies = new PolicyPages(consolePage);
  const list = new ListPage(page);
  await policies.openList();
  await expect(policies.row('worker-bond1')).toBeVisible();

  await list.filterByName('dns');
  await expect(page).toHaveURL(/[?&]name=dns/);
  await expect(policies.row('dns-search-domains')).toBeVisible();
  await expect(policies.row('worker-bond1')).toHaveCount(0);
  await page.reload();
  await expect(policies.row('dns-search-domains')).toBeVisible();
  await expect(policies.row('worker-bond1')).toHaveCount(0);
  await expect(page.getByTestId('name-filter-input')).toHaveValue('dns');

  await list.toolbar.getByRole('button', { name: 'Clear all filters' }).first().click();
  await expect(page).not.toHaveURL(/[?&]name=/);
  await expect(policies.row('worker-bond1')).toBeVisible();

  await list.filterByLabel('team=netops');
  await expect(page).toHaveURL(/[?&]labels=team%3Dnetops/);
  await expect(policies.row('dns-search-domains')).toBeVisible();
  await expect(policies.row('worker-bond1')).toHaveCount(0);
  await page.reload();
  await expect(policies.row('dns-search-domains')).toBeVisible();
  await expect(policies.row('worker-bond1')).toHaveCount(0);
  await shot(page, 'policy-list-label-filter');
  await list.toolbar.getByRole('button', { name: 'Clear all filters' }).first().click();
  await expect(page).not.toHaveURL(/labels=/);

  // The status row filter: `rowFilter-policy-status`, as the overview links to it.
  await list.toggleRowFilter('Degraded');
  await expect(page).toHaveURL(/[?&]rowFilter-policy-status=Degraded/);
  await expect(policies.row('worker-bond1')).toBeVisible();
  await expect(policies.row('dns-search-domains')).toHaveCount(0);
  await page.reload();
  await expect(policies.row('worker-bond1')).toBeVisible();
  await expect(policies.row('dns-search-domains')).toHaveCount(0);
  await shot(page, 'policy-list-status-filter');
  await list.toggleRowFilter('Degraded');
  await expect(page).not.toHaveURL(/rowFilter-policy-status/);
  await expect(policies.row('dns-search-domains')).toBeVisible();
});

test('policy list: Manage columns is remembered across reloads', async ({ consolePage, page }) => {
  const policies = new PolicyPages(consolePage);
  const list = new ListPage(page);
  await policies.openList();
  await expect(policies.row('worker-bond1')).toBeVisible();
  await expect(list.header('Labels')).toHaveCount(0);
  await expect(list.header('Age')).toHaveCount(1);

  await list.manageColumns(['Labels'], ['Age']);
  await expect(list.header('Labels')).toHaveCount(1);
  await expect(list.header('Age')).toHaveCount(0);
  await shot(page, 'policy-list-columns');

  await page.reload();
  await expect(policies.row('worker-bond1')).toBeVisible();
  await expect(list.header('Labels')).toHaveCount(1);
  await expect(list.header('Age')).toHaveCount(0);
  // Kept where the console keeps it without a user-settings ConfigMap: localStorage.
  const stored = await page.evaluate(() => localStorage.getItem('console-user-settings'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({
    'console.tableColumns': {
      'nmstate.io~v1~NodeNetworkConfigurationPolicy': expect.arrayContaining(['name', 'labels']),
    },
  });
});

test('attachment definitions: type filter and kebab Delete naming the pods', async ({
  consolePage,
  page,
}) => {
  const list = new ListPage(page);
  await consolePage.goto('/switchboard/all-namespaces/attachments');
  await expect(list.rows.first()).toBeVisible();
  await list.toggleRowFilter('ipvlan');
  await expect(page).toHaveURL(/[?&]rowFilter-nad-type=ipvlan/);
  await expect(list.rows).toHaveCount(1);
  await expect(page.getByTestId('nad-row-tenant-b-ipvlan-static')).toBeVisible();
  await page.reload();
  await expect(list.rows).toHaveCount(1);
  await shot(page, 'nad-list-type-filter');

  const row = list.rows.filter({ has: page.getByTestId('nad-row-tenant-b-ipvlan-static') });
  await row.getByRole('button', { name: 'Kebab toggle' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const modal = page.getByTestId('delete-nad-modal');
  await expect(modal.getByTestId('delete-target')).toContainText('ipvlan-static');
  await expect(
    modal.getByTestId('delete-pods').or(modal.getByTestId('delete-no-pods')),
  ).toBeVisible();
  await modal.getByTestId('delete-cancel').click();
  await expect(modal).toHaveCount(0);
});

test('policy kebab Delete names the nodes whose enactments go and that nothing is undone', async ({
  consolePage,
  page,
  kube,
}) => {
  const name = `e2e-del-${Date.now().toString(36)}`;
  await kube.post(POLICY_PATH, {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name },
    spec: {
      nodeSelector: { 'kubernetes.io/hostname': 'worker-1' },
      desiredState: { 'dns-resolver': { config: { search: ['e2e.example'] } } },
    },
  });
  const policies = new PolicyPages(consolePage);
  await policies.openList();
  await policies.row(name).getByRole('button', { name: 'Kebab toggle' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const modal = page.getByTestId('delete-policy-modal');
  await expect(modal.getByTestId('delete-policy-enactments')).toContainText('worker-1');
  await expect(modal).toContainText('does not revert a removed policy');
  await shot(page, 'policy-delete-modal');
  await modal.getByRole('button', { name: 'Delete' }).click();
  await expect(modal).toHaveCount(0);
  await expect(policies.row(name)).toHaveCount(0);
});

test('node network states at scale: few DOM rows for hundreds of nodes, sorted and filtered', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const sandbox = await startSandbox({ scenario: 'scale', nodes: 600 });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const list = new ListPage(page);
    await page.goto(`${sandbox.consoleUrl}/switchboard/node-network-states`);
    await expect(list.rows.first()).toBeVisible({ timeout: 60_000 });
    // Every node has its state, yet only the rows in view are in the DOM.
    const total = await page.evaluate(async () => {
      const r = await fetch('/api/kubernetes/apis/nmstate.io/v1beta1/nodenetworkstates');
      return ((await r.json()) as { items: unknown[] }).items.length;
    });
    expect(total).toBeGreaterThanOrEqual(600);
    const domRows = await list.rows.count();
    expect(domRows).toBeGreaterThan(5);
    expect(domRows).toBeLessThan(60);
    await shot(page, 'nns-list-scale');

    // Scrolling to the end brings the last rows in, still only a window of them.
    await page.mouse.move(700, 600);
    for (let i = 0; i < 60; i++) await page.mouse.wheel(0, 2_000);
    await expect
      .poll(async () => Number((await list.rows.last().getAttribute('data-index')) ?? 0))
      .toBe(total - 1);
    expect(await list.rows.count()).toBeLessThan(60);

    // Sorting descending puts the last name first; the name filter narrows the rows.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.goto(
      `${sandbox.consoleUrl}/switchboard/node-network-states?sortBy=Name&orderBy=desc`,
    );
    await expect(list.rows.first()).toBeVisible({ timeout: 60_000 });
    const names = await list.rows.getByTestId('nns-link').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en', { numeric: true })));
    const last = names[0] ?? '';
    await list.filterByName(last);
    await expect(page).toHaveURL(/[?&]name=/);
    await expect(list.rows.getByTestId('nns-link').first()).toHaveText(last);
    await page.close();
  } finally {
    await sandbox.close();
  }
});
