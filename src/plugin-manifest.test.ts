// Static checks of the plugin's manifest inputs: what the console and the stand-in will load
// must exist, be translated and be gated by flags that are actually defined.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FLAGS } from './shared/flags';
import { SHIM_EXPORTS } from '../sandbox/console/src/sdk/shimExports';

const root = path.resolve(__dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  name: string;
  consolePlugin: { name: string; exposedModules: Record<string, string> };
};
const extensions = JSON.parse(
  fs.readFileSync(path.join(root, 'console-extensions.json'), 'utf8'),
) as { type: string; properties: Record<string, unknown>; flags?: { required?: string[] } }[];
const locale = JSON.parse(
  fs.readFileSync(path.join(root, 'locales/en/plugin__switchboard.json'), 'utf8'),
) as Record<string, string>;

function codeRefs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => codeRefs(v, out));
  else if (value && typeof value === 'object') {
    const ref = (value as { $codeRef?: unknown }).$codeRef;
    if (typeof ref === 'string') out.push(ref);
    else Object.values(value).forEach((v) => codeRefs(v, out));
  }
  return out;
}

test('plugin name matches the package and the i18n namespace', () => {
  assert.equal(pkg.consolePlugin.name, 'switchboard');
  assert.ok(fs.existsSync(path.join(root, `locales/en/plugin__${pkg.consolePlugin.name}.json`)));
});

test('every %plugin__switchboard~…% label is in the English locale', () => {
  const text = fs.readFileSync(path.join(root, 'console-extensions.json'), 'utf8');
  const labels = [...text.matchAll(/%plugin__switchboard~([^%]+)%/g)].map((m) => m[1] ?? '');
  assert.ok(labels.length > 5);
  for (const label of labels) assert.ok(label in locale, `missing locale key: ${label}`);
  assert.ok(
    !/%plugin__(?!switchboard~)/.test(text),
    'labels must use the plugin__switchboard namespace',
  );
});

test('every $codeRef names an exposed module whose file exists, and every module is used', () => {
  const exposed = pkg.consolePlugin.exposedModules;
  const used = new Set<string>();
  for (const ext of extensions) {
    for (const ref of codeRefs(ext.properties)) {
      const moduleName = ref.split('.')[0] ?? '';
      assert.ok(moduleName in exposed, `${ext.type}: $codeRef ${ref} is not an exposed module`);
      used.add(moduleName);
    }
  }
  for (const [name, rel] of Object.entries(exposed)) {
    assert.ok(used.has(name), `exposed module ${name} is never referenced`);
    const base = path.join(root, 'src', rel);
    assert.ok(
      ['.ts', '.tsx'].some((ext) => fs.existsSync(base + ext)),
      `exposed module ${name} file ${rel} does not exist`,
    );
  }
});

test('pages and nav items are gated by flags defined by console.flag/model', () => {
  const defined = new Set(
    extensions.filter((e) => e.type === 'console.flag/model').map((e) => String(e.properties.flag)),
  );
  assert.deepEqual([...defined].sort(), Object.values(FLAGS).sort());
  for (const ext of extensions) {
    for (const flag of ext.flags?.required ?? []) {
      assert.ok(defined.has(flag), `${ext.type} requires undefined flag ${flag}`);
    }
    const gated =
      ext.type.startsWith('console.page/resource') || ext.type === 'console.tab/horizontalNav';
    if (gated) assert.ok(ext.flags?.required?.length, `${ext.type} must be gated by a flag`);
  }
});

test('every SDK import in src/ is provided by the console stand-in', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir)) {
      const p = path.join(dir, name);
      if (fs.statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) files.push(p);
    }
  };
  walk(path.join(root, 'src'));
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@openshift-console\/dynamic-plugin-sdk'/g,
    )) {
      if (m[1]) continue;
      for (const raw of (m[2] ?? '').split(',')) {
        // `CodeEditor as ConsoleCodeEditor` imports the SDK's CodeEditor.
        const name = raw.trim().split(/\s+as\s+/)[0] ?? '';
        if (!name || name.startsWith('type ')) continue;
        assert.ok(
          (SHIM_EXPORTS as readonly string[]).includes(name),
          `${path.relative(root, file)} imports ${name}, which the stand-in does not implement`,
        );
      }
    }
  }
});
