import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BAD, GOOD, makeNad } from '../__fixtures__/nads';
import { applyNadFormValues, toNadFormValues, writeNadFormValues } from './form';
import { parseCniConfig } from './parseCniConfig';
import { jsonEqual } from './json';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';

const all = { ...GOOD, ...Object.fromEntries(Object.entries(BAD).map(([k, v]) => [k, v.nad])) };

describe('form round trip', () => {
  for (const [name, nad] of Object.entries(all)) {
    it(`${name}: unchanged values give an identical config`, () => {
      const values = toNadFormValues(nad);
      if (!values.ok) {
        assert.ok(
          ['form.configUnparsable', 'form.unsupportedType', 'form.configNotObject'].includes(
            values.reason,
          ),
        );
        const applied = applyNadFormValues(nad, {} as never);
        assert.equal(applied.ok, false);
        return;
      }
      const parsed = parseCniConfig(nad.spec?.config ?? '');
      assert.ok(parsed.ok);
      const written = writeNadFormValues(parsed.value, values.values);
      assert.ok(
        typeof written !== 'string' && jsonEqual(written, parsed.value),
        'writing unchanged values must be a no-op',
      );
      const applied = applyNadFormValues(nad, values.values);
      assert.ok(applied.ok);
      assert.equal(applied.config, nad.spec?.config);
      assert.equal(applied.changed, false);
    });
  }
});

describe('form edits', () => {
  it('keeps unknown keys, key order and indentation', () => {
    const nad = GOOD.bridgeHostLocal;
    assert.ok(nad);
    const v = toNadFormValues(nad);
    assert.ok(v.ok && v.values.ipam.type === 'host-local' && v.values.plugin.type === 'bridge');
    v.values.plugin.vlan = 42;
    const first = v.values.ipam.rangeSets[0]?.[0];
    assert.ok(first);
    first.gateway = '192.168.50.254';
    const out = applyNadFormValues(nad, v.values);
    assert.ok(out.ok && out.changed);
    const before = Object.keys(JSON.parse(nad.spec?.config ?? '{}') as object);
    const after = JSON.parse(out.config) as Record<string, unknown>;
    assert.deepEqual(Object.keys(after).slice(0, before.length), before);
    assert.deepEqual(after['x-custom'], { keep: [1, 2, 3] });
    assert.equal(after.vlan, 42);
    assert.match(out.config, /^\{\n {2}"cniVersion"/);
    assert.match(out.config, /"gateway": "192.168.50.254"/);
  });
  it('keeps tab indentation and trailing newline', () => {
    const nad = GOOD.macvlanWhereabouts;
    assert.ok(nad);
    const v = toNadFormValues(nad);
    assert.ok(v.ok && v.values.ipam.type === 'whereabouts');
    v.values.ipam.networkName = 'blue';
    const out = applyNadFormValues(nad, v.values);
    assert.ok(out.ok);
    assert.match(out.config, /^\{\n\t"cniVersion"/);
    assert.match(out.config, /"network_name": "blue"\n\t\}\n\}\n$/);
  });
  it('switches IPAM type and writes the SR-IOV resource annotation', () => {
    const nad = GOOD.sriov;
    assert.ok(nad);
    const v = toNadFormValues(nad);
    assert.ok(v.ok && v.values.plugin.type === 'sriov');
    v.values.plugin.resourceName = 'openshift.io/mlx';
    v.values.ipam = { type: 'dhcp' };
    const out = applyNadFormValues(nad, v.values);
    assert.ok(out.ok);
    assert.deepEqual((JSON.parse(out.config) as { ipam: unknown }).ipam, { type: 'dhcp' });
    assert.equal(
      out.nad.metadata.annotations?.['k8s.v1.cni.cncf.io/resourceName'],
      'openshift.io/mlx',
    );
  });
  it('adds a tuning plugin by turning a single config into a list', () => {
    const nad = makeNad('m', {
      cniVersion: '0.3.1',
      name: 'm',
      type: 'macvlan',
      master: 'ens4',
      ipam: {},
    });
    const v = toNadFormValues(nad);
    assert.ok(v.ok);
    v.values.tuning = { mac: '', mtu: 1400, promisc: undefined, sysctl: [] };
    const out = applyNadFormValues(nad, v.values);
    assert.ok(out.ok);
    assert.deepEqual(JSON.parse(out.config), {
      cniVersion: '0.3.1',
      name: 'm',
      plugins: [
        { type: 'macvlan', master: 'ens4', ipam: {} },
        { type: 'tuning', mtu: 1400 },
      ],
    });
  });
  it('refuses to offer a form or replace an unparsable config', () => {
    const nad = makeNad('x', '{"type": "bridge",}');
    assert.deepEqual(toNadFormValues(nad), { ok: false, reason: 'form.configUnparsable' });
    assert.deepEqual(toNadFormValues(makeNad('x', '')), { ok: false, reason: 'form.configEmpty' });
    assert.deepEqual(toNadFormValues(makeNad('x', '{"type":"calico"}')), {
      ok: false,
      reason: 'form.unsupportedType',
    });
  });
});

// Found by the reliability property test: prototype names are not CNI plugin types.
describe('prototype keys as plugin types', () => {
  it('a config whose type is "constructor" is not offered in the form and does not throw', () => {
    const nad = {
      metadata: { name: 'n', namespace: 'ns' },
      spec: { config: '{"type":"constructor"}' },
    } as NetworkAttachmentDefinition;
    const r = toNadFormValues(nad);
    assert.equal(r.ok, false);
  });
});
