// The stand-in's k8s and FLAGS reducers against console 4.22 behaviour (openshift/console
// release-4.22 frontend/packages/console-dynamic-plugin-sdk/src/app/k8s/reducers/k8s.ts,
// frontend/public/reducers/features.ts). The old imitation kept plain objects in insertion
// order, replaced objects on every event, re-listed without shrinking and had no flag owners, so
// each of these fails on it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Map as ImmutableMap } from 'immutable';
import type { K8sModel } from '@openshift-console/dynamic-plugin-sdk';
import { createK8sReducer, K8sActionType } from './k8sReducer';
import type { Imm, K8sObject } from './k8sReducer';
import { createFlagsReducer, FlagActionType } from './flagsReducer';

const ID = 'core~v1~ConfigMap---{"ns":"probe"}';
const reducer = createK8sReducer([]);

const cm = (name: string, rv: string, data: Record<string, string> = {}): K8sObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    name,
    namespace: 'probe',
    uid: `uid-${name}`,
    resourceVersion: rv,
    creationTimestamp: '2026-01-01T00:00:00Z',
  },
  data,
});

function run(actions: { type: string; payload?: Record<string, unknown> }[]): Imm {
  return actions.reduce<Imm>((s, a) => reducer(s, a), reducer(undefined, { type: '@@init' }));
}

const names = (state: Imm): string[] =>
  ((state.getIn([ID, 'data']) as Imm).toArray() as Imm[]).map(
    (o) => o.getIn(['metadata', 'name']) as string,
  );

function captureWarnings<T>(fn: () => T): { result: T; warnings: string[] } {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  try {
    return { result: fn(), warnings };
  } finally {
    console.warn = original;
  }
}

const start = { type: K8sActionType.StartWatchK8sList, payload: { id: ID } };

test('list data is an Immutable map of Immutable objects, in hash order beyond 8 entries', () => {
  const items = Array.from({ length: 20 }, (_, i) => cm(`cm-${String(i).padStart(2, '0')}`, '1'));
  const state = run([
    start,
    { type: K8sActionType.Loaded, payload: { id: ID, k8sObjects: items } },
  ]);
  const data: unknown = state.getIn([ID, 'data']);
  assert.ok(ImmutableMap.isMap(data));
  assert.ok(ImmutableMap.isMap((data as Imm).get('(probe)-cm-00')));
  const order = names(state);
  assert.deepEqual(
    [...order].sort(),
    items.map((i) => i.metadata?.name),
  );
  assert.notDeepEqual(order, [...order].sort(), 'API order is not kept');
  assert.equal(state.getIn([ID, 'loaded']), true);
  assert.equal(state.getIn([ID, 'loadError']), '');
});

test('an update that changes only the resourceVersion is dropped; a real change is kept', () => {
  const loaded = run([
    start,
    { type: K8sActionType.Loaded, payload: { id: ID, k8sObjects: [cm('a', '5')] } },
  ]);
  const before: unknown = loaded.getIn([ID, 'data', '(probe)-a']);
  const rvOnly = reducer(loaded, {
    type: K8sActionType.UpdateListFromWS,
    payload: { id: ID, k8sObjects: [{ type: 'MODIFIED', object: cm('a', '6') }] },
  });
  assert.equal(rvOnly, loaded, 'no new state at all');
  assert.equal(rvOnly.getIn([ID, 'data', '(probe)-a', 'metadata', 'resourceVersion']), '5');
  const changed = reducer(loaded, {
    type: K8sActionType.UpdateListFromWS,
    payload: { id: ID, k8sObjects: [{ type: 'MODIFIED', object: cm('a', '7', { k: 'v' }) }] },
  });
  assert.notEqual(changed.getIn([ID, 'data', '(probe)-a']), before);
  assert.equal(changed.getIn([ID, 'data', '(probe)-a', 'metadata', 'resourceVersion']), '7');
  const older = reducer(changed, {
    type: K8sActionType.UpdateListFromWS,
    payload: { id: ID, k8sObjects: [{ type: 'MODIFIED', object: cm('a', '6', { k: 'old' }) }] },
  });
  assert.equal(older, changed, 'an older version never replaces a newer one');
});

