// Starts an isolated sandbox (embedded cluster + console stand-in) on free loopback ports with
// a fresh data directory. Used by the Playwright fixtures (one per worker) and by tests that
// need their own cluster, e.g. to restart it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startCluster } from '../sandbox/cluster/server';
import { startConsole } from '../sandbox/console/server';
import { writePeerPlugins } from './peers/peers';

export const repoRoot = path.resolve(__dirname, '..');
/** Where the builds are; overridable so several checkouts' worth of work can test in parallel. */
export const pluginDistDir = path.resolve(
  process.env.SWITCHBOARD_DIST ?? path.join(repoRoot, 'dist'),
);
export const hostDistDir = path.resolve(
  process.env.SWITCHBOARD_HOST_DIST ?? path.join(repoRoot, 'sandbox/console/dist'),
);

export interface SandboxOptions {
  scenario?: 'demo' | 'empty' | 'scale';
  nodes?: number;
  pluginDist?: string;
  dataDir?: string;
  clusterPort?: number;
  /** API groups served as not installed, e.g. ['nmstate.io']. */
  absentGroups?: string[];
  /**
   * Also enable the peer test plugins (nmstate-console-plugin, networking-console-plugin),
   * before Switchboard as on a real cluster.
   */
  withPeers?: boolean;
  /** The console's report-only CSP (default) or the stand-in's strict enforced one. */
  cspMode?: 'console' | 'strict';
  /**
   * How long the simulated controllers take per step: 'fast' (0.1-0.3 s, the default) or
   * 'realtime' (2-5 s, as `npm start` runs), for tests that must act while a rollout is under way.
   */
  speed?: 'realtime' | 'fast';
}

export interface Sandbox {
  consoleUrl: string;
  clusterUrl: string;
  clusterPort: number;
  dataDir: string;
  /** Stops only the cluster (to test reconnection); restartCluster brings it back. */
  stopCluster(): Promise<void>;
  restartCluster(): Promise<void>;
  close(): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-e2e-'));
  const clusterOpts = {
    port: opts.clusterPort ?? 0,
    dataDir,
    scenario: opts.scenario ?? 'demo',
    nodes: opts.nodes,
    speed: opts.speed ?? 'fast',
    reset: false,
    absentGroups: opts.absentGroups,
  };
  let cluster = await startCluster(clusterOpts);
  const clusterPort = cluster.port;
  const upstream = { server: cluster.url };
  const peerPlugins = opts.withPeers ? writePeerPlugins(path.join(dataDir, 'peer-plugins')) : [];
  const consoleServer = await startConsole({
    port: 0,
    pluginName: 'switchboard',
    pluginDist: opts.pluginDist ?? pluginDistDir,
    hostDist: hostDistDir,
    upstream,
    peerPlugins,
    cspMode: opts.cspMode,
  });
  let clusterRunning = true;
  return {
    consoleUrl: consoleServer.url,
    clusterUrl: cluster.url,
    clusterPort,
    dataDir,
    async stopCluster() {
      if (!clusterRunning) return;
      clusterRunning = false;
      await cluster.close();
    },
    async restartCluster() {
      if (clusterRunning) return;
      cluster = await startCluster({ ...clusterOpts, port: clusterPort });
      clusterRunning = true;
    },
    async close() {
      await consoleServer.close();
      if (clusterRunning) await cluster.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
