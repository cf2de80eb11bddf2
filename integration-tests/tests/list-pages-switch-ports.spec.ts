// The switch-port page's tabs and the Failed policies page on the console's list components:
// sorting in the URL, row filters whose URL types are distinct per tab (the tabs share one URL),
// a tab switch that leaves the other tab's filters behind, and "Manage columns" remembered.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import type { KubeClient } from '../fixtures';
import { ListPage } from '../pages/ListPage';
import { RollbackPages } from '../pages/RollbackPages';
import { SwitchPortsPage } from '../pages/SwitchPortsPage';

const SHOTS = path.join(process.env.PW_OUTPUT ?? 'test-results', 'list-screenshots');
const NS = 'openshift-machine-api';
const HNA_PATH = `/apis/metal3.io/v1alpha1/namespaces/${NS}/hostnetworkattachments`;
const NNCP = '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies';

/** A tall window for the picture: the console's page scrolls inside, so fullPage stops short. */
async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: size?.width ?? 1440, height: 1600 });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  if (size) await page.setViewportSize(size);
}

const storedColumns = (page: Page) =>
  page.evaluate(
    () =>
      (
        JSON.parse(localStorage.getItem('console-user-settings') ?? '{}') as Record<
          string,
          Record<string, string[]> | undefined
        >
      )['console.tableColumns'] ?? {},
  );

const numbers = async (page: Page, testId: string): Promise<number[]> =>
  (await new ListPage(page).rows.getByTestId(testId).allTextContents()).map(Number);

test('switch ports: attachments sort and filter in the URL, tabs keep their filters apart, columns are remembered', async ({
  consolePage,
  page,
  kube,
}) => {
  const name = `e2e-list-unused-${Date.now().toString(36)}`;
  await kube.post(HNA_PATH, {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'HostNetworkAttachment',
    metadata: { name, namespace: NS },
    spec: { mode: 'hybrid', nativeVLAN: 7, allowedVLANs: ['40'] },
  });
  try {
    const sp = new SwitchPortsPage(consolePage);
    const list = new ListPage(page);
    await sp.goto('attachments');
    await expect(sp.attachmentRow(name)).toBeVisible();
    await expect(sp.attachmentRow('storage-trunk')).toBeVisible();
    await shot(page, 'switch-ports-attachments-list');

    await list.sortBy('Native VLAN');
    await expect(page).toHaveURL(/sortBy=Native(\+|%20)VLAN/);
    const native = () => numbers(page, 'hna-native');
    await expect.poll(native).toEqual([...(await native())].sort((a, b) => a - b));
    expect((await native())[0]).toBe(7);
    await list.sortBy('Native VLAN');
    await expect(page).toHaveURL(/orderBy=desc/);
    await expect.poll(async () => (await native()).at(-1)).toBe(7);

    // The usage filter: only the new attachment is unused; the URL names the tab's own type.
    await list.toggleRowFilter('unused');
    await expect(page).toHaveURL(/[?&]rowFilter-sp-hna-usage=unused/);
    await expect(sp.attachmentRow(name)).toBeVisible();
    await expect(sp.attachmentRow('storage-trunk')).toHaveCount(0);
    await page.reload();
    await expect(sp.attachmentRow(name)).toBeVisible();
    await expect(sp.attachmentRow('storage-trunk')).toHaveCount(0);

    // Another tab opens with its own filters: nothing of the attachments' is left in the URL.
    await sp.openTab('hosts');
    await expect(page).toHaveURL(/\?tab=hosts$/);
    await expect(sp.hostRow('openshift-worker-2')).toBeVisible();
    await list.toggleRowFilter('mismatch');
    await expect(page).toHaveURL(/[?&]rowFilter-sp-host-vlan=mismatch/);
    await expect(sp.hostRow('openshift-worker-2')).toBeVisible();
    await expect(list.rows.getByText('No mismatch', { exact: true })).toHaveCount(0);
    await shot(page, 'switch-ports-hosts-list');
    await sp.openTab('attachments');
    await expect(page).toHaveURL(/\?tab=attachments$/);
    await expect(sp.attachmentRow('storage-trunk')).toBeVisible();

    await expect(list.header('Labels')).toHaveCount(0);
    await expect(list.header('MTU')).toHaveCount(0);
    await list.manageColumns(['Labels', 'MTU'], ['Used by']);
    await expect(list.header('Labels')).toHaveCount(1);
    await expect(list.header('MTU')).toHaveCount(1);
    await expect(list.header('Used by')).toHaveCount(0);
    await page.reload();
    await expect(sp.attachmentRow('storage-trunk')).toBeVisible();
    await expect(list.header('MTU')).toHaveCount(1);
    await expect(list.header('Used by')).toHaveCount(0);
    expect(await storedColumns(page)).toMatchObject({
      'metal3.io~v1alpha1~HostNetworkAttachment': expect.arrayContaining(['name', 'labels']),
    });

    // The kebab deletes an unused attachment after a confirmation.
    await (await sp.rowAction(sp.attachmentRow(name), 'Delete')).click();
    await page.getByTestId('hna-delete-modal').getByTestId('delete-confirm').click();
    await expect(sp.attachmentRow(name)).toHaveCount(0);

    await sp.openTab('switches');
    await expect(sp.switchRow('tor-1')).toBeVisible();
    await list.toggleRowFilter('invalid');
    await expect(page).toHaveURL(/[?&]rowFilter-sp-switch-status=invalid/);
    await expect(sp.switchRow('tor-2')).toBeVisible();
    await expect(sp.switchRow('tor-1')).toHaveCount(0);
    await list.toggleRowFilter('invalid');
    await shot(page, 'switch-ports-switches-list');
  } finally {
    await kube.del(`${HNA_PATH}/${name}`).catch(() => undefined);
  }
});

