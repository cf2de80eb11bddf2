import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Condition } from '../../../../src/shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../../src/shared/model/nmstate';
import { buildNodeNetworkState } from '../../../../src/features/policies/__fixtures__/nodeNetworkStates';
import { FakeApi } from '../testing/fakeApi';
import { NmstateHandler } from './handler';
import { scaledMaxUnavailable } from './conditions';

interface Setup {
  api: FakeApi;
  handler: NmstateHandler;
}

function setup(workers = 3, missing: Record<string, string[]> = {}): Setup {
  const api = new FakeApi();
  const nodeT = api.resourceType('', 'Node');
  const nnsT = api.resourceType('nmstate.io', 'NodeNetworkState');
  for (let i = 0; i < workers; i++) {
    const name = `worker-${i}`;
    const node = api.create(nodeT, {
      metadata: {
        name,
        labels: { 'node-role.kubernetes.io/worker': '', 'kubernetes.io/hostname': name },
      },
    });
    api.update(
      nodeT,
      { ...node, status: { conditions: [{ type: 'Ready', status: 'True' }] } },
      { subresource: 'status' },
    );
    const nns = buildNodeNetworkState({
      nodeName: name,
      role: 'worker',
      index: i,
      missingNics: missing[name] ?? [],
      nodeUid: node.metadata?.uid,
    });
    const created = api.create(nnsT, nns);
    api.update(nnsT, { ...created, status: nns.status }, { subresource: 'status' });
  }
  const handler = new NmstateHandler(api.clock);
  handler.start(api, { speed: 'fast' });
  return { api, handler };
}

function createPolicy(
  api: FakeApi,
  name: string,
  spec: NodeNetworkConfigurationPolicy['spec'],
): void {
  api.create(api.resourceType('nmstate.io', 'NodeNetworkConfigurationPolicy'), {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name },
    spec,
  });
}

function policy(api: FakeApi, name: string): NodeNetworkConfigurationPolicy {
  return api.get(
    api.resourceType('nmstate.io', 'NodeNetworkConfigurationPolicy'),
    undefined,
    name,
  ) as NodeNetworkConfigurationPolicy;
}

function enactments(api: FakeApi, policyName: string): NodeNetworkConfigurationEnactment[] {
  return api.list(api.resourceType('nmstate.io', 'NodeNetworkConfigurationEnactment'), {
    labelSelector: `nmstate.io/policy=${policyName}`,
  }) as NodeNetworkConfigurationEnactment[];
}

function must<T>(value: T | undefined): T {
  if (value === undefined) return assert.fail('missing value');
  return value;
}

function trueTypes(conditions: Condition[] | undefined): string[] {
  return (conditions ?? []).filter((c) => c.status === 'True').map((c) => c.type);
}

/**
 * Done rolling out: Available or Ignored, or Degraded with no enactment still retrying or waiting
 * (a retry already makes the policy Degraded upstream, so Degraded alone is not the end).
 */
function settled(api: FakeApi, name: string): boolean {
  const t = trueTypes(policy(api, name).status?.conditions);
  if (t.includes('Available') || t.includes('Ignored')) return true;
  return (
    t.includes('Degraded') &&
    enactments(api, name).every((e) => {
      const x = trueTypes(e.status?.conditions);
      return !x.includes('Progressing') && !x.includes('Pending');
    })
  );
}

const bond1 = (ports: string[]): NodeNetworkConfigurationPolicy['spec'] => ({
  nodeSelector: { 'node-role.kubernetes.io/worker': '' },
  desiredState: {
    interfaces: [
      {
        name: 'bond1',
        type: 'bond',
        state: 'up',
        'link-aggregation': { mode: 'active-backup', port: ports },
      },
    ],
  },
});

void test('maxUnavailable scales against the enactment count, rounding up, minimum 1, invalid ⇒ 50%', () => {
  assert.equal(scaledMaxUnavailable(undefined, 3), 2);
  assert.equal(scaledMaxUnavailable('50%', 5), 3);
  assert.equal(scaledMaxUnavailable('10%', 3), 1);
  assert.equal(scaledMaxUnavailable(0, 3), 1);
  assert.equal(scaledMaxUnavailable(2, 10), 2);
  assert.equal(scaledMaxUnavailable('abc', 4), 2);
  assert.equal(scaledMaxUnavailable('3', 10), 5);
  // pkg/node/nodes.go: a string without % is an error the handler logs before using 50%;
  // anything below 1 becomes 1; over 100% is every node.
  assert.equal(scaledMaxUnavailable(-1, 10), 1);
  assert.equal(scaledMaxUnavailable('-10%', 10), 1);
  assert.equal(scaledMaxUnavailable('150%', 4), 6);
});

