// @reliability: editors under pressure. Two people save the same NAD (the second sees what
// changed and keeps the draft), pasted garbage and oversized configs are refused with a clear
// message while the page stays usable, and leaving with unsaved changes asks first.
import { test, expect } from '../fixtures';
import type { KubeClient } from '../fixtures';
import { ConsolePage } from '../pages/ConsolePage';
import { NadPages } from '../pages/NadPages';
import { PolicyPages } from '../pages/PolicyPages';

const NS = 'default';

async function createNad(kube: KubeClient, name: string) {
  await kube.post(`/apis/k8s.cni.cncf.io/v1/namespaces/${NS}/network-attachment-definitions`, {
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata: { name, namespace: NS },
    spec: {
      config: JSON.stringify(
        {
          cniVersion: '0.4.0',
          name,
          type: 'macvlan',
          master: 'eno1',
          ipam: { type: 'whereabouts', range: '192.168.60.0/24' },
        },
        null,
        2,
      ),
    },
  });
}

const nadPath = (name: string) =>
  `/apis/k8s.cni.cncf.io/v1/namespaces/${NS}/network-attachment-definitions/${name}`;

test.describe('conflicts', () => {
  // The losing save is a 409, which Chromium logs as a failed request.
  test.use({ allowedErrors: ['status of 409'] });
  test('@reliability two browser contexts save the same NAD; the second sees a conflict and keeps its draft', async ({
    consolePage,
    browser,
    sandbox,
    kube,
  }) => {
    const name = 'e2e-conflict-nad';
    await createNad(kube, name);
    try {
      const other = await browser.newContext();
      const otherConsole = new ConsolePage(await other.newPage(), sandbox.consoleUrl);
      const mine = new NadPages(consolePage);
      const theirs = new NadPages(otherConsole);
      await mine.gotoEdit(NS, name);
      await theirs.gotoEdit(NS, name);
      for (const [pages, range] of [
        [theirs, '192.168.61.0/24'],
        [mine, '192.168.62.0/24'],
      ] as const) {
        await pages.showJson();
        const text = await pages.jsonText();
        await pages.jsonEditor.fill(text.replace('192.168.60.0/24', range));
      }
      await theirs.saveButton.click();
      await expect
        .poll(async () => JSON.stringify(await kube.get(nadPath(name))))
        .toContain('192.168.61.0/24');
      await mine.saveButton.click();
      const conflict = consolePage.page.getByTestId('conflict');
      await expect(conflict).toBeVisible();
      // What the other person changed is shown, and my draft is still in the editor.
      await expect(consolePage.page.getByTestId('conflict-diff')).toContainText('192.168.61.0/24');
      expect(await mine.jsonText()).toContain('192.168.62.0/24');
      await other.close();
    } finally {
      await kube.del(nadPath(name)).catch(() => undefined);
    }
  });
});

// The console's own single-object watch keeps a deleted object as data until its 30 s poll; the
// plugin watches by metadata.name as a list, so the DELETED event itself reaches the editor.
test('@reliability a NAD deleted while it is edited: the editor says so and recreates only when asked', async ({
  consolePage,
  kube,
}) => {
  const name = 'e2e-deleted-nad';
  await createNad(kube, name);
  try {
    const mine = new NadPages(consolePage);
    await mine.gotoEdit(NS, name);
    await mine.showJson();
    const text = await mine.jsonText();
    await mine.jsonEditor.fill(text.replace('192.168.60.0/24', '192.168.63.0/24'));
    await kube.del(nadPath(name));
    const notice = consolePage.page.getByTestId('editor-object-deleted');
    // Well inside the console's 30 s poll: the deletion comes from the watch event.
    await expect(notice).toBeVisible({ timeout: 5_000 });
    await expect(mine.saveButton).toBeDisabled();
    expect(await mine.jsonText()).toContain('192.168.63.0/24');
    await consolePage.page.getByTestId('recreate').click();
    // Nothing is written until the second, explicit confirmation.
    await expect(kube.get(nadPath(name))).rejects.toThrow();
    await consolePage.page.getByTestId('recreate-confirm').click();
    await expect
      .poll(async () => JSON.stringify(await kube.get(nadPath(name)).catch(() => null)))
      .toContain('192.168.63.0/24');
  } finally {
    await kube.del(nadPath(name)).catch(() => undefined);
  }
});

