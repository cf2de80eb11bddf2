// Policy authoring, issue 24: interface names and ports are picked from the interfaces of the
// nodes the selector matches, each with how many of them have it, and free text still works;
// narrowing a policy lists the nodes that leave it with what stays there (kubernetes-nmstate only
// deletes their enactments, controllers/handler/nodenetworkconfigurationpolicy_controller.go) and
// offers revert policies for them.
import * as path from 'node:path';
import { test, expect } from '../fixtures';
import type { KubeClient } from '../fixtures';
import { PolicyPages } from '../pages/PolicyPages';
import { unique } from '../policyApi';

const API = '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies';
const NNS = '/apis/nmstate.io/v1beta1/nodenetworkstates';

interface Nncp {
  metadata: { name: string };
  spec: {
    nodeSelector?: Record<string, string>;
    desiredState?: { interfaces?: { name: string; type?: string; state?: string }[] };
  };
  status?: { conditions?: { type: string; status: string }[] };
}

async function waitAvailable(kube: KubeClient, name: string) {
  await expect
    .poll(
      async () =>
        (await kube.get<Nncp>(`${API}/${name}`)).status?.conditions?.find(
          (c) => c.type === 'Available',
        )?.status,
      { timeout: 45_000 },
    )
    .toBe('True');
}

const nodeHas = async (kube: KubeClient, node: string, iface: string) =>
  (
    await kube.get<{ status?: { currentState?: { interfaces?: { name: string }[] } } }>(
      `${NNS}/${node}`,
    )
  ).status?.currentState?.interfaces?.some((i) => i.name === iface) ?? false;

/** How many master nodes have `iface` free (no controller yet): earlier tests may bond it. */
async function mastersWithFree(kube: KubeClient, iface: string): Promise<number> {
  let free = 0;
  for (const node of ['master-0', 'master-1', 'master-2']) {
    const nns = await kube.get<{
      status?: { currentState?: { interfaces?: { name: string; controller?: string }[] } };
    }>(`${NNS}/${node}`);
    if ((nns.status?.currentState?.interfaces ?? []).some((i) => i.name === iface && !i.controller))
      free += 1;
  }
  return free;
}

const shots = process.env.PW_OUTPUT ?? path.join(__dirname, '../../test-results');

test('a bond port is picked from the matched nodes’ NICs with node counts; free text still works', async ({
  consolePage,
  page,
  kube,
}) => {
  const policies = new PolicyPages(consolePage);
  await policies.openCreate();
  await policies.testId('policy-name').fill(unique('pick-bond'));
  await policies.testId('node-selector-add').click();
  await policies.testId('node-selector-0-key').fill('node-role.kubernetes.io/master');
  await expect(policies.testId('matched-preview')).toContainText('Matches 3 of');

  const bond = await policies.addInterface('bond');
  // A bond name no earlier test has put on the masters.
  const bondName = `bp${Date.now().toString(36).slice(-6)}`;
  await policies.testId(`iface-${bond}-name`).fill(bondName);
  await policies.testId(`iface-${bond}-bond-mode`).selectOption('active-backup');

  const picker = policies.interfacePicker(`iface-${bond}-bond-pick`);
  await picker.open();
  // The most widespread free NIC comes first, with the number of masters where no controller
  // holds it yet (earlier tests may bond some NICs, so it is read from the cluster, once the
  // page's watch has caught up with it); the OVN tunnel endpoint is never offered.
  const first = picker.page.locator(`[data-test^="${picker.testId}-option-"]`).first();
  let nic = '';
  await expect
    .poll(async () => {
      const id = (await first.getAttribute('data-test')) ?? '';
      nic = id.slice(`${picker.testId}-option-`.length);
      const free = await mastersWithFree(kube, nic);
      return (await first.textContent()) === `${nic} — ${free} of 3 nodes` && free > 0;
    })
    .toBe(true);
  expect(nic).not.toBe('');
  await expect(picker.option('genev_sys_6081')).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'policy-pick-bond-port.png'), fullPage: true });
  await picker.option(nic).click();
  await expect(policies.testId(`iface-${bond}-bond-ports`)).toHaveValue(nic);
  // Picked once, it is not offered again.
  await picker.open();
  await expect(picker.option(nic)).toHaveCount(0);

  // A name no matched node has is still accepted.
  await picker.input.fill('eth9');
  await expect(picker.useTyped).toHaveText('Use "eth9"');
  await picker.useTyped.click();
  await expect(policies.testId(`iface-${bond}-bond-ports`)).toHaveValue(`${nic}, eth9`);

  // The VLAN base offers the bond the policy creates.
  const vlan = await policies.addInterface('vlan');
  const base = policies.interfacePicker(`iface-${vlan}-vlan-base`);
  await base.input.fill(bondName.slice(0, 4));
  await expect(base.option(bondName)).toHaveText(`${bondName} — created by this policy`);
  await base.option(bondName).click();
  await expect(base.input).toHaveValue(bondName);

  await policies.testId('view-yaml').click();
  await policies.yamlEditor.expectValue(new RegExp(`port:\\n\\s+- ${nic}\\n\\s+- eth9\\n`));
  await policies.yamlEditor.expectValue(new RegExp(`base-iface: ${bondName}`));
});

