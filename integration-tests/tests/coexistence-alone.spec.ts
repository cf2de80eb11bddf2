// Switchboard alone (the default fixture, no peer plugins): the console resource pages of its
// kinds fall back to Switchboard's pages, and its named YAML templates never become the
// console's default. With the peers: coexistence.spec.ts.
import { test, expect } from '../fixtures';

const NNCP = 'nmstate.io~v1~NodeNetworkConfigurationPolicy';
const NNS = 'nmstate.io~v1beta1~NodeNetworkState';
const NAD = 'k8s.cni.cncf.io~v1~NetworkAttachmentDefinition';

test.describe('without peer plugins', () => {
  test('Switchboard serves the console resource pages of its kinds', async ({
    consolePage,
    page,
  }) => {
    await consolePage.goto(`/k8s/cluster/${NNCP}`);
    await expect(page.getByTestId('policy-list')).toBeVisible();
    // Our list inside the console page links to our own routes.
    await page.getByTestId('policy-link').first().click();
    await expect(page).toHaveURL(/\/switchboard\/policies\/[^/]+$/);
    await consolePage.goto(`/k8s/ns/tenant-a/${NAD}/macvlan-storage`);
    await expect(page.getByTestId('nad-details')).toBeVisible();
    await consolePage.goto(`/k8s/cluster/${NNS}`);
    await expect(page.getByTestId('nns-list')).toBeVisible();
    await expect(page.locator('[data-test^="peer-"]')).toHaveCount(0);
  });

  test("our named templates do not become the console's default", async ({ consolePage, page }) => {
    await consolePage.goto(`/k8s/cluster/${NNCP}/~new`);
    await expect(page.getByTestId('console-create-yaml-source')).toHaveText(
      'Console default template',
    );
    await expect(page.getByTestId('console-create-yaml-editor')).toHaveValue(
      /apiVersion: nmstate.io\/v1/,
    );
  });
});
