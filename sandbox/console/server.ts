// The console stand-in's HTTP server. It plays the part of the console's "bridge": it serves the
// host page, the plugin's production dist/ under /api/plugins/<name>/ (as the console proxies it
// from the plugin service), plugin locales at /locales/resource.json, and proxies
// /api/kubernetes/ (HTTP and WebSocket) to the sandbox cluster or, with a kubeconfig, to a real
// API server with the kubeconfig's credentials.
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { Socket } from 'node:net';
import * as path from 'node:path';
import { URL } from 'node:url';
import * as guards from './guards';

export interface Upstream {
  /** Base URL of the Kubernetes API server, e.g. http://127.0.0.1:6443. */
  server: string;
  /** Extra request options (TLS material) for https upstreams. */
  tls?: https.RequestOptions;
  /** Headers added to every upstream request (e.g. Authorization from a kubeconfig). */
  headers?: Record<string, string>;
  /** True for the sandbox cluster: forward the persona chosen in the UI. */
  forwardPersona: boolean;
}

export interface ConsoleOptions {
  port: number;
  host?: string;
  pluginName: string;
  pluginDist: string;
  hostDist: string;
  upstream: Upstream;
  /** Served as the strict CSP of every page; see DEFAULT_CSP. */
  csp?: string;
}

/**
 * No 'unsafe-eval' and no inline scripts: cluster data can never become code. Styles allow
 * inline because PatternFly and the console inject style elements at run time.
 */
export const DEFAULT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const MIME: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

export const PERSONA_COOKIE = guards.PERSONA_COOKIE;
export const PERSONAS = guards.PERSONAS;

/** The session's persona; guards.ts refuses API requests without one, so there is no default. */
function getPersona(req: http.IncomingMessage): string {
  return guards.personaCookie(req) ?? '';
}

function sendFile(res: http.ServerResponse, file: string, cache: string): void {
  fs.readFile(file, (err, body) => {
    if (err) {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'X-Content-Type-Options': 'nosniff' });
      res.end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': cache,
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(body);
  });
}

/** Resolves `rel` inside `root`, refusing anything that escapes it. */
function safeJoin(root: string, rel: string): string | undefined {
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decodeURIComponent(rel)));
  return file.startsWith(path.resolve(root) + path.sep) ? file : undefined;
}

function indexHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Switchboard console stand-in</title>
<script src="/static/host.js" defer></script>
</head>
<body><div id="app"></div></body>
</html>`;
}

function upstreamRequestOptions(
  upstream: Upstream,
  req: http.IncomingMessage,
  apiPath: string,
): { url: URL; options: https.RequestOptions } {
  const url = new URL(apiPath, upstream.server);
  const headers: http.OutgoingHttpHeaders = { ...req.headers, ...upstream.headers };
  delete headers.host;
  delete headers.cookie;
  delete headers['x-switchboard-persona'];
  headers.host = url.host;
  if (upstream.forwardPersona) headers['x-switchboard-persona'] = getPersona(req);
  return {
    url,
    options: {
      ...upstream.tls,
      method: req.method,
      hostname: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      headers,
    },
  };
}

function proxyHttp(upstream: Upstream, req: http.IncomingMessage, res: http.ServerResponse) {
  const apiPath = (req.url ?? '/').slice('/api/kubernetes'.length) || '/';
  const { url, options } = upstreamRequestOptions(upstream, req, apiPath);
  const client = url.protocol === 'https:' ? https : http;
  const upstreamReq = client.request(options, (upstreamRes) => {
    res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
    upstreamRes.pipe(res);
  });
  upstreamReq.on('error', (err) => {
    if (!res.headersSent) {
      res.writeHead(502, { 'Content-Type': 'application/json' });
    }
    res.end(
      JSON.stringify({
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        code: 502,
        reason: 'ServiceUnavailable',
        message: `cluster unreachable: ${err.message}`,
      }),
    );
  });
  req.pipe(upstreamReq);
}

function proxyUpgrade(upstream: Upstream, req: http.IncomingMessage, socket: Socket, head: Buffer) {
  const apiPath = (req.url ?? '/').slice('/api/kubernetes'.length) || '/';
  const { url, options } = upstreamRequestOptions(upstream, req, apiPath);
  const client = url.protocol === 'https:' ? https : http;
  const upstreamReq = client.request(options);
  upstreamReq.on('upgrade', (upstreamRes, upstreamSocket, upstreamHead) => {
    const lines = [`HTTP/1.1 101 Switching Protocols`];
    for (const [k, v] of Object.entries(upstreamRes.headers)) {
      if (v === undefined) continue;
      for (const value of Array.isArray(v) ? v : [v]) lines.push(`${k}: ${value}`);
    }
    socket.write(lines.join('\r\n') + '\r\n\r\n');
    if (upstreamHead.length) socket.write(upstreamHead);
    if (head.length) upstreamSocket.write(head);
    upstreamSocket.pipe(socket);
    socket.pipe(upstreamSocket);
    const close = () => {
      socket.destroy();
      upstreamSocket.destroy();
    };
    socket.on('error', close);
    upstreamSocket.on('error', close);
    socket.on('close', close);
    upstreamSocket.on('close', close);
  });
  upstreamReq.on('response', (res) => {
    socket.end(`HTTP/1.1 ${res.statusCode ?? 502} ${res.statusMessage ?? ''}\r\n\r\n`);
  });
  upstreamReq.on('error', () => socket.destroy());
  upstreamReq.end();
}

export interface RunningConsole {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function startConsole(opts: ConsoleOptions): Promise<RunningConsole> {
  const pluginPrefix = `/api/plugins/${opts.pluginName}/`;
  const csp = opts.csp ?? DEFAULT_CSP;
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const p = url.pathname;
    if (p.startsWith('/api/kubernetes/') || p === '/api/kubernetes') {
      proxyHttp(opts.upstream, req, res);
      return;
    }
    if (p.startsWith(pluginPrefix)) {
      const file = safeJoin(opts.pluginDist, p.slice(pluginPrefix.length));
      const isManifest = p.endsWith('plugin-manifest.json');
      if (!file) return sendFile(res, '/nonexistent', 'no-cache');
      return sendFile(res, file, isManifest ? 'no-cache' : 'public, max-age=31536000, immutable');
    }
    if (p === '/locales/resource.json') {
      // The console asks the plugin service for locales/<lng>/<ns>.json; only our namespace
      // is served, anything else answers an empty bundle like a missing namespace does.
      const lng = (url.searchParams.get('lng') ?? 'en').replace(/[^a-zA-Z-]/g, '');
      const ns = url.searchParams.get('ns') ?? '';
      if (ns !== `plugin__${opts.pluginName}`) {
        res.writeHead(200, { 'Content-Type': MIME['.json'], 'Cache-Control': 'no-cache' });
        res.end('{}');
        return;
      }
      const file = path.join(opts.pluginDist, 'locales', lng.split('-')[0] ?? 'en', `${ns}.json`);
      return sendFile(res, fs.existsSync(file) ? file : '/nonexistent', 'no-cache');
    }
    if (p === '/api/console/persona' && req.method === 'POST') {
      const persona = url.searchParams.get('persona') ?? '';
      if (!(PERSONAS as readonly string[]).includes(persona)) {
        res.writeHead(400).end();
        return;
      }
      res.writeHead(204, { 'Set-Cookie': `${PERSONA_COOKIE}=${persona}; Path=/; SameSite=Strict` });
      res.end();
      return;
    }
    if (p === '/api/console/whoami') {
      res.writeHead(200, { 'Content-Type': MIME['.json'], 'Cache-Control': 'no-cache' });
      res.end(JSON.stringify({ persona: getPersona(req), personas: PERSONAS }));
      return;
    }
    if (p.startsWith('/static/')) {
      const file = safeJoin(opts.hostDist, p.slice('/static/'.length));
      return sendFile(res, file ?? '/nonexistent', 'no-cache');
    }
    if (p === '/healthz') {
      res.writeHead(200).end('ok');
      return;
    }
    if (req.method !== 'GET') {
      res.writeHead(405).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': MIME['.html'],
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Set-Cookie': guards.sessionCookies(req),
    });
    res.end(indexHtml());
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    if ((req.url ?? '').startsWith('/api/kubernetes/'))
      proxyUpgrade(opts.upstream, req, socket, head);
    else socket.destroy();
  });
  let hosts: ReadonlySet<string> = new Set();
  guards.protect(server, () => hosts);
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : opts.port;
      hosts = guards.servedHosts(opts.host ?? '127.0.0.1', port);
      resolve({
        url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
