// Policies (issues 5 and 12) on the sandbox: author in the form, preview, dry-run, apply and
// watch the rollout; failures with the extracted error; YAML ⇄ form without losing unknown keys;
// a 409 that keeps the draft; captures resolved per node; a viewer sees no write actions. Keys the
// form does not model survive it; keys nmstate 2.2 does not know are the editor's errors (unit
// tests in validatePolicy.test.ts), as the handler's strict parse refuses them.
import * as path from 'node:path';
import { test, expect } from '../fixtures';
import type { KubeClient } from '../fixtures';
import { PolicyPages } from '../pages/PolicyPages';
import { ConsolePage } from '../pages/ConsolePage';
import { ListPage } from '../pages/ListPage';
import { unique } from '../policyApi';

const API = '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies';
const MASTERS = ['master-0', 'master-1', 'master-2'];
const shots = process.env.PW_OUTPUT ?? path.join(__dirname, '../../test-results');

interface Nncp {
  metadata: { name: string; resourceVersion?: string; annotations?: Record<string, string> };
  spec: { desiredState?: { interfaces?: Record<string, unknown>[] } } & Record<string, unknown>;
  status?: { conditions?: { type: string; status: string; reason?: string }[] };
}

async function createPolicy(kube: KubeClient, name: string, spec: Record<string, unknown>) {
  await kube.post(API, {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name },
    spec,
  });
}

async function waitAvailable(kube: KubeClient, name: string) {
  await expect
    .poll(
      async () => {
        const p = await kube.get<Nncp>(`${API}/${name}`);
        return p.status?.conditions?.find((c) => c.type === 'Available')?.status;
      },
      { timeout: 45_000 },
    )
    .toBe('True');
}

test('create a bond + VLAN + bridge in the form, preview, dry-run, apply and watch it roll out', async ({
  consolePage,
  page,
}) => {
  const policies = new PolicyPages(consolePage);
  const name = unique('bond-vlan-br');
  await policies.openCreate();
  // No red on a field nobody touched: "required" waits until the field is left empty.
  const nameInput = policies.testId('policy-name');
  await expect(page.getByTestId('finding-policy.name.required')).toHaveCount(0);
  await expect(nameInput).not.toHaveAttribute('aria-invalid', 'true');
  await nameInput.focus();
  await nameInput.blur();
  await expect(page.getByTestId('finding-policy.name.required')).toContainText('Name is required');
  await nameInput.fill(name);
  await expect(page.getByTestId('finding-policy.name.required')).toHaveCount(0);
  await policies.testId('node-selector-add').click();
  await policies.testId('node-selector-0-key').fill('node-role.kubernetes.io/master');
  await expect(policies.testId('matched-preview')).toContainText('master-2');

  const bond = await policies.addInterface('bond');
  await policies.testId(`iface-${bond}-name`).fill('bond9');
  await policies.testId(`iface-${bond}-bond-mode`).selectOption('active-backup');
  await policies.testId(`iface-${bond}-bond-ports`).fill('eno3, eno4');
  const vlan = await policies.addInterface('vlan');
  await policies.testId(`iface-${vlan}-name`).fill('bond9.77');
  await policies.testId(`iface-${vlan}-vlan-base`).fill('bond9');
  // An out-of-range id is reported on the field itself, then fixed.
  await policies.testId(`iface-${vlan}-vlan-id`).fill('5000');
  await expect(
    policies.testId(`interface-card-${vlan}`).getByTestId('finding-vlan.id.invalid'),
  ).toBeVisible();
  await expect(policies.testId('save')).toBeDisabled();
  await policies.testId(`iface-${vlan}-vlan-id`).fill('77');
  await expect(policies.testId('finding-vlan.id.invalid')).toHaveCount(0);
  const br = await policies.addInterface('linux-bridge');
  await policies.testId(`iface-${br}-name`).fill('br77');
  await policies.testId(`iface-${br}-add-port`).click();
  await policies.testId(`iface-${br}-port-0-name`).fill('bond9.77');

  await policies.testId('show-preview').click();
  const master0 = policies.testId('preview-node-master-0');
  await expect(master0.getByTestId('preview-created-bond9')).toBeVisible();
  await expect(master0.getByTestId('preview-created-br77')).toBeVisible();
  await expect(policies.testId('preview-node-master-2')).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'policy-editor-form.png'), fullPage: true });

  await policies.testId('dry-run').click();
  await expect(policies.testId('dry-run-ok')).toBeVisible();
  await policies.testId('save').click();

  await expect(page).toHaveURL(new RegExp(`/switchboard/policies/${name}$`));
  await expect(policies.testId('interfaces-table')).toContainText('bond9.77');
  await policies.openTab('enactments');
  for (const node of MASTERS)
    await expect(policies.enactmentRow(node).getByTestId('phase-Available')).toBeVisible({
      timeout: 45_000,
    });
  await policies.openTab('details');
  await expect(policies.testId('policy-condition-Available')).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'policy-details.png'), fullPage: true });
  // The save was this user's: its revision in the history is signed.
  await policies.openTab('history');
  await expect(page.getByTestId('revision-1').getByTestId('revision-author')).toHaveText('admin');
});

