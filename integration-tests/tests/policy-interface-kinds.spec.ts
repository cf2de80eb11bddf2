// The policy form covers nmstate's other interface kinds (issue 24): a VXLAN (ifaces/vxlan.rs;
// its 24-bit id is the kernel's limit), a VRF (ifaces/vrf.rs: a new one needs a route table
// other than 0), an OVS interface with DPDK (ifaces/ovs.rs: queue sizes are 0 or a power of
// two up to 4096) and an OVN bridge mapping (ovn.rs). Bad values are errors on their fields
// and block Save; the YAML holds what the form wrote.
import * as path from 'node:path';
import { test, expect } from '../fixtures';
import { PolicyPages } from '../pages/PolicyPages';

const shots = process.env.PW_OUTPUT ?? path.join(__dirname, '../../test-results');

test('vxlan, vrf, OVS DPDK and an OVN bridge mapping set in the form: field errors and YAML', async ({
  consolePage,
  page,
}) => {
  const policies = new PolicyPages(consolePage);
  await policies.openCreate();
  await policies.testId('policy-name').fill(`kinds-${Date.now().toString(36)}`);
  await policies.testId('node-selector-add').click();
  await policies.testId('node-selector-0-key').fill('kubernetes.io/hostname');
  await policies.testId('node-selector-0-value').fill('master-1');
  await expect(policies.testId('matched-preview')).toContainText('master-1');

  const vx = await policies.addInterface('vxlan');
  await policies.testId(`iface-${vx}-name`).fill('vxlan42');
  const vxlan = policies.testId(`iface-${vx}-vxlan`);
  await policies.testId(`iface-${vx}-vxlan-id`).fill('16777216');
  await expect(vxlan.getByTestId('finding-vxlan.id.invalid')).toContainText(
    'VXLAN id "16777216" must be from 0 to 16777215',
  );
  await expect(policies.testId('save')).toBeDisabled();
  await policies.testId(`iface-${vx}-vxlan-id`).fill('42');
  await expect(vxlan.getByTestId('finding-vxlan.id.invalid')).toHaveCount(0);
  await policies.testId(`iface-${vx}-vxlan-remote`).fill('192.0.2.7');
  await policies.testId(`iface-${vx}-vxlan-destinationPort`).fill('4789');

  const vr = await policies.addInterface('vrf');
  await policies.testId(`iface-${vr}-name`).fill('vrf-blue');
  await policies.testId(`iface-${vr}-vrf-ports`).fill('vxlan42');
  const vrf = policies.testId(`iface-${vr}-vrf`);
  await expect(vrf.getByTestId('finding-vrf.routeTableId.required')).toContainText(
    'A new VRF needs a route table ID other than 0',
  );
  await policies.testId(`iface-${vr}-vrf-routeTableId`).fill('100');
  await expect(vrf.getByTestId('finding-vrf.routeTableId.required')).toHaveCount(0);

  const ovs = await policies.addInterface('ovs-interface');
  await policies.testId(`iface-${ovs}-name`).fill('dpdk0');
  await policies.testId(`iface-${ovs}-ovs-dpdk`).check();
  await policies.testId(`iface-${ovs}-dpdk-devargs`).fill('0000:af:00.1');
  await policies.testId(`iface-${ovs}-dpdk-nRxqDesc`).fill('1000');
  const dpdk = policies.testId(`iface-${ovs}-dpdk`);
  await expect(dpdk.getByTestId('finding-ovs.dpdk.desc.invalid')).toContainText(
    'must be 0 or a power of two up to 4096',
  );
  await policies.testId(`iface-${ovs}-dpdk-nRxqDesc`).fill('1024');
  await expect(dpdk.getByTestId('finding-ovs.dpdk.desc.invalid')).toHaveCount(0);

  await policies.testId('add-ovn-mapping').click();
  await policies.testId('ovn-mapping-0-localnet').fill('physnet-blue');
  await expect(
    policies.testId('ovn-section').getByTestId('finding-ovn.bridge.required'),
  ).toBeVisible();
  await policies.testId('ovn-mapping-0-bridge').fill('br-blue');
  await expect(
    policies.testId('ovn-section').getByTestId('finding-ovn.bridge.required'),
  ).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'policy-interface-kinds.png'), fullPage: true });

  await policies.testId('view-yaml').click();
  const yaml = policies.yamlEditor;
  await yaml.expectValue(/type: vxlan\n[\s\S]*vxlan:\n\s+id: 42\n/);
  await yaml.expectValue(/remote: 192\.0\.2\.7/);
  await yaml.expectValue(/destination-port: 4789/);
  await yaml.expectValue(/route-table-id: 100/);
  await yaml.expectValue(/devargs: 0000:af:00\.1/);
  await yaml.expectValue(/n_rxq_desc: 1024/);
  await yaml.expectValue(/localnet: physnet-blue\n\s+bridge: br-blue/);
});