test('narrowing a selector lists the nodes that leave with what stays, and the revert offer creates revert policies', async ({
  consolePage,
  kube,
  page,
}) => {
  const policies = new PolicyPages(consolePage);
  const name = unique('leave');
  const bridge = `brl${Date.now().toString(36).slice(-6)}`;
  await kube.post(API, {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name },
    spec: {
      nodeSelector: { 'node-role.kubernetes.io/master': '' },
      desiredState: {
        interfaces: [{ name: bridge, type: 'linux-bridge', state: 'up', bridge: { port: [] } }],
      },
    },
  });
  await waitAvailable(kube, name);
  expect(await nodeHas(kube, 'master-1', bridge)).toBe(true);

  await policies.openEdit(name);
  await policies.testId('node-selector-0-key').fill('kubernetes.io/hostname');
  await policies.testId('node-selector-0-value').fill('master-2');
  await expect(policies.testId('matched-preview')).toContainText('Matches 1 of');
  await policies.testId('show-preview').click();

  const leaving = policies.testId('leaving-nodes');
  await expect(leaving).toContainText('2 nodes leave this policy');
  await expect(leaving.getByTestId('leaving-node-master-0')).toContainText(
    `${bridge} (linux-bridge)`,
  );
  await expect(leaving.getByTestId('leaving-node-master-1')).toBeVisible();
  await expect(leaving.getByTestId('leaving-node-master-2')).toHaveCount(0);
  // The masters share no label only master-0 and master-1 carry: one policy per hostname.
  await expect(leaving.getByTestId(`leaving-revert-policy-${name}-revert-master-0`)).toContainText(
    'kubernetes.io/hostname=master-0',
  );
  await expect(leaving.getByTestId(`leaving-revert-policy-${name}-revert-master-1`)).toBeVisible();
  await leaving.getByTestId('leaving-revert').check();
  await page.screenshot({ path: path.join(shots, 'policy-leaving-nodes.png'), fullPage: true });
  await policies.testId('save').click();
  await expect(page).toHaveURL(new RegExp(`/switchboard/policies/${name}$`));

  for (const node of ['master-0', 'master-1']) {
    const revert = await kube.get<Nncp>(`${API}/${name}-revert-${node}`);
    expect(revert.spec.nodeSelector).toEqual({ 'kubernetes.io/hostname': node });
    expect(revert.spec.desiredState?.interfaces).toEqual([
      { name: bridge, type: 'linux-bridge', state: 'absent' },
    ]);
    await waitAvailable(kube, revert.metadata.name);
    expect(await nodeHas(kube, node, bridge)).toBe(false);
  }
  // The node that stays keeps the bridge.
  expect(await nodeHas(kube, 'master-2', bridge)).toBe(true);
  for (const node of ['master-0', 'master-1']) await kube.del(`${API}/${name}-revert-${node}`);
});

test('a YAML comment and key order survive a form edit, and the form names what only the YAML shows', async ({
  consolePage,
}) => {
  const policies = new PolicyPages(consolePage);
  const name = unique('round-trip');
  await policies.openCreate();
  await policies.testId('view-yaml').click();
  await policies.setYaml(
    [
      '# Storage NIC: jumbo frames, agreed with the network team',
      'kind: NodeNetworkConfigurationPolicy',
      'apiVersion: nmstate.io/v1',
      'metadata:',
      `  name: ${name}`,
      '  labels:',
      '    team: storage',
      'spec:',
      '  nodeSelector:',
      '    kubernetes.io/hostname: master-0',
      '  desiredState:',
      '    interfaces:',
      '      - name: eno4 # spare NIC',
      '        type: ethernet',
      '        state: up',
      '        mtu: 9000 # the switch allows 9216',
      '',
    ].join('\n'),
  );
  await policies.testId('view-form').click();
  await expect(policies.testId('yaml-only')).toHaveText(/Edited in YAML only: metadata\.labels/);
  await policies.testId('iface-0-mtu').fill('9100');
  await policies.testId('view-yaml').click();
  const yaml = policies.yamlEditor;
  await yaml.expectValue(/^# Storage NIC: jumbo frames, agreed with the network team\n/);
  await yaml.expectValue(/- name: eno4 # spare NIC\n/);
  await yaml.expectValue(/mtu: 9100 # the switch allows 9216\n/);
  // The user's key order (kind before apiVersion) is kept.
  await yaml.expectValue(/^#[^\n]*\nkind: NodeNetworkConfigurationPolicy\napiVersion:/);
});
