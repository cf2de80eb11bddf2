import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  INFRA_ENV_LABEL,
  candidateInfraEnvs,
  infraEnvOfHost,
  matchesRequirements,
  parseLabelSelector,
  selectNMStateConfigs,
  selectedAcrossNamespaces,
} from './infraEnvSelection';

const infraEnv = (name: string, namespace: string, selector: unknown) => ({
  apiVersion: 'agent-install.openshift.io/v1beta1',
  kind: 'InfraEnv',
  metadata: { name, namespace },
  spec: { pullSecretRef: { name: 'ps' }, nmStateConfigLabelSelector: selector },
});
const config = (name: string, namespace: string, labels?: Record<string, string>) => ({
  metadata: { name, namespace, ...(labels ? { labels } : {}) },
  spec: { interfaces: [{ name: 'eno1', macAddress: '52:54:00:00:00:01' }] },
});
const bmh = (namespace: string, label?: string) => ({
  metadata: {
    name: 'h',
    namespace,
    ...(label !== undefined ? { labels: { [INFRA_ENV_LABEL]: label } } : {}),
  },
});

describe('parseLabelSelector', () => {
  it('reads matchLabels as In requirements and matchExpressions as written', () => {
    const p = parseLabelSelector({
      matchLabels: { 'example.com/cluster': 'spoke-1' },
      matchExpressions: [
        { key: 'site', operator: 'NotIn', values: ['east', 'north'] },
        { key: 'rack', operator: 'Exists' },
        { key: 'retired', operator: 'DoesNotExist', values: [] },
      ],
    });
    assert.deepEqual(p, {
      ok: true,
      requirements: [
        { key: 'example.com/cluster', operator: 'In', values: ['spoke-1'] },
        { key: 'site', operator: 'NotIn', values: ['east', 'north'] },
        { key: 'rack', operator: 'Exists', values: [] },
        { key: 'retired', operator: 'DoesNotExist', values: [] },
      ],
    });
    assert.deepEqual(parseLabelSelector(undefined), { ok: true, requirements: [] });
    assert.deepEqual(parseLabelSelector({}), { ok: true, requirements: [] });
  });

  it('refuses what apimachinery refuses, at the offending place', () => {
    const problem = (s: unknown) => {
      const p = parseLabelSelector(s);
      return p.ok ? undefined : [p.problem.reason, p.problem.at.join('.'), p.problem.value];
    };
    assert.deepEqual(problem({ matchExpressions: [{ key: 'a', operator: 'Equals' }] }), [
      'operatorInvalid',
      'matchExpressions.0.operator',
      'Equals',
    ]);
    assert.deepEqual(problem({ matchExpressions: [{ key: 'a', operator: 'In' }] }), [
      'valuesRequired',
      'matchExpressions.0.values',
      'In',
    ]);
    // The count is checked before each value, as NewRequirement does.
    assert.deepEqual(
      problem({ matchExpressions: [{ key: 'a', operator: 'Exists', values: ['-bad-'] }] }),
      ['valuesForbidden', 'matchExpressions.0.values', 'Exists'],
    );
    assert.deepEqual(
      problem({ matchExpressions: [{ key: 'a', operator: 'In', values: ['ok', '-bad-'] }] }),
      ['valueInvalid', 'matchExpressions.0.values.1', '-bad-'],
    );
    assert.deepEqual(problem({ matchLabels: { 'a/b/c': 'x' } }), [
      'keyInvalid',
      'matchLabels.a/b/c',
      'a/b/c',
    ]);
    assert.deepEqual(problem({ matchLabels: { 'Upper.Case/name': 'x' } }), [
      'keyInvalid',
      'matchLabels.Upper.Case/name',
      'Upper.Case/name',
    ]);
    assert.deepEqual(problem({ matchLabels: { a: 'x'.repeat(64) } }), [
      'valueInvalid',
      'matchLabels.a',
      'x'.repeat(64),
    ]);
    assert.deepEqual(problem({ matchLabels: { a: true } }), [
      'valueInvalid',
      'matchLabels.a',
      'true',
    ]);
    assert.deepEqual(problem('cluster=a'), ['notObject', '', 'cluster=a']);
    // An empty value is a valid label value.
    assert.equal(parseLabelSelector({ matchLabels: { a: '' } }).ok, true);
  });
});

