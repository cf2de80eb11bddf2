// Switch ports on the sandbox demo: port phases follow provisioning live, the demo's VLAN
// mismatch is found and fixed through the attachment editor, a switch is created with its
// Secret and validated, and a viewer gets no authoring actions.
import * as path from 'node:path';
import { test, expect } from '../fixtures';
import { ListPage } from '../pages/ListPage';
import { SwitchPortsPage } from '../pages/SwitchPortsPage';
import { ConsolePage } from '../pages/ConsolePage';

const NS = 'openshift-machine-api';
const BMH = `/apis/metal3.io/v1alpha1/namespaces/${NS}/baremetalhosts`;
const shots = process.env.PW_OUTPUT ?? 'test-results';

function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

test('a host being provisioned moves its ports from inspection to tenant', async ({
  consolePage,
  kube,
  page,
}) => {
  const sp = new SwitchPortsPage(consolePage);
  const name = unique('e2e-host');
  // Windowed list: a host created by a parallel test (e2e-badnic-…, many NICs, one tall row)
  // sorts first and pushed this host below the fold, out of the page.
  await sp.gotoHostsAllInView();
  await expect(consolePage.title).toHaveText('Switch ports');
  await sp.recordPhases(name);
  await kube.post(BMH, {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name, namespace: NS },
    spec: {
      online: true,
      bootMACAddress: '52:54:00:e2:e0:10',
      bmc: { address: 'redfish://192.168.110.99/redfish/v1/Systems/1', credentialsName: 'x' },
      image: { url: 'http://192.168.111.3:6181/images/rhcos.qcow2', checksum: 'sha256:1' },
      networkInterfaces: [{ name: 'eno1', hostNetworkAttachment: { name: 'provisioning-access' } }],
    },
  });
  await expect(sp.hostPhase(name)).toHaveAttribute('data-phase', 'tenant', { timeout: 30_000 });
  const phases = await sp.recordedPhases();
  const order = ['inspection', 'provisioning', 'tenant'].map((p) => phases.indexOf(p));
  expect(phases, 'phases shown while provisioning').toEqual(
    expect.arrayContaining(['inspection', 'provisioning', 'tenant']),
  );
  expect(order).toEqual([...order].sort((a, b) => a - b));
  // Once deployed the cluster reports the applied tenant config and the NIC details.
  const eno1 = sp.nicRow(name, 'eno1');
  await expect(eno1.getByTestId('nic-desired')).toContainText('provisioning-access');
  await expect(eno1.getByTestId('nic-applied')).toContainText('access, native 10');
  await expect(eno1).toContainText('25 Gbps');
  await page.screenshot({ path: path.join(shots, 'switch-ports-hosts.png'), fullPage: true });
});

