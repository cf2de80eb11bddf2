import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { makeNad } from '../__fixtures__/nads';
import { mergeNadDraft } from './conflict';

const config = (o: Record<string, unknown>) => JSON.stringify(o, null, 2);
const base = makeNad(
  'n',
  config({ cniVersion: '0.3.1', type: 'macvlan', master: 'eth0', mtu: 1500 }),
);
base.metadata.resourceVersion = '1';

describe('mergeNadDraft', () => {
  it('keeps both sides when they changed different config keys', () => {
    const mine = makeNad(
      'n',
      config({ cniVersion: '0.3.1', type: 'macvlan', master: 'eth1', mtu: 1500 }),
    );
    const theirs = makeNad(
      'n',
      config({ cniVersion: '0.3.1', type: 'macvlan', master: 'eth0', mtu: 9000 }),
    );
    theirs.metadata.resourceVersion = '2';
    const r = mergeNadDraft(base, mine, theirs);
    assert.deepEqual(r.overridden, []);
    assert.deepEqual(JSON.parse(r.nad.spec?.config ?? ''), {
      cniVersion: '0.3.1',
      type: 'macvlan',
      master: 'eth1',
      mtu: 9000,
    });
    assert.equal(r.nad.metadata.resourceVersion, '2');
  });
  it('reports keys both sides changed and keeps the draft value', () => {
    const mine = makeNad(
      'n',
      config({ cniVersion: '0.3.1', type: 'macvlan', master: 'eth1', mtu: 1500 }),
    );
    const theirs = makeNad(
      'n',
      config({ cniVersion: '0.3.1', type: 'macvlan', master: 'eth2', mtu: 1500 }),
    );
    const r = mergeNadDraft(base, mine, theirs);
    assert.deepEqual(r.overridden, ['spec.config$.master']);
    assert.equal((JSON.parse(r.nad.spec?.config ?? '') as { master: string }).master, 'eth1');
  });
  it('keeps an unparsable draft exactly as typed', () => {
    const mine = makeNad('n', '{ "type": "macvlan", ');
    const theirs = makeNad('n', config({ cniVersion: '0.4.0', type: 'macvlan' }));
    const r = mergeNadDraft(base, mine, theirs);
    assert.equal(r.nad.spec?.config, '{ "type": "macvlan", ');
    assert.deepEqual(r.overridden, ['spec.config']);
  });
  it('takes their config when the draft did not touch it, and merges metadata', () => {
    const mine = makeNad('n', base.spec?.config ?? '', { annotations: { description: 'mine' } });
    const theirs = makeNad('n', config({ cniVersion: '0.4.0', type: 'macvlan' }), {
      labels: { team: 'a' },
    });
    const r = mergeNadDraft(base, mine, theirs);
    assert.equal(r.nad.spec?.config, theirs.spec?.config);
    assert.deepEqual(r.nad.metadata.annotations, { description: 'mine' });
    assert.deepEqual(r.nad.metadata.labels, { team: 'a' });
  });
});
