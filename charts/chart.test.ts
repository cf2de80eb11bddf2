// Checks charts/switchboard with the real Helm (unpacked from the project's dependencies by
// scripts/tools.mjs): `helm lint --strict`, `helm template` for the defaults and every documented
// combination, the values schema rejecting bad values, the rendered manifests against the
// Kubernetes and OpenShift schemas they target (manifest-schemas.ts) and against what the console,
// OpenShift and our hardening rely on, and the enablement Job's script run with real kubectl as
// `oc` against the sandbox's consoles.operator.openshift.io object.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { ensureTools } from '../scripts/tools.mjs';
import type { TestCluster } from '../sandbox/cluster/testing';
import { startTestCluster } from '../sandbox/cluster/testing';
import { manifestErrors } from './manifest-schemas';

type Dict = Record<string, unknown>;

const run = promisify(execFile);
const repo = join(import.meta.dirname, '..');
const chartDir = join(import.meta.dirname, 'switchboard');
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  consolePlugin: { name: string };
};
const defaults = parse(readFileSync(join(chartDir, 'values.yaml'), 'utf8')) as Dict;
const schema = JSON.parse(readFileSync(join(chartDir, 'values.schema.json'), 'utf8')) as Dict;
const nginxConf = readFileSync(join(repo, 'deploy', 'nginx.conf'), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'switchboard-chart-'));
after(() => {
  rmSync(work, { recursive: true, force: true });
});

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

let tools: { helm: string; kubectl: string } | undefined;
async function toolPaths(): Promise<{ helm: string; kubectl: string }> {
  tools ??= await ensureTools();
  return tools;
}

interface HelmResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

async function helm(args: string[]): Promise<HelmResult> {
  try {
    const { stdout, stderr } = await run((await toolPaths()).helm, args, {
      timeout: 60_000,
      env: { ...process.env, HELM_CACHE_HOME: join(work, 'helm-cache'), HELM_CONFIG_HOME: work },
    });
    return { ok: true, stdout, stderr };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, stdout: e.stdout ?? '', stderr: e.stderr ?? String(err) };
  }
}

let valuesFiles = 0;
/** Writes override values to a file for `-f` (so types survive, unlike --set). */
function valuesFile(overrides: Dict): string {
  const file = join(work, `values-${valuesFiles++}.yaml`);
  writeFileSync(file, stringify(overrides));
  return file;
}

/** Every install must pass the image repository; the documented commands do. */
const IMAGE = { plugin: { image: { repository: 'quay.io/example/switchboard' } } };

interface Manifest {
  file: string;
  doc: Dict;
}

function parseManifests(text: string): Manifest[] {
  const out: Manifest[] = [];
  for (const doc of parseAllDocuments(text)) {
    assert.deepEqual(doc.errors, [], 'helm template printed invalid YAML');
    const source = /# Source: switchboard\/(\S+)/.exec(doc.commentBefore ?? '')?.[1] ?? '';
    const js: unknown = doc.toJS();
    if (isDict(js)) out.push({ file: source, doc: js });
  }
  return out;
}

async function render(
  overrides: Dict[] = [IMAGE],
  chart = chartDir,
  extra: string[] = [],
): Promise<Manifest[]> {
  const r = await helm([
    'template',
    'switchboard',
    chart,
    '-n',
    'switchboard',
    ...overrides.flatMap((o) => ['-f', valuesFile(o)]),
    ...extra,
  ]);
  assert.ok(r.ok, r.stderr);
  return parseManifests(r.stdout);
}

async function renderFails(overrides: Dict[]): Promise<string> {
  const r = await helm([
    'template',
    'switchboard',
    chartDir,
    '-n',
    'switchboard',
    ...overrides.flatMap((o) => ['-f', valuesFile(o)]),
  ]);
  assert.equal(r.ok, false, `helm template accepted ${JSON.stringify(overrides)}`);
  return r.stderr;
}

function find(list: Manifest[], kind: string, name?: string): Dict {
  const hit = list.find(
    (m) => m.doc.kind === kind && (name === undefined || at(m.doc, 'metadata', 'name') === name),
  );
  assert.ok(hit, `no ${kind} ${name ?? ''} rendered`);
  return hit.doc;
}

