import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from './api';
import {
  fieldPaths,
  fromFieldsV1,
  managerFromUserAgent,
  recordWrite,
  withoutMutations,
  serverSideApply,
  toFieldsV1,
} from './managedFields';

const NOW = '2026-03-02T09:00:00Z';

describe('managed fields', () => {
  it('writes FieldsV1 as the apiserver does and reads it back', () => {
    const paths = fieldPaths(
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'x', labels: { a: 'b' } },
        data: { k: 'v' },
        status: { s: 1 },
      },
      { status: false },
    );
    assert.deepEqual(paths, [
      ['metadata', 'labels', 'a'],
      ['data', 'k'],
    ]);
    const v1 = toFieldsV1([...paths, ['data']]);
    assert.deepEqual(v1, {
      'f:metadata': { 'f:labels': { 'f:a': {} } },
      'f:data': { '.': {}, 'f:k': {} },
    });
    assert.deepEqual(
      fromFieldsV1(v1).sort(),
      [['data'], ['data', 'k'], ['metadata', 'labels', 'a']].sort(),
    );
  });

  it('lists every conflict by manager and takes fields over with force', () => {
    const live = {
      metadata: {
        name: 'x',
        managedFields: [
          {
            manager: 'b-editor',
            operation: 'Update',
            apiVersion: 'v1',
            time: NOW,
            fieldsType: 'FieldsV1',
            fieldsV1: { 'f:data': { 'f:one': {}, 'f:two': {} } },
          },
        ],
      },
      data: { one: '1', two: '2' },
    };
    const applied = { metadata: { name: 'x' }, data: { one: 'x', two: 'y' } };
    const input = { live, applied, manager: 'ci', force: false, apiVersion: 'v1', now: NOW };
    assert.throws(
      () => serverSideApply(input),
      (e: unknown) =>
        e instanceof ApiError &&
        e.code === 409 &&
        e.message ===
          `Apply failed with 2 conflicts: conflicts with "b-editor" using v1 at ${NOW}:\n- .data.one\n- .data.two` &&
        e.causes.every((c) => c.reason === 'FieldManagerConflict'),
    );
    const forced = serverSideApply({ ...input, force: true });
    assert.deepEqual(forced.obj['data'], { one: 'x', two: 'y' });
    assert.deepEqual(
      forced.managedFields.map((m) => m.manager),
      ['ci'],
    );
  });

  it('keeps a field another manager co-owns with the same value when the applier drops it', () => {
    const first = serverSideApply({
      live: { metadata: { name: 'x' } },
      applied: { data: { a: '1', b: '2' } },
      manager: 'm',
      force: false,
      apiVersion: 'v1',
      now: NOW,
    });
    const obj = { ...first.obj, metadata: { name: 'x', managedFields: first.managedFields } };
    const shared = serverSideApply({
      live: obj,
      applied: { data: { a: '1' } },
      manager: 'other',
      force: false,
      apiVersion: 'v1',
      now: NOW,
    });
    const liveShared = {
      ...shared.obj,
      metadata: { name: 'x', managedFields: shared.managedFields },
    };
    const dropped = serverSideApply({
      live: liveShared,
      applied: { data: { b: '2' } },
      manager: 'm',
      force: false,
      apiVersion: 'v1',
      now: NOW,
    });
    assert.deepEqual(dropped.obj['data'], { a: '1', b: '2' }, '"other" still owns a');
  });

  it('records the creator of an object as an Update entry of every field it set', () => {
    const mf = recordWrite({
      live: undefined,
      next: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'x', namespace: 'default', uid: 'u', labels: { a: 'b' } },
        data: { k: 'v' },
      },
      manager: 'kubectl-create',
      apiVersion: 'v1',
      now: NOW,
    });
    // What `kubectl create configmap` gets from kube-apiserver: the maps it added are its own.
    assert.deepEqual(mf, [
      {
        manager: 'kubectl-create',
        operation: 'Update',
        apiVersion: 'v1',
        time: NOW,
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': { 'f:labels': { '.': {}, 'f:a': {} } },
          'f:data': { '.': {}, 'f:k': {} },
        },
      },
    ]);
    const nameless = recordWrite({
      live: undefined,
      next: { metadata: { name: 'y' }, data: { k: 'v' } },
      manager: '',
      apiVersion: 'v1',
      now: NOW,
    });
    assert.equal(nameless[0]?.manager, 'unknown', 'buildmanagerinfo.go names an empty manager');
  });

  it('moves changed fields to the writer, drops removed ones, and keeps time when nothing changed', () => {
    const created = {
      metadata: { name: 'x' },
      data: { a: '1', b: '2', c: '3' },
    };
    const first = recordWrite({
      live: undefined,
      next: created,
      manager: 'switchboard',
      apiVersion: 'v1',
      now: NOW,
    });
    const live = { ...created, metadata: { name: 'x', managedFields: first } };
    const later = '2026-03-02T10:00:00Z';
    const edited = recordWrite({
      live,
      next: { metadata: { name: 'x' }, data: { a: 'changed', b: '2', d: 'new' } },
      manager: 'Mozilla',
      apiVersion: 'v1',
      now: later,
    });
    assert.deepEqual(
      edited.map((e) => [
        e.manager,
        e.time,
        fromFieldsV1(e.fieldsV1)
          .map((p) => p.join('.'))
          .sort(),
      ]),
      [
        ['switchboard', NOW, ['data', 'data.b']],
        ['Mozilla', later, ['data.a', 'data.d']],
      ],
    );
    const unchanged = recordWrite({
      live: {
        ...live,
        data: { a: 'changed', b: '2', d: 'new' },
        metadata: { name: 'x', managedFields: edited },
      },
      next: { metadata: { name: 'x' }, data: { a: 'changed', b: '2', d: 'new' } },
      manager: 'switchboard',
      apiVersion: 'v1',
      now: '2026-03-02T11:00:00Z',
    });
    assert.deepEqual(unchanged, edited, 'a write that changes nothing leaves entries and times');
  });

  it('merges entries per manager, operation, apiVersion (updates only) and subresource', () => {
    const base = recordWrite({
      live: undefined,
      next: { metadata: { name: 'x' }, spec: { a: 1 } },
      manager: 'm',
      apiVersion: 'nmstate.io/v1',
      now: NOW,
    });
    const v1 = { metadata: { name: 'x', managedFields: base }, spec: { a: 1 } };
    const again = recordWrite({
      live: v1,
      next: { metadata: { name: 'x' }, spec: { a: 1, b: 2 } },
      manager: 'm',
      apiVersion: 'nmstate.io/v1',
      now: '2026-03-02T09:05:00Z',
    });
    assert.equal(again.length, 1, 'one entry for one manager at one version');
    assert.deepEqual(
      fromFieldsV1(again[0]?.fieldsV1)
        .map((p) => p.join('.'))
        .sort(),
      ['spec', 'spec.a', 'spec.b'],
    );
    assert.equal(again[0]?.time, '2026-03-02T09:05:00Z');
    const otherVersion = recordWrite({
      live: { ...v1, spec: { a: 1, b: 2 }, metadata: { name: 'x', managedFields: again } },
      next: { metadata: { name: 'x' }, spec: { a: 1, b: 3 } },
      manager: 'm',
      apiVersion: 'nmstate.io/v1beta1',
      now: '2026-03-02T09:06:00Z',
    });
    assert.deepEqual(
      otherVersion.map((e) => [e.manager, e.apiVersion]),
      [
        ['m', 'nmstate.io/v1'],
        ['m', 'nmstate.io/v1beta1'],
      ],
    );
    const status = recordWrite({
      live: { metadata: { name: 'x', managedFields: base }, spec: { a: 1 } },
      next: { metadata: { name: 'x' }, spec: { a: 1 }, status: { phase: 'Ready' } },
      manager: 'm',
      apiVersion: 'nmstate.io/v1',
      now: '2026-03-02T09:07:00Z',
      subresource: 'status',
    });
    assert.deepEqual(
      status.map((e) => [
        e.manager,
        e.subresource ?? '',
        fromFieldsV1(e.fieldsV1).map((p) => p.join('.')),
      ]),
      [
        ['m', '', ['spec', 'spec.a']],
        ['m', 'status', ['status', 'status.phase']],
      ],
    );
  });

  it("takes the request's managedFields when decodable, resets on [] or [{}], stays untracked", () => {
    const live = {
      metadata: {
        name: 'x',
        managedFields: recordWrite({
          live: undefined,
          next: { metadata: { name: 'x' }, data: { a: '1' } },
          manager: 'a',
          apiVersion: 'v1',
          now: NOW,
        }),
      },
      data: { a: '1' },
    };
    const claimed = [
      {
        manager: 'claimed',
        operation: 'Update',
        apiVersion: 'v1',
        time: NOW,
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:data': { 'f:a': {} } },
      },
    ];
    const replaced = recordWrite({
      live,
      next: { metadata: { name: 'x', managedFields: claimed }, data: { a: '1', b: '2' } },
      manager: 'writer',
      apiVersion: 'v1',
      now: NOW,
    });
    assert.deepEqual(replaced.map((e) => e.manager).sort(), ['claimed', 'writer']);
    const garbage = recordWrite({
      live,
      next: {
        metadata: {
          name: 'x',
          managedFields: [
            { manager: 'x', operation: 'Delete', apiVersion: 'v1', fieldsType: 'FieldsV1' },
          ],
        },
        data: { a: '1', b: '2' },
      },
      manager: 'writer',
      apiVersion: 'v1',
      now: NOW,
    });
    assert.deepEqual(
      garbage.map((e) => e.manager).sort(),
      ['a', 'writer'],
      'undecodable: the live ones',
    );
    for (const reset of [[], [{}]])
      assert.deepEqual(
        recordWrite({
          live,
          next: { metadata: { name: 'x', managedFields: reset }, data: { a: '2' } },
          manager: 'writer',
          apiVersion: 'v1',
          now: NOW,
        }),
        [],
        'an update that resets field ownership leaves the object untracked',
      );
    assert.deepEqual(
      recordWrite({
        live: { metadata: { name: 'x' }, data: { a: '1' } },
        next: { metadata: { name: 'x' }, data: { a: '2' } },
        manager: 'writer',
        apiVersion: 'v1',
        now: NOW,
      }),
      [],
      'skipnonapplied.go: an untracked object stays untracked on update',
    );
    const createdReset = recordWrite({
      live: undefined,
      next: { metadata: { name: 'x', managedFields: [{}] }, data: { a: '1' } },
      manager: 'writer',
      apiVersion: 'v1',
      now: NOW,
    });
    assert.deepEqual(
      createdReset.map((e) => e.manager),
      ['writer'],
      'a create is always tracked',
    );
  });

  it('merges the oldest update entries beyond ten into ancient-changes, Apply entries first', () => {
    let obj: Record<string, unknown> = {
      metadata: {
        name: 'x',
        managedFields: serverSideApply({
          live: {},
          applied: { data: { applied: 'y' } },
          manager: 'ssa',
          force: false,
          apiVersion: 'v1',
          now: NOW,
        }).managedFields,
      },
      data: { applied: 'y' },
    };
    for (let i = 0; i < 12; i++) {
      const data = { ...(obj['data'] as Record<string, string>), [`k${i}`]: String(i) };
      const managedFields = recordWrite({
        live: obj,
        next: { metadata: { name: 'x' }, data },
        manager: `writer-${String(i).padStart(2, '0')}`,
        apiVersion: 'v1',
        now: `2026-03-02T09:${String(i).padStart(2, '0')}:00Z`,
      });
      obj = { metadata: { name: 'x', managedFields }, data };
    }
    const mf = (
      obj['metadata'] as {
        managedFields: { manager: string; operation: string; time?: string; fieldsV1: unknown }[];
      }
    ).managedFields;
    assert.equal(mf[0]?.operation, 'Apply');
    const updates = mf.filter((e) => e.operation === 'Update');
    assert.equal(updates.length, 10);
    const ancient = updates.find((e) => e.manager === 'ancient-changes');
    assert.deepEqual(
      fromFieldsV1(ancient?.fieldsV1)
        .map((p) => p.join('.'))
        .sort(),
      ['data.k0', 'data.k1', 'data.k2'],
    );
    assert.equal(
      ancient?.time,
      '2026-03-02T09:02:00Z',
      'the bucket has the time of the newest merged',
    );
    assert.deepEqual(
      updates.map((e) => e.manager),
      [
        'ancient-changes',
        ...Array.from({ length: 9 }, (_, i) => `writer-${String(i + 3).padStart(2, '0')}`),
      ],
    );
  });

  it('leaves what a mutating webhook set to nobody', () => {
    const requested = { metadata: { name: 'p', annotations: { mine: '1' } }, spec: { a: 1 } };
    const mutated = {
      metadata: { name: 'p', annotations: { mine: '1', hook: 't2' } },
      spec: { a: 1 },
    };
    const stored = { ...mutated, spec: { a: 1, defaulted: true } };
    const seen = withoutMutations(stored, requested, mutated);
    assert.deepEqual(seen, {
      metadata: { name: 'p', annotations: { mine: '1' } },
      spec: { a: 1, defaulted: true },
    });
  });

  it('names the manager from the User-Agent as the apiserver does', () => {
    assert.equal(
      managerFromUserAgent('kubectl/v1.35.2 (linux/amd64) kubernetes/fdc9d74'),
      'kubectl',
    );
    assert.equal(
      managerFromUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)',
      ),
      'Mozilla',
    );
    assert.equal(managerFromUserAgent('bad\u0000\u0007name\u200b/1'), 'badname');
    assert.equal(managerFromUserAgent(undefined), '');
    const long = managerFromUserAgent(`${'a'.repeat(127)}é/1`);
    assert.equal(long, 'a'.repeat(127), 'cut at 128 bytes without splitting a character');
  });
});
