// Checks charts/switchboard without Helm: values against the schema, template syntax, the
// rendered manifests (through chart-render.ts) against a YAML lint and the settings the console,
// OpenShift and our hardening rely on, and the enablement script against a fake `oc`.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { loadChart, parseTemplate, Renderer, RequiredError, valuesPaths } from './chart-render';
import { lintYaml, SchemaValidator } from './chart-lint';
import type { Schema } from './chart-lint';

type Dict = Record<string, unknown>;

const repo = join(import.meta.dirname, '..');
const chartDir = join(import.meta.dirname, 'switchboard');
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  consolePlugin: { name: string };
};
const defaults = parse(readFileSync(join(chartDir, 'values.yaml'), 'utf8')) as Dict;
const schema = JSON.parse(readFileSync(join(chartDir, 'values.schema.json'), 'utf8')) as Schema;
const validator = new SchemaValidator(schema);
const chart = loadChart(chartDir);
const renderer = new Renderer(chart);
const nginxConf = readFileSync(join(repo, 'deploy', 'nginx.conf'), 'utf8');

const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a nested field; the tests assert on the result, so a missing path just yields undefined. */
function at(obj: unknown, ...path: (string | number)[]): unknown {
  let v: unknown = obj;
  for (const key of path) {
    if (Array.isArray(v) && typeof key === 'number') v = v[key];
    else if (isDict(v) && typeof key === 'string') v = v[key];
    else return undefined;
  }
  return v;
}

/** Defaults plus the overrides every install must pass (the image repository is required). */
function values(patch: (v: Dict) => void = () => undefined): Dict {
  const v = structuredClone(defaults);
  const plugin = at(v, 'plugin', 'image');
  if (isDict(plugin)) plugin.repository = 'quay.io/example/switchboard';
  patch(v);
  return v;
}

interface Manifest {
  file: string;
  doc: Dict;
}

function manifests(vals: Dict): Manifest[] {
  const out: Manifest[] = [];
  for (const [file, text] of renderer.renderAll(vals)) {
    if (!file.endsWith('.yaml')) continue;
    for (const doc of parseAllDocuments(text)) {
      const js: unknown = doc.toJS();
      if (isDict(js)) out.push({ file, doc: js });
    }
  }
  return out;
}

function find(list: Manifest[], kind: string, name?: string): Dict {
  const hit = list.find(
    (m) => m.doc.kind === kind && (name === undefined || at(m.doc, 'metadata', 'name') === name),
  );
  assert.ok(hit, `no ${kind} ${name ?? ''} rendered`);
  return hit.doc;
}

const rendered = manifests(values());
const deployment = find(rendered, 'Deployment');
const podSpec = at(deployment, 'spec', 'template', 'spec');
const container = at(podSpec, 'containers', 0);
const service = find(rendered, 'Service');
const consolePlugin = find(rendered, 'ConsolePlugin');

void describe('chart values', () => {
  void test('the schema uses only keywords the validator understands', () => {
    assert.deepEqual(validator.unsupportedKeywords(), []);
    assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
  });

  void test('values.yaml validates against values.schema.json', () => {
    assert.deepEqual(validator.validate(defaults), []);
  });

  void test('the schema rejects typos and unsafe settings', () => {
    const bad = (patch: (v: Dict) => void): string[] => validator.validate(values(patch));
    assert.notDeepEqual(
      bad((v) => (v.replica = 3)),
      [],
    );
    assert.notDeepEqual(
      bad((v) => {
        const p = at(v, 'plugin');
        if (isDict(p)) p.replicas = 0;
      }),
      [],
    );
    assert.notDeepEqual(
      bad((v) => {
        const c = at(v, 'securityContext', 'container');
        if (isDict(c)) c.allowPrivilegeEscalation = true;
      }),
      [],
    );
    assert.notDeepEqual(
      bad((v) => {
        const p = at(v, 'plugin');
        if (isDict(p)) p.name = 'Switch_Board';
      }),
      [],
    );
  });

  void test('every .Values path used in a template exists in values.yaml and in the schema', () => {
    for (const path of valuesPaths(chartDir)) {
      assert.notEqual(at(defaults, ...path.split('.')), undefined, `values.yaml lacks ${path}`);
      assert.ok(validator.describes(path), `values.schema.json lacks ${path}`);
    }
  });

  void test('every value in values.yaml is used by a template', () => {
    const used = [...valuesPaths(chartDir)];
    const leaves = (v: unknown, prefix: string): string[] =>
      isDict(v) && Object.keys(v).length > 0
        ? Object.entries(v).flatMap(([k, child]) => leaves(child, prefix ? `${prefix}.${k}` : k))
        : [prefix];
    for (const leaf of leaves(defaults, '')) {
      assert.ok(
        used.some((u) => leaf === u || leaf.startsWith(`${u}.`)),
        `${leaf} is not used by any template`,
      );
    }
  });

  void test('the plugin name default equals consolePlugin.name in package.json', () => {
    assert.equal(at(defaults, 'plugin', 'name'), pkg.consolePlugin.name);
  });
});

