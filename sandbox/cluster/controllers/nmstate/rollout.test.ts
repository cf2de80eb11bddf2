// Scripted rollouts of the simulated handler, checking the enactment and policy conditions at
// each step against kubernetes-nmstate v0.85.0: controllers/handler/
// nodenetworkconfigurationpolicy_controller.go (Reconcile, fillInEnactmentStatus, slots),
// pkg/enactmentstatus/conditions/conditions.go (condition sets), pkg/policyconditions/
// conditions.go (setPolicyStatus, Reset) and pkg/nmstatectl/nmstatectl.go (message forms).
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

const NNCP = ['nmstate.io', 'NodeNetworkConfigurationPolicy'] as const;
const NNCE = ['nmstate.io', 'NodeNetworkConfigurationEnactment'] as const;
const NNS = ['nmstate.io', 'NodeNetworkState'] as const;

function cluster(
  workers: number,
  notReady: string[] = [],
  missingNics: Record<string, string[]> = {},
) {
  const api = new FakeApi();
  const nodeT = api.resourceType('', 'Node');
  const nnsT = api.resourceType(...NNS);
  for (let i = 0; i < workers; i++) {
    const name = `worker-${i}`;
    const node = api.create(nodeT, {
      metadata: { name, labels: { 'node-role.kubernetes.io/worker': '' } },
    });
    api.update(
      nodeT,
      {
        ...node,
        status: {
          conditions: [{ type: 'Ready', status: notReady.includes(name) ? 'False' : 'True' }],
        },
      },
      { subresource: 'status' },
    );
    const nns = buildNodeNetworkState({
      nodeName: name,
      role: 'worker',
      index: i,
      nodeUid: node.metadata?.uid,
      missingNics: missingNics[name] ?? [],
    });
    const created = api.create(nnsT, nns);
    api.update(nnsT, { ...created, status: nns.status }, { subresource: 'status' });
  }
  const handler = new NmstateHandler(api.clock);
  handler.start(api, { speed: 'fast' });
  return { api, handler };
}

function create(api: FakeApi, name: string, spec: NodeNetworkConfigurationPolicy['spec']): void {
  api.create(api.resourceType(...NNCP), {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name },
    spec,
  });
}

const policy = (api: FakeApi, name: string) =>
  api.get(api.resourceType(...NNCP), undefined, name) as NodeNetworkConfigurationPolicy;
const enactments = (api: FakeApi, name: string) =>
  (
    api.list(api.resourceType(...NNCE), {
      labelSelector: `nmstate.io/policy=${name}`,
    }) as NodeNetworkConfigurationEnactment[]
  ).sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
const trueTypes = (cs: Condition[] | undefined) =>
  (cs ?? []).filter((c) => c.status === 'True').map((c) => c.type);
const cond = (cs: Condition[] | undefined, type: string) => cs?.find((c) => c.type === type);
const states = (api: FakeApi, name: string) =>
  enactments(api, name).map((e) => trueTypes(e.status?.conditions).join('+'));
const policyState = (api: FakeApi, name: string) => {
  const cs = policy(api, name).status?.conditions;
  const t = trueTypes(cs)[0] ?? 'Unknown';
  return `${t}: ${cond(cs, t)?.message ?? ''}`;
};

void test('success: Pending until a slot frees, then every node Available (default 50%)', () => {
  const { api, handler } = cluster(3);
  create(api, 'mtu', {
    desiredState: { interfaces: [{ name: 'eno4', type: 'ethernet', state: 'up', mtu: 9000 }] },
  });
  api.clock.advance(0);
  // 50% of 3 enactments rounds up to 2 slots.
  assert.deepEqual(states(api, 'mtu'), ['Progressing', 'Progressing', 'Pending']);
  assert.equal(policyState(api, 'mtu'), 'Progressing: Policy is progressing 0/3 nodes finished');
  assert.deepEqual(policy(api, 'mtu').status?.unavailableNodeCountMap, { '1': 2 });
  api.clock.advanceUntil(() => states(api, 'mtu').every((s) => s === 'Available'));
  assert.equal(policyState(api, 'mtu'), 'Available: 3/3 nodes successfully configured');
  assert.deepEqual(policy(api, 'mtu').status?.unavailableNodeCountMap, {});
  handler.stop();
});