test('a policy that fails on one node shows the extracted error and the full log', async ({
  consolePage,
  page,
}) => {
  const policies = new PolicyPages(consolePage);
  const name = unique('ens2f1-vlan');
  await policies.openCreate();
  await policies.testId('view-yaml').click();
  // A document of another kind is refused with its position.
  await policies.setYaml('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n');
  await expect(policies.testId('yaml-error')).toContainText('Line 2, column 7');
  await policies.yamlEditor.expectFindingMarker(2);
  await policies.setYaml(
    [
      'apiVersion: nmstate.io/v1',
      'kind: NodeNetworkConfigurationPolicy',
      'metadata:',
      `  name: ${name}`,
      'spec:',
      '  nodeSelector:',
      '    node-role.kubernetes.io/worker: ""',
      '  desiredState:',
      '    interfaces:',
      '      - name: ens2f1.123',
      '        type: vlan',
      '        state: up',
      '        vlan:',
      '          base-iface: ens2f1',
      '          id: 123',
      '',
    ].join('\n'),
  );
  // The missing base NIC is a warning naming the node, marked on its line in the editor.
  await expect(policies.testId('finding-baseIface.notFound')).toContainText('worker-2');
  await policies.yamlEditor.expectFindingMarker(10);
  await policies.testId('save').click();
  await expect(page).toHaveURL(new RegExp(`/switchboard/policies/${name}$`));
  await policies.openTab('enactments');
  const row = policies.enactmentRow('worker-2');
  await expect(row.getByTestId('enactment-error-line')).toContainText('ens2f1', {
    timeout: 45_000,
  });
  // Condition reasons in words; the API's reason stays on the element.
  const reason = row.getByTestId('condition-Failing').locator('[data-reason]');
  await expect(reason).toHaveText('Failed to configure');
  await expect(reason).toHaveAttribute('data-reason', 'FailedToConfigure');
  await row.getByTestId('enactment-log-toggle').getByRole('button').click();
  await expect(row.getByTestId('enactment-log')).toBeVisible();
  // What the handler did there: every attempt of this generation failed, and what it rendered.
  await expect(row.getByTestId('handler-retries')).toHaveText('5 of 5 for generation 1');
  await row.getByTestId('handler-desired-state-toggle').getByRole('button').click();
  await expect(row.getByTestId('handler-desired-state')).toContainText('base-iface: ens2f1');
  const ok = policies.enactmentRow('worker-0');
  await expect(ok.getByTestId('phase-Available')).toBeVisible({ timeout: 45_000 });
  // A node where it worked opens on request and shows the same, without a failure.
  await ok.getByRole('button', { name: 'Details' }).click();
  await expect(ok.getByTestId('handler-retries')).toHaveText('0 of 5 for generation 1');
  await expect(ok.getByTestId('enactment-failure')).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'policy-details-failing.png'), fullPage: true });
});

