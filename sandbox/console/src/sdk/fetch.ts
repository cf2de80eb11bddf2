// consoleFetch and the k8s* request functions with the console's URL scheme and error shape:
// failures throw an HttpError carrying the fetch Response and the parsed Kubernetes Status.
import type {
  K8sModel,
  K8sResourceCommon,
  QueryParams,
} from '@openshift-console/dynamic-plugin-sdk';

export const API_BASE = '/api/kubernetes';

export class HttpError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly response?: Response,
    readonly json?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

function withJsonHeaders(options: RequestInit, contentType: string): Headers {
  const headers = new Headers(options.headers);
  headers.set('Content-Type', contentType);
  return headers;
}

function csrfToken(): string | undefined {
  const match = /(?:^|;\s*)csrf-token=([^;]+)/.exec(document.cookie);
  return match?.[1];
}

export async function consoleFetch(
  url: string,
  options: RequestInit = {},
  timeout = 60_000,
): Promise<Response> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = csrfToken();
  if (token) headers.set('X-CSRFToken', token);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  try {
    const response = await fetch(url, {
      ...options,
      headers,
      credentials: 'same-origin',
      signal: options.signal ?? controller.signal,
    });
    if (response.ok) return response;
    let json: unknown;
    const text = await response.text();
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const message =
      json && typeof json === 'object' && 'message' in json && typeof json.message === 'string'
        ? json.message
        : text || response.statusText;
    throw new HttpError(message, response.status, response, json);
  } finally {
    clearTimeout(timer);
  }
}

export async function consoleFetchJSON(
  url: string,
  method = 'GET',
  options: RequestInit = {},
  timeout?: number,
): Promise<unknown> {
  const response = await consoleFetch(url, { ...options, method }, timeout);
  const text = await response.text();
  return text ? JSON.parse(text) : {};
}

consoleFetchJSON.delete = (url: string, json?: unknown, options: RequestInit = {}) =>
  consoleFetchJSON(url, 'DELETE', {
    ...options,
    body: json === undefined ? undefined : JSON.stringify(json),
    headers: withJsonHeaders(options, 'application/json'),
  });
consoleFetchJSON.post = (url: string, json: unknown, options: RequestInit = {}) =>
  consoleFetchJSON(url, 'POST', {
    ...options,
    body: JSON.stringify(json),
    headers: withJsonHeaders(options, 'application/json'),
  });
consoleFetchJSON.put = (url: string, json: unknown, options: RequestInit = {}) =>
  consoleFetchJSON(url, 'PUT', {
    ...options,
    body: JSON.stringify(json),
    headers: withJsonHeaders(options, 'application/json'),
  });
consoleFetchJSON.patch = (url: string, json: unknown, options: RequestInit = {}) =>
  consoleFetchJSON(url, 'PATCH', {
    ...options,
    body: JSON.stringify(json),
    headers: withJsonHeaders(options, 'application/json-patch+json'),
  });

export async function consoleFetchText(url: string, options: RequestInit = {}): Promise<string> {
  return (await consoleFetch(url, options)).text();
}

export interface ResourcePathOptions {
  ns?: string;
  name?: string;
  path?: string;
  queryParams?: QueryParams | Record<string, string | undefined>;
}

export function resourceURL(model: K8sModel, opts: ResourcePathOptions = {}): string {
  const group = model.apiGroup && model.apiGroup !== 'core' ? model.apiGroup : '';
  let url = group
    ? `${API_BASE}/apis/${group}/${model.apiVersion}`
    : `${API_BASE}/api/${model.apiVersion}`;
  if (opts.ns && model.namespaced) url += `/namespaces/${encodeURIComponent(opts.ns)}`;
  url += `/${model.plural}`;
  if (opts.name) url += `/${encodeURIComponent(opts.name)}`;
  if (opts.path) url += `/${opts.path}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.queryParams ?? {})) {
    if (typeof v === 'string') params.set(k, v);
  }
  const q = params.toString();
  return q ? `${url}?${q}` : url;
}

type WithQuery = { queryParams?: QueryParams };

export function k8sGet<R extends K8sResourceCommon>(opts: {
  model: K8sModel;
  name?: string;
  ns?: string;
  path?: string;
  queryParams?: QueryParams;
  requestInit?: RequestInit;
}): Promise<R> {
  return consoleFetchJSON(resourceURL(opts.model, opts), 'GET', opts.requestInit) as Promise<R>;
}

export function k8sCreate<R extends K8sResourceCommon>(
  opts: { model: K8sModel; data: R; path?: string } & WithQuery,
): Promise<R> {
  return consoleFetchJSON.post(
    resourceURL(opts.model, {
      ns: opts.data.metadata?.namespace,
      path: opts.path,
      queryParams: opts.queryParams,
    }),
    opts.data,
  ) as Promise<R>;
}

export function k8sUpdate<R extends K8sResourceCommon>(
  opts: { model: K8sModel; data: R; ns?: string; name?: string; path?: string } & WithQuery,
): Promise<R> {
  return consoleFetchJSON.put(
    resourceURL(opts.model, {
      ns: opts.ns ?? opts.data.metadata?.namespace,
      name: opts.name ?? opts.data.metadata?.name,
      path: opts.path,
      queryParams: opts.queryParams,
    }),
    opts.data,
  ) as Promise<R>;
}

export function k8sPatch<R extends K8sResourceCommon>(
  opts: { model: K8sModel; resource: R; data: unknown[]; path?: string } & WithQuery,
): Promise<R> {
  return consoleFetchJSON.patch(
    resourceURL(opts.model, {
      ns: opts.resource.metadata?.namespace,
      name: opts.resource.metadata?.name,
      path: opts.path,
      queryParams: opts.queryParams,
    }),
    opts.data,
  ) as Promise<R>;
}

export function k8sDelete(opts: {
  model: K8sModel;
  resource: K8sResourceCommon;
  path?: string;
  queryParams?: QueryParams;
  json?: Record<string, unknown>;
  requestInit?: RequestInit;
}): Promise<unknown> {
  return consoleFetchJSON.delete(
    resourceURL(opts.model, {
      ns: opts.resource.metadata?.namespace,
      name: opts.resource.metadata?.name,
      path: opts.path,
      queryParams: opts.queryParams,
    }),
    opts.json ?? { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' },
    opts.requestInit,
  );
}

export async function k8sList(opts: {
  model: K8sModel;
  queryParams?: { [key: string]: unknown };
  requestInit?: RequestInit;
}): Promise<K8sResourceCommon[]> {
  const { ns, ...rest } = (opts.queryParams ?? {}) as { ns?: string } & Record<string, unknown>;
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(rest)) if (typeof v === 'string') params[k] = v;
  const list = (await consoleFetchJSON(
    resourceURL(opts.model, { ns, queryParams: params }),
    'GET',
    opts.requestInit,
  )) as { items?: K8sResourceCommon[] };
  return list.items ?? [];
}
