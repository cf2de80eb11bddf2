// The sandbox must work with standard clients unchanged: the official JavaScript client and
// kubectl (the latter only when it is installed).
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import * as k8s from '@kubernetes/client-node';
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

async function hasKubectl(): Promise<boolean> {
  try {
    await run('kubectl', ['version', '--client']);
    return true;
  } catch {
    return false;
  }
}

describe('kubectl', () => {
  it('get, apply, create, patch, delete, watch and wait', { timeout: 60_000 }, async (t) => {
    if (!(await hasKubectl())) {
      t.skip('kubectl is not on PATH');
      return;
    }
    const dir = tempDir('sandbox-kubectl-');
    const kubectl = async (...args: string[]): Promise<string> => {
      const { stdout } = await run(
        'kubectl',
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
      'kubectl',
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
