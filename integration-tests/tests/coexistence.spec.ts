// Switchboard next to nmstate-console-plugin and networking-console-plugin, enabled before it
// as on a real cluster (stand-ins from integration-tests/peers). The console stand-in applies
// the console's rules: first plugin wins a resource page, last template per name wins, every
// plugin's action provider is merged into the console's kebabs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { repoRoot } from '../sandbox';

const NNCP = 'nmstate.io~v1~NodeNetworkConfigurationPolicy';
const NNS = 'nmstate.io~v1beta1~NodeNetworkState';
const NAD = 'k8s.cni.cncf.io~v1~NetworkAttachmentDefinition';

interface Extension {
  type: string;
  properties: Record<string, unknown>;
}
const ourNavIds = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'console-extensions.json'), 'utf8')) as Extension[]
)
  .filter((e) => e.type === 'console.navigation/href')
  .map((e) => (e.properties.dataAttributes as Record<string, string>)['data-test'] ?? '');

/**
 * Every link in the page content (not the navigation, where the peers' own items are) that
 * leads to a console resource page of one of our kinds.
 */
async function consoleLinksToOurKinds(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.filter((h) => h.startsWith('/k8s/') && [NNCP, NNS, NAD].some((r) => h.includes(r)));
}

test.use({ withPeers: true });

