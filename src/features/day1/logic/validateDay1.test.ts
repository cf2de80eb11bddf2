import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Day1Finding } from '../model/types';
import { decodeBase64Utf8, detectDay1Kind } from './day1Inputs';
import { validateDay1 } from './validateDay1';

const eth = (name: string, ip?: string, prefix = 24) => ({
  name,
  type: 'ethernet',
  state: 'up',
  ...(ip ? { ipv4: { enabled: true, address: [{ ip, 'prefix-length': prefix }] } } : {}),
});
const vlan = (base: string, id: number) => ({
  name: `${base}.${id}`,
  type: 'vlan',
  state: 'up',
  vlan: { 'base-iface': base, id },
});

const installConfig = (hosts: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  baseDomain: 'example.com',
  metadata: { name: 'c' },
  networking: {
    machineNetwork: [{ cidr: '192.168.111.0/24' }],
    clusterNetwork: [{ cidr: '10.128.0.0/14', hostPrefix: 23 }],
    serviceNetwork: ['172.30.0.0/16'],
  },
  platform: {
    baremetal: { apiVIPs: ['192.168.111.5'], ingressVIPs: ['192.168.111.4'], hosts, ...extra },
  },
});

const host = (name: string, mac: string, interfaces: unknown[]) => ({
  name,
  role: 'master',
  bootMACAddress: mac,
  networkConfig: { interfaces },
});

const codes = (findings: Day1Finding[]): string[] => findings.map((f) => f.code).sort();
const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

describe('detectDay1Kind', () => {
  it('recognises the installer files by shape and the resources by apiVersion/kind', () => {
    assert.equal(detectDay1Kind(installConfig([])), 'InstallConfig');
    assert.equal(detectDay1Kind({ apiVersion: 'v1beta1', kind: 'AgentConfig' }), 'AgentConfig');
    assert.equal(detectDay1Kind({ rendezvousIP: '10.0.0.1' }), 'AgentConfig');
    assert.equal(
      detectDay1Kind({ apiVersion: 'agent-install.openshift.io/v1beta1', kind: 'NMStateConfig' }),
      'NMStateConfig',
    );
    assert.equal(
      detectDay1Kind({ apiVersion: 'example.com/v1', kind: 'NMStateConfig' }),
      undefined,
    );
    assert.equal(detectDay1Kind({ apiVersion: 'v1', kind: 'Secret' }), 'Secret');
    assert.equal(detectDay1Kind({ apiVersion: 'v1', kind: 'ConfigMap' }), undefined);
  });
});

describe('decodeBase64Utf8', () => {
  it('decodes standard base64 and refuses anything else', () => {
    assert.equal(decodeBase64Utf8(b64('interfaces: []')), 'interfaces: []');
    assert.equal(decodeBase64Utf8(`${b64('a: 1').slice(0, 4)}\n${b64('a: 1').slice(4)}`), 'a: 1');
    assert.equal(decodeBase64Utf8('not base64!'), undefined);
    assert.equal(decodeBase64Utf8(b64('x').slice(0, 3)), undefined);
    // Valid base64 of bytes that are not UTF-8.
    assert.equal(decodeBase64Utf8(Buffer.from([0xff, 0xfe]).toString('base64')), undefined);
  });
});

