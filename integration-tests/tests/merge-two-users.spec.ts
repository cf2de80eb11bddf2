// Two people edit one object in two browser contexts (issue 21). "Re-apply my draft on top" must
// keep everything the other person changed: list elements are merged by identity (nmstate
// interfaces by name and type, a CNI conflist's plugins by type and position), and an element
// both changed is shown side by side until the user chooses. What was saved is checked through
// the sandbox API.
import * as path from 'node:path';
import { parse, stringify } from 'yaml';
import type { Browser } from '@playwright/test';
import { test, expect } from '../fixtures';
import type { KubeClient } from '../fixtures';
import type { Sandbox } from '../sandbox';
import { ConsolePage } from '../pages/ConsolePage';
import { NadPages } from '../pages/NadPages';
import { PolicyPages } from '../pages/PolicyPages';
import { unique } from '../policyApi';

const NNCP = '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies';
const NS = 'default';
const NADS = `/apis/k8s.cni.cncf.io/v1/namespaces/${NS}/network-attachment-definitions`;
const shots = process.env.PW_OUTPUT ?? path.join(__dirname, '../../test-results');

type Iface = { name: string; type: string; mtu?: number } & Record<string, unknown>;
interface Nncp {
  metadata: { name: string };
  spec: { desiredState: { interfaces: Iface[] } } & Record<string, unknown>;
}
type Plugin = { type: string } & Record<string, unknown>;
interface Conflist {
  plugins: Plugin[];
}

const bridge = (name: string) => ({
  name,
  type: 'linux-bridge',
  state: 'up',
  bridge: { port: [] },
});

async function createPolicy(kube: KubeClient, name: string): Promise<void> {
  await kube.post(NNCP, {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name },
    spec: {
      nodeSelector: { 'kubernetes.io/hostname': 'master-0' },
      desiredState: { interfaces: [bridge('br-ma'), bridge('br-mb')] },
    },
  });
}

async function otherUser(browser: Browser, sandbox: Sandbox) {
  const context = await browser.newContext();
  const view = new ConsolePage(await context.newPage(), sandbox.consoleUrl);
  return { context, view };
}

/** The second user edits the policy in YAML: `edit` changes the parsed resource in place. */
async function editYaml(pages: PolicyPages, edit: (policy: Nncp) => void): Promise<void> {
  const policy = parse(await pages.yamlEditor.value()) as Nncp;
  edit(policy);
  await pages.setYaml(stringify(policy));
}

const ifaces = async (kube: KubeClient, name: string): Promise<Iface[]> =>
  (await kube.get<Nncp>(`${NNCP}/${name}`)).spec.desiredState.interfaces;

