// Cross-layer VLAN warnings where people edit: a NAD whose VLAN the switch port does not allow
// is flagged on its details page and in its editor, and the editor's warning follows the
// unsaved draft (fixing the VLAN in JSON clears it before saving).
import { test, expect } from '../fixtures';
import { NadPages } from '../pages/NadPages';

const NS = 'tenant-a';
const NAD = 'e2e-vlan251';
const POD = 'e2e-vlan251-app';

test('a NAD needing a VLAN its switch port does not allow is flagged in details and editor', async ({
  consolePage,
  page,
  kube,
}) => {
  await kube.post(`/apis/k8s.cni.cncf.io/v1/namespaces/${NS}/network-attachment-definitions`, {
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata: { name: NAD, namespace: NS },
    spec: {
      config: JSON.stringify(
        {
          cniVersion: '0.3.1',
          name: NAD,
          type: 'bridge',
          bridge: 'br-tenant',
          vlan: 251,
          ipam: { type: 'host-local', subnet: '10.251.0.0/24' },
        },
        null,
        2,
      ),
    },
  });
  // worker-2's br-tenant sits on ens2f0, cabled to tor-1 xe-0/0/19 (allows 200-203 and 300).
  await kube.post(`/api/v1/namespaces/${NS}/pods`, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: POD, namespace: NS, annotations: { 'k8s.v1.cni.cncf.io/networks': NAD } },
    spec: { nodeName: 'worker-2', containers: [{ name: 'app', image: 'ubi9/ubi-minimal' }] },
  });
  try {
    const nads = new NadPages(consolePage);
    await nads.gotoDetails(NS, NAD);
    const alert = page.getByTestId('vlan-mismatch-alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('251');
    await expect(alert).toContainText('xe-0/0/19');

    await nads.gotoEdit(NS, NAD);
    await expect(page.getByTestId('vlan-mismatch-alert')).toBeVisible();
    await nads.showJson();
    const input = nads.jsonEditor;
    await input.fill((await input.value()).replace('"vlan": 251', '"vlan": 201'));
    await expect(page.getByTestId('vlan-mismatch-alert')).toHaveCount(0);

    // The same finding marks the switch port on the topology, and its panel says why.
    page.once('dialog', (d) => void d.accept());
    await consolePage.goto('/switchboard/topology/worker-2');
    const port = page.locator(
      '[data-test^="switch-port-lldp:"][data-test$="/xe-0/0/19"][data-vlan-mismatch="true"]',
    );
    await expect(port.first()).toBeAttached();
    await port.first().click({ force: true });
    await expect(page.getByTestId('switch-port-mismatches')).toContainText('251');

    // The cluster view runs the same check on digests of every node, host and inventory (lean
    // watches) and marks the same port.
    await consolePage.goto('/switchboard/topology');
    await expect(port.first()).toBeAttached();
  } finally {
    await kube.del(`/api/v1/namespaces/${NS}/pods/${POD}`).catch(() => undefined);
    await kube
      .del(`/apis/k8s.cni.cncf.io/v1/namespaces/${NS}/network-attachment-definitions/${NAD}`)
      .catch(() => undefined);
  }
});
