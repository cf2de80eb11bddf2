import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../../src/shared/model/k8s';
import type { NetworkStatusEntry } from '../../../../src/shared/model/nad';
import { FakeApi } from '../testing/fakeApi';
import type { CniResult } from './cniResult';
import { formatNetworkStatus, isDefaultRoute, networkStatusesFromResult } from './cniResult';
import { MultusController } from './multus';

function setup(): { api: FakeApi; multus: MultusController } {
  const api = new FakeApi();
  api.create(api.resourceType('', 'Node'), { metadata: { name: 'worker-0' } });
  const nadT = api.resourceType('k8s.cni.cncf.io', 'NetworkAttachmentDefinition');
  const nad = (name: string, config: unknown): void => {
    api.create(nadT, {
      metadata: { name, namespace: 'tenant-a' },
      spec: { config: typeof config === 'string' ? config : JSON.stringify(config) },
    });
  };
  nad('wb', {
    cniVersion: '0.3.1',
    type: 'macvlan',
    master: 'eth1',
    ipam: { type: 'whereabouts', range: '10.1.1.0/30' },
  });
  nad('hl', {
    cniVersion: '0.3.1',
    type: 'bridge',
    bridge: 'br1',
    ipam: {
      type: 'host-local',
      ranges: [[{ subnet: '10.2.0.0/24', gateway: '10.2.0.1' }], [{ subnet: 'fd00:2::/64' }]],
    },
  });
  nad('st', {
    cniVersion: '0.3.1',
    type: 'ipvlan',
    master: 'eth1',
    ipam: { type: 'static', addresses: [{ address: '10.3.0.5/24', gateway: '10.3.0.1' }] },
  });
  nad('bad-json', '{"type": "bridge",');
  nad('bad-ipam', { cniVersion: '0.3.1', type: 'bridge', ipam: { type: 'nope' } });
  const multus = new MultusController(api.clock);
  multus.start(api);
  return { api, multus };
}

function addPod(api: FakeApi, name: string, networks: string): void {
  api.create(api.resourceType('', 'Pod'), {
    metadata: {
      name,
      namespace: 'tenant-a',
      annotations: { 'k8s.v1.cni.cncf.io/networks': networks },
    },
    spec: { nodeName: 'worker-0', containers: [{ name: 'c', image: 'ubi' }] },
  });
}

function status(api: FakeApi, name: string): NetworkStatusEntry[] | undefined {
  const pod = api.get(api.resourceType('', 'Pod'), 'tenant-a', name) as Pod;
  const raw = pod.metadata.annotations?.['k8s.v1.cni.cncf.io/network-status'];
  return raw === undefined ? undefined : (JSON.parse(raw) as NetworkStatusEntry[]);
}

void test('allocates from each IPAM and writes network-status with the default network first', () => {
  const { api, multus } = setup();
  addPod(api, 'p1', 'wb,hl,st');
  api.clock.advance(10);
  const s = status(api, 'p1');
  assert.ok(s);
  assert.equal(s[0]?.name, 'ovn-kubernetes');
  assert.equal(s[0].default, true);
  assert.deepEqual(
    s.slice(1).map((e) => [e.name, e.interface, e.ips, e.gateway]),
    [
      // No IPAM here configures a default route, so no entry has a gateway: an IPAM's own
      // `gateway` only goes on its IPs, which network-status does not show.
      ['tenant-a/wb', 'net1', ['10.1.1.1'], undefined],
      ['tenant-a/hl', 'net2', ['10.2.0.2', 'fd00:2::2'], undefined],
      ['tenant-a/st', 'net3', ['10.3.0.5'], undefined],
    ],
  );
  assert.match(s[1]?.mac ?? '', /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/);
  const pod = api.get(api.resourceType('', 'Pod'), 'tenant-a', 'p1') as Pod;
  assert.equal(pod.status?.phase, 'Running');
  addPod(api, 'p2', 'wb');
  api.clock.advance(10);
  assert.deepEqual(status(api, 'p2')?.[1]?.ips, ['10.1.1.2']);
  multus.stop();
});

