import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { extractEnactmentError, getEnactmentFailure } from './enactmentError';
import { FAILURE_MESSAGE_ETH666, makeEnactment } from '../__fixtures__/enactmentFixtures';

const NODE = 'worker-1.ocp.example.com';

const PROBE_MESSAGE =
  `error reconciling NodeNetworkConfigurationPolicy on node ${NODE} at desired state apply: "", ` +
  `rolling back desired state configuration: failed runnig probes after network changes: failed runnig probe 'ping' with after network reconfiguration -> currentState: ---\n` +
  'dns-resolver:\n  config: {}\ninterfaces:\n- name: br-ex\n  type: ovs-interface\n: timed out waiting for the condition';

const CAPTURE_MESSAGE =
  'failure generating desiredState and capturedStates: failed to generate state, err: failed to resolve capture expression: ' +
  "eqfilter error: invalid path 'routes.running.destinatio'";

const PYTHON_MESSAGE = [
  `error reconciling NodeNetworkConfigurationPolicy on node ${NODE} at desired state apply: "2021-03-01 10:00:00,001 root DEBUG Async action: Create checkpoint started`,
  '2021-03-01 10:00:03,400 root DEBUG Async action: Rollback to checkpoint finished',
  'libnmstate.error.NmstateVerificationError:',
  'desired',
  '=======',
  '---',
  'libnmstate.error.NmstateValueError: Interface bond0 has unknown slave eth9',
  '",',
].join('\n');

