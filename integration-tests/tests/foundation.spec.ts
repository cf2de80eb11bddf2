// The skeleton's contract: the production build loads in the stand-in, every route and nav
// item renders real cluster data without browser errors, and a broken build fails loudly.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test, expect } from '../fixtures';
import { pluginDistDir, repoRoot, startSandbox } from '../sandbox';

interface Extension {
  type: string;
  properties: Record<string, unknown>;
}

const extensions = JSON.parse(
  fs.readFileSync(path.join(repoRoot, 'console-extensions.json'), 'utf8'),
) as Extension[];

test('overview shows the cluster capabilities and platform', async ({ consolePage, page }) => {
  await consolePage.goto('/switchboard/overview');
  await expect(consolePage.title).toHaveText('Node network overview');
  await expect(page.getByTestId('cap-nmstate')).toHaveText('Installed');
  await expect(page.getByTestId('cap-nad')).toHaveText('Installed');
  await expect(page.getByTestId('cap-metal3')).toHaveText('Installed');
  await expect(page.getByTestId('platform')).toHaveText('BareMetal');
  await expect(page.getByTestId('nmstate-instance')).toContainText('nmstate');
  await expect(page.getByTestId('nmstate-condition-Available')).toBeVisible();
  // README images: `SWITCHBOARD_SCREENSHOTS=1 npx playwright test -g "overview shows"`.
  if (process.env.SWITCHBOARD_SCREENSHOTS) {
    await page.screenshot({ path: path.join(repoRoot, 'docs/images/overview.png') });
    await consolePage.goto('/switchboard/topology');
    await expect(page.getByTestId('topology-graph')).toBeVisible();
    await page.waitForTimeout(3000);
    await page.screenshot({ path: path.join(repoRoot, 'docs/images/topology.png') });
  }
});

test('overview health counts the problems and links to them', async ({ consolePage, page }) => {
  await consolePage.goto('/switchboard/overview');
  // The demo cluster: worker-bond1 fails on worker-2 only; tenant-a/overlapping-hostlocal's
  // gateway is outside its subnet; tenant-b's broken-app and orphan-app never attach; VLAN 210
  // is not allowed on the switch port of worker-2's ens2f0.
  await expect(page.getByTestId('health-policies-degraded')).toHaveText('1 Degraded');
  await expect(page.getByTestId('health-failing-nodes')).toHaveText(
    '1 node with failing enactments',
  );
  await expect(page.getByTestId('health-failing-node')).toHaveText('worker-2: worker-bond1');
  await expect(page.getByTestId('health-nad')).toHaveText(
    'tenant-a/overlapping-hostlocal: 1 error',
  );
  await expect(page.getByTestId('health-attach-namespace')).toHaveText('tenant-b: 2 pods');
  await expect(page.getByTestId('health-vlan-errors')).toHaveText(/^\d+ VLAN mismatch errors?$/);
  await page.screenshot({ path: test.info().outputPath('overview-health.png') });

  await page.getByTestId('health-policies-degraded').click();
  await expect(page).toHaveURL(/\/switchboard\/policies\?rowFilter-policy-status=Degraded$/);
  await expect(page.getByTestId('policy-table')).toContainText('worker-bond1');
  await expect(page.getByTestId('policy-table')).not.toContainText('dns-search-domains');

  await page.goBack();
  await page.getByTestId('health-vlan-errors').click();
  await expect(page).toHaveURL(/\/switchboard\/switch-ports\?tab=vlan-check$/);
  await expect(page.getByTestId('vlan-check')).toContainText('210');
});

