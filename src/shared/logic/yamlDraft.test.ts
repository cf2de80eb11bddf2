import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { threeWayMerge } from './merge';
import { nmstateListIdentity } from './nmstateMergeIdentity';
import {
  changedIdentity,
  changedOnlyWhereUnwritable,
  editableObject,
  isOlderVersion,
  rebaseDraft,
  toWrite,
  type KindMerge,
} from './yamlDraft';
import { updateYamlText } from '../../features/policies/logic/yamlRoundTrip';
import { mergeNadDraft } from '../../features/nads/logic/conflict';
import type { K8sResource } from '../model/k8s';
import type { NetworkAttachmentDefinition } from '../model/nad';

type Obj = K8sResource & { spec: Record<string, unknown> };
const merge: KindMerge<Obj> = (b, m, t, choices) =>
  threeWayMerge(b, m, t, { identity: nmstateListIdentity, choices });

const policy = (rv: string, interfaces: unknown[], extra: Record<string, unknown> = {}): Obj => ({
  apiVersion: 'nmstate.io/v1',
  kind: 'NodeNetworkConfigurationPolicy',
  metadata: { name: 'p', resourceVersion: rv, managedFields: [{ manager: 'x' }] },
  spec: { desiredState: { interfaces }, ...extra },
});

test('editableObject drops managedFields only, and leaves the original alone', () => {
  const p = policy('1', []);
  const e = editableObject(p);
  assert.equal('managedFields' in (e.metadata ?? {}), false);
  assert.equal(e.metadata?.resourceVersion, '1');
  assert.ok(p.metadata?.managedFields);
  const bare = { metadata: { name: 'x' } };
  assert.equal(editableObject(bare), bare);
});

test('toWrite carries the base resourceVersion whatever the draft says', () => {
  const draft = policy('999', []);
  assert.equal(toWrite(draft, policy('5', [])).metadata?.resourceVersion, '5');
  const noVersion = toWrite(draft, { metadata: { name: 'p' } });
  assert.equal('resourceVersion' in (noVersion.metadata ?? {}), false);
  // The draft itself is not changed.
  assert.equal(draft.metadata?.resourceVersion, '999');
});

test('changedIdentity names the first identity field the draft changed', () => {
  const base = policy('1', []);
  assert.equal(changedIdentity(base, policy('2', [{ name: 'x' }])), null);
  assert.deepEqual(changedIdentity(base, { ...base, metadata: { ...base.metadata, name: 'q' } }), {
    field: 'name',
    original: 'p',
    updated: 'q',
  });
  assert.deepEqual(changedIdentity(base, { ...base, kind: 'ConfigMap' }), {
    field: 'kind',
    original: 'NodeNetworkConfigurationPolicy',
    updated: 'ConfigMap',
  });
  // Another version of the same group is allowed; another group is not.
  assert.equal(changedIdentity(base, { ...base, apiVersion: 'nmstate.io/v1beta1' }), null);
  assert.equal(changedIdentity(base, { ...base, apiVersion: 'other.io/v1' })?.field, 'apiGroup');
  assert.equal(
    changedIdentity({ metadata: { name: 'n', namespace: 'a' } }, { metadata: { name: 'n' } })
      ?.field,
    'namespace',
  );
});

const eth1 = { name: 'eth1', type: 'ethernet', state: 'up' };
const eth2 = { name: 'eth2', type: 'ethernet', state: 'up' };

