// `switchboard validate`: checks NADs, NNCPs and HostNetworkAttachments in YAML/JSON files with the
// same pure validators the console uses. Network config objects and NodeNetworkStates among the
// inputs act as cluster context, and all NADs are checked against each other. Install-time inputs
// (install-config.yaml, agent-config.yaml, NMStateConfigs, BareMetalHosts with their
// preprovisioning network data Secrets) get the day-1 check (src/features/day1/logic).
// Exit codes: 0 no errors, 1 at least one error finding, 2 bad arguments or unreadable input.
import { dirname } from 'node:path';
import { LineCounter, parseAllDocuments, parseDocument, type Document } from 'yaml';
import type { K8sResource, Node } from '../src/shared/model/k8s';
import type { NetworkAttachmentDefinition } from '../src/shared/model/nad';
import type {
  BareMetalHost,
  BareMetalSwitch,
  HardwareData,
  HostNetworkAttachment,
} from '../src/shared/model/metal3';
import type { Pod } from '../src/shared/model/k8s';
import type { NodeNetworkConfigurationPolicy, NodeNetworkState } from '../src/shared/model/nmstate';
import { buildValidationContext } from '../src/features/nads/logic/context';
import { validateNad } from '../src/features/nads/logic/validateNad';
import type { Platform } from '../src/features/nads/model/types';
import { validatePolicy } from '../src/features/policies/logic/validatePolicy';
import { validateHostNetworkAttachment } from '../src/features/switch-ports/logic/validateHostNetworkAttachment';
import { computePortImpact } from '../src/features/switch-ports/logic/portImpact';
import type { PortImpactInputs } from '../src/features/switch-ports/logic/portImpact';
import { getAppliedConfig } from '../src/features/switch-ports/logic/hostPorts';
import { matchNicsToSwitchPorts } from '../src/features/switch-ports/logic/matchNicsToSwitchPorts';
import { getNodePathOffset, splitPath } from '../src/features/policies/logic/yamlPositions';
import { validateDay1 } from '../src/features/day1/logic/validateDay1';
import { detectDay1Kind } from '../src/features/day1/logic/day1Inputs';
import type { Day1Finding, Day1Kind } from '../src/features/day1/model/types';
import type { CliIo, Subcommand } from './io';
import { formatMessage } from './messages';

const USAGE =
  'usage: switchboard validate [--format text|json] [--platform openshift|microshift] PATH...\n';

interface Options {
  format: 'text' | 'json';
  platform: Platform;
  paths: string[];
}

export interface CliFinding {
  severity: string;
  code: string;
  path: string;
  params?: Record<string, string | number>;
  position?: { line: number; column: number; offset: number };
  /** Params were withheld (Secret contents): placeholders print as <hidden>. */
  redacted?: boolean;
}

interface LoadedObject {
  source: string;
  obj: K8sResource;
  /** Path of the object inside its document (`[]` or `['items', 3]`). */
  at: (string | number)[];
  doc: Document;
  lines: LineCounter;
  text: string;
}

interface Problem {
  source: string;
  line: number;
  column: number;
  code: string;
  params: Record<string, string | number>;
}

function parseArgs(argv: string[]): Options | string {
  const opts: Options = { format: 'text', platform: 'openshift', paths: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const m = /^--(format|platform)(?:=(.*))?$/.exec(arg);
    if (m) {
      const value = m[2] ?? argv[++i];
      if (m[1] === 'format') {
        if (value !== 'text' && value !== 'json') return `invalid --format: ${value ?? ''}`;
        opts.format = value;
      } else {
        if (value !== 'openshift' && value !== 'microshift')
          return `invalid --platform: ${value ?? ''}`;
        opts.platform = value;
      }
    } else if (arg === '--help' || arg === '-h') return '';
    else if (arg.startsWith('--')) return `unknown option: ${arg}`;
    else opts.paths.push(arg);
  }
  if (opts.paths.length === 0) return 'no input paths';
  return opts;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function expandPaths(paths: string[], io: CliIo): string[] {
  const out: string[] = [];
  for (const p of paths) {
    const listed = io.listDir(p);
    if (listed === undefined) out.push(p);
    else out.push(...listed.filter((f) => /\.(ya?ml|json)$/i.test(f)).sort());
  }
  return out;
}

function load(file: string, io: CliIo, problems: Problem[]): LoadedObject[] {
  let text: string;
  try {
    text = io.readFile(file);
  } catch (e) {
    const reason = e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e);
    problems.push({
      source: file,
      line: 0,
      column: 0,
      code: 'input.unreadable',
      params: { path: file, reason },
    });
    return [];
  }
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lines, uniqueKeys: false });
  const list = Array.isArray(docs) ? docs : [];
  const out: LoadedObject[] = [];
  for (const doc of list) {
    const err = doc.errors[0];
    if (err) {
      const pos = err.linePos?.[0];
      problems.push({
        source: file,
        line: pos?.line ?? 0,
        column: pos?.col ?? 0,
        code: 'input.yamlSyntax',
        params: { reason: err.message.split('\n')[0] ?? '' },
      });
      continue;
    }
    const value: unknown = doc.toJS({ maxAliasCount: 100 });
    if (value === null || value === undefined) continue;
    if (!isRecord(value)) continue;
    if (
      typeof value.kind === 'string' &&
      value.kind.endsWith('List') &&
      Array.isArray(value.items)
    ) {
      value.items.forEach((item: unknown, i: number) => {
        if (isRecord(item))
          out.push({ source: file, obj: item, at: ['items', i], doc, lines, text });
      });
    } else out.push({ source: file, obj: value, at: [], doc, lines, text });
  }
  return out;
}

