// Request guards of the console stand-in, kept apart from the proxying in server.ts. With
// `--kubeconfig` the stand-in holds the user's credentials for a real cluster, so any web page
// the user visits must not be able to use it. The guards follow the console's bridge
// (github.com/openshift/console, release-4.22):
// - pkg/auth/csrfverifier/csrf.go: a `csrf-token` cookie (random, readable by the page,
//   SameSite=Strict) set with every index page, and on every request that is not GET, HEAD,
//   OPTIONS or TRACE the `X-CSRFToken` header must equal it (constant-time compare), else 403.
// - pkg/proxy/proxy.go (CheckOrigin of the WebSocket upgrader): a WebSocket upgrade must carry an
//   Origin, and it must be the console's own, else the upgrade is refused.
// - pkg/middleware/middleware.go (AuthMiddleware): an API request without a session answers 401;
//   the stand-in's session is the persona cookie that its page sets, so a request that carries
//   none runs as nobody, never as a default user.
// Beyond the bridge (which sits behind a router that fixes the Host): requests whose Host is not
// one the stand-in serves are refused, which defeats DNS rebinding, and a non-GET request whose
// Origin is another site's is refused even before its token is looked at.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type * as http from 'node:http';
import type { Duplex } from 'node:stream';

export const CSRF_COOKIE = 'csrf-token';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export interface Refusal {
  status: number;
  message: string;
}

/** Cookie values by name; the first occurrence wins, as Go's Request.Cookie returns it. */
export function cookies(req: http.IncomingMessage): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!out.has(name)) out.set(name, part.slice(eq + 1).trim());
  }
  return out;
}

/** The Host values the stand-in answers to: loopback names, plus the address it binds. */
export function servedHosts(bindHost: string, port: number): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  const bare = bindHost.replace(/^\[|\]$/g, '');
  if (bare !== '0.0.0.0' && bare !== '::') names.add(bare.includes(':') ? `[${bare}]` : bare);
  return new Set([...names].map((n) => `${n.toLowerCase()}:${port}`));
}

function hostOf(req: http.IncomingMessage): string {
  return (req.headers.host ?? '').toLowerCase();
}

function checkHost(req: http.IncomingMessage, hosts: ReadonlySet<string>): Refusal | undefined {
  const host = hostOf(req);
  if (hosts.has(host)) return undefined;
  return {
    status: 403,
    message: `Host "${host}" is not served by the console stand-in (it answers ${[...hosts].join(', ')})`,
  };
}

/** The request's own origin: the scheme is http, the Host one already checked. */
function ownOrigin(req: http.IncomingMessage): string {
  return `http://${hostOf(req)}`;
}

function checkOrigin(req: http.IncomingMessage, required: boolean): Refusal | undefined {
  const origin = req.headers.origin;
  if (origin === undefined || origin === '') {
    return required ? { status: 403, message: 'no Origin header in request' } : undefined;
  }
  if (origin.toLowerCase() === ownOrigin(req)) return undefined;
  return {
    status: 403,
    message: `invalid Origin: ${origin} expected \`${ownOrigin(req)}\``,
  };
}

function checkCsrf(req: http.IncomingMessage): Refusal | undefined {
  const cookie = cookies(req).get(CSRF_COOKIE);
  if (cookie === undefined) {
    return { status: 403, message: 'invalid CSRFToken: no CSRF Cookie found in request' };
  }
  const header = req.headers[CSRF_HEADER];
  const token = Buffer.from(typeof header === 'string' ? header : '');
  const expected = Buffer.from(cookie);
  if (token.length === expected.length && timingSafeEqual(token, expected)) return undefined;
  return { status: 403, message: 'invalid CSRFToken: CSRF token does not match CSRF cookie' };
}

/**
 * The stand-in's path rules: the raw path must percent-decode and hold no NUL, or the request
 * is malformed (400) before any handler tries to decode it.
 */
export function checkPath(rawUrl: string | undefined): Refusal | undefined {
  const raw = rawUrl ?? '/';
  if (!raw.startsWith('/') || raw.startsWith('//')) {
    return { status: 400, message: `malformed request path ${JSON.stringify(raw.slice(0, 200))}` };
  }
  const pathname = raw.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { status: 400, message: 'malformed percent-encoding in request path' };
  }
  if (decoded.includes('\0') || pathname.includes('\0')) {
    return { status: 400, message: 'NUL byte in request path' };
  }
  return undefined;
}

/** Guards for an HTTP request; `api` marks /api/kubernetes, which needs a session. */
export function checkHttp(
  req: http.IncomingMessage,
  hosts: ReadonlySet<string>,
  api: boolean,
): Refusal | undefined {
  const refusal = checkPath(req.url) ?? checkHost(req, hosts);
  if (refusal) return refusal;
  const method = req.method ?? 'GET';
  if (!SAFE_METHODS.has(method)) {
    const bad = checkOrigin(req, false) ?? checkCsrf(req);
    if (bad) return bad;
  }
  if (api && personaCookie(req) === undefined) return { status: 401, message: 'Unauthorized' };
  return undefined;
}

