import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FORM_PLUGIN_TYPES, applyNadFormValues, toNadFormValues } from './form';
import {
  buildNewNad,
  getDefaultIpamValues,
  getDefaultPluginValues,
  renameNewNad,
} from './templates';
import { validateNad } from './validateNad';

describe('editor templates', () => {
  it('a new NAD opens in the form and has no errors except a missing master/IPAM choice', () => {
    const nad = buildNewNad('demo', 'net-a');
    const form = toNadFormValues(nad);
    assert.ok(form.ok);
    assert.equal(form.values.plugin.type, 'macvlan');
    assert.deepEqual(
      validateNad(nad)
        .filter((f) => f.severity === 'error')
        .map((f) => f.code),
      [],
    );
  });
  it('every form plugin type and IPAM type can be switched to and read back', () => {
    const nad = buildNewNad('demo', 'net-a');
    const start = toNadFormValues(nad);
    assert.ok(start.ok);
    for (const type of FORM_PLUGIN_TYPES) {
      const plugin = getDefaultPluginValues(type, { namespace: 'demo', name: 'net-a' });
      const r = applyNadFormValues(nad, { ...start.values, plugin });
      assert.ok(r.ok);
      const back = toNadFormValues(r.nad);
      assert.ok(back.ok);
      assert.equal(back.values.plugin.type, type);
    }
    for (const type of ['none', 'host-local', 'static', 'dhcp', 'whereabouts'] as const) {
      const r = applyNadFormValues(nad, { ...start.values, ipam: getDefaultIpamValues(type) });
      assert.ok(r.ok);
      const back = toNadFormValues(r.nad);
      assert.ok(back.ok);
      assert.equal(back.values.ipam.type, type);
    }
  });
  it('renaming a new NAD keeps the config name and netAttachDefName in step', () => {
    const nad = renameNewNad(buildNewNad('demo', 'net-a'), 'net-b');
    assert.equal(nad.metadata.name, 'net-b');
    assert.equal((JSON.parse(nad.spec?.config ?? '') as { name: string }).name, 'net-b');
    const custom = renameNewNad(
      { ...nad, spec: { config: JSON.stringify({ name: 'custom', type: 'macvlan' }) } },
      'net-c',
    );
    assert.equal((JSON.parse(custom.spec?.config ?? '') as { name: string }).name, 'custom');
  });
});
