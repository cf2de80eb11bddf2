// Admission the real clusters run as webhooks and ValidatingAdmissionPolicies: the nmstate
// NNCP webhooks and policy, and the baremetal-operator HostNetworkAttachment/BareMetalHost
// webhooks. Messages are upstream's, because clients and tests match on them.
import type { K8sResource } from '../../src/shared/model/k8s';
import type { Cause } from './schemas/schema';
import { ApiError } from './api';
import { deepEqual, isObject } from './patch';

export interface AdmissionContext {
  operation: 'CREATE' | 'UPDATE' | 'DELETE';
  subresource?: 'status';
  now: Date;
  /** All BareMetalHosts, for the HostNetworkAttachment reference checks. */
  listBareMetalHosts: () => K8sResource[];
}

type Json = unknown;

function spec(obj: K8sResource | undefined): Record<string, Json> {
  const s = obj?.['spec'];
  return isObject(s) ? s : {};
}

const NNCP_NAME_RE = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const LABEL_VALUE_RE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

const NNCP_CONDITION_TYPES = ['Available', 'Degraded', 'Progressing', 'Ignored'];

function invalid(kind: string, name: string, causes: Cause[]): ApiError {
  return new ApiError(
    422,
    'Invalid',
    `${kind} "${name}" is invalid: ${causes.length === 1 ? `${causes[0]?.field}: ${causes[0]?.message}` : `[${causes.map((c) => `${c.field}: ${c.message}`).join(', ')}]`}`,
    causes,
  );
}

/**
 * Defaults the API server applies while decoding a request, so before field ownership is
 * recorded: the writer owns what they set.
 */
export function applyDecodeDefaults(kind: string, obj: K8sResource, ctx: AdmissionContext): void {
  // API defaulting of core/v1 (kubernetes/kubernetes pkg/apis/core/v1/defaults.go,
  // SetDefaults_Secret): a Secret without a type is Opaque. `kubectl create secret generic`
  // sends none.
  if (kind === 'Secret' && ctx.operation !== 'DELETE' && !obj['type']) obj['type'] = 'Opaque';
}

/**
 * Mutating webhooks: run before schema validation, on the object about to be stored, after
 * field ownership is recorded, so nobody owns what they set (apiserver create.go/update.go
 * update managedFields before mutating admission).
 */
export function mutate(kind: string, obj: K8sResource, ctx: AdmissionContext): void {
  if (kind !== 'NodeNetworkConfigurationPolicy') return;
  if (ctx.subresource === 'status') {
    const status = isObject(obj['status']) ? obj['status'] : (obj['status'] = {});
    const conditions = status['conditions'];
    if (!Array.isArray(conditions) || conditions.length === 0) {
      status['conditions'] = NNCP_CONDITION_TYPES.map((type) => ({
        type,
        status: 'Unknown',
        reason: '',
        message: '',
        lastHeartbeatTime: ctx.now.toISOString().replace(/\.\d+Z$/, 'Z'),
        lastTransitionTime: ctx.now.toISOString().replace(/\.\d+Z$/, 'Z'),
      }));
    }
    return;
  }
  if (ctx.operation === 'DELETE') return;
  // On UPDATE the server restores the stored status after mutation, so only CREATE matters.
  const status = obj['status'];
  if (ctx.operation === 'CREATE' && isObject(status)) delete status['conditions'];
  const metadata = (obj.metadata ??= {});
  metadata.annotations = {
    ...metadata.annotations,
    'nmstate.io/webhook-mutating-timestamp': String(
      BigInt(ctx.now.getTime()) * 1_000_000n +
        BigInt(Math.floor(performance.now() * 1000) % 1_000_000),
    ),
  };
}

/** Validating admission; throws ApiError. `old` is set for UPDATE and DELETE. */
export function validate(
  kind: string,
  obj: K8sResource,
  old: K8sResource | undefined,
  ctx: AdmissionContext,
): void {
  switch (kind) {
    case 'NodeNetworkConfigurationPolicy':
      validatePolicy(obj, old, ctx);
      break;
    case 'HostNetworkAttachment':
      validateHostNetworkAttachment(obj, old, ctx);
      break;
    case 'BareMetalHost':
      if (ctx.operation !== 'DELETE' && ctx.subresource !== 'status') validateBareMetalHost(obj);
      break;
    case 'ControllerRevision':
      if (ctx.operation === 'UPDATE' && old) validateControllerRevisionUpdate(obj, old);
      break;
  }
}

/** As the apps API group validates updates: a revision's `data` never changes once stored. */
function validateControllerRevisionUpdate(obj: K8sResource, old: K8sResource): void {
  if (deepEqual(old['data'] ?? null, obj['data'] ?? null)) return;
  const name = typeof obj.metadata?.name === 'string' ? obj.metadata.name : '';
  throw invalid('ControllerRevision.apps', name, [
    {
      reason: 'FieldValueInvalid',
      field: 'data',
      message: 'Invalid value: "object": field is immutable',
    },
  ]);
}