void describe('chart templates', () => {
  const dir = join(chartDir, 'templates');

  void test('actions are balanced and blocks are closed', () => {
    for (const file of readdirSync(dir)) {
      parseTemplate(readFileSync(join(dir, file), 'utf8'), file);
    }
    assert.throws(() => parseTemplate('{{ if .Values.a }}x', 't'), /without \{\{ end \}\}/);
    assert.throws(() => parseTemplate('x }}', 't'), /without a matching/);
    assert.throws(() => parseTemplate('{{ .Values.a ', 't'), /never closed/);
    assert.throws(() => parseTemplate('{{ end }}', 't'), /unexpected/);
  });

  void test('template sources have no tabs or trailing spaces', () => {
    for (const file of readdirSync(dir)) {
      readFileSync(join(dir, file), 'utf8')
        .split('\n')
        .forEach((line, n) => {
          assert.doesNotMatch(line, /\t|\s$/, `${file}:${n + 1}`);
        });
    }
  });

  const variants: [string, Dict][] = [
    ['defaults', values()],
    [
      'authors, own certificate, no job, no PDB',
      values((v) => {
        const p = at(v, 'plugin');
        if (isDict(p)) {
          p.certificateSecretName = 'my-cert';
          p.nodeSelector = { 'node-role.kubernetes.io/infra': '' };
          p.tolerations = [{ key: 'infra', operator: 'Exists', effect: 'NoSchedule' }];
        }
        const pdb = at(v, 'plugin', 'podDisruptionBudget');
        if (isDict(pdb)) pdb.enabled = false;
        const job = at(v, 'enablement');
        if (isDict(job)) job.enabled = false;
        const authors = at(v, 'rbac', 'policyAuthors');
        if (isDict(authors)) {
          authors.users = ['alice', 'bob'];
          authors.groups = ['network-admins'];
        }
      }),
    ],
    [
      'no RBAC',
      values((v) => {
        const r = at(v, 'rbac');
        if (isDict(r)) r.enabled = false;
      }),
    ],
  ];
  for (const [name, vals] of variants) {
    void test(`rendered manifests pass the YAML lint (${name})`, () => {
      assert.deepEqual(validator.validate(vals), []);
      for (const [file, text] of renderer.renderAll(vals)) {
        if (file.endsWith('.yaml')) assert.deepEqual(lintYaml(text, file), []);
      }
      for (const { file, doc } of manifests(vals)) {
        assert.ok(doc.apiVersion && doc.kind && at(doc, 'metadata', 'name'), file);
      }
    });
  }

  void test('the lint catches what it claims to', () => {
    assert.notDeepEqual(lintYaml('a: 1\na: 2\n', 't'), []);
    assert.notDeepEqual(lintYaml('a:\n    b: 1\n', 't'), []);
    assert.notDeepEqual(lintYaml('a: 1 \n', 't'), []);
    assert.notDeepEqual(lintYaml('a:\n\tb: 1\n', 't'), []);
    assert.deepEqual(lintYaml('a: |\n  x\n      y\nb:\n  - c: 1\n    d:\n      e: 2\n', 't'), []);
  });

  void test('installing without an image repository fails with a clear message', () => {
    assert.throws(
      () => renderer.renderAll(structuredClone(defaults)),
      (err: unknown) =>
        err instanceof RequiredError && /plugin\.image\.repository/.test(err.message),
    );
  });
});

