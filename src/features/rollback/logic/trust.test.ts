import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import type { PolicyRevision } from '../model/revision';
import { buildRevision, parseRevision } from './revisions';
import { assessRevision, getRevisionsToPrune } from './trust';

const live: NodeNetworkConfigurationPolicy = {
  apiVersion: 'nmstate.io/v1',
  kind: 'NodeNetworkConfigurationPolicy',
  metadata: {
    name: 'p',
    uid: 'uid-live',
    generation: 3,
    creationTimestamp: '2025-11-01T00:00:00Z',
  },
  spec: { desiredState: { interfaces: [{ name: 'eth1', type: 'ethernet', mtu: 9000 }] } },
};

/** A revision as the plugin records it, read back as the server returns it. */
const recorded = (generation: number, over: Partial<PolicyRevision> = {}): PolicyRevision => {
  const cr = buildRevision(
    {
      ...live,
      metadata: { ...live.metadata, generation },
      spec: generation === 3 ? live.spec : { desiredState: { interfaces: [] } },
    },
    { now: '2025-11-02T00:00:00Z', namespace: 'openshift-nmstate' },
  );
  const parsed = parseRevision({
    ...cr,
    metadata: { ...cr.metadata, creationTimestamp: '2025-11-02T00:00:00Z' },
  });
  assert.ok(parsed.ok);
  return { ...parsed.revision, ...over };
};

describe('assessRevision', () => {
  it('trusts what the plugin recorded for this policy object', () => {
    assert.deepEqual(assessRevision(recorded(3), live).issues, []);
    assert.deepEqual(assessRevision(recorded(1), live).issues, []);
  });
  it('distrusts another UID, a generation above live, a forged marker or spec, an older object', () => {
    assert.deepEqual(assessRevision(recorded(2, { ownerUid: 'old' }), live).issues, [
      'trust.otherUid',
    ]);
    assert.deepEqual(assessRevision(recorded(2, { ownerUid: null }), live).issues, [
      'trust.noOwner',
    ]);
    assert.ok(assessRevision(recorded(999), live).issues.includes('trust.generationAboveLive'));
    assert.deepEqual(assessRevision(recorded(2, { recorder: null }), live).issues, [
      'trust.notPluginWritten',
    ]);
    assert.deepEqual(assessRevision(recorded(2, { name: 'p-7' }), live).issues, [
      'trust.notPluginWritten',
    ]);
    assert.deepEqual(
      assessRevision(recorded(2, { createdAt: '2025-10-01T00:00:00Z' }), live).issues,
      ['trust.recordedBeforePolicy'],
    );
    assert.deepEqual(assessRevision(recorded(3, { spec: { desiredState: {} } }), live).issues, [
      'trust.specMismatchAtLive',
    ]);
  });
  it('says how far the author can be trusted', () => {
    assert.equal(assessRevision(recorded(2), live).author, 'none');
    assert.equal(assessRevision(recorded(2, { author: 'alice' }), live).author, 'unverified');
    const fields = (manager: string) => [
      { manager, operation: 'Update', time: null, ownsAuthor: true },
    ];
    assert.equal(
      assessRevision(recorded(2, { author: 'alice', managers: fields('switchboard') }), live)
        .author,
      'serverConfirmed',
    );
    assert.equal(
      assessRevision(
        recorded(2, {
          author: 'mallory',
          managers: [...fields('switchboard'), ...fields('kubectl-edit')],
        }),
        live,
      ).author,
      'edited',
    );
    assert.equal(
      assessRevision(recorded(2, { author: 'a', authorMismatch: true }), live).author,
      'edited',
    );
  });
});

describe('getRevisionsToPrune', () => {
  it('planted high generations neither count nor push genuine revisions out', () => {
    const genuine = [recorded(1, { outcome: 'Available' }), recorded(2), recorded(3)];
    const planted = Array.from({ length: 20 }, (_, i) => recorded(100 + i));
    assert.deepEqual(getRevisionsToPrune([...genuine, ...planted], live, 20), []);
  });
  it('deletes only the oldest trusted beyond keep, never current or newest Available', () => {
    const many = { ...live, metadata: { ...live.metadata, generation: 6 } };
    const revs = [1, 2, 3, 4, 5, 6].map((g) =>
      recorded(g, {
        outcome: g === 1 ? 'Available' : 'Failing',
        spec: g === 6 ? many.spec : { desiredState: {} },
      }),
    );
    // Keep 2: generations 6 and 5 are the newest; 1 is the newest Available and stays.
    assert.deepEqual(getRevisionsToPrune(revs, many, 2), ['p-2', 'p-3', 'p-4']);
    assert.ok(!getRevisionsToPrune(revs, many, 0).includes('p-6'));
    assert.ok(!getRevisionsToPrune(revs, many, 0).includes('p-1'));
  });
});
