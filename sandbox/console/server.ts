// The console stand-in's HTTP server. It plays the part of the console's "bridge": it serves the
// host page, the plugin's production dist/ under /api/plugins/<name>/ (as the console proxies it
// from the plugin service), plugin locales at /locales/resource.json, and proxies
// /api/kubernetes/ (HTTP and WebSocket) to the sandbox cluster or, with a kubeconfig, to a real
// API server with the kubeconfig's credentials. WebSockets and the CSP follow the console's
// bridge (bridge.ts). Users other than the admin are impersonated the way the console does it:
// the host sends Impersonate-User headers and subprotocols, the bridge passes them on.
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { Socket } from 'node:net';
import * as path from 'node:path';
import { URL } from 'node:url';
import { bridgeWebSocket, cspHeader } from './bridge';
import type { CspMode } from './bridge';
import * as guards from './guards';

export interface Upstream {
  /** Base URL of the Kubernetes API server, e.g. http://127.0.0.1:6443. */
  server: string;
  /** Extra request options (TLS material) for https upstreams. */
  tls?: https.RequestOptions;
  /** Headers added to every upstream request (e.g. Authorization from a kubeconfig). */
  headers?: Record<string, string>;
}

export interface ConsoleOptions {
  port: number;
  host?: string;
  pluginName: string;
  pluginDist: string;
  /**
   * Other dynamic plugins, enabled before this one in this order, as on a cluster where the
   * NMState operator and the network operator enable theirs and Switchboard's chart appends
   * Switchboard to the Console operator's spec.plugins.
   */
  peerPlugins?: readonly { name: string; dist: string }[];
  hostDist: string;
  upstream: Upstream;
  /** The strict policy of the 'strict' CSP mode; see DEFAULT_CSP. */
  csp?: string;
  /**
   * 'console' (default): the console's report-only policy; 'strict': the stand-in's strict
   * policy, enforced (a test mode). Also SWITCHBOARD_CSP=strict.
   */
  cspMode?: CspMode;
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
  const url = new URL(apiPath, upstream.server);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  bridgeWebSocket(req, socket, head, {
    url: url.toString(),
    headers: upstream.headers,
    tls: upstream.tls,
  });
}

export interface RunningConsole {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function startConsole(opts: ConsoleOptions): Promise<RunningConsole> {
  const plugins = [...(opts.peerPlugins ?? []), { name: opts.pluginName, dist: opts.pluginDist }];
  const cspMode = opts.cspMode ?? (process.env.SWITCHBOARD_CSP === 'strict' ? 'strict' : 'console');
  const strictCsp = opts.csp ?? DEFAULT_CSP;
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const p = url.pathname;
    if (p.startsWith('/api/kubernetes/') || p === '/api/kubernetes') {
      proxyHttp(opts.upstream, req, res);
      return;
    }
    // The console proxies each enabled plugin's service under /api/plugins/<name>/.
    const plugin = plugins.find((pl) => p.startsWith(`/api/plugins/${pl.name}/`));
    if (plugin) {
      const file = safeJoin(plugin.dist, p.slice(`/api/plugins/${plugin.name}/`.length));
      const isManifest = p.endsWith('plugin-manifest.json');
      if (!file) return sendFile(res, '/nonexistent', 'no-cache');
      return sendFile(res, file, isManifest ? 'no-cache' : 'public, max-age=31536000, immutable');
    }
    if (p === '/api/console/plugins') {
      res.writeHead(200, { 'Content-Type': MIME['.json'], 'Cache-Control': 'no-cache' });
      res.end(JSON.stringify(plugins.map((pl) => pl.name)));
      return;
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
      ...cspHeader(cspMode, strictCsp),
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
