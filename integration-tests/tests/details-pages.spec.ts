// Details pages as the console lays them out (issue 26): the policy page's tabs are path segments
// (a reload or a shared link keeps the tab), its Actions menu replaces the buttons and says why an
// item is off, and the YAML tab of the policy and NAD pages saves with the resourceVersion it was
// loaded with: a change made on the server meanwhile keeps the draft, shows what changed and
// re-applies the draft on top (lists merged by element identity) or reloads; bad YAML is marked
// at its line and nothing typed is lost.
import * as path from 'node:path';
import { test, expect } from '../fixtures';
import { CodeEditor } from '../pages/CodeEditor';
import type { KubeClient } from '../fixtures';
import { PolicyPages, type PolicyTab } from '../pages/PolicyPages';
import { unique } from '../policyApi';

const API = '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies';
const NADS = '/apis/k8s.cni.cncf.io/v1/namespaces/tenant-a/network-attachment-definitions';
const shots = process.env.PW_OUTPUT ?? path.join(__dirname, '../../test-results');

interface Nncp {
  metadata: { name: string; resourceVersion?: string; annotations?: Record<string, string> };
  spec: { desiredState?: { interfaces?: Record<string, unknown>[] } } & Record<string, unknown>;
}

const bridge = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'linux-bridge',
  state: 'up',
  bridge: { port: [] },
  ...extra,
});

async function createPolicy(kube: KubeClient, name: string) {
  await kube.post(API, {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name },
    spec: {
      nodeSelector: { 'kubernetes.io/hostname': 'master-1' },
      desiredState: { interfaces: [bridge('br-dp')] },
    },
  });
}

test('the policy page: breadcrumbs, tabs as path segments that survive a reload, Actions menu', async ({
  consolePage,
  kube,
  page,
}) => {
  const policies = new PolicyPages(consolePage);
  const name = unique('dp-tabs');
  await createPolicy(kube, name);
  try {
    await policies.openDetails(name);
    const details = page.getByTestId('policy-details');
    await expect(details.getByTestId('breadcrumbs')).toContainText('Policies');
    await expect(policies.testId('interfaces-table')).toContainText('br-dp');
    const tabs: [PolicyTab, RegExp, string][] = [
      ['yaml', /\/yaml$/, 'yaml-tab-editor'],
      ['events', /\/events$/, 'policy-events'],
      ['enactments', /\/enactments$/, 'enactment-table'],
      ['history', /\/history$/, 'policy-history'],
    ];
    for (const [tab, url, content] of tabs) {
      await policies.openTab(tab);
      await expect(page).toHaveURL(new RegExp(`/switchboard/policies/${name}${url.source}`));
      const shown =
        content === 'policy-events'
          ? page.getByTestId('policy-events').or(page.getByTestId('policy-events-empty'))
          : page.getByTestId(content);
      await expect(shown).toBeVisible();
      await page.reload();
      await expect(shown).toBeVisible();
      // Only the tab's content is on the page.
      await expect(policies.testId('interfaces-table')).toHaveCount(0);
    }
    await expect(policies.testId('yaml-tab-editor')).toHaveCount(0);
    await policies.openTab('details');
    await expect(page).toHaveURL(new RegExp(`/switchboard/policies/${name}/?$`));
    await expect(policies.testId('interfaces-table')).toBeVisible();

    // The Actions menu: every write action of the old buttons, plus roll back and revert.
    await (await policies.action('edit')).waitFor();
    for (const id of ['edit', 'edit-yaml', 'clone', 'rollback', 'revert', 'delete'])
      await expect(page.getByTestId(`action-${id}`)).toBeVisible();
    await expect(page.getByTestId('action-delete').getByRole('menuitem')).toBeEnabled();
    await page.screenshot({ path: path.join(shots, 'details-policy-actions.png'), fullPage: true });
    await page.getByTestId('action-rollback').getByRole('menuitem').click();
    await expect(page).toHaveURL(
      new RegExp(`/switchboard/policies/${name}/history\\?action=rollback$`),
    );
    await expect(page.getByTestId('rollback-panel')).toBeVisible();
    await (await policies.action('edit')).getByRole('menuitem').click();
    await expect(page).toHaveURL(new RegExp(`/switchboard/policies/${name}/edit$`));
    await policies.editorBody.waitFor();
  } finally {
    await kube.del(`${API}/${name}`);
  }
});

