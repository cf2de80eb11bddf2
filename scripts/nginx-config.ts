// Turns deploy/nginx.conf into a configuration that Debian's nginx can run from a temporary
// directory without root, so the test exercises the production file rather than a copy of it.
//
// Only deployment paths change; every header, location, MIME type and TLS setting stays as
// written. Each substitution must match at least once: if the production file moves a path, the
// test fails here instead of silently serving something else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..');
export const nginxConfPath = join(repoRoot, 'deploy', 'nginx.conf');

/** Paths that the image and the chart fix and that a test run moves into a temporary directory. */
export const productionPaths = {
  root: '/usr/share/nginx/switchboard',
  certDir: '/var/cert/',
  tmpDir: '/tmp/',
  port: 9443,
} as const;

/**
 * A file is cacheable forever only when webpack put a hash in its name: the container entry
 * `plugin-entry.<hash>.min.js` and `<id>-chunk-<build hash>.min.js` / `<name>-bundle-<hash>...`.
 */
export const hashedAsset =
  /^(plugin-entry\.[0-9a-f]+\.min\.js|[^/]+-(chunk|bundle)-[0-9a-f]+\.min\.js)$/;

export interface LocalPaths {
  /** Directory served as the document root. */
  root: string;
  /** Directory holding tls.crt and tls.key. */
  certDir: string;
  /** Writable directory for the pid file and nginx temp files. */
  tmpDir: string;
  /** Loopback port to listen on. */
  port: number;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function replaceChecked(text: string, from: string | RegExp, to: string, what: string): string {
  const pattern = typeof from === 'string' ? new RegExp(escape(from), 'g') : from;
  if (!pattern.test(text)) throw new Error(`deploy/nginx.conf no longer contains the ${what}`);
  pattern.lastIndex = 0;
  return text.replace(pattern, to);
}

const withSlash = (dir: string): string => (dir.endsWith('/') ? dir : `${dir}/`);

/** The production configuration with its deployment paths moved to `local`. */
export function localNginxConfig(production: string, local: LocalPaths): string {
  let text = production;
  // /tmp/ first: the local replacements below usually live under /tmp themselves.
  text = replaceChecked(text, productionPaths.tmpDir, withSlash(local.tmpDir), 'tmp dir');
  text = replaceChecked(text, productionPaths.certDir, withSlash(local.certDir), 'cert dir');
  text = replaceChecked(text, `root ${productionPaths.root};`, `root ${local.root};`, 'root');
  // IPv6 may be disabled on a CI machine, and a test only needs the IPv4 loopback.
  text = replaceChecked(
    text,
    new RegExp(`^\\s*listen \\[::\\]:${productionPaths.port} ssl;\\n`, 'm'),
    '',
    'IPv6 listen',
  );
  text = replaceChecked(
    text,
    `listen ${productionPaths.port} ssl;`,
    `listen 127.0.0.1:${local.port} ssl;`,
    'IPv4 listen',
  );
  return text;
}

export function readProductionConfig(): string {
  return readFileSync(nginxConfPath, 'utf8');
}
