import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getYamlPathPosition, splitPath } from './yamlPositions';

const TEXT = `apiVersion: nmstate.io/v1
kind: NodeNetworkConfigurationPolicy
metadata:
  name: p
spec:
  nodeSelector:
    node-role.kubernetes.io/worker: ""
  desiredState:
    interfaces:
      - name: bond1
        type: bond
      - name: bond1.5000
        type: vlan
        vlan:
          base-iface: bond1
          id: 5000
`;

void describe('splitPath', () => {
  void it('splits keys and indexes', () =>
    assert.deepEqual(splitPath('spec.desiredState.interfaces[1].vlan.id'), [
      'spec',
      'desiredState',
      'interfaces',
      1,
      'vlan',
      'id',
    ]));
});

void describe('getYamlPathPosition', () => {
  void it('finds a nested key inside a list item', () =>
    assert.deepEqual(getYamlPathPosition(TEXT, 'spec.desiredState.interfaces[1].vlan.id'), {
      line: 16,
      column: 11,
    }));
  void it('finds a list item', () =>
    assert.deepEqual(getYamlPathPosition(TEXT, 'spec.desiredState.interfaces[1]'), {
      line: 12,
      column: 9,
    }));
  void it('finds label keys that contain dots', () =>
    assert.deepEqual(
      getYamlPathPosition(TEXT, 'spec.nodeSelector.node-role.kubernetes.io/worker'),
      { line: 7, column: 5 },
    ));
  void it('falls back to the deepest existing ancestor', () =>
    assert.deepEqual(getYamlPathPosition(TEXT, 'spec.desiredState.interfaces[0].mtu'), {
      line: 10,
      column: 9,
    }));
  void it('returns null for text that does not parse', () =>
    assert.equal(getYamlPathPosition('a: [', 'a'), null));
});

void describe('getYamlPathPosition for nmstate findings', () => {
  const text = `spec:
  desiredState:
    interfaces:
      - name: bond0
        type: bond
        mtuu: 9000
        link-aggregation:
          mode: 1
          ports: []
`;
  void it('points at an unknown key itself', () => {
    assert.deepEqual(getYamlPathPosition(text, 'spec.desiredState.interfaces[0].mtuu'), {
      line: 6,
      column: 9,
    });
  });
  void it('finds `port` written as its alias `ports`', () => {
    assert.deepEqual(
      getYamlPathPosition(text, 'spec.desiredState.interfaces[0].link-aggregation.port'),
      { line: 9, column: 11 },
    );
  });
});
