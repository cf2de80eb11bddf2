// Starts Debian's nginx with deploy/nginx.conf (paths moved to a temp dir by nginx-config.ts), a
// throw-away self-signed certificate and a snapshot of the built plugin, then checks over HTTPS what
// Console depends on: content types, caching, nosniff, no listings, plain 404s and TLS 1.2+ only.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { request } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { connect, createServer as createTlsServer } from 'node:tls';
import type { ConnectionOptions, SecureVersion } from 'node:tls';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { hashedAsset, localNginxConfig, readProductionConfig, repoRoot } from './nginx-config';

const NGINX = '/usr/sbin/nginx';
const pluginName = (
  JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    consolePlugin: { name: string };
  }
).consolePlugin.name;

interface Response {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

let work = '';
let port = 0;
let nginx: ChildProcess | undefined;
let nginxStderr = '';
let servedFiles: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as AddressInfo;
      server.close(() => {
        resolve(p);
      });
    });
  });
}

function makeCertificate(dir: string): void {
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-days',
      '1',
    ].concat(['-keyout', join(dir, 'tls.key'), '-out', join(dir, 'tls.crt')]),
    { encoding: 'utf8' },
  );
  if (r.error || r.status !== 0) {
    throw new Error(
      `openssl could not create a test certificate (${r.error?.message ?? r.stderr}). ` +
        'Install it with: apt-get install -y openssl',
    );
  }
}

/** The real build when one is complete, otherwise a stand-in with the same file names. */
function prepareDist(target: string): string {
  const real = join(repoRoot, 'dist');
  const complete =
    existsSync(join(real, 'plugin-manifest.json')) &&
    existsSync(join(real, 'locales', 'en', `plugin__${pluginName}.json`)) &&
    readdirSync(real).some((f) => /^plugin-entry\..+\.min\.js$/.test(f));
  if (complete) {
    // A snapshot, because a parallel `npm run build` may rewrite dist/ while the test runs.
    cpSync(real, target, { recursive: true });
    return 'dist/';
  }
  mkdirSync(join(target, 'locales', 'en'), { recursive: true });
  const files: Record<string, string> = {
    'plugin-manifest.json': JSON.stringify({ name: pluginName, version: '0.0.0' }),
    'plugin-entry.0123456789abcdef.min.js': 'window.__load_plugin_entry__("x", {});',
    '25-chunk-89abcdef.min.js': 'console.log(1);',
    '421-chunk-89abcdef.min.js': 'console.log(2);',
    [`locales/en/plugin__${pluginName}.json`]: JSON.stringify({ Topology: 'Topology' }),
  };
  for (const [name, content] of Object.entries(files)) writeFileSync(join(target, name), content);
  // As the build does (webpack.config.ts): a level-9 copy next to the file, for gzip_static.
  const entry = 'plugin-entry.0123456789abcdef.min.js';
  writeFileSync(join(target, `${entry}.gz`), gzipSync(files[entry] ?? '', { level: 9 }));
  return 'a generated stand-in (dist/ is not built)';
}

function listFiles(base: string, dir = base): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(base, path) : [relative(base, path)];
  });
}

/** Every directory on the way must be world-readable: as root, nginx workers run as nobody. */
function makeReadable(dir: string): void {
  chmodSync(dir, 0o755);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) makeReadable(path);
    else chmodSync(path, 0o644);
  }
}

function get(path: string, method = 'GET'): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, rejectUnauthorized: false, timeout: 5000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout on ${path}`)));
    req.on('error', reject);
    req.end();
  });
}

/** The response's bytes as sent (no decoding), for a client that accepts gzip. */
function getGzip(path: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: { 'Accept-Encoding': 'gzip' },
        rejectUnauthorized: false,
        timeout: 5000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ headers: res.headers, body: Buffer.concat(chunks) });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout on ${path}`)));
    req.on('error', reject);
    req.end();
  });
}

/** Resolves with the negotiated protocol, or rejects with the handshake error. */
function handshake(target: number, options: ConnectionOptions): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(
      { host: '127.0.0.1', port: target, rejectUnauthorized: false, ...options },
      () => {
        const protocol = socket.getProtocol();
        socket.end();
        resolve(protocol);
      },
    );
    socket.setTimeout(5000, () => socket.destroy(new Error('handshake timeout')));
    socket.on('error', reject);
  });
}

/** Offers only TLS 1.0/1.1; SECLEVEL=0 lets Node's OpenSSL 3 actually send such a hello. */
const legacyClient = (max: SecureVersion): ConnectionOptions => ({
  minVersion: 'TLSv1',
  maxVersion: max,
  ciphers: 'DEFAULT@SECLEVEL=0',
});

async function waitForNginx(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited early:\n${nginxStderr}`);
    try {
      await handshake(port, {});
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${String(err)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function startNginx(): Promise<void> {
  // A port chosen by the OS can be taken by another process before nginx binds it; retry then.
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    const conf = localNginxConfig(readProductionConfig(), {
      root: join(work, 'dist'),
      certDir: join(work, 'cert'),
      tmpDir: join(work, 'run'),
      port,
    });
    writeFileSync(join(work, 'nginx.conf'), conf);
    nginxStderr = '';
    const child = spawn(
      NGINX,
      ['-e', 'stderr', '-p', work, '-c', join(work, 'nginx.conf'), '-g', 'daemon off;'],
      // Not a pipe for stdout: nginx cannot open /dev/stdout (the access log) on a libuv socket.
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      nginxStderr += d;
    });
    try {
      await waitForNginx(child);
      nginx = child;
      return;
    } catch (err) {
      child.kill('SIGKILL');
      if (attempt >= 3 || !nginxStderr.includes('Address already in use')) throw err;
    }
  }
}

before(async () => {
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} is missing. Install it with: apt-get install -y nginx-light`);
  }
  work = mkdtempSync(join(tmpdir(), 'switchboard-nginx-'));
  for (const dir of ['dist', 'cert', 'run']) mkdirSync(join(work, dir));
  makeCertificate(join(work, 'cert'));
  const source = prepareDist(join(work, 'dist'));
  makeReadable(work);
  servedFiles = listFiles(join(work, 'dist'));
  console.log(`nginx test serves ${source} (${servedFiles.length} files)`);
  await startNginx();
});

