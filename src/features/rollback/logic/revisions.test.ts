import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildRevision,
  getRevisionName,
  needsRevision,
  parseRevision,
  parseRevisions,
  withRevisionAuthor,
  withRevisionOutcome,
} from './revisions';
import { bondPolicy } from '../../policies/__fixtures__/policyFixtures';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import type { PolicyRevision } from '../model/revision';

const NOW = '2025-11-03T10:00:00Z';
const atGen = (
  g: number,
  p: NodeNetworkConfigurationPolicy = bondPolicy,
): NodeNetworkConfigurationPolicy => ({
  ...p,
  metadata: { ...p.metadata, generation: g },
});

void describe('buildRevision / parseRevision', () => {
  void it('records spec, generation, time, author and outcome', () => {
    const cr = buildRevision(atGen(3), { now: NOW, author: 'alice', outcome: 'Available' });
    assert.equal(cr.metadata.name, 'bond0-workers-3');
    assert.equal(cr.metadata.namespace, 'openshift-nmstate');
    assert.deepEqual(cr.metadata.labels, { 'switchboard.openshift.io/policy': 'bond0-workers' });
    assert.equal(cr.metadata.annotations?.['switchboard.openshift.io/outcome'], 'Available');
    assert.equal(cr.revision, 3);
    assert.deepEqual(cr.data, {
      spec: bondPolicy.spec,
      generation: 3,
      recordedAt: NOW,
      author: 'alice',
      outcome: 'Available',
    });
    const parsed = parseRevision(JSON.parse(JSON.stringify(cr)));
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.revision, {
      name: 'bond0-workers-3',
      namespace: 'openshift-nmstate',
      policyName: 'bond0-workers',
      generation: 3,
      spec: bondPolicy.spec,
      recordedAt: NOW,
      author: 'alice',
      outcome: 'Available',
      resourceVersion: null,
      ownerUid: null,
      recorder: 'switchboard',
      createdAt: null,
      revisionNumber: 3,
      managers: null,
    });
  });
  void it('uses a configurable namespace and records outcomes later', () => {
    const cr = buildRevision(atGen(1), { now: NOW, namespace: 'switchboard' });
    assert.equal(cr.metadata.namespace, 'switchboard');
    const parsed = parseRevision(withRevisionOutcome(cr, 'Failing'));
    assert.ok(parsed.ok);
    assert.equal(parsed.revision.outcome, 'Failing');
    assert.equal(parsed.revision.author, null);
  });
  void it('records later outcomes and authors in annotations only: stored data is immutable', () => {
    const cr = buildRevision(atGen(2), { now: NOW, outcome: 'Progressing' });
    const later = withRevisionAuthor(withRevisionOutcome(cr, 'Failing'), 'bob');
    assert.deepEqual(later.data, cr.data);
    assert.equal(later.revision, cr.revision);
    assert.equal(cr.metadata.annotations?.['switchboard.openshift.io/author'], undefined);
    const parsed = parseRevision(later);
    assert.ok(parsed.ok);
    assert.equal(parsed.revision.outcome, 'Failing');
    assert.equal(parsed.revision.author, 'bob');
  });
  void it('shortens names that are too long or not DNS-safe, keeping them distinct', () => {
    const long = 'a'.repeat(252);
    const n1 = getRevisionName(long, 12);
    assert.ok(n1.length <= 253);
    assert.match(n1, /-[0-9a-f]{8}-12$/);
    const upper = getRevisionName('Bond_Workers', 1);
    assert.match(upper, /^bond-workers-[0-9a-f]{8}-1$/);
    assert.notEqual(getRevisionName('Bond_Workers', 1), getRevisionName('bond_workers', 1));
  });
  const bad: [string, unknown, string][] = [
    ['null', null, 'revision.notAnObject'],
    [
      'a ConfigMap',
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } },
      'revision.wrongKind',
    ],
    [
      'no label',
      { ...buildRevision(atGen(1), { now: NOW }), metadata: { name: 'x', namespace: 'n' } },
      'revision.missingPolicyLabel',
    ],
    [
      'no data',
      { ...buildRevision(atGen(1), { now: NOW }), data: undefined },
      'revision.missingData',
    ],
    [
      'truncated spec',
      {
        ...buildRevision(atGen(1), { now: NOW }),
        data: { generation: 1, recordedAt: NOW, spec: 'trunc' },
      },
      'revision.invalidSpec',
    ],
    [
      'bad generation',
      {
        ...buildRevision(atGen(1), { now: NOW }),
        revision: -1,
        data: { spec: {}, generation: 'x', recordedAt: NOW },
      },
      'revision.invalidGeneration',
    ],
    [
      'bad time',
      {
        ...buildRevision(atGen(1), { now: NOW }),
        data: { spec: {}, generation: 1, recordedAt: 'yesterday' },
      },
      'revision.invalidRecordedAt',
    ],
  ];
  for (const [label, obj, reason] of bad) {
    void it(`reports ${label} as unavailable (${reason})`, () => {
      const r = parseRevision(obj);
      assert.equal(r.ok, false);
      assert.equal(r.reason, reason);
    });
  }
  void it('parseRevisions separates good and bad, newest first', () => {
    const { revisions, unavailable } = parseRevisions([
      buildRevision(atGen(1), { now: NOW }),
      { kind: 'Nope' },
      buildRevision(atGen(2), { now: NOW }),
    ]);
    assert.deepEqual(
      revisions.map((r) => r.generation),
      [2, 1],
    );
    assert.equal(unavailable.length, 1);
  });
});

void describe('pruning and recording', () => {
  const revs = (policy: string, n: number): PolicyRevision[] =>
    Array.from({ length: n }, (_, i) => ({
      name: `${policy}-${i + 1}`,
      namespace: 'openshift-nmstate',
      policyName: policy,
      generation: i + 1,
      spec: {},
      recordedAt: NOW,
      author: null,
      outcome: null,
      resourceVersion: null,
      ownerUid: null,
      recorder: null,
      createdAt: null,
      revisionNumber: null,
      managers: null,
    }));
  void it('needs a revision on first sight of a generation', () => {
    assert.equal(needsRevision(atGen(3), revs('bond0-workers', 2)), true);
    assert.equal(needsRevision(atGen(2), revs('bond0-workers', 2)), false);
    assert.equal(needsRevision(atGen(1), revs('other', 2)), true);
    assert.equal(needsRevision({ ...bondPolicy, metadata: { name: 'x' } }, []), false);
  });
});