/** Guards for a WebSocket upgrade: own Origin required, and a session. */
export function checkUpgrade(
  req: http.IncomingMessage,
  hosts: ReadonlySet<string>,
): Refusal | undefined {
  const refusal = checkPath(req.url) ?? checkHost(req, hosts) ?? checkOrigin(req, true);
  if (refusal) return refusal;
  if (personaCookie(req) === undefined) return { status: 401, message: 'Unauthorized' };
  return undefined;
}

export const PERSONA_COOKIE = 'switchboard-persona';
export const PERSONAS = ['admin', 'viewer', 'network-viewer', 'nad-editor'] as const;

/** The persona the request's session chose; undefined when it carries none (or an unknown one). */
export function personaCookie(req: http.IncomingMessage): string | undefined {
  const v = cookies(req).get(PERSONA_COOKIE);
  return v !== undefined && (PERSONAS as readonly string[]).includes(v) ? v : undefined;
}

/**
 * Cookies for an index page: a CSRF token, and the persona cookie when the browser has none yet.
 * Opening the page is the stand-in's login: the user starts as admin and picks another persona
 * in the masthead. The bridge's SetCSRFCookie issues a fresh token on every index page; the
 * stand-in keeps a token the browser already holds, because a write still in flight from the
 * page being left would otherwise carry the old token against the new cookie and get a 403
 * (seen in the all-routes browser test). The token stays random and per browser.
 */
export function sessionCookies(req: http.IncomingMessage): string[] {
  const held = cookies(req).get(CSRF_COOKIE);
  const token = held && /^[\w-]{1,200}$/.test(held) ? held : randomBytes(48).toString('base64url');
  const out = [`${CSRF_COOKIE}=${token}; Path=/; SameSite=Strict`];
  if (personaCookie(req) === undefined)
    out.push(`${PERSONA_COOKIE}=admin; Path=/; SameSite=Strict`);
  return out;
}

export function refuseHttp(res: http.ServerResponse, refusal: Refusal): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // As Go's http.Error: plain text, no sniffing.
  res.writeHead(refusal.status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(`${refusal.message}\n`);
}

export function refuseUpgrade(socket: Duplex, refusal: Refusal): void {
  const body = `${refusal.message}\n`;
  socket.end(
    `HTTP/1.1 ${refusal.status} ${refusal.status === 401 ? 'Unauthorized' : refusal.status === 400 ? 'Bad Request' : 'Forbidden'}\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Runs a request handler so that nothing it throws (or rejects with) can take the process down. */
export function guarded(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>,
): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  return (req, res) => {
    const fail = (err: unknown): void => {
      console.error('console stand-in: request failed', err);
      refuseHttp(res, { status: 500, message: 'internal error' });
    };
    try {
      const done = handler(req, res);
      if (done instanceof Promise) done.catch(fail);
    } catch (err) {
      fail(err);
    }
  };
}

export function guardedUpgrade(
  handler: (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void,
): (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (req, socket, head) => {
    // An upgrade socket has no error listener until a handler adds one; a reset must not crash.
    socket.on('error', () => socket.destroy());
    try {
      handler(req, socket, head);
    } catch (err) {
      console.error('console stand-in: upgrade failed', err);
      socket.destroy();
    }
  };
}

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127\./.test(bare);
}

/**
 * Puts the guards in front of every 'request' and 'upgrade' listener already registered on
 * `server`: a refused request never reaches them, and whatever they throw is caught.
 * `hosts` is read per request because the port is only known once the server listens.
 */
export function protect(server: http.Server, hosts: () => ReadonlySet<string>): void {
  const onRequest = server.listeners('request') as ((
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) => void)[];
  const onUpgrade = server.listeners('upgrade') as ((
    req: http.IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ) => void)[];
  server.removeAllListeners('request');
  server.removeAllListeners('upgrade');
  server.on(
    'request',
    guarded((req, res) => {
      // A client that resets mid-body must not take the process down with an unhandled 'error'.
      req.on('error', () => res.destroy());
      const refusal = checkHttp(req, hosts(), (req.url ?? '').startsWith('/api/kubernetes'));
      if (refusal) return refuseHttp(res, refusal);
      for (const l of onRequest) l(req, res);
    }),
  );
  server.on(
    'upgrade',
    guardedUpgrade((req, socket, head) => {
      const refusal = checkUpgrade(req, hosts());
      if (refusal) return refuseUpgrade(socket, refusal);
      for (const l of onUpgrade) l(req, socket, head);
    }),
  );
}
