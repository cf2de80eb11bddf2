// Scenarios that run in Node alone: the topology graph builder, the NAD validator and the
// `switchboard validate` command line on 10,000 NADs.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  buildTopologyGraph,
  createTopologyGraphBuilder,
} from '../../src/features/topology/logic/buildTopologyGraph';
import { generateCluster } from '../../src/features/topology/__fixtures__/topologyFixtures';
import { validateNad } from '../../src/features/nads/logic/validateNad';
import { buildValidationContext } from '../../src/features/nads/logic/context';
import { GOOD, NETWORK_CONFIG, OPERATOR_NETWORK } from '../../src/features/nads/__fixtures__/nads';
import { measuredFigure, notMeasurable, repeat } from '../lib/stats';
import type { Figure, Scenario } from '../lib/types';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** CPU time (user + system) this process used so far, in ms. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * CPU time (user + system) in ms from /proc/<pid>/stat (man 5 proc): of the process itself, or of
 * its reaped children. Fields after the command name: state is index 0, so utime and stime are 11
 * and 12, cutime and cstime 13 and 14; a tick is 10 ms.
 */
export function procCpuMs(pid: number | 'self', of: 'process' | 'children'): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const first = of === 'process' ? 11 : 13;
    const ticks = Number(fields[first]) + Number(fields[first + 1]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) of this process's reaped children so far, in ms (Linux /proc). */
export const childrenCpuMs = (): number | undefined => procCpuMs('self', 'children');

const CPU_NOTE =
  'CPU time (user + system) of the same runs: on a shared, overloaded machine it approximates the wall time an idle machine would show';

export const graphBuilderScenario: Scenario = {
  name: 'graph-builder',
  description: 'buildTopologyGraph on generateCluster(500): 20,000 interfaces, in Node',
  run(ctx) {
    const nodes = ctx.quick ? 5 : 500;
    const cluster = generateCluster(nodes);
    const options = { showInternal: true };
    const first = buildTopologyGraph({ ...cluster, options });
    const interfaces = first.nodes.filter((n) => n.kind === 'interface').length;
    const runs = Math.max(ctx.runs, 10);
    // A few builds first so the figure is the steady state a long-lived page sees (it rebuilds on
    // every live update), not the JIT compiling the builder.
    const warmup = Math.max(ctx.warmup, 3);
    const full: number[] = [];
    const fullCpu: number[] = [];
    for (let i = 0; i < warmup + runs; i++) {
      const c0 = cpuMs();
      const t0 = performance.now();
      buildTopologyGraph({ ...cluster, options });
      const ms = performance.now() - t0;
      if (i >= warmup) {
        full.push(ms);
        fullCpu.push(cpuMs() - c0);
      }
    }
    // The memoising builder after one node's NNS changed (what a live update costs).
    const builder = createTopologyGraphBuilder();
    builder({ ...cluster, options });
    const incremental: number[] = [];
    for (let i = 0; i < ctx.warmup + runs; i++) {
      const states = cluster.nodeNetworkStates.map((s, j) =>
        j === i % cluster.nodeNetworkStates.length
          ? { ...s, metadata: { ...s.metadata, resourceVersion: `changed-${i}` } }
          : s,
      );
      const t0 = performance.now();
      builder({ ...cluster, nodeNetworkStates: states, options });
      const ms = performance.now() - t0;
      if (i >= ctx.warmup) incremental.push(ms);
    }
    return Promise.resolve([
      measuredFigure(
        {
          id: 'graphBuilder.build',
          scenario: 'graph-builder',
          title: `Graph builder (Node), ${interfaces.toLocaleString('en')} interfaces: build time`,
          unit: 'ms',
          budget: { max: 100, text: '<= 100 ms' },
          note: `buildTopologyGraph, ${nodes} nodes, showInternal; ${runs} runs after ${warmup} warm-up builds`,
        },
        full,
      ),
      measuredFigure(
        {
          id: 'graphBuilder.buildCpu',
          scenario: 'graph-builder',
          title: `Graph builder (Node), ${interfaces.toLocaleString('en')} interfaces: build CPU time`,
          unit: 'ms',
          note: CPU_NOTE,
        },
        fullCpu,
      ),
      measuredFigure(
        {
          id: 'graphBuilder.incremental',
          scenario: 'graph-builder',
          title: `Graph builder (Node), ${interfaces.toLocaleString('en')} interfaces: rebuild after one node changed`,
          unit: 'ms',
          note: 'createTopologyGraphBuilder (memoised per node); informational',
        },
        incremental,
      ),
    ]);
  },
};