test('@reliability oversized and garbage configs are refused clearly and the editor stays usable', async ({
  consolePage,
  kube,
}) => {
  const name = 'e2e-garbage-nad';
  await createNad(kube, name);
  try {
    const nads = new NadPages(consolePage);
    await nads.gotoEdit(NS, name);
    await nads.showJson();
    const original = await nads.jsonText();

    const huge = JSON.stringify({
      cniVersion: '0.4.0',
      name,
      type: 'macvlan',
      pad: 'x'.repeat(1 << 20),
    });
    await nads.jsonEditor.fill(huge);
    await expect(nads.editorFindings).toContainText('larger than', { timeout: 20_000 });
    await expect(nads.saveButton).toBeDisabled();

    const garbage = '\u0000\u0001\u00ff{"cniVersion": \u0007 [[[[' + '\ufffd'.repeat(5000);
    await nads.jsonEditor.fill(garbage);
    await nads.jsonEditor.expectFindingMarker(1);
    await expect(nads.saveButton).toBeDisabled();

    // Still responsive: putting the original back makes it valid again, exactly as typed.
    await nads.jsonEditor.fill(original);
    await nads.jsonEditor.expectNoFindingMarker(1);
    expect(await nads.jsonText()).toBe(original);
  } finally {
    await kube.del(nadPath(name)).catch(() => undefined);
  }
});

test('@reliability leaving an editor with unsaved changes asks first', async ({
  consolePage,
  kube,
}) => {
  const name = 'e2e-unsaved-nad';
  await createNad(kube, name);
  try {
    const nads = new NadPages(consolePage);
    const page = consolePage.page;
    await nads.gotoEdit(NS, name);
    await nads.showJson();
    await nads.jsonEditor.fill((await nads.jsonText()).replace('eno1', 'eno2'));
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await consolePage.clickNav('nav-switchboard-overview');
    await expect.poll(() => asked.length).toBe(1);
    // Staying keeps the draft.
    await expect(page).toHaveURL(/attachments\/e2e-unsaved-nad\/edit/);
    expect(await nads.jsonText()).toContain('eno2');
    page.once('dialog', (d) => void d.accept());
    await consolePage.clickNav('nav-switchboard-overview');
    await expect(page).toHaveURL(/\/switchboard\/overview/);
  } finally {
    await kube.del(nadPath(name)).catch(() => undefined);
  }
});

test('@reliability a YAML alias bomb or binary garbage in the policy editor is refused, not expanded', async ({
  consolePage,
}) => {
  const policies = new PolicyPages(consolePage);
  const page = consolePage.page;
  await policies.openEdit('dns-search-domains', 'yaml');
  const original = await policies.yamlEditor.value();
  const bomb = [
    'apiVersion: nmstate.io/v1',
    'kind: NodeNetworkConfigurationPolicy',
    'metadata: {name: bomb}',
    'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
    'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]',
    'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]',
    'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]',
    'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]',
    'spec: {desiredState: {interfaces: *e}}',
  ].join('\n');
  await policies.setYaml(bomb);
  await expect(page.getByTestId('yaml-error')).toBeVisible();
  await policies.setYaml('\u0000\u0001 garbage: [\u00ff' + '\ufffd'.repeat(2000));
  await expect(page.getByTestId('yaml-error')).toBeVisible();
  // The page still answers: the original text parses again and the error goes.
  await policies.setYaml(original);
  await expect(page.getByTestId('yaml-error')).toHaveCount(0);
});
