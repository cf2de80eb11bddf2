import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Condition } from '../../../shared/model/k8s';
import type { BareMetalSwitch, HostNetworkAttachment } from '../../../shared/model/metal3';
import type { VlanMismatch } from '../model/types';
import {
  allowedVlansSortKey,
  allowedVlansText,
  attachmentUsage,
  hostMatchesVlanFilter,
  hostMismatchCounts,
  mismatchSortKey,
  portPhaseSortKey,
  switchValidity,
  switchValiditySortKey,
} from './portLists';

const sw = (conditions?: unknown): BareMetalSwitch => ({
  metadata: { name: 'tor-1', namespace: 'ns' },
  spec: { address: '10.0.0.1', macAddress: '00:00:00:00:00:01', deviceType: 'netmiko_x' },
  status: { conditions: conditions as Condition[] },
});

test('a switch is valid, invalid or not validated yet from its Valid condition', () => {
  assert.equal(switchValidity(sw([{ type: 'Valid', status: 'True' }])), 'valid');
  assert.equal(switchValidity(sw([{ type: 'Valid', status: 'False' }])), 'invalid');
  assert.equal(switchValidity(sw([{ type: 'Valid', status: 'Unknown' }])), 'unknown');
  assert.equal(switchValidity(sw([{ type: 'Ready', status: 'True' }])), 'unknown');
  assert.equal(switchValidity(sw()), 'unknown');
  // A pre-release status written by hand may hold anything.
  assert.equal(switchValidity(sw({ Valid: true })), 'unknown');
});

test('invalid switches sort before the ones not validated, valid ones last', () => {
  const keys = [
    sw([{ type: 'Valid', status: 'True' }]),
    sw(),
    sw([{ type: 'Valid', status: 'False' }]),
  ].map(switchValiditySortKey);
  assert.deepEqual(keys, [2, 1, 0]);
});

test('port phases sort in the order a host goes through them', () => {
  assert.ok(portPhaseSortKey('idle') < portPhaseSortKey('provisioning'));
  assert.ok(portPhaseSortKey('provisioning') < portPhaseSortKey('tenant'));
  assert.ok(portPhaseSortKey('tenant') < portPhaseSortKey('unknown'));
});

const mismatch = (severity: VlanMismatch['severity'], name: string, namespace = 'ns') =>
  ({
    code: 'vlan.notAllowedOnPort',
    severity,
    node: name,
    host: { name, namespace },
    params: {},
  }) as VlanMismatch;

test("a host's VLAN check counts only its own errors and warnings", () => {
  const all = [
    mismatch('error', 'w2'),
    mismatch('warning', 'w2'),
    mismatch('warning', 'w2'),
    mismatch('info', 'w2'),
    mismatch('error', 'w2', 'other-ns'),
    mismatch('error', 'w3'),
    { code: 'node.noHost', severity: 'error', node: 'w2', params: {} } as VlanMismatch,
  ];
  const w2 = hostMismatchCounts({ name: 'w2', namespace: 'ns' }, all);
  assert.deepEqual(w2, { errors: 1, warnings: 2 });
  assert.deepEqual(mismatchSortKey(w2), [1, 2]);
  const clean = hostMismatchCounts({ name: 'w1', namespace: 'ns' }, all);
  assert.equal(hostMatchesVlanFilter(w2, 'mismatch'), true);
  assert.equal(hostMatchesVlanFilter(w2, 'consistent'), false);
  assert.equal(hostMatchesVlanFilter(clean, 'consistent'), true);
  assert.equal(hostMatchesVlanFilter({ errors: 0, warnings: 1 }, 'mismatch'), true);
});

const hna = (allowedVLANs?: unknown): HostNetworkAttachment => ({
  metadata: { name: 'trunk', namespace: 'ns' },
  spec: { mode: 'trunk', nativeVLAN: 1, allowedVLANs: allowedVLANs as string[] },
});

test('allowed VLANs read as written and sort by their first id', () => {
  assert.equal(allowedVlansText(hna(['200-203', '210'])), '200-203, 210');
  assert.equal(allowedVlansText(hna([300, 12])), '300, 12');
  assert.equal(allowedVlansText(hna()), '');
  assert.equal(allowedVlansText(hna('10')), '');
  assert.equal(allowedVlansSortKey(hna(['200-203', '210'])), 200);
  assert.equal(allowedVlansSortKey(hna()), -1);
});

test('an attachment is in use while an interface names it', () => {
  assert.equal(attachmentUsage(0), 'unused');
  assert.equal(attachmentUsage(2), 'in-use');
});