interface NodeLike {
  range?: [number, number, number] | null;
  type?: string;
}

function nodeAt(o: LoadedObject, path: (string | number)[]): NodeLike | undefined {
  const n: unknown = o.doc.getIn([...o.at, ...path], true);
  return isRecord(n) ? n : undefined;
}

/** Maps a finding to a file position: inside a block-literal spec.config when possible. */
function locate(o: LoadedObject, f: CliFinding): { line: number; column: number } {
  const objectPos = (): { line: number; column: number } => {
    const n = nodeAt(o, ['metadata', 'name']) ?? nodeAt(o, []);
    const lp = o.lines.linePos(n?.range?.[0] ?? 0);
    return { line: lp.line, column: lp.col };
  };
  if (!f.path.startsWith('$')) {
    const segs = f.path.split('.').filter((s) => s !== '');
    const n = nodeAt(o, segs);
    if (n?.range) {
      const lp = o.lines.linePos(n.range[0]);
      return { line: lp.line, column: lp.col };
    }
    // Policy paths index lists (`spec.desiredState.interfaces[2].mtu`): resolve them item by item.
    if (f.path.includes('[')) {
      const offset = getNodePathOffset(o.doc.contents, [...o.at, ...splitPath(f.path)]);
      if (offset !== undefined) {
        const lp = o.lines.linePos(offset);
        return { line: lp.line, column: lp.col };
      }
    }
    return objectPos();
  }
  const cfg = nodeAt(o, ['spec', 'config']);
  if (!cfg?.range) return objectPos();
  const start = o.lines.linePos(cfg.range[0]);
  if (cfg.type === 'BLOCK_LITERAL' && f.position) {
    // The block's content starts on the line after the `|` header; its indentation is that of
    // the first non-empty content line.
    const { indent } = blockIndent(o.text, cfg.range[0]);
    return { line: start.line + f.position.line, column: indent + f.position.column };
  }
  return { line: start.line, column: start.col };
}

/** Column where a block scalar's content starts: the indentation of its first non-empty line. */
function blockIndent(text: string, headerOffset: number): { contentStart: number; indent: number } {
  const afterHeader = text.indexOf('\n', headerOffset) + 1;
  const m = /^(?:[ \t]*\n)*( *)/.exec(text.slice(afterHeader, afterHeader + 400));
  return { contentStart: afterHeader, indent: m?.[1]?.length ?? 0 };
}

/**
 * File position of a day-1 finding: the key or item its path names, or, for nmstate written as
 * YAML text in a Secret's stringData block, the place inside that block. Base64 data has no lines
 * to point into, so its findings stay on the data key.
 */