void test('one enactment per matching node with name, labels, owner and generation; success applies to NNS', () => {
  const { api, handler } = setup();
  createPolicy(api, 'bond1', bond1(['ens2f1', 'eno4']));
  api.clock.advance(0);
  const list = enactments(api, 'bond1');
  assert.deepEqual(list.map((e) => e.metadata.name).sort(), [
    'worker-0.bond1',
    'worker-1.bond1',
    'worker-2.bond1',
  ]);
  const first = must(list.find((e) => e.metadata.name === 'worker-0.bond1'));
  assert.deepEqual(first.metadata.labels, {
    'nmstate.io/node': 'worker-0',
    'nmstate.io/policy': 'bond1',
  });
  assert.equal(first.metadata.ownerReferences?.[0]?.kind, 'Node');
  assert.equal(must(first.metadata.ownerReferences)[0]?.name, 'worker-0');
  assert.equal(first.status?.policyGeneration, 1);
  assert.equal(must(first.status).conditions?.length, 5);
  // default 50% of 3 ⇒ 2 progress, 1 pending
  const t = list.map((e) => trueTypes(e.status?.conditions).join(',')).sort();
  assert.deepEqual(t, ['Pending', 'Progressing', 'Progressing']);
  const pending = list.find((e) => trueTypes(e.status?.conditions).includes('Pending'));
  assert.equal(
    pending?.status?.conditions?.find((c) => c.type === 'Pending')?.reason,
    'MaxUnavailableLimitReached',
  );
  assert.equal(policy(api, 'bond1').status?.unavailableNodeCountMap?.['1'], 2);
  const progressing = policy(api, 'bond1').status?.conditions?.find(
    (c) => c.type === 'Progressing',
  );
  assert.equal(progressing?.message, 'Policy is progressing 0/3 nodes finished');

  api.clock.advanceUntil(() => settled(api, 'bond1'));
  const conditions = policy(api, 'bond1').status?.conditions ?? [];
  assert.equal(conditions.length, 4);
  assert.deepEqual(
    conditions.map((c) => [c.type, c.status, c.reason]),
    [
      ['Available', 'True', 'SuccessfullyConfigured'],
      ['Degraded', 'False', 'SuccessfullyConfigured'],
      ['Progressing', 'False', 'SuccessfullyConfigured'],
      ['Ignored', 'False', 'SuccessfullyConfigured'],
    ],
  );
  assert.equal(conditions[0]?.message, '3/3 nodes successfully configured');
  assert.deepEqual(policy(api, 'bond1').status?.unavailableNodeCountMap, {});
  const nns = api.get(
    api.resourceType('nmstate.io', 'NodeNetworkState'),
    undefined,
    'worker-1',
  ) as NodeNetworkState;
  const ens2f1 = nns.status?.currentState?.interfaces?.find((i) => i.name === 'ens2f1');
  assert.equal(ens2f1?.controller, 'bond1');
  assert.notEqual(nns.status?.lastSuccessfulUpdateTime, '2026-03-02T09:14:07Z');
  assert.ok(nns.metadata.labels?.['nmstate.io/force-nns-refresh']);
  const done = enactments(api, 'bond1')[0];
  assert.deepEqual(trueTypes(done?.status?.conditions), ['Available']);
  assert.equal(
    done?.status?.conditions?.find((c) => c.type === 'Available')?.message,
    'successfully reconciled',
  );
  handler.stop();
});

