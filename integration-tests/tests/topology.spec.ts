// Node network topology on the sandbox demo: filters (IPv6 CIDR), the interface panel, failing
// policy marks, live updates from a new policy, the table view by keyboard, the Node tab.
import * as path from 'node:path';
import type { Locator } from '@playwright/test';
import { test, expect } from '../fixtures';
import { CodeEditor } from '../pages/CodeEditor';
import { TopologyPage } from '../pages/TopologyPage';

const shots = process.env.PW_OUTPUT ?? path.resolve(__dirname, '../../test-results');
const shot = (name: string) => path.join(shots, 'topology', `${name}.png`);

test('the cluster topology draws every node with its interfaces and LLDP switches', async ({
  consolePage,
  page,
}) => {
  const topo = new TopologyPage(consolePage);
  await topo.open();
  await expect(consolePage.title).toHaveText('Node network topology');
  for (const node of ['master-0', 'master-1', 'master-2', 'worker-0', 'worker-1', 'worker-2'])
    await expect(topo.group(node)).toBeAttached();
  await expect(topo.iface('worker-0/bond0/bond')).toBeVisible();
  // br-ex is both an ovs-bridge and an ovs-interface.
  await expect(topo.iface('worker-0/br-ex/ovs-bridge')).toBeVisible();
  await expect(topo.iface('worker-0/br-ex/ovs-interface')).toBeVisible();
  // Cluster-internal interfaces are folded behind the toggle.
  await expect(topo.iface('worker-0/br-int/ovs-interface')).toHaveCount(0);
  await expect(page.getByTestId('toggle-internal').locator('..')).toContainText(
    /Show \d+ internal interfaces/,
  );
  await expect(page.locator('[data-test^="switch-"]').first()).toBeAttached();
  await page.screenshot({ path: shot('cluster'), fullPage: true });
});

test('an IPv6 CIDR filter narrows nodes and interfaces and is kept in the URL', async ({
  consolePage,
  page,
}) => {
  const topo = new TopologyPage(consolePage);
  await topo.open();
  await topo.filterText('ip', 'fd00:1101::20/127');
  await expect(page).toHaveURL(/ip=fd00%3A1101%3A%3A20%2F127/);
  await expect(topo.groups).toHaveCount(2);
  await expect(topo.group('worker-0')).toBeAttached();
  await expect(topo.group('worker-1')).toBeAttached();
  await expect(topo.interfaces).toHaveCount(2);
  await expect(topo.iface('worker-0/br-ex/ovs-interface')).toBeVisible();
  await expect(topo.iface('worker-1/br-ex/ovs-interface')).toBeVisible();
  await page.screenshot({ path: shot('ipv6-filter'), fullPage: true });
  // The shared link reproduces the view.
  await page.reload();
  await expect(topo.interfaces).toHaveCount(2);
  await expect(page.getByTestId('filter-ip')).toHaveValue('fd00:1101::20/127');
});

test('text filters apply as the user types, without Enter, and keep what is typed', async ({
  consolePage,
  page,
}) => {
  const topo = new TopologyPage(consolePage);
  await topo.open();
  const field = page.getByTestId('filter-node');
  // Typed key by key, as a user types; no Enter, no blur.
  await field.pressSequentially('worker-1,', { delay: 40 });
  await expect(page).toHaveURL(/node=worker-1(&|$)/);
  await expect(topo.groups).toHaveCount(1);
  await expect(topo.group('worker-1')).toBeAttached();
  // The trailing comma applies as nothing more; it stays in the field for the next name.
  await expect(field).toHaveValue('worker-1,');
  await field.pressSequentially(' worker-2', { delay: 40 });
  await expect(page).toHaveURL(/node=worker-1&node=worker-2/);
  await expect(topo.groups).toHaveCount(2);
  await expect(field).toBeFocused();
  await field.fill('');
  await expect(page).not.toHaveURL(/node=/);
});

test('the interface panel shows every address, MAC, MTU and the managing policies', async ({
  consolePage,
  page,
}) => {
  const topo = new TopologyPage(consolePage);
  await topo.open('', 'worker-0');
  await topo.selectInterface('worker-0/br-ex/ovs-interface');
  await expect(page).toHaveURL(/selected=worker-0%2Fbr-ex%2Fovs-interface/);
  await expect(page.getByTestId('interface-panel-title')).toHaveText('br-ex');
  const addresses = await topo.panelAddresses.allInnerTexts();
  expect(addresses.join('\n')).toContain('192.168.111.20/24');
  expect(addresses.join('\n')).toContain('fd00:1101::20/128');
  expect(addresses.length).toBeGreaterThanOrEqual(3);
  await expect(topo.panel.getByTestId('detail-mac')).toHaveText(/^[0-9A-F:]{17}$/);
  await expect(topo.panel.getByTestId('detail-mtu')).toHaveText('1500');
  await page.screenshot({ path: shot('panel'), fullPage: true });
  await topo.panel.getByRole('tab', { name: 'YAML' }).click();
  await expect(topo.panel.getByTestId('interface-yaml')).toContainText('ovs-interface');
});

