import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../../src/shared/model/k8s';
import type { NetworkStatusEntry } from '../../../../src/shared/model/nad';
import { FakeApi } from '../testing/fakeApi';
import { MultusController, parseNetworksAnnotation } from './multus';

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

void test('parses comma and JSON forms of the networks annotation', () => {
  assert.deepEqual(parseNetworksAnnotation('a, ns2/b@eth9', 'ns'), {
    ok: true,
    items: [
      { namespace: 'ns', name: 'a' },
      { namespace: 'ns2', name: 'b', interface: 'eth9' },
    ],
  });
  assert.deepEqual(
    parseNetworksAnnotation('[{"name":"c","namespace":"x","interface":"net5"}]', 'ns'),
    {
      ok: true,
      items: [{ namespace: 'x', name: 'c', interface: 'net5' }],
    },
  );
  assert.equal(parseNetworksAnnotation('[{', 'ns').ok, false);
});

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
      ['tenant-a/wb', 'net1', ['10.1.1.1'], ['<nil>']],
      ['tenant-a/hl', 'net2', ['10.2.0.2', 'fd00:2::2'], ['10.2.0.1']],
      ['tenant-a/st', 'net3', ['10.3.0.5'], ['10.3.0.1']],
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
