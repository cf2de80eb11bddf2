import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from './api';
import {
  fieldPaths,
  fromFieldsV1,
  managerFromUserAgent,
  recordUpdate,
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

  it('records the writer of an update on applied objects only', () => {
    const applied = serverSideApply({
      live: {},
      applied: { data: { a: '1' } },
      manager: 'kubectl',
      force: false,
      apiVersion: 'v1',
      now: NOW,
    });
    const old = { metadata: { name: 'x', managedFields: applied.managedFields }, data: { a: '1' } };
    const next = { metadata: { name: 'x' }, data: { a: '2', c: '3' } };
    const mf = recordUpdate(old, next, 'kubectl-edit', 'v1', NOW) ?? [];
    assert.deepEqual(
      mf.map((m) => [m.manager, m.operation, fromFieldsV1(m.fieldsV1)]),
      [
        [
          'kubectl-edit',
          'Update',
          [
            ['data', 'a'],
            ['data', 'c'],
          ],
        ],
      ],
    );
    assert.equal(
      recordUpdate({ metadata: { name: 'y' } }, next, 'kubectl-edit', 'v1', NOW),
      undefined,
    );
    assert.equal(
      managerFromUserAgent('kubectl/v1.35.2 (linux/amd64) kubernetes/fdc9d74'),
      'kubectl',
    );
  });
});
