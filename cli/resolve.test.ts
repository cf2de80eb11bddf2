import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import type { CliIo } from './io';
import { runResolve } from './resolve';

const nodeState = `
apiVersion: nmstate.io/v1beta1
kind: NodeNetworkState
metadata:
  name: worker-0
status:
  currentState:
    interfaces:
      - name: ens3
        type: ethernet
        state: up
        mac-address: 52:54:00:AB:00:03
      - name: ens4
        type: ethernet
        state: up
    routes:
      running:
        - destination: 0.0.0.0/0
          next-hop-address: 192.0.2.1
          next-hop-interface: ens3
          table-id: 254
`;

const policy = `
apiVersion: nmstate.io/v1
kind: NodeNetworkConfigurationPolicy
metadata:
  name: br1-on-default-gw
spec:
  capture:
    nic: interfaces.name==capture.gw.routes.running.0.next-hop-interface
    gw: routes.running.destination=="0.0.0.0/0"
  desiredState:
    interfaces:
      - name: br1
        type: linux-bridge
        state: up
        mac-address: "{{ capture.nic.interfaces.0.mac-address }}"
        bridge:
          port:
            - name: "{{ capture.nic.interfaces.0.name }}"
`;

const brokenPolicy = `
spec:
  capture:
    gw: routes.running.destination="0.0.0.0/0"
  desiredState: {}
`;

function fakeIo(files: Record<string, string>): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    out(text: string) {
      io.stdout += text;
    },
    err(text: string) {
      io.stderr += text;
    },
    readFile(path: string): string {
      const content = files[path];
      if (content === undefined) throw new Error(`ENOENT: no such file, open '${path}'`);
      return content;
    },
    listDir(): string[] | undefined {
      return undefined;
    },
  };
  return io;
}

const expectedState = {
  interfaces: [
    {
      name: 'br1',
      type: 'linux-bridge',
      state: 'up',
      'mac-address': '52:54:00:AB:00:03',
      bridge: { port: [{ name: 'ens3' }] },
    },
  ],
};