test('interfaces touched by the failing policy are marked and the policy is named', async ({
  consolePage,
  page,
}) => {
  const topo = new TopologyPage(consolePage);
  await topo.open();
  // worker-bond1 fails on worker-2 (no ens2f1): its port eno4 there is touched by it.
  const eno4 = topo.iface('worker-2/eno4/ethernet');
  await expect(eno4).toHaveAttribute('data-failing', 'true', { timeout: 30_000 });
  await expect(eno4).toContainText('worker-bond1');
  await expect(topo.group('worker-2')).toHaveAttribute('data-failing', 'true');
  await expect(topo.iface('worker-0/eno4/ethernet')).toHaveAttribute('data-failing', 'false');
  await expect(topo.legend.getByTestId('legend-failing')).toBeVisible();
  // The failing filter, and the link other pages use to highlight a policy.
  await topo.open('failing=1&highlightPolicy=worker-bond1');
  await expect(topo.groups).toHaveCount(1);
  await expect(eno4).toHaveAttribute('data-highlighted', 'true');
  await expect(topo.legend.getByTestId('legend-highlight')).toContainText('worker-bond1');
  await page.screenshot({ path: shot('failing'), fullPage: true });
  await topo.selectInterface('worker-2/eno4/ethernet');
  await expect(topo.panel.getByTestId('detail-policy-worker-bond1')).toContainText('Failing');
  await expect(topo.panel.getByTestId('detail-policy-error')).not.toBeEmpty();
});

