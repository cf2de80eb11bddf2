import * as path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { TopologyPage } from '../pages/TopologyPage';
import { startSandbox } from '../sandbox';

const shots = process.env.PW_OUTPUT ?? path.resolve(__dirname, '../../test-results');
const shot = (name: string) => path.join(shots, 'topology', `${name}.png`);

/** The `translate(x, y)` react-topology gives a node's element, as numbers. */
async function positionOf(page: Page, id: string): Promise<{ x: number; y: number }> {
  const transform = await page.locator(`[data-id="${id}"]`).getAttribute('transform');
  const m = /translate\(\s*(-?[\d.]+)[ ,]+(-?[\d.]+)\s*\)/.exec(transform ?? '');
  if (!m) throw new Error(`no translate on ${id}: ${String(transform)}`);
  return { x: Number(m[1]), y: Number(m[2]) };
}

/**
 * A scale sandbox of `nodes` nodes with its cluster topology open and every folded node drawn;
 * runs `body`, then fails on any error the page threw.
 */
async function withScaleTopology(
  browser: Browser,
  nodes: number,
  body: (page: Page, summaries: Locator) => Promise<void>,
): Promise<void> {
  const sandbox = await startSandbox({ scenario: 'scale', nodes });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${sandbox.consoleUrl}/switchboard/topology`);
    const summaries = page.locator('[data-test^="summary-"]');
    await expect(summaries).toHaveCount(nodes, { timeout: 30_000 });
    await body(page, summaries);
    await page.close();
    expect(errors).toEqual([]);
  } finally {
    await sandbox.close();
  }
}

/** Waits until the canvas has been fitted and stopped moving (fit runs once it measured itself). */
async function waitForSettledCanvas(page: Page): Promise<void> {
  const transform = () =>
    page.evaluate(
      () => document.querySelector('[data-kind="graph"] > g')?.getAttribute('transform') ?? '',
    );
  let last = '';
  await expect
    .poll(async () => {
      const now = await transform();
      const settled = now !== '' && now === last && now.includes('scale');
      last = now;
      return settled;
    })
    .toBe(true);
}

test('a dragged interface keeps its place after a reload', async ({ consolePage, page }) => {
  const topo = new TopologyPage(consolePage);
  const id = 'worker-1/bond0/bond';
  await topo.open('', 'worker-1');
  const shape = topo.iface(id).locator('.pf-topology__node__background').first();
  await expect(shape).toBeVisible();
  await waitForSettledCanvas(page);
  const before = await positionOf(page, id);
  const other = 'worker-1/eno1/ethernet';
  const otherBefore = await positionOf(page, other);
  const box = await shape.boundingBox();
  if (!box) throw new Error('no box for the bond');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 90, cy + 60, { steps: 12 });
  await page.mouse.up();
  await expect.poll(async () => (await positionOf(page, id)).x).not.toBeCloseTo(before.x, 0);
  const dragged = await positionOf(page, id);

  await page.reload();
  await expect(topo.iface(id)).toBeAttached();
  await waitForSettledCanvas(page);
  const after = await positionOf(page, id);
  expect(after.x).toBeCloseTo(dragged.x, 0);
  expect(after.y).toBeCloseTo(dragged.y, 0);
  // An interface that was not dragged stays where the layout put it.
  expect(await positionOf(page, other)).toEqual(otherBefore);
});

test('data that cannot be drawn faithfully is drawn as far as possible with notes', async ({
  consolePage,
  page,
  kube,
}) => {
  const nns = '/apis/nmstate.io/v1beta1/nodenetworkstates/odd-node';
  await kube.post('/apis/nmstate.io/v1beta1/nodenetworkstates', {
    metadata: { name: 'odd-node' },
  });
  try {
    await kube.mergePatch(`${nns}/status`, {
      status: {
        currentState: {
          interfaces: [
            { name: 'eth0', type: 'ethernet', state: 'up' },
            { name: 'eth0', type: 'ethernet', state: 'down' },
            { name: 'warp0', type: 'quantum-tunnel', state: 'up' },
            {
              name: 'br9',
              type: 'linux-bridge',
              state: 'up',
              bridge: { port: [{ name: 'gone0' }] },
            },
            { type: 'ethernet', state: 'up' },
            'not an interface',
          ],
        },
      },
    });
    const topo = new TopologyPage(consolePage);
    await topo.open('', 'odd-node');
    // What is known is drawn: the first eth0, the unknown type, the bridge without its port.
    await expect(topo.iface('odd-node/eth0/ethernet')).toBeAttached();
    await expect(topo.iface('odd-node/warp0/unknown')).toBeAttached();
    await expect(topo.iface('odd-node/br9/linux-bridge')).toBeAttached();
    const notes = page.getByTestId('topology-notes');
    await expect(notes).toContainText('notes about the reported data');
    await notes.getByRole('button').first().click();
    await expect(notes.getByTestId('note-iface.duplicate')).toContainText('eth0');
    await expect(notes.getByTestId('note-iface.unknownType')).toContainText('quantum-tunnel');
    await expect(notes.getByTestId('note-edge.danglingReference')).toContainText('gone0');
    await expect(notes.getByTestId('note-iface.missingName')).toBeVisible();
    await expect(notes.getByTestId('note-iface.invalid')).toBeVisible();
    await expect(page.getByTestId('page-crash')).toHaveCount(0);
  } finally {
    await kube.del(nns).catch(() => undefined);
  }
});

test('a large cluster folds nodes into summaries that expand on click', async ({ browser }) =>
  withScaleTopology(browser, 20, async (page, summaries) => {
    await expect(page.getByTestId('fold-hint')).toContainText('20 nodes are folded');
    const testId = (await summaries.first().getAttribute('data-test')) ?? '';
    const node = testId.slice('summary-'.length);
    await page
      .locator(`[data-test="${testId}"] .pf-topology__node__background`)
      .first()
      .click({ force: true });
    // The node's interfaces replace its summary, inside its group.
    await expect(page.getByTestId(`group-${node}`)).toBeAttached();
    await expect
      .poll(() => page.locator(`[data-test^="iface-${node}/"]`).count())
      .toBeGreaterThan(5);
    // The expanded node takes its summary's place and its neighbours move aside, some past the
    // edge of the canvas, where react-topology does not render them: count through the hint.
    await expect(page.getByTestId(testId)).toHaveCount(0);
    await expect(page.getByTestId('fold-hint')).toContainText('19 nodes are folded');
    await page.getByTestId('fold-all').click();
    await expect(summaries).toHaveCount(20);
    await expect(page.locator(`[data-test^="iface-${node}/"]`)).toHaveCount(0);
  }));

test('at scale, a node expands in place and stays in view', async ({ browser }) =>
  withScaleTopology(browser, 200, async (page, summaries) => {
    // A node in the middle of the grid: before this fix it went below all 199 others.
    const testId = (await summaries.nth(100).getAttribute('data-test')) ?? '';
    const node = testId.slice('summary-'.length);
    const shape = page.locator(`[data-test="${testId}"] .pf-topology__node__background`).first();
    // The fit runs once the surface has measured itself; wait for the summary to settle there.
    let before = await shape.boundingBox();
    await expect
      .poll(async () => {
        const now = await shape.boundingBox();
        const settled = JSON.stringify(now) === JSON.stringify(before);
        before = now;
        return settled;
      })
      .toBe(true);
    expect(before).not.toBeNull();
    await shape.click({ force: true });
    const ifaces = page.locator(`[data-test^="iface-${node}/"] .pf-topology__node__background`);
    await expect.poll(() => ifaces.count()).toBeGreaterThan(5);
    const boxes = (
      await Promise.all(
        Array.from({ length: await ifaces.count() }, (_, i) => ifaces.nth(i).boundingBox()),
      )
    ).filter((b) => b !== null);
    const left = Math.min(...boxes.map((b) => b.x));
    const top = Math.min(...boxes.map((b) => b.y));
    const canvas = await page.getByTestId('topology-graph').boundingBox();
    expect(canvas).not.toBeNull();
    // Where the summary was (the block's corner is the summary's), so inside the canvas.
    expect(Math.abs(left - (before?.x ?? 0))).toBeLessThan(20);
    expect(Math.abs(top - (before?.y ?? 0))).toBeLessThan(20);
    expect(left).toBeGreaterThanOrEqual(canvas?.x ?? 0);
    expect(top).toBeGreaterThanOrEqual(canvas?.y ?? 0);
    expect(top).toBeLessThan((canvas?.y ?? 0) + (canvas?.height ?? 0));
    await page.screenshot({ path: shot('expand-in-place') });
  }));

test('at scale, node labels follow the zoom: none when fitted, every one once zoomed in', async ({
  browser,
}) =>
  withScaleTopology(browser, 200, async (page, summaries) => {
    const labelled = page.locator('[data-test^="summary-"]:has(.pf-topology__node__label)');
    // Fitted, 200 summaries are a few pixels each: shapes only, no unreadable text.
    await expect(labelled).toHaveCount(0);
    // Zoom in step by step until labels are worth drawing; then every node drawn has its label,
    // including those drawn before the zoom (they used to stay bare until hovered).
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    for (let i = 0; i < 8 && (await labelled.count()) === 0; i++) {
      await zoomIn.click();
    }
    await expect.poll(() => labelled.count()).toBeGreaterThan(0);
    await expect.poll(async () => (await summaries.count()) - (await labelled.count())).toBe(0);
    const first = labelled.first();
    const node = ((await first.getAttribute('data-test')) ?? '').slice('summary-'.length);
    await expect(first.locator('.pf-topology__node__label')).toContainText(node);
    await page.screenshot({ path: shot('labels-at-zoom') });
  }));

test('at scale, the canvas draws the nodes near the view as it is zoomed and panned', async ({
  browser,
}) =>
  withScaleTopology(browser, 200, async (page, summaries) => {
    await waitForSettledCanvas(page);
    const drawn = async () =>
      new Set(await summaries.evaluateAll((els) => els.map((e) => e.getAttribute('data-test'))));
    // Zoomed in, only the nodes near the view are in the DOM (renderWindow.ts).
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    for (let i = 0; i < 6; i++) await zoomIn.click();
    await waitForSettledCanvas(page);
    await expect.poll(() => summaries.count()).toBeLessThan(200);
    const before = await drawn();
    expect(before.size).toBeGreaterThan(0);
    // Drag the canvas a whole canvas width to the left, starting on empty canvas: nodes that were
    // right of the view come into it and are drawn.
    const box = await page.getByTestId('topology-graph').boundingBox();
    if (!box) throw new Error('no canvas');
    const start = await page.evaluate((b) => {
      for (let fy = 0.3; fy < 0.9; fy += 0.05)
        for (let fx = 0.9; fx > 0.5; fx -= 0.05) {
          const x = b.x + b.width * fx;
          const y = b.y + b.height * fy;
          const el = document.elementFromPoint(x, y);
          if (el?.closest('svg') && !el.closest('[data-kind="node"], [data-kind="edge"]'))
            return { x, y };
        }
      return { x: b.x + b.width * 0.9, y: b.y + b.height / 2 };
    }, box);
    for (let i = 0; i < 2; i++) {
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(start.x - box.width * 0.45, start.y, { steps: 20 });
      await page.mouse.up();
    }
    await waitForSettledCanvas(page);
    await expect
      .poll(async () => [...(await drawn())].filter((id) => !before.has(id)).length)
      .toBeGreaterThan(0);
    await page.screenshot({ path: shot('panned-at-zoom') });
    // Fitted again, the whole cluster is drawn.
    await page.getByRole('button', { name: 'Fit to screen' }).click();
    await expect(summaries).toHaveCount(200);
  }));

test('at scale, a filter cleared draws the cluster in steps and fits it once whole', async ({
  browser,
}) =>
  withScaleTopology(browser, 200, async (page, summaries) => {
    await waitForSettledCanvas(page);
    const node = ((await summaries.first().getAttribute('data-test')) ?? '').slice(
      'summary-'.length,
    );
    const field = page.getByTestId('filter-node');
    await field.fill(node);
    await expect(summaries).toHaveCount(1);
    // Every count of graph nodes the DOM goes through, read after each change of the DOM.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { __summaryCounts: number[] }).__summaryCounts = seen;
      new MutationObserver(() => {
        const n = document.querySelectorAll('[data-kind="node"]').length;
        if (n !== seen[seen.length - 1]) seen.push(n);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await field.fill('');
    await expect(summaries).toHaveCount(200, { timeout: 30_000 });
    await waitForSettledCanvas(page);
    const counts = await page.evaluate(
      () => (window as unknown as { __summaryCounts: number[] }).__summaryCounts,
    );
    // 199 new folded nodes are more than one step's worth (progressiveDraw.ts): the DOM holds
    // part of them before it holds all (drawn in one call, it went from 1 to 200 at once).
    expect(counts.filter((n) => n > 1 && n < 200).length).toBeGreaterThan(0);
    expect(counts.at(-1)).toBe(200);
    // The fit waited for the last step: every node is inside the canvas.
    const canvas = await page.getByTestId('topology-graph').boundingBox();
    expect(canvas).not.toBeNull();
    const boxes = await summaries.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, right: r.right, bottom: r.bottom };
      }),
    );
    const c = canvas ?? { x: 0, y: 0, width: 0, height: 0 };
    const outside = boxes.filter(
      (b) =>
        b.x < c.x - 1 ||
        b.y < c.y - 1 ||
        b.right > c.x + c.width + 1 ||
        b.bottom > c.y + c.height + 1,
    );
    expect(outside).toEqual([]);
  }));
