// `npm start` / `tsx sandbox/console/main.ts`: the console stand-in in front of either the
// embedded sandbox cluster (default, demo scenario) or a real cluster from a kubeconfig.
//
//   --port N            console port (default 9000; 0 picks a free one)
//   --host ADDR         address to bind (default 127.0.0.1: loopback only)
//   --kubeconfig FILE   proxy /api/kubernetes to that cluster (also KUBECONFIG)
//   --cluster-port N    port of the embedded cluster (default: a free one)
//   --data-dir DIR      embedded cluster state (default .sandbox/data)
//   --scenario NAME     demo | empty | scale (default demo)
//   --nodes N           node count for the scale scenario
//   --speed S           realtime | fast (default realtime)
//   --reset             start the embedded cluster from a clean state
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { isLoopback } from './guards';
import { startConsole } from './server';
import type { Upstream } from './server';
import { upstreamFromKubeconfig } from './kubeconfig';
import { startCluster } from '../cluster/server';

const root = path.resolve(__dirname, '../..');

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '9000' },
      host: { type: 'string', default: '127.0.0.1' },
      kubeconfig: { type: 'string' },
      'cluster-port': { type: 'string', default: '0' },
      'data-dir': { type: 'string' },
      scenario: { type: 'string', default: 'demo' },
      nodes: { type: 'string' },
      speed: { type: 'string', default: 'realtime' },
      reset: { type: 'boolean', default: false },
    },
  });
  const pluginDist = path.join(root, 'dist');
  const hostDist = path.join(root, 'sandbox/console/dist');
  for (const [what, dir] of [
    ['plugin build', path.join(pluginDist, 'plugin-manifest.json')],
    ['console stand-in build', path.join(hostDist, 'host.js')],
  ] as const) {
    if (!fs.existsSync(dir)) {
      console.error(`Missing ${what} (${dir}); run npm run build && npm run build:console.`);
      process.exit(1);
    }
  }

  const kubeconfig = values.kubeconfig ?? process.env.KUBECONFIG;
  let upstream: Upstream;
  let closeCluster: () => Promise<void> = () => Promise.resolve();
  if (kubeconfig) {
    upstream = await upstreamFromKubeconfig(kubeconfig);
    console.log(`proxying /api/kubernetes to ${upstream.server} (kubeconfig ${kubeconfig})`);
  } else {
    const dataDir = path.resolve(values['data-dir'] ?? path.join(root, '.sandbox/data'));
    const cluster = await startCluster({
      port: Number(values['cluster-port']),
      dataDir,
      scenario: values.scenario,
      nodes: values.nodes ? Number(values.nodes) : undefined,
      speed: values.speed as 'realtime' | 'fast',
      reset: values.reset,
    });
    closeCluster = () => cluster.close();
    upstream = { server: cluster.url };
    console.log(`sandbox cluster on ${cluster.url} (scenario ${values.scenario})`);
    console.log(
      `sandbox data: ${dataDir}${values.reset ? ' (reset)' : ''}; it survives restarts. ` +
        'Start clean with `npm start -- --reset`, elsewhere with `--data-dir DIR`.',
    );
  }
  const consoleServer = await startConsole({
    port: Number(values.port),
    host: values.host,
    pluginName: 'switchboard',
    pluginDist,
    hostDist,
    upstream,
  });
  console.log(
    `Switchboard console stand-in: ${consoleServer.url.replace('127.0.0.1', 'localhost')}`,
  );
  // With --kubeconfig the stand-in acts with the user's credentials: say who can reach it.
  if (isLoopback(values.host)) console.log(`listening on ${values.host} only (loopback)`);
  else
    console.warn(
      `WARNING: listening on ${values.host}: other machines can reach the stand-in` +
        (kubeconfig ? ' and act on the cluster with your kubeconfig credentials' : ''),
    );
  const stop = () => {
    void Promise.all([consoleServer.close(), closeCluster()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
