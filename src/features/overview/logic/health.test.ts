import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { K8sResource } from '../../../shared/model/k8s';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import {
  countSandboxFailuresByNamespace,
  digestFailingEnactment,
  digestSandboxFailure,
  groupFailuresByNode,
  listNadProblems,
  summarizePolicyHealth,
} from './health';

const policy = (name: string, type: string | null, generation = 1) =>
  ({
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name, generation },
    spec: { desiredState: {} },
    status: {
      conditions: type
        ? [{ type, status: 'True', reason: type === 'Degraded' ? 'FailedToConfigure' : 'X' }]
        : [],
    },
  }) as unknown as NodeNetworkConfigurationPolicy;

// kubernetes-nmstate api/shared/nodenetworkconfigurationenactment_types.go: enactments are
// named <node>.<policy> and labelled with both; conditions Failing/Aborted/Progressing/Available.
const enactment = (
  node: string,
  pol: string,
  conditions: { type: string; status: string; reason?: string }[],
  policyGeneration = 1,
) =>
  ({
    apiVersion: 'nmstate.io/v1beta1',
    kind: 'NodeNetworkConfigurationEnactment',
    metadata: {
      name: `${node}.${pol}`,
      labels: { 'nmstate.io/node': node, 'nmstate.io/policy': pol },
    },
    status: { policyGeneration, conditions },
  }) as unknown as K8sResource;

const failing = [{ type: 'Failing', status: 'True', reason: 'FailedToConfigure' }];
const aborted = [{ type: 'Aborted', status: 'True', reason: 'ConfigurationAborted' }];
// Since kubernetes-nmstate v0.85 a retry sets Failing and Progressing with reason Retrying:
// still in progress, not a failure yet.
const retrying = [
  { type: 'Failing', status: 'True', reason: 'Retrying' },
  { type: 'Progressing', status: 'True', reason: 'Retrying' },
];
const available = [{ type: 'Available', status: 'True', reason: 'SuccessfullyConfigured' }];

test('policies are Degraded or Progressing by the condition the list shows', () => {
  const h = summarizePolicyHealth([
    policy('b', 'Degraded'),
    policy('a', 'Degraded'),
    policy('c', 'Progressing'),
    policy('d', 'Available'),
    policy('e', null),
  ]);
  assert.deepEqual(h, { degraded: ['a', 'b'], progressing: ['c'] });
});

test('only failing and aborted enactments are kept', () => {
  assert.equal(digestFailingEnactment(enactment('w1', 'p', failing))?.phase, 'Failing');
  assert.equal(digestFailingEnactment(enactment('w1', 'p', aborted))?.phase, 'Aborted');
  assert.equal(digestFailingEnactment(enactment('w1', 'p', retrying)), null);
  assert.equal(digestFailingEnactment(enactment('w1', 'p', available)), null);
  assert.equal(digestFailingEnactment({ metadata: {} }), null);
});

test('failures group by node, skipping deleted policies and older generations', () => {
  const digests = [
    enactment('w1', 'p1', failing),
    enactment('w1', 'p2', aborted),
    enactment('w2', 'p1', failing),
    enactment('w3', 'gone', failing),
    enactment('w4', 'p2', failing, 1),
  ]
    .map(digestFailingEnactment)
    .filter((d) => d !== null);
  const groups = groupFailuresByNode(digests, [
    policy('p1', 'Degraded'),
    policy('p2', 'Degraded', 2),
  ]);
  // w1's p2 enactment is of generation 1 while p2 is at 2: stale, as is w4's.
  assert.deepEqual(groups, [
    { node: 'w1', policies: ['p1'] },
    { node: 'w2', policies: ['p1'] },
  ]);
});

test('nodes with more failing policies come first', () => {
  const digests = [
    enactment('a', 'p1', failing),
    enactment('z', 'p1', failing),
    enactment('z', 'p2', failing),
  ]
    .map(digestFailingEnactment)
    .filter((d) => d !== null);
  const groups = groupFailuresByNode(digests, [policy('p1', null), policy('p2', null)]);
  assert.deepEqual(
    groups.map((g) => g.node),
    ['z', 'a'],
  );
});

test('NAD problems: most errors first; definitions without errors left out', () => {
  const out = listNadProblems([
    { namespace: 'a', name: 'ok', errors: 0 },
    { namespace: 'a', name: 'one', errors: 1 },
    { namespace: 'b', name: 'bad', errors: 2 },
  ]);
  assert.deepEqual(
    out.map((p) => p.name),
    ['bad', 'one'],
  );
});

// multus-cni pkg/server/server.go prefixes its error with "networking: " inside the kubelet's
// FailedCreatePodSandBox message (kubernetes pkg/kubelet/events/event.go).
const sandboxEvent = (
  ns: string,
  pod: string,
  message: string,
  reason = 'FailedCreatePodSandBox',
) =>
  ({
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${pod}.1`, namespace: ns },
    involvedObject: { kind: 'Pod', namespace: ns, name: pod },
    reason,
    message,
  }) as unknown as K8sResource;

test('sandbox failures with a Multus error count once per pod and namespace', () => {
  const multus =
    'Failed to create pod sandbox: rpc error: ... error adding pod to CNI network "multus-cni-network": plugin type="multus-shim" name="multus-cni-network" failed (add): CmdAdd (shim): CNI request failed with status 400: \'... networking: Multus: [ns/pod/uid]: error loading k8s delegates\'';
  const digests = [
    sandboxEvent('ns1', 'p1', multus),
    sandboxEvent('ns1', 'p1', multus),
    sandboxEvent('ns1', 'p2', multus),
    sandboxEvent('ns2', 'p3', multus),
    sandboxEvent('ns2', 'p4', 'Failed to create pod sandbox: image pull failed'),
    sandboxEvent('ns2', 'p5', multus, 'BackOff'),
  ]
    .map(digestSandboxFailure)
    .filter((d) => d !== null);
  assert.deepEqual(countSandboxFailuresByNamespace(digests), [
    { namespace: 'ns1', pods: 2 },
    { namespace: 'ns2', pods: 1 },
  ]);
});
