import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FINDING_CODES } from '../src/features/nads/model/codes';
import type { CliIo } from './io';
import { MESSAGES, formatMessage } from './messages';
import { runValidate } from './validate';

function fakeIo(files: Record<string, string>): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    out(t: string) {
      io.stdout += t;
    },
    err(t: string) {
      io.stderr += t;
    },
    readFile(p: string) {
      const f = files[p];
      if (f === undefined) throw new Error(`ENOENT: no such file ${p}`);
      return f;
    },
    listDir(p: string) {
      const prefix = `${p}/`;
      const hits = Object.keys(files).filter((f) => f.startsWith(prefix));
      return hits.length > 0 ? hits : undefined;
    },
  };
  return io;
}

const NAD = (name: string, config: string, ns = 'demo'): string => `apiVersion: k8s.cni.cncf.io/v1
kind: NetworkAttachmentDefinition
metadata:
  name: ${name}
  namespace: ${ns}
spec:
  config: |
${config
  .split('\n')
  .map((l) => `    ${l}`)
  .join('\n')}
`;

const GOOD_CONFIG = `{
  "cniVersion": "0.3.1",
  "name": "wa",
  "type": "macvlan",
  "master": "ens4",
  "ipam": { "type": "whereabouts", "range": "192.168.20.0/24", "range_start": "192.168.20.10" }
}`;

describe('messages', () => {
  it('has an English message for every finding code', () => {
    assert.deepEqual(
      FINDING_CODES.filter((c) => !(c in MESSAGES)),
      [],
    );
  });
  it('fills parameters and optional parts', () => {
    assert.equal(
      formatMessage('config.unknownKey', { key: 'vlanID', suggestion: 'vlan' }),
      'unknown key "vlanID" is ignored by the plugin: did you mean "vlan"?',
    );
    assert.equal(
      formatMessage('config.unknownKey', { key: 'x' }),
      'unknown key "x" is ignored by the plugin',
    );
    assert.equal(formatMessage('some.other', { a: 1 }), 'some.other (a=1)');
  });
});

describe('runValidate', () => {
  it('exits 0 for clean input and prints nothing on stdout', async () => {
    const io = fakeIo({ 'a.yaml': NAD('wa', GOOD_CONFIG) });
    assert.equal(await runValidate(['a.yaml'], io), 0);
    assert.equal(io.stdout, '');
    assert.match(io.stderr, /1 objects checked: 0 errors/);
  });
  it('reports errors at their line in the file and exits 1', async () => {
    const bad = GOOD_CONFIG.replace('"range_start"', '"rangeStart"');
    const io = fakeIo({ 'a.yaml': `${NAD('ok', GOOD_CONFIG)}---\n${NAD('bad', bad)}` });
    assert.equal(await runValidate(['a.yaml'], io), 1);
    // Document 2's `config: |` header is on line 22; the offending key is on JSON line 6, column 64.
    assert.match(
      io.stdout,
      /^a\.yaml:28:68 error ipam\.whereabouts\.foreignKey whereabouts ignores "rangeStart"/m,
    );
  });
  it('uses Network objects as cluster context and checks NADs against each other', async () => {
    const net = `apiVersion: config.openshift.io/v1
kind: Network
metadata: {name: cluster}
status:
  clusterNetwork: [{cidr: 192.168.0.0/16}]
  serviceNetwork: [172.30.0.0/16]
`;
    const io = fakeIo({
      'dir/net.yaml': net,
      'dir/a.yaml': NAD('wa', GOOD_CONFIG),
      'dir/b.json': JSON.stringify({
        apiVersion: 'v1',
        kind: 'List',
        items: [
          {
            apiVersion: 'k8s.cni.cncf.io/v1',
            kind: 'NetworkAttachmentDefinition',
            metadata: { name: 'wb', namespace: 'x' },
            spec: { config: GOOD_CONFIG.replace('"name": "wa"', '"name": "wb"') },
          },
        ],
      }),
    });
    assert.equal(await runValidate(['--format', 'json', 'dir'], io), 1);
    const out = JSON.parse(io.stdout) as {
      name: string;
      findings: { code: string; message: string }[];
    }[];
    assert.deepEqual(
      out.map((o) => o.name),
      ['wa', 'wb'],
    );
    const codes = out.flatMap((o) => o.findings.map((f) => f.code));
    assert.ok(codes.includes('cluster.podNetworkOverlap'));
    assert.ok(codes.includes('cluster.whereaboutsSharedPool'));
    assert.ok(out[0]?.findings.every((f) => f.message.length > 0));
  });
  it('exits 2 on unreadable input and YAML syntax errors, with line and column', async () => {
    const io = fakeIo({ 'bad.yaml': 'kind: NetworkAttachmentDefinition\nmetadata: [unclosed\n' });
    assert.equal(await runValidate(['bad.yaml', 'missing.yaml'], io), 2);
    assert.match(io.stdout, /^bad\.yaml:\d+:\d+ error input\.yamlSyntax/m);
    assert.match(io.stdout, /^missing\.yaml:0:0 error input\.unreadable/m);
    assert.equal(await runValidate(['--format', 'xml', 'a'], fakeIo({})), 2);
    assert.equal(await runValidate([], fakeIo({})), 2);
  });
  it('validates NNCPs and HostNetworkAttachments', async () => {
    const io = fakeIo({
      'p.yaml': `apiVersion: nmstate.io/v1
kind: NodeNetworkConfigurationPolicy
metadata: {name: br1}
spec:
  desiredState:
    interfaces:
    - {name: br1, type: linux-bridge, state: up, mtu: 70000}
---
apiVersion: metal3.io/v1alpha1
kind: HostNetworkAttachment
metadata: {name: h, namespace: m}
spec: {mode: tagged, nativeVLAN: 5000}
`,
    });
    assert.equal(await runValidate(['--format', 'json', 'p.yaml'], io), 1);
    const out = JSON.parse(io.stdout) as { kind: string; findings: { severity: string }[] }[];
    assert.deepEqual(
      out.map((o) => o.kind),
      ['NodeNetworkConfigurationPolicy', 'HostNetworkAttachment'],
    );
    assert.ok(out.every((o) => o.findings.some((f) => f.severity === 'error')));
  });
});