void test('failure retries 5 times (Failing+Progressing) then fails with the handler message and an event', () => {
  const { api, handler } = setup(3, { 'worker-2': ['ens2f1'] });
  createPolicy(api, 'bond1', bond1(['ens2f1', 'eno4']));
  let sawRetrying = false;
  api.clock.advanceUntil(() => {
    const e = enactments(api, 'bond1').find((x) => x.metadata.name === 'worker-2.bond1');
    const progressing = e?.status?.conditions?.find((c) => c.type === 'Progressing');
    if (progressing?.reason === 'Retrying') {
      sawRetrying = true;
      assert.deepEqual(trueTypes(e?.status?.conditions), ['Failing', 'Progressing']);
      assert.match(
        progressing.message ?? '',
        /^failed to reconcile NodeNetworkConfigurationPolicy on node worker-2\. Retrying [2-5]\/5$/,
      );
    }
    return settled(api, 'bond1');
  });
  assert.ok(sawRetrying);
  const failed = enactments(api, 'bond1').find((x) => x.metadata.name === 'worker-2.bond1');
  assert.deepEqual(trueTypes(failed?.status?.conditions), ['Failing']);
  const failing = must(failed?.status?.conditions?.find((c) => c.type === 'Failing'));
  assert.equal(failing.reason, 'FailedToConfigure');
  assert.match(
    failing.message ?? '',
    /^error reconciling NodeNetworkConfigurationPolicy on node worker-2 at desired state apply: "",\n , \[2026-[^\n]+Z INFO {2}nmstatectl\] Nmstate version/,
  );
  assert.match(
    failing.message ?? '',
    /\nNmstateError: InvalidArgument: Interface ens2f1 does not exist[^\n]*\n: failed to execute nmstatectl apply --no-commit --timeout 480: exit status 1$/,
  );
  assert.doesNotMatch(failing.message ?? '', /nmstatectl set/);
  assert.equal(failed?.status?.retryCount?.['1'], 5);
  const nns = api.get(
    api.resourceType('nmstate.io', 'NodeNetworkState'),
    undefined,
    'worker-2',
  ) as NodeNetworkState;
  assert.equal(
    nns.status?.currentState?.interfaces?.find((i) => i.name === 'bond1'),
    undefined,
  );
  const degraded = must(
    policy(api, 'bond1').status?.conditions?.find((c) => c.type === 'Degraded'),
  );
  assert.equal(degraded.status, 'True');
  assert.equal(degraded.message, '1/3 nodes failed to configure');
  const event = must(api.events.find((e) => e.reason === 'ReconcileFailed'));
  assert.equal(event.type, 'Warning');
  assert.equal(event.namespace, 'default');
  assert.equal(event.involved.kind, 'NodeNetworkConfigurationPolicy');
  assert.equal(
    event.message,
    'reconciliation of enactment "worker-2.bond1" has failed after 5 retries',
  );
  handler.stop();
});

void test('with maxUnavailable 1 a failure aborts the nodes still waiting', () => {
  const { api, handler } = setup(3);
  createPolicy(api, 'bad-mtu', {
    maxUnavailable: 1,
    desiredState: { interfaces: [{ name: 'eno4', type: 'ethernet', state: 'up', mtu: 20000 }] },
  });
  api.clock.advanceUntil(() => settled(api, 'bad-mtu'), 200_000);
  const outcomes = enactments(api, 'bad-mtu')
    .map((e) => trueTypes(e.status?.conditions).join(','))
    .sort();
  assert.deepEqual(outcomes, ['Aborted', 'Aborted', 'Failing']);
  const degraded = must(
    policy(api, 'bad-mtu').status?.conditions?.find((c) => c.type === 'Degraded'),
  );
  assert.equal(degraded.message, '1/3 nodes failed to configure, 2 nodes aborted configuration');
  const aborted = enactments(api, 'bad-mtu').find((e) =>
    trueTypes(e.status?.conditions).includes('Aborted'),
  );
  assert.match(
    aborted?.status?.conditions?.find((c) => c.type === 'Aborted')?.message ?? '',
    /^reconciliation of enactment "worker-\d\.bad-mtu" has aborted$/,
  );
  handler.stop();
});

void test('no matching node ⇒ Ignored; a node label change re-reconciles and creates the enactment', () => {
  const { api, handler } = setup(2);
  createPolicy(api, 'storage', {
    nodeSelector: { 'example.com/storage': 'true' },
    desiredState: { interfaces: [{ name: 'eno4', type: 'ethernet', state: 'up', mtu: 9000 }] },
  });
  api.clock.advance(10);
  const ignored = policy(api, 'storage').status?.conditions ?? [];
  assert.deepEqual(trueTypes(ignored), ['Ignored']);
  assert.equal(
    ignored.find((c) => c.type === 'Ignored')?.message,
    'Policy does not match any node',
  );
  assert.ok(ignored.every((c) => c.reason === 'NoMatchingNode'));

  const nodeT = api.resourceType('', 'Node');
  const node = api.get(nodeT, undefined, 'worker-1');
  assert.ok(node);
  api.update(nodeT, {
    ...node,
    metadata: {
      ...node.metadata,
      labels: { ...node.metadata?.labels, 'example.com/storage': 'true' },
    },
  });
  api.clock.advanceUntil(
    () =>
      settled(api, 'storage') &&
      trueTypes(policy(api, 'storage').status?.conditions).includes('Available'),
  );
  assert.deepEqual(
    enactments(api, 'storage').map((e) => e.metadata.name),
    ['worker-1.storage'],
  );
  assert.equal(
    policy(api, 'storage').status?.conditions?.[0]?.message,
    '1/1 nodes successfully configured',
  );

  const again = api.get(nodeT, undefined, 'worker-1');
  assert.ok(again);
  api.update(nodeT, {
    ...again,
    metadata: { ...again.metadata, labels: { 'node-role.kubernetes.io/worker': '' } },
  });
  api.clock.advance(10);
  assert.equal(enactments(api, 'storage').length, 0);
  api.delete(
    api.resourceType('nmstate.io', 'NodeNetworkConfigurationPolicy'),
    undefined,
    'storage',
  );
  handler.stop();
});