async function failingPolicy(kube: KubeClient, name: string, base: string): Promise<void> {
  await kube.post(NNCP, {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name, labels: { 'e2e-list': 'failed' } },
    spec: {
      nodeSelector: { 'node-role.kubernetes.io/worker': '' },
      desiredState: {
        interfaces: [
          { name: `${base}.733`, type: 'vlan', state: 'up', vlan: { 'base-iface': base, id: 733 } },
        ],
      },
    },
  });
  await expect
    .poll(
      async () => {
        const p = await kube.get<{ status?: { conditions?: { type: string; status: string }[] } }>(
          `${NNCP}/${name}`,
        );
        return p.status?.conditions?.find((c) => c.type === 'Degraded')?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('True');
}

test('failed policies: sort by nodes and name filter in the URL, status filter, remembered columns', async ({
  consolePage,
  page,
  kube,
}) => {
  test.setTimeout(180_000);
  const prefix = `e2e-lf-${Date.now().toString(36)}`;
  // ens2f1 is missing on worker-2 alone; no worker has nope9.
  const some = `${prefix}-some`;
  const all = `${prefix}-all`;
  await failingPolicy(kube, some, 'ens2f1');
  await failingPolicy(kube, all, 'nope9');
  try {
    const rb = new RollbackPages(consolePage);
    const list = new ListPage(page);
    await rb.openFailedPolicies();
    await expect(rb.failedPolicyRow(some)).toBeVisible({ timeout: 30_000 });
    await expect(rb.failedPolicyRow(all)).toBeVisible();

    await list.filterByName(prefix);
    await expect(page).toHaveURL(new RegExp(`[?&]name=${prefix}`));
    await expect(list.rows).toHaveCount(2);
    const failing = async () =>
      (await list.rows.getByTestId('failed-policy-nodes').allTextContents()).map((s) =>
        Number(/^(\d+) of/.exec(s)?.[1]),
      );
    await list.sortBy('Nodes');
    await expect(page).toHaveURL(/sortBy=Nodes/);
    await expect.poll(failing).toEqual([...(await failing())].sort((a, b) => a - b));
    await list.sortBy('Nodes');
    await expect(page).toHaveURL(/orderBy=desc/);
    await expect.poll(failing).toEqual([...(await failing())].sort((a, b) => b - a));
    await expect(list.rows.first().getByTestId(`failed-policy-${all}`)).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('name-filter-input')).toHaveValue(prefix);
    await expect(list.rows).toHaveCount(2);
    await expect(list.header('Nodes')).toHaveAttribute('aria-sort', 'descending');

    await list.toggleRowFilter('Aborted');
    await expect(page).toHaveURL(/[?&]rowFilter-failed-policy-status=Aborted/);
    await list.toggleRowFilter('Aborted');

    await list.manageColumns(['Labels'], ['Error']);
    await expect(list.header('Error')).toHaveCount(0);
    await expect(list.rows.first().getByText('e2e-list=failed')).toBeVisible();
    await shot(page, 'failed-policies-list');
    await page.reload();
    await expect(list.header('Labels')).toHaveCount(1);
    await expect(list.header('Error')).toHaveCount(0);
    expect(await storedColumns(page)).toMatchObject({
      'switchboard~failed-policies': expect.arrayContaining(['name', 'labels']),
    });
    await list.manageColumns(['Error'], ['Labels']);

    // Roll back opens from the kebab, above the list.
    await (await rb.failedPolicyAction(some, 'Roll back')).click();
    await expect(page.getByTestId('failed-policy-rollback-card')).toBeVisible();
  } finally {
    for (const n of [some, all]) await kube.del(`${NNCP}/${n}`).catch(() => undefined);
  }
});