void describe('chart manifests', () => {
  void test('the ConsolePlugin registers the built plugin behind the Service', () => {
    assert.equal(consolePlugin.apiVersion, 'console.openshift.io/v1');
    assert.equal(at(consolePlugin, 'metadata', 'name'), pkg.consolePlugin.name);
    assert.equal(at(consolePlugin, 'spec', 'displayName'), 'Switchboard');
    assert.deepEqual(at(consolePlugin, 'spec', 'backend'), {
      type: 'Service',
      service: {
        name: at(service, 'metadata', 'name'),
        namespace: at(service, 'metadata', 'namespace'),
        port: at(service, 'spec', 'ports', 0, 'port'),
        basePath: '/',
      },
    });
    assert.equal(at(consolePlugin, 'spec', 'i18n', 'loadType'), 'Preload');
  });

  void test('the nginx ConfigMap carries deploy/nginx.conf unchanged', () => {
    const cm = find(rendered, 'ConfigMap');
    assert.equal(
      at(cm, 'data', 'nginx.conf'),
      nginxConf,
      'copy deploy/nginx.conf into templates/configmap.yaml (indented 4 spaces)',
    );
  });

  void test('the Deployment is hardened', () => {
    assert.equal(at(deployment, 'spec', 'replicas'), 2);
    assert.equal(at(podSpec, 'securityContext', 'runAsNonRoot'), true);
    assert.equal(at(podSpec, 'securityContext', 'seccompProfile', 'type'), 'RuntimeDefault');
    assert.equal(at(podSpec, 'automountServiceAccountToken'), false);
    const sc = at(container, 'securityContext');
    assert.equal(at(sc, 'runAsNonRoot'), true);
    assert.equal(at(sc, 'readOnlyRootFilesystem'), true);
    assert.equal(at(sc, 'allowPrivilegeEscalation'), false);
    assert.deepEqual(at(sc, 'capabilities', 'drop'), ['ALL']);
    for (const kind of ['requests', 'limits']) {
      for (const resource of ['cpu', 'memory']) {
        assert.ok(at(container, 'resources', kind, resource), `${kind}.${resource}`);
      }
    }
  });

  void test('probes and ports agree with nginx.conf', () => {
    const port = Number(/^\s*listen (\d+) ssl;/m.exec(nginxConf)?.[1]);
    assert.deepEqual(at(container, 'ports'), [
      { name: 'https', containerPort: port, protocol: 'TCP' },
    ]);
    for (const probe of ['readinessProbe', 'livenessProbe']) {
      assert.deepEqual(at(container, probe, 'httpGet'), {
        scheme: 'HTTPS',
        port: 'https',
        path: '/plugin-manifest.json',
      });
    }
    assert.equal(at(service, 'spec', 'ports', 0, 'targetPort'), 'https');
  });

  void test('mounts match the paths nginx.conf uses', () => {
    const mounts = at(container, 'volumeMounts') as Dict[];
    const volumes = at(podSpec, 'volumes') as Dict[];
    const volume = (mountPath: string): Dict => {
      const m = mounts.find((x) => x.mountPath === mountPath);
      assert.ok(m, `nothing mounted at ${mountPath}`);
      const v = volumes.find((x) => x.name === m.name);
      assert.ok(v, `no volume ${String(m.name)}`);
      return { ...m, ...v };
    };
    assert.match(nginxConf, /ssl_certificate \/var\/cert\/tls\.crt;/);
    assert.match(nginxConf, /ssl_certificate_key \/var\/cert\/tls\.key;/);
    const cert = volume('/var/cert');
    assert.equal(cert.readOnly, true);
    assert.equal(
      at(cert, 'secret', 'secretName'),
      at(service, 'metadata', 'annotations', 'service.beta.openshift.io/serving-cert-secret-name'),
    );
    assert.equal(at(cert, 'secret', 'secretName'), `${pkg.consolePlugin.name}-cert`);
    const conf = volume('/etc/nginx/nginx.conf');
    assert.equal(conf.subPath, 'nginx.conf');
    assert.equal(
      at(conf, 'configMap', 'name'),
      at(find(rendered, 'ConfigMap'), 'metadata', 'name'),
    );
    assert.match(nginxConf, /^pid \/tmp\//m);
    assert.ok(isDict(volume('/tmp').emptyDir), '/tmp is an emptyDir');
  });

  void test('replicas spread over nodes and a disruption budget keeps one serving', () => {
    const spread = at(podSpec, 'topologySpreadConstraints', 0);
    assert.equal(at(spread, 'topologyKey'), 'kubernetes.io/hostname');
    const selector = at(deployment, 'spec', 'selector', 'matchLabels');
    assert.deepEqual(at(spread, 'labelSelector', 'matchLabels'), selector);
    const pdb = find(rendered, 'PodDisruptionBudget');
    assert.equal(at(pdb, 'spec', 'minAvailable'), 1);
    assert.deepEqual(at(pdb, 'spec', 'selector', 'matchLabels'), selector);
    assert.deepEqual(at(service, 'spec', 'selector'), selector);
  });

  void test('a provided certificate Secret replaces the service CA annotation', () => {
    const list = manifests(
      values((v) => {
        const p = at(v, 'plugin');
        if (isDict(p)) p.certificateSecretName = 'my-cert';
      }),
    );
    assert.equal(at(find(list, 'Service'), 'metadata', 'annotations'), undefined);
    const vols = at(find(list, 'Deployment'), 'spec', 'template', 'spec', 'volumes') as Dict[];
    assert.ok(vols.some((v) => at(v, 'secret', 'secretName') === 'my-cert'));
  });
});

void describe('chart RBAC', () => {
  const role = (name: string): Dict => find(rendered, 'ClusterRole', name);
  const grants = (r: Dict): Map<string, Set<string>> => {
    const out = new Map<string, Set<string>>();
    for (const rule of at(r, 'rules') as Dict[]) {
      for (const group of rule.apiGroups as string[]) {
        for (const res of rule.resources as string[]) {
          const key = `${res}.${group}`;
          const verbs = out.get(key) ?? new Set<string>();
          for (const verb of rule.verbs as string[]) verbs.add(verb);
          out.set(key, verbs);
        }
      }
    }
    return out;
  };
  const readable = [
    'nodenetworkconfigurationpolicies.nmstate.io',
    'nodenetworkstates.nmstate.io',
    'nodenetworkconfigurationenactments.nmstate.io',
    'network-attachment-definitions.k8s.cni.cncf.io',
    'baremetalhosts.metal3.io',
    'hardwaredata.metal3.io',
    'baremetalswitches.metal3.io',
    'hostnetworkattachments.metal3.io',
  ];
  const writable = [
    'nodenetworkconfigurationpolicies.nmstate.io',
    'network-attachment-definitions.k8s.cni.cncf.io',
    'baremetalswitches.metal3.io',
    'hostnetworkattachments.metal3.io',
  ];

  void test('viewers get read-only access to every kind the plugin shows', () => {
    const view = role('switchboard-view');
    assert.equal(
      at(view, 'metadata', 'labels', 'rbac.authorization.k8s.io/aggregate-to-view'),
      'true',
    );
    const g = grants(view);
    assert.deepEqual([...g.keys()].sort(), [...readable].sort());
    for (const verbs of g.values()) assert.deepEqual([...verbs].sort(), ['get', 'list', 'watch']);
  });

  void test('editors and admins get write verbs on the kinds they author', () => {
    const edit = role('switchboard-edit');
    const labels = at(edit, 'metadata', 'labels');
    assert.equal(at(labels, 'rbac.authorization.k8s.io/aggregate-to-edit'), 'true');
    assert.equal(at(labels, 'rbac.authorization.k8s.io/aggregate-to-admin'), 'true');
    const g = grants(edit);
    assert.deepEqual([...g.keys()].sort(), [...writable].sort());
    for (const verbs of g.values()) {
      assert.deepEqual([...verbs].sort(), ['create', 'delete', 'patch', 'update']);
    }
  });

  void test('policy authors get a bindable, non-aggregated cluster role; history stays namespaced', () => {
    const author = role('switchboard-policy-author');
    const labels = Object.keys(at(author, 'metadata', 'labels') as Dict);
    assert.ok(!labels.some((l) => l.startsWith('rbac.authorization.k8s.io/aggregate')));
    assert.deepEqual(
      [...(grants(author).get('nodenetworkconfigurationpolicies.nmstate.io') ?? [])].sort(),
      ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
    );
    const history = grants(role('switchboard-policy-history'));
    assert.deepEqual([...(history.get('controllerrevisions.apps') ?? [])].sort(), [
      'create',
      'delete',
      'get',
      'list',
      'watch',
    ]);
    assert.ok(!rendered.some((m) => m.doc.kind === 'RoleBinding'), 'no bindings by default');
  });

  void test('listed authors are bound cluster-wide and in the history namespace', () => {
    const list = manifests(
      values((v) => {
        const r = at(v, 'rbac');
        if (isDict(r)) r.historyNamespace = 'nmstate-history';
        const a = at(v, 'rbac', 'policyAuthors');
        if (isDict(a)) {
          a.users = ['alice'];
          a.groups = ['network-admins'];
        }
      }),
    );
    const subjects = [
      { kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'alice' },
      { kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'network-admins' },
    ];
    const crb = find(list, 'ClusterRoleBinding', 'switchboard-policy-authors');
    assert.equal(at(crb, 'roleRef', 'name'), 'switchboard-policy-author');
    assert.deepEqual(at(crb, 'subjects'), subjects);
    const rb = find(list, 'RoleBinding', 'switchboard-policy-history');
    assert.equal(at(rb, 'metadata', 'namespace'), 'nmstate-history');
    assert.deepEqual(at(rb, 'roleRef'), {
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'ClusterRole',
      name: 'switchboard-policy-history',
    });
    assert.deepEqual(at(rb, 'subjects'), subjects);
  });
});

void describe('plugin enablement job', () => {
  const job = find(rendered, 'Job');
  const jobContainer = at(job, 'spec', 'template', 'spec', 'containers', 0);
  const script = String(at(jobContainer, 'args', 0));
  const work = mkdtempSync(join(tmpdir(), 'switchboard-oc-'));
  after(() => {
    rmSync(work, { recursive: true, force: true });
  });

  void test('runs as a post-install/post-upgrade hook with only get/patch on the console config', () => {
    for (const doc of rendered.filter((m) => m.file.endsWith('enable-plugin-job.yaml'))) {
      assert.equal(
        at(doc.doc, 'metadata', 'annotations', 'helm.sh/hook'),
        'post-install,post-upgrade',
      );
    }
    assert.deepEqual(at(find(rendered, 'ClusterRole', 'switchboard-enable-plugin'), 'rules'), [
      {
        apiGroups: ['operator.openshift.io'],
        resources: ['consoles'],
        resourceNames: ['cluster'],
        verbs: ['get', 'patch'],
      },
    ]);
    assert.equal(at(jobContainer, 'securityContext', 'readOnlyRootFilesystem'), true);
    assert.deepEqual(at(jobContainer, 'env', 0), { name: 'PLUGIN_NAME', value: 'switchboard' });
  });

  // A stand-in for `oc` that understands exactly the two calls the script makes and keeps the
  // console config in a JSON file. `race` simulates another writer between get and patch.
  const fakeOc = `#!/usr/bin/env node
const fs = require('node:fs');
const file = process.env.FAKE_CONSOLE;
const state = JSON.parse(fs.readFileSync(file, 'utf8'));
const args = process.argv.slice(2);
fs.appendFileSync(file + '.log', args[0] + '\\n');
const save = () => fs.writeFileSync(file, JSON.stringify(state));
if (args[0] === 'get') {
  const want = "jsonpath={.metadata.resourceVersion}{\\"\\\\n\\"}{range .spec.plugins[*]}{@}{\\"\\\\n\\"}{end}";
  if (args.join(' ') !== 'get consoles.operator.openshift.io cluster -o ' + want) process.exit(2);
  process.stdout.write(state.console.metadata.resourceVersion + '\\n' + (state.console.spec.plugins || []).map((p) => p + '\\n').join(''));
} else if (args[0] === 'patch') {
  if (args.slice(0, 4).join(' ') !== 'patch consoles.operator.openshift.io cluster --type=json' || args[4] !== '-p') process.exit(2);
  if (state.race) { (state.console.spec.plugins ||= []).push(state.race); delete state.race; state.console.metadata.resourceVersion = String(Number(state.console.metadata.resourceVersion) + 1); save(); }
  const doc = JSON.parse(JSON.stringify(state.console));
  for (const op of JSON.parse(args[5])) {
    if (op.op === 'test') { if (doc.metadata.resourceVersion !== op.value) { console.error('test failed'); process.exit(1); } continue; }
    if (op.op !== 'add') process.exit(2);
    if (op.path === '/spec/plugins') doc.spec.plugins = op.value;
    else if (op.path === '/spec/plugins/-') doc.spec.plugins.push(op.value);
    else process.exit(2);
  }
  doc.metadata.resourceVersion = String(Number(doc.metadata.resourceVersion) + 1);
  state.console = doc; save();
} else process.exit(2);
`;
  writeFileSync(join(work, 'oc'), fakeOc);
  chmodSync(join(work, 'oc'), 0o755);

  function runScript(spec: Dict, race?: string): { plugins: unknown; calls: string[] } {
    const file = join(work, `console-${Math.random().toString(36).slice(2)}.json`);
    const console = { metadata: { resourceVersion: '7' }, spec };
    writeFileSync(file, JSON.stringify(race ? { console, race } : { console }));
    const r = spawnSync('bash', ['-c', script], {
      encoding: 'utf8',
      env: {
        ...process.env,
        PATH: `${work}:${process.env.PATH ?? ''}`,
        PLUGIN_NAME: 'switchboard',
        FAKE_CONSOLE: file,
      },
    });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const state = JSON.parse(readFileSync(file, 'utf8')) as { console: Dict };
    return {
      plugins: at(state.console, 'spec', 'plugins'),
      calls: readFileSync(`${file}.log`, 'utf8').trim().split('\n'),
    };
  }

  void test('creates spec.plugins when it is absent or null', () => {
    assert.deepEqual(runScript({ managementState: 'Managed' }).plugins, ['switchboard']);
    assert.deepEqual(runScript({ plugins: null }).plugins, ['switchboard']);
    assert.deepEqual(runScript({ plugins: [] }).plugins, ['switchboard']);
  });

  void test('appends after the plugins that are already enabled', () => {
    assert.deepEqual(runScript({ plugins: ['nmstate-console-plugin', 'monitoring'] }).plugins, [
      'nmstate-console-plugin',
      'monitoring',
      'switchboard',
    ]);
  });

  void test('does nothing when the plugin is already enabled', () => {
    const r = runScript({ plugins: ['a', 'switchboard', 'b'] });
    assert.deepEqual(r.plugins, ['a', 'switchboard', 'b']);
    assert.deepEqual(r.calls, ['get']);
  });

  void test('re-reads and keeps a plugin added concurrently', () => {
    const r = runScript({ plugins: null }, 'other-plugin');
    assert.deepEqual(r.plugins, ['other-plugin', 'switchboard']);
    assert.deepEqual(r.calls, ['get', 'patch', 'get', 'patch']);
  });
});

void describe('docs/deploy.md', () => {
  const doc = readFileSync(join(repo, 'docs', 'deploy.md'), 'utf8');

  void test('every --set key it shows is a chart value', () => {
    const keys = [...doc.matchAll(/--set(?:-string)? ([\w.]+)=/g)].map((m) => m[1] ?? '');
    assert.ok(keys.length > 0);
    for (const key of keys) assert.ok(validator.describes(key), `${key} is not a chart value`);
  });

  void test('every switchboard role it names is rendered by the chart', () => {
    const names = new Set(
      manifests(
        values((v) => {
          const a = at(v, 'rbac', 'policyAuthors');
          if (isDict(a)) a.users = ['alice'];
        }),
      ).map((m) => at(m.doc, 'metadata', 'name')),
    );
    for (const m of doc.matchAll(/\bswitchboard-[a-z-]*[a-z]\b/g)) {
      if (m[0] === 'switchboard-plugin' || m[0] === 'switchboard-cert') continue;
      assert.ok(names.has(m[0]), `${m[0]} is not rendered by the chart`);
    }
    assert.match(doc, /service\.beta\.openshift\.io\/serving-cert-secret-name/);
  });
});
