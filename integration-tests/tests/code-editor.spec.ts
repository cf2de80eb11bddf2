// The editors are the console's CodeEditor (Monaco): the plugin's findings show as markers at
// their line and column with the message on hover, quick fixes are code actions (Ctrl+.), YAML
// and JSON are highlighted and foldable, search works, and nothing is fetched from a CDN.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { NadPages } from '../pages/NadPages';
import { PolicyPages } from '../pages/PolicyPages';
import type { CodeEditor } from '../pages/CodeEditor';

const SHOTS = path.join(process.env.PW_OUTPUT ?? 'test-results', 'code-editor-screenshots');

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Every request the page and its workers make, to check none leaves loopback. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.context().on('request', (r) => urls.push(r.url()));
  return urls;
}

function offLoopback(urls: readonly string[]): string[] {
  return urls.filter((u) => {
    if (u.startsWith('data:') || u.startsWith('blob:')) return false;
    const host = new URL(u).hostname;
    return host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]';
  });
}

/** Distinct token classes on the rendered lines: one class means no highlighting. */
async function tokenClasses(editor: CodeEditor): Promise<number> {
  return editor.root.evaluate(
    (el) =>
      new Set([...el.querySelectorAll('.view-lines span[class^="mtk"]')].map((s) => s.className))
        .size,
  );
}

const CONFIG = [
  '{',
  '  "cniVersion": "0.4.0",',
  '  "name": "e2e-editor",',
  '  "type": "macvlan",',
  '  "master": "eno1",',
  '  "mtu": "1400",',
  '  "ipam": {',
  '    "type": "static"',
  '  }',
  '}',
].join('\n');

test('NAD JSON editor: a finding is a marker at its line and column, its quick fix a code action', async ({
  consolePage,
  page,
}) => {
  const requests = recordRequests(page);
  const nads = new NadPages(consolePage);
  await nads.gotoCreate('tenant-a');
  await nads.field('nad-name').fill('e2e-editor');
  await nads.showJson();
  const editor = nads.jsonEditor;
  await editor.fill(CONFIG);

  // The finding list and the editor agree on the position of the string-typed MTU.
  const finding = nads.editorFindings.getByTestId('finding-config.fieldType');
  await expect(finding).toBeVisible();
  const where = (await finding.getByTestId('finding-jump').textContent()) ?? '';
  const [, line, column] = /Line (\d+), column (\d+)/.exec(where) ?? [];
  expect(Number(line)).toBe(6);
  await expect
    .poll(async () => (await editor.findingMarkersOn(6)).map((m) => [m.severity, m.column]))
    .toEqual([['error', Number(column)]]);
  const message = (await finding.getByTestId('finding-message').textContent()) ?? '';
  expect(message).not.toBe('');

  // Monaco underlines the key and shows the finding's message on hover, offering the fix.
  await expect(editor.root.locator('.squiggly-error')).toHaveCount(2);
  const mtuKey = editor.root
    .locator('.view-line', { hasText: '"mtu"' })
    .locator('span span', { hasText: '"mtu"' });
  await mtuKey.hover();
  const hover = page.locator('.monaco-hover').filter({ hasText: message });
  await expect(hover).toBeVisible();
  await expect(hover).toContainText('Quick Fix');
  await shot(page, 'editor-marker-hover');

  // Ctrl+. on the marker offers the quick fix; choosing it edits the text in place.
  await editor.caretTo(6, Number(column) + 1);
  await page.keyboard.press('ControlOrMeta+Period');
  const fix = page
    .locator('.action-widget')
    .getByText(/^Fix: /)
    .first();
  await expect(fix).toBeVisible();
  await shot(page, 'editor-quick-fix-menu');
  // Monaco covers the page with a pointer block while the menu opens and removes it on the first
  // mouse move, as a user's hand would do before clicking.
  await fix.hover({ force: true });
  await fix.click();
  await editor.expectValue(/"mtu": 1400,/);
  await editor.expectNoFindingMarker(6);
  await expect(finding).toHaveCount(0);
  // Only the MTU changed: the rest of the text is exactly as typed.
  expect(await editor.value()).toBe(CONFIG.replace('"mtu": "1400"', '"mtu": 1400'));

  expect(offLoopback(requests)).toEqual([]);
});

test('the editors highlight and fold YAML and JSON, and search finds text', async ({
  consolePage,
  page,
}) => {
  const requests = recordRequests(page);
  const nads = new NadPages(consolePage);
  await nads.gotoCreate('tenant-a');
  await nads.showJson();
  const json = nads.jsonEditor;
  await json.fill(CONFIG);
  await expect.poll(() => tokenClasses(json)).toBeGreaterThan(1);
  await expect(json.root.locator('.codicon-folding-expanded').first()).toBeAttached();
  await json.caretTo(7, 3);
  await page.keyboard.press('ControlOrMeta+Shift+BracketLeft');
  await expect(json.root.locator('.codicon-folding-collapsed')).toHaveCount(1);

  // Search: Ctrl+F opens Monaco's find widget and counts the matches.
  await json.caretTo(1, 1);
  await page.keyboard.press('ControlOrMeta+F');
  const find = json.root.locator('.find-widget');
  await expect(find).toBeVisible();
  await page.keyboard.type('type');
  await expect(find.locator('.matchesCount')).toHaveText(/of 2/);
  await shot(page, 'editor-json-search');

  const policies = new PolicyPages(consolePage);
  await policies.openCreate();
  await policies.testId('view-yaml').click();
  const yaml = policies.yamlEditor;
  await yaml.ready();
  await expect.poll(() => tokenClasses(yaml)).toBeGreaterThan(1);
  await expect(yaml.root.locator('.codicon-folding-expanded').first()).toBeAttached();
  await shot(page, 'editor-yaml');

  expect(offLoopback(requests)).toEqual([]);
});
