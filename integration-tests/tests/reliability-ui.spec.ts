// @reliability: hostile but valid cluster data and links do not take the UI down. A node
// glob in a shared link cannot freeze the tab, a policy nested thousands of levels deep is
// named "too deeply nested" instead of crashing its pages, a policy with thousands of
// interfaces renders a page of them, and unbroken strings wrap instead of widening the page.
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import type { KubeClient } from '../fixtures';
import { PolicyPages } from '../pages/PolicyPages';

const POLICIES = '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies';
const NADS = '/apis/k8s.cni.cncf.io/v1/namespaces/default/network-attachment-definitions';
const NODES = '/api/v1/nodes';
const STATES = '/apis/nmstate.io/v1beta1/nodenetworkstates';
/** Selects no node: the simulated handler leaves these policies alone. */
const NO_NODE = { 'kubernetes.io/hostname': 'no-such-node' };

/** A DNS-subdomain name of exactly 253 characters: four labels, no hyphen to break at. */
const LONG_NAME = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
/** Policy names are label values (the handler's webhook): 63 characters at most. */
const LONG_POLICY = 'p'.repeat(63);
const UNBROKEN = 'W'.repeat(3000);

test.describe.configure({ mode: 'serial' });

async function addNode(kube: KubeClient, name: string, description: string) {
  await kube.post(NODES, { metadata: { name, annotations: { note: description } } });
  await kube.post(STATES, { metadata: { name } });
  await kube.mergePatch(`${STATES}/${name}/status`, {
    status: {
      currentState: {
        interfaces: [
          {
            name: 'eth9',
            type: 'ethernet',
            state: 'up',
            description,
            'mac-address': '52:54:00:AA:BB:CD',
          },
        ],
      },
    },
  });
}

async function removeAll(kube: KubeClient, paths: string[]) {
  for (const p of paths) await kube.del(p).catch(() => undefined);
}

/** `SWITCHBOARD_SCREENSHOTS=1` keeps a picture of each state the tests reach. */
async function snap(page: Page, name: string) {
  if (process.env.SWITCHBOARD_SCREENSHOTS === '1')
    await page.screenshot({ path: `test-results/ui-${name}.png`, fullPage: true });
}

async function expectNoCrash(page: Page, where: string) {
  await expect(page.getByTestId('page-crash'), where).toHaveCount(0);
  await expect(page.getByTestId('loading'), where).toHaveCount(0);
}

test('@reliability an adversarial node glob in a shared topology link matches at once and an over-long one is refused with a warning', async ({
  consolePage,
  page,
  kube,
}) => {
  // Three full page loads of the topology: 40-70 s on a busy 2-core machine.
  test.setTimeout(120_000);
  await addNode(kube, LONG_NAME, 'long node');
  try {
    // With a backtracking RegExp this link froze the tab against a long name; it now
    // answers "nothing matches" like any other filter.
    const stars = `*${'a*'.repeat(11)}z`;
    await consolePage.goto(`/switchboard/topology?node=${encodeURIComponent(stars)}`);
    await expect(page.getByTestId('topology-no-match')).toBeVisible();
    // The same shape that does match finds the long node.
    const matching = `*${'a*'.repeat(11)}d`;
    await consolePage.goto(`/switchboard/topology?view=table&node=${encodeURIComponent(matching)}`);
    await expect(page.getByTestId(`row-${LONG_NAME}/eth9/ethernet`)).toBeVisible();
    await expect(page.getByTestId('filter-errors')).toHaveCount(0);

    // Past the cap: dropped, and the page says so (quoting only the pattern's start).
    const tooLong = `${'*a'.repeat(150)}z`;
    await consolePage.goto(
      `/switchboard/topology?view=table&node=${encodeURIComponent(tooLong)},${encodeURIComponent(matching)}`,
    );
    const warning = page.getByTestId('filter-error-filter.patternTooLong');
    await expect(warning).toContainText('longer than 253 characters');
    await expect(warning).toContainText('…');
    await expect(page.getByTestId(`row-${LONG_NAME}/eth9/ethernet`)).toBeVisible();
    await expectNoCrash(page, 'topology');
    await snap(page, 'glob-too-long');
  } finally {
    await removeAll(kube, [`${STATES}/${LONG_NAME}`, `${NODES}/${LONG_NAME}`]);
  }
});

