// One node's topology (the Node "Network" tab and /switchboard/topology/<node>) reads only that
// node: its NodeNetworkState and Node by name, its enactments by the handler's node label, its
// pods through the lean watch with `spec.nodeName`. These tests change the node's
// NodeNetworkState through the API and watch both views follow it live, and read the console
// store (the stand-in's redux store, window.__standin) to prove that no cluster-wide
// NodeNetworkState, enactment or Pod list is held while the tab is open.
import * as path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import type { KubeClient } from '../fixtures';
import { TopologyPage } from '../pages/TopologyPage';

const shots = process.env.PW_OUTPUT ?? path.resolve(__dirname, '../../test-results');
const shot = (name: string) => path.join(shots, 'topology', `${name}.png`);

const NNS = '/apis/nmstate.io/v1beta1/nodenetworkstates';

interface Nns {
  metadata: { name: string; resourceVersion?: string };
  status: { currentState: { interfaces: Record<string, unknown>[] } };
}

/**
 * Adds an ethernet NIC to the node's reported state (as a hot-plugged NIC would appear at the
 * handler's next refresh) and returns a function that takes it out again.
 */
async function plugNic(kube: KubeClient, node: string, nic: string): Promise<() => Promise<void>> {
  const write = async (edit: (ifaces: Record<string, unknown>[]) => Record<string, unknown>[]) => {
    // The handler's refresh may write the state between our read and write: read again on 409.
    for (let attempt = 1; ; attempt++) {
      const nns = await kube.get<Nns>(`${NNS}/${node}`);
      nns.status.currentState.interfaces = edit(nns.status.currentState.interfaces);
      try {
        await kube.put(`${NNS}/${node}/status`, nns);
        return;
      } catch (err) {
        if (attempt >= 3 || !String(err).startsWith('Error: 409')) throw err;
      }
    }
  };
  await write((ifaces) => [
    ...ifaces.filter((i) => i.name !== nic),
    {
      name: nic,
      type: 'ethernet',
      state: 'up',
      'mac-address': '52:54:00:AA:BB:CC',
      mtu: 1500,
      ipv4: { enabled: false },
      ipv6: { enabled: false },
    },
  ]);
  return () => write((ifaces) => ifaces.filter((i) => i.name !== nic));
}

/** The keys of the console store's k8s slice: one per running watch (makeReduxID). */
async function watchIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const state = window.__standin?.store.getState() as unknown as
      { k8s?: { keySeq(): { toArray(): unknown[] } } } | undefined;
    return (state?.k8s?.keySeq().toArray() ?? []).filter((k): k is string => typeof k === 'string');
  });
}

test('the Node Network tab follows its NodeNetworkState live and holds no cluster-wide NNS, enactment or Pod list', async ({
  consolePage,
  page,
  kube,
}) => {
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await consolePage.goto('/k8s/cluster/core~v1~Node/worker-2/network');
  const tab = page.getByTestId('node-network-tab');
  await expect(tab.getByTestId('group-worker-2')).toBeAttached();
  await expect(tab.locator('[data-test^="group-"]')).toHaveCount(1);
  await expect(tab.getByTestId('iface-worker-2/eno4/ethernet')).toBeVisible();

  const unplug = await plugNic(kube, 'worker-2', 'eno9');
  try {
    await expect(tab.getByTestId('iface-worker-2/eno9/ethernet')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: shot('node-tab-live'), fullPage: true });
  } finally {
    await unplug();
  }
  await expect(tab.getByTestId('iface-worker-2/eno9/ethernet')).toHaveCount(0, {
    timeout: 30_000,
  });

  const ids = await watchIds(page);
  const nns = ids.filter((id) => id.startsWith('nmstate.io~v1beta1~NodeNetworkState'));
  const nnce = ids.filter((id) =>
    id.startsWith('nmstate.io~v1beta1~NodeNetworkConfigurationEnactment'),
  );
  // The tab watches this node's state by name (the topology and "installed with" share it).
  expect(nns.length).toBeGreaterThan(0);
  for (const id of nns) expect(id).toContain('"fieldSelector":"metadata.name=worker-2"');
  expect(nnce.length).toBeGreaterThan(0);
  for (const id of nnce) expect(id).toContain('nmstate.io/node');
  for (const id of nnce) expect(id).toContain('worker-2');
  // Pods never enter the console's store: they come through the lean watch, by node.
  expect(ids.filter((id) => id.startsWith('core~v1~Pod'))).toEqual([]);
  const podSockets = sockets.filter((u) => new URL(u).pathname.endsWith('/api/v1/pods'));
  expect(podSockets.length).toBeGreaterThan(0);
  for (const u of podSockets)
    expect(new URL(u).searchParams.get('fieldSelector')).toBe('spec.nodeName=worker-2');
});