void describe('extractEnactmentError', () => {
  void it('pulls the NmstateError line out of the wrapped nmstatectl log', () => {
    const e = extractEnactmentError(FAILURE_MESSAGE_ETH666);
    assert.equal(e.kind, 'nmstate');
    assert.equal(e.headline, 'NmstateError: InvalidArgument: Interface eth666 does not exist');
    assert.equal(e.details.nmstateErrorKind, 'InvalidArgument');
    assert.equal(e.details.node, NODE);
    assert.equal(e.log.length, 7);
    assert.match(e.log[1] ?? '', /nispor/);
    assert.equal(e.decoded, false);
  });
  void it('handles escaped newlines (Go %q)', () => {
    const escaped = FAILURE_MESSAGE_ETH666.replace(/\n/g, '\\n').replace(/"/g, '\\"');
    const e = extractEnactmentError(escaped);
    assert.equal(e.headline, 'NmstateError: InvalidArgument: Interface eth666 does not exist');
    assert.ok(e.log.length >= 7);
  });
  void it('recognises a failed probe and its name', () => {
    const e = extractEnactmentError(PROBE_MESSAGE);
    assert.equal(e.kind, 'probe');
    assert.equal(e.details.probe, 'ping');
    assert.match(
      e.headline,
      /^rolling back desired state configuration: .*failed runnig probe 'ping'/,
    );
    assert.doesNotMatch(e.headline, /currentState/);
  });
  void it('recognises capture failures', () => {
    const e = extractEnactmentError(CAPTURE_MESSAGE);
    assert.equal(e.kind, 'capture');
    assert.match(e.headline, /^failure generating desiredState and capturedStates: .*invalid path/);
  });
  void it('recognises retries with attempt counts', () => {
    const e = extractEnactmentError(
      `failed to reconcile NodeNetworkConfigurationPolicy on node ${NODE}. Retrying 2/5`,
    );
    assert.equal(e.kind, 'retrying');
    assert.deepEqual(e.details, { node: NODE, attempt: 2, maxAttempts: 5 });
  });
  void it('recognises aborts', () => {
    const e = extractEnactmentError(`reconciliation of enactment "${NODE}.bond0" has aborted`);
    assert.equal(e.kind, 'aborted');
    assert.equal(e.details.enactment, `${NODE}.bond0`);
  });
  void it('takes the last error of older python nmstate', () => {
    const e = extractEnactmentError(PYTHON_MESSAGE);
    assert.equal(e.kind, 'nmstate');
    assert.equal(
      e.headline,
      'libnmstate.error.NmstateValueError: Interface bond0 has unknown slave eth9',
    );
    assert.equal(e.details.nmstateErrorKind, 'Value');
  });
  void it('falls back to the last ERROR log line, then to the wrapper text', () => {
    const e = extractEnactmentError(
      `error reconciling NodeNetworkConfigurationPolicy on node ${NODE} at desired state apply: "[2025-11-03T10:00:02Z INFO  nmstatectl] x\n[2025-11-03T10:00:02Z ERROR nmstatectl] Connection activation timed out\n",\n context deadline exceeded`,
    );
    assert.equal(e.headline, 'Connection activation timed out');
    assert.equal(e.kind, 'timeout');
    assert.equal(
      extractEnactmentError('something odd happened').headline,
      'something odd happened',
    );
    assert.equal(extractEnactmentError('').headline, '');
  });
  void it('decodes messageEncoded (gzip+base64) and appends the full log', () => {
    const encoded = gzipSync(FAILURE_MESSAGE_ETH666).toString('base64');
    const e = extractEnactmentError(
      `error reconciling NodeNetworkConfigurationPolicy on node ${NODE}`,
      encoded,
    );
    assert.equal(e.decoded, true);
    assert.equal(e.headline, 'NmstateError: InvalidArgument: Interface eth666 does not exist');
    assert.ok(e.log.length > 5);
  });
  void it('decodes a blob embedded in the message', () => {
    const blob = gzipSync(FAILURE_MESSAGE_ETH666).toString('base64');
    const e = extractEnactmentError(`apply failed, full log (gzip): ${blob}`);
    assert.equal(e.decoded, true);
    assert.equal(e.kind, 'nmstate');
  });
  void it('reports a corrupt blob without throwing', () => {
    const e = extractEnactmentError('x', 'H4sIAAAAAAAA/////////////////w==');
    assert.equal(e.decoded, false);
    assert.equal(e.decodeError, 'gzip');
    assert.equal(e.headline, 'x');
  });
});

// Our own messages in the forms each handler version writes (kubernetes-nmstate
// controllers/handler/nodenetworkconfigurationpolicy_controller.go and pkg/nmstatectl/nmstatectl.go
// of v0.82.0 and v0.84.0+, pkg/probe/probes.go, pkg/client/client.go).
const LOG =
  '[2026-05-04T10:00:00Z INFO  nmstatectl] Nmstate version: 2.2.38\n' +
  '[2026-05-04T10:00:00Z INFO  nmstate::query_apply::net_state] Created checkpoint /org/freedesktop/NetworkManager/Checkpoint/7\n' +
  '[2026-05-04T10:00:00Z INFO  nmstate::query_apply::net_state] Rollbacked to checkpoint /org/freedesktop/NetworkManager/Checkpoint/7';
const FORMS: { name: string; message: string; kind: string; headline: string | RegExp }[] = [
  {
    name: 'v0.82 nmstatectl set, stderr in quotes',
    message:
      `error reconciling NodeNetworkConfigurationPolicy on node ${NODE} at desired state apply: "",\n ` +
      `failed to execute nmstatectl set --no-commit --timeout 480: 'exit status 1' '' '${LOG}\nNmstateError: InvalidArgument: Interface eth7 does not exist\n'`,
    kind: 'nmstate',
    headline: 'NmstateError: InvalidArgument: Interface eth7 does not exist',
  },
  {
    name: 'v0.84+ nmstatectl apply, stdout and stderr before the exit error',
    message:
      `error reconciling NodeNetworkConfigurationPolicy on node ${NODE} at desired state apply: "",\n , ` +
      `${LOG}\nNmstateError: InvalidArgument: Interface eth7 does not exist\n: failed to execute nmstatectl apply --no-commit --timeout 480: exit status 1`,
    kind: 'nmstate',
    headline: 'NmstateError: InvalidArgument: Interface eth7 does not exist',
  },
  {
    name: 'v0.84+ probe failure with the deadline error',
    message:
      `error reconciling NodeNetworkConfigurationPolicy on node ${NODE} at desired state apply: "",\n ` +
      "rolling back desired state configuration: failed runnig probes after network changes: failed runnig probe 'ping' with after network reconfiguration -> currentState: interfaces:\n- name: br-ex\n  state: down\n: context deadline exceeded",
    kind: 'probe',
    headline:
      /^rolling back desired state configuration: failed runnig probes after network changes: failed runnig probe 'ping'/,
  },
  {
    name: 'v0.84+ generate failure from nmstatectl policy',
    message:
      'failure generating desiredState and capturedStates: failed calling nmstatectl rollback: , ' +
      '[2026-05-04T10:00:00Z INFO  nmstatectl] Nmstate version: 2.2.38\nNmstateError: PolicyError: interface with \'name=ens9\' not found\n| interfaces.name == "ens9"\n| ...........^\n' +
      ': failed to execute nmstatectl policy --current /tmp/currentState1 --json --output-captured /tmp/capturedState2 /tmp/policy3: exit status 1',
    kind: 'capture',
    headline: "NmstateError: PolicyError: interface with 'name=ens9' not found",
  },
];

void describe('extractEnactmentError on every handler message form', () => {
  for (const f of FORMS) {
    void it(f.name, () => {
      const e = extractEnactmentError(f.message);
      assert.equal(e.kind, f.kind);
      if (typeof f.headline === 'string') assert.equal(e.headline, f.headline);
      else assert.match(e.headline, f.headline);
      assert.equal(e.details.node ?? NODE, NODE);
    });
  }
});

void describe('getEnactmentFailure', () => {
  void it('reads the Failing condition, or Aborted, or nothing', () => {
    assert.equal(getEnactmentFailure(makeEnactment(NODE, 'p', 'failing'))?.kind, 'nmstate');
    assert.equal(getEnactmentFailure(makeEnactment(NODE, 'p', 'aborted'))?.kind, 'aborted');
    assert.equal(getEnactmentFailure(makeEnactment(NODE, 'p', 'retrying'))?.kind, 'retrying');
    assert.equal(getEnactmentFailure(makeEnactment(NODE, 'p', 'available')), null);
  });
});