void test('apply failure: retries make the policy Degraded at once, five attempts, slot kept', () => {
  const { api, handler } = cluster(2);
  create(api, 'bad-mtu', {
    maxUnavailable: 1,
    desiredState: { interfaces: [{ name: 'eno4', type: 'ethernet', state: 'up', mtu: 20000 }] },
  });
  const seen: string[] = [];
  let degradedWhileRetrying = false;
  api.clock.advanceUntil(() => {
    const e = enactments(api, 'bad-mtu')[0];
    const failing = cond(e?.status?.conditions, 'Failing');
    if (failing?.reason === 'Retrying' && failing.status === 'True') {
      const message = failing.message ?? '';
      if (!seen.includes(message)) seen.push(message);
      assert.deepEqual(trueTypes(e?.status?.conditions), ['Failing', 'Progressing']);
      const available = cond(policy(api, 'bad-mtu').status?.conditions, 'Available');
      if (policyState(api, 'bad-mtu') === 'Degraded: 1/2 nodes failed to configure') {
        degradedWhileRetrying = true;
        // The VAP lets an update through when Available's reason is FailedToConfigure.
        assert.equal(available?.reason, 'FailedToConfigure');
      }
    }
    return failing?.reason === 'FailedToConfigure';
  }, 600_000);
  assert.deepEqual(
    seen.map((m) => m.replace(/^.*\. /, '')),
    ['Retrying 2/5', 'Retrying 3/5', 'Retrying 4/5', 'Retrying 5/5'],
  );
  assert.ok(degradedWhileRetrying);
  const [first, second] = enactments(api, 'bad-mtu');
  assert.equal(first?.status?.retryCount?.['1'], 5);
  assert.match(
    cond(first.status.conditions, 'Failing')?.message ?? '',
    /^error reconciling NodeNetworkConfigurationPolicy on node worker-0 at desired state apply: "",\n , \[[^\n]+\] Nmstate version: 2\.2\.38\n[\s\S]*\nNmstateError: [^\n]+\n: failed to execute nmstatectl apply --no-commit --timeout 480: exit status 1$/,
  );
  // The failed node keeps its slot, so the other waits as Pending, then aborts.
  api.clock.advanceUntil(
    () =>
      trueTypes(second?.status?.conditions).length > 0 && states(api, 'bad-mtu')[1] === 'Aborted',
    60_000,
  );
  assert.deepEqual(policy(api, 'bad-mtu').status?.unavailableNodeCountMap, { '1': 1 });
  assert.equal(
    policyState(api, 'bad-mtu'),
    'Degraded: 1/2 nodes failed to configure, 1 nodes aborted configuration',
  );
  handler.stop();
});

void test('a node waits as Pending before it is Aborted', () => {
  const { api, handler } = cluster(2);
  create(api, 'bad', {
    maxUnavailable: 1,
    desiredState: { interfaces: [{ name: 'eno4', type: 'ethernet', state: 'up', mtu: 20000 }] },
  });
  const history: string[] = [];
  api.clock.advanceUntil(() => {
    const s = states(api, 'bad')[1] ?? '';
    if (history.at(-1) !== s) history.push(s);
    return s === 'Aborted';
  }, 600_000);
  assert.deepEqual(
    history.filter((s) => s !== ''),
    ['Pending', 'Aborted'],
  );
  handler.stop();
});

