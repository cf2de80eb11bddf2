// `@console/shared/src/utils/console-fetch`: the fetch under the SDK's consoleFetch* exports and
// every k8s* call, which the published package imports but does not contain. Written to the
// behaviour of openshift/console release-4.22 frontend/packages/console-shared/src/utils/
// console-fetch.ts and console-fetch-utils.ts:
// - same-origin credentials; `X-CSRFToken` from the `csrf-token` cookie on every non-GET request
//   to the bridge (never on GET, never on absolute URLs);
// - while impersonating, `Impersonate-User` (and `Impersonate-Group`) on every request;
// - a 60 s timeout race by default that rejects with TimeoutError but does not abort the request;
//   a timeout of null or <= 0 (what every k8s* function passes) means no timeout at all;
// - 429 is retried, as is a POST's 409 caused by a (Cluster)ResourceQuota, up to three attempts;
// - errors are HttpError: non-JSON bodies give the status text and no json; JSON bodies give the
//   first cause ("Error "<message>" for field "<field>".") or message, error or status text, with
//   Go's \uXXXX escapes turned back into characters; 403 uses the message or a fixed text.
// Not reproduced: the 401 logout (the stand-in has no session) and admission-webhook warnings.
import storeHandler from '@openshift-console/dynamic-plugin-sdk/lib/app/storeHandler';
import {
  HttpError,
  RetryError,
  TimeoutError,
} from '@openshift-console/dynamic-plugin-sdk/lib/utils/error/http-error';

interface Impersonate {
  kind: string;
  name: string;
  groups?: string[];
}

interface StoreLike {
  getState(): { sdkCore?: { impersonate?: Impersonate } };
}

export function getCSRFToken(): string | undefined {
  const prefix = 'csrf-token=';
  return document.cookie
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c.startsWith(prefix))
    .map((c) => c.slice(prefix.length))
    .pop();
}

/** The headers the console adds to its own requests (CSRF token and impersonation). */
export function consoleHeaders(): Record<string, string> {
  const store = (storeHandler as unknown as { getStore(): StoreLike | undefined }).getStore();
  if (!store) return {};
  const headers: Record<string, string> = {};
  const token = getCSRFToken();
  if (token) headers['X-CSRFToken'] = token;
  const imp = store.getState().sdkCore?.impersonate;
  if (imp?.name) {
    if (imp.kind === 'User') headers['Impersonate-User'] = imp.name;
    else if (imp.kind === 'Group') {
      headers['Impersonate-User'] = imp.name;
      headers['Impersonate-Group'] = imp.name;
    } else if (imp.kind === 'UserWithGroups' && imp.groups?.length) {
      headers['Impersonate-User'] = imp.name;
      // fetch() would join repeated headers with commas, which Kubernetes does not accept, so the
      // console sends the groups in one bridge-specific header that the bridge splits.
      headers['X-Console-Impersonate-Groups'] = imp.groups.join(',');
    }
  }
  return headers;
}

export const unescapeGoUnicode = (s: string): string =>
  s
    .replace(/\\U([0-9a-fA-F]{8})/g, (m, hex: string) => {
      const cp = parseInt(hex, 16);
      return cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
    })
    .replace(/\\u([0-9a-fA-F]{4})/g, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)));

interface StatusJSON {
  message?: string;
  error?: string;
  details?: { kind?: string; causes?: { message?: string; field?: string }[] };
}

async function validate(response: Response, method: string, retry: boolean): Promise<Response> {
  if (response.ok || response.status === 304) return response;
  if (retry && response.status === 429) throw new RetryError();
  const type = response.headers.get('content-type');
  if (!type || !type.includes('json')) {
    throw new HttpError(response.statusText, response.status, response);
  }
  const json = (await response.json()) as StatusJSON;
  if (response.status === 403) {
    throw new HttpError(
      unescapeGoUnicode(json.message || 'Access denied due to cluster policy.'),
      response.status,
      response,
      json,
    );
  }
  if (
    retry &&
    method === 'POST' &&
    response.status === 409 &&
    ['resourcequotas', 'clusterresourcequotas'].includes(json.details?.kind ?? '')
  ) {
    throw new RetryError();
  }
  const cause = json.details?.causes?.[0];
  const reason =
    (cause ? `Error "${cause.message ?? ''}" for field "${cause.field ?? ''}".` : '') ||
    json.message ||
    json.error ||
    response.statusText;
  throw new HttpError(unescapeGoUnicode(reason), response.status, response, json);
}

