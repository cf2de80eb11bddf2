// Day-1 network config on the sandbox demo: openshift-worker-2 was installed with the nmstate in
// its preprovisioning network data Secret (drifted since), openshift-worker-3 with an NMStateConfig
// that InfraEnv ocp4 selects. openshift-worker-2-retired claims worker-2's MAC but no InfraEnv
// selects it, so it is not what worker-2 was installed with.
import * as path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import type { ConsolePage } from '../pages/ConsolePage';
import { SwitchPortsPage } from '../pages/SwitchPortsPage';

const shots = process.env.PW_OUTPUT ?? 'test-results';
// "Installed with" waits for the BareMetalHost, NMStateConfig and InfraEnv lists and an access
// review before it names its source; on the shared machine that takes tens of seconds.
const SOURCE_WAIT = { timeout: 60_000 };
test.beforeEach(() => {
  test.slow();
});

test('the host view shows what a host was installed with and how it drifted', async ({
  consolePage,
  page,
}) => {
  const sp = new SwitchPortsPage(consolePage);
  await sp.gotoHostsAllInView();
  const section = page.getByTestId('installed-with-openshift-worker-2');
  // The source is known once the NMStateConfig and InfraEnv lists are in (a few watches on a
  // shared machine): openshift-worker-2-retired has the host's MAC but is not selected.
  await expect(section.getByTestId('installed-with-openshift-worker-2-source')).toHaveText(
    'Preprovisioning network data Secret openshift-worker-2-network-config-secret',
    SOURCE_WAIT,
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
    SOURCE_WAIT,
  );
  await expect(
    section.getByTestId('node-installed-with-row-ens2f0').locator('[data-drift]'),
  ).toHaveAttribute('data-drift', 'changed');
});

const SECRET_PATH =
  '/namespaces/openshift-machine-api/secrets/openshift-worker-2-network-config-secret';

/**
 * Signs the page in as the viewer persona (the built-in view role: everything but Secrets, see
 * sandbox/cluster/auth.ts) and records what would show the Secret was asked for or refused.
 */
async function asViewer(consolePage: ConsolePage, page: Page) {
  await consolePage.setPersona('viewer');
  const secretRequests: string[] = [];
  const refused: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(SECRET_PATH)) secretRequests.push(r.url());
  });
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(r.url());
  });
  return {
    /** Access was reviewed first: neither metadata nor data was asked for, nothing refused. */
    expectNothingAsked: () => {
      expect(secretRequests).toEqual([]);
      expect(refused).toEqual([]);
    },
  };
}

test('a user who may not read Secrets is told so on the host view, and nothing of it is requested', async ({
  consolePage,
  page,
}) => {
  const viewer = await asViewer(consolePage, page);
  const sp = new SwitchPortsPage(consolePage);
  await sp.gotoHostsAllInView();
  const section = page.getByTestId('installed-with-openshift-worker-2');
  // The source is known once the NMStateConfig and InfraEnv lists are in (a few watches on a
  // shared machine): openshift-worker-2-retired has the host's MAC but is not selected.
  await expect(section.getByTestId('installed-with-openshift-worker-2-source')).toHaveText(
    'Preprovisioning network data Secret openshift-worker-2-network-config-secret',
    SOURCE_WAIT,
  );
  const refusal = section.getByTestId('installed-with-openshift-worker-2-forbidden');
  await expect(refusal).toContainText("You may not read this host's network data", {
    timeout: 30_000,
  });
  await expect(refusal).toContainText('reading Secrets in openshift-machine-api');
  await expect(
    section.locator('[data-test^="installed-with-openshift-worker-2-row-"]'),
  ).toHaveCount(0);
  await expect(section.getByRole('button', { name: /^Diff:/ })).toHaveCount(0);
  // The NMStateConfig of worker-3 is not a Secret: the viewer may read it.
  await expect(
    page.getByTestId('installed-with-openshift-worker-3-row-eno1').locator('[data-drift]'),
  ).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: path.join(shots, 'day1-installed-with-forbidden.png') });
  viewer.expectNothingAsked();
});

