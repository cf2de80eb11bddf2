import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  getFormIndexMap,
  getFormTarget,
  getInterfaceFindings,
  getServerCauseFindings,
  locateFindings,
} from './formFindings';
import { applyPolicyFormValues, newInterfaceFormValues, toPolicyFormValues } from './policyForm';
import { validatePolicy } from './validatePolicy';
import { bondVlanPolicy, unknownKeysPolicy } from '../__fixtures__/policyFixtures';
import { clusterNodes, clusterNodeStates } from '../__fixtures__/clusterFixtures';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import type { PolicyFormValues } from '../model/policyForm';

const valuesOf = (p: NodeNetworkConfigurationPolicy): PolicyFormValues => {
  const r = toPolicyFormValues(p);
  assert.ok(r.ok);
  return r.values;
};

void describe('getFormIndexMap', () => {
  void it('skips preserved interfaces and appends new rows', () => {
    // unknownKeysPolicy: [hsr0 (preserved), ens4 (form row 0)]
    const values = valuesOf(unknownKeysPolicy);
    values.interfaces.push(newInterfaceFormValues('vlan', 'ens4.10'));
    const map = getFormIndexMap(unknownKeysPolicy, values);
    assert.deepEqual(map.interfaces, [1, 2]);
    const out = applyPolicyFormValues(unknownKeysPolicy, values);
    assert.equal(out.spec.desiredState?.interfaces?.[2]?.name, 'ens4.10');
  });
  void it('follows removals: later rows move up', () => {
    const values = valuesOf(bondVlanPolicy);
    values.interfaces.splice(0, 1);
    const map = getFormIndexMap(bondVlanPolicy, values);
    assert.deepEqual(map.interfaces, [0]);
    const out = applyPolicyFormValues(bondVlanPolicy, values);
    assert.equal(out.spec.desiredState?.interfaces?.[0]?.name, values.interfaces[0]?.name);
  });
});

void describe('getFormTarget', () => {
  const map = { interfaces: [1, 2], routes: [0] };
  const cases: [string, ReturnType<typeof getFormTarget>][] = [
    ['metadata.name', { section: 'name' }],
    ['metadata.annotations.description', { section: 'description' }],
    ['spec.nodeSelector.node-role.kubernetes.io/worker', { section: 'nodeSelector' }],
    ['spec.maxUnavailable', { section: 'maxUnavailable' }],
    [
      'spec.desiredState.interfaces[2].vlan.id',
      { section: 'interface', index: 1, field: 'vlan.id' },
    ],
    ['spec.desiredState.interfaces[1]', { section: 'interface', index: 0, field: '' }],
    ['spec.desiredState.interfaces[0].name', { section: 'policy' }],
    [
      'spec.desiredState.routes.config[0].destination',
      { section: 'route', index: 0, field: 'destination' },
    ],
    ['spec.desiredState.dns-resolver.config.server[1]', { section: 'dns', field: 'server[1]' }],
    ['spec.capture', { section: 'capture', name: '' }],
    ['.spec.capture.gw', { section: 'capture', name: 'gw' }],
    [
      'spec.desiredState.route-rules.config[1].priority',
      { section: 'routeRule', index: 1, field: 'priority' },
    ],
    ['spec.desiredState.hostname.config', { section: 'hostname', field: 'config' }],
    ['spec', { section: 'policy' }],
  ];
  for (const [path, expected] of cases)
    void it(path, () => assert.deepEqual(getFormTarget(path, map), expected));
});

void describe('locateFindings on a validated draft', () => {
  void it('puts a bad VLAN id of a new row on that row', () => {
    const values = valuesOf(bondVlanPolicy);
    const vlan = newInterfaceFormValues('vlan', 'bond1.5000');
    assert.ok(vlan.type === 'vlan');
    vlan.vlan = { baseIface: 'bond1', id: 5000 };
    values.interfaces.push(vlan);
    const draft = applyPolicyFormValues(bondVlanPolicy, values);
    const findings = validatePolicy(draft, {
      nodes: clusterNodes,
      nodeNetworkStates: clusterNodeStates,
    });
    const located = locateFindings(findings, getFormIndexMap(bondVlanPolicy, values));
    const row = values.interfaces.length - 1;
    assert.deepEqual(
      getInterfaceFindings(located, row, 'vlan.id').map((f) => f.code),
      ['vlan.id.invalid'],
    );
    assert.equal(getInterfaceFindings(located, 0, 'vlan.id').length, 0);
  });
});

void describe('getServerCauseFindings', () => {
  void it('maps causes to paths and keeps the server message', () => {
    assert.deepEqual(
      getServerCauseFindings(
        [
          {
            field: '.spec.capture',
            message: 'capture field cannot be modified',
            reason: 'FieldValueForbidden',
          },
        ],
        'x',
      ),
      [
        {
          severity: 'error',
          code: 'server.cause',
          path: 'spec.capture',
          params: { message: 'capture field cannot be modified', reason: 'FieldValueForbidden' },
        },
      ],
    );
  });
  void it('falls back to one policy-level finding with the status message', () => {
    const [f] = getServerCauseFindings([], 'policy p is still in progress');
    assert.ok(f);
    assert.equal(f.path, 'spec');
    assert.equal(f.params?.message, 'policy p is still in progress');
  });
});