void test('captures are resolved per node and recorded in capturedStates; deleting the policy removes enactments', () => {
  const { api, handler } = setup(1);
  createPolicy(api, 'br-storage', {
    capture: {
      'storage-vlan': 'interfaces.name=="bond0.100"',
    },
    desiredState: {
      interfaces: [
        {
          name: 'dummy-storage',
          type: 'dummy',
          state: 'up',
          mtu: '{{ capture.storage-vlan.interfaces.0.mtu }}' as unknown as number,
        },
      ],
    },
  });
  api.clock.advanceUntil(() => settled(api, 'br-storage'));
  const e = enactments(api, 'br-storage')[0];
  assert.deepEqual(trueTypes(e?.status?.conditions), ['Available']);
  const captured = must(e?.status?.capturedStates?.['storage-vlan']);
  assert.equal(captured.state?.interfaces?.[0]?.name, 'bond0.100');
  assert.equal(typeof captured.metaInfo?.['time'], 'string');
  assert.equal(e?.status?.desiredState?.interfaces?.[0]?.mtu, 9000);
  api.delete(
    api.resourceType('nmstate.io', 'NodeNetworkConfigurationPolicy'),
    undefined,
    'br-storage',
  );
  api.clock.advance(10);
  assert.equal(enactments(api, 'br-storage').length, 0);
  handler.stop();
});

void test('a capture failure fails the enactment with the generation error', () => {
  const { api, handler } = setup(1);
  createPolicy(api, 'bad-capture', {
    capture: { gw: 'routes.running.destination=="0.0.0.0/0' },
    desiredState: { interfaces: [] },
  });
  api.clock.advanceUntil(() => settled(api, 'bad-capture'));
  const failing = must(
    enactments(api, 'bad-capture')[0]?.status?.conditions?.find((c) => c.type === 'Failing'),
  );
  assert.equal(failing.status, 'True');
  assert.equal(failing.reason, 'FailedToConfigure');
  assert.match(failing.message ?? '', /^failure generating desiredState and capturedStates: /);
  handler.stop();
});

void test('NNCE desiredState carries default VLAN filtering for linux-bridge ports', () => {
  const { api, handler } = setup(1);
  createPolicy(api, 'br1', {
    desiredState: {
      interfaces: [
        { name: 'br1', type: 'linux-bridge', state: 'up', bridge: { port: [{ name: 'eno4' }] } },
      ],
    },
  });
  api.clock.advanceUntil(() => settled(api, 'br1'));
  const port = enactments(api, 'br1')[0]?.status?.desiredState?.interfaces?.[0]?.bridge?.port?.[0];
  assert.deepEqual(port?.vlan, {
    mode: 'trunk',
    'trunk-tags': [{ 'id-range': { min: 2, max: 4094 } }],
  });
  assert.equal(
    policy(api, 'br1').spec.desiredState?.interfaces?.[0]?.bridge?.port?.[0]?.vlan,
    undefined,
  );
  handler.stop();
});

void test('a node whose name cannot be a label value is relabelled without breaking the handler', () => {
  const { api } = setup(2);
  const nodeT = api.resourceType('', 'Node');
  // A valid node name (a DNS subdomain) but longer than a label value: no enactment can carry it
  // upstream (kubernetes-nmstate issue #753), and a selector with it is refused.
  const long = ['a', 'b', 'c', 'd'].map((c) => c.repeat(63)).join('.');
  const node = api.create(nodeT, { metadata: { name: long, labels: { rack: 'r1' } } });
  api.update(nodeT, { ...node, metadata: { ...node.metadata, labels: { rack: 'r2' } } });
  createPolicy(api, 'bond1', bond1(['ens2f1', 'eno4']));
  api.clock.advanceUntil(() => settled(api, 'bond1'));
  assert.deepEqual(trueTypes(policy(api, 'bond1').status?.conditions), ['Available']);
  assert.deepEqual(
    enactments(api, 'bond1')
      .map((e) => e.metadata.name)
      .sort(),
    ['worker-0.bond1', 'worker-1.bond1'],
  );
});