function locateDay1(o: LoadedObject, f: Day1Finding): { line: number; column: number } {
  const path = [...o.at, ...f.location.at];
  const contents: unknown = o.doc.contents;
  const offset = getNodePathOffset(contents, path) ?? 0;
  const keyPos = o.lines.linePos(offset);
  const inner = f.location.inner;
  const innerPosition = f.location.innerPosition;
  if (inner === undefined && innerPosition === undefined)
    return { line: keyPos.line, column: keyPos.col };
  const scalar = nodeAt(o, f.location.at);
  const value = o.doc.getIn([...o.at, ...f.location.at]);
  if (scalar?.type !== 'BLOCK_LITERAL' || !scalar.range || typeof value !== 'string')
    return { line: keyPos.line, column: keyPos.col };
  let pos = innerPosition;
  if (!pos && inner) {
    const lc = new LineCounter();
    const innerDoc = parseDocument(value, { lineCounter: lc, uniqueKeys: false });
    const at = getNodePathOffset(innerDoc.contents, inner);
    if (at === undefined) return { line: keyPos.line, column: keyPos.col };
    const lp = lc.linePos(at);
    pos = { line: lp.line, column: lp.col };
  }
  if (!pos) return { line: keyPos.line, column: keyPos.col };
  const start = o.lines.linePos(scalar.range[0]);
  const { indent } = blockIndent(o.text, scalar.range[0]);
  return { line: start.line + pos.line, column: indent + pos.column };
}

const kindOf = (o: K8sResource): string => (typeof o.kind === 'string' ? o.kind : '');
const groupOf = (o: K8sResource): string =>
  typeof o.apiVersion === 'string' && o.apiVersion.includes('/')
    ? (o.apiVersion.split('/')[0] ?? '')
    : '';

interface Report {
  source: string;
  kind: string;
  namespace: string;
  name: string;
  findings: (CliFinding & { line: number; column: number })[];
}

/**
 * Impact findings of every `spec.networkInterfaces` entry of a host read from a file: its spec is
 * the change, and what the port carried before is the host's applied config for that NIC
 * (`status.appliedNetworkAttachmentConfigs`, as `oc get -o yaml` prints it), else nothing.
 */
function portImpactFindings(host: BareMetalHost, inputs: PortImpactInputs): CliFinding[] {
  const out: CliFinding[] = [];
  const hd = inputs.hardwareData.find(
    (d) =>
      d.metadata.namespace === host.metadata.namespace && d.metadata.name === host.metadata.name,
  );
  const nics = matchNicsToSwitchPorts(host, hd, inputs.switches).nics;
  (host.spec?.networkInterfaces ?? []).forEach((entry, i) => {
    const ref = entry.hostNetworkAttachment;
    if (!isRecord(ref) || typeof ref.name !== 'string' || ref.name === '') return;
    const nic = nics.find((n) => n.networkInterfaceIndex === i);
    const applied = nic ? getAppliedConfig(host, nic) : undefined;
    const impact = computePortImpact(
      {
        host,
        nic: {
          ...(typeof entry.name === 'string' ? { name: entry.name } : {}),
          ...(typeof entry.macAddress === 'string' ? { mac: entry.macAddress } : {}),
        },
        attachment: {
          name: ref.name,
          ...(typeof ref.namespace === 'string' ? { namespace: ref.namespace } : {}),
        },
        previous:
          applied?.kind === 'applied' && applied.config.mode
            ? {
                mode: applied.config.mode,
                ...(applied.config.nativeVLAN !== undefined
                  ? { nativeVLAN: applied.config.nativeVLAN }
                  : {}),
                ...(applied.config.allowedVLANs
                  ? { allowedVLANs: applied.config.allowedVLANs }
                  : {}),
              }
            : 'none',
      },
      inputs,
    );
    for (const f of impact.findings) {
      // A first attachment "adds" every VLAN it carries, and a node-less host is the CLI's
      // usual case (a stand-in node is checked instead): neither is worth a line.
      if (f.code === 'impact.vlanAdded' || f.code === 'impact.noNode') continue;
      out.push({
        severity: f.severity,
        code: f.code,
        path: `spec.networkInterfaces[${i}].hostNetworkAttachment`,
        params: Object.fromEntries(
          Object.entries(f.params).map(([k, v]) => [k, v === '' ? '(none)' : v]),
        ),
      });
    }
  });
  return out;
}