export const nadValidatorScenario: Scenario = {
  name: 'nad-validator',
  description: 'validateNad per typical NAD (the GOOD fixtures, with cluster context), in Node',
  run(ctx) {
    const nads = Object.values(GOOD);
    const context = buildValidationContext({
      networkConfig: NETWORK_CONFIG,
      operatorNetwork: OPERATOR_NETWORK,
      nads,
    });
    const loops = ctx.quick ? 5 : 500;
    const runs = Math.max(ctx.runs, 10);
    const perNad: number[] = [];
    const perNadCpu: number[] = [];
    let findings = 0;
    for (let r = 0; r < ctx.warmup + runs; r++) {
      const c0 = cpuMs();
      const t0 = performance.now();
      // A fresh object each time, as an edit gives the validator: validateNad reuses a parse of
      // the same NAD object (parseNadConfig), which would leave the parse out of the figure.
      for (let i = 0; i < loops; i++)
        for (const nad of nads) findings += validateNad({ ...nad }, context).length;
      const ms = (performance.now() - t0) / (loops * nads.length);
      if (r >= ctx.warmup) {
        perNad.push(ms);
        perNadCpu.push((cpuMs() - c0) / (loops * nads.length));
      }
    }
    return Promise.resolve([
      measuredFigure(
        {
          id: 'nadValidator.perNad',
          scenario: 'nad-validator',
          title: 'NAD validator (Node): time per typical NAD',
          unit: 'ms',
          budget: { max: 0.2, text: '<= 0.2 ms' },
          note: `mean over ${loops} × ${nads.length} fixture NADs (every CNI/IPAM kind) with cluster context per run (${findings} findings in all, infos only); ${runs} runs`,
        },
        perNad,
      ),
      measuredFigure(
        {
          id: 'nadValidator.perNadCpu',
          scenario: 'nad-validator',
          title: 'NAD validator (Node): CPU time per typical NAD',
          unit: 'ms',
          note: CPU_NOTE,
        },
        perNadCpu,
      ),
    ]);
  },
};

/** One realistic NAD of a few kinds; every subnet is distinct so nothing overlaps. */
function nadYaml(i: number): string {
  const ns = `team-${String(i % 50).padStart(2, '0')}`;
  const name = `net-${String(i).padStart(5, '0')}`;
  const b = 1 + (i >> 8);
  const c = i & 255;
  const subnet = `10.${b}.${c}`;
  let config: Record<string, unknown>;
  switch (i % 4) {
    case 0:
      config = {
        cniVersion: '0.3.1',
        name,
        type: 'macvlan',
        master: 'ens4',
        mode: 'bridge',
        ipam: {
          type: 'whereabouts',
          range: `${subnet}.0/24`,
          range_start: `${subnet}.10`,
          range_end: `${subnet}.200`,
          exclude: [`${subnet}.1/32`],
          gateway: `${subnet}.1`,
        },
      };
      break;
    case 1:
      config = {
        cniVersion: '0.3.1',
        name,
        type: 'bridge',
        bridge: `br${i % 100}`,
        isGateway: true,
        ipam: {
          type: 'host-local',
          ranges: [
            [{ subnet: `${subnet}.0/24`, rangeStart: `${subnet}.10`, gateway: `${subnet}.1` }],
          ],
          routes: [{ dst: '192.168.0.0/16', gw: `${subnet}.1` }],
        },
      };
      break;
    case 2:
      config = {
        cniVersion: '0.4.0',
        name,
        type: 'ipvlan',
        master: 'ens5',
        mode: 'l2',
        ipam: {
          type: 'static',
          addresses: [{ address: `${subnet}.10/24`, gateway: `${subnet}.1` }],
        },
      };
      break;
    default:
      config = {
        cniVersion: '0.3.1',
        name,
        type: 'vlan',
        master: 'ens6',
        vlanId: 100 + (i % 3000),
        ipam: { type: 'dhcp' },
      };
  }
  const body = JSON.stringify(config, null, 2)
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n');
  return [
    'apiVersion: k8s.cni.cncf.io/v1',
    'kind: NetworkAttachmentDefinition',
    'metadata:',
    `  name: ${name}`,
    `  namespace: ${ns}`,
    'spec:',
    '  config: |',
    body,
    '',
  ].join('\n');
}

