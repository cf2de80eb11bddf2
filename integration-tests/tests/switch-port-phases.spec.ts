// Switch-port phases and timing as Ironic standalone networking and BMO PR #3470 define them:
// the phases tab reads the provider VLANs from the cluster's Ironic resource, a deployed host's
// applied config reads as on the switch, and the set-attachment dialog says before Save that a
// change to a deployed host waits for deprovisioning; NetworkInterfacesValid is shown per host.
import * as path from 'node:path';
import { test, expect } from '../fixtures';
import { SwitchPortsPage } from '../pages/SwitchPortsPage';

const NS = 'openshift-machine-api';
const IRONIC = `/apis/ironic.metal3.io/v1alpha1/namespaces/${NS}/ironics/ironic`;
const BMH = `/apis/metal3.io/v1alpha1/namespaces/${NS}/baremetalhosts`;
const shots = process.env.PW_OUTPUT ?? 'test-results';

// IrSO api/v1alpha1/ironic_types.go NetworkingService.ProviderNetworks
test('the port phases tab explains each phase with the VLANs of the Ironic resource', async ({
  consolePage,
  kube,
  page,
}) => {
  const sp = new SwitchPortsPage(consolePage);
  await sp.goto('phases');
  await expect(page.getByTestId('phases-source')).toContainText(`Ironic ${NS}/ironic`);
  const vlan = (phase: string) => page.getByTestId(`phase-row-${phase}`).getByTestId('phase-vlan');
  await expect(vlan('idle')).toHaveText('access, native 999');
  await expect(vlan('inspection')).toHaveText('access, native 10');
  await expect(vlan('cleaning')).toHaveText('access, native 10; MTU 1500');
  await expect(vlan('tenant')).toHaveText('Per port: its HostNetworkAttachment');
  await expect(page.getByTestId('phase-row-provisioning')).toContainText('PXE');
  await page.screenshot({ path: path.join(shots, 'switch-port-phases.png'), fullPage: true });

  // Read from the cluster, not built in: a change to the Ironic resource shows at once.
  const ironic = await kube.get<{
    spec: { networkingService: { providerNetworks: { type: string; nativeVLAN: number }[] } };
  }>(IRONIC);
  const networks = ironic.spec.networkingService.providerNetworks.map((n) =>
    n.type === 'servicing' ? { ...n, mode: 'trunk', nativeVLAN: 11, allowedVLANs: ['30-32'] } : n,
  );
  await kube.mergePatch(IRONIC, { spec: { networkingService: { providerNetworks: networks } } });
  await expect(vlan('servicing')).toHaveText('trunk, native 11; allowed 30-32');
});

// BMO PR #3470 provisioner.go CanUpdateSwitchPortConfig; proposal non-goal "dynamic network
// reconfiguration after node deployment".
test('a deployed host: applied config is on the switch, and a change waits for deprovisioning', async ({
  consolePage,
  page,
}) => {
  const sp = new SwitchPortsPage(consolePage);
  await sp.goto('hosts');
  const host = 'openshift-worker-2';
  await expect(sp.hostPhase(host)).toHaveAttribute('data-phase', 'tenant');
  const eno1 = sp.nicRow(host, 'eno1');
  await expect(eno1.getByTestId('nic-applied')).toContainText('access, native 10');
  await expect(eno1.getByTestId('nic-applied-reading')).toHaveAttribute('data-reading', 'onSwitch');
  await expect(page.getByTestId(`host-interfaces-${host}`)).toHaveAttribute(
    'data-reason',
    'AllInterfacesValid',
  );

  await page.getByTestId(`attach-${host}-eno1`).click();
  const dialog = page.getByTestId('attach-modal');
  const notice = dialog.getByTestId('attach-timing');
  await expect(notice).toHaveAttribute('data-timing', 'afterDeprovision');
  await expect(notice).toContainText('deprovisioned back to available');
  await dialog.getByTestId('attach-choice').selectOption(`${NS}/storage-trunk`);
  await expect(notice).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'switch-port-deferred-change.png') });
  await dialog.getByTestId('attach-cancel').click();
  await expect(dialog).toHaveCount(0);

  // Editing the in-use attachment names the deployed hosts whose ports keep the old config.
  await sp.openTab('attachments');
  await (await sp.rowAction(sp.attachmentRow('storage-trunk'), 'Edit')).click();
  await expect(sp.hnaEditor.getByTestId('hna-deferred')).toContainText(`${NS}/${host}`);
});

// BMO PR #3470 baremetalhost_network.go performNetworkInterfaceValidation, handleAvailable.
test('a host naming an unknown NIC shows NetworkInterfacesValid False and stays available', async ({
  consolePage,
  kube,
  page,
}) => {
  const sp = new SwitchPortsPage(consolePage);
  const name = `e2e-badnic-${Date.now().toString(36)}`;
  await sp.goto('hosts');
  await kube.post(BMH, {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name, namespace: NS },
    spec: {
      online: true,
      bootMACAddress: '52:54:00:e2:e0:40',
      bmc: { address: 'redfish://192.168.110.98/redfish/v1/Systems/1', credentialsName: 'x' },
      image: { url: 'http://192.168.111.3:6181/images/rhcos.qcow2', checksum: 'sha256:1' },
      networkInterfaces: [{ name: 'eth9', hostNetworkAttachment: { name: 'provisioning-access' } }],
    },
  });
  const status = page.getByTestId(`host-interfaces-${name}`);
  await expect(status).toHaveAttribute('data-reason', 'InvalidInterfaceNames', { timeout: 30_000 });
  await expect(page.getByTestId(`host-interfaces-message-${name}`)).toContainText(
    'Invalid interface names: eth9. Available interfaces:',
  );
  await expect(page.getByTestId(`host-state-${name}`)).toContainText('available');
  await expect(status).toContainText('Provisioning waits until this is True.');
});

// k8s.io/apiserver pkg/endpoints/handlers/response.go asPartialObjectMetadataList: the create-switch
// dialog learns Secret names without their data and never watches Secrets.
test('creating a switch lists Secret names metadata-only and never watches Secrets', async ({
  consolePage,
  page,
}) => {
  const sp = new SwitchPortsPage(consolePage);
  const secretRequests: { url: string; accept: string }[] = [];
  page.on('request', (r) => {
    if (/\/secrets(\?|$)/.test(r.url()))
      secretRequests.push({ url: r.url(), accept: r.headers()['accept'] ?? '' });
  });
  await sp.goto('switches');
  const listed = page.waitForResponse(
    (r) => /\/namespaces\/openshift-machine-api\/secrets$/.test(r.url()) && r.ok(),
  );
  await sp.createSwitchButton.click();
  const dialog = page.getByTestId('bms-create');
  await dialog.getByTestId('bms-namespace').fill(NS);
  const body = (await (await listed).json()) as { kind: string; items: Record<string, unknown>[] };
  expect(body.kind).toBe('PartialObjectMetadataList');
  expect(body.items.length).toBeGreaterThan(0);
  expect(body.items.every((i) => i['data'] === undefined)).toBe(true);
  // The name check works from the metadata alone.
  await dialog.getByTestId('bms-name').fill('tor-1');
  await expect(dialog.getByTestId('bms-secretName-messages')).toContainText('tor-1-credentials');
  expect(secretRequests.length).toBeGreaterThan(0);
  for (const r of secretRequests) {
    expect(r.accept).toContain('as=PartialObjectMetadataList');
    expect(r.url).not.toContain('watch=');
  }
});
