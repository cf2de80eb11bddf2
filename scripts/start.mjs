#!/usr/bin/env node
// `npm start`: production build of the plugin and the console stand-in, then the stand-in with
// the embedded demo cluster (or a real cluster when KUBECONFIG / --kubeconfig is given).
// Extra arguments are passed to sandbox/console/main.ts, e.g. `npm start -- --port 9100`.
import { spawnSync, spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
for (const script of ['build', 'build:console']) {
  console.log(`> npm run ${script}`);
  const r = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'sandbox/console/main.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
