// NetworkAttachmentDefinition pages on the sandbox's demo scenario: create in the form, switch to
// JSON and see findings at their line, attach failures with Multus' error, the problems badge,
// managed NADs read-only, a viewer without write actions, and deleting a NAD with the pods that use
// it named first.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, type KubeClient } from '../fixtures';
import { NadPages } from '../pages/NadPages';

const NAD_PATH = '/apis/k8s.cni.cncf.io/v1/namespaces';
const SHOTS = path.join(process.env.PW_OUTPUT ?? 'test-results', 'nad-screenshots');

function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000).toString(36)}`;
}

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test('create a macvlan + whereabouts NAD in the form, fix a JSON error, save, see it listed', async ({
  consolePage,
  kube,
}) => {
  const nads = new NadPages(consolePage);
  const name = uniqueName('e2e-macvlan');
  await nads.gotoCreate('tenant-a');
  await nads.field('nad-name').fill(name);
  await nads.field('pluginType').selectOption('macvlan');
  await nads.field('master').fill('bond0.100');
  await nads.field('ipam-type').selectOption('whereabouts');
  await nads.field('ipam-wa-range').fill('172.22.150.0/24');
  await nads.field('ipam-wa-exclude').fill('172.22.150.0/30');
  await shot(consolePage.page, 'editor-form');

  await nads.showJson();
  const config = JSON.parse(await nads.jsonText()) as Record<string, unknown>;
  expect(config).toMatchObject({
    name,
    type: 'macvlan',
    master: 'bond0.100',
    ipam: { type: 'whereabouts', range: '172.22.150.0/24', exclude: ['172.22.150.0/30'] },
  });

  // A broken range is reported at its own line, in the gutter and in the findings list.
  const good = await nads.jsonText();
  await nads.jsonEditor.fill(good.replace('"172.22.150.0/24"', '"172.22.150.0/33"'));
  const line = await nads.lineOf('"range"');
  expect(line).toBeGreaterThan(1);
  await nads.jsonEditor.expectFindingMarker(line, 'error');
  const finding = nads.editorFindings.getByTestId('finding-ipam.whereabouts.rangeInvalid');
  await expect(finding).toContainText('172.22.150.0/33');
  await finding.getByTestId('finding-jump').click();
  await expect(nads.jsonEditor.input).toBeFocused();
  await shot(consolePage.page, 'editor-json-error');

  // Unknown keys typed in JSON survive a trip through the form.
  await nads.jsonEditor.fill(
    good.replace('"type": "macvlan"', '"type": "macvlan",\n  "x-note": "keep"'),
  );
  await nads.jsonEditor.expectNoFindingMarker(line);
  await nads.showForm();
  await nads.field('mtu').fill('1400');
  await nads.showJson();
  expect(await nads.jsonText()).toContain('"x-note": "keep"');

  await nads.saveButton.click();
  await expect(consolePage.page).toHaveURL(new RegExp(`/${name}$`));
  const saved = await kube.get<{ spec: { config: string } }>(
    `${NAD_PATH}/tenant-a/network-attachment-definitions/${name}`,
  );
  expect(JSON.parse(saved.spec.config)).toMatchObject({ mtu: 1400, 'x-note': 'keep' });

  await nads.gotoList('tenant-a');
  const row = nads.row('tenant-a', name);
  await expect(row.getByTestId('col-type')).toHaveText('macvlan');
  await expect(row.getByTestId('col-ipam')).toHaveText('whereabouts');
  await expect(row.getByTestId('col-subnets')).toContainText('172.22.150.0/24');
  await expect(row.getByTestId('col-iface')).toHaveText('bond0.100');
  await shot(consolePage.page, 'list');
});

test('a range that could hand out a node address is flagged until the addresses are excluded', async ({
  consolePage,
}) => {
  // The demo workers hold 172.22.100.20-22 on bond0.100 (their NodeNetworkStates say so).
  const nads = new NadPages(consolePage);
  await nads.gotoCreate('tenant-a');
  await nads.field('nad-name').fill(uniqueName('e2e-host-vlan'));
  await nads.field('pluginType').selectOption('macvlan');
  await nads.field('master').fill('bond0.100');
  await nads.field('ipam-type').selectOption('whereabouts');
  await nads.field('ipam-wa-range').fill('172.22.100.0/24');
  const finding = nads.editorFindings.getByTestId('finding-cluster.nodeAddressInRange');
  await expect(finding).toContainText('172.22.100.20');
  await expect(finding).toContainText('bond0.100');
  await nads.field('ipam-wa-exclude').fill('172.22.100.0/27');
  await expect(finding).toHaveCount(0);
});

test('an SR-IOV resource no node offers is flagged, with the pools nodes do offer', async ({
  consolePage,
}) => {
  // The demo workers offer eight VFs as openshift.io/ens2f0vfs (their Node allocatable says so).
  const nads = new NadPages(consolePage);
  await nads.gotoCreate('tenant-b');
  await nads.field('nad-name').fill(uniqueName('e2e-sriov'));
  await nads.field('pluginType').selectOption('sriov');
  await nads.field('resourceName').fill('openshift.io/ens2f0vf');
  const finding = nads.editorFindings.getByTestId('finding-cluster.resourceNotOffered');
  await expect(finding).toContainText('openshift.io/ens2f0vf');
  await expect(finding).toContainText('openshift.io/ens2f0vfs');
  await nads.field('resourceName').fill('openshift.io/ens2f0vfs');
  await expect(finding).toHaveCount(0);
});

test('a NAD whose pods fail to attach shows the Multus error', async ({ consolePage }) => {
  const nads = new NadPages(consolePage);
  await nads.gotoDetails('tenant-b', 'broken-ipam');
  const failing = consolePage.page.getByTestId('failing-broken-app');
  await expect(failing.getByTestId('multus-error')).toContainText(
    'failed to find plugin "host-locall"',
  );
  // libcni finds IPAM plugins by binary name; the near miss offers the known one.
  await expect(
    consolePage.page.getByTestId('findings').getByTestId('finding-ipam.unknownType'),
  ).toContainText('did you mean "host-local"');
  await shot(consolePage.page, 'details-failing');
});

test('a pod on a NAD whose macvlan master is missing on its node shows the Link not found failure', async ({
  consolePage,
  kube,
}) => {
  // worker-0's NodeNetworkState has no ens9f3, so the sandbox fails the pod as macvlan's
  // loadConf does ("Link not found"), wrapped in Multus' "error adding container to network".
  const name = uniqueName('e2e-nomaster');
  const podName = `${name}-pod`;
  await kube.post(`${NAD_PATH}/tenant-a/network-attachment-definitions`, {
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata: { name, namespace: 'tenant-a' },
    spec: {
      config: JSON.stringify({
        cniVersion: '0.3.1',
        name,
        type: 'macvlan',
        master: 'ens9f3',
        ipam: { type: 'whereabouts', range: '172.22.160.0/24' },
      }),
    },
  });
  await kube.post('/api/v1/namespaces/tenant-a/pods', {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: podName,
      namespace: 'tenant-a',
      annotations: { 'k8s.v1.cni.cncf.io/networks': name },
    },
    spec: { nodeName: 'worker-0', containers: [{ name: 'app', image: 'registry.example/app' }] },
  });
  const nads = new NadPages(consolePage);
  await nads.gotoDetails('tenant-a', name);
  const failing = consolePage.page.getByTestId(`failing-${podName}`);
  await expect(failing.getByTestId('multus-error')).toContainText(
    `:${name}]: error adding container to network "${name}": Link not found`,
  );
  await shot(consolePage.page, 'details-missing-master');
});

test('details show attached pods, the <nil> gateway and the effective configuration', async ({
  consolePage,
}) => {
  const nads = new NadPages(consolePage);
  await nads.gotoDetails('tenant-a', 'macvlan-storage', 'pods');
  const attached = consolePage.page.getByTestId('attached-pods');
  await expect(attached.getByTestId('attached-web-0')).toContainText('net1');
  // whereabouts configures no default route here, so network-status has no gateway at all.
  await expect(attached.getByTestId('nil-gateway')).toHaveCount(0);
  await shot(consolePage.page, 'details');
  await consolePage.page.getByRole('tab', { name: 'Configuration' }).click();
  await expect(consolePage.page).toHaveURL(/\/macvlan-storage\/configuration$/);
  await expect(
    consolePage.page.getByTestId('note-effective.whereabouts.rangesMerged'),
  ).toBeVisible();
  await expect(consolePage.page.getByTestId('config-effective')).toContainText('ipRanges');
  // ipvlan-static's static IPAM has a default route without gw: "<nil>", as Go prints a nil IP.
  await nads.gotoDetails('tenant-b', 'ipvlan-static', 'pods');
  await expect(
    consolePage.page.getByTestId('attached-ipvlan-app').getByTestId('nil-gateway'),
  ).toBeVisible();
});

test('the problematic demo NAD has a problems badge with its errors', async ({ consolePage }) => {
  const nads = new NadPages(consolePage);
  await nads.gotoList('tenant-a');
  const row = nads.row('tenant-a', 'overlapping-hostlocal');
  await expect(row.getByTestId('problems-errors')).toBeVisible();
  await expect(nads.row('tenant-a', 'bridge-dualstack').getByTestId('col-subnets')).toContainText(
    'fd00:30::',
  );
  await nads.gotoDetails('tenant-a', 'overlapping-hostlocal');
  const findings = consolePage.page.getByTestId('findings');
  await expect(findings.getByTestId('finding-cluster.podNetworkOverlap')).toBeVisible();
  await expect(findings.getByTestId('finding-ipam.hostLocal.gatewayOutsideSubnet')).toBeVisible();
});

test('a NAD owned by a UserDefinedNetwork is read-only with a link to its owner', async ({
  consolePage,
  kube,
}) => {
  const name = uniqueName('e2e-udn');
  await kube.post(`${NAD_PATH}/tenant-a/network-attachment-definitions`, {
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata: {
      name,
      namespace: 'tenant-a',
      ownerReferences: [
        {
          apiVersion: 'k8s.ovn.org/v1',
          kind: 'UserDefinedNetwork',
          name: 'tenant-net',
          uid: '8d0c6f3e-2a8b-4c1e-9d5f-1b2c3d4e5f60',
          controller: true,
        },
      ],
    },
    spec: {
      config: JSON.stringify({
        cniVersion: '1.0.0',
        name: 'tenant-a_tenant-net',
        type: 'ovn-k8s-cni-overlay',
        topology: 'layer2',
        subnets: '10.150.0.0/24',
        netAttachDefName: `tenant-a/${name}`,
        role: 'secondary',
      }),
    },
  });
  const nads = new NadPages(consolePage);
  await nads.gotoDetails('tenant-a', name);
  await expect(consolePage.page.getByTestId('managed-nad')).toContainText('tenant-net');
  await expect(consolePage.page.getByTestId('managed-owner-link')).toHaveAttribute(
    'href',
    '/k8s/ns/tenant-a/k8s.ovn.org~v1~UserDefinedNetwork/tenant-net',
  );
  await nads.expectActionDisabled('edit', 'Its owner renders it');
  await nads.gotoEdit('tenant-a', name);
  await expect(consolePage.page.getByTestId('managed-nad')).toBeVisible();
  await expect(nads.saveButton).toHaveCount(0);
  await nads.showJson();
  expect(await nads.jsonEditor.readOnly()).toBe(true);
  await nads.gotoList('tenant-a');
  await expect(nads.row('tenant-a', name).getByTestId('managed-badge')).toBeVisible();
});

test('a viewer sees no create, edit or delete actions', async ({ consolePage }) => {
  await consolePage.setPersona('viewer');
  const nads = new NadPages(consolePage);
  await nads.gotoList('tenant-a');
  await expect(nads.row('tenant-a', 'macvlan-storage')).toBeVisible();
  await expect(consolePage.page.getByTestId('nad-create')).toHaveCount(0);
  await expect(consolePage.page.getByTestId('read-only-notice')).toContainText(
    'Your role does not allow you to create, change, or delete network attachment definitions',
  );
  await nads.gotoDetails('tenant-a', 'macvlan-storage');
  await expect(consolePage.page.getByTestId('nad-summary')).toBeVisible();
  await nads.expectActionDisabled('edit', 'Your role does not allow it');
  await nads.expectActionDisabled('delete', 'Your role does not allow it');
  await expect(consolePage.page.getByTestId('read-only-notice')).toHaveAttribute(
    'data-denied',
    'update,delete',
  );
  await nads.gotoEdit('tenant-a', 'macvlan-storage');
  await expect(consolePage.page.getByTestId('editor-forbidden')).toBeVisible();
  await expect(nads.saveButton).toHaveCount(0);
});

const DELETE_NS = 'tenant-a';

/** A NAD of our own (the sandbox is shared by the worker's tests) and pods selecting it. */
async function seedNadWithPods(kube: KubeClient, name: string, pods: string[]): Promise<void> {
  await kube.post(`${NAD_PATH}/${DELETE_NS}/network-attachment-definitions`, {
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata: { name, namespace: DELETE_NS },
    spec: {
      config: JSON.stringify({
        cniVersion: '0.3.1',
        name,
        type: 'macvlan',
        master: 'bond0.100',
        ipam: { type: 'whereabouts', range: '172.22.160.0/24' },
      }),
    },
  });
  for (const pod of pods) {
    await kube.post(`/api/v1/namespaces/${DELETE_NS}/pods`, {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: pod,
        namespace: DELETE_NS,
        annotations: { 'k8s.v1.cni.cncf.io/networks': name },
      },
      spec: { nodeName: 'worker-1', containers: [{ name: 'app', image: 'ubi9/ubi-minimal' }] },
    });
  }
}

async function cleanUp(kube: KubeClient, name: string, pods: string[]): Promise<void> {
  for (const pod of pods)
    await kube.del(`/api/v1/namespaces/${DELETE_NS}/pods/${pod}`).catch(() => undefined);
  await kube
    .del(`${NAD_PATH}/${DELETE_NS}/network-attachment-definitions/${name}`)
    .catch(() => undefined);
}

test('delete from the list names the pods that use the NAD, then it disappears', async ({
  consolePage,
  kube,
}) => {
  const name = uniqueName('e2e-del');
  const pods = [`${name}-a`, `${name}-b`];
  await seedNadWithPods(kube, name, pods);
  try {
    const nads = new NadPages(consolePage);
    await nads.gotoList(DELETE_NS);
    await nads.deleteFromList(DELETE_NS, name);
    const modal = nads.deleteModal;
    await expect(modal.getByTestId('delete-target')).toContainText(name);
    const usage = modal.getByTestId('delete-pods');
    await expect(usage).toHaveAttribute('data-count', '2');
    await expect(usage.getByTestId('delete-pod-name')).toHaveText(pods);
    await shot(consolePage.page, 'delete-modal');
    await modal.getByTestId('delete-confirm').click();
    await expect(modal).toHaveCount(0);
    await expect(nads.row(DELETE_NS, name)).toHaveCount(0);
    await expect
      .poll(async () =>
        kube
          .get(`${NAD_PATH}/${DELETE_NS}/network-attachment-definitions/${name}`)
          .then(() => 'present')
          .catch((e: unknown) =>
            e instanceof Error && e.message.startsWith('404') ? 'gone' : String(e),
          ),
      )
      .toBe('gone');
  } finally {
    await cleanUp(kube, name, pods);
  }
});

test('delete from the details page returns to the list; cancel keeps the NAD', async ({
  consolePage,
  kube,
}) => {
  const name = uniqueName('e2e-del');
  await seedNadWithPods(kube, name, []);
  try {
    const nads = new NadPages(consolePage);
    await nads.gotoDetails(DELETE_NS, name);
    await nads.deleteFromDetails();
    await expect(nads.deleteModal.getByTestId('delete-no-pods')).toBeVisible();
    await nads.deleteModal.getByTestId('delete-cancel').click();
    await expect(nads.deleteModal).toHaveCount(0);
    await expect(consolePage.page.getByTestId('nad-summary')).toBeVisible();
    await kube.get(`${NAD_PATH}/${DELETE_NS}/network-attachment-definitions/${name}`);

    await nads.deleteFromDetails();
    await nads.deleteModal.getByTestId('delete-confirm').click();
    await expect(consolePage.page).toHaveURL(
      new RegExp(`/switchboard/ns/${DELETE_NS}/attachments$`),
    );
    await expect(consolePage.page.getByTestId('nad-list')).toBeVisible();
    await expect(nads.row(DELETE_NS, name)).toHaveCount(0);
  } finally {
    await cleanUp(kube, name, []);
  }
});

test.describe('a NAD replaced while its delete dialog is open', () => {
  // The precondition makes the API server answer 409, which the browser logs.
  test.use({ allowedErrors: ['409'] });
  test('is not deleted, and the dialog says why', async ({ consolePage, kube }) => {
    const name = uniqueName('e2e-del');
    await seedNadWithPods(kube, name, []);
    try {
      const nads = new NadPages(consolePage);
      await nads.gotoDetails(DELETE_NS, name);
      await nads.deleteFromDetails();
      await expect(nads.deleteModal.getByTestId('delete-no-pods')).toBeVisible();
      // Replace the NAD behind the page's back: same name, new uid.
      await kube.del(`${NAD_PATH}/${DELETE_NS}/network-attachment-definitions/${name}`);
      await seedNadWithPods(kube, name, []);
      await nads.deleteModal.getByTestId('delete-confirm').click();
      await expect(nads.deleteModal.getByTestId('delete-conflict')).toBeVisible();
      await expect(nads.deleteModal.getByTestId('delete-error')).toContainText('Precondition');
      await shot(consolePage.page, 'delete-conflict');
      await kube.get(`${NAD_PATH}/${DELETE_NS}/network-attachment-definitions/${name}`);
    } finally {
      await cleanUp(kube, name, []);
    }
  });
});