void test('missing, broken and exhausted networks leave the pod ContainerCreating with a Multus-style event', () => {
  const { api, multus } = setup();
  addPod(api, 'fill-1', 'wb');
  addPod(api, 'fill-2', 'wb');
  addPod(api, 'exhausted', 'wb');
  addPod(api, 'missing', 'nope');
  addPod(api, 'json', 'bad-json');
  addPod(api, 'ipam', 'bad-ipam');
  api.clock.advance(10);
  for (const name of ['exhausted', 'missing', 'json', 'ipam']) {
    assert.equal(status(api, name), undefined, name);
    const pod = api.get(api.resourceType('', 'Pod'), 'tenant-a', name) as Pod;
    assert.equal(pod.status?.phase, 'Pending');
    const event = api.events.find((e) => e.involved.metadata?.name === name);
    assert.equal(event?.reason, 'FailedCreatePodSandBox');
    assert.equal(event.type, 'Warning');
    assert.match(
      event.message,
      new RegExp(
        `^Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create pod network sandbox k8s_${name}_tenant-a_.*: error adding pod tenant-a_${name} to CNI network "multus-cni-network": plugin type="multus-shim" name="multus-cni-network" failed \\(add\\): CmdAdd \\(shim\\): CNI request failed with status 400: '`,
      ),
    );
  }
  const message = (name: string): string =>
    api.events.find((e) => e.involved.metadata?.name === name)?.message ?? '';
  assert.match(
    message('exhausted'),
    /\[tenant-a\/exhausted\/[^\]]+:wb\]: error adding container to network "wb": error at storage engine: Could not allocate IP in range/,
  );
  assert.match(
    message('missing'),
    /cannot find a network-attachment-definition \(nope\) in namespace \(tenant-a\)/,
  );
  assert.match(
    message('ipam'),
    /error adding container to network "bad-ipam": failed to find plugin "nope" in path/,
  );
  assert.match(message('json'), /failed to unmarshal Spec\.Config/);

  api.create(api.resourceType('k8s.cni.cncf.io', 'NetworkAttachmentDefinition'), {
    metadata: { name: 'nope', namespace: 'tenant-a' },
    spec: { config: JSON.stringify({ cniVersion: '0.3.1', type: 'bridge' }) },
  });
  api.clock.advance(10);
  assert.equal(status(api, 'missing')?.[1]?.name, 'tenant-a/nope');
  multus.stop();
});

// network-attachment-definition-client pkg/utils/net-attach-def.go: isDefaultRoute.
void test('a default route is one whose destination address is all zeros, of either family', () => {
  assert.equal(isDefaultRoute({ dst: '0.0.0.0/0' }), true);
  assert.equal(isDefaultRoute({ dst: '::/0' }), true);
  assert.equal(isDefaultRoute({ dst: '0.0.0.0/1' }), true);
  assert.equal(isDefaultRoute({ dst: '10.0.0.0/8' }), false);
  assert.equal(isDefaultRoute({ dst: 'fd00::/8' }), false);
});

// network-attachment-definition-client pkg/utils/net-attach-def.go: CreateNetworkStatus (one
// interface) and CreateNetworkStatuses (several), v1.7.0+ copying the interface's mtu.
void test('network-status comes from the CNI result: gateways of default routes, mtu when reported', () => {
  const single: CniResult = {
    interfaces: [
      { name: 'net1', mac: '02:00:00:00:00:01', mtu: 9000, sandbox: '/var/run/netns/x' },
    ],
    ips: [{ address: '10.0.0.5/24', gateway: '10.0.0.1', interface: 0 }],
    routes: [
      { dst: '10.9.0.0/16', gw: '10.0.0.254' },
      { dst: '0.0.0.0/0', gw: '10.0.0.1' },
      { dst: '::/0' },
    ],
    dns: { nameservers: ['10.0.0.53'] },
  };
  assert.deepEqual(networkStatusesFromResult(single, 'ns/a', false), [
    {
      name: 'ns/a',
      interface: 'net1',
      ips: ['10.0.0.5'],
      mac: '02:00:00:00:00:01',
      mtu: 9000,
      dns: { nameservers: ['10.0.0.53'] },
      // A default route without gw is a nil net.IP, which Go prints as "<nil>".
      gateway: ['10.0.0.1', '<nil>'],
    },
  ]);
  // Go's JSON encoder escapes the angle brackets in the raw annotation.
  const raw = formatNetworkStatus(networkStatusesFromResult(single, 'ns/a', false));
  assert.ok(raw.includes('"\\u003cnil\\u003e"'));
  assert.ok(!raw.includes('<nil>'));
  // bridge-like result: host-side interfaces have no sandbox and get no entry; the IP names its
  // interface by index.
  const bridge: CniResult = {
    interfaces: [
      { name: 'br1', mac: '02:00:00:00:00:aa' },
      { name: 'veth1', mac: '02:00:00:00:00:bb' },
      { name: 'net2', mac: '02:00:00:00:00:cc', sandbox: '/var/run/netns/x' },
    ],
    ips: [{ address: 'fd00::5/64', interface: 2 }],
    routes: [],
    dns: {},
  };
  assert.deepEqual(networkStatusesFromResult(bridge, 'ns/b', false), [
    { name: 'ns/b', interface: 'net2', ips: ['fd00::5'], mac: '02:00:00:00:00:cc', dns: {} },
  ]);
  // SetNetworkStatus: four-space indent per entry, joined in a list.
  const text = formatNetworkStatus(networkStatusesFromResult(bridge, 'ns/b', false));
  assert.ok(text.startsWith('[{\n    "name": "ns/b"'));
  assert.deepEqual(JSON.parse(text), networkStatusesFromResult(bridge, 'ns/b', false));
});

