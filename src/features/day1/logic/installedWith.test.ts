import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BareMetalHost } from '../../../shared/model/metal3';
import type { NetworkState, NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import {
  compareInstalled,
  findNMStateConfigsForHost,
  readInstalledFromSecret,
} from './installedWith';

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

const installed: NetworkState = {
  interfaces: [
    { name: 'eno1', type: 'ethernet', state: 'up', ipv4: { enabled: true, dhcp: true } },
    { name: 'ens2f0', type: 'ethernet', state: 'up', mtu: 9000 },
    { name: 'bond0.200', type: 'vlan', state: 'up', vlan: { 'base-iface': 'bond0', id: 200 } },
    { name: 'ens9', type: 'ethernet', state: 'up' },
  ],
};
const current: NetworkState = {
  interfaces: [
    {
      name: 'eno1',
      type: 'ethernet',
      state: 'up',
      mtu: 1500,
      controller: 'br-ex',
      ipv4: { enabled: true, dhcp: true, address: [{ ip: '192.168.111.22', 'prefix-length': 24 }] },
    },
    { name: 'ens2f0', type: 'ethernet', state: 'up', mtu: 1500 },
    {
      name: 'bond0.200',
      type: 'vlan',
      state: 'up',
      mtu: 9000,
      vlan: { 'base-iface': 'bond0', id: 200, protocol: '802.1q' },
    },
  ],
};
const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'w2', labels: { role: 'w' } } };
const policy = (name: string, spec: NodeNetworkConfigurationPolicy['spec']) =>
  ({
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name },
    spec,
  }) as NodeNetworkConfigurationPolicy;

describe('compareInstalled', () => {
  it('compares on the installed keys and names the policies that manage each interface', () => {
    const c = compareInstalled(installed, current, node, [
      policy('vlan200', {
        nodeSelector: { role: 'w' },
        desiredState: { interfaces: [{ name: 'bond0.200', type: 'vlan', state: 'up' }] },
      }),
      policy('elsewhere', {
        nodeSelector: { role: 'other' },
        desiredState: { interfaces: [{ name: 'ens2f0', type: 'ethernet' }] },
      }),
      policy('captured', {
        desiredState: { interfaces: '{{ capture.x.interfaces }}' as unknown as [] },
      }),
    ]);
    assert.deepEqual(
      c.rows.map((r) => [r.name, r.drift, r.changed.join(','), r.policies.join(',')]),
      [
        ['eno1', 'same', '', ''],
        ['ens2f0', 'changed', 'mtu', ''],
        ['bond0.200', 'same', '', 'vlan200'],
        ['ens9', 'absent', '', ''],
      ],
    );
    assert.deepEqual(c.templatedPolicies, ['captured']);
    // The current side shows only what the installer set: no runtime-only keys.
    assert.ok(!c.currentYaml.includes('controller'));
    assert.match(c.currentYaml, /mtu: 1500/);
    assert.match(c.installedYaml, /name: ens9/);
    assert.match(c.policyYaml, /name: bond0.200/);
    assert.ok(!c.managedInstalledYaml.includes('ens2f0'));
  });

  it('says so when the node reports no state', () => {
    const c = compareInstalled(installed, undefined, undefined, []);
    assert.ok(c.rows.every((r) => r.drift === 'noState'));
    assert.equal(c.currentYaml, '');
  });
});

describe('readInstalledFromSecret', () => {
  it('reads data and stringData and tells the problems apart', () => {
    const ok = readInstalledFromSecret({ data: { nmstate: b64('interfaces: []\n') } });
    assert.deepEqual(ok, { ok: true, state: { interfaces: [] } });
    assert.deepEqual(readInstalledFromSecret({ data: { networkData: b64('{}') } }), {
      ok: false,
      problem: 'noKey',
    });
    assert.deepEqual(readInstalledFromSecret({ data: { nmstate: '***' } }), {
      ok: false,
      problem: 'base64Invalid',
    });
    assert.deepEqual(readInstalledFromSecret({ stringData: { nmstate: 'a: [' } }), {
      ok: false,
      problem: 'yamlSyntax',
    });
    assert.deepEqual(readInstalledFromSecret({ stringData: { nmstate: '- 1' } }), {
      ok: false,
      problem: 'notObject',
    });
  });
});

describe('findNMStateConfigsForHost', () => {
  const host = (labels?: Record<string, string>) =>
    ({
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: { name: 'h', namespace: 'n', ...(labels ? { labels } : {}) },
      spec: { bootMACAddress: '52:54:00:A3:3B:10' },
      status: { hardware: { nics: [{ name: 'eno2', mac: '52:54:00:a3:3b:11' }] } },
    }) as BareMetalHost;
  const cfg = (name: string, mac: string, labels: Record<string, string>, namespace = 'n') => ({
    metadata: { name, namespace, labels },
    spec: { interfaces: [{ name: 'x', macAddress: mac }] },
  });
  const env = (name: string, matchLabels: Record<string, string>, namespace = 'n') => ({
    metadata: { name, namespace },
    spec: { nmStateConfigLabelSelector: { matchLabels } },
  });
  const names = (list: { metadata: { name: string } }[]) => list.map((c) => c.metadata.name);

  it('matches by any MAC of the host among the configs an InfraEnv selects', () => {
    const configs = [
      cfg('a', '52:54:00:00:00:01', { e: '1' }),
      cfg('b', '52:54:00:a3:3b:11', { e: '1' }),
      cfg('unselected', '52:54:00:a3:3b:10', { e: 'retired' }),
    ];
    assert.deepEqual(
      names(findNMStateConfigsForHost(host(), undefined, configs, [env('one', { e: '1' })])),
      ['b'],
    );
    // No InfraEnv: no discovery image carries any config.
    assert.deepEqual(findNMStateConfigsForHost(host(), undefined, configs, []), []);
    // An empty selector selects none (infraenv_controller.go processNMStateConfig).
    assert.deepEqual(findNMStateConfigsForHost(host(), undefined, configs, [env('all', {})]), []);
  });

  it("keeps to the image of the host's InfraEnv label, and finds configs of other namespaces", () => {
    const configs = [
      cfg('one-cfg', '52:54:00:a3:3b:10', { e: '1' }),
      cfg('two-cfg', '52:54:00:a3:3b:10', { e: '2' }, 'elsewhere'),
    ];
    const envs = [env('one', { e: '1' }), env('two', { e: '2' })];
    const label = 'infraenvs.agent-install.openshift.io';
    assert.deepEqual(
      names(findNMStateConfigsForHost(host({ [label]: 'two' }), undefined, configs, envs)),
      ['two-cfg'],
    );
    assert.deepEqual(
      names(findNMStateConfigsForHost(host({ [label]: 'one' }), undefined, configs, envs)),
      ['one-cfg'],
    );
    // Unbound (or bound to a missing InfraEnv): it may have booted either image; both claim it.
    assert.deepEqual(names(findNMStateConfigsForHost(host(), undefined, configs, envs)), [
      'one-cfg',
      'two-cfg',
    ]);
    assert.deepEqual(
      names(findNMStateConfigsForHost(host({ [label]: 'gone' }), undefined, configs, envs)),
      ['one-cfg', 'two-cfg'],
    );
  });
});
