// The sandbox must work with standard clients unchanged: the official JavaScript client and the
// real kubectl (v1.35, unpacked from the project's dependencies by scripts/tools.mjs; never
// skipped), driven the way an administrator types it.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import * as k8s from '@kubernetes/client-node';
import { ensureTools } from '../../scripts/tools.mjs';
import type { TestCluster } from './testing';
import { NNCP_PATH, availableStatus, policy, startTestCluster, tempDir } from './testing';

const run = promisify(execFile);

let c: TestCluster;
before(async () => {
  c = await startTestCluster();
});
after(async () => {
  await c.dispose();
});

function kubeConfig(): k8s.KubeConfig {
  const kc = new k8s.KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'sandbox', server: c.url, skipTLSVerify: true }],
    users: [{ name: 'admin' }],
    contexts: [{ name: 'sandbox', cluster: 'sandbox', user: 'admin' }],
    currentContext: 'sandbox',
  });
  return kc;
}

describe('@kubernetes/client-node', () => {
  it('lists, creates, patches and watches', async () => {
    const kc = kubeConfig();
    const core = kc.makeApiClient(k8s.CoreV1Api);
    const custom = kc.makeApiClient(k8s.CustomObjectsApi);
    const namespaces = await core.listNamespace();
    assert.ok(namespaces.items.some((n) => n.metadata?.name === 'default'));
    const body = new k8s.V1ConfigMap();
    body.metadata = new k8s.V1ObjectMeta();
    body.metadata.name = 'from-client';
    body.data = { a: '1' };
    const cm = await core.createNamespacedConfigMap({ namespace: 'default', body });
    assert.equal(cm.metadata?.generation, 1);
    const patched = await core.patchNamespacedConfigMap(
      {
        name: 'from-client',
        namespace: 'default',
        body: [{ op: 'add', path: '/data/b', value: '2' }],
      },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.JsonPatch),
    );
    assert.deepEqual(patched.data, { a: '1', b: '2' });
    const created = (await custom.createClusterCustomObject({
      group: 'nmstate.io',
      version: 'v1',
      plural: 'nodenetworkconfigurationpolicies',
      body: policy('client-node'),
    })) as { metadata: { name: string } };
    assert.equal(created.metadata.name, 'client-node');
    const merged = (await custom.patchClusterCustomObject(
      {
        group: 'nmstate.io',
        version: 'v1',
        plural: 'nodenetworkconfigurationpolicies',
        name: 'client-node',
        body: { metadata: { labels: { via: 'merge' } } },
      },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
    )) as { metadata: { labels: Record<string, string> } };
    assert.equal(merged.metadata.labels['via'], 'merge');

    const watch = new k8s.Watch(kc);
    const seen: string[] = [];
    let req: AbortController | undefined;
    const done = new Promise<void>((ok, fail) => {
      watch
        .watch(
          '/api/v1/namespaces/default/configmaps',
          {},
          (type: string, obj: { metadata?: { name?: string } }) => {
            seen.push(`${type}:${obj.metadata?.name ?? ''}`);
            if (obj.metadata?.name === 'watched') ok();
          },
          (err: unknown) => {
            if (err) fail(err instanceof Error ? err : new Error(JSON.stringify(err)));
          },
        )
        .then((r) => {
          req = r;
          const watched = new k8s.V1ConfigMap();
          watched.metadata = new k8s.V1ObjectMeta();
          watched.metadata.name = 'watched';
          return core.createNamespacedConfigMap({ namespace: 'default', body: watched });
        })
        .catch(fail);
    });
    await done;
    req?.abort();
    assert.ok(seen.includes('ADDED:from-client'));
    assert.ok(seen.includes('ADDED:watched'));
  });
});

let kubectlBin = '';
before(async () => {
  kubectlBin = (await ensureTools()).kubectl;
});