function nns(api: FakeApi, node: string, links: string[]): void {
  const t = api.resourceType('nmstate.io', 'NodeNetworkState');
  const created = api.create(t, { metadata: { name: node } });
  api.update(
    t,
    {
      ...created,
      status: { currentState: { interfaces: links.map((name) => ({ name, type: 'ethernet' })) } },
    },
    { subresource: 'status' },
  );
}

function nad(api: FakeApi, name: string, config: unknown): void {
  api.create(api.resourceType('k8s.cni.cncf.io', 'NetworkAttachmentDefinition'), {
    metadata: { name, namespace: 'tenant-a' },
    spec: { config: JSON.stringify(config) },
  });
}

function eventMessage(api: FakeApi, pod: string): string | undefined {
  return api.events.find((e) => e.involved.metadata?.name === pod)?.message;
}

// host-local, whereabouts and static return their configured `routes` unchanged
// (containernetworking/plugins plugins/ipam/host-local/main.go, plugins/ipam/static/main.go;
// k8snetworkplumbingwg/whereabouts cmd/whereabouts.go); bridge's isDefaultGateway adds a default
// route via the range gateway (containernetworking/plugins plugins/main/bridge/bridge.go).
void test('the sandbox derives gateway from the IPAM routes and bridge isDefaultGateway', () => {
  const { api, multus } = setup();
  nad(api, 'wb-gw', {
    cniVersion: '0.3.1',
    type: 'macvlan',
    master: 'eth1',
    ipam: {
      type: 'whereabouts',
      range: '10.5.0.0/24',
      gateway: '10.5.0.1',
      routes: [{ dst: '0.0.0.0/0', gw: '10.5.0.254' }],
    },
  });
  nad(api, 'hl-nogw', {
    cniVersion: '0.3.1',
    type: 'macvlan',
    master: 'eth1',
    ipam: { type: 'host-local', subnet: '10.6.0.0/24', routes: [{ dst: '0.0.0.0/0' }] },
  });
  nad(api, 'br-def', {
    cniVersion: '0.3.1',
    type: 'bridge',
    bridge: 'br9',
    isDefaultGateway: true,
    ipam: { type: 'host-local', subnet: '10.7.0.0/24' },
  });
  addPod(api, 'g1', 'wb-gw,hl-nogw,br-def');
  api.clock.advance(10);
  const s = status(api, 'g1');
  assert.ok(s);
  assert.deepEqual(
    s.slice(1).map((e) => [e.name, e.ips, e.gateway]),
    [
      ['tenant-a/wb-gw', ['10.5.0.2'], ['10.5.0.254']],
      // host-local keeps .1 as its default gateway, so the first address handed out is .2.
      ['tenant-a/hl-nogw', ['10.6.0.2'], ['<nil>']],
      ['tenant-a/br-def', ['10.7.0.2'], ['10.7.0.1']],
    ],
  );
  assert.equal(s[1]?.['mtu'], undefined, 'containernetworking/plugins macvlan reports no mtu');
  multus.stop();
});