function availableReason(obj: K8sResource | undefined): string | undefined {
  const status = obj?.['status'];
  if (!isObject(status) || !Array.isArray(status['conditions'])) return undefined;
  const c = (status['conditions'] as Json[]).find((x) => isObject(x) && x['type'] === 'Available');
  if (!isObject(c)) return undefined;
  return typeof c['reason'] === 'string' ? c['reason'] : '';
}

function validatePolicy(
  obj: K8sResource,
  old: K8sResource | undefined,
  ctx: AdmissionContext,
): void {
  const name = obj.metadata?.name ?? '';
  if (ctx.operation === 'DELETE' || ctx.subresource === 'status') return;
  if (ctx.operation === 'CREATE') {
    if (name.length > 63 || !NNCP_NAME_RE.test(name)) {
      throw new ApiError(
        422,
        'Invalid',
        `NodeNetworkConfigurationPolicy.nmstate.io "${name}" is invalid: metadata.name: Invalid value: "${name}": policy name must be no more than 63 characters and must be a valid label value`,
        [
          {
            reason: 'FieldValueInvalid',
            field: 'metadata.name',
            message:
              'policy name must be no more than 63 characters and must be a valid label value',
          },
        ],
      );
    }
  }
  const nodeSelector = spec(obj)['nodeSelector'];
  if (isObject(nodeSelector)) {
    const causes: Cause[] = [];
    for (const [k, v] of Object.entries(nodeSelector)) {
      if (typeof v === 'string' && (v.length > 63 || !LABEL_VALUE_RE.test(v))) {
        causes.push({
          reason: 'FieldValueInvalid',
          field: `spec.nodeSelector.${k}`,
          message: `Invalid value: "${v}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character`,
        });
      }
    }
    if (causes.length > 0) throw invalid('NodeNetworkConfigurationPolicy.nmstate.io', name, causes);
  }
  if (ctx.operation !== 'UPDATE' || !old) return;
  if (!deepEqual(spec(old)['capture'] ?? {}, spec(obj)['capture'] ?? {})) {
    throw new ApiError(
      422,
      'Invalid',
      `NodeNetworkConfigurationPolicy.nmstate.io "${name}" is invalid: spec.capture: Forbidden: invalid policy operation: capture field cannot be modified`,
      [
        {
          reason: 'FieldValueForbidden',
          field: 'spec.capture',
          message: 'invalid policy operation: capture field cannot be modified',
        },
      ],
    );
  }
  if (!deepEqual(spec(old), spec(obj))) {
    const reason = availableReason(old);
    if (reason === undefined || reason === '' || reason === 'ConfigurationProgressing') {
      throw new ApiError(
        422,
        'Invalid',
        `NodeNetworkConfigurationPolicy.nmstate.io "${name}" is invalid: spec: Forbidden: policy ${name} is still in progress`,
        [
          {
            reason: 'FieldValueForbidden',
            field: 'spec',
            message: `policy ${name} is still in progress`,
          },
        ],
      );
    }
  }
}

/** References to `hna` from BMH interfaces, as "ns/bmh[iface]" strings. */
export function hostNetworkAttachmentReferences(hna: K8sResource, hosts: K8sResource[]): string[] {
  const ns = hna.metadata?.namespace;
  const name = hna.metadata?.name;
  const refs: string[] = [];
  for (const bmh of hosts) {
    const ifaces = spec(bmh)['networkInterfaces'];
    if (!Array.isArray(ifaces)) continue;
    ifaces.forEach((iface: Json, i) => {
      if (!isObject(iface)) return;
      const ref = iface['hostNetworkAttachment'];
      if (!isObject(ref) || ref['name'] !== name) return;
      const refNs =
        typeof ref['namespace'] === 'string' && ref['namespace'] !== ''
          ? ref['namespace']
          : bmh.metadata?.namespace;
      if (refNs !== ns) return;
      const label =
        typeof iface['name'] === 'string'
          ? iface['name']
          : typeof iface['macAddress'] === 'string'
            ? iface['macAddress']
            : String(i);
      refs.push(`${bmh.metadata?.namespace ?? ''}/${bmh.metadata?.name ?? ''}[${label}]`);
    });
  }
  return refs;
}

/**
 * A validating webhook's refusal as kube-apiserver reports it (k8s.io/apiserver
 * admission/plugin/webhook/errors/statuserror.go ToStatusErr): the webhook's own status code and
 * reason, the message prefixed with the webhook name. controller-runtime answers a plain error
 * with 403 Forbidden (pkg/webhook/admission/validator_custom.go, `Denied`).
 */