describe('matchesRequirements', () => {
  it('follows apimachinery for present and absent keys', () => {
    const p = parseLabelSelector({
      matchExpressions: [{ key: 'site', operator: 'NotIn', values: ['east'] }],
    });
    assert.ok(p.ok);
    assert.equal(matchesRequirements(p.requirements, {}), true);
    assert.equal(matchesRequirements(p.requirements, { site: 'west' }), true);
    assert.equal(matchesRequirements(p.requirements, { site: 'east' }), false);
    const exists = parseLabelSelector({
      matchExpressions: [
        { key: 'rack', operator: 'Exists' },
        { key: 'retired', operator: 'DoesNotExist' },
      ],
    });
    assert.ok(exists.ok);
    assert.equal(matchesRequirements(exists.requirements, { rack: '' }), true);
    assert.equal(matchesRequirements(exists.requirements, { rack: '', retired: 'y' }), false);
    assert.equal(matchesRequirements(exists.requirements, undefined), false);
  });
});

describe('selectNMStateConfigs', () => {
  it('selects by label in every namespace; empty and refused selectors select none', () => {
    const envs = [
      infraEnv('spoke-1', 'spoke-1', { matchLabels: { cluster: 'spoke-1' } }),
      infraEnv('all', 'spoke-1', {}),
      infraEnv('bad', 'spoke-1', {
        matchExpressions: [{ key: 'x', operator: 'in', values: ['a'] }],
      }),
      infraEnv('west', 'west', {
        matchExpressions: [{ key: 'site', operator: 'In', values: ['w'] }],
      }),
    ];
    const configs = [
      config('a', 'spoke-1', { cluster: 'spoke-1' }),
      config('b', 'other', { cluster: 'spoke-1', site: 'w' }),
      config('c', 'spoke-1'),
      config('d', 'spoke-1', { x: 'a' }),
    ];
    const s = selectNMStateConfigs(envs, configs);
    assert.deepEqual(s.selectedBy, [[0], [0, 3], [], []]);
    assert.deepEqual(s.empty, [1]);
    assert.deepEqual(
      s.invalid.map((i) => [i.infraEnv, i.problem.reason]),
      [[2, 'operatorInvalid']],
    );
    assert.deepEqual(selectedAcrossNamespaces(configs[1], envs, [0, 3]), [0, 3]);
    assert.deepEqual(selectedAcrossNamespaces(configs[0], envs, [0]), []);
  });
});

describe('infraEnvOfHost', () => {
  const envs = [
    infraEnv('ocp4', 'openshift-machine-api', { matchLabels: { a: 'b' } }),
    infraEnv('ocp4', 'spoke-1', { matchLabels: { a: 'b' } }),
  ];
  it('binds a host to the InfraEnv its label names in its own namespace', () => {
    assert.equal(infraEnvOfHost(bmh('spoke-1', 'ocp4'), envs), 1);
    assert.equal(infraEnvOfHost(bmh('spoke-2', 'ocp4'), envs), undefined);
    assert.equal(infraEnvOfHost(bmh('spoke-1', ''), envs), undefined);
    assert.equal(infraEnvOfHost(bmh('spoke-1'), envs), undefined);
    // A manifest without a namespace gets one when applied: it matches by name.
    assert.equal(infraEnvOfHost(bmh('', 'ocp4'), envs), 0);
  });
  it('lets an unbound host have booted any image', () => {
    assert.deepEqual(candidateInfraEnvs(bmh('spoke-1', 'ocp4'), envs), [1]);
    assert.deepEqual(candidateInfraEnvs(bmh('spoke-1', 'missing'), envs), [0, 1]);
    assert.deepEqual(candidateInfraEnvs(bmh('spoke-1'), []), []);
  });
});