// containernetworking/plugins: macvlan and vlan loadConf (getMTUByName) return netlink's
// "Link not found" bare; ipvlan createIpvlan says `failed to lookup master "X"`; host-device says
// `failed to find host device`. multus-cni pkg/multus/multus.go cmdPluginErr wraps it with
// `[ns/pod/uid:net]: error adding container to network "net"`, net being the config's name;
// libcni AddNetworkList (containernetworking/cni libcni/api.go) adds `plugin type=… failed (add)`
// for a conflist.
void test('a master or device missing on the node fails the pod as the plugin reports it', () => {
  const { api, multus } = setup();
  nns(api, 'worker-0', ['lo', 'eth0', 'eth1']);
  nad(api, 'mv', { cniVersion: '0.3.1', name: 'mv-net', type: 'macvlan', master: 'ens9' });
  nad(api, 'iv', { cniVersion: '0.3.1', type: 'ipvlan', master: 'ens9' });
  nad(api, 'vl', { cniVersion: '0.3.1', type: 'vlan', master: 'ens9', vlanId: 5 });
  nad(api, 'hd', { cniVersion: '0.3.1', type: 'host-device', device: 'ens9' });
  nad(api, 'mv-list', {
    cniVersion: '0.4.0',
    name: 'mv-list',
    plugins: [{ type: 'macvlan', master: 'ens9' }, { type: 'tuning' }],
  });
  nad(api, 'mv-ok', { cniVersion: '0.3.1', type: 'macvlan', master: 'eth1' });
  for (const n of ['mv', 'iv', 'vl', 'hd', 'mv-list', 'mv-ok']) addPod(api, `p-${n}`, n);
  api.clock.advance(10);
  const inner = (pod: string): string => {
    const m = eventMessage(api, pod) ?? '';
    return m.slice(m.indexOf('networking: ') + 'networking: '.length).replace(/\n'$/, '');
  };
  assert.match(
    inner('p-mv'),
    /^\[tenant-a\/p-mv\/[^\]]*:mv-net\]: error adding container to network "mv-net": Link not found$/,
  );
  assert.match(
    inner('p-iv'),
    /error adding container to network "iv": failed to lookup master "ens9": Link not found$/,
  );
  assert.match(inner('p-vl'), /error adding container to network "vl": Link not found$/);
  assert.match(
    inner('p-hd'),
    /error adding container to network "hd": failed to find host device: Link not found$/,
  );
  assert.match(
    inner('p-mv-list'),
    /error adding container to network "mv-list": plugin type="macvlan" failed \(add\): Link not found$/,
  );
  const pod = api.get(api.resourceType('', 'Pod'), 'tenant-a', 'p-mv') as Pod;
  assert.equal(pod.status?.phase, 'Pending');
  const statuses = pod.status['containerStatuses'] as
    { state: { waiting?: { reason: string } } }[] | undefined;
  assert.equal(statuses?.[0]?.state.waiting?.reason, 'ContainerCreating');
  assert.equal(eventMessage(api, 'p-mv-ok'), undefined);
  assert.equal(status(api, 'p-mv-ok')?.[1]?.interface, 'net1');
  multus.stop();
});

void test('without a NodeNetworkState for the node the link check is skipped', () => {
  const { api, multus } = setup();
  nad(api, 'mv', { cniVersion: '0.3.1', type: 'macvlan', master: 'ens9' });
  addPod(api, 'p', 'mv');
  api.clock.advance(10);
  assert.equal(status(api, 'p')?.[1]?.name, 'tenant-a/mv');
  multus.stop();
});

// multus-cni pkg/k8sclient/k8sclient.go: a parse error leaves TryLoadPodDelegates without
// networks and it returns the error unwrapped; GetNetworkDelegates loads every delegate before the
// first ADD, and its namespace-isolation error is worded there.
void test('a bad networks annotation and delegate errors fail the pod in Multus wording and order', () => {
  const { api, multus } = setup();
  addPod(api, 'bad-name', 'Storage');
  addPod(api, 'order', 'bad-ipam,nope');
  addPod(api, 'iso', 'other/x');
  // A blank item is an empty-named selection; client-go refuses to Get an empty name.
  addPod(api, 'blank', ' ');
  api.clock.advance(10);
  assert.match(
    eventMessage(api, 'blank') ?? '',
    /cannot find a network-attachment-definition \(\) in namespace \(tenant-a\): resource name may not be empty/,
  );
  assert.match(
    eventMessage(api, 'bad-name') ?? '',
    /networking: Multus: \[tenant-a\/bad-name\/[^\]]*\]: error loading k8s delegates k8s args: parsePodNetworkAnnotation: parsePodNetworkObjectName: Failed to parse: .*mismatch @ 'Storage'\n'$/,
  );
  assert.equal(status(api, 'bad-name'), undefined);
  assert.match(
    eventMessage(api, 'order') ?? '',
    /TryLoadPodDelegates: error in getting k8s network for pod: GetNetworkDelegates: failed getting the delegate: getKubernetesDelegate: cannot find a network-attachment-definition \(nope\)/,
  );
  assert.match(
    eventMessage(api, 'iso') ?? '',
    /GetNetworkDelegates: namespace isolation enabled, annotation violates permission, pod is in namespace tenant-a but refers to target namespace other/,
  );
  multus.stop();
});
