#!/usr/bin/env node
// Extracts every translatable string into locales/en/plugin__switchboard.json (key = English
// text, the console convention) from `t('…')` calls in src/ and `%plugin__switchboard~…%`
// labels in console-extensions.json. `--check` fails when the file is not what extraction
// produces (drift) or when a t() call has a key that cannot be extracted.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const NS = 'plugin__switchboard';
const localeFile = join(root, 'locales/en', `${NS}.json`);
const check = process.argv.includes('--check');

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== '__fixtures__' && name !== 'node_modules') walk(p, out);
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

function unescape(s, quote) {
  return s.replace(/\\(.)/g, (_m, c) =>
    c === 'n' ? '\n' : c === quote || c === '\\' ? c : `\\${c}`,
  );
}

const keys = new Set();
/** Keys called with a `count` option: i18next resolves them as `<key>_one` / `<key>_other`. */
const pluralKeys = new Set();
const problems = [];
// The options object right after the key, up to its first closing brace, names `count`
// (`{ count }`, `{ count: n }`, `{ name, count }`): i18next then picks a plural form by count.
const countOptionRe = /^\s*,\s*\{[^{}]*?\bcount\b\s*[:,}]/;
// t('…'), t("…"), t(`…`) without interpolation; a t( followed by anything else is reported.
const callRe =
  /(?<![\w$.])t\(\s*(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|`((?:\\.|[^`\\$])*)`|([^)\s]))/g;
for (const file of walk(join(root, 'src'))) {
  const text = readFileSync(file, 'utf8');
  // Pure logic must not translate; only components/pages/actions do.
  if (/\/(logic|model)\//.test(file)) continue;
  for (const m of text.matchAll(callRe)) {
    const literal =
      m[1] !== undefined
        ? unescape(m[1], "'")
        : m[2] !== undefined
          ? unescape(m[2], '"')
          : m[3] !== undefined
            ? unescape(m[3], '`')
            : undefined;
    if (literal !== undefined) {
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 400);
      (countOptionRe.test(after) ? pluralKeys : keys).add(literal);
    } else {
      const line = text.slice(0, m.index).split('\n').length;
      problems.push(
        `${relative(root, file)}:${line}: t() with a non-literal key cannot be extracted`,
      );
    }
  }
}
const ext = readFileSync(join(root, 'console-extensions.json'), 'utf8');
for (const m of ext.matchAll(new RegExp(`%${NS}~([^%]+)%`, 'g'))) keys.add(m[1]);

let currentText = '';
try {
  currentText = readFileSync(localeFile, 'utf8');
} catch {
  currentText = '';
}
const currentValues = currentText ? JSON.parse(currentText) : {};
// English plural forms are written by hand in the locale file (as the console's are): extraction
// keeps them, and starts a new plural key with the key's own text for both forms.
const entries = [...keys].map((k) => [k, k]);
for (const k of pluralKeys) {
  for (const suffix of ['_one', '_other']) {
    const key = `${k}${suffix}`;
    entries.push([key, typeof currentValues[key] === 'string' ? currentValues[key] : k]);
  }
}
const sorted = Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
const next = JSON.stringify(sorted, null, 2) + '\n';

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
if (check) {
  const current = currentText;
  if (current !== next) {
    const cur = current ? Object.keys(JSON.parse(current)) : [];
    const missing = Object.keys(sorted).filter((k) => !cur.includes(k));
    const extra = cur.filter((k) => !(k in sorted));
    console.error(`locales/en/${NS}.json is out of date; run npm run i18n.`);
    if (missing.length) console.error(`missing keys:\n  ${missing.join('\n  ')}`);
    if (extra.length) console.error(`unused keys:\n  ${extra.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`i18n: ${keys.size} keys, no drift`);
} else {
  writeFileSync(localeFile, next);
  console.log(`i18n: wrote ${keys.size} keys to ${relative(root, localeFile)}`);
}