test('the one-node topology page follows its NodeNetworkState live', async ({
  consolePage,
  page,
  kube,
}) => {
  const topo = new TopologyPage(consolePage);
  await topo.open('', 'worker-0');
  await expect(topo.graph.locator('[data-test^="group-"]')).toHaveCount(1);
  await expect(topo.iface('worker-0/bond0/bond')).toBeVisible();
  const unplug = await plugNic(kube, 'worker-0', 'eno9');
  try {
    await expect(topo.iface('worker-0/eno9/ethernet')).toBeVisible({ timeout: 30_000 });
  } finally {
    await unplug();
  }
  await expect(topo.iface('worker-0/eno9/ethernet')).toHaveCount(0, { timeout: 30_000 });
  const ids = await watchIds(page);
  for (const id of ids.filter((i) => i.startsWith('nmstate.io~v1beta1~NodeNetworkState')))
    expect(id).toContain('"fieldSelector":"metadata.name=worker-0"');
});

test('the cluster topology follows NodeNetworkStates live through lean watches, and its panel reads the whole state', async ({
  consolePage,
  page,
  kube,
}) => {
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  const topo = new TopologyPage(consolePage);
  await topo.open();
  await expect(topo.iface('worker-0/bond0/bond')).toBeVisible();
  const unplug = await plugNic(kube, 'worker-1', 'eno9');
  try {
    await expect(topo.iface('worker-1/eno9/ethernet')).toBeVisible({ timeout: 30_000 });
    // The digests keep an interface's addresses, not its IP settings: the panel's YAML comes
    // from the node's whole NodeNetworkState, watched by name while the panel is open.
    await topo.selectInterface('worker-1/eno9/ethernet');
    await expect(topo.panel.getByTestId('interface-yaml-tab')).toBeVisible();
    await topo.panel.getByTestId('interface-yaml-tab').click();
    await expect(topo.panel.getByTestId('interface-yaml')).toContainText('enabled: false');
    await page.screenshot({ path: shot('cluster-panel-whole-state'), fullPage: true });
    const open = await watchIds(page);
    // The only NNS in the store is the selected node's, by name: the graph and the switch ports'
    // VLAN check (drawn on the same page, Metal3 is installed) read digests.
    const nnsIds = open.filter((id) => id.startsWith('nmstate.io~v1beta1~NodeNetworkState'));
    expect(nnsIds.length).toBeGreaterThan(0);
    for (const id of nnsIds) expect(id).toContain('"fieldSelector":"metadata.name=worker-1"');
    expect(open.filter((id) => id.startsWith('core~v1~Node'))).toEqual([]);
  } finally {
    await unplug();
  }
  await expect(topo.iface('worker-1/eno9/ethernet')).toHaveCount(0, { timeout: 30_000 });

  const ids = await watchIds(page);
  // Enactments (25,000 at 500 nodes) never enter the console's store in the cluster view; they
  // come through the lean watch's own socket.
  expect(
    ids.filter((id) => id.startsWith('nmstate.io~v1beta1~NodeNetworkConfigurationEnactment')),
  ).toEqual([]);
  const lean = (suffix: string) =>
    sockets.filter(
      (u) => new URL(u).pathname.endsWith(suffix) && new URL(u).search.includes('watch'),
    );
  expect(
    lean('/apis/nmstate.io/v1beta1/nodenetworkconfigurationenactments').length,
  ).toBeGreaterThan(0);
});
