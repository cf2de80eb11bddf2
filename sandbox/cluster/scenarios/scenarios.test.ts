import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Condition, K8sResource } from '../../../src/shared/model/k8s';
import { FakeApi } from '../controllers/testing/fakeApi';
import { createControllers } from '../controllers/index';
import { loadScenario } from './index';

function trueTypes(o: K8sResource | undefined): string[] {
  const conditions = (o?.['status'] as { conditions?: Condition[] } | undefined)?.conditions ?? [];
  return conditions.filter((c) => c.status === 'True').map((c) => c.type);
}

void test('demo settles into the documented state', () => {
  const api = new FakeApi();
  loadScenario('demo', api, {});
  const controllers = createControllers({ scheduler: api.clock });
  for (const c of controllers) c.start(api, { speed: 'fast' });
  const nncp = api.resourceType('nmstate.io', 'NodeNetworkConfigurationPolicy');
  const get = (name: string): K8sResource | undefined => api.get(nncp, undefined, name);
  let sawPending = false;
  api.clock.advanceUntil(() => {
    const nnce = api.list(api.resourceType('nmstate.io', 'NodeNetworkConfigurationEnactment'));
    if (nnce.some((e) => trueTypes(e).includes('Pending'))) sawPending = true;
    return [
      'dns-search-domains',
      'lldp-on-up-ethernets',
      'worker-bond1',
      'worker-vlan200-bridge',
    ].every((n) => {
      const t = trueTypes(get(n));
      // A retry already makes a policy Degraded (kubernetes-nmstate v0.85 counter.go `Failed`
      // counts Failing=True), so Degraded is final only once no enactment still runs.
      const running = nnce.some(
        (e) =>
          e.metadata?.labels?.['nmstate.io/policy'] === n &&
          (trueTypes(e).includes('Progressing') || trueTypes(e).includes('Pending')),
      );
      return t.includes('Available') || (t.includes('Degraded') && !running);
    });
  }, 300_000);
  assert.ok(sawPending);
  assert.deepEqual(trueTypes(get('dns-search-domains')), ['Available']);
  assert.deepEqual(trueTypes(get('lldp-on-up-ethernets')), ['Available']);
  assert.deepEqual(trueTypes(get('worker-vlan200-bridge')), ['Available']);
  assert.deepEqual(trueTypes(get('worker-bond1')), ['Degraded']);
  assert.deepEqual(trueTypes(get('sriov-gpu-nodes')), ['Ignored']);
  const failing = api
    .list(api.resourceType('nmstate.io', 'NodeNetworkConfigurationEnactment'), {
      labelSelector: 'nmstate.io/policy=worker-bond1',
    })
    .filter((e) => trueTypes(e).includes('Failing'))
    .map((e) => e.metadata?.name);
  assert.deepEqual(failing, ['worker-2.worker-bond1']);

  api.clock.advance(60_000);
  const bmhT = api.resourceType('metal3.io', 'BareMetalHost');
  const w3 = api.get(bmhT, 'openshift-machine-api', 'openshift-worker-3') as
    { status?: { provisioning?: { state?: string } } } | undefined;
  assert.equal(w3?.status?.provisioning?.state, 'provisioned');
  const w2 = api.get(bmhT, 'openshift-machine-api', 'openshift-worker-2') as
    | {
        metadata: { annotations?: Record<string, string> };
        status?: {
          appliedNetworkAttachmentConfigs?: { name?: string; switchPort?: { portID?: string } }[];
        };
      }
    | undefined;
  assert.equal(w2?.metadata.annotations?.['sandbox.switchboard.io/switch-port-phase'], 'tenant');
  // BMO PR #3470: switchPort is recorded only for a user override; the port itself is LLDP's.
  const trunk = w2.status?.appliedNetworkAttachmentConfigs?.find((a) => a.name === 'ens2f0');
  assert.ok(trunk !== undefined);
  assert.equal(trunk.switchPort, undefined);
  const ports = JSON.parse(
    w2.metadata.annotations['sandbox.switchboard.io/switch-ports'] ?? '[]',
  ) as { interface: string; switchPort: { portID: string }; switchPortConfig: { mode: string } }[];
  const port = ports.find((p) => p.interface === 'ens2f0');
  assert.equal(port?.switchPort.portID, 'xe-0/0/19');
  assert.equal(port.switchPortConfig.mode, 'trunk');
  const bms = (name: string): string[] =>
    trueTypes(
      api.get(api.resourceType('metal3.io', 'BareMetalSwitch'), 'openshift-machine-api', name),
    );
  assert.deepEqual(bms('tor-1'), ['Valid']);
  assert.deepEqual(bms('tor-2'), []);

  const podT = api.resourceType('', 'Pod');
  const pods = api.list(podT) as (K8sResource & {
    metadata: { name: string; annotations?: Record<string, string> };
  })[];
  const withoutStatus = pods
    .filter((p) => p.metadata.annotations?.['k8s.v1.cni.cncf.io/network-status'] === undefined)
    .map((p) => p.metadata.name);
  assert.deepEqual(withoutStatus.sort(), ['broken-app', 'orphan-app']);
  assert.ok(
    api.events.some(
      (e) => e.reason === 'FailedCreatePodSandBox' && e.involved.metadata?.name === 'broken-app',
    ),
  );
  for (const c of controllers) c.stop();
});