function validate(argv: string[], io: CliIo): number {
  const opts = parseArgs(argv);
  if (typeof opts === 'string') {
    if (opts !== '') io.err(`switchboard validate: ${opts}\n`);
    io.err(USAGE);
    return opts === '' ? 0 : 2;
  }
  const problems: Problem[] = [];
  const objects = expandPaths(opts.paths, io).flatMap((f) => load(f, io, problems));

  const nads: LoadedObject[] = [];
  const policies: LoadedObject[] = [];
  const hnas: LoadedObject[] = [];
  const states: NodeNetworkState[] = [];
  const nodes: Node[] = [];
  const hosts: LoadedObject[] = [];
  const hardwareData: HardwareData[] = [];
  const switches: BareMetalSwitch[] = [];
  const pods: Pod[] = [];
  let networkConfig: K8sResource | undefined;
  let operatorNetwork: K8sResource | undefined;
  for (const o of objects) {
    const kind = kindOf(o.obj);
    const group = groupOf(o.obj);
    if (kind === 'NetworkAttachmentDefinition') nads.push(o);
    else if (kind === 'NodeNetworkConfigurationPolicy') policies.push(o);
    else if (kind === 'HostNetworkAttachment') hnas.push(o);
    else if (kind === 'NodeNetworkState') states.push(o.obj as NodeNetworkState);
    else if (kind === 'Node') nodes.push(o.obj as Node);
    else if (kind === 'Pod') pods.push(o.obj as Pod);
    else if (kind === 'BareMetalHost' && group === 'metal3.io') hosts.push(o);
    else if (kind === 'HardwareData' && group === 'metal3.io')
      hardwareData.push(o.obj as HardwareData);
    else if (kind === 'BareMetalSwitch' && group === 'metal3.io')
      switches.push(o.obj as BareMetalSwitch);
    else if (kind === 'Network' && group === 'config.openshift.io') networkConfig = o.obj;
    else if (kind === 'Network' && group === 'operator.openshift.io') operatorNetwork = o.obj;
  }
  const asNad = (o: LoadedObject): NetworkAttachmentDefinition => {
    const meta = isRecord(o.obj.metadata) ? o.obj.metadata : {};
    return {
      ...o.obj,
      metadata: {
        ...meta,
        name: typeof meta.name === 'string' ? meta.name : '',
        namespace: typeof meta.namespace === 'string' ? meta.namespace : '',
      },
    };
  };
  const nadObjects = nads.map(asNad);
  const ctx = buildValidationContext({
    platform: opts.platform,
    networkConfig,
    operatorNetwork,
    nads: nadObjects,
    nodeNetworkStates: states.length > 0 ? states : undefined,
    nodes: nodes.length > 0 ? nodes : undefined,
    policies: policies.map((p) => p.obj as NodeNetworkConfigurationPolicy),
  });

  const reports: Report[] = [];
  const report = (o: LoadedObject, findings: CliFinding[]): void => {
    const meta = isRecord(o.obj.metadata) ? o.obj.metadata : {};
    reports.push({
      source: o.source,
      kind: kindOf(o.obj),
      namespace: typeof meta.namespace === 'string' ? meta.namespace : '',
      name: typeof meta.name === 'string' ? meta.name : '',
      findings: findings.map((f) => ({ ...f, ...locate(o, f) })),
    });
  };
  nads.forEach((o, i) => {
    const nad = nadObjects[i];
    if (nad) report(o, validateNad(nad, ctx));
  });
  for (const o of policies) {
    const policy = o.obj as NodeNetworkConfigurationPolicy;
    const platform = opts.platform;
    report(o, validatePolicy(policy, { nodes, nodeNetworkStates: states, platform }));
  }
  for (const o of hnas) report(o, validateHostNetworkAttachment(o.obj as HostNetworkAttachment));

  // Day-1: every object is offered; the check picks install-time inputs by their content. Files
  // under the directory of an install-config or agent-config belong to that cluster.
  const clusterDirs = [
    ...new Set(
      objects
        .filter((o) => {
          const k = detectDay1Kind(o.obj);
          return k === 'InstallConfig' || k === 'AgentConfig';
        })
        .map((o) => dirname(o.source)),
    ),
  ].sort((a, b) => b.length - a.length);
  const clusterOf = (file: string): string => {
    const dir = `${dirname(file)}/`;
    return clusterDirs.find((d) => dir.startsWith(`${d}/`)) ?? '';
  };
  const day1 = validateDay1(objects.map((o) => ({ obj: o.obj, cluster: clusterOf(o.source) })));
  const day1Reports = new Map<number, Report>();
  const HOST_KINDS: ReadonlySet<Day1Kind> = new Set([
    'InstallConfig',
    'AgentConfig',
    'NMStateConfig',
    'InfraEnv',
    'BareMetalHost',
    'Secret',
  ]);
  for (const [idx, kind] of day1.kinds) {
    const o = objects[idx];
    if (!o || !HOST_KINDS.has(kind)) continue;
    const meta = isRecord(o.obj.metadata) ? o.obj.metadata : {};
    const r: Report = {
      source: o.source,
      kind,
      namespace: typeof meta.namespace === 'string' ? meta.namespace : '',
      name: typeof meta.name === 'string' ? meta.name : '',
      findings: [],
    };
    day1Reports.set(idx, r);
    reports.push(r);
  }
  for (const f of day1.findings) {
    const o = objects[f.location.input];
    if (!o) continue;
    let r = day1Reports.get(f.location.input);
    if (!r) {
      // Findings on an NNCP or HNA join that object's own report.
      const meta = isRecord(o.obj.metadata) ? o.obj.metadata : {};
      r = reports.find(
        (x) =>
          x.source === o.source &&
          x.kind === kindOf(o.obj) &&
          x.name === (typeof meta.name === 'string' ? meta.name : ''),
      );
    }
    if (!r) continue;
    r.findings.push({
      severity: f.severity,
      code: f.code,
      path: [...f.location.at, ...(f.location.inner ?? [])]
        .map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`))
        .join(''),
      ...(f.params ? { params: f.params } : {}),
      ...(f.redacted ? { redacted: true } : {}),
      ...locateDay1(o, f),
    });
  }
  for (const r of day1Reports.values())
    r.findings.sort((a, b) => a.line - b.line || a.column - b.column);

  // Switch-port impact: given hosts with attachments, the attachments and what uses VLANs
  // (policies or NADs), what each host interface's attachment does to the VLANs its node needs.
  const withInterfaces = hosts.filter((o) => {
    const spec = (o.obj as BareMetalHost).spec;
    return Array.isArray(spec?.networkInterfaces) && spec.networkInterfaces.length > 0;
  });
  if (withInterfaces.length > 0 && hnas.length > 0 && (policies.length > 0 || nads.length > 0)) {
    const impactInputs: PortImpactInputs = {
      nodes,
      bareMetalHosts: hosts.map((o) => o.obj as BareMetalHost),
      hardwareData,
      hostNetworkAttachments: hnas.map((o) => o.obj as HostNetworkAttachment),
      switches,
      nodeNetworkStates: states,
      policies: policies.map((p) => p.obj as NodeNetworkConfigurationPolicy),
      nads: nadObjects,
      ...(pods.length > 0 ? { pods } : {}),
      standInNode: true,
    };
    for (const o of withInterfaces) {
      const findings = portImpactFindings(o.obj as BareMetalHost, impactInputs);
      // The host's day-1 report, when it has one, takes these findings too: one object, one report.
      const r = day1Reports.get(objects.indexOf(o));
      if (!r) report(o, findings);
      else {
        r.findings.push(...findings.map((f) => ({ ...f, ...locate(o, f) })));
        r.findings.sort((a, b) => a.line - b.line || a.column - b.column);
      }
    }
  }

  let errors = 0;
  let warnings = 0;
  for (const r of reports) {
    for (const f of r.findings) {
      if (f.severity === 'error') errors++;
      else if (f.severity === 'warning' || f.severity === 'danger') warnings++;
    }
  }
  if (opts.format === 'json') {
    const json = [
      ...problems.map((p) => ({
        source: p.source,
        kind: '',
        namespace: '',
        name: '',
        findings: [
          {
            severity: 'error',
            code: p.code,
            path: '',
            message: formatMessage(p.code, p.params),
            line: p.line,
            column: p.column,
          },
        ],
      })),
      ...reports.map((r) => ({
        source: r.source,
        kind: r.kind,
        namespace: r.namespace,
        name: r.name,
        findings: r.findings.map((f) => ({
          severity: f.severity,
          code: f.code,
          path: f.path,
          message: formatMessage(f.code, f.params, f.redacted),
          line: f.line,
          column: f.column,
        })),
      })),
    ];
    io.out(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    const lines: string[] = [];
    for (const p of problems)
      lines.push(
        `${p.source}:${p.line}:${p.column} error ${p.code} ${formatMessage(p.code, p.params)}`,
      );
    for (const r of reports) {
      const who = r.namespace ? `${r.kind} ${r.namespace}/${r.name}` : `${r.kind} ${r.name}`;
      for (const f of r.findings) {
        lines.push(
          `${r.source}:${f.line}:${f.column} ${f.severity} ${f.code} ${formatMessage(f.code, f.params, f.redacted)} [${who}]`,
        );
      }
    }
    if (lines.length > 0) io.out(`${lines.join('\n')}\n`);
    io.err(
      `${reports.length} objects checked: ${errors} errors, ${warnings} warnings${problems.length > 0 ? `, ${problems.length} unreadable inputs` : ''}\n`,
    );
  }
  if (problems.length > 0) return 2;
  return errors > 0 ? 1 : 0;
}

export const runValidate: Subcommand = (argv, io) => Promise.resolve(validate(argv, io));