function webhookDenied(webhook: string, message: string, code = 403): ApiError {
  return new ApiError(
    code,
    'Forbidden',
    `admission webhook "${webhook}" denied the request: ${message}`,
  );
}

/** BMO internal/webhooks/metal3.io/v1alpha1/hostnetworkattachment_validation.go parseVLANEntry. */
function vlanEntryError(entry: string): string | undefined {
  const [before = '', after] = entry.split(/-(.*)/s);
  if (!/^[+-]?\d+$/.test(before)) return 'invalid VLAN ID';
  const start = Number(before);
  if (start < 1 || start > 4094) return `VLAN ID ${start} out of range 1-4094`;
  if (after === undefined) return undefined;
  if (!/^[+-]?\d+$/.test(after)) return 'invalid range end';
  const end = Number(after);
  if (end < 1 || end > 4094) return `VLAN ID ${end} out of range 1-4094`;
  if (start >= end) return `range start (${start}) must be less than end (${end})`;
  return undefined;
}

/**
 * The baremetal-operator HostNetworkAttachment webhook (hostnetworkattachment.metal3.io;
 * BMO main internal/webhooks/metal3.io/v1alpha1/hostnetworkattachment_validation.go): the same
 * checks in the same order and wording. It lets trunk and hybrid through without allowedVLANs;
 * Ironic refuses those later (see the Ironic simulation).
 */
function validateHostNetworkAttachment(
  obj: K8sResource,
  old: K8sResource | undefined,
  ctx: AdmissionContext,
): void {
  const name = obj.metadata?.name ?? '';
  const webhook = 'hostnetworkattachment.metal3.io';
  if (ctx.operation === 'DELETE') {
    const refs = hostNetworkAttachmentReferences(obj, ctx.listBareMetalHosts());
    if (refs.length > 0) {
      throw webhookDenied(
        webhook,
        `hostnetworkattachments.metal3.io "${name}" is forbidden: cannot delete attachment while referenced by BMH interfaces: ${refs.join(', ')}`,
      );
    }
    return;
  }
  if (ctx.subresource === 'status') return;
  const s = spec(obj);
  const errors: string[] = [];
  const allowed = Array.isArray(s['allowedVLANs']) ? s['allowedVLANs'] : [];
  if (s['mode'] === 'access' && allowed.length > 0)
    errors.push('allowedVLANs cannot be specified for access mode');
  allowed.forEach((v: Json, i) => {
    if (typeof v !== 'string') return;
    const problem = vlanEntryError(v);
    if (problem !== undefined) errors.push(`allowedVLANs[${i}] ${JSON.stringify(v)}: ${problem}`);
  });
  // k8s.io/apimachinery util/errors Aggregate: one error alone, several in brackets.
  if (errors.length > 0)
    throw webhookDenied(
      webhook,
      errors.length === 1 ? (errors[0] ?? '') : `[${errors.join(', ')}]`,
    );
  if (ctx.operation === 'UPDATE' && old && !deepEqual(spec(old), s)) {
    const refs = hostNetworkAttachmentReferences(old, ctx.listBareMetalHosts());
    if (refs.length > 0) {
      throw webhookDenied(
        webhook,
        `HostNetworkAttachment spec is immutable while referenced by BMH interfaces: ${refs.join(', ')}`,
      );
    }
  }
}

function validateBareMetalHost(obj: K8sResource): void {
  const ifaces = spec(obj)['networkInterfaces'];
  if (!Array.isArray(ifaces)) return;
  const causes: Cause[] = [];
  const seen = new Set<string>();
  ifaces.forEach((iface: Json, i) => {
    if (!isObject(iface)) return;
    const field = `spec.networkInterfaces[${i}]`;
    const hasName = typeof iface['name'] === 'string' && iface['name'] !== '';
    const hasMac = typeof iface['macAddress'] === 'string' && iface['macAddress'] !== '';
    if (hasName === hasMac) {
      causes.push({
        reason: 'FieldValueInvalid',
        field,
        message: 'Invalid value: exactly one of name or macAddress must be specified',
      });
      return;
    }
    const id = hasName
      ? `name:${String(iface['name'])}`
      : `mac:${String(iface['macAddress']).toLowerCase()}`;
    if (seen.has(id)) {
      causes.push({
        reason: 'FieldValueDuplicate',
        field: `${field}.${hasName ? 'name' : 'macAddress'}`,
        message: `Duplicate value: ${JSON.stringify(hasName ? iface['name'] : iface['macAddress'])}`,
      });
    }
    seen.add(id);
  });
  if (causes.length > 0) throw invalid('BareMetalHost.metal3.io', obj.metadata?.name ?? '', causes);
}