/** `levels` nested mappings under one key of an interface; the policy itself adds 5 more. */
function nested(levels: number): Record<string, unknown> {
  let v: Record<string, unknown> = { leaf: 1 };
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

// 400 levels, four times the UI's cap. Deeper objects break the console's own store first:
// it keeps watched objects as Immutable.js values (fromJS in, toJSON out, both recursive; the
// stand-in runs the SDK's runtime over the same kind of store), whose toJSON overflows from
// about 700 levels and whose fromJS makes the page say "Could not load data" from about 1,000.
// A YAML draft never goes through the store, so it is tested at 1,500 levels.
test('@reliability a policy nested 400 levels deep is "too deeply nested" on its pages, nothing crashes and a deep draft stays in the editor', async ({
  consolePage,
  page,
  kube,
}) => {
  // Eight page loads, one of them an editor: 1.5-2.5 min on a busy 2-core machine.
  test.setTimeout(300_000);
  const name = 'deep-policy';
  await kube.post(POLICIES, {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name },
    spec: {
      nodeSelector: NO_NODE,
      desiredState: {
        interfaces: [{ name: 'deep0', type: 'dummy', state: 'up', extra: nested(400) }],
      },
    },
  });
  try {
    const policies = new PolicyPages(consolePage);
    await policies.openDetails(name);
    await expect(page.getByTestId('desired-state-too-deep')).toContainText('Too deeply nested');
    // The parts that do not recurse into the spec still show.
    await expect(page.getByTestId('node-selector')).toContainText('no-such-node');
    await policies.openTab('history');
    await expect(page.getByTestId('history-too-deep')).toBeVisible();
    await policies.openTab('yaml');
    await expect(page.getByTestId('yaml-tab-too-deep')).toBeVisible();
    await policies.openTab('details');
    await expectNoCrash(page, 'details');
    await snap(page, 'deep-details');

    for (const path of [
      `/switchboard/policies/${name}/edit`,
      `/switchboard/policies/${name}/edit?mode=yaml`,
      `/switchboard/policies/~new?clone=${name}`,
    ]) {
      await consolePage.goto(path);
      await expect(page.getByTestId('editor-too-deep'), path).toContainText('oc edit nncp');
      await expectNoCrash(page, path);
    }
    for (const path of ['/switchboard/policies', '/switchboard/topology', '/switchboard']) {
      await consolePage.goto(path);
      await expectNoCrash(page, path);
    }

    // A draft nested too deeply is refused where it passes the cap, and stays as typed.
    await policies.openCreate();
    await policies.testId('view-yaml').click();
    let text = 'apiVersion: nmstate.io/v1\nkind: NodeNetworkConfigurationPolicy\n';
    text += `metadata:\n  name: deep-draft\nspec:\n  desiredState: ${'{a: '.repeat(1_500)}1${'}'.repeat(1_500)}\n`;
    await policies.setYaml(text);
    await expect(page.getByTestId('yaml-error')).toContainText('too deeply nested');
    await expect(page.getByTestId('yaml-error')).toContainText('Line 6');
    expect(await policies.yamlEditor.value()).toBe(text);
    await snap(page, 'deep-draft');
    await expect(page.getByTestId('save')).toBeDisabled();
    await expectNoCrash(page, 'deep draft');
  } finally {
    await removeAll(kube, [`${POLICIES}/${name}`]);
  }
});