function withHeaders(url: string, options: RequestInit): RequestInit {
  const headers = new Headers(options.headers);
  for (const [k, v] of Object.entries(consoleHeaders())) if (!headers.has(k)) headers.set(k, v);
  // Exactly as the console: only an explicit GET drops the token (a bare consoleFetch keeps it).
  if (options.method === 'GET' || url.includes('://')) headers.delete('X-CSRFToken');
  return { credentials: 'same-origin', ...options, headers };
}

export async function coFetch(
  url: string,
  options: RequestInit = {},
  timeout: number | null = 60_000,
): Promise<Response> {
  const init = withHeaders(url, options);
  const method = (init.method ?? 'GET').toUpperCase();
  const attempt = async (): Promise<Response> => {
    for (let n = 1; ; n++) {
      try {
        return await validate(await fetch(url, init), method, n < 3);
      } catch (e) {
        if (e instanceof RetryError) continue;
        console.warn(`consoleFetch failed for url ${url}`, e);
        throw e;
      }
    }
  };
  if (timeout === null || timeout <= 0) return attempt();
  return Promise.race([
    attempt(),
    new Promise<Response>((_resolve, reject) => {
      setTimeout(() => reject(new TimeoutError(url, timeout)), timeout);
    }),
  ]);
}

async function parse(response: Response): Promise<unknown> {
  const text = await response.text();
  const plain = response.headers.get('Content-Type') === 'text/plain';
  if (!text) return plain ? '' : {};
  return plain || !response.ok ? text : (JSON.parse(text) as unknown);
}

function common(
  url: string,
  method: string,
  options: RequestInit,
  timeout?: number | null,
): Promise<unknown> {
  return coFetch(url, { ...options, method }, timeout).then(parse);
}

function jsonHeaders(options: RequestInit, contentType?: string): Headers {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (contentType && !headers.has('Content-Type')) headers.set('Content-Type', contentType);
  return headers;
}

function sendJSON(
  url: string,
  method: string,
  json: unknown,
  options: RequestInit | null | undefined,
  timeout?: number | null,
): Promise<unknown> {
  const opts = options ?? {};
  const type = `application/${method === 'PATCH' ? 'json-patch+json' : 'json'};charset=UTF-8`;
  return common(
    url,
    method,
    {
      ...opts,
      headers: jsonHeaders(opts, type),
      ...(json ? { body: JSON.stringify(json) } : {}),
    },
    timeout,
  );
}

export function coFetchJSON(
  url: string,
  method = 'GET',
  options: RequestInit | null = {},
  timeout?: number | null,
): Promise<unknown> {
  const opts = options ?? {};
  return common(url, method, { ...opts, headers: jsonHeaders(opts) }, timeout);
}

coFetchJSON.delete = (
  url: string,
  json: unknown = null,
  options: RequestInit | null = {},
  timeout?: number | null,
) =>
  json
    ? sendJSON(url, 'DELETE', json, options, timeout)
    : coFetchJSON(url, 'DELETE', options, timeout);
coFetchJSON.post = (url: string, json: unknown, options?: RequestInit | null, t?: number | null) =>
  sendJSON(url, 'POST', json, options, t);
coFetchJSON.put = (url: string, json: unknown, options?: RequestInit | null, t?: number | null) =>
  sendJSON(url, 'PUT', json, options, t);
coFetchJSON.patch = (url: string, json: unknown, options?: RequestInit | null, t?: number | null) =>
  sendJSON(url, 'PATCH', json, options, t);

export function coFetchText(
  url: string,
  options: RequestInit | null = {},
  timeout?: number | null,
): Promise<unknown> {
  return common(url, 'GET', options ?? {}, timeout);
}