describe('validateDay1', () => {
  it('accepts a consistent install-config', () => {
    const r = validateDay1([
      {
        obj: installConfig([
          host('m0', '52:54:00:00:00:01', [eth('enp1s0', '192.168.111.20'), vlan('enp1s0', 300)]),
          host('m1', '52:54:00:00:00:02', [eth('enp1s0', '192.168.111.21')]),
        ]),
      },
    ]);
    assert.deepEqual(r.findings, []);
    assert.equal(r.hosts.length, 2);
  });

  it('never compares hosts of different clusters', () => {
    const cluster = (name: string) => ({
      obj: installConfig([host('m0', '52:54:00:00:00:01', [eth('enp1s0', '192.168.111.20')])]),
      cluster: name,
    });
    assert.deepEqual(codes(validateDay1([cluster('a'), cluster('a')]).findings), [
      'day1.address.duplicate',
      'day1.mac.duplicate',
    ]);
    const apart = validateDay1([cluster('a'), cluster('b')]);
    assert.deepEqual(apart.findings, []);
    assert.deepEqual([...apart.kinds.keys()].sort(), [0, 1]);
  });

  it('reuses the policy validator and maps its paths into the host networkConfig', () => {
    const r = validateDay1([
      {
        obj: installConfig([
          host('m0', '52:54:00:00:00:01', [eth('enp1s0', '192.168.111.20'), vlan('enp1s0', 5000)]),
        ]),
      },
    ]);
    const f = r.findings.find((x) => x.code === 'vlan.id.invalid');
    assert.ok(f);
    assert.deepEqual(f.location.at, [
      'platform',
      'baremetal',
      'hosts',
      0,
      'networkConfig',
      'interfaces',
      1,
      'vlan',
      'id',
    ]);
    assert.equal(f.host, 'm0');
  });

  it('does not report what a host config sets on purpose (default route, br-ex)', () => {
    const state = {
      interfaces: [eth('br-ex', '192.168.111.20')],
      // nmstate route.rs `Routes::validate` refuses a unicast route without its interface.
      routes: {
        config: [
          {
            destination: '0.0.0.0/0',
            'next-hop-address': '192.168.111.1',
            'next-hop-interface': 'br-ex',
          },
        ],
      },
    };
    const r = validateDay1([
      {
        obj: installConfig([
          { name: 'm0', bootMACAddress: '52:54:00:00:00:01', networkConfig: state },
        ]),
      },
    ]);
    assert.deepEqual(codes(r.findings), []);
  });

  it('finds conflicts between hosts: same MAC, same static address', () => {
    const r = validateDay1([
      {
        obj: installConfig([
          host('m0', '52:54:00:00:00:01', [eth('enp1s0', '192.168.111.20')]),
          host('m1', '52:54:00:00:00:01', [eth('enp1s0', '192.168.111.20')]),
        ]),
      },
    ]);
    assert.deepEqual(codes(r.findings), ['day1.address.duplicate', 'day1.mac.duplicate']);
    const mac = r.findings.find((f) => f.code === 'day1.mac.duplicate');
    assert.deepEqual(mac?.params, { mac: '52:54:00:00:00:01', host: 'm1', other: 'm0' });
  });

  it('checks addresses against install-config networking and the VIPs', () => {
    const r = validateDay1([
      {
        obj: installConfig(
          [
            host('m0', '52:54:00:00:00:01', [
              eth('enp1s0', '192.168.111.5'),
              eth('enp2s0', '10.128.0.9'),
              eth('enp3s0', '172.30.1.1'),
            ]),
            host('m1', '52:54:00:00:00:02', [eth('enp1s0', '10.10.10.10')]),
          ],
          { ingressVIPs: ['10.0.0.4'] },
        ),
      },
    ]);
    assert.deepEqual(codes(r.findings), [
      'day1.address.inClusterNetwork',
      'day1.address.inServiceNetwork',
      'day1.address.isVip',
      'day1.host.noAddressInMachineNetwork',
      'day1.vip.outsideMachineNetwork',
    ]);
    const outside = r.findings.find((f) => f.code === 'day1.host.noAddressInMachineNetwork');
    assert.ok(outside);
    assert.equal(outside.severity, 'warning');
    assert.equal(outside.host, 'm1');
  });

  it('treats a BareMetalHost, its Secret and an NMStateConfig sharing a MAC as one host', () => {
    const inputs = [
      {
        obj: {
          apiVersion: 'metal3.io/v1alpha1',
          kind: 'BareMetalHost',
          metadata: { name: 'w0', namespace: 'ns' },
          spec: { bootMACAddress: '52:54:00:AA:00:01', preprovisioningNetworkDataName: 'w0-net' },
        },
      },
      {
        obj: {
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name: 'w0-net', namespace: 'ns' },
          data: {
            nmstate: b64(
              'interfaces:\n- {name: eno1, type: ethernet, ipv4: {enabled: true, address: [{ip: 192.168.111.30, prefix-length: 24}]}}\n',
            ),
          },
        },
      },
      {
        obj: {
          apiVersion: 'agent-install.openshift.io/v1beta1',
          kind: 'NMStateConfig',
          metadata: { name: 'w0', namespace: 'ns' },
          spec: {
            interfaces: [{ name: 'eno1', macAddress: '52:54:00:aa:00:01' }],
            config: { interfaces: [eth('eno1', '192.168.111.30')] },
          },
        },
      },
    ];
    const r = validateDay1(inputs);
    assert.deepEqual(r.findings, []);
    assert.equal(r.hosts.length, 1);
    const [merged] = r.hosts;
    assert.ok(merged);
    assert.deepEqual(merged.kinds.sort(), ['BareMetalHost', 'NMStateConfig']);
    assert.equal(merged.states.length, 2);
  });

  it('makes a missing base interface an error when inspection lists every NIC', () => {
    const bmh = (nics: string[]) => ({
      obj: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'BareMetalHost',
        metadata: { name: 'w0', namespace: 'ns' },
        spec: { preprovisioningNetworkDataName: 's' },
        status: {
          hardware: { nics: nics.map((name, i) => ({ name, mac: `52:54:00:00:00:0${i}` })) },
        },
      },
    });
    const secret = {
      obj: {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 's', namespace: 'ns' },
        stringData: {
          nmstate: 'interfaces:\n- {name: ens9.40, type: vlan, vlan: {base-iface: ens9, id: 40}}\n',
        },
      },
    };
    const missing = validateDay1([bmh(['eno1']), secret]).findings;
    assert.deepEqual(codes(missing), ['baseIface.notFound']);
    const [first] = missing;
    assert.ok(first);
    assert.equal(first.severity, 'error');
    assert.equal(first.redacted, true);
    assert.deepEqual(first.location.inner, ['interfaces', 0]);
    // Secret contents never reach the params: only host names survive.
    assert.deepEqual(first.params, { nodes: 'w0', nodeCount: 1 });
    assert.deepEqual(validateDay1([bmh(['eno1', 'ens9']), secret]).findings, []);
  });

  it('reports Secrets that cannot hold the host config', () => {
    const bmh = (name: string, secret: string) => ({
      obj: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'BareMetalHost',
        metadata: { name, namespace: 'ns' },
        spec: { preprovisioningNetworkDataName: secret },
      },
    });
    const secret = (name: string, body: Record<string, unknown>) => ({
      obj: { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: 'ns' }, ...body },
    });
    const r = validateDay1([
      bmh('a', 'sa'),
      secret('sa', { data: { nmstate: '%%%' } }),
      bmh('b', 'sb'),
      secret('sb', { data: { networkData: b64('{}') } }),
      bmh('c', 'missing'),
      bmh('d', 'sd'),
      secret('sd', { stringData: { nmstate: 'interfaces: [unclosed\n' } }),
      bmh('e', 'se'),
      secret('se', { stringData: { nmstate: '- a list\n' } }),
    ]);
    assert.deepEqual(codes(r.findings), [
      'day1.secret.base64Invalid',
      'day1.secret.noNmstateKey',
      'day1.secret.notFound',
      'day1.state.notObject',
      'day1.state.yamlSyntax',
    ]);
    const syntax = r.findings.find((f) => f.code === 'day1.state.yamlSyntax');
    assert.ok(syntax?.location.innerPosition);
    assert.ok(r.findings.every((f) => !JSON.stringify(f.params ?? {}).includes('unclosed')));
  });

  it('requires NMStateConfig interfaces and valid MACs', () => {
    const r = validateDay1([
      {
        obj: {
          apiVersion: 'agent-install.openshift.io/v1beta1',
          kind: 'NMStateConfig',
          metadata: { name: 'x' },
          spec: { config: { interfaces: [eth('eno1')] } },
        },
      },
      {
        obj: {
          apiVersion: 'v1beta1',
          kind: 'AgentConfig',
          hosts: [{ hostname: 'h', interfaces: [{ name: 'eno1', macAddress: '00:11:22:33:44' }] }],
        },
      },
    ]);
    assert.deepEqual(codes(r.findings), [
      'day1.mac.invalid',
      'day1.nmstateConfig.interfacesRequired',
    ]);
  });

  it('checks the agent rendezvousIP against the hosts', () => {
    const agent = (ip: string) => ({
      obj: {
        apiVersion: 'v1beta1',
        kind: 'AgentConfig',
        rendezvousIP: ip,
        hosts: [
          {
            hostname: 'm0',
            role: 'master',
            networkConfig: { interfaces: [eth('eno1', '192.168.122.10')] },
          },
          {
            hostname: 'w0',
            role: 'worker',
            networkConfig: { interfaces: [eth('eno1', '192.168.122.20')] },
          },
        ],
      },
    });
    assert.deepEqual(codes(validateDay1([agent('192.168.122.10')]).findings), []);
    assert.deepEqual(codes(validateDay1([agent('192.168.122.20')]).findings), [
      'day1.rendezvousIP.onWorker',
    ]);
    assert.deepEqual(codes(validateDay1([agent('192.168.122.99')]).findings), [
      'day1.rendezvousIP.notAssigned',
    ]);
  });

  it('checks VLANs against the switch-port attachment of their NIC, through bonds', () => {
    const inputs = (ids: number[]) => [
      {
        obj: {
          apiVersion: 'metal3.io/v1alpha1',
          kind: 'BareMetalHost',
          metadata: { name: 'w0', namespace: 'ns' },
          spec: {
            bootMACAddress: '52:54:00:aa:00:01',
            networkInterfaces: [{ name: 'ens2f0', hostNetworkAttachment: { name: 'trunk' } }],
          },
        },
      },
      {
        obj: {
          apiVersion: 'agent-install.openshift.io/v1beta1',
          kind: 'NMStateConfig',
          metadata: { name: 'w0', namespace: 'ns' },
          spec: {
            interfaces: [
              { name: 'eno1', macAddress: '52:54:00:aa:00:01' },
              { name: 'ens2f0', macAddress: '52:54:00:aa:00:02' },
            ],
            config: {
              interfaces: [
                {
                  name: 'bond0',
                  type: 'bond',
                  state: 'up',
                  'link-aggregation': { mode: 'active-backup', port: ['ens2f0'] },
                },
                ...ids.map((id) => vlan('bond0', id)),
              ],
            },
          },
        },
      },
      {
        obj: {
          apiVersion: 'metal3.io/v1alpha1',
          kind: 'HostNetworkAttachment',
          metadata: { name: 'trunk', namespace: 'ns' },
          spec: { mode: 'trunk', nativeVLAN: 100, allowedVLANs: ['200-203'] },
        },
      },
    ];
    assert.deepEqual(codes(validateDay1(inputs([201])).findings), []);
    const bad = validateDay1(inputs([300, 100])).findings;
    assert.deepEqual(codes(bad), ['day1.vlan.nativeTagged', 'day1.vlan.notAllowedOnPort']);
    assert.deepEqual(bad.find((f) => f.code === 'day1.vlan.notAllowedOnPort')?.params, {
      vlan: 300,
      nic: 'ens2f0',
      attachment: 'trunk',
      allowed: '100,200-203',
      mode: 'trunk',
    });
  });

  it('checks NNCP manifests for the installer against install-config networking', () => {
    const r = validateDay1([
      { obj: installConfig([]) },
      {
        obj: {
          apiVersion: 'nmstate.io/v1',
          kind: 'NodeNetworkConfigurationPolicy',
          metadata: { name: 'p' },
          spec: { desiredState: { interfaces: [eth('enp2s0', '172.30.0.10')] } },
        },
      },
    ]);
    assert.deepEqual(codes(r.findings), ['day1.address.inServiceNetwork']);
    assert.equal(r.findings[0]?.location.input, 1);
  });
});

