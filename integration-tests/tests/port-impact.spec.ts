// The impact check of the switch-ports "Set attachment" form on the sandbox demo: before Save it
// shows what the node uses on the NIC and what the new attachment does to it. A cross-namespace
// attachment (BMO PR #3470 AttachmentNamespaceDenied) is a warning to acknowledge; dropping a
// VLAN a pod's NAD uses is an error that blocks Save; a bond member moved away from its peer is
// flagged (nmstate bond ports must carry the same VLANs).
import * as path from 'node:path';
import { test, expect } from '../fixtures';
import { SwitchPortsPage } from '../pages/SwitchPortsPage';

const NS = 'openshift-machine-api';
const BMH = `/apis/metal3.io/v1alpha1/namespaces/${NS}/baremetalhosts`;
const shots = process.env.PW_OUTPUT ?? 'test-results';

interface HostWithInterfaces {
  spec: {
    networkInterfaces: {
      name?: string;
      hostNetworkAttachment?: { name: string; namespace?: string };
    }[];
  };
}

test('set attachment shows what a change does, asks before warnings and blocks on errors', async ({
  consolePage,
  kube,
  page,
}) => {
  const sp = new SwitchPortsPage(consolePage);
  // A trunk carrying VLAN 210, which the demo's tenant-a/tenant-vlan210 needs on ens2f0 and
  // storage-trunk lacks; it lives in another namespace than the host.
  await kube.post('/apis/metal3.io/v1alpha1/namespaces/tenant-a/hostnetworkattachments', {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'HostNetworkAttachment',
    metadata: { name: 'e2e-wide-trunk', namespace: 'tenant-a' },
    spec: { mode: 'trunk', nativeVLAN: 100, allowedVLANs: ['200-210', '300'] },
  });
  // The test shares its worker's sandbox with other specs: put worker-2's ens2f0 back on
  // storage-trunk and remove the trunk it added, whatever happens.
  const original = await kube.get<HostWithInterfaces>(`${BMH}/openshift-worker-2`);
  try {
    await sp.goto('hosts');
    const row = sp.nicRow('openshift-worker-2', 'ens2f0');
    await expect(row.getByTestId('nic-desired')).toContainText('storage-trunk');
    const modal = page.getByTestId('attach-modal');
    const choice = modal.getByTestId('attach-choice');
    const panel = modal.getByTestId('impact-panel');
    const save = modal.getByTestId('attach-save');

    await page.getByTestId('attach-openshift-worker-2-ens2f0').click();
    await choice.selectOption('tenant-a/e2e-wide-trunk');
    await expect(panel).toHaveAttribute('data-gate', 'acknowledge');
    await expect(panel.getByTestId('impact-needs')).toContainText('tenant-a/tenant-vlan210');
    await expect(panel.getByTestId('impact-needs')).toContainText('adds 210');
    await expect(panel.getByTestId('impact-finding-impact.crossNamespace')).toContainText(
      'AttachmentNamespaceDenied',
    );
    await expect(save).toBeDisabled();
    await panel.getByTestId('impact-ack').check();
    await expect(save).toBeEnabled();
    await page.screenshot({ path: path.join(shots, 'port-impact-acknowledge.png') });
    // An acknowledgement belongs to the choice it was given for.
    await choice.selectOption(`${NS}/provisioning-access`);
    await choice.selectOption('tenant-a/e2e-wide-trunk');
    await expect(save).toBeDisabled();
    await panel.getByTestId('impact-ack').check();
    await save.click();
    await expect(modal).toHaveCount(0);
    const host = await kube.get<{
      spec: {
        networkInterfaces: {
          name?: string;
          hostNetworkAttachment?: { name: string; namespace?: string };
        }[];
      };
    }>(`${BMH}/openshift-worker-2`);
    const ens2f0 = host.spec.networkInterfaces.find((i) => i.name === 'ens2f0');
    expect(ens2f0?.hostNetworkAttachment).toEqual({
      name: 'e2e-wide-trunk',
      namespace: 'tenant-a',
    });

    // Now ens2f0 carries 210: moving it to the access port drops what a running pod uses.
    await expect(row.getByTestId('nic-desired')).toContainText('e2e-wide-trunk');
    await page.getByTestId('attach-openshift-worker-2-ens2f0').click();
    await choice.selectOption(`${NS}/provisioning-access`);
    await expect(panel).toHaveAttribute('data-gate', 'blocked');
    await expect(panel.getByTestId('impact-dropped')).toHaveText('drops 210');
    await expect(panel.getByTestId('impact-errors')).toContainText(
      'ens2f0 no longer carries VLAN 210, which network attachment definition tenant-a/tenant-vlan210 uses (bridge.vlan).',
    );
    await expect(panel.getByTestId('impact-ack')).toHaveCount(0);
    await expect(save).toBeDisabled();
    await page.screenshot({ path: path.join(shots, 'port-impact-blocked.png') });
    await modal.getByTestId('attach-cancel').click();

    // eno2 and eno3 are bond0's members: moving one alone leaves the other behind.
    await page.getByTestId('attach-openshift-worker-2-eno2').click();
    await choice.selectOption(`${NS}/storage-trunk`);
    await expect(panel.getByTestId('impact-bond')).toContainText('eno3');
    await expect(panel.getByTestId('impact-finding-impact.bondPeerMismatch')).toContainText(
      'members of bond bond0',
    );
    await page.screenshot({ path: path.join(shots, 'port-impact-bond.png') });
  } finally {
    const now = await kube.get<HostWithInterfaces>(`${BMH}/openshift-worker-2`);
    now.spec.networkInterfaces = original.spec.networkInterfaces;
    await kube.put(`${BMH}/openshift-worker-2`, now);
    await kube.del(
      '/apis/metal3.io/v1alpha1/namespaces/tenant-a/hostnetworkattachments/e2e-wide-trunk',
    );
  }
});

test('LLDP-observed VLANs that disagree with the applied config are flagged on the hosts tab', async ({
  consolePage,
  page,
}) => {
  const sp = new SwitchPortsPage(consolePage);
  await sp.goto('hosts');
  // The demo's worker-2 is deployed: eno1's applied config is access VLAN 10, while its switch
  // port announces the machine network, VLAN 111 (nmstate ieee-802-1-vlans).
  const eno1 = sp.nicRow('openshift-worker-2', 'eno1');
  await expect(eno1.getByTestId('nic-applied')).toContainText('access, native 10');
  const flagged = eno1.getByTestId('nic-lldp-disagreement');
  await expect(flagged.locator('[data-code="lldp.vlanNotApplied"]')).toContainText(
    'The switch announces VLAN 111',
  );
  await expect(flagged.locator('[data-code="lldp.appliedVlanNotSeen"]')).toContainText(
    'Applied VLAN 10 is not announced',
  );
  await eno1.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'port-impact-lldp.png') });
});