test('the demo VLAN mismatch is found and fixed by editing the attachment', async ({
  consolePage,
  page,
  kube,
}) => {
  const sp = new SwitchPortsPage(consolePage);
  await sp.goto('vlan-check');
  const mismatch = sp.mismatches('vlan.notAllowedOnPort', 210);
  await expect(mismatch.first()).toContainText(
    'VLAN 210 used by NAD tenant-a/tenant-vlan210 (bridge.vlan) is not allowed on port xe-0/0/19 of switch tor-1',
  );
  await expect(mismatch.first().getByTestId('mismatch-nad-link')).toHaveAttribute(
    'href',
    /\/switchboard\/ns\/tenant-a\/attachments\/tenant-vlan210$/,
  );
  await page.screenshot({ path: path.join(shots, 'switch-ports-vlan-check.png'), fullPage: true });

  await mismatch.first().getByTestId('mismatch-edit-attachment').click();
  const editor = sp.hnaEditor;
  // In use: explained before submitting, and saving makes a copy the interfaces move to.
  await expect(editor.getByTestId('hna-in-use')).toContainText('openshift-worker-2[ens2f0]');
  const allowed = editor.getByTestId('hna-allowed');
  await allowed.fill('200-203, abc, 30-20');
  await expect(editor.getByTestId('hna-allowed-messages')).toContainText('"abc" is not a VLAN id');
  await expect(editor.getByTestId('hna-allowed-messages')).toContainText(
    '"30-20" is a reversed range',
  );
  await expect(editor.getByTestId('hna-save')).toBeDisabled();
  await allowed.fill('200-203, 202, 210, 300');
  await expect(editor.getByTestId('hna-allowed-messages')).toContainText(
    '"202" overlaps "200-203"',
  );
  await allowed.fill('200-203, 210, 300');
  await editor.getByTestId('hna-mtu').fill('9300');
  await expect(editor.getByTestId('hna-mtu-messages')).toContainText('outside 68–9216');
  await editor.getByTestId('hna-mtu').fill('9000');
  await page.screenshot({ path: path.join(shots, 'switch-ports-hna-editor.png') });
  await editor.getByTestId('hna-save').click();
  await expect(editor).toHaveCount(0);

  await expect(sp.mismatches('vlan.notAllowedOnPort', 210)).toHaveCount(0);
  // The demo's other error (VLAN 300 tagged on an access port) remains.
  await expect(page.getByTestId('vlan-check-errors')).toHaveText('1');
  const host = await kube.get<{
    spec: { networkInterfaces: { name?: string; hostNetworkAttachment?: { name: string } }[] };
  }>(`${BMH}/openshift-worker-2`);
  const ens2f0 = host.spec.networkInterfaces.find((i) => i.name === 'ens2f0');
  expect(ens2f0?.hostNetworkAttachment?.name).toBe('storage-trunk-2');
  await sp.openTab('attachments');
  const trunk2 = sp.attachmentRow('storage-trunk-2');
  await expect(trunk2.getByTestId('hna-allowed-cell')).toHaveText('200-203, 210, 300');
  // In use, so its Delete is offered disabled, saying why.
  const del = await sp.rowAction(trunk2, 'Delete');
  await expect(del).toHaveAttribute('aria-disabled', 'true');
  await expect(del).toContainText('In use: detach it from these interfaces to delete it');
  await page.keyboard.press('Escape');
});

test('a new switch with its credentials Secret becomes Valid; tor-2 shows its credential error', async ({
  consolePage,
  kube,
  page,
}) => {
  const sp = new SwitchPortsPage(consolePage);
  const name = unique('tor-e2e');
  await sp.goto('switches');
  await expect(sp.switchValid('tor-1')).toHaveText('Valid');
  // Windowed list: hosts that parallel tests cable to tor-1 make its row tall enough to push
  // tor-2 out of the rendered rows; filter to it.
  await new ListPage(page).filterByName('tor-2');
  await expect(sp.switchValid('tor-2')).toHaveText('Invalid');
  await expect(sp.switchError('tor-2')).toContainText('Credential error');
  await expect(sp.switchError('tor-2')).toContainText('tor-2-credentials');

  await sp.createSwitchButton.click();
  const dialog = page.getByTestId('bms-create');
  await dialog.getByTestId('bms-name').fill(name);
  await dialog.getByTestId('bms-namespace').fill(NS);
  await dialog.getByTestId('bms-address').fill('192.168.110.9');
  await dialog.getByTestId('bms-macAddress').fill('08-05');
  await expect(dialog.getByTestId('bms-macAddress-messages')).toContainText('is not a MAC address');
  await dialog.getByTestId('bms-macAddress').fill('08:05:e2:7d:0a:99');
  await dialog.getByTestId('bms-username').fill('netops');
  await dialog.getByTestId('bms-credential').fill('e2e-password');
  await expect(dialog.getByTestId('bms-secretName')).toHaveValue(`${name}-credentials`);
  await dialog.getByTestId('bms-save').click();
  await expect(dialog).toHaveCount(0);

  // Rows out of view are not rendered (the console's list is windowed): filter to the new one.
  await new ListPage(page).filterByName(name);
  await expect(sp.switchValid(name)).toHaveText('Valid', { timeout: 15_000 });
  const sw = await kube.get<{ spec: { credentials: { name: string; namespace?: string } } }>(
    `/apis/metal3.io/v1alpha1/namespaces/${NS}/baremetalswitches/${name}`,
  );
  expect(sw.spec.credentials).toEqual({ name: `${name}-credentials` });
  await kube.get(`/api/v1/namespaces/${NS}/secrets/${name}-credentials`);
  await page.screenshot({ path: path.join(shots, 'switch-ports-switches.png'), fullPage: true });
});

