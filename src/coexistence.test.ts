// Switchboard shares the console with nmstate-console-plugin and networking-console-plugin.
// These checks keep every Switchboard page on a route Switchboard owns, every link pointing
// there, and every shared registration (resource pages, templates, actions) explained.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PEER_FLAGS, RESOURCE_EXTENSION_RATIONALE } from './extensionRationale';
import * as routes from './shared/routes';
import {
  BareMetalHostGVK,
  NadGVK,
  NodeGVK,
  NodeNetworkStateGVK,
  PolicyGVK,
} from './shared/k8s/models';

const root = path.resolve(__dirname, '..');
interface Ext {
  type: string;
  properties: Record<string, unknown>;
  flags?: { required?: string[]; disallowed?: string[] };
}
const extensions = JSON.parse(
  fs.readFileSync(path.join(root, 'console-extensions.json'), 'utf8'),
) as Ext[];

type Model = { group: string; version: string; kind: string };
const refOf = (m: Model) => `${m.group || 'core'}~${m.version}~${m.kind}`;

const routePaths = extensions
  .filter((e) => e.type === 'console.page/route')
  .flatMap((e) => {
    const p = e.properties.path;
    return Array.isArray(p) ? (p as string[]) : [String(p)];
  });

/** Which registered route serves `url` (React Router semantics: static segments first). */
function matchRoute(url: string): string | undefined {
  const pathname = url.split(/[?#]/)[0] ?? '';
  const segs = pathname.split('/').filter(Boolean);
  const candidates = routePaths.filter((r) => {
    const rs = r.split('/').filter(Boolean);
    return (
      rs.length === segs.length &&
      rs.every((s, i) => s.startsWith(':') || s === decodeURIComponent(segs[i] ?? ''))
    );
  });
  const score = (r: string) => r.split('/').filter((s) => s && !s.startsWith(':')).length;
  return candidates.sort((a, b) => score(b) - score(a))[0];
}

test('every page route is under /switchboard/', () => {
  assert.ok(routePaths.length >= 10);
  for (const p of routePaths) assert.match(p, /^\/switchboard\//, p);
});

test('navigation items are links to Switchboard routes, never to the console resource pages', () => {
  const nav = extensions.filter((e) => e.type.startsWith('console.navigation/'));
  for (const e of nav) {
    assert.ok(
      e.type === 'console.navigation/href' || e.type === 'console.navigation/section',
      `${e.type} ${String(e.properties.id)} would open whichever plugin wins the kind`,
    );
    if (e.type === 'console.navigation/href') {
      const href = String(e.properties.href);
      assert.ok(matchRoute(href), `nav ${String(e.properties.id)} → ${href} has no route`);
    }
  }
  const ids = nav.map((e) => String(e.properties.id));
  for (const id of [
    'switchboard-policies',
    'switchboard-node-network-states',
    'switchboard-attachments',
  ]) {
    assert.ok(ids.includes(id), id);
  }
});

test('each URL builder lands on the route meant for it', () => {
  const cases: [string, string][] = [
    [routes.OVERVIEW_URL, '/switchboard/overview'],
    [routes.TOPOLOGY_URL, '/switchboard/topology'],
    [routes.FAILED_POLICIES_URL, '/switchboard/failed-policies'],
    [routes.SWITCH_PORTS_URL, '/switchboard/switch-ports'],
    [routes.POLICY_LIST_URL, '/switchboard/policies'],
    [routes.POLICY_CREATE_URL, '/switchboard/policies/~new'],
    [routes.policyUrl('br-1'), '/switchboard/policies/:name'],
    [routes.policyEditUrl('br-1'), '/switchboard/policies/:name/edit'],
    [routes.NNS_LIST_URL, '/switchboard/node-network-states'],
    [routes.nnsUrl('worker-0'), '/switchboard/node-network-states/:name'],
    [routes.NAD_ENTRY_URL, '/switchboard/attachments'],
    [routes.nadListUrl(), '/switchboard/all-namespaces/attachments'],
    [routes.nadListUrl(routes.ALL_NAMESPACES_KEY), '/switchboard/all-namespaces/attachments'],
    [routes.nadListUrl('tenant-a'), '/switchboard/ns/:ns/attachments'],
    [routes.nadUrl('tenant-a', 'm1'), '/switchboard/ns/:ns/attachments/:name'],
    [routes.nadEditUrl('tenant-a', 'm1'), '/switchboard/ns/:ns/attachments/:name/edit'],
    [routes.nadCreateUrl('tenant-a'), '/switchboard/ns/:ns/attachments/~new'],
    [routes.nadCreateUrl(undefined), '/switchboard/attachments/~new'],
  ];
  for (const [url, route] of cases) assert.equal(matchRoute(url), route, url);
  // Names are encoded, so an odd name cannot reach another route.
  assert.equal(matchRoute(routes.policyUrl('a/edit')), '/switchboard/policies/:name');
});

test('links to our kinds go to our pages; other kinds keep the console pages', () => {
  assert.equal(routes.objectUrl(PolicyGVK, 'p'), '/switchboard/policies/p');
  assert.equal(routes.objectUrl(NodeNetworkStateGVK, 'w'), '/switchboard/node-network-states/w');
  assert.equal(routes.objectUrl(NadGVK, 'n', 'ns1'), '/switchboard/ns/ns1/attachments/n');
  assert.equal(routes.objectUrl(NodeGVK, 'w'), '/k8s/cluster/core~v1~Node/w');
  assert.equal(
    routes.objectUrl(BareMetalHostGVK, 'h', 'openshift-machine-api'),
    '/k8s/ns/openshift-machine-api/metal3.io~v1alpha1~BareMetalHost/h',
  );
});

test('no source file builds a console URL for a kind Switchboard has pages for', () => {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir)) {
      const p = path.join(dir, name);
      if (fs.statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        const text = fs.readFileSync(p, 'utf8');
        const rel = path.relative(root, p);
        if (
          /\/k8s\/[^'"`]*(NodeNetworkConfigurationPolicy|NodeNetworkState|NetworkAttachmentDefinition)/.test(
            text,
          )
        ) {
          offenders.push(`${rel}: /k8s/ URL literal for one of our kinds`);
        }
        if (
          /\bgetResourceUrl\b/.test(text) &&
          !/shared[\\/](routes|k8s[\\/]models|k8s[\\/]models[\\/]reference)\.ts$/.test(rel) &&
          !rel.endsWith(path.join('policies', 'components', 'urls.ts'))
        ) {
          offenders.push(`${rel}: getResourceUrl (use objectUrl from shared/routes)`);
        }
      }
    }
  };
  walk(path.join(root, 'src'));
  assert.deepEqual(offenders, []);
});

