// Policy authoring, issue 24: interface names and ports are picked from the interfaces of the
// nodes the selector matches, each with how many of them have it, and free text still works.
import * as path from 'node:path';
import { test, expect } from '../fixtures';
import { PolicyPages } from '../pages/PolicyPages';

const shots = process.env.PW_OUTPUT ?? path.join(__dirname, '../../test-results');
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${seq++}`;

test('a bond port is picked from the matched nodes’ NICs with node counts; free text still works', async ({
  consolePage,
  page,
}) => {
  const policies = new PolicyPages(consolePage);
  await policies.openCreate();
  await policies.testId('policy-name').fill(unique('pick-bond'));
  await policies.testId('node-selector-add').click();
  await policies.testId('node-selector-0-key').fill('node-role.kubernetes.io/master');
  await expect(policies.testId('matched-preview')).toContainText('Matches 3 of');

  const bond = await policies.addInterface('bond');
  await policies.testId(`iface-${bond}-name`).fill('bond9');
  await policies.testId(`iface-${bond}-bond-mode`).selectOption('active-backup');

  const picker = policies.interfacePicker(`iface-${bond}-bond-pick`);
  await picker.open();
  // eno3 is a free NIC on every master; the OVN tunnel endpoint is never offered.
  await expect(picker.option('eno3')).toHaveText('eno3 — 3 of 3 nodes');
  await expect(picker.option('genev_sys_6081')).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'policy-pick-bond-port.png'), fullPage: true });
  await picker.option('eno3').click();
  await expect(policies.testId(`iface-${bond}-bond-ports`)).toHaveValue('eno3');
  // Picked once, it is not offered again.
  await picker.open();
  await expect(picker.option('eno3')).toHaveCount(0);
  await expect(picker.option('eno4')).toBeVisible();

  // A name no matched node has is still accepted.
  await picker.input.fill('eth9');
  await expect(picker.useTyped).toHaveText('Use "eth9"');
  await picker.useTyped.click();
  await expect(policies.testId(`iface-${bond}-bond-ports`)).toHaveValue('eno3, eth9');

  // The VLAN base offers the bond the policy creates.
  const vlan = await policies.addInterface('vlan');
  const base = policies.interfacePicker(`iface-${vlan}-vlan-base`);
  await base.input.fill('bond');
  await expect(base.option('bond9')).toHaveText('bond9 — created by this policy');
  await base.option('bond9').click();
  await expect(base.input).toHaveValue('bond9');

  await policies.testId('view-yaml').click();
  await expect(policies.yamlInput).toHaveValue(/port:\n\s+- eno3\n\s+- eth9\n/);
  await expect(policies.yamlInput).toHaveValue(/base-iface: bond9/);
});
