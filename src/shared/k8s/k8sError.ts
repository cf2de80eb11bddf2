// One error shape for the whole UI. The console SDK throws HttpError-like objects whose
// `response`/`json` carry the Kubernetes Status; fetch failures throw plain Errors; a watch of a
// kind that API discovery does not know reports a NoModelError, which has no HTTP code at all.
import type { K8sStatus } from '../model/k8s';

export type K8sErrorKind =
  | 'forbidden'
  | 'notFound'
  /** The kind is not served by this cluster (its CRD is not installed). */
  | 'missingApi'
  | 'conflict'
  | 'invalid'
  | 'alreadyExists'
  | 'gone'
  | 'tooLarge'
  | 'network'
  | 'server'
  | 'unknown';

export type K8sErrorCause = { field?: string; message?: string; reason?: string };

/** A failed Kubernetes request, normalised. An Error so it can be thrown and logged as one. */
export class K8sError extends Error {
  constructor(
    readonly kind: K8sErrorKind,
    message: string,
    readonly status?: number,
    readonly reason?: string,
    readonly causes: K8sErrorCause[] = [],
  ) {
    super(message);
    this.name = 'K8sError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function kindFor(status: number | undefined, reason: string | undefined): K8sErrorKind {
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 409) return reason === 'AlreadyExists' ? 'alreadyExists' : 'conflict';
  if (status === 410) return 'gone';
  if (status === 413) return 'tooLarge';
  if (status === 422) return 'invalid';
  if (status !== undefined && status >= 500) return 'server';
  if (status === undefined) return 'network';
  return 'unknown';
}

function getStatusObject(err: Record<string, unknown>): K8sStatus | undefined {
  const candidate = err.json ?? (isRecord(err.response) ? err.response.json : undefined);
  if (isRecord(candidate) && candidate.kind === 'Status') return candidate as unknown as K8sStatus;
  return undefined;
}

// openshift/console release-4.22, console-dynamic-plugin-sdk/src/utils/k8s/hooks/k8s-watcher.ts:
// `class NoModelError extends CustomError { constructor() { super('Model does not exist') } }`,
// returned as loadError by useK8sWatchResource(s) once models are loaded and the kind is not
// among them (useK8sWatchResource.ts, useK8sWatchResources.ts). CustomError names the error after
// its class (`new.target.name`), which a minifying console build may rename, so the fixed message
// is checked as well. It carries neither `code` nor `json`.
const NO_MODEL_NAME = 'NoModelError';
const NO_MODEL_MESSAGE = 'Model does not exist';

const isNoModelError = (err: Record<string, unknown>): boolean =>
  err.code === undefined &&
  err.json === undefined &&
  err.response === undefined &&
  (err.name === NO_MODEL_NAME || err.message === NO_MODEL_MESSAGE);

/** Normalises anything thrown by SDK calls or fetch into a K8sError. Never throws. */
export function toK8sError(err: unknown): K8sError {
  if (err instanceof K8sError) return err;
  if (!isRecord(err)) return new K8sError('unknown', String(err));
  if (isNoModelError(err)) return new K8sError('missingApi', NO_MODEL_MESSAGE);
  const status = getStatusObject(err);
  const code =
    status?.code ??
    (isRecord(err.response) && typeof err.response.status === 'number'
      ? err.response.status
      : typeof err.code === 'number'
        ? err.code
        : undefined);
  const message =
    status?.message ?? (typeof err.message === 'string' ? err.message : 'Unknown error');
  return new K8sError(
    kindFor(code, status?.reason),
    message,
    code,
    status?.reason,
    status?.details?.causes ?? [],
  );
}
