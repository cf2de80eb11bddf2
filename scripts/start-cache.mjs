// The build cache of `npm start` (scripts/start.mjs): a build runs only when its inputs changed.
// Its key is a SHA-256 over the Node version, the environment variables the build reads, and the
// path and content of every input file (directories walked in sorted order, build outputs and
// caches skipped); the key of the last successful build is kept in a stamp file, and the build's
// output must still exist.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Directory names never read as inputs: dependencies, build outputs, sandbox data, test output. */
export const SKIP = new Set(['node_modules', 'dist', '.sandbox', 'test-results']);

function files(path, out) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return out;
  }
  if (st.isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      if (!SKIP.has(name)) files(join(path, name), out);
    }
  } else if (st.isFile()) out.push(path);
  return out;
}

/** The cache key of `build` ({ inputs, env }) under `root`, reading `env` from `environment`. */
export function inputsHash(root, build, environment = process.env) {
  const h = createHash('sha256');
  h.update(`node ${process.version}\n`);
  for (const name of build.env) h.update(`${name}=${environment[name] ?? ''}\n`);
  for (const input of build.inputs) {
    for (const file of files(join(root, input), [])) {
      h.update(`${relative(root, file)}\0`);
      h.update(readFileSync(file));
      h.update('\0');
    }
  }
  return h.digest('hex');
}

/** True when the stamp records `hash` and the build's output is still there. */
export function isUpToDate(stamp, hash, output) {
  const previous = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
  return previous === hash && existsSync(output);
}

/** Records `hash` as the key of the last successful build. */
export function recordBuild(stamp, hash) {
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${hash}\n`);
}