test.describe('read-only user', () => {
  test('sees the actions disabled with the reason, and a read-only YAML tab', async ({
    consolePage,
    page,
  }) => {
    const policies = new PolicyPages(consolePage);
    await consolePage.setPersona('viewer');
    await policies.openDetails('worker-bond1');
    for (const id of ['edit', 'edit-yaml', 'clone', 'rollback', 'delete']) {
      const item = await policies.action(id);
      await expect(item.getByRole('menuitem')).toBeDisabled();
      await expect(item).toContainText('Your role does not allow it.');
    }
    await page.screenshot({ path: path.join(shots, 'details-policy-viewer.png'), fullPage: true });
    await page.keyboard.press('Escape');
    await policies.openTab('yaml');
    await expect(page.getByTestId('yaml-tab-read-only')).toContainText(
      'your role does not allow you to change policies',
    );
    const input = new CodeEditor(page, 'yaml-tab-editor');
    await input.expectValue(/name: worker-bond1/);
    expect(await input.readOnly()).toBe(true);
    await expect(page.getByTestId('yaml-tab-save')).toHaveCount(0);
    await expect(page.getByTestId('yaml-tab-reload')).toBeVisible();
  });
});

test('the YAML tab saves the edit and keeps the comments and key order typed', async ({
  consolePage,
  kube,
  page,
}) => {
  const policies = new PolicyPages(consolePage);
  const name = unique('dp-save');
  await createPolicy(kube, name);
  try {
    await policies.openDetails(name, 'yaml');
    const input = new CodeEditor(page, 'yaml-tab-editor');
    await input.expectValue(/name: br-dp/);
    const before = await input.value();
    expect(before).not.toContain('managedFields');
    const edited = `# edited on the YAML tab\n${before.replace(
      '        state: up',
      '        state: up\n        mtu: 1450 # jumbo later',
    )}`;
    await input.fill(edited);
    await page.getByTestId('yaml-tab-save').click();
    await expect(page.getByTestId('yaml-tab-saved')).toContainText(`${name} has been updated`);
    const saved = await kube.get<Nncp>(`${API}/${name}`);
    expect(saved.spec.desiredState?.interfaces?.[0]?.mtu).toBe(1450);
    expect(saved.metadata.resourceVersion).toBeDefined();
    const after = await input.value();
    expect(after).toMatch(/^# edited on the YAML tab\n/);
    expect(after).toContain('mtu: 1450 # jumbo later');
    const version = (text: string) => /resourceVersion: "(\d+)"/.exec(text)?.[1];
    expect(version(after)).not.toBe(version(before));
    // The handler then rewrites the status: with no change typed the tab follows it, the comments
    // stay, and nothing says "updated" (there is no draft to lose). The saved version is the one
    // the save message names: the tab may already have followed the handler by the time it is read.
    const savedMessage = (await page.getByTestId('yaml-tab-saved').textContent()) ?? '';
    const savedVersion = /version (\d+)/.exec(savedMessage)?.[1];
    expect(savedVersion, savedMessage).toBeDefined();
    await expect
      .poll(
        async () => {
          const shown = version(await input.value());
          const server = (await kube.get<Nncp>(`${API}/${name}`)).metadata.resourceVersion;
          return shown !== savedVersion && shown === server;
        },
        { timeout: 45_000 },
      )
      .toBe(true);
    await expect(page.getByTestId('yaml-tab-stale')).toHaveCount(0);
    expect(await input.value()).toContain('mtu: 1450 # jumbo later');
    await expect(page.getByTestId('yaml-tab-save')).toBeDisabled();
  } finally {
    await kube.del(`${API}/${name}`);
  }
});

test.describe('conflicts', () => {
  test.use({ allowedErrors: ['409'] });

  test('a change made on the server while editing keeps the draft, shows it, and merges or reloads', async ({
    consolePage,
    kube,
    page,
  }) => {
    const policies = new PolicyPages(consolePage);
    const name = unique('dp-conflict');
    await createPolicy(kube, name);
    try {
      await policies.openDetails(name, 'yaml');
      const input = new CodeEditor(page, 'yaml-tab-editor');
      await input.expectValue(/name: br-dp/);
      const draft = `# mine\n${(await input.value()).replace(
        '        state: up',
        '        state: up\n        mtu: 1450',
      )}`;
      await input.fill(draft);
      // Someone else adds an interface meanwhile.
      const server = await kube.get<Nncp>(`${API}/${name}`);
      await kube.put(`${API}/${name}`, {
        ...server,
        spec: {
          ...server.spec,
          desiredState: { interfaces: [bridge('br-dp'), bridge('br-other')] },
        },
      });
      await expect(page.getByTestId('yaml-tab-stale')).toContainText(
        'This object has been updated.',
      );
      await page.getByTestId('yaml-tab-save').click();
      const conflict = page.getByTestId('yaml-tab-conflict');
      await expect(conflict).toBeVisible();
      await expect(page.getByTestId('yaml-tab-conflict-diff')).toContainText('br-other');
      expect(await input.value()).toBe(draft);
      await page.screenshot({
        path: path.join(shots, 'details-yaml-conflict.png'),
        fullPage: true,
      });
      await page.getByTestId('yaml-tab-conflict-reapply').click();
      await expect(page.getByTestId('yaml-tab-merged')).toBeVisible();
      const merged = await input.value();
      expect(merged).toMatch(/^# mine\n/);
      expect(merged).toContain('mtu: 1450');
      expect(merged).toContain('name: br-other');
      await page.getByTestId('yaml-tab-save').click();
      await expect(page.getByTestId('yaml-tab-saved')).toBeVisible();
      const both = await kube.get<Nncp>(`${API}/${name}`);
      expect(both.spec.desiredState?.interfaces?.map((i) => [i.name, i.mtu])).toEqual([
        ['br-dp', 1450],
        ['br-other', undefined],
      ]);

      // Both change the same element: the user chooses, nothing is picked silently.
      await input.fill((await input.value()).replace('mtu: 1450', 'mtu: 9000'));
      const again = await kube.get<Nncp>(`${API}/${name}`);
      await kube.put(`${API}/${name}`, {
        ...again,
        spec: {
          ...again.spec,
          desiredState: { interfaces: [bridge('br-dp', { mtu: 1400 }), bridge('br-other')] },
        },
      });
      // The notice goes in above the buttons and moves them down: a click on Save while it
      // arrives can land on the notice instead, for a user as for the test.
      await expect(page.getByTestId('yaml-tab-stale')).toBeVisible();
      await page.getByTestId('yaml-tab-save').click();
      await page.getByTestId('yaml-tab-conflict-reapply').click();
      const row = page.getByTestId('merge-conflicts-row');
      await expect(row).toHaveAttribute(
        'data-conflict',
        'spec.desiredState.interfaces[br-dp/linux-bridge].mtu',
      );
      await expect(row.getByTestId('conflict-mine')).toHaveText('9000');
      await expect(row.getByTestId('conflict-theirs')).toHaveText('1400');
      await row.getByTestId('conflict-keep-theirs').check();
      await page.getByTestId('merge-conflicts-apply').click();
      await expect(page.getByTestId('yaml-tab-merged')).toBeVisible();
      expect(await input.value()).toContain('mtu: 1400');

      // Or the draft is dropped for the server's copy.
      await input.fill((await input.value()).replace('mtu: 1400', 'mtu: 1300'));
      const third = await kube.get<Nncp>(`${API}/${name}`);
      await kube.put(`${API}/${name}`, {
        ...third,
        metadata: { ...third.metadata, annotations: { description: 'changed elsewhere' } },
      });
      await expect(page.getByTestId('yaml-tab-stale')).toBeVisible();
      await page.getByTestId('yaml-tab-save').click();
      await page.getByTestId('yaml-tab-conflict-reload').click();
      await expect(page.getByTestId('yaml-tab-conflict')).toHaveCount(0);
      await input.expectValue(/description: changed elsewhere/);
      await input.expectNotValue(/mtu: 1300/);
      await expect(page.getByTestId('yaml-tab-save')).toBeDisabled();
    } finally {
      await kube.del(`${API}/${name}`);
    }
  });
});

test('bad YAML is marked at its line, keeps every character typed and cannot be saved', async ({
  consolePage,
  kube,
  page,
}) => {
  const policies = new PolicyPages(consolePage);
  const name = unique('dp-bad');
  await createPolicy(kube, name);
  try {
    await policies.openDetails(name, 'yaml');
    const input = new CodeEditor(page, 'yaml-tab-editor');
    await input.expectValue(/name: br-dp/);
    const bad = (await input.value()).replace('spec:', 'spec: [');
    await input.fill(bad);
    const error = page.getByTestId('yaml-tab-parse-error');
    await expect(error).toContainText('YAML syntax error at line');
    await expect
      .poll(
        async () => (await input.markers()).filter((m) => m.owner.startsWith('switchboard')).length,
      )
      .toBe(1);
    await expect(page.getByTestId('yaml-tab-save')).toBeDisabled();
    expect(await input.value()).toBe(bad);
    await page.screenshot({ path: path.join(shots, 'details-yaml-bad.png'), fullPage: true });
    // The name cannot be changed from here, as in the console.
    await input.fill(bad.replace('spec: [', 'spec:').replace(`name: ${name}`, `name: ${name}-x`));
    await expect(error).toHaveCount(0);
    await expect(page.getByTestId('yaml-tab-identity-error')).toContainText(
      `Cannot change the name (original: "${name}"`,
    );
    await expect(page.getByTestId('yaml-tab-save')).toBeDisabled();
  } finally {
    await kube.del(`${API}/${name}`);
  }
});

test('the NAD page’s YAML tab saves, and its tabs are path segments too', async ({
  consolePage,
  kube,
  page,
}) => {
  const name = unique('dp-nad');
  await kube.post(NADS, {
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata: { name, namespace: 'tenant-a' },
    spec: {
      config: JSON.stringify({ cniVersion: '0.4.0', name, type: 'bridge', bridge: 'br-nad' }),
    },
  });
  try {
    await consolePage.goto(`/switchboard/ns/tenant-a/attachments/${name}/yaml`);
    const input = new CodeEditor(page, 'yaml-tab-editor');
    await input.expectValue(/kind: NetworkAttachmentDefinition/);
    await input.fill(
      (await input.value()).replace(
        `  name: ${name}\n`,
        `  name: ${name}\n  labels:\n    team: blue # who\n`,
      ),
    );
    await page.getByTestId('yaml-tab-save').click();
    await expect(page.getByTestId('yaml-tab-saved')).toBeVisible();
    await input.expectValue(/team: blue # who/);
    const saved = await kube.get<{ metadata: { labels?: Record<string, string> } }>(
      `${NADS}/${name}`,
    );
    expect(saved.metadata.labels).toEqual({ team: 'blue' });
    await page.reload();
    await input.expectValue(/team: blue/);
    await page.getByRole('tab', { name: 'Details', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/attachments/${name}/?$`));
  } finally {
    await kube.del(`${NADS}/${name}`);
  }
});