describe('kubectl', () => {
  it('get, apply, create, patch, delete, watch and wait', { timeout: 60_000 }, async () => {
    const dir = tempDir('sandbox-kubectl-');
    const kubectl = async (...args: string[]): Promise<string> => {
      const { stdout } = await run(
        kubectlBin,
        ['--server', c.url, '--cache-dir', join(dir, 'cache'), ...args],
        {
          timeout: 30_000,
        },
      );
      return stdout;
    };
    assert.match(await kubectl('get', 'ns'), /default\s+Active/);
    const file = join(dir, 'nncp.yaml');
    const manifest = (iface: string): string =>
      [
        'apiVersion: nmstate.io/v1',
        'kind: NodeNetworkConfigurationPolicy',
        'metadata:',
        '  name: kubectl-br',
        'spec:',
        '  nodeSelector:',
        '    kubernetes.io/hostname: worker-0',
        '  desiredState:',
        '    interfaces:',
        `      - name: ${iface}`,
        '        type: linux-bridge',
        '        state: up',
        '',
      ].join('\n');
    writeFileSync(file, manifest('br1'));
    assert.match(await kubectl('apply', '-f', file), /created/);
    const applied = JSON.parse(await kubectl('get', 'nncp', 'kubectl-br', '-o', 'json')) as {
      metadata: { annotations: Record<string, string> };
    };
    assert.ok(applied.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']);
    // The policy must have finished before its spec may change (nmstate admission).
    const current = await c.req('GET', `${NNCP_PATH}/kubectl-br`);
    await c.req('PUT', `${NNCP_PATH}/kubectl-br/status`, {
      body: { ...current.body, status: availableStatus() },
    });
    writeFileSync(file, manifest('br2'));
    assert.match(await kubectl('apply', '-f', file), /configured/);
    const nncp = JSON.parse(await kubectl('get', 'nncp/kubectl-br', '-o', 'json')) as {
      metadata: { generation: number };
      spec: { desiredState: { interfaces: { name: string }[] } };
    };
    assert.equal(nncp.spec.desiredState.interfaces[0]?.name, 'br2');
    assert.equal(nncp.metadata.generation, 2);
    assert.match(
      await kubectl('wait', '--for=condition=Available', 'nncp/kubectl-br', '--timeout=10s'),
      /condition met/,
    );

    const cm = join(dir, 'cm.yaml');
    writeFileSync(
      cm,
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kc\n  namespace: default\ndata:\n  a: "1"\n',
    );
    assert.match(await kubectl('create', '--save-config', '-f', cm), /created/);
    writeFileSync(
      cm,
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kc\n  namespace: default\ndata:\n  b: "2"\n',
    );
    await kubectl('apply', '-f', cm);
    await kubectl(
      'patch',
      'configmap',
      'kc',
      '-n',
      'default',
      '--type',
      'merge',
      '-p',
      '{"data":{"c":"3"}}',
    );
    const data = JSON.parse(await kubectl('get', 'cm', 'kc', '-n', 'default', '-o', 'json')) as {
      data: Record<string, string>;
    };
    assert.deepEqual(
      data.data,
      { b: '2', c: '3' },
      'client-side apply removed a and kept the patch',
    );
    const watcher = spawn(
      kubectlBin,
      ['--server', c.url, 'get', 'cm', '-n', 'default', '-w', '--request-timeout=0'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    watcher.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((r) => setTimeout(r, 1500));
    await c.req('POST', '/api/v1/namespaces/default/configmaps', {
      body: { metadata: { name: 'seen-by-w' } },
    });
    for (let i = 0; i < 40 && !out.includes('seen-by-w'); i++)
      await new Promise((r) => setTimeout(r, 100));
    watcher.kill('SIGTERM');
    assert.match(out, /kc/);
    assert.match(out, /seen-by-w/);
    assert.match(await kubectl('delete', 'configmap', 'kc', '-n', 'default'), /deleted/);
    assert.match(await kubectl('delete', 'nncp', 'kubectl-br'), /deleted/);
    assert.doesNotMatch(await kubectl('get', 'nncp', '-o', 'name'), /kubectl-br/);
  });
});

describe('kubectl, as an administrator types it', () => {
  const dir = tempDir('sandbox-kubectl-admin-');
  interface Result {
    code: number;
    stdout: string;
    stderr: string;
  }
  const kubectl = async (args: string[], env: Record<string, string> = {}): Promise<Result> => {
    try {
      const { stdout, stderr } = await run(
        kubectlBin,
        ['--server', c.url, '--cache-dir', join(dir, 'cache'), ...args],
        { timeout: 30_000, env: { ...process.env, ...env } },
      );
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code?: number; stdout?: string; stderr?: string };
      return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? String(err) };
    }
  };
  const ok = async (...args: string[]): Promise<string> => {
    const r = await kubectl(args);
    assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const json = async (...args: string[]): Promise<Record<string, unknown>> =>
    JSON.parse(await ok(...args, '-o', 'json')) as Record<string, unknown>;

  it('create namespace (a protobuf body, as typed clients send it)', async () => {
    assert.match(await ok('create', 'namespace', 'team-a'), /namespace\/team-a created/);
    const ns = (await json('get', 'namespace', 'team-a')) as {
      metadata: { labels: Record<string, string> };
      status: { phase: string };
    };
    assert.equal(ns.metadata.labels['kubernetes.io/metadata.name'], 'team-a');
    assert.equal(ns.status.phase, 'Active');
    const again = await kubectl(['create', 'namespace', 'team-a']);
    assert.notEqual(again.code, 0);
    assert.match(again.stderr, /AlreadyExists.*namespaces "team-a" already exists/);
  });

  it('create configmap --from-literal and create secret generic', async () => {
    await ok('create', 'namespace', 'team-b');
    await ok(
      'create',
      'configmap',
      'cfg',
      '-n',
      'team-b',
      '--from-literal=mtu=9000',
      '--from-literal=mode=lacp',
    );
    const cm = (await json('get', 'configmap', 'cfg', '-n', 'team-b')) as {
      data: Record<string, string>;
    };
    assert.deepEqual(cm.data, { mtu: '9000', mode: 'lacp' });
    await ok(
      'create',
      'secret',
      'generic',
      'creds',
      '-n',
      'team-b',
      '--from-literal=password=s3cr:t',
    );
    const secret = (await json('get', 'secret', 'creds', '-n', 'team-b')) as {
      type: string;
      data: Record<string, string>;
    };
    assert.equal(secret.type, 'Opaque');
    assert.equal(Buffer.from(secret.data['password'] ?? '', 'base64').toString(), 's3cr:t');
  });

  it('label and annotate, then select by the label', async () => {
    await ok('create', 'configmap', 'tagged', '-n', 'default', '--from-literal=a=1');
    assert.match(await ok('label', 'configmap', 'tagged', '-n', 'default', 'tier=net'), /labeled/);
    assert.match(
      await ok('annotate', 'configmap', 'tagged', '-n', 'default', 'owner=network-team'),
      /annotated/,
    );
    const cm = (await json('get', 'configmap', 'tagged', '-n', 'default')) as {
      metadata: { labels: Record<string, string>; annotations: Record<string, string> };
    };
    assert.equal(cm.metadata.labels['tier'], 'net');
    assert.equal(cm.metadata.annotations['owner'], 'network-team');
    assert.match(
      await ok('get', 'configmap', '-n', 'default', '-l', 'tier=net', '-o', 'name'),
      /^configmap\/tagged$/m,
    );
    const overwrite = await kubectl(['label', 'configmap', 'tagged', '-n', 'default', 'tier=web']);
    assert.notEqual(overwrite.code, 0, 'an existing label needs --overwrite');
    assert.match(await ok('label', 'configmap', 'tagged', '-n', 'default', 'tier-'), /unlabeled/);
  });

  it('edit with an editor script', async () => {
    await ok('create', 'configmap', 'edited', '-n', 'default', '--from-literal=mtu=1500');
    const editor = join(dir, 'editor.sh');
    writeFileSync(editor, '#!/bin/sh\nsed -i \'s/mtu: "1500"/mtu: "9000"/\' "$1"\n');
    chmodSync(editor, 0o755);
    const r = await kubectl(['edit', 'configmap', 'edited', '-n', 'default'], {
      KUBE_EDITOR: editor,
    });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /configmap\/edited edited/);
    const cm = (await json('get', 'configmap', 'edited', '-n', 'default')) as {
      data: Record<string, string>;
    };
    assert.deepEqual(cm.data, { mtu: '9000' });
  });

  it('apply --server-side owns fields, prunes what it stops applying, and reports conflicts', async () => {
    const file = join(dir, 'ssa.yaml');
    const manifest = (data: Record<string, string>): string =>
      [
        'apiVersion: v1',
        'kind: ConfigMap',
        'metadata:',
        '  name: applied',
        '  namespace: default',
        'data:',
        ...Object.entries(data).map(([k, v]) => `  ${k}: "${v}"`),
        '',
      ].join('\n');
    writeFileSync(file, manifest({ first: '1', second: '2' }));
    assert.match(await ok('apply', '--server-side', '-f', file), /serverside-applied/);
    const live = (await json(
      'get',
      'configmap',
      'applied',
      '-n',
      'default',
      '--show-managed-fields',
    )) as {
      metadata: { managedFields: { manager: string; operation: string; fieldsV1: unknown }[] };
    };
    assert.deepEqual(
      live.metadata.managedFields.map((m) => [m.manager, m.operation]),
      [['kubectl', 'Apply']],
    );
    assert.deepEqual(live.metadata.managedFields[0]?.fieldsV1, {
      'f:data': { 'f:first': {}, 'f:second': {} },
    });
    writeFileSync(file, manifest({ first: '1' }));
    await ok('apply', '--server-side', '-f', file);
    const pruned = (await json('get', 'configmap', 'applied', '-n', 'default')) as {
      data: Record<string, string>;
    };
    assert.deepEqual(pruned.data, { first: '1' }, 'a field no longer applied is removed');

    await ok(
      'patch',
      'configmap',
      'applied',
      '-n',
      'default',
      '--type',
      'merge',
      '-p',
      '{"data":{"first":"patched"}}',
    );
    const conflict = await kubectl(['apply', '--server-side', '-f', file]);
    assert.notEqual(conflict.code, 0);
    assert.match(
      conflict.stderr,
      /Apply failed with 1 conflict: conflict with "kubectl-patch" using v1 at .*: \.data\.first/,
    );
    await ok('apply', '--server-side', '--force-conflicts', '-f', file);
    const forced = (await json(
      'get',
      'configmap',
      'applied',
      '-n',
      'default',
      '--show-managed-fields',
    )) as {
      data: Record<string, string>;
      metadata: { managedFields: { manager: string }[] };
    };
    assert.deepEqual(forced.data, { first: '1' });
    assert.deepEqual(
      forced.metadata.managedFields.map((m) => m.manager),
      ['kubectl'],
    );
  });

  it('diff shows the server-side dry run and exits 1 on a change, 0 without', async () => {
    const file = join(dir, 'diff.yaml');
    const manifest = (mtu: string): string =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: diffed\n  namespace: default\ndata:\n  mtu: "${mtu}"\n`;
    writeFileSync(file, manifest('1500'));
    await ok('apply', '--server-side', '-f', file);
    const same = await kubectl(['diff', '--server-side', '-f', file]);
    assert.equal(same.code, 0, same.stderr + same.stdout);
    writeFileSync(file, manifest('9000'));
    const changed = await kubectl(['diff', '--server-side', '-f', file]);
    assert.equal(changed.code, 1, changed.stderr);
    assert.match(changed.stdout, /^-\s+mtu: "1500"$/m);
    assert.match(changed.stdout, /^\+\s+mtu: "9000"$/m);
    const clientSide = await kubectl(['diff', '-f', file]);
    assert.equal(clientSide.code, 1, clientSide.stderr);
    assert.match(clientSide.stdout, /^\+\s+mtu: "9000"$/m);
    const stored = (await json('get', 'configmap', 'diffed', '-n', 'default')) as {
      data: Record<string, string>;
    };
    assert.deepEqual(stored.data, { mtu: '1500' }, 'diff never writes');
  });

  it('wait --for=condition and get -w (bounded)', { timeout: 60_000 }, async () => {
    const body = { ...policy('waited'), metadata: { name: 'waited' } };
    await c.req('POST', NNCP_PATH, { body });
    const waiting = kubectl(['wait', '--for=condition=Available', 'nncp/waited', '--timeout=20s']);
    const watching = kubectl(['get', 'nncp', 'waited', '-w', '--request-timeout=4s', '-o', 'name']);
    await new Promise((r) => setTimeout(r, 1500));
    const current = await c.req('GET', `${NNCP_PATH}/waited`);
    await c.req('PUT', `${NNCP_PATH}/waited/status`, {
      body: { ...current.body, status: availableStatus() },
    });
    const w = await waiting;
    assert.equal(w.code, 0, w.stderr);
    assert.match(w.stdout, /nodenetworkconfigurationpolicy.nmstate.io\/waited condition met/);
    const g = await watching;
    // --request-timeout ends the watch; kubectl prints the object once per event it saw.
    assert.ok(
      g.stdout.split('\n').filter((l) => l.includes('waited')).length >= 2,
      g.stdout + g.stderr,
    );
    const timeout = await kubectl([
      'wait',
      '--for=condition=Degraded',
      'nncp/waited',
      '--timeout=1s',
    ]);
    assert.notEqual(timeout.code, 0);
    assert.match(timeout.stderr, /timed out waiting for the condition/);
  });

  it('auth can-i answers per persona', async () => {
    const can = async (persona: string, ...args: string[]): Promise<string> => {
      const r = await kubectl(['auth', 'can-i', ...args, '--as', persona]);
      return r.stdout.trim();
    };
    assert.equal(
      await can('admin', 'create', 'nodenetworkconfigurationpolicies.nmstate.io'),
      'yes',
    );
    assert.equal(await can('viewer', 'list', 'nodenetworkconfigurationpolicies.nmstate.io'), 'yes');
    assert.equal(
      await can('viewer', 'create', 'nodenetworkconfigurationpolicies.nmstate.io'),
      'no',
    );
    assert.equal(await can('network-viewer', 'list', 'pods', '-n', 'default'), 'no');
    assert.equal(await can('network-viewer', 'watch', 'nodenetworkstates.nmstate.io'), 'yes');
    assert.equal(
      await can(
        'nad-editor',
        'create',
        'network-attachment-definitions.k8s.cni.cncf.io',
        '-n',
        'default',
      ),
      'yes',
    );
    assert.equal(
      await can(
        'nad-editor',
        'create',
        'network-attachment-definitions.k8s.cni.cncf.io',
        '-n',
        'kube-system',
      ),
      'no',
    );
    const who = await kubectl(['auth', 'whoami', '--as', 'viewer']);
    assert.match(who.stdout, /Username\s+viewer/);
  });

  it('auth can-i --list shows each persona its rules in the namespace', async () => {
    const list = async (persona: string, ns: string): Promise<string[]> => {
      const r = await kubectl(['auth', 'can-i', '--list', '-n', ns, '--as', persona]);
      assert.equal(r.code, 0, r.stderr);
      return r.stdout.split('\n');
    };
    const row = (lines: string[], resource: string): string | undefined =>
      lines.find((l) => l.split(/\s+/)[0] === resource);
    const admin = await list('admin', 'default');
    assert.match(row(admin, '*.*') ?? '', /\[\*\]$/);
    // The viewer's "everything but Secrets" is listed resource by resource, as the view role is.
    const viewer = await list('viewer', 'default');
    assert.match(
      row(viewer, 'nodenetworkconfigurationpolicies.nmstate.io') ?? '',
      /\[get list watch\]/,
    );
    assert.equal(row(viewer, 'secrets'), undefined);
    assert.match(row(viewer, 'selfsubjectrulesreviews.authorization.k8s.io') ?? '', /\[create\]/);
    // nad-editor writes NADs in "default" only.
    const nadRow = (lines: string[]) =>
      row(lines, 'network-attachment-definitions.k8s.cni.cncf.io') ?? '';
    assert.match(nadRow(await list('nad-editor', 'default')), /create/);
    assert.doesNotMatch(nadRow(await list('nad-editor', 'kube-system')), /create/);
  });
});
