import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseResourceYaml, stringifyResourceYaml, MAX_YAML_BYTES } from './resourceYaml';
import { MAX_NESTING_DEPTH } from '../../../shared/logic/nesting';
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

void describe('parseResourceYaml nesting cap', () => {
  const head = 'apiVersion: nmstate.io/v1\nkind: NodeNetworkConfigurationPolicy\nspec:\n';
  /** spec (level 2) holds `levels` more block mappings: `a:` at ever deeper indentation. */
  const block = (levels: number) => {
    let s = head;
    for (let i = 1; i <= levels; i++) s += `${'  '.repeat(i)}a:\n`;
    return `${s}${'  '.repeat(levels + 1)}leaf: 1\n`;
  };
  /** The same in flow style on one line: `spec: {a: {a: … {leaf: 1} … }}`. */
  const flow = (levels: number) =>
    `apiVersion: nmstate.io/v1\nkind: NodeNetworkConfigurationPolicy\nspec: ${'{a: '.repeat(levels)}{leaf: 1}${'}'.repeat(levels)}\n`;

  void it('@reliability a policy nested too deeply is "too deeply nested" at the line where it passes the cap', () => {
    // Root is level 1 and spec's mapping (line 4) level 2, so level k starts on line k + 2
    // and the cap is passed on line MAX + 3.
    const ok = parseResourceYaml(block(MAX_NESTING_DEPTH - 2), NNCP);
    assert.ok(ok.ok, 'exactly at the cap');
    const r = parseResourceYaml(block(MAX_NESTING_DEPTH), NNCP);
    assert.equal(r.ok, false);
    assert.deepEqual(
      [r.error.code, r.error.line, r.error.params.max],
      ['yaml.tooDeep', MAX_NESTING_DEPTH + 3, MAX_NESTING_DEPTH],
    );
    // 1,500 and 10,000 levels (flow style fits under the size cap) answer the same, no throw.
    for (const levels of [1_500, 10_000]) {
      const deep = parseResourceYaml(flow(levels), NNCP);
      assert.equal(deep.ok, false);
      assert.deepEqual([deep.error.code, deep.error.line], ['yaml.tooDeep', 3]);
      // The column of the first `{` past the cap: after "spec: ", level k's `{` is the
      // (k - 1)th "{a: ".
      assert.equal(deep.error.column, 'spec: '.length + 4 * (MAX_NESTING_DEPTH - 1) + 1);
    }
  });

  void it('counts the nesting aliases add', () => {
    let anchored = '{leaf: 1}';
    for (let i = 0; i < 60; i++) anchored = `{a: ${anchored}}`;
    let user = '*x';
    for (let i = 0; i < 60; i++) user = `{b: ${user}}`;
    const r = parseResourceYaml(
      `apiVersion: nmstate.io/v1\nkind: NodeNetworkConfigurationPolicy\nx: &x ${anchored}\nspec: ${user}\n`,
      NNCP,
    );
    assert.equal(r.ok, false);
    assert.equal(r.error.code, 'yaml.tooDeep');
  });
});
