// Programmatic entry point: `startCluster` opens (or creates) the data directory, restores
// state, seeds a scenario into a fresh cluster, starts the simulated controllers and serves the
// Kubernetes API on 127.0.0.1. Tests, the console stand-in and `npm start` embed it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { ClusterApi, Controller } from './api';
import { Cluster } from './cluster';
import type { WatchLimits } from './http';
import { ApiHttp } from './http';
import type { LoadedState } from './persistence';
import { Persistence } from './persistence';
import { RESOURCES, typeKey } from './registry';
import { Store } from './store';
import { loadScenario } from './scenarios/index';
import { createControllers } from './controllers/index';

export interface ClusterOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default `<repo>/.sandbox/data`. */
  dataDir?: string;
  /**
   * Scenario seeded into a fresh data directory (default `empty`); `none` seeds nothing but the
   * boot namespaces (the API server's own tests use it to stay independent of scenario data).
   */
  scenario?: string;
  nodes?: number;
  /** `scale` only: every policy selects every worker (50 enactments per node). */
  widePolicies?: boolean;
  speed?: 'realtime' | 'fast';
  /** Discard persisted state first. */
  reset?: boolean;
  /** Run the simulated controllers (default true). Tests of the API server turn them off. */
  controllers?: boolean;
  /** Interval between watch BOOKMARK events (default 60 s, like the API server's). */
  bookmarkIntervalMs?: number;
  /** Watch-event history kept for resourceVersion replay (default 8192 events). */
  historyCapacity?: number;
  /** API groups served as if their CRDs were not installed (e.g. ['nmstate.io']). */
  absentGroups?: string[];
  /** The simulated BMO's watch namespaces, which limit HNA references (BMO PR #3470). */
  bmoWatchNamespaces?: string[];
  /** Watch backlog and count limits (default DEFAULT_WATCH_LIMITS). */
  watchLimits?: WatchLimits;
}

export interface RunningCluster {
  url: string;
  port: number;
  dataDir: string;
  api: ClusterApi;
  /**
   * Drops every open watch connection server-side, as a network failure would, while the server
   * keeps running (a benchmark hook; nothing serves it over HTTP). Returns how many were dropped.
   */
  dropWatches(): number;
  close(): Promise<void>;
}

export const KUBERNETES_VERSION = { major: '1', minor: '32', gitVersion: 'v1.32.0-switchboard' };

export function defaultDataDir(): string {
  // __dirname, not import.meta: Playwright's loader compiles these sources as CommonJS.
  return resolve(__dirname, '..', '..', '.sandbox', 'data');
}

export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const dataDir = options.dataDir ?? defaultDataDir();
  const store = new Store(options.historyCapacity ?? 8192);
  const cluster = new Cluster(store);
  const persistence = new Persistence(dataDir, () => ({
    rv: store.resourceVersion,
    lines: store.snapshotLines(),
  }));
  const loaded = persistence.load(options.reset ?? false);
  try {
    return await serve(options, dataDir, store, cluster, persistence, loaded);
  } catch (err) {
    // The data directory stays usable by the next attempt: release the lock.
    persistence.close();
    throw err;
  }
}

async function serve(
  options: ClusterOptions,
  dataDir: string,
  store: Store,
  cluster: Cluster,
  persistence: Persistence,
  loaded: LoadedState,
): Promise<RunningCluster> {
  store.restore(new Map(RESOURCES.map((r) => [typeKey(r), r])), loaded.objects, loaded.rv);
  store.persistence = persistence;
  if (loaded.fresh) {
    cluster.bootstrap();
    const scenario = options.scenario ?? 'empty';
    if (scenario !== 'none') {
      // The scenario loader may be synchronous or asynchronous.
      await Promise.resolve(
        loadScenario(scenario, cluster, {
          nodes: options.nodes,
          widePolicies: options.widePolicies,
        }),
      );
    }
    persistence.compact();
  }
  const controllers: Controller[] = [];
  if (options.controllers ?? true) {
    for (const c of createControllers({ bmoWatchNamespaces: options.bmoWatchNamespaces })) {
      c.start(cluster, { speed: options.speed ?? 'realtime' });
      controllers.push(c);
    }
  }
  const api = new ApiHttp(cluster, {
    bookmarkIntervalMs: options.bookmarkIntervalMs ?? 60_000,
    whenDurable: () => persistence.whenDurable(),
    version: KUBERNETES_VERSION,
    compact: () => persistence.compact(),
    absentGroups: new Set(options.absentGroups ?? []),
    watchLimits: options.watchLimits,
    health: () => ({
      resourceVersion: store.resourceVersion,
      listeners: store.listenerCount(),
      persistence: persistence.stats,
      objects: Object.fromEntries([...store.allTables()].map(([k, t]) => [k, t.size])),
    }),
  });
  const server = createServer({ keepAlive: true }, (req, res) => api.handle(req, res));
  server.on('upgrade', (req, socket, head) => {
    try {
      api.handleUpgrade(req, socket, head);
    } catch (err) {
      // An exception here would end the process and every client's watch with it.
      console.error('sandbox cluster: upgrade failed', err);
      socket.destroy();
    }
  });
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', () => ok());
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    api: cluster,
    dropWatches: () => api.dropWatches(),
    close: () => {
      closing ??= (async () => {
        for (const c of controllers) c.stop();
        api.closeAll();
        server.closeAllConnections();
        await new Promise<void>((ok) => server.close(() => ok()));
        persistence.close();
      })();
      return closing;
    },
  };
}