describe('bin/switchboard.mjs', () => {
  it('runs validate end to end with the documented exit codes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-'));
    const good = join(dir, 'good.yaml');
    const bad = join(dir, 'bad.yaml');
    writeFileSync(good, NAD('wa', GOOD_CONFIG));
    writeFileSync(bad, NAD('bad', '{"type": "bridge",}'));
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['bin/switchboard.mjs', 'validate', ...args], {
        encoding: 'utf8',
        timeout: 60_000,
      });
    assert.equal(run(good).status, 0);
    const r = run(bad);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /bad\.yaml:8:\d+ error json\.trailingComma/);
    assert.equal(run(join(dir, 'nope.yaml')).status, 2);
  });
  it('refuses unknown commands, Object.prototype names included, with usage and exit 2', () => {
    for (const command of ['bogus', 'toString', '__proto__']) {
      const r = spawnSync(process.execPath, ['bin/switchboard.mjs', command], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(r.status, 2, command);
      assert.match(r.stderr, new RegExp(`unknown command "${command}"[\\s\\S]*usage:`));
    }
  });
});

// Switch-port impact (src/features/switch-ports/logic/portImpact.ts): runs when hosts with
// attachments, the attachments and policies or NADs are given together. Upstream rules: nmstate
// vlan.rs (a VLAN interface tags `vlan.id` on `base-iface`), containernetworking/plugins vlan
// (`master`, `vlanId`), baremetal-operator hostnetworkattachment_types.go and PR #3470
// (appliedNetworkAttachmentConfigs; reference namespace defaults to the host's;
// AttachmentNamespaceDenied).
const HOST = (ref: string, applied = true): string => `apiVersion: metal3.io/v1alpha1
kind: BareMetalHost
metadata:
  name: worker-0
  namespace: metal
spec:
  bootMACAddress: 52:54:00:00:00:10
  networkInterfaces:
    - name: eno2
      hostNetworkAttachment: ${ref}
status:
  provisioning: {state: provisioned}
  hardware:
    nics:
      - {name: eno1, mac: "52:54:00:00:00:10", pxe: true}
      - name: eno2
        mac: "52:54:00:00:00:11"
        lldp: {switchID: "08:05:e2:7d:0a:20", portID: xe-0/0/2}
${
  applied
    ? `  appliedNetworkAttachmentConfigs:
    - name: eno2
      switchPortConfig: {mode: trunk, nativeVLAN: 100, allowedVLANs: [200, 204]}
`
    : ''
}`;