describe('validateDay1 with InfraEnvs', () => {
  const nmStateConfig = (
    name: string,
    labels: Record<string, string>,
    macs: string[],
    interfaces: unknown[] = [eth('eno1')],
    namespace = 'spoke',
  ) => ({
    obj: {
      apiVersion: 'agent-install.openshift.io/v1beta1',
      kind: 'NMStateConfig',
      metadata: { name, namespace, labels },
      spec: {
        interfaces: macs.map((macAddress, i) => ({ name: `eno${i + 1}`, macAddress })),
        config: { interfaces },
      },
    },
  });
  const infraEnv = (name: string, matchLabels: Record<string, string>, namespace = 'spoke') => ({
    obj: {
      apiVersion: 'agent-install.openshift.io/v1beta1',
      kind: 'InfraEnv',
      metadata: { name, namespace },
      spec: { pullSecretRef: { name: 'ps' }, nmStateConfigLabelSelector: { matchLabels } },
    },
  });
  const bmh = (name: string, mac: string, infraEnvName?: string) => ({
    obj: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: {
        name,
        namespace: 'spoke',
        ...(infraEnvName
          ? { labels: { 'infraenvs.agent-install.openshift.io': infraEnvName } }
          : {}),
      },
      spec: { bootMACAddress: mac },
    },
  });
  const MAC = '52:54:00:cc:00:01';

  it('keeps the MAC check across all configs when no InfraEnv is given', () => {
    const r = validateDay1([nmStateConfig('a', { c: '1' }, [MAC]), nmStateConfig('b', {}, [MAC])]);
    assert.deepEqual(codes(r.findings), ['day1.mac.duplicate']);
  });

  it('reports two configs of one image claiming a MAC, and none across images', () => {
    const same = validateDay1([
      infraEnv('one', { c: '1' }),
      nmStateConfig('a', { c: '1' }, [MAC]),
      nmStateConfig('b', { c: '1' }, [MAC.toUpperCase()]),
    ]);
    assert.deepEqual(codes(same.findings), ['day1.nmstateConfig.macClaimedTwice']);
    assert.deepEqual(same.findings[0]?.params, {
      mac: MAC,
      host: 'b',
      other: 'a',
      infraEnv: 'one',
    });
    assert.deepEqual(same.findings[0].location, {
      input: 2,
      at: ['spec', 'interfaces', 0, 'macAddress'],
    });
    const apart = validateDay1([
      infraEnv('one', { c: '1' }),
      infraEnv('two', { c: '2' }),
      nmStateConfig('a', { c: '1' }, [MAC]),
      nmStateConfig('b', { c: '2' }, [MAC]),
    ]);
    assert.deepEqual(codes(apart.findings), []);
  });

  it('warns on an unselected config and neither checks nor applies it', () => {
    const r = validateDay1([
      infraEnv('one', { c: '1' }),
      nmStateConfig('stale', { c: 'old' }, [MAC], [vlan('eno1', 5000)]),
      bmh('w0', MAC),
    ]);
    assert.deepEqual(codes(r.findings), ['day1.nmstateConfig.notSelected']);
    assert.deepEqual(r.findings[0]?.location, { input: 1, at: ['metadata', 'labels'] });
    assert.deepEqual(r.findings[0].params, { name: 'stale', infraEnvs: 'spoke/one' });
    assert.deepEqual(
      r.hosts.map((h) => h.kinds),
      [['BareMetalHost']],
    );
  });

  it('merges a config into a host only when the host boots an image carrying it', () => {
    const inputs = (bound: string) => [
      infraEnv('one', { c: '1' }),
      infraEnv('two', { c: '2' }),
      nmStateConfig('a', { c: '1' }, [MAC], [eth('eno1', '192.168.111.30')]),
      bmh('w0', MAC, bound),
    ];
    const carried = validateDay1(inputs('one'));
    assert.deepEqual(codes(carried.findings), []);
    assert.deepEqual(
      carried.hosts.map((h) => [h.name, h.kinds.sort(), h.infraEnvs]),
      [['w0', ['BareMetalHost', 'NMStateConfig'], [0]]],
    );
    const other = validateDay1(inputs('two'));
    // The host boots two's image, which does not carry a: different records, no MAC conflict.
    assert.deepEqual(codes(other.findings), []);
    assert.deepEqual(
      other.hosts.map((h) => [h.name, h.infraEnvs]),
      [
        ['a', [0]],
        ['w0', [1]],
      ],
    );
  });

  it('warns on a host label naming no InfraEnv and on selection across namespaces', () => {
    const r = validateDay1([
      infraEnv('one', { c: '1' }, 'hub'),
      nmStateConfig('a', { c: '1' }, [MAC]),
      bmh('w0', '52:54:00:cc:00:09', 'nowhere'),
    ]);
    assert.deepEqual(codes(r.findings), [
      'day1.infraEnv.notFound',
      'day1.nmstateConfig.otherNamespace',
    ]);
    const across = r.findings.find((f) => f.code === 'day1.nmstateConfig.otherNamespace');
    assert.deepEqual(across?.params, { name: 'a', namespace: 'spoke', infraEnv: 'hub/one' });
    const missing = r.findings.find((f) => f.code === 'day1.infraEnv.notFound');
    assert.deepEqual(missing?.location.at, [
      'metadata',
      'labels',
      'infraenvs.agent-install.openshift.io',
    ]);
  });

  it('reports a refused selector at its place; that image carries nothing', () => {
    const env = infraEnv('one', {});
    (env.obj.spec as Record<string, unknown>).nmStateConfigLabelSelector = {
      matchExpressions: [{ key: 'c', operator: 'In', values: [] }],
    };
    const r = validateDay1([env, nmStateConfig('a', { c: '1' }, [MAC])]);
    assert.deepEqual(codes(r.findings), [
      'day1.infraEnv.selector.valuesRequired',
      'day1.nmstateConfig.notSelected',
    ]);
    assert.deepEqual(r.findings.find((f) => f.location.input === 0)?.location.at, [
      'spec',
      'nmStateConfigLabelSelector',
      'matchExpressions',
      0,
      'values',
    ]);
  });

  it('requires the names and MACs of one counted config to be unique', () => {
    const cfg = nmStateConfig('a', {}, [MAC, MAC.toUpperCase()]);
    const interfaces = (cfg.obj.spec as { interfaces: { name: string }[] }).interfaces;
    interfaces.push({ name: 'eno1', macAddress: '52:54:00:cc:00:02' } as { name: string });
    const r = validateDay1([cfg]);
    assert.deepEqual(
      r.findings.map((f) => [f.code, f.location.at.join('.'), f.params?.value]),
      [
        [
          'day1.nmstateConfig.interfaceNotUnique',
          'spec.interfaces.1.macAddress',
          MAC.toUpperCase(),
        ],
        ['day1.nmstateConfig.interfaceNotUnique', 'spec.interfaces.2.name', 'eno1'],
      ],
    );
  });
});
