// @reliability: strings from the cluster are data, never markup. Every page that shows
// names, annotations, descriptions, LLDP strings, CNI configs or event messages renders these
// payloads as inert text: no element is injected and no script runs. Read-only users are
// offered no write actions, and a 403 on one kind degrades only the part that needs it.
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import type { KubeClient } from '../fixtures';
import type { ConsolePage } from '../pages/ConsolePage';

const PAYLOADS = {
  img: '<img src=x onerror="window.__pwned=1">',
  script: '<script>window.__pwned=2</script>',
  svg: '<svg onload="window.__pwned=3"></svg>',
  long: `${'\u202e\u200b\u0301x'.repeat(50)}${'W'.repeat(2000)}`,
};
const HOSTILE = `${PAYLOADS.img} ${PAYLOADS.script} ${PAYLOADS.svg}`;

// The worker's sandbox is shared with other spec files: leave it as the demo was.
const CREATED = [
  '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies/hostile-policy',
  '/apis/k8s.cni.cncf.io/v1/namespaces/default/network-attachment-definitions/hostile-nad',
  '/api/v1/namespaces/default/events/hostile-event',
  '/apis/nmstate.io/v1beta1/nodenetworkstates/hostile-node',
  '/api/v1/nodes/hostile-node',
];

declare global {
  interface Window {
    __pwned?: number;
  }
}

async function expectInert(page: Page) {
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"], svg[onload], #app script').count()).toBe(0);
}

test.describe.configure({ mode: 'serial' });

test('@reliability hostile strings from the cluster render as inert text on every page', async ({
  consolePage,
  page,
  kube,
}) => {
  // Eleven full page loads with five checks each: 70-130 s on a busy 2-core machine.
  test.setTimeout(240_000);
  try {
    await checkHostileStrings(consolePage, page, kube);
  } finally {
    for (const path of CREATED) await kube.del(path).catch(() => undefined);
  }
});

async function checkHostileStrings(consolePage: ConsolePage, page: Page, kube: KubeClient) {
  await kube.post('/api/v1/nodes', {
    metadata: { name: 'hostile-node', annotations: { note: HOSTILE } },
  });
  await kube.post('/apis/nmstate.io/v1beta1/nodenetworkstates', {
    metadata: { name: 'hostile-node' },
  });
  await kube.mergePatch('/apis/nmstate.io/v1beta1/nodenetworkstates/hostile-node/status', {
    status: {
      currentState: {
        interfaces: [
          {
            name: 'eth9',
            type: 'ethernet',
            state: 'up',
            description: HOSTILE,
            'mac-address': '52:54:00:AA:BB:CC',
            lldp: {
              enabled: true,
              neighbors: [
                [
                  { type: 1, 'chassis-id': '00:11:22:33:44:55', 'chassis-id-type': 4 },
                  { type: 2, 'port-id': PAYLOADS.img, 'port-id-type': 5 },
                  { type: 5, 'system-name': PAYLOADS.script },
                  { type: 6, 'system-description': PAYLOADS.long },
                ],
              ],
            },
          },
        ],
      },
    },
  });
  await kube.post('/apis/nmstate.io/v1/nodenetworkconfigurationpolicies', {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name: 'hostile-policy', annotations: { description: HOSTILE } },
    spec: {
      nodeSelector: { 'kubernetes.io/hostname': 'no-such-node' },
      desiredState: { interfaces: [{ name: 'dummy9', type: 'dummy', description: HOSTILE }] },
    },
  });
  await kube.post('/api/v1/namespaces/default/events', {
    metadata: { name: 'hostile-event', namespace: 'default' },
    involvedObject: {
      apiVersion: 'nmstate.io/v1',
      kind: 'NodeNetworkConfigurationPolicy',
      name: 'hostile-policy',
    },
    type: 'Warning',
    reason: 'ReconcileFailed',
    message: HOSTILE,
  });
  await kube.post('/apis/k8s.cni.cncf.io/v1/namespaces/default/network-attachment-definitions', {
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata: { name: 'hostile-nad', namespace: 'default', annotations: { note: HOSTILE } },
    spec: {
      config: JSON.stringify({
        cniVersion: '0.4.0',
        name: HOSTILE,
        type: 'macvlan',
        master: PAYLOADS.img,
        ipam: { type: 'static', addresses: [{ address: PAYLOADS.script }] },
      }),
    },
  });

  const pages = [
    '/switchboard/topology/hostile-node?view=table',
    '/switchboard/topology/hostile-node?selected=hostile-node%2Feth9%2Fethernet',
    '/switchboard/node-network-states/hostile-node',
    '/switchboard/policies',
    '/switchboard/policies/hostile-policy',
    '/switchboard/policies/hostile-policy/edit',
    '/switchboard/ns/default/attachments',
    '/switchboard/ns/default/attachments/hostile-nad',
    '/switchboard/ns/default/attachments/hostile-nad/edit',
    '/k8s/cluster/core~v1~Node/hostile-node/network',
  ];
  for (const path of pages) {
    await consolePage.goto(path);
    await expect(page.getByTestId('page-crash'), path).toHaveCount(0);
    await expect(page.getByTestId('loading'), path).toHaveCount(0);
    await expectInert(page);
  }
  // The payload is visible as literal text where the page shows it.
  await consolePage.goto('/switchboard/policies');
  await expect(page.getByText(PAYLOADS.img, { exact: false }).first()).toBeVisible();
  await consolePage.goto(
    '/switchboard/topology/hostile-node?selected=hostile-node%2Feth9%2Fethernet',
  );
  await expect(page.getByTestId('interface-panel')).toContainText('<script>');
  await expectInert(page);
}

test('@reliability the read-only persona is offered no write actions', async ({
  consolePage,
  page,
}) => {
  await consolePage.setPersona('viewer');
  // Lists window their rows and earlier tests add objects: each is found by the name filter.
  await consolePage.goto('/switchboard/policies?name=worker-bond1');
  await expect(page.getByTestId('policy-row-worker-bond1')).toBeVisible();
  await expect(page.getByRole('button', { name: /create/i })).toHaveCount(0);
  await consolePage.goto('/switchboard/all-namespaces/attachments?name=macvlan-storage');
  await expect(page.getByText('macvlan-storage').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /create/i })).toHaveCount(0);
  // A direct URL to an editor explains instead of offering a save that would fail.
  await consolePage.goto('/switchboard/policies/~new');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await expect(page.getByTestId('save')).toHaveCount(0);
  await consolePage.goto('/switchboard/policies/worker-bond1/edit');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await expect(page.getByTestId('save')).toHaveCount(0);
});

test.describe('a 403 on one kind', () => {
  test.use({ allowedErrors: ['status of 403'] });
  test('@reliability degrades only the part of the page that needs it', async ({
    consolePage,
    page,
  }) => {
    // network-viewer may read NADs but not pods: the NAD details still render, the pods part
    // says why it is empty.
    await consolePage.setPersona('network-viewer');
    await consolePage.goto('/switchboard/ns/tenant-a/attachments/macvlan-storage');
    await expect(consolePage.title).toContainText('macvlan-storage');
    await expect(page.getByTestId('page-crash')).toHaveCount(0);
    await expect(page.getByText(/permission/i).first()).toBeVisible();
    await expect(page.getByText('macvlan').first()).toBeVisible();
  });
});