const CLUSTER_CONTEXT_YAML = `apiVersion: config.openshift.io/v1
kind: Network
metadata:
  name: cluster
spec:
  clusterNetwork:
    - cidr: 10.128.0.0/14
      hostPrefix: 23
  serviceNetwork:
    - 172.30.0.0/16
---
apiVersion: operator.openshift.io/v1
kind: Network
metadata:
  name: cluster
spec:
  defaultNetwork:
    type: OVNKubernetes
`;

/** Writes `count` NADs, one file each, under <dir>/nads/<namespace>/, plus the Network objects. */
export function writeNadTree(dir: string, count: number): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'cluster-network.yaml'), CLUSTER_CONTEXT_YAML);
  for (let i = 0; i < count; i++) {
    const nsDir = path.join(dir, 'nads', `team-${String(i % 50).padStart(2, '0')}`);
    if (i < 50) fs.mkdirSync(nsDir, { recursive: true });
    fs.writeFileSync(path.join(nsDir, `net-${String(i).padStart(5, '0')}.yaml`), nadYaml(i));
  }
}

interface CliRun {
  ms: number;
  cpuMs: number | undefined;
  code: number | null;
  objects: number;
  errors: number;
  stderr: string;
}

function runCli(dir: string): Promise<CliRun> {
  return new Promise((resolve) => {
    const cpu0 = childrenCpuMs();
    const t0 = performance.now();
    const child = spawn(
      process.execPath,
      [path.join(REPO_ROOT, 'bin/switchboard.mjs'), 'validate', '--format', 'json', dir],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('close', (code) => {
      const ms = performance.now() - t0;
      const cpu1 = childrenCpuMs();
      const cpuMs = cpu0 === undefined || cpu1 === undefined ? undefined : cpu1 - cpu0;
      let objects = -1;
      let errors = 0;
      try {
        const parsed = JSON.parse(Buffer.concat(out).toString()) as {
          findings?: { severity?: string }[];
        }[];
        objects = parsed.length;
        for (const o of parsed)
          for (const f of o.findings ?? []) if (f.severity === 'error') errors++;
      } catch {
        objects = -1;
      }
      resolve({
        ms,
        cpuMs,
        code,
        objects,
        errors,
        stderr: Buffer.concat(err).toString().slice(0, 400),
      });
    });
  });
}

export const cliScenario: Scenario = {
  name: 'cli',
  description: '`node bin/switchboard.mjs validate` on 10,000 NAD files with cluster context',
  async run(ctx) {
    const count = ctx.quick ? 20 : 10_000;
    const dir = path.join(ctx.tmpDir, 'cli-nads');
    const t0 = performance.now();
    writeNadTree(dir, count);
    ctx.log(`cli: wrote ${count} NAD files in ${Math.round(performance.now() - t0)} ms`);
    const spec = {
      id: 'cli.validate10k',
      scenario: 'cli',
      title: `CLI, ${count.toLocaleString('en')} NADs with cluster context: whole run`,
      unit: 'ms' as const,
      budget: { max: 5000, text: '<= 5 s' },
    };
    const results = await repeat(ctx.warmup, ctx.runs, async () => runCli(dir));
    const bad = results.find((r) => r.code !== 0 && r.code !== 1);
    if (bad) return [notMeasurable(spec, `validate exited ${String(bad.code)}: ${bad.stderr}`)];
    const last = results[results.length - 1];
    const figure: Figure = measuredFigure(
      {
        ...spec,
        note:
          `wall time of the process (Node start, tsx, reading ${count} files, validating all, JSON output); ` +
          `${last?.objects ?? '?'} objects reported, ${last?.errors ?? '?'} error findings, exit ${String(last?.code)}`,
      },
      results.map((r) => r.ms),
    );
    const cpu = results.map((r) => r.cpuMs);
    const cpuSpec = {
      id: 'cli.validate10kCpu',
      scenario: 'cli',
      title: `CLI, ${count.toLocaleString('en')} NADs with cluster context: CPU time of the run`,
      unit: 'ms' as const,
      note: CPU_NOTE + ' (children CPU time from /proc/self/stat)',
    };
    return [
      figure,
      cpu.every((c): c is number => c !== undefined)
        ? measuredFigure(cpuSpec, cpu)
        : notMeasurable(cpuSpec, 'no /proc/self/stat'),
    ];
  },
};
