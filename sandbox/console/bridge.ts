// Parts of the console's "bridge" (openshift/console release-4.22 pkg/) that plugins can tell
// apart, kept out of server.ts so other changes there merge cleanly:
// - the WebSocket proxy (pkg/proxy/proxy.go): the browser's socket ends at the bridge, which dials
//   the API server itself; `Impersonate-User.<b64>` / `Impersonate-Group.<b64>` subprotocols
//   become Impersonate-User / Impersonate-Group headers upstream (plus system:authenticated when
//   groups are impersonated), `Origin: http://localhost` is sent upstream, the browser is pinged
//   every 30 s, and when either side ends the browser socket is closed WITHOUT a close frame, so
//   the browser always sees code 1006, whatever the API server sent;
// - the Content-Security-Policy, which the console sends report-only (pkg/server/server.go,
//   pkg/utils/utils.go BuildCSPDirectives); the stand-in's strict enforced policy stays available
//   as a test mode.
import * as crypto from 'node:crypto';
import type * as http from 'node:http';
import type * as https from 'node:https';
import type { Socket } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

export const WEBSOCKET_PING_MS = 30_000;

/** The console's on-cluster directives: report-only, with 'unsafe-eval' and a nonce for scripts. */
export function consoleCspDirectives(nonce: string): string {
  const consoleDot = 'console.redhat.com';
  return [
    "base-uri 'self'",
    `default-src 'self' ${consoleDot}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    `script-src 'self' ${consoleDot} 'unsafe-eval' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `connect-src 'self' ${consoleDot}`,
    "object-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export type CspMode = 'console' | 'strict';

/** The CSP header of the index page: the console's (report-only) or the strict enforced one. */
export function cspHeader(mode: CspMode, strictPolicy: string): Record<string, string> {
  if (mode === 'strict') return { 'Content-Security-Policy': strictPolicy };
  const nonce = crypto.randomBytes(16).toString('base64');
  return { 'Content-Security-Policy-Report-Only': consoleCspDirectives(nonce) };
}

/** The bridge's decoding of impersonation subprotocols: base64 with "=" as "_", "/" as "-". */
export function decodeSubprotocol(value: string): string {
  return Buffer.from(value.replace(/_/g, '=').replace(/-/g, '/'), 'base64').toString('utf8');
}

export interface WebSocketTranslation {
  /** Headers for the API server (impersonation). */
  headers: Record<string, string | string[]>;
  /** Subprotocol passed on to the API server, if any (the last non-impersonation one). */
  upstreamProtocol?: string;
  /** The one subprotocol the bridge accepts from the browser: the last one offered. */
  selected?: string;
}

export function translateSubprotocols(header: string | undefined): WebSocketTranslation {
  const headers: Record<string, string | string[]> = {};
  const groups: string[] = [];
  let user: string | undefined;
  let upstreamProtocol: string | undefined;
  let selected: string | undefined;
  for (const raw of (header ?? '').split(',')) {
    const p = raw.trim();
    if (!p) continue;
    if (p.startsWith('Impersonate-User.')) {
      user = decodeSubprotocol(p.slice('Impersonate-User.'.length));
    } else if (p.startsWith('Impersonate-Group.')) {
      groups.push(decodeSubprotocol(p.slice('Impersonate-Group.'.length)));
    } else {
      upstreamProtocol = p;
    }
    selected = p;
  }
  if (user === undefined && groups.length) user = groups[0];
  if (user !== undefined) headers['Impersonate-User'] = user;
  if (groups.length) headers['Impersonate-Group'] = [...groups, 'system:authenticated'];
  return { headers, upstreamProtocol, selected };
}

const browserSide = new WebSocketServer({
  noServer: true,
  handleProtocols: (protocols: Set<string>, req: http.IncomingMessage) => {
    const chosen = (req as http.IncomingMessage & { bridgeProtocol?: string }).bridgeProtocol;
    return chosen !== undefined && protocols.has(chosen) ? chosen : false;
  },
});

export interface BridgeTarget {
  /** ws:// or wss:// URL of the API server endpoint. */
  url: string;
  /** Headers for every upstream request (Authorization from a kubeconfig). */
  headers?: Record<string, string>;
  tls?: https.RequestOptions;
}

/**
 * Proxies one browser WebSocket the way the bridge does. A failed dial answers the browser with
 * the API server's status (as the bridge's http.Error) instead of upgrading.
 */
export function bridgeWebSocket(
  req: http.IncomingMessage,
  socket: Socket,
  head: Buffer,
  target: BridgeTarget,
): void {
  const t = translateSubprotocols(req.headers['sec-websocket-protocol']);
  const upstream = new WebSocket(target.url, t.upstreamProtocol ? [t.upstreamProtocol] : [], {
    ...target.tls,
    headers: { ...target.headers, ...t.headers, Origin: 'http://localhost' },
  });
  let browser: WebSocket | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  const end = () => {
    clearInterval(ping);
    if (upstream.readyState === WebSocket.OPEN) upstream.close(1000);
    else upstream.terminate();
    // No close frame to the browser: it sees 1006, as with the console's bridge.
    browser?.terminate();
    if (!browser) socket.destroy();
  };
  upstream.on('unexpected-response', (_r, res) => {
    const status = res.statusCode ?? 502;
    socket.end(
      `HTTP/1.1 ${status} ${res.statusMessage ?? ''}\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nFailed to dial backend: ${status}`,
    );
    upstream.terminate();
  });
  upstream.on('error', () => end());
  upstream.on('open', () => {
    (req as http.IncomingMessage & { bridgeProtocol?: string }).bridgeProtocol = t.selected;
    browserSide.handleUpgrade(req, socket, head, (ws) => {
      browser = ws;
      ws.on('message', (data, isBinary) => upstream.send(data, { binary: isBinary }));
      ws.on('close', end);
      ws.on('error', end);
      upstream.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
      upstream.on('close', end);
      ping = setInterval(() => ws.ping(), WEBSOCKET_PING_MS);
    });
  });
  socket.on('error', end);
  socket.once('close', end);
}