test('overview shows the operator and handler status and follows a node going NotReady', async ({
  consolePage,
  page,
  kube,
}) => {
  await consolePage.goto('/switchboard/overview');
  // The simulated operator sums its operands into the NMState conditions as
  // kubernetes-nmstate's reconcileStatus does (sandbox/cluster/controllers/nmstate/operator.ts).
  await expect(page.getByTestId('health-operator')).toContainText('Available');
  await expect(page.getByTestId('health-handler')).toHaveText('Running on 6 nodes');
  const path = '/api/v1/nodes/master-2/status';
  const node = await kube.get<{ status: { conditions: { type: string; status: string }[] } }>(path);
  const withReady = (status: string) => ({
    ...node,
    status: {
      ...node.status,
      conditions: node.status.conditions.map((c) => (c.type === 'Ready' ? { ...c, status } : c)),
    },
  });
  try {
    await kube.put(path, withReady('Unknown'));
    await expect(page.getByTestId('health-operator-state')).toHaveText('Progressing');
    await expect(page.getByTestId('health-operator')).toContainText('Deploying');
    await expect(page.getByTestId('health-operator-line')).toContainText([
      'DaemonSet "nmstate-handler" is not available (awaiting 1 nodes)',
    ]);
    await expect(page.getByTestId('health-handler-unavailable')).toHaveText(
      'Not available on 1 of 6 nodes',
    );
    await page.screenshot({ path: test.info().outputPath('overview-operator.png') });
    await page.getByTestId('health-handler-unavailable').click();
    await expect(page).toHaveURL(
      /\/k8s\/ns\/openshift-nmstate\/apps~v1~DaemonSet\/nmstate-handler/,
    );
  } finally {
    const current = await kube.get<{ metadata: { resourceVersion: string } }>(path);
    await kube.put(path, { ...withReady('True'), metadata: current.metadata });
  }
  await consolePage.goto('/switchboard/overview');
  await expect(page.getByTestId('health-handler')).toHaveText('Running on 6 nodes');
});

test('every navigation item opens a page that renders', async ({ consolePage, page }) => {
  // On the console's runtime each navigation tears its watches down and re-lists (no grace
  // period) through the Immutable store: 40-50 s alone on a 2-core machine, more under load.
  test.setTimeout(120_000);
  await consolePage.goto('/switchboard/overview');
  const navIds = extensions
    .filter(
      (e) => e.type.startsWith('console.navigation/') && e.type !== 'console.navigation/section',
    )
    .map((e) => (e.properties.dataAttributes as Record<string, string>)['data-test'] ?? '');
  expect(navIds.length).toBeGreaterThanOrEqual(6);
  for (const id of navIds) {
    await consolePage.clickNav(id);
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    await expect(page.getByTestId('page-crash')).toHaveCount(0);
    await expect(consolePage.title).toBeVisible();
  }
});

test('every registered route renders real objects', async ({ consolePage, page, kube }) => {
  // Twenty-six full page loads (Switchboard's own routes plus the console resource pages it
  // serves as a fallback), each on the console's runtime (discovery, plugin load, re-lists
  // through the Immutable store): minutes on a loaded 2-core machine.
  test.setTimeout(300_000);
  const policies = await kube.get<{ items: { metadata: { name: string } }[] }>(
    '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies',
  );
  const nads = await kube.get<{ items: { metadata: { name: string; namespace: string } }[] }>(
    '/apis/k8s.cni.cncf.io/v1/network-attachment-definitions',
  );
  const policy = policies.items[0]?.metadata.name ?? '';
  const nad = nads.items[0]?.metadata;
  expect(policy).not.toBe('');
  expect(nad).toBeDefined();
  const fill = (p: string) =>
    p
      .replace(':node', 'worker-0')
      .replace(':ns', nad?.namespace ?? '')
      .replace(
        ':name',
        p.includes('attachments')
          ? (nad?.name ?? '')
          : p.includes('node-network-states')
            ? 'worker-0'
            : policy,
      );
  const urls: string[] = [];
  for (const e of extensions) {
    if (e.type === 'console.page/route') {
      const paths = Array.isArray(e.properties.path) ? e.properties.path : [e.properties.path];
      urls.push(...(paths as string[]).map(fill));
    }
  }
  // The console's resource pages Switchboard serves while no peer plugin does (see
  // docs/deploy.md): reached by links the console builds itself (search, events).
  urls.push(
    '/k8s/cluster/nmstate.io~v1~NodeNetworkConfigurationPolicy',
    `/k8s/cluster/nmstate.io~v1~NodeNetworkConfigurationPolicy/${policy}`,
    '/k8s/cluster/nmstate.io~v1beta1~NodeNetworkState',
    '/k8s/cluster/nmstate.io~v1beta1~NodeNetworkState/worker-0',
    '/k8s/all-namespaces/k8s.cni.cncf.io~v1~NetworkAttachmentDefinition',
    `/k8s/ns/${nad?.namespace ?? ''}/k8s.cni.cncf.io~v1~NetworkAttachmentDefinition`,
    `/k8s/ns/${nad?.namespace ?? ''}/k8s.cni.cncf.io~v1~NetworkAttachmentDefinition/${nad?.name ?? ''}`,
    '/k8s/cluster/core~v1~Node/worker-0/network',
  );
  for (const url of urls) {
    await consolePage.goto(url);
    await expect(page.getByTestId('not-found'), url).toHaveCount(0);
    await expect(page.getByTestId('page-crash'), url).toHaveCount(0);
    await expect(page.getByTestId('loading'), url).toHaveCount(0);
    await expect(page.getByTestId('load-error'), url).toHaveCount(0);
  }
  await consolePage.goto('/switchboard/policies');
  await expect(page.getByText(policy, { exact: true }).first()).toBeVisible();
});