test.describe('with the peer plugins enabled before Switchboard', () => {
  test('every Switchboard navigation item opens a Switchboard page', async ({
    consolePage,
    page,
  }) => {
    await consolePage.goto('/switchboard/overview');
    // The peers are loaded: their own navigation item is there, in the console's section.
    const peerItem = await consolePage.showNav('nodenetworkconfigurationpolicy-nav-item');
    await expect(peerItem).toBeVisible();
    await expect(
      page
        .locator('li[data-test="nav"]', { has: page.getByTestId('nav-section-networking') })
        .getByTestId('nodenetworkconfigurationpolicy-nav-item'),
    ).toBeVisible();
    expect(ourNavIds.length).toBeGreaterThanOrEqual(7);
    for (const id of ourNavIds) {
      await consolePage.clickNav(id);
      await expect(page, id).toHaveURL(/\/switchboard\//);
      await expect(consolePage.title, id).toBeVisible();
      await expect(page.locator('[data-test^="peer-"]'), id).toHaveCount(0);
      await expect(page.getByTestId('not-found'), id).toHaveCount(0);
      await expect(page.getByTestId('page-crash'), id).toHaveCount(0);
    }
  });

  test("the peers' resource pages stay theirs", async ({ consolePage, page }) => {
    await consolePage.goto(`/k8s/cluster/${NNCP}`);
    await expect(page.getByTestId('peer-nmstate-policies')).toBeVisible();
    await expect(page.getByTestId('policy-list')).toHaveCount(0);
    await consolePage.goto(`/k8s/cluster/${NNCP}/worker-bond1`);
    await expect(page.getByTestId('peer-nmstate-policy')).toBeVisible();
    await consolePage.goto(`/k8s/cluster/${NNS}`);
    await expect(page.getByTestId('peer-nmstate-states')).toBeVisible();
    await consolePage.goto(`/k8s/ns/tenant-a/${NAD}`);
    await expect(page.getByTestId('peer-networking-nads')).toBeVisible();
    await expect(page.getByTestId('nad-list')).toHaveCount(0);
    // No peer serves NodeNetworkState details: links the console builds reach ours.
    await consolePage.goto(`/k8s/cluster/${NNS}/worker-0`);
    await expect(page.getByTestId('nns-details')).toBeVisible();
    // networking-console-plugin 4.22 has no NAD details page; while it is enabled the NAD is
    // its kind, so the console's own details page shows (with the merged menu, below).
    await consolePage.goto(`/k8s/ns/tenant-a/${NAD}/macvlan-storage`);
    await expect(page.getByTestId('console-default-details')).toBeVisible();
    await expect(page.getByTestId('nad-details')).toHaveCount(0);
  });

  test('resource list pages get the kind reference and namespace, never a model', async ({
    consolePage,
    page,
  }) => {
    await consolePage.goto(`/k8s/ns/tenant-a/${NAD}`);
    const nads = page.getByTestId('peer-networking-nads');
    await expect(nads).toHaveAttribute('data-kind', NAD);
    await expect(nads).toHaveAttribute('data-namespace', 'tenant-a');
    await expect(nads).toHaveAttribute('data-has-model', 'false');
    await consolePage.goto(`/k8s/cluster/${NNS}`);
    const states = page.getByTestId('peer-nmstate-states');
    await expect(states).toHaveAttribute('data-kind', NNS);
    await expect(states).toHaveAttribute('data-namespace', '');
    await expect(states).toHaveAttribute('data-has-model', 'false');
  });

  test('links inside Switchboard stay in Switchboard', async ({ consolePage, page }) => {
    await consolePage.goto('/switchboard/policies');
    await page.getByTestId('policy-link').first().click();
    await expect(page).toHaveURL(/\/switchboard\/policies\/[^/]+$/);
    await expect(page.getByTestId('policy-details')).toBeVisible();
    expect(await consoleLinksToOurKinds(page)).toEqual([]);

    await consolePage.goto('/switchboard/node-network-states');
    await page.getByTestId('nns-list-table').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/switchboard\/node-network-states\/[^/]+$/);
    await expect(page.getByTestId('nns-details')).toBeVisible();

    await consolePage.goto('/switchboard/ns/tenant-a/attachments');
    await expect(page.getByTestId('nad-list')).toBeVisible();
    expect(await consoleLinksToOurKinds(page)).toEqual([]);
    await page.getByTestId('nad-link').first().click();
    await expect(page).toHaveURL(/\/switchboard\/ns\/tenant-a\/attachments\/[^/]+$/);
    await expect(page.getByTestId('nad-details')).toBeVisible();
    expect(await consoleLinksToOurKinds(page)).toEqual([]);

    await consolePage.goto('/switchboard/topology/worker-0?view=table');
    await expect(page.getByTestId('page-crash')).toHaveCount(0);
    expect(await consoleLinksToOurKinds(page)).toEqual([]);
  });

  test('the NAD list follows the project like a console page', async ({ consolePage, page }) => {
    await consolePage.goto('/switchboard/overview');
    await consolePage.clickNav('nav-switchboard-attachments');
    await expect(page).toHaveURL(/\/switchboard\/all-namespaces\/attachments$/);
    await page.getByTestId('namespace-select').selectOption('tenant-a');
    await expect(page).toHaveURL(/\/switchboard\/ns\/tenant-a\/attachments$/);
    await expect(page.getByTestId('nad-list')).toBeVisible();
    // The navigation entry now opens the active project's list.
    await consolePage.clickNav('nav-switchboard-overview');
    await consolePage.clickNav('nav-switchboard-attachments');
    await expect(page).toHaveURL(/\/switchboard\/ns\/tenant-a\/attachments$/);
  });

  test('the console NAD menu merges both plugins without a second Edit or Delete', async ({
    consolePage,
    page,
  }) => {
    await consolePage.goto(`/k8s/ns/tenant-a/${NAD}/macvlan-storage`);
    await page.getByTestId('console-kebab-toggle').click();
    const menu = page.getByTestId('console-kebab-menu');
    await expect(menu.getByTestId('console-action-delete-nad')).toBeVisible();
    await expect(menu.getByTestId('console-action-switchboard-open-nad')).toBeVisible();
    const labels = (await menu.getByRole('menuitem').allTextContents()).map((l) => l.trim());
    expect(new Set(labels).size, labels.join(' | ')).toBe(labels.length);
    expect(labels.filter((l) => /^delete\b/i.test(l))).toEqual([
      'Delete NetworkAttachmentDefinition',
    ]);
    expect(labels.filter((l) => /^edit\b/i.test(l) && !/switchboard/i.test(l))).toEqual([
      'Edit labels',
      'Edit annotations',
      'Edit NetworkAttachmentDefinition',
    ]);
    if (process.env.SWITCHBOARD_SCREENSHOTS) {
      await page.screenshot({ path: path.join(repoRoot, 'test-results/coexist-nad-menu.png') });
    }
    const ours = labels.filter((l) => /switchboard/i.test(l));
    expect(ours).toEqual([
      'Open in Switchboard',
      'Edit in Switchboard',
      'Edit JSON in Switchboard',
    ]);
    await menu.getByTestId('console-action-switchboard-open-nad').click();
    await expect(page).toHaveURL(/\/switchboard\/ns\/tenant-a\/attachments\/macvlan-storage$/);
    await expect(page.getByTestId('nad-details')).toBeVisible();
  });

  test("the console's YAML create page keeps the peers' default templates", async ({
    consolePage,
    page,
  }) => {
    await consolePage.goto(`/k8s/cluster/${NNCP}/~new`);
    const editor = page.getByTestId('console-create-yaml-editor');
    await expect(editor).toHaveValue(/peer-nmstate-example/);
    await expect(page.getByTestId('console-create-yaml-source')).toContainText(
      'nmstate-console-plugin',
    );
    await consolePage.goto(`/k8s/ns/tenant-a/${NAD}/~new`);
    await expect(editor).toHaveValue(/peer-networking-example/);
    await expect(editor).toHaveValue(/namespace: tenant-a/);
    await expect(page.getByTestId('console-create-yaml-source')).toContainText(
      'networking-console-plugin',
    );
    if (process.env.SWITCHBOARD_SCREENSHOTS) {
      await page.screenshot({ path: path.join(repoRoot, 'test-results/coexist-yaml.png') });
    }
  });
});
