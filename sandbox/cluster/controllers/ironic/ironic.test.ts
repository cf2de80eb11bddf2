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

// BMO PR #3470 (baremetalhost_controller.go registerHost, provisioner.go CanUpdateSwitchPortConfig):
// applied configs are written in registering/available and kept through provisioning/provisioned.
void test('a host registers, is inspected, provisions and deprovisions; applied configs are written in available and kept while deployed (BMO PR #3470)', () => {
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
  const appliedWhen: string[] = [];
  api.clock.advanceUntil(() => {
    const h = bmh(api, 'host-a');
    const state = h.status?.provisioning?.state ?? '';
    if (seen.at(-1) !== state) seen.push(state);
    const phase = h.metadata.annotations?.[PORT_PHASE_ANNOTATION] ?? '';
    if (phases.at(-1) !== phase) phases.push(phase);
    if (h.status?.appliedNetworkAttachmentConfigs !== undefined && !appliedWhen.includes(state))
      appliedWhen.push(state);
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
  // First written in available (registering has no HardwareData yet), then kept.
  assert.deepEqual(appliedWhen, ['available', 'provisioning', 'provisioned']);
  const host = bmh(api, 'host-a');
  assert.equal(host.status?.operationalStatus, 'OK');
  assert.equal(condition(host), 'True/AllInterfacesValid');
  const hd = api.get(api.resourceType('metal3.io', 'HardwareData'), NS, 'host-a') as HardwareData;
  const nics = hd.spec?.hardware?.nics ?? [];
  assert.equal(nics[0]?.mac, '52:54:00:a3:3b:10');
  assert.equal(nics.find((n) => n.name === 'ens2f0')?.lldp?.switchID, '08:05:e2:7d:0a:20');
  // No switchPort: the user gave no override (PR #3470 buildAppliedNetworkAttachmentConfigs).
  assert.deepEqual(host.status.appliedNetworkAttachmentConfigs, [
    {
      name: 'ens2f0',
      switchPortConfig: {
        mode: 'trunk',
        nativeVLAN: 100,
        allowedVLANs: [200, 201, 202, 203, 300],
        mtu: 9000,
      },
    },
  ]);
  const trunkPort = ports(host).find((p) => p.interface === 'ens2f0');
  assert.equal(trunkPort?.switchPortConfig.mode, 'trunk');
  assert.equal(trunkPort.switchPort.switchID, '08:05:e2:7d:0a:20');

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
  // Still what Ironic's ports carry for the next deploy.
  assert.equal(bmh(api, 'host-a').status?.appliedNetworkAttachmentConfigs?.length, 1);
  ironic.stop();
});

function condition(h: BareMetalHost): string | undefined {
  const c = h.status?.conditions?.find((x) => x.type === 'NetworkInterfacesValid');
  return c === undefined ? undefined : `${c.status}/${c.reason ?? ''}`;
}

function ports(h: BareMetalHost): {
  interface: string;
  switchPort: { switchID: string; portID: string };
  switchPortConfig: { mode: string; nativeVLAN?: number; allowedVLANs?: number[] };
}[] {
  return JSON.parse(h.metadata.annotations?.[PORT_CONFIG_ANNOTATION] ?? '[]') as ReturnType<
    typeof ports
  >;
}

function provisionedHost(api: FakeApi, spec: Record<string, unknown> = {}): void {
  api.create(api.resourceType('metal3.io', 'BareMetalHost'), {
    metadata: { name: 'host-b', namespace: NS },
    spec: {
      online: true,
      bootMACAddress: '52:54:00:a3:3b:20',
      image: { url: 'http://images/rhcos.qcow2' },
      networkInterfaces: [{ name: 'ens2f0', hostNetworkAttachment: { name: 'storage-trunk' } }],
      ...spec,
    },
  });
  api.clock.advanceUntil(() => bmh(api, 'host-b').status?.provisioning?.state === 'provisioned');
}

// Proposal non-goal "dynamic network reconfiguration after node deployment"; PR #3470 updates
// Ironic ports only in registering/available.
void test('a change to a provisioned host waits for the next pass through available (BMO PR #3470 CanUpdateSwitchPortConfig)', () => {
  const { api, ironic } = setup();
  const bmhT = api.resourceType('metal3.io', 'BareMetalHost');
  api.create(api.resourceType('metal3.io', 'HostNetworkAttachment'), {
    metadata: { name: 'access-20', namespace: NS },
    spec: { mode: 'access', nativeVLAN: 20 },
  });
  provisionedHost(api);
  const h = bmh(api, 'host-b');
  api.update(bmhT, {
    ...h,
    spec: {
      ...h.spec,
      networkInterfaces: [{ name: 'ens2f0', hostNetworkAttachment: { name: 'access-20' } }],
    },
  });
  api.clock.advance(30_000);
  const deployed = bmh(api, 'host-b');
  assert.equal(deployed.status?.provisioning?.state, 'provisioned');
  assert.equal(
    deployed.status.appliedNetworkAttachmentConfigs?.[0]?.switchPortConfig?.mode,
    'trunk',
  );
  assert.equal(
    ports(deployed).find((p) => p.interface === 'ens2f0')?.switchPortConfig.mode,
    'trunk',
  );

  api.update(bmhT, { ...deployed, spec: { ...deployed.spec, image: undefined } });
  api.clock.advanceUntil(() => bmh(api, 'host-b').status?.provisioning?.state === 'available');
  api.clock.advance(10);
  const available = bmh(api, 'host-b');
  assert.deepEqual(available.status?.appliedNetworkAttachmentConfigs?.[0]?.switchPortConfig, {
    mode: 'access',
    nativeVLAN: 20,
  });
  // The port itself is on idle until the next deploy.
  assert.equal(
    ports(available).find((p) => p.interface === 'ens2f0')?.switchPortConfig.nativeVLAN,
    999,
  );
  ironic.stop();
});

// PR #3470 baremetalhost_network.go performNetworkInterfaceValidation and handleAvailable.
void test('NetworkInterfacesValid reports InvalidInterfaceNames and blocks provisioning until fixed (BMO PR #3470)', () => {
  const { api, ironic } = setup();
  const bmhT = api.resourceType('metal3.io', 'BareMetalHost');
  api.create(bmhT, {
    metadata: { name: 'host-c', namespace: NS },
    spec: {
      online: true,
      bootMACAddress: '52:54:00:a3:3b:30',
      image: { url: 'http://images/rhcos.qcow2' },
      networkInterfaces: [{ name: 'eth9', hostNetworkAttachment: { name: 'storage-trunk' } }],
    },
  });
  api.clock.advanceUntil(() => bmh(api, 'host-c').status?.provisioning?.state === 'registering');
  api.clock.advance(1);
  assert.equal(condition(bmh(api, 'host-c')), 'False/HardwareInspectionIncomplete');
  api.clock.advanceUntil(() => bmh(api, 'host-c').status?.provisioning?.state === 'available');
  api.clock.advance(30_000);
  const h = bmh(api, 'host-c');
  assert.equal(h.status?.provisioning?.state, 'available');
  assert.equal(condition(h), 'False/InvalidInterfaceNames');
  assert.equal(
    h.status.conditions?.find((c) => c.type === 'NetworkInterfacesValid')?.message,
    'Invalid interface names: eth9. Available interfaces: eno1, eno2, ens2f0, ens2f1',
  );
  assert.equal(h.status.appliedNetworkAttachmentConfigs, undefined);

  api.update(bmhT, {
    ...h,
    spec: {
      ...h.spec,
      networkInterfaces: [{ name: 'ens2f0', hostNetworkAttachment: { name: 'missing' } }],
    },
  });
  api.clock.advance(30_000);
  assert.equal(condition(bmh(api, 'host-c')), 'False/AttachmentNotFound');
  assert.equal(
    bmh(api, 'host-c').status?.conditions?.find((c) => c.type === 'NetworkInterfacesValid')
      ?.message,
    `HostNetworkAttachment not found: ${NS}/missing (interface ens2f0)`,
  );
  assert.equal(bmh(api, 'host-c').status?.provisioning?.state, 'available');

  api.create(api.resourceType('metal3.io', 'HostNetworkAttachment'), {
    metadata: { name: 'missing', namespace: NS },
    spec: { mode: 'access', nativeVLAN: 30 },
  });
  api.clock.advanceUntil(() => bmh(api, 'host-c').status?.provisioning?.state === 'provisioned');
  assert.equal(condition(bmh(api, 'host-c')), 'True/AllInterfacesValid');
  ironic.stop();
});

// PR #3470 main.go: HNA references limited to BMO's watch namespaces.
void test('an attachment outside the allowed namespaces gives AttachmentNamespaceDenied (BMO PR #3470 isHNANamespaceAllowed)', () => {
  const api = new FakeApi();
  api.create(api.resourceType('metal3.io', 'HostNetworkAttachment'), {
    metadata: { name: 'tenant-a', namespace: 'cluster-a' },
    spec: { mode: 'access', nativeVLAN: 40 },
  });
  const ironic = new IronicNetworking(api.clock, [NS]);
  ironic.start(api, { speed: 'fast' });
  api.create(api.resourceType('metal3.io', 'BareMetalHost'), {
    metadata: { name: 'host-d', namespace: NS },
    spec: {
      online: true,
      bootMACAddress: '52:54:00:a3:3b:40',
      image: { url: 'http://images/rhcos.qcow2' },
      networkInterfaces: [
        { name: 'eno2', hostNetworkAttachment: { name: 'tenant-a', namespace: 'cluster-a' } },
      ],
    },
  });
  api.clock.advanceUntil(() => bmh(api, 'host-d').status?.provisioning?.state === 'available');
  api.clock.advance(30_000);
  const h = bmh(api, 'host-d');
  assert.equal(h.status?.provisioning?.state, 'available');
  assert.equal(condition(h), 'False/AttachmentNamespaceDenied');
  assert.equal(
    h.status.conditions?.find((c) => c.type === 'NetworkInterfacesValid')?.message,
    'HostNetworkAttachment namespace not allowed: cluster-a/tenant-a (interface eno2)',
  );
  ironic.stop();
});

// Ironic ironic_networking docs: allowed_vlans required for trunk/hybrid.
void test('a hybrid attachment without allowed VLANs is refused by Ironic and keeps the host available (Ironic standalone networking)', () => {
  const { api, ironic } = setup();
  api.create(api.resourceType('metal3.io', 'HostNetworkAttachment'), {
    metadata: { name: 'hybrid-bare', namespace: NS },
    spec: { mode: 'hybrid', nativeVLAN: 50 },
  });
  const bmhT = api.resourceType('metal3.io', 'BareMetalHost');
  api.create(bmhT, {
    metadata: { name: 'host-e', namespace: NS },
    spec: {
      online: true,
      bootMACAddress: '52:54:00:a3:3b:50',
      image: { url: 'http://images/rhcos.qcow2' },
      networkInterfaces: [{ name: 'eno2', hostNetworkAttachment: { name: 'hybrid-bare' } }],
    },
  });
  api.clock.advanceUntil(() => bmh(api, 'host-e').status?.provisioning?.state === 'available');
  api.clock.advance(30_000);
  const h = bmh(api, 'host-e');
  assert.equal(h.status?.provisioning?.state, 'available');
  assert.equal(h.status['errorType'], 'registration error');
  assert.equal(
    h.status.errorMessage,
    'failed to update Ironic port eno2: allowed_vlans required for hybrid mode',
  );
  const hna = api.get(api.resourceType('metal3.io', 'HostNetworkAttachment'), NS, 'hybrid-bare');
  assert.ok(hna);
  api.update(api.resourceType('metal3.io', 'HostNetworkAttachment'), {
    ...hna,
    spec: { mode: 'hybrid', nativeVLAN: 50, allowedVLANs: ['60'] },
  });
  api.clock.advanceUntil(() => bmh(api, 'host-e').status?.provisioning?.state === 'provisioned');
  assert.equal(bmh(api, 'host-e').status?.operationalStatus, 'OK');
  ironic.stop();
});

void test('the provider networks come from the Ironic resource; deprovisioning without cleaning goes to idle (IrSO ironic_types.go, metal3-docs#586)', () => {
  const { api, ironic } = setup();
  api.create(api.resourceType('ironic.metal3.io', 'Ironic'), {
    metadata: { name: 'ironic', namespace: NS },
    spec: {
      networkingService: {
        enabled: true,
        providerNetworks: [
          { type: 'idle', mode: 'access', nativeVLAN: 4 },
          { type: 'provisioning', mode: 'access', nativeVLAN: 5 },
          { type: 'cleaning', mode: 'trunk', nativeVLAN: 6, allowedVLANs: ['7-8'] },
        ],
      },
    },
  });
  provisionedHost(api, { automatedCleaningMode: 'disabled' });
  const bmhT = api.resourceType('metal3.io', 'BareMetalHost');
  const h = bmh(api, 'host-b');
  const eno1 = (): { nativeVLAN?: number } | undefined =>
    ports(bmh(api, 'host-b')).find((p) => p.interface === 'eno1')?.switchPortConfig;
  api.update(bmhT, { ...h, spec: { ...h.spec, image: undefined } });
  const seen: string[] = [];
  api.clock.advanceUntil(() => {
    const cur = bmh(api, 'host-b');
    const entry = `${cur.status?.provisioning?.state ?? ''}:${cur.metadata.annotations?.[PORT_PHASE_ANNOTATION] ?? ''}:${String(eno1()?.nativeVLAN)}`;
    if (seen.at(-1) !== entry) seen.push(entry);
    return cur.status?.provisioning?.state === 'available';
  });
  assert.deepEqual(seen, ['provisioned:tenant:4', 'deprovisioning:idle:4', 'available:idle:4']);
  ironic.stop();
});

// BMO main baremetalswitch_config.go writeSwitchEntry / baremetalswitch_controller.go
void test('BareMetalSwitch Valid follows its credentials Secret with BMO messages', () => {
  const { api, ironic } = setup();
  const valid = (): string | undefined => {
    const s = api.get(
      api.resourceType('metal3.io', 'BareMetalSwitch'),
      NS,
      'tor-1',
    ) as BareMetalSwitch;
    const c = s.status?.conditions?.find((x) => x.type === 'Valid');
    return c === undefined ? undefined : `${c.status}/${c.reason ?? ''}: ${c.message ?? ''}`;
  };
  api.clock.advance(10);
  assert.equal(valid(), `False/CredentialError: credentials secret ${NS}/tor-1-creds not found`);
  const secretT = api.resourceType('', 'Secret');
  api.create(secretT, {
    metadata: { name: 'tor-1-creds', namespace: NS },
    data: { username: 'YQ==' },
  });
  api.clock.advance(10);
  assert.equal(
    valid(),
    "False/CredentialError: credentials secret tor-1-creds missing 'password' or 'ssh-privatekey' key",
  );
  const s = api.get(secretT, NS, 'tor-1-creds');
  assert.ok(s);
  api.update(secretT, { ...s, data: { username: 'YQ==', 'ssh-privatekey': 'LS0t' } });
  api.clock.advance(10);
  assert.equal(
    valid(),
    'True/Reconciled: Switch configuration has been successfully reconciled into the config secret',
  );
  ironic.stop();
});
