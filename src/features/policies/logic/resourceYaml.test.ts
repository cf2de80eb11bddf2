import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseResourceYaml, stringifyResourceYaml, MAX_YAML_BYTES } from './resourceYaml';
import { REPRESENTABLE_POLICIES, linuxBridgeVlanPolicy } from '../__fixtures__/policyFixtures';

const NNCP = { apiVersionPrefix: 'nmstate.io/', kind: 'NodeNetworkConfigurationPolicy' };

void describe('parseResourceYaml', () => {
  void it('round-trips every fixture through YAML', () => {
    for (const p of Object.values(REPRESENTABLE_POLICIES)) {
      const r = parseResourceYaml(stringifyResourceYaml(p), NNCP);
      assert.ok(r.ok);
      assert.deepEqual(r.value, p);
    }
  });
  void it('reports syntax errors with line and column', () => {
    const r = parseResourceYaml(
      'kind: NodeNetworkConfigurationPolicy\nspec:\n  desiredState: [\n',
      NNCP,
    );
    assert.equal(r.ok, false);
    assert.equal(r.error.code, 'yaml.syntax');
    assert.ok(r.error.line >= 3);
    assert.ok(r.error.column >= 1);
  });
  void it('reports duplicate keys as syntax errors', () => {
    const r = parseResourceYaml('kind: NodeNetworkConfigurationPolicy\nkind: x\n', NNCP);
    assert.equal(r.ok, false);
    assert.deepEqual(
      [r.error.code, r.error.line, r.error.params.yamlCode],
      ['yaml.syntax', 2, 'DUPLICATE_KEY'],
    );
  });
  void it('rejects a document of another kind at the kind line', () => {
    const r = parseResourceYaml('apiVersion: v1\nmetadata:\n  name: x\nkind: ConfigMap\n', NNCP);
    assert.equal(r.ok, false);
    assert.deepEqual(r.error, {
      code: 'yaml.wrongKind',
      line: 4,
      column: 7,
      params: { expected: 'NodeNetworkConfigurationPolicy', actual: 'ConfigMap' },
    });
  });
  void it('rejects another API group', () => {
    const r = parseResourceYaml(
      'apiVersion: example.com/v1\nkind: NodeNetworkConfigurationPolicy\n',
      NNCP,
    );
    assert.equal(r.ok, false);
    assert.equal(r.error.code, 'yaml.wrongApiVersion');
    assert.equal(r.error.line, 1);
  });
  void it('rejects several documents, pointing at the second', () => {
    const r = parseResourceYaml(
      'kind: NodeNetworkConfigurationPolicy\n---\nkind: NodeNetworkConfigurationPolicy\n',
      NNCP,
    );
    assert.equal(r.ok, false);
    assert.equal(r.error.code, 'yaml.multipleDocuments');
    assert.equal(r.error.line, 2);
  });
  void it('accepts a trailing document separator', () => {
    assert.equal(
      parseResourceYaml(
        'apiVersion: nmstate.io/v1\nkind: NodeNetworkConfigurationPolicy\n---\n',
        NNCP,
      ).ok,
      true,
    );
  });
  void it('rejects scalars, lists and empty input', () => {
    const codes = ['just text', '- a\n- b\n', '', '# only a comment\n'].map((t) => {
      const r = parseResourceYaml(t, NNCP);
      return r.ok ? 'ok' : r.error.code;
    });
    assert.deepEqual(codes, ['yaml.notAnObject', 'yaml.notAnObject', 'yaml.empty', 'yaml.empty']);
  });
  void it('defuses alias bombs', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 0; i < 8; i++) {
      const prev = String.fromCharCode(97 + i);
      const next = String.fromCharCode(98 + i);
      lines.push(`${next}: &${next} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    lines.push('kind: NodeNetworkConfigurationPolicy');
    const r = parseResourceYaml(lines.join('\n'), NNCP);
    assert.equal(r.ok, false);
    assert.equal(r.error.code, 'yaml.aliasBomb');
  });
  void it('caps the size', () => {
    const r = parseResourceYaml(`kind: x\n#${'x'.repeat(MAX_YAML_BYTES)}`, NNCP);
    assert.equal(r.ok, false);
    assert.equal(r.error.code, 'yaml.tooLarge');
  });
});

void describe('stringifyResourceYaml', () => {
  void it('keeps key order and writes no aliases', () => {
    const shared = { enabled: true };
    const text = stringifyResourceYaml({ kind: 'K', b: shared, a: shared });
    assert.equal(text, 'kind: K\nb:\n  enabled: true\na:\n  enabled: true\n');
    assert.match(
      stringifyResourceYaml(linuxBridgeVlanPolicy),
      /^apiVersion: nmstate.io\/v1\nkind: NodeNetworkConfigurationPolicy\n/,
    );
  });
});