void test('scale with wide policies gives every worker an enactment of each of the 50 policies', () => {
  const api = new FakeApi();
  loadScenario('scale', api, { nodes: 43, widePolicies: true });
  const enactments = api.list(api.resourceType('nmstate.io', 'NodeNetworkConfigurationEnactment'));
  // 3 masters and 40 workers: 50 × 40, the shape that gives 100,000 at 2,000 nodes.
  assert.equal(enactments.length, 50 * 40);
  const perNode = new Map<string, number>();
  for (const e of enactments) {
    const node = e.metadata?.labels?.['nmstate.io/node'] ?? '';
    perNode.set(node, (perNode.get(node) ?? 0) + 1);
  }
  assert.equal(perNode.size, 40);
  assert.ok([...perNode.values()].every((n) => n === 50));
  assert.ok(![...perNode.keys()].some((n) => n.startsWith('master-')));
  const narrow = new FakeApi();
  loadScenario('scale', narrow, { nodes: 43 });
  assert.ok(
    narrow.list(narrow.resourceType('nmstate.io', 'NodeNetworkConfigurationEnactment')).length <
      enactments.length,
  );
});

void test(
  'scale creates 1000 nodes with settled policies deterministically',
  { timeout: 120_000 },
  () => {
    const api = new FakeApi();
    loadScenario('scale', api, { nodes: 1000 });
    const nns = api.list(api.resourceType('nmstate.io', 'NodeNetworkState'));
    assert.equal(nns.length, 1000);
    const sample = nns.find((n) => n.metadata?.name === 'worker-100') as
      { status?: { currentState?: { interfaces?: unknown[] } } } | undefined;
    assert.ok((sample?.status?.currentState?.interfaces?.length ?? 0) >= 38);
    const policies = api.list(api.resourceType('nmstate.io', 'NodeNetworkConfigurationPolicy'));
    assert.equal(policies.length, 50);
    assert.ok(policies.some((p) => trueTypes(p).includes('Degraded')));
    const writesBefore = api.writes;
    const controllers = createControllers({ scheduler: api.clock });
    const nnsT = api.resourceType('nmstate.io', 'NodeNetworkState');
    for (const c of controllers) c.start(api, { speed: 'fast' });
    api.clock.advance(1000);
    const otherWrites = api.writes - writesBefore;
    assert.equal(otherWrites, 0, 'controllers stay idle on a settled scale cluster');
    for (const c of controllers) c.stop();
    assert.ok(nnsT);
  },
);
