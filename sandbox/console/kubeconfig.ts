// Real-cluster mode: credentials and TLS material come from the kubeconfig through the official
// client, so every auth method it supports (tokens, client certificates, exec plugins) works.
import * as fs from 'node:fs';
import type * as https from 'node:https';
import { KubeConfig } from '@kubernetes/client-node';
import type { Upstream } from './server';

export async function upstreamFromKubeconfig(file: string): Promise<Upstream> {
  // loadFromDefault silently falls back to localhost:8080; insist on the named file.
  if (!fs.existsSync(file)) throw new Error(`kubeconfig ${file} does not exist`);
  const kc = new KubeConfig();
  kc.loadFromFile(file);
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error(`kubeconfig ${file} has no current cluster`);
  const opts: https.RequestOptions = {};
  await kc.applyToHTTPSOptions(opts);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.headers ?? {})) {
    if (typeof v === 'string') headers[k] = v;
  }
  return {
    server: cluster.server,
    tls: {
      ca: opts.ca,
      cert: opts.cert,
      key: opts.key,
      rejectUnauthorized: !cluster.skipTLSVerify,
    },
    headers,
  };
}