test("a user who may not read Secrets is told so on the node's Network tab", async ({
  consolePage,
  page,
}) => {
  const viewer = await asViewer(consolePage, page);
  await consolePage.goto('/k8s/cluster/core~v1~Node/worker-2/network');
  const node = page.getByTestId('node-installed-with');
  await expect(node.getByTestId('node-installed-with-forbidden')).toContainText(
    "You may not read this host's network data",
    SOURCE_WAIT,
  );
  await expect(node.locator('[data-test^="node-installed-with-row-"]')).toHaveCount(0);
  viewer.expectNothingAsked();
});

test('a user who may read the Secret gets its metadata first, then its data', async ({
  consolePage,
  page,
}) => {
  const accepts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(SECRET_PATH)) accepts.push(r.headers()['accept'] ?? '');
  });
  const sp = new SwitchPortsPage(consolePage);
  await sp.gotoHostsAllInView();
  await expect(page.getByTestId('installed-with-openshift-worker-2-row-ens2f0')).toBeVisible(
    SOURCE_WAIT,
  );
  expect(accepts.length).toBeGreaterThanOrEqual(2);
  expect(accepts[0]).toContain('as=PartialObjectMetadata');
  expect(accepts.slice(1).some((a) => !a.includes('PartialObjectMetadata'))).toBe(true);
});

test('only NMStateConfigs an InfraEnv selects count for a host, live', async ({
  consolePage,
  page,
  kube,
}) => {
  const api = '/apis/agent-install.openshift.io/v1beta1/namespaces/openshift-machine-api';
  const configs = `${api}/nmstateconfigs`;
  const LABEL = 'infraenvs.agent-install.openshift.io';
  const select = (value: string) =>
    kube.mergePatch(`${api}/infraenvs/ocp4`, {
      spec: { nmStateConfigLabelSelector: { matchLabels: { [LABEL]: value } } },
    });
  const sp = new SwitchPortsPage(consolePage);
  await sp.gotoHostsAllInView();
  const source = (host: string) => page.getByTestId(`installed-with-${host}-source`);
  // openshift-worker-2-retired has worker-2's MAC, but ocp4 does not select it.
  await expect(source('openshift-worker-3')).toHaveText(
    'NMStateConfig openshift-worker-3',
    SOURCE_WAIT,
  );
  await expect(source('openshift-worker-2')).toHaveText(
    'Preprovisioning network data Secret openshift-worker-2-network-config-secret',
  );
  try {
    await select('ocp4-retired');
    // worker-2 has no InfraEnv label, so any image may have booted it: now ocp4's carries the
    // retired config with its MAC. worker-3 boots ocp4's image, which no longer carries its own.
    await expect(source('openshift-worker-2')).toHaveText(
      'NMStateConfig openshift-worker-2-retired',
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('installed-with-openshift-worker-3')).toHaveCount(0);
    // A second config of the same image claiming worker-2's MAC: the host would apply both.
    const retired = await kube.get<{ spec: { interfaces: { macAddress: string }[] } }>(
      `${configs}/openshift-worker-2-retired`,
    );
    await kube.post(configs, {
      apiVersion: 'agent-install.openshift.io/v1beta1',
      kind: 'NMStateConfig',
      metadata: { name: 'e2e-worker-2-extra', labels: { [LABEL]: 'ocp4-retired' } },
      spec: {
        interfaces: [{ name: 'eno1', macAddress: retired.spec.interfaces[0]?.macAddress }],
        config: { interfaces: [{ name: 'eno1', type: 'ethernet', state: 'up' }] },
      },
    });
    // Lists are in namespace/name order: the new config comes first, the other is named.
    await expect(source('openshift-worker-2')).toHaveText('NMStateConfig e2e-worker-2-extra', {
      timeout: 30_000,
    });
    const warning = page.getByTestId('installed-with-openshift-worker-2-also-claimed');
    await expect(warning).toContainText(
      'More NMStateConfigs of the same discovery image claim this host (openshift-worker-2-retired)',
    );
    await page.getByTestId('installed-with-openshift-worker-2').scrollIntoViewIfNeeded();
    await page
      .getByTestId('installed-with-openshift-worker-2')
      .screenshot({ path: path.join(shots, 'day1-installed-with-claimed-twice.png') });
  } finally {
    await kube.del(`${configs}/e2e-worker-2-extra`).catch(() => undefined);
    await select('ocp4');
  }
  await expect(source('openshift-worker-3')).toHaveText('NMStateConfig openshift-worker-3', {
    timeout: 30_000,
  });
});
