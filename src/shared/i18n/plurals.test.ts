// Plural strings resolve through i18next's `_one` / `_other` keys, as the console's locale files
// do (openshift/console frontend/public/locales/en/public.json uses the same v4 suffixes), so
// "1 problem" and "2 problems" both read right. The locale file is the one the build ships.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import i18next from 'i18next';

const locale = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../../../locales/en/plugin__switchboard.json'), 'utf8'),
) as Record<string, string>;

const init = async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    ns: ['plugin__switchboard'],
    defaultNS: 'plugin__switchboard',
    resources: { en: { plugin__switchboard: locale } },
    keySeparator: false,
    nsSeparator: '~',
    interpolation: { escapeValue: false },
  });
  return i18n;
};

test('every plural key has both English forms', () => {
  for (const key of Object.keys(locale)) {
    const m = /^(.*)_(one|other)$/s.exec(key);
    if (!m) continue;
    const sibling = `${m[1]}_${m[2] === 'one' ? 'other' : 'one'}`;
    assert.ok(sibling in locale, `${key} has no ${sibling}`);
  }
});

test('counts pick the singular or the plural form', async () => {
  const i18n = await init();
  const key = '{{count}} problems must be fixed before saving';
  assert.equal(i18n.t(key, { count: 1 }), '1 problem must be fixed before saving');
  assert.equal(i18n.t(key, { count: 2 }), '2 problems must be fixed before saving');
  assert.equal(i18n.t(key, { count: 0 }), '0 problems must be fixed before saving');
  const nodes =
    'mtu {{mtu}} is above the MTU {{interfaceMtu}} of "{{name}}" on {{count}} nodes: {{nodes}}';
  const params = { mtu: 9000, interfaceMtu: 1500, name: 'eth1', nodes: 'w1' };
  assert.equal(
    i18n.t(nodes, { ...params, count: 1 }),
    'mtu 9000 is above the MTU 1500 of "eth1" on 1 node: w1',
  );
});

test('no English form is empty or says undefined', () => {
  for (const [key, value] of Object.entries(locale)) {
    assert.ok(value.trim() !== '', `${key} is empty`);
    assert.ok(!/\bundefined\b/.test(value), `${key} says undefined`);
  }
});
