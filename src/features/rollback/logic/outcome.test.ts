import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classifyOutcome, classifyPhaseCounts, pickDefaultRollbackRevision } from './outcome';
import { createEnactmentCounter, digestEnactment } from '../../policies/logic/enactmentCounter';
import { buildRollbackUpdate } from './rollbackUpdate';
import {
  makeEnactment,
  withPolicyConditions,
  type EnactmentFixtureState,
} from '../../policies/__fixtures__/enactmentFixtures';
import { bondPolicy, capturePolicy } from '../../policies/__fixtures__/policyFixtures';
import type { PolicyRevision, RevisionOutcome } from '../model/revision';
import type { NodeNetworkConfigurationPolicySpec } from '../../../shared/model/nmstate';

const p = withPolicyConditions(bondPolicy, 'available');
const nnces = (...states: EnactmentFixtureState[]) =>
  states.map((s, i) => makeEnactment(`w${i}.example.com`, 'b', s));

void describe('classifyOutcome', () => {
  const table: [EnactmentFixtureState[], RevisionOutcome][] = [
    [['available', 'available'], 'Available'],
    [['available', 'failing'], 'Failing'],
    [['failing', 'aborted'], 'Failing'],
    [['available', 'aborted'], 'Aborted'],
    [['available', 'progressing'], 'Progressing'],
    [['available', 'retrying'], 'Progressing'],
    [['pending', 'failing'], 'Progressing'],
  ];
  for (const [states, outcome] of table) {
    void it(`${states.join('+')} → ${outcome}`, () => {
      assert.equal(classifyOutcome(p, nnces(...states)), outcome);
    });
  }
  void it('older generations do not count', () => {
    const gen2 = { ...p, metadata: { ...p.metadata, generation: 2 } };
    assert.equal(classifyOutcome(gen2, nnces('available')), 'Progressing');
  });
  void it('gives the same outcome from the digest counter’s counts as from the enactments', () => {
    const cases: [typeof p, EnactmentFixtureState[], number | undefined][] = [
      ...table.map(([states]): [typeof p, EnactmentFixtureState[], undefined] => [
        p,
        states,
        undefined,
      ]),
      [{ ...p, metadata: { ...p.metadata, generation: 2 } }, ['available', 'failing'], 1],
      [withPolicyConditions(bondPolicy, 'degraded'), [], undefined],
      [withPolicyConditions(bondPolicy, 'initial'), [], undefined],
    ];
    for (const [policy, states, generation] of cases) {
      const name = policy.metadata.name;
      const enactments = states.map((s, i) =>
        makeEnactment(`w${i}.example.com`, name, s, generation ? { generation } : {}),
      );
      const counter = createEnactmentCounter();
      counter.apply({ reset: true, upserts: enactments.map(digestEnactment), deletes: [] });
      const counts = counter.count([policy], []).get(name);
      assert.ok(counts);
      assert.equal(
        classifyPhaseCounts(policy, counts),
        classifyOutcome(policy, enactments),
        `${states.join('+')} at generation ${String(policy.metadata.generation)}`,
      );
    }
  });
  void it('falls back to the policy conditions', () => {
    assert.equal(classifyOutcome(withPolicyConditions(bondPolicy, 'degraded'), []), 'Failing');
    assert.equal(classifyOutcome(withPolicyConditions(bondPolicy, 'ignored'), []), 'Unknown');
    assert.equal(classifyOutcome(withPolicyConditions(bondPolicy, 'initial'), []), 'Progressing');
  });
});

const rev = (
  generation: number,
  outcome: RevisionOutcome | null,
  spec: NodeNetworkConfigurationPolicySpec,
): PolicyRevision => ({
  name: `bond0-workers-${generation}`,
  namespace: 'openshift-nmstate',
  policyName: 'bond0-workers',
  generation,
  spec,
  recordedAt: `2025-11-0${generation}T00:00:00Z`,
  author: null,
  outcome,
  resourceVersion: null,
  ownerUid: null,
  recorder: null,
  createdAt: null,
  revisionNumber: null,
  managers: null,
});
const spec = (mtu: number): NodeNetworkConfigurationPolicySpec => ({
  desiredState: { interfaces: [{ name: 'bond0', type: 'bond', mtu }] },
});

void describe('pickDefaultRollbackRevision', () => {
  void it('picks the latest Available revision that differs from the current spec', () => {
    const revisions = [
      rev(1, 'Available', spec(1500)),
      rev(2, 'Available', spec(9000)),
      rev(3, 'Failing', spec(9100)),
    ];
    assert.equal(pickDefaultRollbackRevision(revisions)?.generation, 2);
    assert.equal(pickDefaultRollbackRevision(revisions, spec(9000))?.generation, 1);
    assert.equal(pickDefaultRollbackRevision([rev(1, 'Failing', spec(1))]), null);
  });
});

void describe('buildRollbackUpdate', () => {
  const current = withPolicyConditions(
    { ...bondPolicy, metadata: { ...bondPolicy.metadata, generation: 3, resourceVersion: '42' } },
    'degraded',
  );
  void it('keeps current metadata and takes the revision spec', () => {
    const r = buildRollbackUpdate(current, rev(1, 'Available', spec(1500)));
    assert.ok(r.ok);
    assert.equal(r.policy.metadata.resourceVersion, '42');
    assert.deepEqual(r.policy.spec, spec(1500));
    assert.equal(r.policy.status, undefined);
  });
  void it('refuses capture changes, no-ops, other policies and progressing policies', () => {
    assert.deepEqual(
      buildRollbackUpdate(current, rev(1, 'Available', { ...spec(1), capture: { a: 'x' } })),
      { ok: false, reason: 'rollback.captureChanged' },
    );
    assert.deepEqual(buildRollbackUpdate(current, rev(1, 'Available', current.spec)), {
      ok: false,
      reason: 'rollback.noChange',
    });
    assert.deepEqual(
      buildRollbackUpdate(current, { ...rev(1, 'Available', spec(1)), policyName: 'x' }),
      { ok: false, reason: 'rollback.otherPolicy' },
    );
    const progressing = withPolicyConditions(current, 'progressing');
    assert.deepEqual(buildRollbackUpdate(progressing, rev(1, 'Available', spec(1))), {
      ok: false,
      reason: 'rollback.policyProgressing',
    });
    const cap = withPolicyConditions(capturePolicy, 'available');
    assert.equal(
      buildRollbackUpdate(cap, {
        ...rev(1, 'Available', { ...cap.spec, maxUnavailable: 1 }),
        policyName: cap.metadata.name,
      }).ok,
      true,
    );
  });
});