/** The combinations docs/deploy.md and values.yaml document, each rendered and validated. */
const COMBINATIONS: [string, Dict][] = [
  ['defaults', {}],
  [
    'own certificate, infra nodes, no enablement job, no PDB, listed authors',
    {
      plugin: {
        certificateSecretName: 'my-cert',
        nodeSelector: { 'node-role.kubernetes.io/infra': '' },
        tolerations: [{ key: 'infra', operator: 'Exists', effect: 'NoSchedule' }],
        podDisruptionBudget: { enabled: false },
      },
      enablement: { enabled: false },
      rbac: { policyAuthors: { users: ['alice', 'bob'], groups: ['network-admins'] } },
    },
  ],
  [
    'policy write aggregated into edit/admin (opt-in)',
    { rbac: { aggregatePolicyWriteToEditAdmin: true } },
  ],
  ['no RBAC', { rbac: { enabled: false } }],
  ['three replicas, pinned tag', { plugin: { replicas: 3, image: { tag: '0.2.0' } } }],
];

let rendered: Manifest[] = [];
before(async () => {
  rendered = await render();
});

void describe('helm lint and the values schema', () => {
  void test('helm lint --strict passes with the required image', async () => {
    const r = await helm(['lint', '--strict', chartDir, '-f', valuesFile(IMAGE)]);
    assert.ok(r.ok, r.stdout + r.stderr);
    assert.match(r.stdout, /1 chart\(s\) linted, 0 chart\(s\) failed/);
  });

  void test('a broken template fails helm lint and helm template', async () => {
    const broken = join(work, 'broken');
    cpSync(chartDir, broken, { recursive: true });
    const file = join(broken, 'templates', 'service.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('{{- end }}', ''));
    const lint = await helm(['lint', '--strict', broken, '-f', valuesFile(IMAGE)]);
    assert.equal(lint.ok, false);
    assert.match(lint.stdout + lint.stderr, /service\.yaml/);
    const bad = join(work, 'bad-yaml');
    cpSync(chartDir, bad, { recursive: true });
    const svc = join(bad, 'templates', 'service.yaml');
    writeFileSync(svc, `${readFileSync(svc, 'utf8')}\n  bad: [unclosed\n`);
    const r = await helm(['template', 'switchboard', bad, '-f', valuesFile(IMAGE)]);
    assert.equal(r.ok, false, 'malformed YAML output is refused');
  });

  void test('values.yaml uses every key the schema requires and nothing else', async () => {
    // helm validates values.yaml (merged with the overrides) against values.schema.json.
    await render([IMAGE]);
    assert.equal(schema['$schema'], 'http://json-schema.org/draft-07/schema#');
  });

  void test('installing without an image repository fails with a clear message', async () => {
    assert.match(await renderFails([]), /plugin\.image\.repository is required/);
  });

  void test('the schema rejects typos and unsafe settings', async () => {
    assert.match(
      await renderFails([IMAGE, { replica: 3 }]),
      /additional properties 'replica' not allowed/,
    );
    assert.match(await renderFails([IMAGE, { plugin: { replicas: 0 } }]), /\/plugin\/replicas/);
    assert.match(
      await renderFails([
        IMAGE,
        { securityContext: { container: { allowPrivilegeEscalation: true } } },
      ]),
      /allowPrivilegeEscalation/,
    );
    assert.match(
      await renderFails([IMAGE, { plugin: { name: 'Switch_Board' } }]),
      /\/plugin\/name/,
    );
    assert.match(
      await renderFails([IMAGE, { rbac: { aggregatePolicyWriteToEditAdmin: 1 } }]),
      /aggregatePolicyWriteToEditAdmin/,
    );
    assert.match(
      await renderFails([IMAGE, { plugin: { image: { pullPolicy: 'Sometimes' } } }]),
      /pullPolicy/,
    );
  });

  const templates = readdirSync(join(chartDir, 'templates'));
  const valuePaths = new Set(
    templates.flatMap((f) =>
      [...readFileSync(join(chartDir, 'templates', f), 'utf8').matchAll(/\.Values\.([\w.]+)/g)].map(
        (m) => m[1] ?? '',
      ),
    ),
  );

  /** Whether the schema declares the dotted path (following $ref into definitions). */
  function describes(path: string): boolean {
    let node: unknown = schema;
    for (const key of path.split('.')) {
      const ref = at(node, '$ref');
      if (typeof ref === 'string') node = at(schema, ...ref.replace('#/', '').split('/'));
      node = at(node, 'properties', key);
      if (node === undefined) return false;
    }
    return true;
  }

  void test('every .Values path used in a template exists in values.yaml and in the schema', () => {
    assert.ok(valuePaths.size > 10);
    for (const path of valuePaths) {
      assert.notEqual(at(defaults, ...path.split('.')), undefined, `values.yaml lacks ${path}`);
      assert.ok(describes(path), `values.schema.json lacks ${path}`);
    }
  });

  void test('every value in values.yaml is used by a template', () => {
    const used = [...valuePaths];
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

  void test('template sources have no tabs or trailing spaces', () => {
    for (const file of templates) {
      readFileSync(join(chartDir, 'templates', file), 'utf8')
        .split('\n')
        .forEach((line, n) => {
          assert.doesNotMatch(line, /\t|\s$/, `${file}:${n + 1}`);
        });
    }
  });
});

void describe('rendered manifests against the Kubernetes and OpenShift schemas', () => {
  for (const [name, overrides] of COMBINATIONS) {
    void test(`every object validates (${name})`, async () => {
      const list = await render([IMAGE, overrides]);
      assert.ok(list.length >= 5);
      for (const { file, doc } of list) {
        assert.deepEqual(
          await manifestErrors(doc),
          [],
          `${file}: ${String(doc.kind)} ${String(at(doc, 'metadata', 'name'))}`,
        );
      }
    });
  }

  void test('the validators catch what they claim to', async () => {
    const deployment = structuredClone(find(rendered, 'Deployment'));
    const spec = at(deployment, 'spec');
    if (isDict(spec)) spec['replica'] = 2;
    const sc = at(deployment, 'spec', 'template', 'spec', 'containers', 0, 'securityContext');
    if (isDict(sc)) sc['runAsNonRoot'] = 'yes';
    const errors = await manifestErrors(deployment);
    assert.ok(
      errors.some((e) => e.includes('unknown field "spec.replica"')),
      errors.join('\n'),
    );
    assert.ok(
      errors.some((e) => /runAsNonRoot must be boolean/.test(e)),
      errors.join('\n'),
    );

    const plugin = structuredClone(find(rendered, 'ConsolePlugin'));
    const backend = at(plugin, 'spec', 'backend');
    if (isDict(backend)) backend['type'] = 'Route';
    const service = at(plugin, 'spec', 'backend', 'service');
    if (isDict(service)) service['portName'] = 'https';
    const pe = await manifestErrors(plugin);
    assert.ok(
      pe.some((e) => e.startsWith('/spec/backend/type')),
      pe.join('\n'),
    );
    assert.ok(
      pe.some((e) => e.includes('(portName)')),
      pe.join('\n'),
    );
    assert.deepEqual(await manifestErrors({ apiVersion: 'v9', kind: 'Nothing' }), [
      'no schema for v9 Nothing',
    ]);
  });

  void test('the ConsolePlugin sets no field whose CRD rules are CEL (not evaluated here)', () => {
    // contentSecurityPolicy carries x-kubernetes-validations that Ajv cannot run.
    assert.equal(at(find(rendered, 'ConsolePlugin'), 'spec', 'contentSecurityPolicy'), undefined);
  });
});

void describe('chart manifests', () => {
  const deployment = (): Dict => find(rendered, 'Deployment');
  const podSpec = (): unknown => at(deployment(), 'spec', 'template', 'spec');
  const container = (): unknown => at(podSpec(), 'containers', 0);
  const service = (): Dict => find(rendered, 'Service');

  void test('the ConsolePlugin registers the built plugin behind the Service', () => {
    const consolePlugin = find(rendered, 'ConsolePlugin');
    assert.equal(consolePlugin.apiVersion, 'console.openshift.io/v1');
    assert.equal(at(consolePlugin, 'metadata', 'name'), pkg.consolePlugin.name);
    assert.equal(at(consolePlugin, 'spec', 'displayName'), 'Switchboard');
    assert.deepEqual(at(consolePlugin, 'spec', 'backend'), {
      type: 'Service',
      service: {
        name: at(service(), 'metadata', 'name'),
        namespace: at(service(), 'metadata', 'namespace'),
        port: at(service(), 'spec', 'ports', 0, 'port'),
        basePath: '/',
      },
    });
    assert.equal(at(service(), 'metadata', 'namespace'), 'switchboard');
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

  void test('the Deployment is hardened and uses the given image', () => {
    assert.equal(at(deployment(), 'spec', 'replicas'), 2);
    assert.equal(at(podSpec(), 'securityContext', 'runAsNonRoot'), true);
    assert.equal(at(podSpec(), 'securityContext', 'seccompProfile', 'type'), 'RuntimeDefault');
    assert.equal(at(podSpec(), 'automountServiceAccountToken'), false);
    assert.equal(at(container(), 'image'), 'quay.io/example/switchboard:0.1.0');
    const sc = at(container(), 'securityContext');
    assert.equal(at(sc, 'runAsNonRoot'), true);
    assert.equal(at(sc, 'readOnlyRootFilesystem'), true);
    assert.equal(at(sc, 'allowPrivilegeEscalation'), false);
    assert.deepEqual(at(sc, 'capabilities', 'drop'), ['ALL']);
    for (const kind of ['requests', 'limits']) {
      for (const resource of ['cpu', 'memory']) {
        assert.ok(at(container(), 'resources', kind, resource), `${kind}.${resource}`);
      }
    }
  });

  void test('probes and ports agree with nginx.conf', () => {
    const port = Number(/^\s*listen (\d+) ssl;/m.exec(nginxConf)?.[1]);
    assert.deepEqual(at(container(), 'ports'), [
      { name: 'https', containerPort: port, protocol: 'TCP' },
    ]);
    for (const probe of ['readinessProbe', 'livenessProbe']) {
      assert.deepEqual(at(container(), probe, 'httpGet'), {
        scheme: 'HTTPS',
        port: 'https',
        path: '/plugin-manifest.json',
      });
    }
    assert.equal(at(service(), 'spec', 'ports', 0, 'targetPort'), 'https');
  });

  void test('mounts match the paths nginx.conf uses', () => {
    const mounts = at(container(), 'volumeMounts') as Dict[];
    const volumes = at(podSpec(), 'volumes') as Dict[];
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
      at(
        service(),
        'metadata',
        'annotations',
        'service.beta.openshift.io/serving-cert-secret-name',
      ),
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
    const spread = at(podSpec(), 'topologySpreadConstraints', 0);
    assert.equal(at(spread, 'topologyKey'), 'kubernetes.io/hostname');
    const selector = at(deployment(), 'spec', 'selector', 'matchLabels');
    assert.deepEqual(at(spread, 'labelSelector', 'matchLabels'), selector);
    const pdb = find(rendered, 'PodDisruptionBudget');
    assert.equal(at(pdb, 'spec', 'minAvailable'), 1);
    assert.deepEqual(at(pdb, 'spec', 'selector', 'matchLabels'), selector);
    assert.deepEqual(at(service(), 'spec', 'selector'), selector);
  });

  void test('the second combination drops the job and PDB and uses the own certificate', async () => {
    const list = await render([IMAGE, COMBINATIONS[1]?.[1] ?? {}]);
    assert.equal(at(find(list, 'Service'), 'metadata', 'annotations'), undefined);
    const pod = at(find(list, 'Deployment'), 'spec', 'template', 'spec');
    assert.ok(
      (at(pod, 'volumes') as Dict[]).some((v) => at(v, 'secret', 'secretName') === 'my-cert'),
    );
    assert.deepEqual(at(pod, 'nodeSelector'), { 'node-role.kubernetes.io/infra': '' });
    assert.ok(!list.some((m) => m.doc.kind === 'Job' || m.doc.kind === 'PodDisruptionBudget'));
  });

  void test('pinned tag and replica count reach the Deployment', async () => {
    const list = await render([IMAGE, COMBINATIONS[4]?.[1] ?? {}]);
    const d = find(list, 'Deployment');
    assert.equal(at(d, 'spec', 'replicas'), 3);
    assert.equal(
      at(d, 'spec', 'template', 'spec', 'containers', 0, 'image'),
      'quay.io/example/switchboard:0.2.0',
    );
  });
});

void describe('chart RBAC', () => {
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
  const aggregatedInto = (r: Dict): string[] =>
    Object.entries((at(r, 'metadata', 'labels') as Dict | undefined) ?? {})
      .filter(([k, v]) => k.startsWith('rbac.authorization.k8s.io/aggregate-to-') && v === 'true')
      .map(([k]) => k.replace('rbac.authorization.k8s.io/aggregate-to-', ''))
      .sort();
  const role = (name: string, list = rendered): Dict => find(list, 'ClusterRole', name);
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

  void test('viewers get read-only access to every kind the plugin shows', () => {
    const view = role('switchboard-view');
    assert.deepEqual(aggregatedInto(view), ['cluster-reader', 'view']);
    const g = grants(view);
    assert.deepEqual([...g.keys()].sort(), [...readable].sort());
    for (const verbs of g.values()) assert.deepEqual([...verbs].sort(), ['get', 'list', 'watch']);
  });

  void test('edit/admin get write verbs on the namespaced kinds only, by default', () => {
    const edit = role('switchboard-edit');
    assert.deepEqual(aggregatedInto(edit), ['admin', 'edit']);
    const g = grants(edit);
    assert.deepEqual([...g.keys()].sort(), [
      'baremetalswitches.metal3.io',
      'hostnetworkattachments.metal3.io',
      'network-attachment-definitions.k8s.cni.cncf.io',
    ]);
    for (const verbs of g.values()) {
      assert.deepEqual([...verbs].sort(), ['create', 'delete', 'patch', 'update']);
    }
    // No default role aggregated into a built-in role writes a cluster-scoped kind.
    for (const m of rendered.filter((x) => x.doc.kind === 'ClusterRole')) {
      const into = aggregatedInto(m.doc);
      if (!into.includes('edit') && !into.includes('admin')) continue;
      assert.ok(
        !grants(m.doc).has('nodenetworkconfigurationpolicies.nmstate.io'),
        String(at(m.doc, 'metadata', 'name')),
      );
    }
    assert.ok(!rendered.some((m) => at(m.doc, 'metadata', 'name') === 'switchboard-policy-edit'));
  });

  void test('policy write is aggregated into edit/admin only when opted in', async () => {
    const list = await render([IMAGE, { rbac: { aggregatePolicyWriteToEditAdmin: true } }]);
    const policyEdit = role('switchboard-policy-edit', list);
    assert.deepEqual(aggregatedInto(policyEdit), ['admin', 'edit']);
    assert.deepEqual(
      [...grants(policyEdit).entries()].map(([k, v]) => [k, [...v].sort()]),
      [['nodenetworkconfigurationpolicies.nmstate.io', ['create', 'delete', 'patch', 'update']]],
    );
  });

  void test('no role grants Secrets or wildcards', async () => {
    for (const [, overrides] of COMBINATIONS) {
      for (const m of await render([IMAGE, overrides])) {
        if (m.doc.kind !== 'ClusterRole' && m.doc.kind !== 'Role') continue;
        for (const rule of (at(m.doc, 'rules') as Dict[] | undefined) ?? []) {
          const resources = rule.resources as string[];
          assert.ok(!resources.includes('secrets'), String(at(m.doc, 'metadata', 'name')));
          assert.ok(!resources.includes('*') && !(rule.verbs as string[]).includes('*'));
          assert.ok(!(rule.apiGroups as string[]).includes('*'));
        }
      }
    }
  });

  void test('policy authors get a bindable, non-aggregated cluster role', () => {
    const author = role('switchboard-policy-author');
    assert.deepEqual(aggregatedInto(author), []);
    assert.deepEqual(
      [...(grants(author).get('nodenetworkconfigurationpolicies.nmstate.io') ?? [])].sort(),
      ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
    );
    assert.ok(!rendered.some((m) => m.doc.kind === 'RoleBinding'), 'no bindings by default');
  });

  void test('the history role has exactly the verbs the rollback code uses on revisions', () => {
    // Derived from the sources that touch ControllerRevisions, so a new call fails this test
    // until switchboard.historyVerbs (templates/_helpers.tpl) grants it.
    const dir = join(repo, 'src', 'features', 'rollback', 'data');
    const calls: [RegExp, string[]][] = [
      [/\bk8sGet\(/, ['get']],
      [/\bk8sListItems\b|\bk8sList\(/, ['list']],
      [/\buseWatchedList\b|\buseK8sWatchResource\b/, ['list', 'watch']],
      [/\bcreateResource\b|\bk8sCreate\b/, ['create']],
      [/\bupdateResource\b|\bk8sUpdate\b/, ['update']],
      [/\bpatchResource\b|\bk8sPatch\b/, ['patch']],
      [/\bdeleteResource\b|\bk8sDelete\b/, ['delete']],
    ];
    const used = new Set<string>();
    for (const file of readdirSync(dir)) {
      if (file.includes('.test.')) continue;
      const text = readFileSync(join(dir, file), 'utf8');
      if (!/ControllerRevision(Model|GVK)/.test(text)) continue;
      for (const [re, verbs] of calls) if (re.test(text)) for (const v of verbs) used.add(v);
    }
    const history = role('switchboard-policy-history');
    assert.deepEqual(
      [...(grants(history).get('controllerrevisions.apps') ?? [])].sort(),
      [...used].sort(),
    );
    assert.ok(used.has('update'), 'signing and outcomes update revisions');
  });

  void test('listed authors are bound cluster-wide and in the history namespace', async () => {
    const list = await render([
      IMAGE,
      {
        rbac: {
          historyNamespace: 'nmstate-history',
          policyAuthors: { users: ['alice'], groups: ['network-admins'] },
        },
      },
    ]);
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

  void test('rbac.enabled=false renders no role', async () => {
    const list = await render([IMAGE, { rbac: { enabled: false } }]);
    const roles = list.filter((m) => m.file.endsWith('rbac.yaml'));
    assert.deepEqual(roles, []);
  });
});

void describe('plugin enablement job', () => {
  let c: TestCluster;
  let script = '';
  const CONSOLE_PATH = '/apis/operator.openshift.io/v1/consoles';

  before(async () => {
    c = await startTestCluster();
    script = String(
      at(find(rendered, 'Job'), 'spec', 'template', 'spec', 'containers', 0, 'args', 0),
    );
    // `oc` is real kubectl against the sandbox. RACE_PLUGINS makes another writer change the
    // list between the script's read and its first patch.
    const shim = [
      '#!/usr/bin/env bash',
      'set -euo pipefail',
      'k=("$KUBECTL" --server "$SERVER" --cache-dir "$CACHE")',
      'echo "$1" >> "$CALLS"',
      'if [ "$1" = patch ] && [ -n "${RACE_PLUGINS:-}" ] && [ ! -e "$CALLS.raced" ]; then',
      '  touch "$CALLS.raced"',
      '  "${k[@]}" patch consoles.operator.openshift.io cluster --type=merge \\',
      '    -p "{\\"spec\\":{\\"plugins\\":$RACE_PLUGINS}}" >/dev/null',
      'fi',
      'exec "${k[@]}" "$@"',
      '',
    ].join('\n');
    writeFileSync(join(work, 'oc'), shim);
    chmodSync(join(work, 'oc'), 0o755);
  });
  after(async () => {
    await c.dispose();
  });

  let runs = 0;
  async function runScript(
    spec: Dict,
    race?: string[],
  ): Promise<{ plugins: unknown; calls: string[]; stdout: string; spec: unknown }> {
    await c.req('DELETE', `${CONSOLE_PATH}/cluster`);
    const created = await c.req('POST', CONSOLE_PATH, {
      body: {
        apiVersion: 'operator.openshift.io/v1',
        kind: 'Console',
        metadata: { name: 'cluster' },
        spec,
      },
    });
    assert.equal(created.status, 201, created.text);
    const calls = join(work, `calls-${runs++}`);
    writeFileSync(calls, '');
    const { stdout } = await run('bash', ['-c', script], {
      timeout: 60_000,
      env: {
        PATH: `${work}:${process.env.PATH ?? ''}`,
        HOME: work,
        PLUGIN_NAME: 'switchboard',
        KUBECTL: (await toolPaths()).kubectl,
        SERVER: c.url,
        CACHE: join(work, 'kube-cache'),
        CALLS: calls,
        ...(race ? { RACE_PLUGINS: JSON.stringify(race) } : {}),
      },
    });
    const now = await c.req('GET', `${CONSOLE_PATH}/cluster`);
    return {
      plugins: at(now.body, 'spec', 'plugins'),
      spec: now.body['spec'],
      calls: readFileSync(calls, 'utf8').trim().split('\n'),
      stdout,
    };
  }

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
    const jobContainer = at(find(rendered, 'Job'), 'spec', 'template', 'spec', 'containers', 0);
    assert.equal(at(jobContainer, 'securityContext', 'readOnlyRootFilesystem'), true);
    assert.deepEqual(at(jobContainer, 'env', 0), { name: 'PLUGIN_NAME', value: 'switchboard' });
  });

  void test('creates spec.plugins when it is absent, null or empty', async () => {
    const absent = await runScript({ managementState: 'Managed' });
    assert.deepEqual(absent.plugins, ['switchboard']);
    assert.equal(at(absent.spec, 'managementState'), 'Managed', 'other settings stay');
    assert.deepEqual((await runScript({ plugins: null })).plugins, ['switchboard']);
    assert.deepEqual((await runScript({ plugins: [] })).plugins, ['switchboard']);
  });

  void test('appends after the other plugins, keeping their order and entries', async () => {
    const peers = ['nmstate-console-plugin', 'networking-console-plugin', 'monitoring-plugin'];
    const r = await runScript({ plugins: peers });
    assert.deepEqual(r.plugins, [...peers, 'switchboard']);
    assert.deepEqual(r.calls, ['get', 'patch']);
  });

  void test('is idempotent: a second run, or a list that has it anywhere, changes nothing', async () => {
    const r = await runScript({ plugins: ['a', 'switchboard', 'b'] });
    assert.deepEqual(r.plugins, ['a', 'switchboard', 'b']);
    assert.deepEqual(r.calls, ['get']);
    assert.match(r.stdout, /already enabled/);
  });

  void test('re-reads and keeps a plugin added concurrently', async () => {
    const r = await runScript({ plugins: ['nmstate-console-plugin'] }, [
      'nmstate-console-plugin',
      'networking-console-plugin',
    ]);
    assert.deepEqual(r.plugins, [
      'nmstate-console-plugin',
      'networking-console-plugin',
      'switchboard',
    ]);
    assert.deepEqual(r.calls, ['get', 'patch', 'get', 'patch']);
  });
});

void describe('docs/deploy.md', () => {
  const doc = readFileSync(join(repo, 'docs', 'deploy.md'), 'utf8');

  void test('every --set key it shows is a chart value', () => {
    const keys = [...doc.matchAll(/--set(?:-string)? ([\w.]+)=/g)].map((m) => m[1] ?? '');
    assert.ok(keys.length > 0);
    for (const key of keys) {
      assert.notEqual(at(defaults, ...key.split('.')), undefined, `${key} is not a chart value`);
    }
  });

  void test('every switchboard role it names is rendered by the chart', async () => {
    const list = await render([
      IMAGE,
      { rbac: { aggregatePolicyWriteToEditAdmin: true, policyAuthors: { users: ['alice'] } } },
    ]);
    const names = new Set(list.map((m) => at(m.doc, 'metadata', 'name')));
    // Names in the doc that are not chart objects: the plugin, its serving cert, and the YAML
    // templates the plugin registers (src/shared/templates/yamlTemplates.ts).
    const notObjects = new Set([
      'switchboard-plugin',
      'switchboard-cert',
      'switchboard-policy',
      'switchboard-attachment',
    ]);
    for (const m of doc.matchAll(/\bswitchboard-[a-z-]*[a-z]\b/g)) {
      if (notObjects.has(m[0])) continue;
      assert.ok(names.has(m[0]), `${m[0]} is not rendered by the chart`);
    }
    assert.match(doc, /service\.beta\.openshift\.io\/serving-cert-secret-name/);
    assert.match(doc, /aggregatePolicyWriteToEditAdmin/);
  });
});
