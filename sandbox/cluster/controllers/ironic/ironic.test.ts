import { test } from 'node:test';
import assert from 'node:assert/strict';
import type {
  BareMetalHost,
  BareMetalSwitch,
  HardwareData,
} from '../../../../src/shared/model/metal3';
import { FakeApi } from '../testing/fakeApi';
import {
  IronicNetworking,
  PORT_CONFIG_ANNOTATION,
  PORT_PHASE_ANNOTATION,
  expandVlanList,
} from './ironic';

const NS = 'openshift-machine-api';

function setup(): { api: FakeApi; ironic: IronicNetworking } {
  const api = new FakeApi();
  api.create(api.resourceType('metal3.io', 'BareMetalSwitch'), {
    metadata: { name: 'tor-1', namespace: NS },
    spec: {
      address: '192.168.110.2',
      macAddress: '08:05:e2:7d:0a:20',
      deviceType: 'netmiko_juniper_junos',
      credentials: { name: 'tor-1-creds' },
    },
  });
  api.create(api.resourceType('metal3.io', 'HostNetworkAttachment'), {
    metadata: { name: 'storage-trunk', namespace: NS },
    spec: { mode: 'trunk', nativeVLAN: 100, allowedVLANs: ['200-203', '300'], mtu: 9000 },
  });
  const ironic = new IronicNetworking(api.clock);
  ironic.start(api, { speed: 'fast' });
  return { api, ironic };
}

function bmh(api: FakeApi, name: string): BareMetalHost {
  return api.get(api.resourceType('metal3.io', 'BareMetalHost'), NS, name) as BareMetalHost;
}

void test('expandVlanList expands ranges', () => {
  assert.deepEqual(expandVlanList(['200-203', '300']), [200, 201, 202, 203, 300]);
});

void test('a host registers, is inspected (HardwareData with LLDP), provisions and deprovisions; ports follow', () => {
  const { api, ironic } = setup();
  const bmhT = api.resourceType('metal3.io', 'BareMetalHost');
  api.create(bmhT, {
    metadata: { name: 'host-a', namespace: NS },
    spec: {
      online: true,
      bootMACAddress: '52:54:00:a3:3b:10',
      image: { url: 'http://images/rhcos.qcow2' },
      networkInterfaces: [{ name: 'ens2f0', hostNetworkAttachment: { name: 'storage-trunk' } }],
    },
  });
  const seen: string[] = [];
  const phases: string[] = [];
  api.clock.advanceUntil(() => {
    const h = bmh(api, 'host-a');
    const state = h.status?.provisioning?.state ?? '';
    if (seen.at(-1) !== state) seen.push(state);
    const phase = h.metadata.annotations?.[PORT_PHASE_ANNOTATION] ?? '';
    if (phases.at(-1) !== phase) phases.push(phase);
    return state === 'provisioned';
  });
  assert.deepEqual(seen, [
    '',
    'registering',
    'inspecting',
    'available',
    'provisioning',
    'provisioned',
  ]);
  assert.deepEqual(
    phases.filter((p) => p !== ''),
    ['idle', 'inspection', 'idle', 'provisioning', 'tenant'],
  );
  const host = bmh(api, 'host-a');
  assert.equal(host.status?.operationalStatus, 'OK');
  const hd = api.get(api.resourceType('metal3.io', 'HardwareData'), NS, 'host-a') as HardwareData;
  const nics = hd.spec?.hardware?.nics ?? [];
  assert.equal(nics[0]?.mac, '52:54:00:a3:3b:10');
  assert.equal(nics.find((n) => n.name === 'ens2f0')?.lldp?.switchID, '08:05:e2:7d:0a:20');
  assert.deepEqual(host.status.appliedNetworkAttachmentConfigs, [
    {
      name: 'ens2f0',
      switchPortConfig: {
        mode: 'trunk',
        nativeVLAN: 100,
        allowedVLANs: [200, 201, 202, 203, 300],
        mtu: 9000,
      },
      switchPort: nics.find((n) => n.name === 'ens2f0')?.lldp,
    },
  ]);
  const ports = JSON.parse(host.metadata.annotations?.[PORT_CONFIG_ANNOTATION] ?? '[]') as {
    interface: string;
  }[];
  assert.ok(ports.some((p) => p.interface === 'ens2f0'));

  api.update(bmhT, { ...host, spec: { ...host.spec, image: undefined } });
  const after: string[] = [];
  api.clock.advanceUntil(() => {
    const h = bmh(api, 'host-a');
    const state = h.status?.provisioning?.state ?? '';
    const entry = `${state}:${h.metadata.annotations?.[PORT_PHASE_ANNOTATION] ?? ''}`;
    if (after.at(-1) !== entry) after.push(entry);
    return state === 'available';
  });
  assert.deepEqual(after, ['provisioned:tenant', 'deprovisioning:cleaning', 'available:idle']);
  assert.deepEqual(bmh(api, 'host-a').status?.appliedNetworkAttachmentConfigs, []);
  ironic.stop();
});

void test('BareMetalSwitch Valid follows its credentials Secret', () => {
  const { api, ironic } = setup();
  const valid = (): string | undefined => {
    const s = api.get(
      api.resourceType('metal3.io', 'BareMetalSwitch'),
      NS,
      'tor-1',
    ) as BareMetalSwitch;
    const c = s.status?.conditions?.find((x) => x.type === 'Valid');
    return c === undefined ? undefined : `${c.status}/${c.reason ?? ''}`;
  };
  api.clock.advance(10);
  assert.equal(valid(), 'False/CredentialError');
  const secretT = api.resourceType('', 'Secret');
  api.create(secretT, {
    metadata: { name: 'tor-1-creds', namespace: NS },
    data: { username: 'YQ==' },
  });
  api.clock.advance(10);
  assert.equal(valid(), 'False/CredentialError');
  const s = api.get(secretT, NS, 'tor-1-creds');
  assert.ok(s);
  api.update(secretT, { ...s, data: { username: 'YQ==', 'ssh-privatekey': 'LS0t' } });
  api.clock.advance(10);
  assert.equal(valid(), 'True/Reconciled');
  ironic.stop();
});