test('switch ports that do not carry what their host needs are marked, on the cluster and one node', async ({
  consolePage,
  page,
}) => {
  // The demo's mismatches are all worker-2's (the other workers have no BareMetalHost): tor-1's
  // xe-0/0/19 does not allow VLAN 210 that its policies need (vlan.notAllowedOnPort), xe-0/0/12
  // is an access port asked for tagged VLAN 300, and LLDP does not see VLAN 200 on xe-0/0/32 and
  // tor-2's Ethernet1/22. Every other port, on worker-2's switches too, carries what it must.
  const expected = ['xe-0/0/12', 'xe-0/0/19', 'xe-0/0/32', 'Ethernet1/22'];
  const topo = new TopologyPage(consolePage);
  const ports = page.locator('[data-test^="switch-port-lldp:"]');
  const marked = page.locator('[data-test^="switch-port-lldp:"][data-vlan-mismatch="true"]');
  const portNames = (l: Locator) =>
    l.evaluateAll((els) =>
      els.map((e) => (e.getAttribute('data-test') ?? '').replace(/^switch-port-lldp:[^/]*\//, '')),
    );
  for (const node of [undefined, 'worker-2']) {
    await topo.open('', node);
    await expect(marked).toHaveCount(expected.length, { timeout: 30_000 });
    expect((await portNames(marked)).sort()).toEqual([...expected].sort());
    await expect(topo.legend.getByTestId('legend-vlan-mismatch')).toBeVisible();
  }
  // The cluster view draws the masters' and other workers' ports too, unmarked.
  await topo.open();
  await expect(marked).toHaveCount(expected.length, { timeout: 30_000 });
  expect(await ports.count()).toBeGreaterThan(expected.length + 10);
  await page.screenshot({ path: shot('switch-port-mismatch'), fullPage: true });
  const port19 = page.locator('[data-test^="switch-port-lldp:"][data-test$="/xe-0/0/19"]');
  await port19.locator('.pf-topology__node__background').first().click({ force: true });
  await expect(page.getByTestId('switch-port-mismatches')).toContainText('210');
});

test('a policy applied through the API shows up live without a reload', async ({
  consolePage,
  page,
  kube,
}) => {
  const topo = new TopologyPage(consolePage);
  await topo.open('', 'worker-1');
  const bond = topo.iface('worker-1/bond0/bond');
  await expect(bond).toBeVisible();
  const before = await bond.boundingBox();
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
  await kube.post('/apis/nmstate.io/v1/nodenetworkconfigurationpolicies', {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name: 'e2e-vlan-321' },
    spec: {
      nodeSelector: { 'kubernetes.io/hostname': 'worker-1' },
      desiredState: {
        interfaces: [
          {
            name: 'bond0.321',
            type: 'vlan',
            state: 'up',
            vlan: { 'base-iface': 'bond0', id: 321 },
          },
        ],
      },
    },
  });
  const added = topo.iface('worker-1/bond0.321/vlan');
  await expect(added).toBeVisible({ timeout: 45_000 });
  await expect(added).toContainText('e2e-vlan-321', { timeout: 30_000 });
  expect(
    await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
  ).toBe(true);
  // Unchanged interfaces did not move.
  expect(await bond.boundingBox()).toEqual(before);
  await page.screenshot({ path: shot('live-update'), fullPage: true });
});

test('the table view lists the same interfaces and is keyboard navigable', async ({
  consolePage,
  page,
}) => {
  const topo = new TopologyPage(consolePage);
  await topo.open('node=worker-0');
  await topo.showTable();
  await expect(page).toHaveURL(/view=table/);
  await expect(topo.row('worker-0/bond0/bond')).toBeVisible();
  await expect(topo.row('worker-1/bond0/bond')).toHaveCount(0);
  const first = topo.table.locator('button[data-row-button]').first();
  const second = topo.table.locator('button[data-row-button]').nth(1);
  await first.focus();
  await page.keyboard.press('ArrowDown');
  await expect(second).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(first).toBeFocused();
  await page.keyboard.press('End');
  await expect(topo.table.locator('button[data-row-button]').last()).toBeFocused();
  await topo.rowButton('worker-0/bond0/bond').focus();
  await page.keyboard.press('Enter');
  await expect(topo.panel).toBeVisible();
  await expect(page.getByTestId('interface-panel-title')).toHaveText('bond0');
  await page.screenshot({ path: shot('table'), fullPage: true });
  // The view is part of the link.
  await page.reload();
  await expect(topo.table).toBeVisible();
});

test('the Node details Network tab shows that node', async ({ consolePage, page }) => {
  await consolePage.goto('/k8s/cluster/core~v1~Node/worker-2/network');
  const tab = page.getByTestId('node-network-tab');
  await expect(tab.getByTestId('group-worker-2')).toBeAttached();
  await expect(tab.locator('[data-test^="group-"]')).toHaveCount(1);
  await expect(tab.getByTestId('iface-worker-2/eno4/ethernet')).toBeVisible();
  // The handler's own report: its nmstate and NetworkManager versions and its last refresh.
  await expect(tab.getByTestId('nns-nmstate-version')).toHaveText(/^nmstatectl \d+\.\d+\.\d+$/);
  await expect(tab.getByTestId('nns-host-nm-version')).not.toHaveText('-');
  await expect(tab.getByTestId('nns-last-update')).toContainText(' ago (');
  await page.screenshot({ path: shot('node-tab'), fullPage: true });
  // The node state's own page says the same above its YAML.
  await consolePage.goto('/switchboard/node-network-states/worker-2');
  await expect(page.getByTestId('nns-nmstate-version')).toHaveText(/^nmstatectl /);
  await page.screenshot({ path: shot('nns-details'), fullPage: false });
});

test('the node network state page: tables, tabs, breadcrumbs and actions', async ({
  consolePage,
  page,
}) => {
  await consolePage.goto('/switchboard/node-network-states/worker-2');
  const details = page.getByTestId('nns-details');
  await expect(details.getByTestId('breadcrumbs')).toContainText('Node network states');
  // worker-bond1 fails on worker-2 (no ens2f1); its bond port eno4 is marked with it.
  const eno4 = page.locator('[data-test="nns-interface"][data-name="eno4"]');
  await expect(eno4.getByTestId('nns-managed-by')).toContainText('worker-bond1');
  await expect(page.getByTestId('nns-route').first()).toBeVisible();
  await expect(page.getByTestId('nns-lldp-row').first()).toContainText('tor-1');
  await page.screenshot({ path: shot('nns-details-tables'), fullPage: true });

  // Tabs are path segments, so a reload or a shared link keeps the tab.
  await page.getByRole('tab', { name: 'YAML' }).click();
  await expect(page).toHaveURL(/\/node-network-states\/worker-2\/yaml$/);
  const yaml = new CodeEditor(page, 'yaml-tab-editor');
  await yaml.expectValue(/currentState:/);
  // The handler owns the object: read-only for everyone, and the tab says why.
  await expect(page.getByTestId('yaml-tab-read-only')).toContainText('handler writes this object');
  expect(await yaml.readOnly()).toBe(true);
  await expect(page.getByTestId('yaml-tab-save')).toHaveCount(0);
  await page.reload();
  await yaml.expectValue(/currentState:/);
  await page.getByRole('tab', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/worker-2\/events$/);
  await expect(page.getByTestId('no-events').or(page.getByTestId('event-stream'))).toBeVisible();
  // The console's HorizontalNav links the default tab as the base URL plus '/' (href '').
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/node-network-states\/worker-2\/?$/);

  // An interface name opens it in the node's topology; the Actions menu offers the same.
  await eno4.getByRole('link', { name: 'eno4' }).click();
  await expect(page).toHaveURL(/\/switchboard\/topology\/worker-2\?selected=/);
  await page.goBack();
  await page.getByTestId('actions-menu').click();
  await page.getByTestId('action-topology').click();
  await expect(page).toHaveURL(/\/switchboard\/topology\/worker-2$/);
  await page.goBack();
  await details
    .getByTestId('breadcrumbs')
    .getByRole('link', { name: 'Node network states' })
    .click();
  await expect(page).toHaveURL(/\/switchboard\/node-network-states$/);
});