void describe('switchboard resolve', () => {
  void it('prints the resolved desired state as YAML from an NNS and an NNCP', async () => {
    const io = fakeIo({ 'nns.yaml': nodeState, 'nncp.yaml': policy });
    assert.equal(await runResolve(['--state', 'nns.yaml', '--policy', 'nncp.yaml'], io), 0);
    assert.deepEqual(parse(io.stdout), expectedState);
    assert.equal(io.stderr, '');
  });

  void it('prints the state as nmstate prints it, and refuses what nmstate refuses', async () => {
    // nmstate 2.2 deserializer.rs (`u64_or_string`), ifaces/bond.rs (`BondMode` aliases, `ports`),
    // ifaces/base.rs (`default_state`), ifaces/vlan.rs (`VlanConfig` deny_unknown_fields).
    const loose = [
      'spec:',
      '  desiredState:',
      '    interfaces:',
      '      - {name: bond9, type: bond, mtu: "9000", link-aggregation: {mode: 1, ports: [ens4]}}',
    ].join('\n');
    const io = fakeIo({ 'nns.yaml': nodeState, 'nncp.yaml': loose });
    assert.equal(await runResolve(['--state', 'nns.yaml', '--policy', 'nncp.yaml'], io), 0);
    assert.deepEqual(parse(io.stdout), {
      interfaces: [
        {
          name: 'bond9',
          type: 'bond',
          state: 'up',
          mtu: 9000,
          'link-aggregation': { mode: 'active-backup', port: ['ens4'] },
        },
      ],
    });
    const typo = loose.replace('ports: [ens4]', 'ports: [ens4], miimon: 100');
    const bad = fakeIo({ 'nns.yaml': nodeState, 'nncp.yaml': typo });
    assert.equal(await runResolve(['--state', 'nns.yaml', '--policy', 'nncp.yaml'], bad), 1);
    assert.equal(
      bad.stderr,
      'NmstateError: InvalidArgument: unknown field `miimon`, expected one of `mode`, `options`, `port`, `ports`, `ports-config`\n',
    );
  });

  void it('prints JSON and accepts a bare nmstate document', async () => {
    const bare = JSON.stringify(
      (parse(nodeState) as { status: { currentState: unknown } }).status.currentState,
    );
    const io = fakeIo({ 'current.json': bare, 'nncp.yaml': policy });
    assert.equal(
      await runResolve(['--state=current.json', '--policy', 'nncp.yaml', '--format', 'json'], io),
      0,
    );
    assert.deepEqual(JSON.parse(io.stdout), expectedState);
  });

  void it('uses an enactment desired state as the state', async () => {
    const nnce = [
      'apiVersion: nmstate.io/v1beta1',
      'kind: NodeNetworkConfigurationEnactment',
      'status:',
      '  desiredState:',
      '    interfaces:',
      '      - {name: ens3, type: ethernet, state: up, mac-address: "52:54:00:AB:00:03"}',
      '    routes:',
      '      running:',
      '        - {destination: 0.0.0.0/0, next-hop-interface: ens3}',
    ].join('\n');
    const io = fakeIo({ 'nnce.yaml': nnce, 'nncp.yaml': policy });
    assert.equal(
      await runResolve(['--state', 'nnce.yaml', '--policy', 'nncp.yaml'], io),
      0,
      io.stderr,
    );
    assert.deepEqual(parse(io.stdout), expectedState);
  });

  void it('prints a capture error with a caret under the position and exits 1', async () => {
    const io = fakeIo({ 'nns.yaml': nodeState, 'nncp.yaml': brokenPolicy });
    assert.equal(await runResolve(['--state', 'nns.yaml', '--policy', 'nncp.yaml'], io), 1);
    assert.equal(io.stdout, '');
    assert.equal(
      io.stderr,
      // nmstate/nmstate rust/src/lib/policy/token.rs: a single `=` wants another `=` right after.
      'NmstateError: PolicyError: Invalid equal action string after =, expecting another \'=\'\n| routes.running.destination="0.0.0.0/0"\n| ...........................^\n',
    );
  });

  void it('with --captured runs no capture and uses the cached states (rust/src/cli/policy.rs)', async () => {
    const captured = [
      'nic:',
      '  metaInfo: {time: "2026-01-01T00:00:00Z", version: "0"}',
      '  state:',
      '    interfaces:',
      '      - {name: ens9, type: ethernet, state: up, mac-address: "52:54:00:AB:00:09"}',
      'gw:',
      '  metaInfo: {time: "2026-01-01T00:00:00Z", version: "0"}',
      '  state: {routes: {running: [{destination: 0.0.0.0/0, next-hop-interface: ens9}]}}',
    ].join('\n');
    const io = fakeIo({ 'nns.yaml': nodeState, 'nncp.yaml': policy, 'cap.yaml': captured });
    assert.equal(
      await runResolve(
        ['--state', 'nns.yaml', '--policy', 'nncp.yaml', '--captured', 'cap.yaml'],
        io,
      ),
      0,
      io.stderr,
    );
    assert.match(io.stdout, /52:54:00:AB:00:09/);
    assert.doesNotMatch(io.stdout, /52:54:00:AB:00:03/);
  });

  const usageCases: { name: string; argv: string[] }[] = [
    { name: 'missing --state', argv: ['--policy', 'nncp.yaml'] },
    { name: 'missing --policy', argv: ['--state', 'nns.yaml'] },
    { name: 'unknown flag', argv: ['--state', 'nns.yaml', '--policy', 'nncp.yaml', '--verbose'] },
    {
      name: 'bad format',
      argv: ['--state', 'nns.yaml', '--policy', 'nncp.yaml', '--format', 'xml'],
    },
    { name: 'flag without value', argv: ['--state'] },
    { name: 'unreadable file', argv: ['--state', 'missing.yaml', '--policy', 'nncp.yaml'] },
    { name: 'unparsable YAML', argv: ['--state', 'bad.yaml', '--policy', 'nncp.yaml'] },
    { name: 'non-state resource', argv: ['--state', 'pod.yaml', '--policy', 'nncp.yaml'] },
    {
      name: 'capture that is not a string',
      argv: ['--state', 'nns.yaml', '--policy', 'badcapture.yaml'],
    },
  ];
  for (const { name, argv } of usageCases) {
    void it(`exits 2 on ${name}`, async () => {
      const io = fakeIo({
        'nns.yaml': nodeState,
        'nncp.yaml': policy,
        'bad.yaml': 'a: [unclosed',
        'pod.yaml': 'apiVersion: v1\nkind: Pod\nmetadata: {name: x}\n',
        'badcapture.yaml': 'spec:\n  capture:\n    gw: [1]\n',
      });
      assert.equal(await runResolve(argv, io), 2);
      assert.match(io.stderr, /^switchboard resolve: /);
      assert.equal(io.stdout, '');
    });
  }

  void it('prints usage on --help', async () => {
    const io = fakeIo({});
    assert.equal(await runResolve(['--help'], io), 0);
    assert.match(io.stdout, /usage: switchboard resolve/);
  });
});
