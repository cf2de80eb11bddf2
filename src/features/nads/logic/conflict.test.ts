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
    assert.deepEqual(r.conflicts, []);
    assert.deepEqual(JSON.parse(r.nad.spec?.config ?? ''), {
      cniVersion: '0.3.1',
      type: 'macvlan',
      master: 'eth1',
      mtu: 9000,
    });
    assert.equal(r.nad.metadata.resourceVersion, '2');
  });
  it('reports keys both sides changed and applies the chosen side', () => {
    const mine = makeNad(
      'n',
      config({ cniVersion: '0.3.1', type: 'macvlan', master: 'eth1', mtu: 1500 }),
    );
    const theirs = makeNad(
      'n',
      config({ cniVersion: '0.3.1', type: 'macvlan', master: 'eth2', mtu: 1500 }),
    );
    const r = mergeNadDraft(base, mine, theirs);
    assert.deepEqual(
      r.conflicts.map((c) => [c.id, c.mine, c.theirs]),
      [['spec.config$master', 'eth1', 'eth2']],
    );
    assert.equal(r.unresolved, 1);
    // Until chosen, their value stands.
    assert.equal((JSON.parse(r.nad.spec?.config ?? '') as { master: string }).master, 'eth2');
    const chosen = mergeNadDraft(base, mine, theirs, { 'spec.config$master': 'mine' });
    assert.equal(chosen.unresolved, 0);
    assert.equal((JSON.parse(chosen.nad.spec?.config ?? '') as { master: string }).master, 'eth1');
  });
  it('keeps an unparsable draft exactly as typed', () => {
    const mine = makeNad('n', '{ "type": "macvlan", ');
    const theirs = makeNad('n', config({ cniVersion: '0.4.0', type: 'macvlan' }));
    const r = mergeNadDraft(base, mine, theirs, { 'spec.config': 'mine' });
    assert.equal(r.nad.spec?.config, '{ "type": "macvlan", ');
    assert.deepEqual(
      r.conflicts.map((c) => c.id),
      ['spec.config'],
    );
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
  it('merges conflist plugins by type and position: their new plugin and my edit both stay', () => {
    const list = (plugins: unknown[]) =>
      makeNad('n', config({ cniVersion: '0.4.0', name: 'n', plugins }));
    const b = list([
      { type: 'bridge', bridge: 'br0' },
      { type: 'tuning', mtu: 1500 },
    ]);
    const mine = list([
      { type: 'bridge', bridge: 'br1' },
      { type: 'tuning', mtu: 1500 },
    ]);
    const theirs = list([
      { type: 'bridge', bridge: 'br0' },
      { type: 'tuning', mtu: 9000 },
      { type: 'portmap', capabilities: { portMappings: true } },
    ]);
    const r = mergeNadDraft(b, mine, theirs);
    assert.deepEqual(r.conflicts, []);
    assert.deepEqual((JSON.parse(r.nad.spec?.config ?? '') as { plugins: unknown[] }).plugins, [
      { type: 'bridge', bridge: 'br1' },
      { type: 'tuning', mtu: 9000 },
      { type: 'portmap', capabilities: { portMappings: true } },
    ]);
    const clash = mergeNadDraft(
      b,
      mine,
      list([
        { type: 'bridge', bridge: 'br9' },
        { type: 'tuning', mtu: 1500 },
      ]),
    );
    assert.deepEqual(
      clash.conflicts.map((c) => c.id),
      ['spec.config$plugins[bridge].bridge'],
    );
  });
});