void test('a failed generation fixed by the next one: no node aborts on a Failing left from before', () => {
  // The first generation works on worker-0 and fails on worker-1, which has no ens2f1.
  const { api, handler } = cluster(2, [], { 'worker-1': ['ens2f1'] });
  const vlan = (base: string) => ({
    interfaces: [
      { name: `${base}.70`, type: 'vlan', state: 'up', vlan: { 'base-iface': base, id: 70 } },
    ],
  });
  create(api, 'fixed', { maxUnavailable: 1, desiredState: vlan('ens2f1') });
  api.clock.advanceUntil(() => states(api, 'fixed').join(',') === 'Available,Failing', 600_000);
  const failed = policy(api, 'fixed');
  api.update(api.resourceType(...NNCP), {
    ...failed,
    spec: { ...failed.spec, desiredState: vlan('eno4') },
  });
  // Upstream marks the node Pending before counting failures, so its own Failing of
  // generation 1 does not count against generation 2.
  api.clock.advanceUntil(
    () => states(api, 'fixed').every((s) => s === 'Available' || s === 'Aborted'),
    600_000,
  );
  assert.deepEqual(states(api, 'fixed'), ['Available', 'Available']);
  assert.equal(policyState(api, 'fixed'), 'Available: 2/2 nodes successfully configured');
  handler.stop();
});

void test('probe failure: the rollback message form, with the state and the deadline error', () => {
  const { api, handler } = cluster(1);
  const nns = api.get(api.resourceType(...NNS), undefined, 'worker-0') as NodeNetworkState;
  const gw = nns.status?.currentState?.routes?.running?.find((r) => r.destination === '0.0.0.0/0');
  const hop = gw?.['next-hop-interface'] ?? '';
  create(api, 'cut-gw', {
    desiredState: { interfaces: [{ name: hop, state: 'down' }] },
  });
  api.clock.advanceUntil(
    () =>
      cond(enactments(api, 'cut-gw')[0]?.status?.conditions, 'Failing')?.reason ===
      'FailedToConfigure',
    600_000,
  );
  const message = cond(enactments(api, 'cut-gw')[0]?.status?.conditions, 'Failing')?.message ?? '';
  assert.match(
    message,
    /^error reconciling NodeNetworkConfigurationPolicy on node worker-0 at desired state apply: "",\n rolling back desired state configuration: failed runnig probes after network changes: failed runnig probe 'ping' with after network reconfiguration -> currentState: [\s\S]+: context deadline exceeded$/,
  );
  handler.stop();
});

void test('capture failure: every matching node fails at once at generate, no retries', () => {
  const { api, handler } = cluster(3);
  create(api, 'no-nic', {
    maxUnavailable: 1,
    capture: { nic: 'interfaces.name == "ens9"' },
    desiredState: {
      interfaces: [{ name: '{{ capture.nic.interfaces.0.name }}', type: 'ethernet', state: 'up' }],
    },
  });
  api.clock.advance(0);
  assert.deepEqual(states(api, 'no-nic'), ['Failing', 'Failing', 'Failing']);
  const e = enactments(api, 'no-nic')[0];
  const failing = cond(e?.status?.conditions, 'Failing');
  assert.equal(failing?.reason, 'FailedToConfigure');
  assert.equal(cond(e?.status?.conditions, 'Progressing')?.status, 'False');
  assert.equal(e?.status?.retryCount, undefined);
  assert.equal(e?.status?.policyGeneration, 1);
  assert.match(
    failing.message ?? '',
    /^failure generating desiredState and capturedStates: failed calling nmstatectl rollback: , \[[^\n]+\] Nmstate version: 2\.2\.38\nNmstateError: PolicyError: interface with 'name=ens9' not found\n\| interfaces\.name == "ens9"\n\| \.{11}\^\n: failed to execute nmstatectl policy --current \/tmp\/currentState\d+ --json --output-captured \/tmp\/capturedState\d+ \/tmp\/policy\d+: exit status 1$/,
  );
  assert.equal(policyState(api, 'no-nic'), 'Degraded: 3/3 nodes failed to configure');
  assert.deepEqual(policy(api, 'no-nic').status?.unavailableNodeCountMap ?? {}, {});
  handler.stop();
});

