#!/usr/bin/env node
// `npm start`: production build of the plugin and the console stand-in, then the stand-in with
// the embedded demo cluster (or a real cluster when KUBECONFIG / --kubeconfig is given).
// Extra arguments are passed to sandbox/console/main.ts, e.g. `npm start -- --port 9100`.
//
// Each build runs only when its inputs changed (scripts/start-cache.mjs: a SHA-256 over the
// content of every input file, sources, locales, configs and the lockfile, and the environment
// the build reads, against the one recorded after its last successful build; the build output
// must still be there). A second start without source changes skips webpack and is up in seconds.
// `--rebuild` forces both builds.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { inputsHash, isUpToDate, recordBuild } from './start-cache.mjs';

const root = new URL('..', import.meta.url).pathname;
const stampDir = join(root, 'node_modules', '.cache', 'switchboard-start');
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

const rebuild = process.argv.includes('--rebuild');
const args = process.argv.slice(2).filter((a) => a !== '--rebuild');
for (const build of BUILDS) {
  const stamp = join(stampDir, `${build.script.replace(':', '-')}.sha256`);
  const started = Date.now();
  const hash = inputsHash(root, build);
  if (!rebuild && isUpToDate(stamp, hash, build.output)) {
    console.log(
      `> npm run ${build.script}: up to date (inputs unchanged, checked in ${Date.now() - started} ms)`,
    );
    continue;
  }
  console.log(`> npm run ${build.script}`);
  const r = spawnSync('npm', ['run', '--silent', build.script], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  recordBuild(stamp, hash);
}
const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/console/main.ts', ...args], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
