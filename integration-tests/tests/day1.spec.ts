// Day-1 network config on the sandbox demo: openshift-worker-2 was installed with the nmstate in
// its preprovisioning network data Secret (drifted since), openshift-worker-3 with an NMStateConfig.
import * as path from 'node:path';
import { test, expect } from '../fixtures';
import { SwitchPortsPage } from '../pages/SwitchPortsPage';

const shots = process.env.PW_OUTPUT ?? 'test-results';

test('the host view shows what a host was installed with and how it drifted', async ({
  consolePage,
  page,
}) => {
  const sp = new SwitchPortsPage(consolePage);
  await sp.goto('hosts');
  const section = page.getByTestId('installed-with-openshift-worker-2');
  await expect(section.getByTestId('installed-with-openshift-worker-2-source')).toHaveText(
    'Preprovisioning network data Secret openshift-worker-2-network-config-secret',
  );
  const row = (name: string) =>
    section.getByTestId(`installed-with-openshift-worker-2-row-${name}`);
  await expect(row('ens2f0').locator('[data-drift]')).toHaveAttribute('data-drift', 'changed', {
    timeout: 30_000,
  });
  await expect(row('ens2f0')).toContainText('mtu');
  await expect(row('ens2f1').locator('[data-drift]')).toHaveAttribute('data-drift', 'absent');
  await expect(row('eno1')).toContainText('ipv4');
  await expect(row('bond0.100').locator('[data-drift]')).toHaveAttribute('data-drift', 'same');
  await expect(row('bond0.200')).toContainText('worker-vlan200-bridge', { timeout: 60_000 });

  await section.getByRole('button', { name: 'Diff: installed and current state' }).click();
  const diff = page.getByTestId('installed-with-openshift-worker-2-diff-current-view');
  await expect(diff).toContainText('mtu: 9000');
  await expect(diff).toContainText('mtu: 1500');
  await section
    .getByRole('button', { name: 'Diff: installed and the policies managing those interfaces' })
    .click();
  // The policy sets bond0.200 exactly as the installer did.
  await expect(
    page.getByTestId('installed-with-openshift-worker-2-diff-policies-view-empty'),
  ).toHaveText('No differences');
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: path.join(shots, 'day1-installed-with.png') });

  const worker3 = page.getByTestId('installed-with-openshift-worker-3');
  await expect(worker3.getByTestId('installed-with-openshift-worker-3-source')).toHaveText(
    'NMStateConfig openshift-worker-3',
  );
  await expect(worker3.getByTestId('installed-with-openshift-worker-3-row-eno1')).toBeVisible();
});

test("the node's topology shows what it was installed with", async ({ consolePage, page }) => {
  await consolePage.goto('/k8s/cluster/core~v1~Node/worker-2/network');
  const section = page.getByTestId('node-installed-with');
  await expect(section.getByTestId('node-installed-with-source')).toContainText(
    'openshift-worker-2-network-config-secret',
    { timeout: 30_000 },
  );
  await expect(
    section.getByTestId('node-installed-with-row-ens2f0').locator('[data-drift]'),
  ).toHaveAttribute('data-drift', 'changed');
});