test('edit in YAML and back in the form keeps a key the form does not model', async ({
  consolePage,
  kube,
  page,
}) => {
  const policies = new PolicyPages(consolePage);
  const name = unique('unknown-key');
  await createPolicy(kube, name, {
    nodeSelector: { 'kubernetes.io/hostname': 'master-2' },
    desiredState: {
      interfaces: [
        {
          name: 'br-uk',
          type: 'linux-bridge',
          state: 'up',
          'accept-all-mac-addresses': false,
          bridge: { port: [] },
          ipv4: { enabled: false },
        },
      ],
    },
  });
  await policies.openEdit(name, 'yaml');
  const text = await policies.yamlEditor.value();
  expect(text).toMatch(/accept-all-mac-addresses: false/);
  await policies.setYaml(text.replace('state: up', 'state: up\n        mtu: 1400'));
  await policies.testId('view-form').click();
  await expect(policies.testId('iface-0-mtu')).toHaveValue('1400');
  await policies.testId('iface-0-description').fill('edited in the form');
  await page.screenshot({ path: path.join(shots, 'policy-editor-edit.png'), fullPage: true });
  await policies.testId('view-yaml').click();
  await policies.yamlEditor.expectValue(/accept-all-mac-addresses: false/);
  await policies.yamlEditor.expectValue(/description: edited in the form/);
  await policies.testId('save').click();
  await expect(page).toHaveURL(new RegExp(`/switchboard/policies/${name}$`));
  const saved = await kube.get<Nncp>(`${API}/${name}`);
  const iface = saved.spec.desiredState?.interfaces?.[0];
  expect(iface?.['accept-all-mac-addresses']).toBe(false);
  expect(iface?.mtu).toBe(1400);
  expect(iface?.description).toBe('edited in the form');
});

test('changing an interface type in the form keeps its common settings and unmodelled keys', async ({
  consolePage,
  kube,
  page,
}) => {
  const policies = new PolicyPages(consolePage);
  const name = unique('type-change');
  await createPolicy(kube, name, {
    nodeSelector: { 'kubernetes.io/hostname': 'master-2' },
    desiredState: {
      interfaces: [
        {
          name: 'br-tc',
          type: 'linux-bridge',
          state: 'up',
          mtu: 1450,
          'accept-all-mac-addresses': false,
          bridge: { port: [] },
          ipv4: { enabled: false },
        },
      ],
    },
  });
  await policies.openEdit(name, 'form');
  await policies.testId('iface-0-type').selectOption('bond');
  await policies.testId('iface-0-bond-mode').selectOption('active-backup');
  await policies.testId('iface-0-bond-ports').fill('eno3');
  await policies.testId('view-yaml').click();
  await policies.yamlEditor.expectValue(/type: bond/);
  await policies.yamlEditor.expectNotValue(/bridge:/);
  await policies.testId('save').click();
  await expect(page).toHaveURL(new RegExp(`/switchboard/policies/${name}$`));
  const iface = (await kube.get<Nncp>(`${API}/${name}`)).spec.desiredState?.interfaces?.[0];
  expect(iface?.type).toBe('bond');
  expect(iface?.mtu).toBe(1450);
  expect(iface?.['accept-all-mac-addresses']).toBe(false);
  expect(iface?.bridge).toBeUndefined();
  expect(iface?.['link-aggregation']).toEqual({ mode: 'active-backup', port: ['eno3'] });
});