void test('strict parse: an unknown key fails at generate on every node', () => {
  const { api, handler } = cluster(2);
  create(api, 'typo', {
    desiredState: { interfacez: [] },
  });
  api.clock.advance(0);
  assert.deepEqual(states(api, 'typo'), ['Failing', 'Failing']);
  assert.match(
    cond(enactments(api, 'typo')[0]?.status?.conditions, 'Failing')?.message ?? '',
    /NmstateError: InvalidArgument: unknown field `interfacez`/,
  );
  handler.stop();
});

void test('strict parse covers interface types: an unknown VLAN key fails at generate, no retry', () => {
  // nmstate ifaces/vlan.rs `VlanConfig` is deny_unknown_fields; serde lists the accepted keys.
  const { api, handler } = cluster(2);
  create(api, 'vlan-typo', {
    desiredState: {
      interfaces: [{ name: 'eno4.7', type: 'vlan', vlan: { 'base-iface': 'eno4', 'vlan-id': 7 } }],
    },
  });
  api.clock.advance(0);
  assert.deepEqual(states(api, 'vlan-typo'), ['Failing', 'Failing']);
  assert.match(
    cond(enactments(api, 'vlan-typo')[0]?.status?.conditions, 'Failing')?.message ?? '',
    /NmstateError: InvalidArgument: unknown field `vlan-id`, expected one of `base-iface`, `id`, `protocol`, `registration-protocol`, `reorder-headers`, `loose-binding`\n/,
  );
  handler.stop();
});

void test('the enactment holds the state as nmstate prints it: text values read, state defaulted', () => {
  // nmstate deserializer.rs `option_u64_or_string`, ifaces/base.rs `default_state`: what
  // `nmstatectl policy` prints is what the handler applies and stores.
  const { api, handler } = cluster(1);
  create(api, 'mtu-text', {
    desiredState: {
      interfaces: [{ name: 'eno4', type: 'ethernet', mtu: '9000' as unknown as number }],
    },
  });
  api.clock.advanceUntil(() => states(api, 'mtu-text').join() === 'Available');
  const desired = enactments(api, 'mtu-text')[0]?.status?.desiredState?.interfaces?.[0];
  assert.equal(desired?.mtu, 9000);
  assert.equal(desired.state, 'up');
  const nns = api.get(api.resourceType(...NNS), undefined, 'worker-0') as NodeNetworkState;
  const eno4 = nns.status?.currentState?.interfaces?.find((i) => i.name === 'eno4');
  assert.equal(eno4?.mtu, 9000);
  assert.equal(eno4.state, 'up');
  handler.stop();
});

void test('NotReady node: keeps its enactment, progress counts Ready nodes, messages count all', () => {
  const { api, handler } = cluster(3, ['worker-2']);
  create(api, 'mtu', {
    maxUnavailable: 3,
    desiredState: { interfaces: [{ name: 'eno4', type: 'ethernet', state: 'up', mtu: 9000 }] },
  });
  api.clock.advance(0);
  assert.equal(
    policyState(api, 'mtu'),
    'Progressing: Policy is progressing 0/2 nodes finished, 1 nodes ignored due to NotReady state',
  );
  api.clock.advanceUntil(() =>
    trueTypes(policy(api, 'mtu').status?.conditions).includes('Available'),
  );
  assert.equal(
    policyState(api, 'mtu'),
    'Available: 2/3 nodes successfully configured, 1 nodes ignored due to NotReady state',
  );
  // Going NotReady does not delete a node's enactment.
  const nodeT = api.resourceType('', 'Node');
  const n1 = api.get(nodeT, undefined, 'worker-1');
  assert.ok(n1);
  api.update(
    nodeT,
    { ...n1, status: { conditions: [{ type: 'Ready', status: 'False' }] } },
    { subresource: 'status' },
  );
  api.clock.advance(10);
  assert.ok(enactments(api, 'mtu').some((e) => e.metadata.name === 'worker-1.mtu'));
  handler.stop();
});