test.describe('policy editor', () => {
  // The losing save is a 409, which Chromium logs as a failed request.
  test.use({ allowedErrors: ['409'] });

  test('@reliability re-applying my draft keeps a colleague’s new interface and their edit of another one', async ({
    consolePage,
    browser,
    sandbox,
    kube,
    page,
  }) => {
    test.setTimeout(180_000);
    const name = unique('merge-list');
    await createPolicy(kube, name);
    const other = await otherUser(browser, sandbox);
    try {
      const mine = new PolicyPages(consolePage);
      const theirs = new PolicyPages(other.view);
      await mine.openEdit(name);
      await theirs.openEdit(name, 'yaml');

      // I change interface A while they add interface C and change interface B, and save first.
      await mine.testId('iface-0-mtu').fill('1450');
      await editYaml(theirs, (p) => {
        const b = p.spec.desiredState.interfaces.find((i) => i.name === 'br-mb');
        if (b) b.mtu = 1400;
        p.spec.desiredState.interfaces.push(bridge('br-mc'));
      });
      await theirs.testId('save').click();
      await expect(other.view.page).toHaveURL(new RegExp(`/switchboard/policies/${name}$`));
      expect((await ifaces(kube, name)).map((i) => i.name)).toEqual(['br-ma', 'br-mb', 'br-mc']);

      await mine.testId('save').click();
      await expect(mine.testId('conflict')).toBeVisible();
      await expect(mine.testId('conflict-diff')).toContainText('br-mc');
      await mine.testId('conflict-reapply').click();
      // Different elements: nothing to choose, nothing overridden.
      await expect(mine.testId('merge-conflicts')).toHaveCount(0);
      await expect(mine.testId('conflict-merged')).toContainText(
        'Your changes were applied on top of the latest version. Review and save again.',
      );
      await expect(mine.testId('iface-0-mtu')).toHaveValue('1450');
      await expect(mine.testId('iface-1-mtu')).toHaveValue('1400');
      await expect(mine.testId('iface-2-name')).toHaveValue('br-mc');
      await page.screenshot({ path: path.join(shots, 'merge-policy-list.png'), fullPage: true });
      await mine.testId('save').click();
      await expect(page).toHaveURL(new RegExp(`/switchboard/policies/${name}$`));

      const saved = await ifaces(kube, name);
      expect(saved.map((i) => [i.name, i.mtu])).toEqual([
        ['br-ma', 1450],
        ['br-mb', 1400],
        ['br-mc', undefined],
      ]);
    } finally {
      await other.context.close();
      await kube.del(`${NNCP}/${name}`).catch(() => undefined);
    }
  });

  test('@reliability the same interface changed by both is shown side by side and the user chooses', async ({
    consolePage,
    browser,
    sandbox,
    kube,
    page,
  }) => {
    test.setTimeout(180_000);
    const name = unique('merge-same');
    await createPolicy(kube, name);
    const other = await otherUser(browser, sandbox);
    try {
      const mine = new PolicyPages(consolePage);
      const theirs = new PolicyPages(other.view);
      await mine.openEdit(name);
      await theirs.openEdit(name, 'yaml');
      await mine.testId('iface-0-mtu').fill('1450');
      await editYaml(theirs, (p) => {
        const a = p.spec.desiredState.interfaces.find((i) => i.name === 'br-ma');
        if (a) a.mtu = 1400;
        p.spec.desiredState.interfaces.push(bridge('br-mc'));
      });
      await theirs.testId('save').click();
      await expect(other.view.page).toHaveURL(new RegExp(`/switchboard/policies/${name}$`));

      await mine.testId('save').click();
      await mine.testId('conflict-reapply').click();
      const table = mine.testId('merge-conflicts');
      await expect(table).toBeVisible();
      const rows = table.getByTestId('merge-conflicts-row');
      await expect(rows).toHaveCount(1);
      const row = rows.first();
      await expect(row).toHaveAttribute(
        'data-conflict',
        'spec.desiredState.interfaces[br-ma/linux-bridge].mtu',
      );
      await expect(row.getByTestId('conflict-base')).toHaveText('Not present');
      await expect(row.getByTestId('conflict-mine')).toHaveText('1450');
      await expect(row.getByTestId('conflict-theirs')).toHaveText('1400');
      // Nothing is loaded until the user has chosen; the draft is still mine.
      await expect(mine.testId('merge-conflicts-apply')).toBeDisabled();
      await expect(mine.testId('iface-0-mtu')).toHaveValue('1450');
      await page.screenshot({
        path: path.join(shots, 'merge-policy-conflict.png'),
        fullPage: true,
      });
      await row.getByTestId('conflict-keep-mine').check();
      await mine.testId('merge-conflicts-apply').click();
      await expect(mine.testId('conflict-merged')).toContainText(
        'spec.desiredState.interfaces[br-ma/linux-bridge].mtu',
      );
      await expect(mine.testId('iface-2-name')).toHaveValue('br-mc');
      await mine.testId('save').click();
      await expect(page).toHaveURL(new RegExp(`/switchboard/policies/${name}$`));

      const saved = await ifaces(kube, name);
      expect(saved.map((i) => [i.name, i.mtu])).toEqual([
        ['br-ma', 1450],
        ['br-mb', undefined],
        ['br-mc', undefined],
      ]);
    } finally {
      await other.context.close();
      await kube.del(`${NNCP}/${name}`).catch(() => undefined);
    }
  });
});