test.describe('conflicts', () => {
  test.use({ allowedErrors: ['409'] });
  test('a change made on the server meanwhile is shown and the draft is re-applied on top', async ({
    consolePage,
    kube,
    page,
  }) => {
    const policies = new PolicyPages(consolePage);
    const name = unique('conflict');
    await createPolicy(kube, name, {
      nodeSelector: { 'kubernetes.io/hostname': 'master-1' },
      desiredState: {
        interfaces: [{ name: 'br-cf', type: 'linux-bridge', state: 'up', bridge: { port: [] } }],
      },
    });
    await waitAvailable(kube, name);
    await policies.openEdit(name);
    await policies.testId('iface-0-mtu').fill('1450');
    // Someone else writes between load and save.
    await kube.mergePatch(`${API}/${name}`, {
      metadata: { annotations: { description: 'changed elsewhere' } },
    });
    await policies.testId('save').click();
    await expect(policies.testId('conflict')).toBeVisible();
    await expect(policies.testId('conflict-diff')).toContainText('changed elsewhere');
    await expect(policies.testId('iface-0-mtu')).toHaveValue('1450');
    await page.screenshot({ path: path.join(shots, 'policy-conflict.png'), fullPage: true });
    await policies.testId('conflict-reapply').click();
    await expect(policies.testId('conflict-merged')).toBeVisible();
    await expect(policies.testId('iface-0-mtu')).toHaveValue('1450');
    await policies.testId('save').click();
    await expect(page).toHaveURL(new RegExp(`/switchboard/policies/${name}$`));
    const saved = await kube.get<Nncp>(`${API}/${name}`);
    expect(saved.metadata.annotations?.description).toBe('changed elsewhere');
    expect(saved.spec.desiredState?.interfaces?.[0]?.mtu).toBe(1450);
  });

  test('@reliability two browser contexts edit the same policy; the second save sees the first and keeps its draft', async ({
    consolePage,
    browser,
    sandbox,
    kube,
  }) => {
    const name = unique('conflict2');
    await createPolicy(kube, name, {
      nodeSelector: { 'kubernetes.io/hostname': 'master-2' },
      desiredState: {
        interfaces: [{ name: 'br-cf2', type: 'linux-bridge', state: 'up', bridge: { port: [] } }],
      },
    });
    await waitAvailable(kube, name);
    const other = await browser.newContext();
    const otherConsole = new ConsolePage(await other.newPage(), sandbox.consoleUrl);
    const mine = new PolicyPages(consolePage);
    const theirs = new PolicyPages(otherConsole);
    await mine.openEdit(name);
    await theirs.openEdit(name);
    await theirs.testId('iface-0-mtu').fill('1400');
    await mine.testId('iface-0-mtu').fill('1450');
    await theirs.testId('save').click();
    await expect
      .poll(
        async () =>
          (await kube.get<Nncp>(`${API}/${name}`)).spec.desiredState?.interfaces?.[0]?.mtu,
      )
      .toBe(1400);
    await mine.testId('save').click();
    await expect(mine.testId('conflict')).toBeVisible();
    await expect(mine.testId('conflict-diff')).toContainText('1400');
    await expect(mine.testId('iface-0-mtu')).toHaveValue('1450');
    await other.close();
  });
});

test('a capture-based policy shows what each capture resolves to on each node', async ({
  consolePage,
  kube,
  page,
}) => {
  const policies = new PolicyPages(consolePage);
  const name = unique('capture-gw');
  await createPolicy(kube, name, {
    nodeSelector: { 'node-role.kubernetes.io/master': '' },
    capture: {
      'gw-iface': 'interfaces.name==capture.default-gw.routes.running.0.next-hop-interface',
      'default-gw': 'routes.running.destination=="0.0.0.0/0"',
    },
    desiredState: {
      interfaces: [
        {
          name: 'br-cap',
          type: 'linux-bridge',
          state: 'up',
          description: '{{ capture.gw-iface.interfaces.0.name }}',
          bridge: { port: [] },
        },
      ],
    },
  });
  await policies.openDetails(name);
  const node = policies.testId('capture-node-master-0');
  await node.getByRole('button').first().click();
  await expect(node.getByTestId('capture-row-gw-iface')).toContainText('br-ex');
  await expect(node.getByTestId('resolved-desired-state')).toContainText('description: br-ex');
  await expect(node.getByTestId('resolved-desired-state')).not.toContainText('{{');
  await page.screenshot({ path: path.join(shots, 'policy-captures.png'), fullPage: true });

  // In the editor, a syntax error is shown at its position with a caret.
  await policies.openCreate();
  await policies.testId('add-capture').click();
  await policies.testId('capture-0-name').fill('bad');
  await policies.testId('capture-0-expression').fill('interfaces.name=="eno1" |');
  await policies.testId('node-selector-add').click();
  await policies.testId('node-selector-0-key').fill('kubernetes.io/hostname');
  await policies.testId('node-selector-0-value').fill('master-0');
  const formNode = policies.testId('form-capture-resolution').getByTestId('capture-node-master-0');
  await formNode.getByRole('button').first().click();
  await expect(formNode.getByTestId('capture-caret')).toContainText('^');
});

