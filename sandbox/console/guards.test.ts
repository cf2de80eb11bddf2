// @reliability: the console stand-in in front of a cluster refuses what the console's bridge
// refuses (foreign Origin on WebSockets, missing CSRF token on writes, requests without a
// session), refuses Hosts it does not serve, and survives malformed requests.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { WebSocket } from 'ws';
import type { RunningCluster } from '../cluster/server';
import { startCluster } from '../cluster/server';
import type { RunningConsole } from './server';
import { startConsole } from './server';

let cluster: RunningCluster;
let consoleServer: RunningConsole;
let host: string;
const dir = mkdtempSync(join(tmpdir(), 'console-guards-'));

before(async () => {
  cluster = await startCluster({
    port: 0,
    dataDir: join(dir, 'data'),
    scenario: 'none',
    controllers: false,
  });
  consoleServer = await startConsole({
    port: 0,
    pluginName: 'switchboard',
    pluginDist: join(dir, 'dist'),
    hostDist: join(dir, 'host'),
    upstream: { server: cluster.url },
  });
  host = `127.0.0.1:${consoleServer.port}`;
});

after(async () => {
  await consoleServer.close();
  await cluster.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends raw bytes (fetch would normalize the path) and returns the status line. */
function raw(request: string): Promise<string> {
  return new Promise((ok, fail) => {
    const s = connect(consoleServer.port, '127.0.0.1', () => s.write(request));
    let out = '';
    s.on('data', (d: Buffer) => {
      out += d.toString('latin1');
    });
    s.on('end', () => ok(out.split('\r\n')[0] ?? ''));
    s.on('error', fail);
    setTimeout(() => {
      s.destroy();
      ok(out.split('\r\n')[0] ?? '');
    }, 3000);
  });
}

/** The page's session: what the index page sets. */
async function session(): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`http://${host}/`);
  const set = res.headers.getSetCookie();
  const token = /csrf-token=([^;]+)/.exec(set.join(';'))?.[1] ?? '';
  assert.ok(token.length >= 32, 'the page sets a random CSRF token');
  assert.ok(
    set.some((c) => c.startsWith('switchboard-persona=admin') && /SameSite=Strict/.test(c)),
  );
  return { cookie: `csrf-token=${token}; switchboard-persona=admin`, token };
}

const CM_PATH = '/api/kubernetes/api/v1/namespaces/default/configmaps';

describe('console stand-in guards', () => {
  it('@reliability API requests without a session are 401, never a default persona', async () => {
    const res = await fetch(`http://${host}${CM_PATH}`);
    assert.equal(res.status, 401);
    const { cookie } = await session();
    assert.equal((await fetch(`http://${host}${CM_PATH}`, { headers: { cookie } })).status, 200);
  });

  it('@reliability a Host the stand-in does not serve is refused (DNS rebinding)', async () => {
    const { cookie } = await session();
    const status = await raw(
      `GET ${CM_PATH} HTTP/1.1\r\nHost: attacker.example:${consoleServer.port}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
    );
    assert.match(status, / 403 /);
    assert.equal((await fetch(`http://localhost:${consoleServer.port}/healthz`)).status, 200);
  });

  it('@reliability writes need the CSRF cookie and header, and a foreign Origin is refused', async () => {
    const { cookie, token } = await session();
    const body = JSON.stringify({ metadata: { name: 'csrf-probe' } });
    // A cross-site form or text/plain POST carries no token.
    const attempts: Record<string, string>[] = [
      { cookie, 'content-type': 'text/plain' },
      { cookie, 'content-type': 'application/json', 'x-csrftoken': 'wrong' },
      { 'content-type': 'application/json', 'x-csrftoken': token },
      {
        cookie,
        'content-type': 'application/json',
        'x-csrftoken': token,
        origin: 'http://evil.example',
      },
    ];
    for (const headers of attempts) {
      const res = await fetch(`http://${host}${CM_PATH}`, { method: 'POST', headers, body });
      assert.equal(res.status, 403, JSON.stringify(headers));
    }
    const probe = await fetch(`${cluster.url}/api/v1/namespaces/default/configmaps/csrf-probe`);
    assert.equal(probe.status, 404, 'nothing was created');
    const ok = await fetch(`http://${host}${CM_PATH}`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': 'application/json',
        'x-csrftoken': token,
        origin: `http://${host}`,
      },
      body,
    });
    assert.equal(ok.status, 201);
    // The persona switch is a write like any other.
    const persona = await fetch(`http://${host}/api/console/persona?persona=viewer`, {
      method: 'POST',
    });
    assert.equal(persona.status, 403);
  });

  it("@reliability WebSocket upgrades need the stand-in's own Origin and a session", async () => {
    const { cookie } = await session();
    const url = `ws://${host}${CM_PATH}?watch=true`;
    const attempt = (headers: Record<string, string>): Promise<number> =>
      new Promise((ok) => {
        const ws = new WebSocket(url, { headers });
        ws.on('open', () => {
          ws.terminate();
          ok(101);
        });
        ws.on('unexpected-response', (_req, res) => {
          ok(res.statusCode ?? 0);
          ws.terminate();
        });
        ws.on('error', () => ok(0));
      });
    assert.equal(await attempt({ cookie }), 403, 'no Origin');
    assert.equal(await attempt({ cookie, origin: 'http://evil.example' }), 403);
    assert.equal(await attempt({ origin: `http://${host}` }), 401, 'no session');
    assert.equal(await attempt({ cookie, origin: `http://${host}` }), 101);
  });

  it('@reliability malformed paths answer 400 and the process keeps serving', async () => {
    const { cookie } = await session();
    for (const path of [
      '/api/plugins/switchboard/%E0%A4%A',
      '/static/a%00b.js',
      '/api/plugins/switchboard/a\u0000b',
      `${CM_PATH}/%zz`,
      '//',
    ]) {
      const status = await raw(
        `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
      );
      assert.match(status, / 400 /, path);
    }
    const ws = await raw(
      `GET ${CM_PATH}/%zz?watch=true HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nCookie: ${cookie}\r\n` +
        'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    assert.match(ws, / 400 /);
    // The embedded cluster refuses the same paths with a 400 Status, on HTTP and WebSocket.
    const direct = await fetch(`${cluster.url}/api/v1/namespaces/%zz/configmaps`);
    assert.equal(direct.status, 400);
    assert.equal((await fetch(`http://${host}/healthz`)).status, 200);
    assert.equal((await fetch(`${cluster.url}/healthz`)).status, 200);
  });
});