test('rebaseDraft merges lists by element identity and keeps the user’s comments and key order', () => {
  const base = policy('1', [eth1]);
  // The user's text: comments, and spec before metadata.
  const text = [
    '# my note',
    'spec:',
    '  desiredState:',
    '    interfaces:',
    '      - name: eth1 # the uplink',
    '        type: ethernet',
    '        state: up',
    '        mtu: 9000',
    'apiVersion: nmstate.io/v1',
    'kind: NodeNetworkConfigurationPolicy',
    'metadata:',
    '  name: p',
    '  resourceVersion: "1"',
    '',
  ].join('\n');
  const mine = parse(text) as Obj;
  // Someone else added eth2 meanwhile.
  const latest = policy('7', [eth1, eth2]);
  const r = rebaseDraft({ text, base, mine, latest, choices: {}, merge, print: updateYamlText });
  assert.ok(r.ok);
  assert.deepEqual(r.conflicts, []);
  assert.equal(r.merged.metadata?.resourceVersion, '7');
  assert.equal('managedFields' in (r.merged.metadata ?? {}), false);
  assert.deepEqual((r.merged.spec.desiredState as { interfaces: unknown[] }).interfaces, [
    { ...eth1, mtu: 9000 },
    eth2,
  ]);
  assert.match(r.text, /^# my note\nspec:/);
  assert.match(r.text, /- name: eth1 # the uplink/);
  assert.match(r.text, /resourceVersion: "7"/);
  assert.ok(r.text.indexOf('spec:') < r.text.indexOf('metadata:'));
  assert.deepEqual(parse(r.text), r.merged);
});

test('rebaseDraft produces nothing until every element both changed has a choice', () => {
  const base = policy('1', [eth1]);
  const mine = policy('1', [{ ...eth1, mtu: 1450 }]);
  const latest = policy('7', [{ ...eth1, mtu: 1400 }]);
  const text = updateYamlText('', mine);
  const open = rebaseDraft({ text, base, mine, latest, choices: {}, merge, print: updateYamlText });
  assert.equal(open.ok, false);
  assert.ok(!open.ok);
  assert.equal(open.unresolved, 1);
  const id = 'spec.desiredState.interfaces[eth1/ethernet].mtu';
  assert.deepEqual(
    open.conflicts.map((c) => c.id),
    [id],
  );
  for (const [choice, mtu] of [
    ['mine', 1450],
    ['theirs', 1400],
  ] as const) {
    const r = rebaseDraft({
      text,
      base,
      mine,
      latest,
      choices: { [id]: choice },
      merge,
      print: updateYamlText,
    });
    assert.ok(r.ok);
    assert.equal(
      ((r.merged.spec.desiredState as { interfaces: { mtu: number }[] }).interfaces[0] ?? {}).mtu,
      mtu,
    );
  }
});

test('rebaseDraft with the NAD merge merges inside the config string', () => {
  const nad = (rv: string, plugins: unknown[]): NetworkAttachmentDefinition => ({
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata: { name: 'n', namespace: 'a', resourceVersion: rv },
    spec: { config: JSON.stringify({ cniVersion: '0.4.0', name: 'n', plugins }) },
  });
  const bridge = { type: 'bridge', bridge: 'br0' };
  const tuning = { type: 'tuning' };
  const nadMerge: KindMerge<NetworkAttachmentDefinition> = (b, m, t, c) => {
    const r = mergeNadDraft(b, m, t, c);
    return { merged: r.nad, conflicts: r.conflicts, unresolved: r.unresolved };
  };
  const base = nad('1', [bridge]);
  const mine = nad('1', [{ ...bridge, mtu: 1450 }]);
  const latest = nad('4', [bridge, tuning]);
  const r = rebaseDraft({
    text: updateYamlText('', mine),
    base,
    mine,
    latest,
    choices: {},
    merge: nadMerge,
    print: updateYamlText,
  });
  assert.ok(r.ok);
  assert.equal(r.merged.metadata.resourceVersion, '4');
  const config = JSON.parse(r.merged.spec?.config ?? '') as { plugins: unknown[] };
  assert.deepEqual(config.plugins, [{ ...bridge, mtu: 1450 }, tuning]);
});

test('isOlderVersion: only decimal versions are compared, numerically', () => {
  assert.equal(isOlderVersion('349', '352'), true);
  assert.equal(isOlderVersion('352', '349'), false);
  assert.equal(isOlderVersion('352', '352'), false);
  // Numeric, not lexical: "99" is older than "100".
  assert.equal(isOlderVersion('99', '100'), true);
  // Opaque versions (not etcd revisions) are never called older: the view keeps following.
  assert.equal(isOlderVersion('abc', '100'), false);
  assert.equal(isOlderVersion('99', 'v100'), false);
  assert.equal(isOlderVersion(undefined, '100'), false);
});

test('changedOnlyWhereUnwritable: status, resourceVersion, generation and managedFields only', () => {
  const base = {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name: 'p', resourceVersion: '10', generation: 2, annotations: { a: '1' } },
    spec: { desiredState: { interfaces: [{ name: 'br0', type: 'linux-bridge' }] } },
    status: { conditions: [{ type: 'Available', status: 'False' }] },
  } as K8sResource;
  const statusWrite = {
    ...base,
    metadata: { ...base.metadata, resourceVersion: '11', managedFields: [] },
    status: { conditions: [{ type: 'Available', status: 'True' }] },
  } as K8sResource;
  assert.equal(changedOnlyWhereUnwritable(base, statusWrite), true);
  // Key order is not a change.
  const reordered = {
    status: base.status,
    spec: base.spec,
    metadata: base.metadata,
    kind: base.kind,
    apiVersion: base.apiVersion,
  } as K8sResource;
  assert.equal(changedOnlyWhereUnwritable(base, reordered), true);
  // A colleague's annotation or spec edit is a change the user must see.
  const annotated = {
    ...statusWrite,
    metadata: { ...statusWrite.metadata, annotations: { a: '2' } },
  } as K8sResource;
  assert.equal(changedOnlyWhereUnwritable(base, annotated), false);
  const specEdit = { ...statusWrite, spec: { desiredState: { interfaces: [] } } } as K8sResource;
  assert.equal(changedOnlyWhereUnwritable(base, specEdit), false);
});

test('rebaseDraft: old status and resourceVersion kept in the draft are not the user’s changes', () => {
  const base = { ...policy('7', [eth1]), status: { conditions: [{ type: 'Available' }] } };
  // The text was copied before the last status write: older status and version, plus an edit.
  const mine = {
    ...policy('5', [{ ...eth1, mtu: 9000 }]),
    status: { conditions: [{ type: 'Progressing' }] },
  };
  const latest = { ...policy('9', [eth1, eth2]), status: { conditions: [{ type: 'Degraded' }] } };
  const r = rebaseDraft({
    text: '',
    base,
    mine,
    latest,
    choices: {},
    merge,
    print: (_text, obj) => JSON.stringify(obj),
  });
  assert.ok(r.ok);
  assert.deepEqual(r.conflicts, []);
  assert.equal(r.merged.metadata?.resourceVersion, '9');
  assert.deepEqual(r.merged.status, latest.status);
  assert.deepEqual(r.merged.spec.desiredState, {
    interfaces: [{ ...eth1, mtu: 9000 }, eth2],
  });
});