const HNAS = `apiVersion: metal3.io/v1alpha1
kind: HostNetworkAttachment
metadata: {name: access-300, namespace: metal}
spec: {mode: access, nativeVLAN: 300}
---
apiVersion: metal3.io/v1alpha1
kind: HostNetworkAttachment
metadata: {name: wide, namespace: other}
spec: {mode: trunk, nativeVLAN: 100, allowedVLANs: ["200-204"]}
---
apiVersion: metal3.io/v1alpha1
kind: BareMetalSwitch
metadata: {name: tor-1, namespace: metal}
spec: {address: 10.0.0.2, macAddress: "08:05:e2:7d:0a:20", deviceType: netmiko_juniper_junos, credentials: {name: c}}
`;

const POLICY = `apiVersion: nmstate.io/v1
kind: NodeNetworkConfigurationPolicy
metadata: {name: vlan204}
spec:
  desiredState:
    interfaces:
      - {name: eno2.204, type: vlan, state: up, vlan: {base-iface: eno2, id: 204}}
`;

const NODE = `apiVersion: v1
kind: Node
metadata:
  name: worker-0
  annotations: {metal3.io/BareMetalHost: metal/worker-0}
---
apiVersion: nmstate.io/v1beta1
kind: NodeNetworkState
metadata: {name: worker-0}
status:
  currentState:
    interfaces:
      - {name: eno1, type: ethernet, mac-address: "52:54:00:00:00:10"}
      - {name: eno2, type: ethernet, mac-address: "52:54:00:00:00:11"}
`;

interface JsonReport {
  kind: string;
  name: string;
  findings: { severity: string; code: string; path: string; message: string; line: number }[];
}

async function run(
  files: Record<string, string>,
): Promise<{ code: number; reports: JsonReport[] }> {
  const io = fakeIo(files);
  const code = await runValidate(['--format', 'json', ...Object.keys(files)], io);
  return { code, reports: JSON.parse(io.stdout) as JsonReport[] };
}

const impactOf = (reports: JsonReport[]) =>
  reports
    .filter((r) => r.kind === 'BareMetalHost')
    .flatMap((r) => r.findings.filter((f) => f.code.startsWith('impact.')));

describe('validate: switch-port impact', () => {
  it('an error for a VLAN the node uses that the new attachment drops, at the interface entry', async () => {
    const { code, reports } = await run({
      'host.yaml': HOST('{name: access-300}'),
      'hna.yaml': HNAS,
      'policy.yaml': POLICY,
      'node.yaml': NODE,
    });
    assert.equal(code, 1);
    const found = impactOf(reports);
    assert.deepEqual(
      found.map((f) => `${f.severity} ${f.code} ${f.path} line ${f.line}`),
      ['error impact.vlanDropped spec.networkInterfaces[0].hostNetworkAttachment line 10'],
    );
    assert.equal(
      found[0]?.message,
      'eno2 no longer carries VLAN 204, which policy vlan204 uses (eno2.204); attachment metal/access-300 does not allow it',
    );
    // One report per object: the host's day-1 report takes the impact findings.
    assert.equal(reports.filter((r) => r.kind === 'BareMetalHost').length, 1);
  });

  it('without a node, a stand-in node makes the same finding a warning; a foreign namespace is flagged', async () => {
    const dropped = await run({
      'host.yaml': HOST('{name: access-300}'),
      'hna.yaml': HNAS,
      'policy.yaml': POLICY,
    });
    assert.equal(dropped.code, 0);
    assert.deepEqual(
      impactOf(dropped.reports).map((f) => `${f.severity} ${f.code}`),
      ['warning impact.vlanDropped'],
    );
    const foreign = await run({
      'host.yaml': HOST('{name: wide, namespace: other}'),
      'hna.yaml': HNAS,
      'policy.yaml': POLICY,
    });
    const f = impactOf(foreign.reports);
    assert.deepEqual(
      f.map((x) => `${x.severity} ${x.code}`),
      ['warning impact.crossNamespace'],
    );
    assert.match(f[0]?.message ?? '', /AttachmentNamespaceDenied/);
  });

  it('with no applied config, a needed VLAN the attachment lacks is reported as not carried', async () => {
    const { reports } = await run({
      'host.yaml': HOST('{name: access-300}', false),
      'hna.yaml': HNAS,
      'policy.yaml': POLICY,
      'node.yaml': NODE,
    });
    assert.deepEqual(
      impactOf(reports).map((f) => `${f.severity} ${f.code}`),
      ['warning impact.vlanNotAllowed'],
    );
  });

  it('runs only when policies or NADs are given with the hosts and attachments', async () => {
    const { reports } = await run({ 'host.yaml': HOST('{name: access-300}'), 'hna.yaml': HNAS });
    assert.deepEqual(impactOf(reports), []);
  });
});