test.describe('viewer', () => {
  test('sees policies but no create, edit or delete actions', async ({ consolePage, page }) => {
    const policies = new PolicyPages(consolePage);
    await consolePage.setPersona('viewer');
    await policies.openList('worker-bond1');
    await expect(policies.row('worker-bond1')).toBeVisible();
    await expect(policies.row('worker-bond1').getByTestId('count-Failing')).toBeVisible();
    await expect(policies.createButton).toHaveCount(0);
    await expect(page.getByTestId('policy-actions')).toHaveCount(0);
    // The missing actions are explained, not just absent.
    await expect(page.getByTestId('read-only-notice')).toContainText(
      'Your role does not allow you to create, change, or delete policies',
    );
    await policies.openDetails('worker-bond1', 'enactments');
    await expect(policies.testId('enactment-table')).toBeVisible();
    await expect(page.getByTestId('read-only-notice')).toContainText(
      'Your role does not allow you to change or delete policies',
    );
    // The write actions stay in the Actions menu, disabled, with the reason.
    for (const id of ['edit', 'delete']) {
      const item = await policies.action(id);
      await expect(item.getByRole('menuitem')).toBeDisabled();
      await expect(item).toContainText('Your role does not allow it.');
    }
  });
});

test('the list shows live counts, conditions and filters by state', async ({
  consolePage,
  page,
}) => {
  const policies = new PolicyPages(consolePage);
  const list = new ListPage(page);
  // Rows are windowed and earlier tests add policies: each policy is found through the name
  // filter, as a user would in a long list.
  await policies.openList('worker-bond1');
  await expect(policies.row('worker-bond1').getByTestId('count-Failing')).toContainText('1', {
    timeout: 45_000,
  });
  // Tooltips are mounted on hover: the matched nodes and the condition's message.
  await policies.row('worker-bond1').getByTestId('matched-nodes').locator('span').first().hover();
  await expect(page.getByRole('tooltip')).toContainText('worker-2');
  await list.filterByName('sriov-gpu-nodes');
  await expect(
    policies.row('sriov-gpu-nodes').getByTestId('policy-condition-Ignored'),
  ).toBeVisible();
  await policies.row('sriov-gpu-nodes').getByTestId('policy-condition-Ignored').hover();
  await expect(page.getByRole('tooltip')).not.toContainText('worker-2');
  await expect(page.getByRole('tooltip')).toHaveCount(1);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await list.filterByName('');
  await expect(page).not.toHaveURL(/[?&]name=/);
  await list.toggleRowFilter('Failing');
  await expect(policies.row('worker-bond1')).toBeVisible();
  await expect(policies.row('dns-search-domains')).toHaveCount(0);
  // The state filter is in the URL, named as the console's row filters, so it can be shared.
  await expect(page).toHaveURL(/[?&]rowFilter-policy-status=Failing$/);
  await list.toggleRowFilter('Failing');
  await expect(page).not.toHaveURL(/rowFilter-policy-status/);
  await list.filterByName('dns');
  await expect(policies.row('dns-search-domains')).toBeVisible();
  await expect(policies.row('worker-bond1')).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'policy-list.png'), fullPage: true });
});

test('while enactments are still arriving the list shows the handler’s count, marked as such', async ({
  consolePage,
  page,
  kube,
}) => {
  const policy = await kube.get<{
    status?: { conditions?: { type: string; status: string; message?: string }[] };
  }>(`${API}/dns-search-domains`);
  const message =
    policy.status?.conditions?.find((c) => c.type === 'Available' && c.status === 'True')
      ?.message ?? '';
  const handlerCount = /^(\d+)\//.exec(message)?.[1];
  expect(handlerCount, `an Available message with a count: "${message}"`).toBeDefined();
  // Hold the enactment list back, as a long list paging in would.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/nodenetworkconfigurationenactments?*', async (route) => {
    await held;
    await route.continue();
  });
  const policies = new PolicyPages(consolePage);
  await policies.openList();
  const row = policies.row('dns-search-domains');
  await expect(row.getByTestId('counts-from-handler')).toBeVisible();
  await expect(row.getByTestId('count-Available')).toContainText(String(handlerCount));
  release();
  await expect(row.getByTestId('counts-from-handler')).toHaveCount(0);
  await expect(row.getByTestId('count-Available')).toContainText(String(handlerCount));
});
