#!/usr/bin/env node
// `npm start`: production build of the plugin and the console stand-in, then the stand-in with
// the embedded demo cluster (or a real cluster when KUBECONFIG / --kubeconfig is given).
// Extra arguments are passed to sandbox/console/main.ts, e.g. `npm start -- --port 9100`.
//
// Each build runs only when its inputs changed: a SHA-256 over the content of every input file
// (sources, locales, configs, the lockfile) and the environment the build reads is compared with
// the one recorded after its last successful build, and the build output must still be there.
// A second start without source changes therefore skips webpack and is up in seconds.
// `--rebuild` forces both builds.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stampDir = join(root, 'node_modules', '.cache', 'switchboard-start');
const SKIP = new Set(['node_modules', 'dist', '.sandbox', 'test-results']);
const shared = ['package.json', 'package-lock.json', 'tsconfig.json', 'locales'];

const BUILDS = [
  {
    script: 'build',
    inputs: ['src', 'webpack.config.ts', 'console-extensions.json', ...shared],
    env: ['SWITCHBOARD_DIST'],
    output: join(process.env.SWITCHBOARD_DIST ?? join(root, 'dist'), 'plugin-manifest.json'),
  },
  {
    script: 'build:console',
    inputs: ['sandbox/console', 'src', ...shared],
    env: ['SWITCHBOARD_HOST_DIST'],
    output: join(
      process.env.SWITCHBOARD_HOST_DIST ?? join(root, 'sandbox/console/dist'),
      'host.js',
    ),
  },
];

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

function inputsHash(build) {
  const h = createHash('sha256');
  h.update(`node ${process.version}\n`);
  for (const name of build.env) h.update(`${name}=${process.env[name] ?? ''}\n`);
  for (const input of build.inputs) {
    for (const file of files(join(root, input), [])) {
      h.update(`${relative(root, file)}\0`);
      h.update(readFileSync(file));
      h.update('\0');
    }
  }
  return h.digest('hex');
}

const rebuild = process.argv.includes('--rebuild');
const args = process.argv.slice(2).filter((a) => a !== '--rebuild');
for (const build of BUILDS) {
  const stamp = join(stampDir, `${build.script.replace(':', '-')}.sha256`);
  const started = Date.now();
  const hash = inputsHash(build);
  const previous = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
  if (!rebuild && previous === hash && existsSync(build.output)) {
    console.log(
      `> npm run ${build.script}: up to date (inputs unchanged, checked in ${Date.now() - started} ms)`,
    );
    continue;
  }
  console.log(`> npm run ${build.script}`);
  const r = spawnSync('npm', ['run', '--silent', build.script], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  mkdirSync(stampDir, { recursive: true });
  writeFileSync(stamp, `${hash}\n`);
}
const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/console/main.ts', ...args], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