test('ERROR events (410 Gone included) are ignored with a warning', () => {
  const loaded = run([
    start,
    { type: K8sActionType.Loaded, payload: { id: ID, k8sObjects: [cm('a', '5')] } },
  ]);
  const { result, warnings } = captureWarnings(() =>
    reducer(loaded, {
      type: K8sActionType.UpdateListFromWS,
      payload: {
        id: ID,
        k8sObjects: [{ type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired' } }],
      },
    }),
  );
  assert.equal(result, loaded);
  assert.deepEqual(warnings, ['unknown websocket action: ERROR']);
});

test('a re-list removes every object not on page 1, one warning each, then refills', () => {
  const all = ['a', 'b', 'c', 'd', 'e'].map((n) => cm(n, '1'));
  const listed = run([
    start,
    { type: K8sActionType.Loaded, payload: { id: ID, k8sObjects: all.slice(0, 2) } },
    { type: K8sActionType.BulkAddToList, payload: { id: ID, k8sObjects: all.slice(2) } },
  ]);
  assert.equal(names(listed).length, 5);
  const keptIdentity: unknown = listed.getIn([ID, 'data', '(probe)-a']);
  const { result: firstPage, warnings } = captureWarnings(() =>
    reducer(listed, {
      type: K8sActionType.Loaded,
      payload: { id: ID, k8sObjects: all.slice(0, 2) },
    }),
  );
  assert.deepEqual([...names(firstPage)].sort(), ['a', 'b']);
  assert.deepEqual(warnings.sort(), [
    'probe-c is gone with no deletion timestamp!',
    'probe-d is gone with no deletion timestamp!',
    'probe-e is gone with no deletion timestamp!',
  ]);
  assert.equal(
    firstPage.getIn([ID, 'data', '(probe)-a']),
    keptIdentity,
    'page-1 objects keep identity',
  );
  const refilled = reducer(firstPage, {
    type: K8sActionType.BulkAddToList,
    payload: { id: ID, k8sObjects: all.slice(2) },
  });
  assert.equal(names(refilled).length, 5);
});

test('a failed (re-)list keeps the data and sets loadError only', () => {
  const loaded = run([
    start,
    { type: K8sActionType.Loaded, payload: { id: ID, k8sObjects: [cm('a', '5')] } },
  ]);
  const err = new Error('boom');
  const failed = reducer(loaded, {
    type: K8sActionType.Errored,
    payload: { id: ID, k8sObjects: err },
  });
  assert.equal(failed.getIn([ID, 'loadError']), err);
  assert.equal(failed.getIn([ID, 'loaded']), true);
  assert.deepEqual(names(failed), ['a']);
});

test('a single-object watch keeps whatever arrives, a deleted object included', () => {
  const OBJ = 'core~v1~ConfigMap---{"ns":"probe","name":"a"}';
  let state = reducer(undefined, { type: '@@init' });
  state = reducer(state, { type: K8sActionType.StartWatchK8sObject, payload: { id: OBJ } });
  assert.deepEqual(state.getIn([OBJ, 'data']), {}, 'plain {} until the object arrives');
  assert.equal(state.getIn([OBJ, 'loaded']), false);
  state = reducer(state, {
    type: K8sActionType.ModifyObject,
    payload: { id: OBJ, k8sObjects: cm('a', '5') },
  });
  assert.equal(state.getIn([OBJ, 'loaded']), true);
  const same = reducer(state, {
    type: K8sActionType.ModifyObject,
    payload: { id: OBJ, k8sObjects: cm('a', '9') },
  });
  assert.equal(same, state, 'resourceVersion-only change dropped');
  const deleted = {
    ...cm('a', '10'),
    metadata: { ...cm('a', '10').metadata, deletionTimestamp: 'x' },
  };
  state = reducer(state, {
    type: K8sActionType.ModifyObject,
    payload: { id: OBJ, k8sObjects: deleted },
  });
  assert.equal(state.getIn([OBJ, 'data', 'metadata', 'name']), 'a', 'DELETED keeps the object');
  const notFound = Object.assign(new Error('Not Found'), { code: 404 });
  state = reducer(state, {
    type: K8sActionType.Errored,
    payload: { id: OBJ, k8sObjects: notFound },
  });
  assert.equal(state.getIn([OBJ, 'loadError']), notFound);
  assert.equal(state.getIn([OBJ, 'data', 'metadata', 'name']), 'a');
});

test('a stopped watch is removed from the store at once', () => {
  const loaded = run([
    start,
    { type: K8sActionType.Loaded, payload: { id: ID, k8sObjects: [cm('a', '5')] } },
  ]);
  assert.equal(
    reducer(loaded, { type: K8sActionType.StopWatchK8s, payload: { id: ID } }).has(ID),
    false,
  );
});

const model = (group: string, version: string, kind: string): K8sModel => ({
  apiGroup: group || undefined,
  apiVersion: version,
  kind,
  plural: `${kind.toLowerCase()}s`,
  abbr: kind.slice(0, 2),
  label: kind,
  labelPlural: `${kind}s`,
});

test('discovered models are stored by reference, static ones by kind, and never removed', () => {
  const node = model('', 'v1', 'Node');
  const withStatic = createK8sReducer([{ ...node, labelKey: 'public~Node' }]);
  let state = withStatic(undefined, { type: '@@init' });
  state = withStatic(state, {
    type: K8sActionType.ReceivedResources,
    payload: {
      resources: {
        models: [
          { ...node, verbs: ['list'] },
          model('nmstate.io', 'v1', 'NodeNetworkConfigurationPolicy'),
        ],
      },
    },
  });
  assert.equal((state.getIn(['RESOURCES', 'models', 'Node']) as K8sModel).labelKey, 'public~Node');
  assert.deepEqual((state.getIn(['RESOURCES', 'models', 'Node']) as K8sModel).verbs, ['list']);
  assert.ok(state.getIn(['RESOURCES', 'models', 'nmstate.io~v1~NodeNetworkConfigurationPolicy']));
  assert.equal(state.getIn(['RESOURCES', 'loaded']), true);
  state = withStatic(state, {
    type: K8sActionType.ReceivedResources,
    payload: { resources: { models: [] } },
  });
  assert.ok(state.getIn(['RESOURCES', 'models', 'nmstate.io~v1~NodeNetworkConfigurationPolicy']));
});

test('flags: pending until known, one flag per model (console METAL3 first), only owners refresh', () => {
  const flags = createFlagsReducer();
  const bmh = model('metal3.io', 'v1alpha1', 'BareMetalHost');
  const nncp = model('nmstate.io', 'v1', 'NodeNetworkConfigurationPolicy');
  let state = flags(undefined, { type: '@@init' });
  assert.equal(state.get('SWITCHBOARD_METAL3'), undefined, 'pending before the plugin loads');
  // The plugin's extensions arrive before discovery has seen BareMetalHost.
  state = flags(state, {
    type: FlagActionType.UpdateModelFlags,
    payload: {
      added: [
        {
          flag: 'SWITCHBOARD_METAL3',
          model: { group: 'metal3.io', version: 'v1alpha1', kind: 'BareMetalHost' },
        },
        {
          flag: 'SWITCHBOARD_NMSTATE',
          model: { group: 'nmstate.io', version: 'v1', kind: 'NodeNetworkConfigurationPolicy' },
        },
      ],
      models: [],
    },
  });
  assert.equal(state.get('SWITCHBOARD_METAL3'), false);
  state = flags(state, {
    type: K8sActionType.ReceivedResources,
    payload: { resources: { models: [bmh, nncp] } },
  });
  assert.equal(state.get('METAL3'), true, "the console's own flag follows discovery");
  assert.equal(state.get('SWITCHBOARD_NMSTATE'), true, 'an owning flag follows discovery');
  assert.equal(state.get('SWITCHBOARD_METAL3'), false, 'a shadowed flag is never re-evaluated');
});
