// The day-1 check end to end on the fixture files in cli/__fixtures__/day1 (the examples of
// docs/day1.md): exit codes, file positions, and that Secret contents never reach the output.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Day1Code } from '../src/features/day1/model/types';
import { DAY1_MESSAGES } from './day1Messages';
import type { CliIo } from './io';
import { nodeIo } from './main';
import { runValidate } from './validate';

const FIXTURES = join(__dirname, '__fixtures__', 'day1');

function captureIo(): CliIo & { stdout: string; stderr: string } {
  const io = {
    ...nodeIo,
    stdout: '',
    stderr: '',
    out(t: string) {
      io.stdout += t;
    },
    err(t: string) {
      io.stderr += t;
    },
  };
  return io;
}

const run = async (...args: string[]) => {
  const io = captureIo();
  const code = await runValidate(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
};

interface JsonReport {
  source: string;
  kind: string;
  name: string;
  findings: { severity: string; code: string; line: number; column: number; message: string }[];
}

/** `file:line:column code` for every finding, file relative to the fixtures. */
const positions = (out: string): string[] =>
  (JSON.parse(out) as JsonReport[]).flatMap((r) =>
    r.findings.map((f) => `${r.source.slice(FIXTURES.length + 1)}:${f.line}:${f.column} ${f.code}`),
  );

describe('switchboard validate: day-1 inputs', () => {
  for (const dir of ['ipi', 'agent', 'ztp'])
    it(`exits 0 on the ${dir} example`, async () => {
      const r = await run(join(FIXTURES, dir));
      assert.equal(r.code, 0, r.stdout);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /objects checked: 0 errors, 0 warnings/);
    });

  it('reports the broken install-config at the line and column of each mistake', async () => {
    const r = await run('--format', 'json', join(FIXTURES, 'broken', 'ipi'));
    assert.equal(r.code, 1);
    assert.deepEqual(positions(r.stdout).sort(), [
      'broken/ipi/install-config.yaml:19:9 day1.vip.outsideMachineNetwork',
      'broken/ipi/install-config.yaml:39:17 vlan.id.invalid',
      'broken/ipi/install-config.yaml:42:9 day1.mac.duplicate',
      'broken/ipi/install-config.yaml:51:21 day1.address.duplicate',
      'broken/ipi/install-config.yaml:53:21 day1.address.isVip',
      'broken/ipi/install-config.yaml:66:21 day1.address.inClusterNetwork',
      'broken/ipi/install-config.yaml:66:21 day1.host.noAddressInMachineNetwork',
      'broken/ipi/openshift/99-nncp-storage.yaml:11:9 interface.mtu.invalid',
      'broken/ipi/openshift/99-nncp-storage.yaml:15:15 day1.address.inServiceNetwork',
    ]);
    // The reported position is the offending key in the file.
    const lines = readFileSync(
      join(FIXTURES, 'broken', 'ipi', 'install-config.yaml'),
      'utf8',
    ).split('\n');
    assert.equal(lines[38]?.slice(16), 'id: 5000');
    assert.equal(lines[41]?.slice(8), 'bootMACAddress: 52:54:00:00:11:10');
    assert.equal(lines[52]?.slice(20), 'ip: 192.168.111.5');
  });

  it('reports agent-config mistakes', async () => {
    const r = await run('--format', 'json', join(FIXTURES, 'broken', 'agent'));
    assert.equal(r.code, 1);
    assert.deepEqual(positions(r.stdout).sort(), [
      'broken/agent/agent-config.yaml:11:9 day1.mac.invalid',
      'broken/agent/agent-config.yaml:37:11 baseIface.notFound',
      'broken/agent/agent-config.yaml:5:1 day1.rendezvousIP.onWorker',
    ]);
  });

  it('points into stringData blocks, at base64 data keys, and never prints Secret contents', async () => {
    const r = await run('--format', 'json', join(FIXTURES, 'broken', 'ztp'));
    assert.equal(r.code, 1);
    assert.deepEqual(positions(r.stdout).sort(), [
      'broken/ztp/baremetalhosts.yaml:129:5 day1.state.yamlSyntax',
      'broken/ztp/baremetalhosts.yaml:35:15 ip.address.invalid',
      'broken/ztp/baremetalhosts.yaml:42:11 day1.vlan.notAllowedOnPort',
      'broken/ztp/baremetalhosts.yaml:48:11 day1.vlan.nativeTagged',
      'broken/ztp/baremetalhosts.yaml:49:9 baseIface.notFound',
      'broken/ztp/baremetalhosts.yaml:71:3 day1.secret.base64Invalid',
      'broken/ztp/baremetalhosts.yaml:87:1 day1.secret.noNmstateKey',
      'broken/ztp/baremetalhosts.yaml:97:3 day1.secret.notFound',
      'broken/ztp/nmstateconfig.yaml:12:9 bond.ports.empty',
      'broken/ztp/nmstateconfig.yaml:6:1 day1.nmstateConfig.interfacesRequired',
    ]);
    const file = readFileSync(join(FIXTURES, 'broken', 'ztp', 'baremetalhosts.yaml'), 'utf8').split(
      '\n',
    );
    assert.equal(file[34]?.slice(14), 'ip: 192.168.111.300');
    assert.equal(file[70]?.slice(2, 9), 'nmstate');
    const text = await run(join(FIXTURES, 'broken', 'ztp'));
    for (const out of [r.stdout, text.stdout]) {
      for (const secretValue of [
        '192.168.111.300',
        'ens9',
        'ens2f0.300',
        '192.168.111.34',
        'bm90IGJhc2U2NCE',
        'links',
      ])
        assert.ok(!out.includes(secretValue), `output shows Secret contents: ${secretValue}`);
    }
    assert.match(
      text.stdout,
      /VLAN <hidden> on ens2f0 is not carried by its switch port: attachment storage-trunk \(trunk\) allows 100,200-203/,
    );
  });

  it('selects NMStateConfigs through the InfraEnvs among the inputs', async () => {
    const dir = join(FIXTURES, 'broken', 'infraenv');
    const r = await run('--format', 'json', dir);
    assert.equal(r.code, 1);
    assert.deepEqual(positions(r.stdout).sort(), [
      'broken/infraenv/baremetalhosts.yaml:23:5 day1.infraEnv.notFound',
      'broken/infraenv/infraenvs.yaml:42:9 day1.infraEnv.selector.valuesForbidden',
      'broken/infraenv/nmstateconfigs.yaml:39:7 day1.nmstateConfig.macClaimedTwice',
      'broken/infraenv/nmstateconfigs.yaml:61:7 day1.nmstateConfig.interfaceNotUnique',
      'broken/infraenv/nmstateconfigs.yaml:73:3 day1.nmstateConfig.notSelected',
      'broken/infraenv/nmstateconfigs.yaml:92:3 day1.nmstateConfig.otherNamespace',
    ]);
    const lines = (file: string) => readFileSync(join(dir, file), 'utf8').split('\n');
    assert.equal(lines('infraenvs.yaml')[41]?.slice(8), 'values: [r1]');
    assert.equal(lines('nmstateconfigs.yaml')[38]?.slice(6), 'macAddress: 52:54:00:BB:00:01');
    assert.equal(lines('nmstateconfigs.yaml')[72]?.slice(2), 'labels:');
    assert.equal(
      lines('baremetalhosts.yaml')[22]?.slice(4),
      'infraenvs.agent-install.openshift.io: spoke-3',
    );
    const text = await run(dir);
    assert.equal(text.code, 1);
    assert.match(
      text.stdout,
      /nmstateconfigs\.yaml:39:7 error day1\.nmstateConfig\.macClaimedTwice MAC address 52:54:00:bb:00:01 is claimed by the NMStateConfigs of worker-a-old and worker-a, both in the discovery image of InfraEnv spoke-2/,
    );
    assert.match(
      text.stdout,
      /nmstateconfigs\.yaml:73:3 warning day1\.nmstateConfig\.notSelected NMStateConfig stale is selected by no InfraEnv \(spoke-2\/spoke-2, site-west\/west-site, spoke-2\/lab\)/,
    );
    // The unselected config's broken VLAN is in no image: it is not reported.
    assert.ok(!text.stdout.includes('vlan.id.invalid'));
    assert.match(text.stderr, /objects checked: 3 errors, 3 warnings/);
  });

  it('exits 0 on the InfraEnv example once every NMStateConfig is selected', async () => {
    const r = await run('--format', 'json', join(FIXTURES, 'ztp'));
    assert.equal(r.code, 0);
    const reports = JSON.parse(r.stdout) as JsonReport[];
    assert.ok(reports.some((x) => x.kind === 'InfraEnv' && x.name === 'spoke-1'));
  });

  it('has an English message for every day-1 code', () => {
    const codes = Object.keys(DAY1_MESSAGES) as Day1Code[];
    assert.ok(codes.every((c) => DAY1_MESSAGES[c].length > 0));
    assert.equal(codes.length, 31);
  });

  it('exits 1 from the binary when one of several inputs is broken', () => {
    const r = spawnSync(
      process.execPath,
      ['bin/switchboard.mjs', 'validate', join(FIXTURES, 'ipi'), join(FIXTURES, 'broken', 'agent')],
      { encoding: 'utf8', timeout: 60_000 },
    );
    assert.equal(r.status, 1);
    assert.match(r.stdout, /agent-config\.yaml:5:1 error day1\.rendezvousIP\.onWorker/);
    assert.match(r.stderr, /4 objects checked: 2 errors, 1 warnings/);
  });
});