test('a viewer sees ports and findings but no authoring actions', async ({ consolePage, page }) => {
  await consolePage.setPersona('viewer');
  const sp = new SwitchPortsPage(consolePage);
  // Windowed list: a parallel test's e2e-badnic-… host (one tall row) sorts first and pushed
  // openshift-worker-2 out of the rendered window (seen in a two-worker run).
  await sp.gotoHostsAllInView();
  await expect(sp.hostRow('openshift-worker-2')).toBeVisible();
  await expect(sp.hostPhase('openshift-worker-2')).toHaveAttribute('data-phase', 'tenant');
  await expect(sp.nicRow('openshift-worker-2', 'ens2f0').getByTestId('nic-port')).toContainText(
    'xe-0/0/19 on tor-1',
  );
  await expect(sp.createSwitchButton).toHaveCount(0);
  await expect(sp.createAttachmentButton).toHaveCount(0);
  await expect(page.locator('[data-test^="attach-openshift-worker-2"]')).toHaveCount(0);
  await sp.openTab('attachments');
  await expect(page.getByTestId('hna-table')).toBeVisible();
  await expect(sp.attachmentRow('storage-trunk')).toBeVisible();
  // A viewer gets no kebab: every action of the list writes.
  await expect(
    page.getByTestId('hna-table').getByRole('button', { name: 'Kebab toggle' }),
  ).toHaveCount(0);
  await sp.openTab('vlan-check');
  await expect(sp.mismatches().first()).toBeVisible();
  await expect(page.getByTestId('mismatch-edit-attachment')).toHaveCount(0);
});

test.describe('attachment conflicts', () => {
  test.use({ allowedErrors: ['status of 409'] });
  test('@reliability two browser contexts edit the same attachment; the second sees a conflict and keeps its draft', async ({
    consolePage,
    browser,
    sandbox,
    kube,
  }) => {
    const name = unique('e2e-hna');
    const path = `/apis/metal3.io/v1alpha1/namespaces/${NS}/hostnetworkattachments`;
    await kube.post(path, {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'HostNetworkAttachment',
      metadata: { name, namespace: NS },
      spec: { mode: 'trunk', nativeVLAN: 100, allowedVLANs: ['200-203'], mtu: 9000 },
    });
    try {
      const other = await browser.newContext();
      const mine = new SwitchPortsPage(consolePage);
      const theirs = new SwitchPortsPage(
        new ConsolePage(await other.newPage(), sandbox.consoleUrl),
      );
      for (const sp of [mine, theirs]) {
        await sp.goto('attachments');
        await (await sp.rowAction(sp.attachmentRow(name), 'Edit')).click();
        await expect(sp.hnaEditor).toBeVisible();
      }
      await theirs.page.getByTestId('hna-allowed').fill('200-203,400');
      await mine.page.getByTestId('hna-allowed').fill('200-203,500');
      await theirs.page.getByTestId('hna-save').click();
      await expect
        .poll(async () => JSON.stringify((await kube.get(`${path}/${name}`)).spec))
        .toContain('400');
      await mine.page.getByTestId('hna-save').click();
      await expect(mine.page.getByTestId('hna-conflict')).toBeVisible();
      await expect(mine.page.getByTestId('hna-conflict-diff')).toContainText('400');
      await expect(mine.page.getByTestId('hna-allowed')).toHaveValue('200-203,500');
      await other.close();
    } finally {
      await kube
        .del(`/apis/metal3.io/v1alpha1/namespaces/${NS}/hostnetworkattachments/${name}`)
        .catch(() => undefined);
    }
  });
});