void test('every matching node NotReady: Available "0/N ..., N nodes ignored"', () => {
  const { api, handler } = cluster(2, ['worker-0', 'worker-1']);
  create(api, 'mtu', {
    desiredState: { interfaces: [{ name: 'eno4', type: 'ethernet', state: 'up', mtu: 9000 }] },
  });
  api.clock.advance(0);
  assert.equal(
    policyState(api, 'mtu'),
    'Available: 0/2 nodes successfully configured, 2 nodes ignored due to NotReady state',
  );
  handler.stop();
});

void test('captures are frozen at their first resolution: later generations reuse capturedStates', () => {
  const { api, handler } = cluster(1);
  create(api, 'br', {
    capture: { nic: 'interfaces.name == "eno4"' },
    desiredState: {
      interfaces: [
        { name: '{{ capture.nic.interfaces.0.name }}', type: 'ethernet', state: 'up', mtu: 9000 },
      ],
    },
  });
  api.clock.advanceUntil(() => states(api, 'br')[0] === 'Available');
  const nnsT = api.resourceType(...NNS);
  // The captured NIC disappears from the node; a fresh capture would now fail.
  const nns = api.get(nnsT, undefined, 'worker-0') as NodeNetworkState;
  const renamed = {
    ...nns,
    status: {
      ...nns.status,
      currentState: {
        ...nns.status?.currentState,
        interfaces: nns.status?.currentState?.interfaces?.map((i) =>
          i.name === 'eno4' ? { ...i, name: 'eno9' } : i,
        ),
      },
    },
  };
  api.update(nnsT, renamed, { subresource: 'status' });
  const p = policy(api, 'br');
  api.update(api.resourceType(...NNCP), {
    ...p,
    spec: {
      ...p.spec,
      desiredState: {
        interfaces: [
          { name: '{{ capture.nic.interfaces.0.name }}', type: 'ethernet', state: 'up', mtu: 8000 },
        ],
      },
    },
  });
  api.clock.advanceUntil(() => {
    const e = enactments(api, 'br')[0];
    return (
      e?.status?.policyGeneration === 2 &&
      trueTypes(e.status.conditions).length === 1 &&
      !trueTypes(e.status.conditions).includes('Progressing')
    );
  }, 600_000);
  const e = enactments(api, 'br')[0];
  assert.equal(e?.status?.desiredState?.interfaces?.[0]?.name, 'eno4');
  assert.notEqual(cond(e.status.conditions, 'Failing')?.message?.includes('not found'), true);
  handler.stop();
});

void test('NNS is written only when the reported state changes; bridge ports show the default trunk', () => {
  const { api, handler } = cluster(1);
  create(api, 'br1', {
    desiredState: {
      interfaces: [
        { name: 'br1', type: 'linux-bridge', state: 'up', bridge: { port: [{ name: 'eno4' }] } },
      ],
    },
  });
  api.clock.advanceUntil(() => states(api, 'br1')[0] === 'Available');
  const nnsT = api.resourceType(...NNS);
  const nns = api.get(nnsT, undefined, 'worker-0') as NodeNetworkState;
  const br1 = nns.status?.currentState?.interfaces?.find((i) => i.name === 'br1');
  assert.deepEqual(br1?.bridge?.port?.[0]?.vlan, {
    'enable-native': false,
    mode: 'trunk',
    'trunk-tags': [{ 'id-range': { min: 2, max: 4094 } }],
  });
  const updated = nns.status?.lastSuccessfulUpdateTime;
  const version = nns.metadata.resourceVersion;
  api.clock.advance(5 * 60_000);
  const later = api.get(nnsT, undefined, 'worker-0') as NodeNetworkState;
  assert.equal(later.status?.lastSuccessfulUpdateTime, updated);
  assert.equal(later.metadata.resourceVersion, version);
  handler.stop();
});
