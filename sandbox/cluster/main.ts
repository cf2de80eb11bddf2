// `npm run sandbox -- [--port N] [--data-dir DIR] [--scenario demo|empty|scale] [--nodes N]
//   [--wide-policies] [--speed realtime|fast] [--reset] [--no-controllers]`: the sandbox Kubernetes API server as a
// process. `--no-controllers` serves the API alone (the durability tests use it).
import { parseArgs } from 'node:util';
import { DataDirError } from './persistence';
import { startCluster } from './server';

function fail(message: string): never {
  console.error(`sandbox cluster: ${message}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8001' },
    'data-dir': { type: 'string' },
    scenario: { type: 'string', default: 'demo' },
    nodes: { type: 'string' },
    // `scale` only: all 50 policies select every worker (2,000 nodes → 100,000 enactments).
    'wide-policies': { type: 'boolean', default: false },
    speed: { type: 'string', default: 'realtime' },
    reset: { type: 'boolean', default: false },
    'no-controllers': { type: 'boolean', default: false },
    // Comma-separated API groups to serve as "not installed", e.g. nmstate.io,metal3.io.
    'without-groups': { type: 'string', default: '' },
    // Comma-separated namespaces the simulated baremetal-operator watches (its WATCH_NAMESPACE);
    // BMO PR #3470 allows HostNetworkAttachment references only from these. Empty: all.
    'bmo-watch-namespaces': { type: 'string', default: '' },
  },
  strict: true,
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port ${values.port}`);
const nodes = values.nodes === undefined ? undefined : Number(values.nodes);
if (nodes !== undefined && (!Number.isInteger(nodes) || nodes < 0))
  fail(`invalid --nodes ${String(values.nodes)}`);
const speed = values.speed;
if (speed !== 'realtime' && speed !== 'fast') fail(`invalid --speed ${speed}`);

startCluster({
  port,
  dataDir: values['data-dir'],
  scenario: values.scenario,
  nodes,
  widePolicies: values['wide-policies'],
  speed,
  reset: values.reset,
  controllers: !values['no-controllers'],
  absentGroups: values['without-groups'].split(',').filter(Boolean),
  bmoWatchNamespaces: values['bmo-watch-namespaces'].split(',').filter(Boolean),
})
  .then((cluster) => {
    console.log(`sandbox cluster listening on ${cluster.url}`);
    const shutdown = (): void => {
      cluster.close().then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(err);
          process.exit(1);
        },
      );
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  })
  .catch((err: unknown) => {
    // A data directory in use or corrupt is the user's to fix: say what, not where in our code.
    if (err instanceof DataDirError) console.error(`sandbox cluster: ${err.message}`);
    else console.error('sandbox cluster: failed to start', err);
    process.exit(1);
  });
