// The console's rules for extensions several plugins contribute to the same model.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  actionProvidersFor,
  kebabActions,
  resourcePagesByRef,
  yamlTemplatesFor,
} from './consoleRules';
import type { ResolvedExtension } from './pluginLoader';
import { formatNamespaceRoute, namespaceOfPath } from './namespaceRoutes';

const NNCP = { group: 'nmstate.io', version: 'v1', kind: 'NodeNetworkConfigurationPolicy' };
const NAD = { group: 'k8s.cni.cncf.io', version: 'v1', kind: 'NetworkAttachmentDefinition' };
const ext = (
  pluginName: string,
  type: string,
  properties: Record<string, unknown>,
): ResolvedExtension => ({ pluginName, type, properties });

test('resource pages: the first plugin in the enabled order wins', () => {
  const exts = [
    ext('nmstate-console-plugin', 'console.page/resource/list', { model: NNCP, component: 'a' }),
    ext('switchboard', 'console.page/resource/list', { model: NNCP, component: 'b' }),
    ext('switchboard', 'console.page/resource/details', { model: NNCP, component: 'c' }),
  ];
  const lists = resourcePagesByRef(exts, 'console.page/resource/list');
  assert.equal(
    lists.get('nmstate.io~v1~NodeNetworkConfigurationPolicy')?.pluginName,
    'nmstate-console-plugin',
  );
  const details = resourcePagesByRef(exts, 'console.page/resource/details');
  assert.equal(
    details.get('nmstate.io~v1~NodeNetworkConfigurationPolicy')?.properties.component,
    'c',
  );
});

test('YAML templates: the last one per (model, name) wins; no name means default', () => {
  const exts = [
    ext('networking-console-plugin', 'console.yaml-template', {
      model: NAD,
      name: 'default',
      template: 'peer',
    }),
    ext('switchboard', 'console.yaml-template', {
      model: NAD,
      name: 'switchboard-attachment',
      template: 'ours',
    }),
    ext('other', 'console.yaml-template', { model: NNCP, template: 'policy' }),
  ];
  const ref = 'k8s.cni.cncf.io~v1~NetworkAttachmentDefinition';
  const t = yamlTemplatesFor(exts, ref, NAD.kind);
  assert.equal(t.get('default')?.properties.template, 'peer');
  assert.equal(t.get('switchboard-attachment')?.properties.template, 'ours');
  const later = [...exts, ext('late', 'console.yaml-template', { model: NAD, template: 'late' })];
  assert.equal(yamlTemplatesFor(later, ref, NAD.kind).get('default')?.pluginName, 'late');
  assert.equal(
    yamlTemplatesFor(exts, 'nmstate.io~v1~NodeNetworkConfigurationPolicy', NNCP.kind).get('default')
      ?.properties.template,
    'policy',
  );
});

test('action providers of every plugin are merged; without any, the common actions', () => {
  const exts = [
    ext('networking-console-plugin', 'console.action/resource-provider', {
      model: NAD,
      provider: 1,
    }),
    ext('switchboard', 'console.action/resource-provider', { model: NAD, provider: 2 }),
    ext('switchboard', 'console.action/resource-provider', { model: NNCP, provider: 3 }),
  ];
  const providers = actionProvidersFor(exts, 'k8s.cni.cncf.io~v1~NetworkAttachmentDefinition');
  assert.deepEqual(
    providers.map((p) => p.properties.provider),
    [1, 2],
  );
  const merged = kebabActions(
    [[{ id: 'delete-nad', label: 'Delete' }], [{ id: 'sb', label: 'Open in Switchboard' }]],
    true,
    'X',
  );
  assert.deepEqual(
    merged.map((a) => a.id),
    ['delete-nad', 'sb'],
  );
  assert.deepEqual(
    kebabActions([], false, 'NodeNetworkState').map((a) => a.label),
    ['Edit labels', 'Edit annotations', 'Edit NodeNetworkState', 'Delete NodeNetworkState'],
  );
});

test('the URL names the active namespace in its second segment, on any route', () => {
  assert.equal(namespaceOfPath('/k8s/ns/tenant-a/pods'), 'tenant-a');
  assert.equal(namespaceOfPath('/switchboard/ns/tenant-a/attachments/m1'), 'tenant-a');
  assert.equal(namespaceOfPath('/switchboard/all-namespaces/attachments'), '#ALL_NS#');
  assert.equal(namespaceOfPath('/k8s/cluster/projects/p1'), 'p1');
  assert.equal(namespaceOfPath('/switchboard/policies'), undefined);
});

test('changing the project rewrites the namespace segment and drops an object name', () => {
  assert.equal(
    formatNamespaceRoute('b', '/switchboard/ns/a/attachments/m1'),
    '/switchboard/ns/b/attachments',
  );
  assert.equal(
    formatNamespaceRoute('#ALL_NS#', '/switchboard/ns/a/attachments'),
    '/switchboard/all-namespaces/attachments',
  );
  assert.equal(
    formatNamespaceRoute('a', '/switchboard/all-namespaces/attachments'),
    '/switchboard/ns/a/attachments',
  );
  assert.equal(formatNamespaceRoute('a', '/switchboard/policies'), '/switchboard/policies');
});
