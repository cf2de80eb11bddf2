// `switchboard validate` runs the switch-port impact check (src/features/switch-ports/logic/
// portImpact.ts) when hosts with attachments, the attachments and policies or NADs are given
// together. Upstream rules: nmstate vlan.rs (a VLAN interface tags `vlan.id` on `base-iface`),
// containernetworking/plugins vlan (`master`, `vlanId`), baremetal-operator
// hostnetworkattachment_types.go and PR #3470 (appliedNetworkAttachmentConfigs; reference
// namespace defaults to the host's; AttachmentNamespaceDenied).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CliIo } from './io';
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
    listDir(): string[] | undefined {
      return undefined;
    },
  };
  return io;
}

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
