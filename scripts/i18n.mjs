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
const problems = [];
// t('…'), t("…"), t(`…`) without interpolation; a t( followed by anything else is reported.
const callRe =
  /(?<![\w$.])t\(\s*(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|`((?:\\.|[^`\\$])*)`|([^)\s]))/g;
for (const file of walk(join(root, 'src'))) {
  const text = readFileSync(file, 'utf8');
  // Pure logic must not translate; only components/pages/actions do.
  if (/\/(logic|model)\//.test(file)) continue;
  for (const m of text.matchAll(callRe)) {
    if (m[1] !== undefined) keys.add(unescape(m[1], "'"));
    else if (m[2] !== undefined) keys.add(unescape(m[2], '"'));
    else if (m[3] !== undefined) keys.add(unescape(m[3], '`'));
    else {
      const line = text.slice(0, m.index).split('\n').length;
      problems.push(
        `${relative(root, file)}:${line}: t() with a non-literal key cannot be extracted`,
      );
    }
  }
}
const ext = readFileSync(join(root, 'console-extensions.json'), 'utf8');
for (const m of ext.matchAll(new RegExp(`%${NS}~([^%]+)%`, 'g'))) keys.add(m[1]);

const sorted = Object.fromEntries([...keys].sort((a, b) => a.localeCompare(b)).map((k) => [k, k]));
const next = JSON.stringify(sorted, null, 2) + '\n';

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
if (check) {
  let current = '';
  try {
    current = readFileSync(localeFile, 'utf8');
  } catch {
    current = '';
  }
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