after(async () => {
  const child = nginx;
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

void describe('nginx serving the plugin (deploy/nginx.conf)', () => {
  void test('the configuration passes nginx -t', () => {
    // stdout is not a pipe: libuv pipes are sockets, and nginx cannot open /dev/stdout on one.
    const r = spawnSync(NGINX, ['-t', '-e', 'stderr', '-p', work, '-c', join(work, 'nginx.conf')], {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    assert.equal(r.status, 0, r.stderr);
  });

  void test('plugin-manifest.json is JSON that Console always revalidates', async () => {
    const res = await get('/plugin-manifest.json');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^application\/json\b/);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal((JSON.parse(res.body) as { name: string }).name, pluginName);
  });

  void test('the locale file is JSON and revalidated', async () => {
    const res = await get(`/locales/en/plugin__${pluginName}.json`);
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^application\/json\b/);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
  });

  void test('every served file has the right type and cache policy', async () => {
    const hashed = servedFiles.filter((f) => hashedAsset.test(f));
    assert.ok(
      hashed.some((f) => f.startsWith('plugin-entry.')),
      'no hashed plugin-entry.<hash>.min.js was served; is NODE_ENV=production set for the build?',
    );
    for (const file of servedFiles) {
      const res = await get(`/${file}`);
      assert.equal(res.status, 200, file);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', file);
      if (file.endsWith('.js')) {
        assert.match(String(res.headers['content-type']), /^application\/javascript\b/, file);
      }
      if (file.endsWith('.json')) {
        assert.match(String(res.headers['content-type']), /^application\/json\b/, file);
      }
      if (file.endsWith('.txt')) {
        assert.match(String(res.headers['content-type']), /^text\/plain\b/, file);
      }
      const expected = hashed.includes(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
      assert.equal(res.headers['cache-control'], expected, file);
    }
  });

  void test('a client that accepts gzip gets the build’s level-9 copy as it is', async () => {
    const compressed = servedFiles.filter((f) => f.endsWith('.gz'));
    assert.ok(compressed.length > 0, 'the build wrote no .gz copies (webpack.config.ts)');
    for (const gz of compressed) {
      const file = gz.slice(0, -'.gz'.length);
      const res = await getGzip(`/${file}`);
      assert.equal(res.headers['content-encoding'], 'gzip', file);
      assert.match(String(res.headers.vary), /Accept-Encoding/, file);
      assert.ok(res.body.equals(readFileSync(join(work, 'dist', gz))), `${file}: not the .gz copy`);
    }
  });

  void test('directories are never listed', async () => {
    for (const path of ['/', '/locales/', '/locales/en/', '/locales']) {
      const res = await get(path);
      assert.ok([403, 404].includes(res.status), `${path} answered ${res.status}`);
      assert.doesNotMatch(res.body, /Index of|plugin__/, path);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', path);
    }
  });

  void test('unknown paths are 404 without an index-page fallback', async () => {
    for (const path of [
      '/nope',
      '/index.html',
      '/plugin-entry.ffffffffffffffff.min.js',
      '/locales/en/missing.json',
      '/.env',
      '/topology/some/route',
    ]) {
      const res = await get(path);
      assert.equal(res.status, 404, path);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', path);
    }
  });

  void test('only GET and HEAD are accepted', async () => {
    assert.equal((await get('/plugin-manifest.json', 'HEAD')).status, 200);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      assert.equal((await get('/plugin-manifest.json', method)).status, 405, method);
    }
  });

  void test('the nginx version is not disclosed', async () => {
    const res = await get('/nope');
    assert.equal(res.headers.server, 'nginx');
    assert.doesNotMatch(res.body, /nginx\/\d/);
  });

  void test('TLS 1.2 and TLS 1.3 are accepted', async () => {
    assert.equal(
      await handshake(port, { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2' }),
      'TLSv1.2',
    );
    assert.equal(
      await handshake(port, { minVersion: 'TLSv1.3', maxVersion: 'TLSv1.3' }),
      'TLSv1.3',
    );
  });

  void test('TLS 1.0 and 1.1 are refused', async () => {
    // Control: the same client options do complete a TLS 1.1 handshake with a server that allows
    // it, so a refusal below is nginx's doing and not the client's inability to speak TLS 1.1.
    const control = createTlsServer({
      key: readFileSync(join(work, 'cert', 'tls.key')),
      cert: readFileSync(join(work, 'cert', 'tls.crt')),
      minVersion: 'TLSv1',
      ciphers: 'DEFAULT@SECLEVEL=0',
    });
    control.on('secureConnection', (s) => s.end());
    await new Promise<void>((r) => control.listen(0, '127.0.0.1', r));
    try {
      const controlPort = (control.address() as AddressInfo).port;
      assert.equal(await handshake(controlPort, legacyClient('TLSv1.1')), 'TLSv1.1');
    } finally {
      control.close();
    }
    await assert.rejects(handshake(port, legacyClient('TLSv1.1')), /protocol version|alert/i);
    await assert.rejects(handshake(port, legacyClient('TLSv1')), /protocol version|alert/i);
  });
});