test('every shared registration has a written reason, and every reason a registration', () => {
  const shared = extensions.filter(
    (e) =>
      e.type.startsWith('console.page/resource/') ||
      e.type === 'console.yaml-template' ||
      e.type === 'console.action/resource-provider' ||
      e.type === 'console.tab/horizontalNav',
  );
  const keys = shared.map((e) => `${e.type} ${refOf(e.properties.model as Model)}`);
  assert.deepEqual([...keys].sort(), Object.keys(RESOURCE_EXTENSION_RATIONALE).sort());
});

test('resource pages for kinds a peer serves step aside while that peer is loaded', () => {
  const expected: Record<string, string | undefined> = {
    'console.page/resource/list nmstate.io~v1~NodeNetworkConfigurationPolicy':
      PEER_FLAGS.nmstateConsolePlugin,
    'console.page/resource/details nmstate.io~v1~NodeNetworkConfigurationPolicy':
      PEER_FLAGS.nmstateConsolePlugin,
    'console.page/resource/list nmstate.io~v1beta1~NodeNetworkState':
      PEER_FLAGS.nmstateConsolePlugin,
    // nmstate-console-plugin has no NodeNetworkState details page.
    'console.page/resource/details nmstate.io~v1beta1~NodeNetworkState': undefined,
    'console.page/resource/list k8s.cni.cncf.io~v1~NetworkAttachmentDefinition':
      PEER_FLAGS.networkingConsolePlugin,
    'console.page/resource/details k8s.cni.cncf.io~v1~NetworkAttachmentDefinition':
      PEER_FLAGS.networkingConsolePlugin,
  };
  const pages = extensions.filter((e) => e.type.startsWith('console.page/resource/'));
  assert.equal(pages.length, Object.keys(expected).length);
  for (const e of pages) {
    const key = `${e.type} ${refOf(e.properties.model as Model)}`;
    assert.ok(key in expected, key);
    const flag = expected[key];
    assert.deepEqual(e.flags?.disallowed ?? [], flag ? [flag] : [], key);
  }
});

test('YAML templates carry our own names', () => {
  const templates = extensions.filter((e) => e.type === 'console.yaml-template');
  assert.equal(templates.length, 2);
  for (const e of templates) {
    const name = typeof e.properties.name === 'string' ? e.properties.name : 'default';
    assert.notEqual(name, 'default');
    assert.match(name, /^switchboard-/);
  }
});
