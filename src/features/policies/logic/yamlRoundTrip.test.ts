import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { updateYamlText } from './yamlRoundTrip';
import { applyPolicyFormValues, toPolicyFormValues } from './policyForm';
import { REPRESENTABLE_POLICIES } from '../__fixtures__/policyFixtures';
import { stringifyResourceYaml } from './resourceYaml';

const TEXT = `# Bond for the storage network
apiVersion: nmstate.io/v1
kind: NodeNetworkConfigurationPolicy
metadata:
  name: storage-bond
spec:
  nodeSelector:
    node-role.kubernetes.io/worker: ""
  desiredState:
    interfaces:
      - name: bond9 # the storage bond
        type: bond
        state: up
        mtu: 9000 # jumbo frames, the switch allows 9216
        link-aggregation:
          mode: active-backup
          port:
            - eno3
      - name: eno5
        type: ethernet
        state: up
`;

const viaForm = (
  text: string,
  edit: (p: NodeNetworkConfigurationPolicy) => NodeNetworkConfigurationPolicy,
) => {
  const policy = parse(text) as NodeNetworkConfigurationPolicy;
  const r = toPolicyFormValues(policy);
  assert.ok(r.ok);
  const next = edit(applyPolicyFormValues(policy, r.values));
  return { next, text: updateYamlText(text, next) };
};

void describe('YAML round trip through the form', () => {
  void it('an unchanged object gives back the same text, comments included', () => {
    const { text } = viaForm(TEXT, (p) => p);
    assert.equal(text, TEXT);
  });

  void it('a form edit keeps comments, key order and untouched text', () => {
    const policy = parse(TEXT) as NodeNetworkConfigurationPolicy;
    const r = toPolicyFormValues(policy);
    assert.ok(r.ok);
    const [bond] = r.values.interfaces;
    assert.ok(bond);
    const next = applyPolicyFormValues(policy, {
      ...r.values,
      interfaces: [{ ...bond, mtu: 9100 }, ...r.values.interfaces.slice(1)],
    });
    const text = updateYamlText(TEXT, next);
    assert.deepEqual(parse(text), next);
    assert.match(text, /^# Bond for the storage network\n/);
    assert.match(text, /- name: bond9 # the storage bond\n/);
    // The changed value keeps its comment.
    assert.match(text, /mtu: 9100 # jumbo frames, the switch allows 9216\n/);
    assert.match(text, /node-role.kubernetes.io\/worker: ""/);
    assert.ok(text.indexOf('apiVersion') < text.indexOf('kind'));
  });

  void it('removing a named list item keeps the comments of the others', () => {
    const { text, next } = viaForm(TEXT, (p) => {
      const copy = structuredClone(p);
      copy.spec.desiredState = {
        interfaces: (copy.spec.desiredState?.interfaces ?? []).filter((i) => i.name !== 'eno5'),
      };
      return copy;
    });
    assert.deepEqual(parse(text), next);
    assert.match(text, /- name: bond9 # the storage bond/);
    assert.doesNotMatch(text, /eno5/);
  });

  void it('new keys are added after the existing ones', () => {
    const { text, next } = viaForm(TEXT, (p) => ({
      ...p,
      spec: { ...p.spec, maxUnavailable: 1 },
    }));
    assert.deepEqual(parse(text), next);
    assert.ok(text.indexOf('maxUnavailable') > text.indexOf('desiredState'));
  });

  void it('every representable fixture survives the trip unchanged', () => {
    for (const [name, policy] of Object.entries(REPRESENTABLE_POLICIES)) {
      const text = stringifyResourceYaml(policy);
      const r = toPolicyFormValues(policy);
      assert.ok(r.ok, name);
      assert.equal(updateYamlText(text, applyPolicyFormValues(policy, r.values)), text, name);
    }
  });

  void it('an empty collection the form fills is written in block style', () => {
    const text = 'spec:\n  desiredState: {}\n  list: [] # none yet\nflow: { a: 1 }\n';
    const next = {
      spec: { desiredState: { interfaces: [{ name: 'eno3' }] }, list: ['x'] },
      flow: { a: 2 },
    };
    assert.equal(
      updateYamlText(text, next),
      // The comment of the empty list stays, after its new items.
      'spec:\n  desiredState:\n    interfaces:\n      - name: eno3\n  list:\n    - x\n    # none yet\nflow: { a: 2 }\n',
    );
  });

  void it('text that does not parse is printed afresh', () => {
    const next = { a: 1 };
    assert.equal(updateYamlText('a: [', next), 'a: 1\n');
  });
});