test.describe('NAD editor', () => {
  test.use({ allowedErrors: ['status of 409'] });

  async function createConflist(kube: KubeClient, name: string): Promise<void> {
    await kube.post(NADS, {
      apiVersion: 'k8s.cni.cncf.io/v1',
      kind: 'NetworkAttachmentDefinition',
      metadata: { name, namespace: NS },
      spec: {
        config: JSON.stringify(
          {
            cniVersion: '0.4.0',
            name,
            plugins: [
              {
                type: 'bridge',
                bridge: 'br-nad',
                ipam: { type: 'host-local', subnet: '10.250.0.0/24' },
              },
              { type: 'tuning', sysctl: { 'net.ipv4.conf.IFNAME.arp_notify': '1' } },
            ],
          },
          null,
          2,
        ),
      },
    });
  }

  async function editJson(pages: NadPages, edit: (config: Conflist) => void): Promise<void> {
    await pages.showJson();
    const config = JSON.parse(await pages.jsonText()) as Conflist;
    edit(config);
    await pages.jsonEditor.fill(JSON.stringify(config, null, 2));
  }

  const plugin = (config: Conflist, type: string): Plugin => {
    const p = config.plugins.find((x) => x.type === type);
    if (!p) throw new Error(`no ${type} plugin`);
    return p;
  };

  const savedConfig = async (kube: KubeClient, name: string): Promise<Conflist> =>
    JSON.parse(
      (await kube.get<{ spec: { config: string } }>(`${NADS}/${name}`)).spec.config,
    ) as Conflist;

  test('@reliability re-applying my changes keeps a colleague’s added plugin and their edit of another plugin', async ({
    consolePage,
    browser,
    sandbox,
    kube,
    page,
  }) => {
    test.setTimeout(180_000);
    const name = unique('merge-cni');
    await createConflist(kube, name);
    const other = await otherUser(browser, sandbox);
    try {
      const mine = new NadPages(consolePage);
      const theirs = new NadPages(other.view);
      await mine.gotoEdit(NS, name);
      await theirs.gotoEdit(NS, name);
      await editJson(mine, (c) => {
        plugin(c, 'bridge').mtu = 1450;
      });
      await editJson(theirs, (c) => {
        plugin(c, 'tuning').sysctl = { 'net.ipv4.conf.IFNAME.arp_notify': '0' };
        c.plugins.push({ type: 'portmap', capabilities: { portMappings: true } });
      });
      await theirs.saveButton.click();
      await expect
        .poll(async () => (await savedConfig(kube, name)).plugins.map((p) => p.type))
        .toEqual(['bridge', 'tuning', 'portmap']);

      await mine.saveButton.click();
      await expect(page.getByTestId('conflict')).toBeVisible();
      await page.getByTestId('conflict-reapply').click();
      await expect(page.getByTestId('conflict-choose')).toHaveCount(0);
      const merged = JSON.parse(await mine.jsonText()) as Conflist;
      expect(merged.plugins.map((p) => p.type)).toEqual(['bridge', 'tuning', 'portmap']);
      await page.screenshot({ path: path.join(shots, 'merge-nad-plugins.png'), fullPage: true });
      await mine.saveButton.click();
      await expect(page).toHaveURL(new RegExp(`/attachments/${name}$`));

      const saved = await savedConfig(kube, name);
      expect(saved.plugins.map((p) => p.type)).toEqual(['bridge', 'tuning', 'portmap']);
      expect(plugin(saved, 'bridge').mtu).toBe(1450);
      expect(plugin(saved, 'tuning').sysctl).toEqual({ 'net.ipv4.conf.IFNAME.arp_notify': '0' });
      expect(plugin(saved, 'portmap').capabilities).toEqual({ portMappings: true });
    } finally {
      await other.context.close();
      await kube.del(`${NADS}/${name}`).catch(() => undefined);
    }
  });

  test('@reliability the same plugin field changed by both is shown side by side and the user chooses', async ({
    consolePage,
    browser,
    sandbox,
    kube,
    page,
  }) => {
    test.setTimeout(180_000);
    const name = unique('merge-cni-same');
    await createConflist(kube, name);
    const other = await otherUser(browser, sandbox);
    try {
      const mine = new NadPages(consolePage);
      const theirs = new NadPages(other.view);
      await mine.gotoEdit(NS, name);
      await theirs.gotoEdit(NS, name);
      await editJson(mine, (c) => {
        plugin(c, 'bridge').mtu = 1450;
      });
      await editJson(theirs, (c) => {
        plugin(c, 'bridge').mtu = 1400;
        c.plugins.push({ type: 'portmap', capabilities: { portMappings: true } });
      });
      await theirs.saveButton.click();
      await expect.poll(async () => plugin(await savedConfig(kube, name), 'bridge').mtu).toBe(1400);

      await mine.saveButton.click();
      await page.getByTestId('conflict-reapply').click();
      const choose = page.getByTestId('conflict-choose');
      await expect(choose).toBeVisible();
      const row = choose.getByTestId('merge-conflicts-row');
      await expect(row).toHaveCount(1);
      await expect(row).toHaveAttribute('data-conflict', 'spec.config$plugins[bridge].mtu');
      await expect(row.getByTestId('conflict-mine')).toHaveText('1450');
      await expect(row.getByTestId('conflict-theirs')).toHaveText('1400');
      await expect(page.getByTestId('merge-conflicts-apply')).toBeDisabled();
      // Until the choice, the editor still holds my draft as typed.
      expect(plugin(JSON.parse(await mine.jsonText()) as Conflist, 'bridge').mtu).toBe(1450);
      await page.screenshot({ path: path.join(shots, 'merge-nad-conflict.png'), fullPage: true });
      await row.getByTestId('conflict-keep-mine').check();
      await page.getByTestId('merge-conflicts-apply').click();
      await expect(choose).toHaveCount(0);
      await mine.saveButton.click();
      await expect(page).toHaveURL(new RegExp(`/attachments/${name}$`));

      const saved = await savedConfig(kube, name);
      expect(plugin(saved, 'bridge').mtu).toBe(1450);
      expect(saved.plugins.map((p) => p.type)).toEqual(['bridge', 'tuning', 'portmap']);
    } finally {
      await other.context.close();
      await kube.del(`${NADS}/${name}`).catch(() => undefined);
    }
  });
});