test('@reliability a 6,000-interface policy renders one page of interfaces and stays usable', async ({
  consolePage,
  page,
  kube,
}) => {
  test.setTimeout(300_000);
  const name = 'wide-policy';
  const interfaces = Array.from({ length: 6_000 }, (_, i) => ({
    name: `eth${i}`,
    type: 'ethernet',
    state: 'up',
  }));
  await kube.post(POLICIES, {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name },
    spec: { nodeSelector: NO_NODE, desiredState: { interfaces } },
  });
  try {
    const policies = new PolicyPages(consolePage);
    await policies.openDetails(name);
    const rows = page.getByTestId('interfaces-table').locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeLessThanOrEqual(50);
    await expect(page.getByTestId('interfaces-pagination-top')).toContainText('6000');
    // Any interface is one filter away.
    await page.getByTestId('interfaces-filter').locator('input').fill('eth5999');
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('iface-row-eth5999')).toBeVisible();
    await page.getByTestId('interfaces-filter').locator('input').fill('');
    await snap(page, 'wide-details');

    await policies.openEdit(name);
    const cards = page.locator('[data-test^="interface-card-"]');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(20);
    // The form answers: typing reaches the field, paging shows the next cards.
    await page.getByTestId('policy-description').fill('edited');
    await expect(page.getByTestId('policy-description')).toHaveValue('edited');
    await page
      .getByTestId('form-interfaces-pagination-top')
      .getByRole('button', { name: /next/i })
      .click();
    await expect(page.getByTestId('interface-card-20')).toBeVisible();
    await expect(page.getByTestId('interface-card-0')).toHaveCount(0);
    await snap(page, 'wide-form');
    // A new interface shows up on the page it lands on, the last one.
    await page.getByTestId('new-interface-type').selectOption('ethernet');
    await page.getByTestId('add-interface').click();
    await expect(page.getByTestId('interface-card-6000')).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(20);
    await expectNoCrash(page, 'editor');
  } finally {
    await removeAll(kube, [`${POLICIES}/${name}`]);
  }
});

test('@reliability long unbroken names, descriptions and annotations wrap on details pages', async ({
  consolePage,
  page,
  kube,
}) => {
  test.setTimeout(240_000);
  await addNode(kube, LONG_NAME, UNBROKEN);
  await kube.post(POLICIES, {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name: LONG_POLICY, annotations: { description: UNBROKEN } },
    spec: {
      nodeSelector: NO_NODE,
      desiredState: {
        interfaces: [{ name: 'dummy7', type: 'dummy', state: 'up', description: UNBROKEN }],
      },
    },
  });
  await kube.post(NADS, {
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata: { name: LONG_NAME, namespace: 'default', annotations: { note: UNBROKEN } },
    spec: {
      config: JSON.stringify({
        cniVersion: '0.4.0',
        name: UNBROKEN,
        type: 'macvlan',
        master: 'eno1',
        ipam: { type: 'static' },
      }),
    },
  });
  try {
    const pages = [
      `/switchboard/policies/${LONG_POLICY}`,
      `/switchboard/ns/default/attachments/${LONG_NAME}`,
      `/switchboard/node-network-states/${LONG_NAME}`,
      `/switchboard/topology/${LONG_NAME}?selected=${encodeURIComponent(`${LONG_NAME}/eth9/ethernet`)}`,
    ];
    for (const path of pages) {
      await consolePage.goto(path);
      await expect(page.getByTestId('page-title').first(), path).toBeVisible();
      await expectNoCrash(page, path);
      // The long strings are on the page (not elided away) and wrapped.
      await expect(page.getByText(UNBROKEN.slice(0, 200)).first(), path).toBeVisible();
      const overflow = await page.evaluate(() => {
        const doc = document.scrollingElement ?? document.documentElement;
        // The console scrolls its content in its own container, so check that one too.
        const title = document.querySelector('[data-test="page-title"]');
        let box: Element | null = title;
        while (box && box !== doc) {
          const style = getComputedStyle(box);
          if (/(auto|scroll)/.test(style.overflowX + style.overflowY) && box.scrollHeight > 0)
            break;
          box = box.parentElement;
        }
        return {
          doc: doc.scrollWidth - doc.clientWidth,
          content: box ? box.scrollWidth - box.clientWidth : 0,
        };
      });
      expect(overflow, path).toEqual({ doc: 0, content: 0 });
      await snap(page, `long-strings-${pages.indexOf(path)}`);
    }
  } finally {
    await removeAll(kube, [
      `${POLICIES}/${LONG_POLICY}`,
      `${NADS}/${LONG_NAME}`,
      `${STATES}/${LONG_NAME}`,
      `${NODES}/${LONG_NAME}`,
    ]);
  }
});
