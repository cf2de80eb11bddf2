import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { getEditablePolicy } from './editable';

describe('getEditablePolicy', () => {
  it('drops status and managedFields and keeps everything else, without touching the input', () => {
    const live: NodeNetworkConfigurationPolicy = {
      apiVersion: 'nmstate.io/v1',
      kind: 'NodeNetworkConfigurationPolicy',
      metadata: {
        name: 'p',
        resourceVersion: '7',
        annotations: { description: 'x' },
        managedFields: [{ manager: 'Mozilla', operation: 'Update' }],
      },
      spec: { desiredState: { interfaces: [{ name: 'br1', type: 'linux-bridge' }] } },
      status: { conditions: [] },
    };
    const editable = getEditablePolicy(live);
    assert.deepEqual(editable, {
      apiVersion: 'nmstate.io/v1',
      kind: 'NodeNetworkConfigurationPolicy',
      metadata: { name: 'p', resourceVersion: '7', annotations: { description: 'x' } },
      spec: { desiredState: { interfaces: [{ name: 'br1', type: 'linux-bridge' }] } },
    });
    assert.ok(live.status && live.metadata.managedFields, 'the input is left as it was');
  });
});
