// `npm run bench -- [--quick] [--only NAME] [--check] [--compare FILE] [--runs N]
//   [--soak-minutes N] [--out DIR]`: runs the benchmark scenarios of issue 10 and writes
// <out>/latest.json and <out>/latest.md (default out: bench-results/, quick mode:
// test-results/bench-quick/). See README "Benchmarks".
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { startHostStallMonitor } from './lib/hostStalls';
import { getMachineInfo, waitForQuietMachine } from './lib/machine';
import { compareResults, toMarkdown } from './lib/report';
import { notMeasurable } from './lib/stats';
import type { BenchResult, Figure, Scenario, ScenarioContext } from './lib/types';
import { bundleScenario } from './scenarios/bundle';
import { editorScenario } from './scenarios/editor';
import {
  cliScenario,
  graphBuilderScenario,
  nadValidatorScenario,
  REPO_ROOT,
} from './scenarios/node';
import { policies2000Scenario, policiesScenario } from './scenarios/policies';
import { sandboxScenario } from './scenarios/sandbox';
import { soakScenario } from './scenarios/soak';
import { topology2000Scenario, topologyScenario } from './scenarios/topology';

export const SCENARIOS: Scenario[] = [
  graphBuilderScenario,
  nadValidatorScenario,
  cliScenario,
  sandboxScenario,
  bundleScenario,
  topologyScenario,
  topology2000Scenario,
  policiesScenario,
  policies2000Scenario,
  editorScenario,
  soakScenario,
];

function usage(message: string): never {
  console.error(`bench: ${message}`);
  console.error(
    `usage: npm run bench -- [--quick] [--only ${SCENARIOS.map((s) => s.name).join('|')}] [--check] [--compare FILE] [--runs N] [--soak-minutes N] [--out DIR]`,
  );
  process.exit(2);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string', multiple: true },
      check: { type: 'boolean', default: false },
      compare: { type: 'string' },
      runs: { type: 'string' },
      'soak-minutes': { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) usage('help');
  const quick = values.quick;
  const only = values.only ?? [];
  for (const name of only)
    if (!SCENARIOS.some((s) => s.name === name)) usage(`unknown scenario "${name}"`);
  const runs = values.runs === undefined ? (quick ? 1 : 5) : Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) usage(`invalid --runs ${String(values.runs)}`);
  const soakMinutes =
    values['soak-minutes'] === undefined ? (quick ? 0.1 : 10) : Number(values['soak-minutes']);
  if (!(soakMinutes > 0)) usage(`invalid --soak-minutes ${String(values['soak-minutes'])}`);
  const outDir = path.resolve(
    values.out ??
      (quick
        ? path.join(REPO_ROOT, 'test-results/bench-quick')
        : path.join(REPO_ROOT, 'bench-results')),
  );
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-'));
  const machine = getMachineInfo(REPO_ROOT);
  const started = performance.now();
  const monitor = startHostStallMonitor();
  const ctx: ScenarioContext = {
    quick,
    runs,
    warmup: 1,
    soakMinutes,
    pluginDist: path.resolve(process.env.SWITCHBOARD_DIST ?? path.join(REPO_ROOT, 'dist')),
    hostDist: path.resolve(
      process.env.SWITCHBOARD_HOST_DIST ?? path.join(REPO_ROOT, 'sandbox/console/dist'),
    ),
    tmpDir,
    log: (m) => console.log(`  ${m}`),
    setChromiumVersion: (v) => (machine.chromium = v),
    hostStalls: () => monitor.stalls(),
  };
  const figures: Figure[] = [];
  const quietWaits: NonNullable<BenchResult['quietWaits']> = [];
  try {
    for (const scenario of SCENARIOS) {
      if (only.length > 0 && !only.includes(scenario.name)) continue;
      console.log(`bench: ${scenario.name}: ${scenario.description}${quick ? ' (quick)' : ''}`);
      // The previous scenario's processes may still be exiting: a full run starts each scenario
      // on a quiet machine. Quick runs (the test suite's) assert no figure and skip the wait.
      if (!quick) {
        const wait = await waitForQuietMachine();
        quietWaits.push({ scenario: scenario.name, ...wait });
        ctx.log(
          wait.busy === undefined
            ? 'no /proc/stat: started without waiting for a quiet machine'
            : `${wait.quiet ? 'quiet' : 'still busy'} after ${wait.waitedMs} ms (CPU ${Math.round(wait.busy * 100)} % busy)`,
        );
      }
      const t0 = performance.now();
      let out: Figure[];
      try {
        out = await scenario.run(ctx);
      } catch (e) {
        const why = `scenario failed: ${e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e)}`;
        if (e instanceof Error) ctx.log(e.message);
        console.error(`bench: ${scenario.name}: ${why}`);
        out = [
          notMeasurable(
            {
              id: `${scenario.name}.error`,
              scenario: scenario.name,
              title: scenario.description,
              unit: 'ms',
            },
            why,
          ),
        ];
      }
      for (const f of out)
        console.log(
          `  ${f.status.padEnd(14)} ${f.title}: ${f.median === undefined ? (f.note ?? '') : `${f.median} ${f.unit}`}`,
        );
      console.log(`  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
      figures.push(...out);
    }
  } finally {
    monitor.stop();
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
  const stalls = monitor.stalls();
  const result: BenchResult = {
    mode: quick ? 'quick' : 'full',
    machine,
    settings: { runs, warmup: 1, soakMinutes },
    figures,
    durationSeconds: Math.round((performance.now() - started) / 100) / 10,
    quietWaits,
    hostStalls: {
      realtime: monitor.realtime,
      count: stalls.length,
      totalMs: Math.round(stalls.reduce((n, s) => n + s.ms, 0)),
      longestMs: Math.round(Math.max(0, ...stalls.map((s) => s.ms))),
    },
  };
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify(result, null, 2) + '\n');
  fs.writeFileSync(path.join(outDir, 'latest.md'), toMarkdown(result));
  console.log(
    `bench: wrote ${path.relative(process.cwd(), path.join(outDir, 'latest.json'))} and latest.md`,
  );
  if (values.compare) {
    const earlier = JSON.parse(fs.readFileSync(values.compare, 'utf8')) as BenchResult;
    console.log(compareResults(result, earlier));
  }
  const failed = figures.filter((f) => f.status === 'fail');
  const nm = figures.filter((f) => f.status === 'not-measurable');
  console.log(
    `bench: ${figures.filter((f) => f.status === 'pass').length} pass, ${failed.length} fail, ${nm.length} not measurable`,
  );
  if (values.check && failed.length > 0) {
    for (const f of failed)
      console.error(
        `bench: over budget: ${f.title}: ${f.median ?? '?'} ${f.unit} (${f.budget?.text ?? ''})`,
      );
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(2);
  },
);
