// Keys that name Object.prototype members (`__proto__`, `constructor`, `toString`…) are plain
// keys in a CNI config. Lookups in the validator's tables must not find the prototype's members.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatMessage } from '../../../../cli/messages';
import { makeNad } from '../__fixtures__/nads';
import { applyQuickFix } from './quickFix';
import { validateNad } from './validateNad';

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

/** A whereabouts config whose ipam carries one hostile key (as JSON text: `__proto__` stays a key). */
const whereaboutsWith = (key: string): string =>
  `{"cniVersion":"0.3.1","name":"n","type":"macvlan","master":"ens4","ipam":{"type":"whereabouts","range":"192.168.2.0/24",${JSON.stringify(key)}:"x"}}`;

const paramsAreText = (params: Record<string, unknown>) =>
  Object.values(params).every((v) => typeof v === 'string' || typeof v === 'number');

void describe('prototype member names as config keys', () => {
  void it('@reliability a __proto__ key in a NAD config gives a finding with the right text', () => {
    for (const key of PROTOTYPE_KEYS) {
      const findings = validateNad(makeNad('n', whereaboutsWith(key)));
      assert.equal(
        findings.some((f) => f.code === 'ipam.whereabouts.foreignKey'),
        false,
        `${key} is not one of the keys whereabouts is known to mistake`,
      );
      const unknown = findings.find((f) => f.code === 'config.unknownKey');
      assert.ok(unknown, `${key} is reported as unknown`);
      assert.equal(unknown.path, `$.ipam.${key}`);
      assert.equal(unknown.params?.key, key);
      for (const f of findings) {
        const params = f.params ?? {};
        assert.ok(paramsAreText(params), `${f.code} params ${JSON.stringify(params)}`);
        const text = formatMessage(f.code, f.params);
        assert.doesNotMatch(text, /\[object |function |=>/, `${key}: ${text}`);
      }
    }
  });

  void it('still suggests the real key for a key whereabouts is known to mistake', () => {
    const f = validateNad(makeNad('n', whereaboutsWith('rangeStart'))).find(
      (x) => x.code === 'ipam.whereabouts.foreignKey',
    );
    assert.deepEqual(f?.params, { key: 'rangeStart', suggestion: 'range_start' });
    assert.equal(
      formatMessage('ipam.whereabouts.foreignKey', f.params),
      'whereabouts ignores "rangeStart" (use "range_start")',
    );
  });

  void it('treats a plugin type named after a prototype member as an unknown plugin', () => {
    for (const type of PROTOTYPE_KEYS) {
      const cfg = `{"cniVersion":"0.3.1","name":"n","type":${JSON.stringify(type)},"ipam":{}}`;
      const known = validateNad(makeNad('n', cfg));
      const baseline = validateNad(
        makeNad('n', '{"cniVersion":"0.3.1","name":"n","type":"no-such-plugin","ipam":{}}'),
      );
      assert.deepEqual(
        known.map((f) => f.code).sort(),
        baseline.map((f) => f.code).sort(),
        `type ${type}`,
      );
    }
  });

  void it('renames a key only when the object itself holds it', () => {
    const text = '{"type":"macvlan","master":"ens4"}';
    // `constructor` is no own key of the config: nothing to rename, the text stays.
    assert.deepEqual(applyQuickFix(text, { kind: 'rename-key', path: '$.constructor', to: 'x' }), {
      ok: false,
      reason: 'pathNotFound',
    });
    // Renaming onto a prototype member name is an ordinary rename.
    const renamed = applyQuickFix(text, { kind: 'rename-key', path: '$.master', to: 'toString' });
    assert.ok(renamed.ok);
    assert.deepEqual(Object.keys(JSON.parse(renamed.text) as object), ['type', 'toString']);
    // A fix never writes through `__proto__` into Object.prototype.
    applyQuickFix(text, { kind: 'replace', path: '$.__proto__.polluted', value: 'yes' });
    assert.equal(Object.hasOwn(Object.prototype, 'polluted'), false);
  });
});