test('the stand-in fails loudly when an exposed module is missing from the build', async ({
  browser,
}) => {
  // A copy of the real production build whose manifest references a module the build lacks,
  // as happens when console-extensions.json names an exposed module that was not built.
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-broken-dist-'));
  fs.cpSync(pluginDistDir, dist, { recursive: true });
  const manifestPath = path.join(dist, 'plugin-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as {
    extensions: Extension[];
  };
  manifest.extensions.push({
    type: 'console.page/route',
    properties: { path: '/broken', component: { $codeRef: 'NotBuiltPage' } },
  });
  fs.writeFileSync(manifestPath, JSON.stringify(manifest));
  const sandbox = await startSandbox({ scenario: 'empty', pluginDist: dist });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    // Pages whose modules exist still work; the console resolves code references lazily.
    await page.goto(`${sandbox.consoleUrl}/switchboard/overview`);
    await expect(page.getByTestId('page-title')).toHaveText('Node network overview');
    // The page whose module is missing fails loudly, naming the module, on screen and in the log.
    await page.goto(`${sandbox.consoleUrl}/broken`);
    await expect(page.getByTestId('page-crash')).toContainText('NotBuiltPage');
    expect(errors.join('\n')).toContain('NotBuiltPage');
    await page.close();
  } finally {
    await sandbox.close();
    fs.rmSync(dist, { recursive: true, force: true });
  }
});

test('a cluster without the operators shows no broken pages', async ({ browser }) => {
  const sandbox = await startSandbox({
    scenario: 'empty',
    absentGroups: ['nmstate.io', 'metal3.io'],
  });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${sandbox.consoleUrl}/switchboard/overview`);
    await expect(page.getByTestId('page-title')).toHaveText('Node network overview');
    await expect(page.getByTestId('cap-nmstate')).toHaveText('Not installed');
    await expect(page.getByTestId('cap-nad')).toHaveText('Installed');
    // Gated pages and nav items are absent, not broken.
    await expect(page.getByTestId('nav-switchboard-topology')).toHaveCount(0);
    await expect(page.getByTestId('nav-switchboard-switch-ports')).toHaveCount(0);
    await page.getByTestId('nav-section-switchboard').click();
    await expect(page.getByTestId('nav-switchboard-attachments')).toBeVisible();
    await page.goto(`${sandbox.consoleUrl}/switchboard/topology`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.close();
    expect(errors).toEqual([]);
  } finally {
    await sandbox.close();
  }
});
