import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  whyNotRewriteOnServerCopy,
  classifyWriteError,
  getOutcomeToRecord,
  getRolloutState,
  shouldRetryWaitingWrite,
} from './rollout';
import {
  makeEnactment,
  withPolicyConditions,
  type EnactmentFixtureState,
} from '../../policies/__fixtures__/enactmentFixtures';
import { bondPolicy } from '../../policies/__fixtures__/policyFixtures';
import type { PolicyRevision, RevisionOutcome } from '../model/revision';

const nnces = (...states: EnactmentFixtureState[]) =>
  states.map((s, i) => makeEnactment(`w${i}`, 'bond0-workers', s));
const available = withPolicyConditions(bondPolicy, 'available');

void describe('getRolloutState', () => {
  void it('counts enactments per phase and is not settled while any node works', () => {
    const r = getRolloutState(available, nnces('available', 'progressing', 'pending'));
    assert.equal(r.counts.Available, 1);
    assert.equal(r.counts.Progressing, 1);
    assert.equal(r.counts.Pending, 1);
    assert.equal(r.total, 3);
    assert.equal(r.settled, false);
    assert.equal(r.outcome, 'Progressing');
  });
  void it('settles Available, Failing or Aborted', () => {
    assert.equal(getRolloutState(available, nnces('available', 'available')).outcome, 'Available');
    const failing = getRolloutState(available, nnces('available', 'failing'));
    assert.deepEqual([failing.settled, failing.outcome], [true, 'Failing']);
    assert.equal(getRolloutState(available, nnces('available', 'aborted')).outcome, 'Aborted');
  });
  void it('older generations count as Stale, so a new write is not settled by old results', () => {
    const gen2 = { ...available, metadata: { ...available.metadata, generation: 2 } };
    const r = getRolloutState(gen2, nnces('available', 'available'));
    assert.equal(r.counts.Stale, 2);
    assert.equal(r.settled, false);
  });
  void it('a policy matching no node is settled with nothing to wait for', () => {
    const r = getRolloutState(withPolicyConditions(bondPolicy, 'ignored'), []);
    assert.deepEqual([r.settled, r.outcome], [true, 'Unknown']);
  });
});

void describe('classifyWriteError', () => {
  const msg =
    'NodeNetworkConfigurationPolicy.nmstate.io "p" is invalid: spec: Forbidden: policy p is still in progress';
  void it('422 and 403 "still in progress" mean wait for the rollout', () => {
    assert.equal(
      classifyWriteError({ kind: 'invalid', status: 422, message: msg }),
      'waitForSettle',
    );
    assert.equal(
      classifyWriteError({
        kind: 'forbidden',
        status: 403,
        message: 'admission webhook denied the request',
        causes: [{ message: 'policy p is still in progress' }],
      }),
      'waitForSettle',
    );
  });
  void it('other answers', () => {
    assert.equal(
      classifyWriteError({ kind: 'conflict', status: 409, message: 'modified' }),
      'conflict',
    );
    assert.equal(
      classifyWriteError({ kind: 'forbidden', status: 403, message: 'no' }),
      'forbidden',
    );
    assert.equal(classifyWriteError({ kind: 'invalid', status: 422, message: 'bad mtu' }), 'error');
    assert.equal(classifyWriteError({ kind: 'network', message: msg }), 'error');
  });
});

void describe('shouldRetryWaitingWrite', () => {
  void it('retries once admission would accept an update', () => {
    assert.equal(shouldRetryWaitingWrite(withPolicyConditions(bondPolicy, 'progressing')), false);
    assert.equal(shouldRetryWaitingWrite(withPolicyConditions(bondPolicy, 'initial')), false);
    assert.equal(shouldRetryWaitingWrite(withPolicyConditions(bondPolicy, 'available')), true);
    assert.equal(shouldRetryWaitingWrite(withPolicyConditions(bondPolicy, 'degraded')), true);
  });
});

void describe('getOutcomeToRecord', () => {
  const rev = (generation: number, outcome: RevisionOutcome | null): PolicyRevision => ({
    name: `bond0-workers-${generation}`,
    namespace: 'openshift-nmstate',
    policyName: 'bond0-workers',
    generation,
    spec: bondPolicy.spec,
    recordedAt: '2025-11-03T10:00:00Z',
    author: null,
    outcome,
    resourceVersion: '1',
    ownerUid: null,
    recorder: null,
    createdAt: null,
    revisionNumber: null,
    managers: null,
  });
  void it('records a settled outcome on the current generation once', () => {
    assert.deepEqual(getOutcomeToRecord(available, nnces('available', 'failing'), [rev(1, null)]), {
      revisionName: 'bond0-workers-1',
      outcome: 'Failing',
    });
    assert.equal(getOutcomeToRecord(available, nnces('available'), [rev(1, 'Available')]), null);
  });
  void it('waits while progressing and needs the revision', () => {
    assert.equal(getOutcomeToRecord(available, nnces('progressing'), [rev(1, null)]), null);
    assert.equal(getOutcomeToRecord(available, nnces('available'), [rev(2, null)]), null);
  });
});

void describe('whyNotRewriteOnServerCopy', () => {
  const reviewed = {
    ...available,
    metadata: { ...available.metadata, uid: 'u-1', resourceVersion: '10' },
  };
  void it('goes again when only status, resourceVersion or metadata moved on', () => {
    const degraded = withPolicyConditions(reviewed, 'degraded');
    const server = {
      ...degraded,
      metadata: { ...reviewed.metadata, resourceVersion: '12', labels: { team: 'net' } },
    };
    assert.equal(whyNotRewriteOnServerCopy(reviewed, server), null);
  });
  void it('stops when the spec changed, the policy was re-created or is being deleted', () => {
    const spec = structuredClone(reviewed.spec);
    spec.nodeSelector = { 'kubernetes.io/hostname': 'worker-9' };
    assert.equal(whyNotRewriteOnServerCopy(reviewed, { ...reviewed, spec }), 'specChanged');
    const recreated = { ...reviewed, metadata: { ...reviewed.metadata, uid: 'u-2' } };
    assert.equal(whyNotRewriteOnServerCopy(reviewed, recreated), 'recreated');
    const deleting = {
      ...reviewed,
      metadata: { ...reviewed.metadata, deletionTimestamp: '2026-12-07T08:00:00Z' },
    };
    assert.equal(whyNotRewriteOnServerCopy(reviewed, deleting), 'deleting');
  });
  void it('names re-created before being deleted before a changed spec', () => {
    const spec = structuredClone(reviewed.spec);
    spec.nodeSelector = { 'kubernetes.io/hostname': 'worker-9' };
    const recreated = { ...reviewed, spec, metadata: { ...reviewed.metadata, uid: 'u-2' } };
    assert.equal(whyNotRewriteOnServerCopy(reviewed, recreated), 'recreated');
    const deleting = {
      ...reviewed,
      spec,
      metadata: { ...reviewed.metadata, deletionTimestamp: '2026-12-07T08:00:00Z' },
    };
    assert.equal(whyNotRewriteOnServerCopy(reviewed, deleting), 'deleting');
  });
});
