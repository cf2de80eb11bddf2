// The policy form covers nmstate's per-interface and per-policy settings (issue 24): a route
// rule (route_rule.rs), an ethtool feature (ifaces/ethtool.rs), LLDP (lldp.rs) and SR-IOV
// total-vfs with a VF (ifaces/sriov.rs) are set in the form, a VF id at or above total-vfs is
// an error on the field (sriov.rs `auto_fill_unmentioned_vf_id` would drop it), the YAML holds
// what the form wrote, and the per-node preview has a line for each change.
import * as path from 'node:path';
import { test, expect } from '../fixtures';
import { PolicyPages } from '../pages/PolicyPages';

const NODE = 'master-2';
const shots = process.env.PW_OUTPUT ?? path.join(__dirname, '../../test-results');

test('route rule, ethtool feature, LLDP and SR-IOV set in the form: field errors, YAML and per-node preview', async ({
  consolePage,
  page,
}) => {
  const policies = new PolicyPages(consolePage);
  await policies.openCreate();
  await policies.testId('policy-name').fill(`settings-${Date.now().toString(36)}`);
  await policies.testId('node-selector-add').click();
  await policies.testId('node-selector-0-key').fill('kubernetes.io/hostname');
  await policies.testId('node-selector-0-value').fill(NODE);
  await expect(policies.testId('matched-preview')).toContainText(NODE);

  const i = await policies.addInterface('ethernet');
  await policies.testId(`iface-${i}-name`).fill('eno3');
  await policies.openLinkSettings(i);
  await policies.testId(`iface-${i}-lldp`).selectOption('on');
  await policies.testId(`iface-${i}-ethtool-add-feature`).click();
  await policies.testId(`iface-${i}-ethtool-feature-0-name`).fill('rx-checksum');
  await policies.testId(`iface-${i}-ethtool-feature-0-enabled`).selectOption('off');
  await policies.testId(`iface-${i}-sriov-total-vfs`).fill('4');
  await policies.testId(`iface-${i}-sriov-add-vf`).click();
  await policies.testId(`iface-${i}-vf-0-trust`).selectOption('on');

  // A VF id the PF will not have is an error on the VF row, and blocks saving.
  const vf = policies.testId(`iface-${i}-vf-0`);
  await policies.testId(`iface-${i}-vf-0-id`).fill('4');
  await expect(vf.getByTestId('finding-sriov.vf.idOutOfRange')).toContainText(
    'VF 4 does not exist with 4 VFs (IDs start at 0); nmstate drops its settings',
  );
  await expect(policies.testId('save')).toBeDisabled();
  await policies.testId(`iface-${i}-vf-0-id`).fill('3');
  await expect(vf.getByTestId('finding-sriov.vf.idOutOfRange')).toHaveCount(0);

  await policies.testId('add-route-rule').click();
  await policies.testId('route-rule-0-ip-to').fill('192.0.2.0/24');
  // fwmask without fwmark is refused by route_rule.rs; the error sits on the rule row.
  await policies.testId('route-rule-0-fwmask').fill('255');
  await expect(
    policies.testId('route-rule-0').getByTestId('finding-routeRule.fwmask.withoutFwmark'),
  ).toBeVisible();
  await policies.testId('route-rule-0-fwmask').fill('');
  await policies.testId('route-rule-0-route-table').fill('100');
  await policies.testId('route-rule-0-priority').fill('1000');
  await expect(policies.testId('route-rule-0').locator('[data-test^="finding-"]')).toHaveCount(0);
  await expect(policies.testId('save')).toBeEnabled();

  await policies.testId('show-preview').click();
  const node = policies.testId(`preview-node-${NODE}`);
  await expect(node.getByTestId('preview-setting-lldp')).toHaveText('eno3: LLDP on');
  await expect(node.getByTestId('preview-setting-ethtool')).toHaveText(
    'eno3: ethtool rx-checksum = false',
  );
  await expect(node.getByTestId('preview-setting-sriovTotalVfs')).toContainText('eno3: SR-IOV VFs');
  await expect(node.getByTestId('preview-setting-sriovTotalVfs')).toContainText('→ 4');
  await expect(node.getByTestId('preview-setting-routeRuleAdded')).toHaveText(
    'Adds route rule: ip-to: 192.0.2.0/24 priority: 1000 route-table: 100',
  );
  await expect(node.getByTestId('preview-other')).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'policy-settings-form.png'), fullPage: true });
  await policies
    .testId(`interface-card-${i}`)
    .screenshot({ path: path.join(shots, 'policy-settings-card.png') });

  await policies.testId('view-yaml').click();
  const yaml = policies.yamlEditor;
  await yaml.expectValue(/lldp:\s+enabled: true/);
  await yaml.expectValue(/ethtool:\s+feature:\s+rx-checksum: false/);
  await yaml.expectValue(/sr-iov:\s+total-vfs: 4\s+vfs:\s+- id: 3\s+trust: true/);
  await yaml.expectValue(
    /route-rules:\s+config:\s+- ip-to: 192\.0\.2\.0\/24\s+priority: 1000\s+route-table: 100/,
  );
});
