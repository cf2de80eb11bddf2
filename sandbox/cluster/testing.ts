// Helpers for the API server's tests: a throwaway cluster per suite and a small HTTP client.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { K8sResource } from '../../src/shared/model/k8s';
import type { ClusterOptions, RunningCluster } from './server';
import { startCluster } from './server';

export interface TestCluster extends RunningCluster {
  req: (method: string, path: string, init?: RequestOptions) => Promise<Reply>;
  dispose: () => Promise<void>;
}

export interface RequestOptions {
  body?: unknown;
  raw?: string;
  contentType?: string;
  persona?: string;
  headers?: Record<string, string>;
}

export interface Reply {
  status: number;
  body: K8sResource & Record<string, unknown>;
  text: string;
  headers: Headers;
}

export function tempDir(prefix = 'sandbox-cluster-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function startTestCluster(options: ClusterOptions = {}): Promise<TestCluster> {
  const dataDir = options.dataDir ?? tempDir();
  const cluster = await startCluster({
    port: 0,
    controllers: false,
    scenario: 'none',
    ...options,
    dataDir,
  });
  const req = async (method: string, path: string, init: RequestOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.persona) headers['X-Switchboard-Persona'] = init.persona;
    let body: string | undefined = init.raw;
    if (init.body !== undefined) body = JSON.stringify(init.body);
    if (body !== undefined) headers['Content-Type'] = init.contentType ?? 'application/json';
    const res = await fetch(`${cluster.url}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: Reply['body'] = {};
    try {
      parsed = JSON.parse(text) as Reply['body'];
    } catch {
      /* non-JSON answers (health checks) keep an empty body */
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  };
  return {
    ...cluster,
    req,
    dispose: async () => {
      await cluster.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const NNCP_PATH = '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies';
export const HNA_PATH = '/apis/metal3.io/v1alpha1/namespaces/default/hostnetworkattachments';
export const BMH_PATH = '/apis/metal3.io/v1alpha1/namespaces/default/baremetalhosts';

export function policy(name: string, extra: Record<string, unknown> = {}): K8sResource {
  return {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name },
    spec: {
      nodeSelector: { 'kubernetes.io/hostname': 'worker-0' },
      desiredState: { interfaces: [{ name: 'br1', type: 'linux-bridge', state: 'up' }] },
      ...extra,
    },
  };
}

/** NNCP status the nmstate handler writes once a rollout finished. */
export function availableStatus(reason = 'SuccessfullyConfigured'): Record<string, unknown> {
  const t = new Date().toISOString();
  return {
    conditions: [
      {
        type: 'Available',
        status: 'True',
        reason,
        message: '1/1 nodes successfully configured',
        lastTransitionTime: t,
        lastHeartbeatTime: t,
      },
      {
        type: 'Degraded',
        status: 'False',
        reason,
        message: '',
        lastTransitionTime: t,
        lastHeartbeatTime: t,
      },
      {
        type: 'Progressing',
        status: 'False',
        reason,
        message: '',
        lastTransitionTime: t,
        lastHeartbeatTime: t,
      },
      {
        type: 'Ignored',
        status: 'False',
        reason,
        message: '',
        lastTransitionTime: t,
        lastHeartbeatTime: t,
      },
    ],
  };
}

/** Reads newline-delimited JSON events from a chunked watch until `count` arrived. */
export async function readWatch(
  url: string,
  count: number,
  opts: {
    timeoutMs?: number;
    onOpen?: () => Promise<void> | void;
    headers?: Record<string, string>;
  } = {},
): Promise<Record<string, unknown>[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? 5000);
  const events: Record<string, unknown>[] = [];
  try {
    const res = await fetch(url, { signal: controller.signal, headers: opts.headers });
    if (!res.body) return events;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    let opened = false;
    for (;;) {
      if (!opened) {
        opened = true;
        void Promise.resolve(opts.onOpen?.());
      }
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      let nl = buf.indexOf('\n');
      while (nl >= 0) {
        events.push(JSON.parse(buf.slice(0, nl)) as Record<string, unknown>);
        buf = buf.slice(nl + 1);
        nl = buf.indexOf('\n');
      }
      if (events.length >= count) break;
    }
    await reader.cancel().catch(() => undefined);
  } catch (err) {
    if (!(err instanceof Error && err.name === 'AbortError')) throw err;
  } finally {
    clearTimeout(timer);
  }
  return events;
}
