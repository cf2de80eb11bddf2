// The stand-in's bridge against console 4.22 (openshift/console release-4.22 pkg/proxy/proxy.go,
// pkg/server/server.go, pkg/utils/utils.go). The old stand-in piped WebSockets byte for byte (the
// API server's close frame reached the browser), forwarded a persona header instead of
// impersonation, and enforced its own CSP; each test below fails on it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import * as os from 'node:os';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { PERSONA_COOKIE, startConsole } from './server';
import { decodeSubprotocol, translateSubprotocols } from './bridge';

// The console's encoding of an impersonated name (frontend/public/actions/ui.ts).
const encode = (name: string) =>
  Buffer.from(name, 'utf8').toString('base64').replace(/=/g, '_').replace(/\//g, '-');

async function withUpstream(
  onConnection: (ws: WebSocket, req: http.IncomingMessage) => void,
  fn: (consoleUrl: string) => Promise<void>,
  rejectStatus?: number,
) {
  const server = http.createServer((_req, res) => res.writeHead(200).end('{}'));
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (p) => p.values().next().value ?? false,
  });
  server.on('upgrade', (req, socket, head) => {
    if (rejectStatus) {
      socket.end(`HTTP/1.1 ${rejectStatus} Forbidden\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const consoleServer = await startConsole({
    port: 0,
    pluginName: 'switchboard',
    pluginDist: os.tmpdir(),
    hostDist: os.tmpdir(),
    upstream: { server: `http://127.0.0.1:${port}` },
  });
  try {
    await fn(consoleServer.url.replace('http:', 'ws:'));
  } finally {
    await consoleServer.close();
    wss.close();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
}

test('impersonation subprotocols decode as the bridge decodes them', () => {
  assert.equal(decodeSubprotocol(encode('network-viewer')), 'network-viewer');
  const t = translateSubprotocols(
    `Impersonate-User.${encode('alice')}, Impersonate-Group.${encode('ops')}`,
  );
  assert.deepEqual(t.headers, {
    'Impersonate-User': 'alice',
    'Impersonate-Group': ['ops', 'system:authenticated'],
  });
  assert.equal(t.upstreamProtocol, undefined);
});

/** What the stand-in's page sends on a socket: its own Origin and the session cookie (guards.ts). */
const browserSession = (url: string) => ({
  headers: { Origin: url.replace(/^ws:/, 'http:'), Cookie: `${PERSONA_COOKIE}=admin` },
});

test('a WebSocket is impersonated upstream and always ends in 1006 for the browser', async () => {
  let seen: http.IncomingHttpHeaders | undefined;
  await withUpstream(
    (ws, req) => {
      seen = req.headers;
      ws.send('{"type":"ADDED"}');
      setTimeout(() => ws.close(1000, 'done'), 50);
    },
    async (url) => {
      const protocol = `Impersonate-User.${encode('network-viewer')}`;
      const client = new WebSocket(
        `${url}/api/kubernetes/api/v1/namespaces?watch=true`,
        [protocol],
        browserSession(url),
      );
      const messages: string[] = [];
      client.on('message', (m: Buffer) => messages.push(m.toString()));
      const code = await new Promise<number>((resolve) => client.on('close', (c) => resolve(c)));
      assert.equal(client.protocol, protocol, 'the bridge accepts the offered subprotocol');
      assert.equal(code, 1006, 'closed without a close frame, whatever the API server sent');
      assert.deepEqual(messages, ['{"type":"ADDED"}']);
    },
  );
  const headers = seen as http.IncomingHttpHeaders;
  assert.equal(headers['impersonate-user'], 'network-viewer');
  assert.equal(headers.origin, 'http://localhost');
  assert.equal(
    headers['sec-websocket-protocol'],
    undefined,
    'impersonation is not sent as a protocol',
  );
});

test('a refused upstream dial answers the browser with its status instead of upgrading', async () => {
  await withUpstream(
    () => undefined,
    async (url) => {
      const client = new WebSocket(
        `${url}/api/kubernetes/api/v1/secrets?watch=true`,
        browserSession(url),
      );
      const status = await new Promise<number>((resolve) => {
        client.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        client.on('error', () => undefined);
      });
      assert.equal(status, 403);
    },
    403,
  );
});

test('the page carries the console CSP report-only; strict mode enforces the stand-in policy', async () => {
  for (const mode of ['console', 'strict'] as const) {
    const consoleServer = await startConsole({
      port: 0,
      pluginName: 'switchboard',
      pluginDist: os.tmpdir(),
      hostDist: os.tmpdir(),
      upstream: { server: 'http://127.0.0.1:1' },
      cspMode: mode,
    });
    try {
      const res = await fetch(`${consoleServer.url}/switchboard/overview`);
      const reportOnly = res.headers.get('content-security-policy-report-only');
      const enforced = res.headers.get('content-security-policy');
      if (mode === 'console') {
        assert.equal(enforced, null);
        assert.match(
          reportOnly ?? '',
          /script-src 'self' console\.redhat\.com 'unsafe-eval' 'nonce-/,
        );
        assert.match(reportOnly ?? '', /connect-src 'self' console\.redhat\.com/);
        assert.match(reportOnly ?? '', /frame-src 'none'/);
      } else {
        assert.equal(reportOnly, null);
        assert.match(enforced ?? '', /script-src 'self';/);
        assert.doesNotMatch(enforced ?? '', /unsafe-eval/);
      }
    } finally {
      await consoleServer.close();
    }
  }
});
