// The API server's storage semantics, shared by HTTP handlers and in-process controllers:
// create/update/patch/delete with defaulting, pruning, validation, admission, optimistic
// concurrency, generation rules, finalizers, garbage collection and namespace lifecycle.
import { randomBytes, randomUUID } from 'node:crypto';
import type { K8sResource, ObjectMeta, OwnerReference } from '../../src/shared/model/k8s';
import type { ClusterApi, ResourceType, StoreWatchEvent, WriteOptions } from './api';
import { ApiError } from './api';
import type { AdmissionContext } from './admission';
import { applyDecodeDefaults, mutate, validate } from './admission';
import {
  applyJsonPatch,
  applyMergePatch,
  applyStrategicMergePatch,
  deepEqual,
  isObject,
} from './patch';
import type { ResourceDef } from './registry';
import { RESOURCES, findByKind, findByPlural, groupVersion, typeKey } from './registry';
import type { Cause } from './schemas/schema';
import { applySchema } from './schemas/schema';
import type { ManagedFieldsEntry } from './managedFields';
import { recordWrite, serverSideApply, withoutMutations } from './managedFields';
import { matchesLabels, parseLabelSelector } from './selectors';
import type { Entry } from './store';
import type { Store } from './store';
import { objectKey } from './store';

export type PatchType = 'json' | 'merge' | 'strategic' | 'apply';

export interface MutateOptions {
  subresource?: 'status';
  dryRun?: boolean;
  /** HTTP requests are not trusted with status on create; in-process controllers are. */
  fromHttp?: boolean;
  /** Unknown-field handling: Strict rejects, Warn (the default) reports, Ignore drops silently. */
  fieldValidation?: 'Ignore' | 'Warn' | 'Strict';
  /** Receives `unknown field "<path>"` warnings when fieldValidation is Warn. */
  warnings?: string[];
  /**
   * Manager of an HTTP write (fieldManager, else the User-Agent's prefix; '' is recorded as
   * "unknown"): see managedFields.ts. Writes without one (in-process controllers) leave
   * managedFields as they were.
   */
  fieldManager?: string;
  /** Server-side apply: take over fields other managers own. */
  force?: boolean;
  /** managedFields computed by a server-side apply; replaces the object's. */
  managedFields?: ManagedFieldsEntry[];
}

export interface DeleteOptions {
  dryRun?: boolean;
  propagationPolicy?: 'Background' | 'Foreground' | 'Orphan';
  preconditions?: { uid?: string; resourceVersion?: string };
}

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const QUALIFIED_NAME =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const GENERATE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

export const BOOT_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

/** `<plural>.<group>` as used in upstream error messages (`pods` for the core group). */
export function qualifiedResource(def: Pick<ResourceType, 'group' | 'plural'>): string {
  return typeKey(def);
}

function qualifiedKind(def: ResourceDef): string {
  return def.group === '' ? def.kind : `${def.kind}.${def.group}`;
}

function notFound(def: ResourceDef, name: string): ApiError {
  return new ApiError(404, 'NotFound', `${qualifiedResource(def)} "${name}" not found`);
}

function omit(obj: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => !keys.includes(k)));
}

/** The object minus fields the server itself changes on every write. */
function stripVolatile(obj: K8sResource): Record<string, unknown> {
  return {
    ...obj,
    metadata: omit(obj.metadata ?? {}, ['resourceVersion', 'generation', 'managedFields']),
  };
}

/** Everything generation tracks: all but metadata and status. */
function specPart(obj: K8sResource): Record<string, unknown> {
  return omit(obj, ['metadata', 'status', 'apiVersion', 'kind']);
}

function generateSuffix(): string {
  const bytes = randomBytes(5);
  let out = '';
  for (const b of bytes) out += GENERATE_ALPHABET[b % GENERATE_ALPHABET.length] ?? 'x';
  return out;
}

/** The object as the request sent it to the field manager, with its managedFields. */
function withManagedFields(
  obj: Record<string, unknown>,
  managedFields: unknown,
): Record<string, unknown> {
  const meta = isObject(obj['metadata']) ? obj['metadata'] : {};
  return {
    ...obj,
    metadata: { ...meta, ...(managedFields === undefined ? {} : { managedFields }) },
  };
}

function nowString(d: Date): string {
  return d.toISOString().replace(/\.\d+Z$/, 'Z');
}

export class Cluster implements ClusterApi {
  readonly store: Store;
  readonly defsByKey = new Map(RESOURCES.map((r) => [typeKey(r), r]));

  constructor(
    store: Store,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.store = store;
  }

  now(): Date {
    return this.clock();
  }

  def(type: ResourceType): ResourceDef {
    const d = findByPlural(type.group, type.plural);
    if (!d) throw new ApiError(404, 'NotFound', `the server could not find the requested resource`);
    return d;
  }

  resourceType(group: string, kind: string): ResourceType {
    const d = findByKind(group, kind);
    if (!d)
      throw new ApiError(404, 'NotFound', `no matches for kind "${kind}" in group "${group}"`);
    return d;
  }

  // ---- reads --------------------------------------------------------------------------

  entries(def: ResourceDef, namespace?: string): Entry[] {
    const table = this.store.table(def);
    const out: Entry[] = [];
    for (const e of table.values()) {
      if (namespace !== undefined && def.namespaced && e.obj.metadata?.namespace !== namespace)
        continue;
      out.push(e);
    }
    return out;
  }

  list(
    type: ResourceType,
    opts: { namespace?: string; labelSelector?: string } = {},
  ): K8sResource[] {
    const def = this.def(type);
    const selector = parseLabelSelector(opts.labelSelector);
    return this.entries(def, opts.namespace)
      .filter((e) => matchesLabels(selector, e.obj.metadata?.labels))
      .map((e) => structuredClone(e.obj));
  }

  get(type: ResourceType, namespace: string | undefined, name: string): K8sResource | undefined {
    const def = this.def(type);
    const e = this.store.get(def, def.namespaced ? namespace : undefined, name);
    return e ? structuredClone(e.obj) : undefined;
  }

  exists(type: ResourceType, namespace: string | undefined, name: string): boolean {
    const def = this.def(type);
    return this.store.get(def, def.namespaced ? namespace : undefined, name) !== undefined;
  }

  // ---- ClusterApi writes (in-process, privileged) ----------------------------------------

  create(type: ResourceType, obj: K8sResource, opts: WriteOptions = {}): K8sResource {
    const def = this.def(type);
    return structuredClone(
      this.createEntry(def, obj.metadata?.namespace, obj, { dryRun: opts.dryRun }).obj,
    );
  }

  update(type: ResourceType, obj: K8sResource, opts: WriteOptions = {}): K8sResource {
    const def = this.def(type);
    const name = obj.metadata?.name ?? '';
    return structuredClone(
      this.updateEntry(def, obj.metadata?.namespace, name, obj, {
        subresource: opts.subresource,
        dryRun: opts.dryRun,
      }).obj,
    );
  }

  delete(type: ResourceType, namespace: string | undefined, name: string): void {
    this.deleteEntry(this.def(type), namespace, name, {});
  }

  watch(type: ResourceType, listener: (event: StoreWatchEvent) => void): () => void {
    const def = this.def(type);
    return this.store.subscribe(def, (ev) =>
      listener({ type: ev.type, object: structuredClone(ev.entry.obj) }),
    );
  }

  recordEvent(input: {
    involved: K8sResource;
    type: 'Normal' | 'Warning';
    reason: string;
    message: string;
    component: string;
    namespace?: string;
  }): void {
    const events = this.def({ group: '', plural: 'events' } as ResourceType);
    const namespace = input.namespace ?? input.involved.metadata?.namespace ?? 'default';
    const involvedObject = {
      apiVersion: input.involved.apiVersion,
      kind: input.involved.kind,
      name: input.involved.metadata?.name,
      namespace: input.involved.metadata?.namespace,
      uid: input.involved.metadata?.uid,
      resourceVersion: input.involved.metadata?.resourceVersion,
    };
    const now = nowString(this.now());
    // Like client-go's event recorder, repeats of the same event bump count instead of piling up.
    const existing = this.entries(events, namespace).find((e) => {
      const o = e.obj as K8sResource & {
        involvedObject?: { uid?: string; name?: string };
        reason?: string;
        message?: string;
        source?: { component?: string };
      };
      return (
        o.involvedObject?.uid === involvedObject.uid &&
        o.involvedObject?.name === involvedObject.name &&
        o.reason === input.reason &&
        o.message === input.message &&
        o.source?.component === input.component
      );
    });
    if (existing) {
      const o = structuredClone(existing.obj);
      o['count'] = (typeof o['count'] === 'number' ? o['count'] : 1) + 1;
      o['lastTimestamp'] = now;
      this.updateEntry(events, namespace, o.metadata?.name ?? '', o, {});
      return;
    }
    const name = `${involvedObject.name ?? 'event'}.${randomBytes(8).toString('hex')}`;
    this.createEntry(
      events,
      namespace,
      {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name, namespace },
        involvedObject,
        type: input.type,
        reason: input.reason,
        message: input.message,
        source: { component: input.component },
        reportingComponent: input.component,
        count: 1,
        firstTimestamp: now,
        lastTimestamp: now,
      },
      {},
    );
  }

  // ---- the write pipeline ----------------------------------------------------------------

  private admissionContext(
    operation: AdmissionContext['operation'],
    subresource?: 'status',
  ): AdmissionContext {
    return {
      operation,
      subresource,
      now: this.now(),
      listBareMetalHosts: () => {
        const bmh = findByKind('metal3.io', 'BareMetalHost');
        return bmh ? this.entries(bmh).map((e) => e.obj) : [];
      },
    };
  }

  private checkEnvelope(def: ResourceDef, obj: K8sResource): void {
    if (!isObject(obj))
      throw new ApiError(400, 'BadRequest', 'the object provided is not a JSON object');
    if (obj.kind !== undefined && obj.kind !== def.kind) {
      throw new ApiError(
        400,
        'BadRequest',
        `the kind in the data (${obj.kind}) does not match the expected kind (${def.kind})`,
      );
    }
    if (obj.apiVersion !== undefined) {
      const served = def.versions.map((v) => groupVersion(def.group, v));
      if (!served.includes(obj.apiVersion)) {
        throw new ApiError(
          400,
          'BadRequest',
          `the API version in the data (${obj.apiVersion}) does not match the expected API version (${groupVersion(def.group, def.version)})`,
        );
      }
    }
    if (obj.metadata !== undefined && !isObject(obj.metadata)) {
      throw new ApiError(400, 'BadRequest', 'metadata must be an object');
    }
  }

  private validateMeta(def: ResourceDef, meta: ObjectMeta, causes: Cause[]): void {
    const name = meta.name ?? '';
    const nameRe = def.kind === 'Namespace' ? DNS_LABEL : DNS_SUBDOMAIN;
    const maxLen = def.kind === 'Namespace' ? 63 : 253;
    if (name.length > maxLen || !nameRe.test(name)) {
      causes.push({
        reason: 'FieldValueInvalid',
        field: 'metadata.name',
        message:
          def.kind === 'Namespace'
            ? `Invalid value: "${name}": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`
            : `Invalid value: "${name}": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
      });
    }
    for (const field of ['labels', 'annotations'] as const) {
      const m = meta[field];
      if (m === undefined) continue;
      if (!isObject(m)) {
        causes.push({
          reason: 'FieldValueInvalid',
          field: `metadata.${field}`,
          message: 'Invalid value: must be a map of strings',
        });
        continue;
      }
      for (const [k, v] of Object.entries(m)) {
        if (!QUALIFIED_NAME.test(k)) {
          causes.push({
            reason: 'FieldValueInvalid',
            field: `metadata.${field}`,
            message: `Invalid value: "${k}": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character`,
          });
        }
        if (typeof v !== 'string') {
          causes.push({
            reason: 'FieldValueTypeInvalid',
            field: `metadata.${field}.${k}`,
            message: 'Invalid value: must be a string',
          });
        } else if (field === 'labels' && (v.length > 63 || !LABEL_VALUE.test(v))) {
          causes.push({
            reason: 'FieldValueInvalid',
            field: `metadata.labels`,
            message: `Invalid value: "${v}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character`,
          });
        }
      }
    }
  }

  /** Schema + metadata validation; returns the pruned object or throws 422 with causes. */
  private validated(def: ResourceDef, obj: K8sResource, opts: MutateOptions): K8sResource {
    const causes: Cause[] = [];
    const meta = obj.metadata ?? {};
    this.validateMeta(def, meta, causes);
    let out = obj;
    if (def.schema) {
      const { metadata, ...rest } = obj;
      const pruned: string[] = [];
      out = { ...(applySchema(rest, def.schema, '', causes, pruned) as K8sResource), metadata };
      if (pruned.length > 0 && opts.fieldValidation === 'Strict') {
        const version = (obj.apiVersion ?? '').split('/').pop() ?? def.version;
        throw new ApiError(
          400,
          'BadRequest',
          `${def.kind} in version "${version}" cannot be handled as a ${def.kind}: strict decoding error: ${pruned.map((p) => `unknown field "${p}"`).join(', ')}`,
        );
      }
      if (opts.fieldValidation !== 'Ignore') {
        for (const p of pruned) opts.warnings?.push(`unknown field "${p}"`);
      }
    }
    if (causes.length > 0) {
      const name = meta.name ?? '';
      const detail =
        causes.length === 1
          ? `${causes[0]?.field}: ${causes[0]?.message}`
          : `[${causes.map((c) => `${c.field}: ${c.message}`).join(', ')}]`;
      throw new ApiError(
        422,
        'Invalid',
        `${qualifiedKind(def)} "${name}" is invalid: ${detail}`,
        causes,
      );
    }
    return out;
  }

  private requireNamespace(def: ResourceDef, namespace: string | undefined): void {
    if (!def.namespaced) return;
    if (!namespace)
      throw new ApiError(
        400,
        'BadRequest',
        'the server could not find the requested resource: a namespace is required',
      );
    const nsDef = this.def({ group: '', plural: 'namespaces' } as ResourceType);
    const ns = this.store.get(nsDef, undefined, namespace);
    if (!ns) throw new ApiError(404, 'NotFound', `namespaces "${namespace}" not found`);
    if (ns.obj.metadata?.deletionTimestamp) {
      throw new ApiError(
        403,
        'Forbidden',
        `${qualifiedResource(def)} is forbidden: unable to create new content in namespace ${namespace} because it is being terminated`,
      );
    }
  }

  createEntry(
    def: ResourceDef,
    namespace: string | undefined,
    input: K8sResource,
    opts: MutateOptions,
  ): Entry {
    this.checkEnvelope(def, input);
    const obj = structuredClone(input);
    const meta: ObjectMeta = { ...(obj.metadata ?? {}) };
    if (def.namespaced) {
      if (meta.namespace && namespace && meta.namespace !== namespace) {
        throw new ApiError(
          400,
          'BadRequest',
          'the namespace of the provided object does not match the namespace sent on the request',
        );
      }
      meta.namespace = namespace ?? meta.namespace;
    } else {
      delete meta.namespace;
    }
    if (!meta.name) {
      if (meta.generateName) meta.name = `${meta.generateName}${generateSuffix()}`;
      else {
        throw new ApiError(
          422,
          'Invalid',
          `${qualifiedKind(def)} "" is invalid: metadata.name: Required value: name or generateName is required`,
          [
            {
              reason: 'FieldValueRequired',
              field: 'metadata.name',
              message: 'Required value: name or generateName is required',
            },
          ],
        );
      }
    }
    delete meta.resourceVersion;
    delete meta.deletionTimestamp;
    const requestedFields = meta.managedFields;
    delete meta.managedFields;
    obj.metadata = meta;
    obj.apiVersion = groupVersion(def.group, def.version);
    obj.kind = def.kind;
    if (def.statusSubresource && opts.fromHttp) delete obj['status'];
    const ctx = this.admissionContext('CREATE');
    applyDecodeDefaults(def.kind, obj, ctx);
    const requested = structuredClone(obj);
    mutate(def.kind, obj, ctx);
    let out = this.validated(def, obj, opts);
    validate(def.kind, out, undefined, ctx);
    // apiserver create.go: the creator's entry is recorded against an empty live object.
    const managedFields =
      opts.managedFields ??
      (opts.fieldManager !== undefined
        ? recordWrite({
            live: undefined,
            next: withManagedFields(withoutMutations(out, requested, obj), requestedFields),
            manager: opts.fieldManager,
            apiVersion: groupVersion(def.group, def.version),
            now: nowString(this.now()),
          })
        : undefined);
    this.requireNamespace(def, meta.namespace);
    if (this.store.get(def, meta.namespace, meta.name)) {
      throw new ApiError(
        409,
        'AlreadyExists',
        `${qualifiedResource(def)} "${meta.name}" already exists`,
      );
    }
    out = {
      ...out,
      metadata: {
        ...out.metadata,
        uid: randomUUID(),
        creationTimestamp: nowString(this.now()),
        generation: 1,
        ...(managedFields && managedFields.length > 0 ? { managedFields } : {}),
      },
    };
    if (def.kind === 'Namespace') {
      out['spec'] = { finalizers: ['kubernetes'], ...(isObject(out['spec']) ? out['spec'] : {}) };
      out['status'] = { phase: 'Active' };
      out.metadata = {
        ...out.metadata,
        labels: { 'kubernetes.io/metadata.name': meta.name, ...out.metadata?.labels },
      };
    }
    if (opts.dryRun) return { obj: out, json: JSON.stringify(out), rv: 0 };
    out.metadata = { ...out.metadata, resourceVersion: String(this.store.nextResourceVersion()) };
    return this.store.put(def, out);
  }

  updateEntry(
    def: ResourceDef,
    namespace: string | undefined,
    name: string,
    input: K8sResource,
    opts: MutateOptions,
  ): Entry {
    this.checkEnvelope(def, input);
    const ns = def.namespaced ? (namespace ?? input.metadata?.namespace) : undefined;
    const current = this.store.get(def, ns, name);
    if (!current) throw notFound(def, name);
    const old = current.obj;
    const inMeta = input.metadata ?? {};
    if (inMeta.name !== undefined && inMeta.name !== name) {
      throw new ApiError(
        400,
        'BadRequest',
        `the name of the object (${inMeta.name}) does not match the name on the URL (${name})`,
      );
    }
    if (def.namespaced && inMeta.namespace && inMeta.namespace !== ns) {
      throw new ApiError(
        400,
        'BadRequest',
        'the namespace of the provided object does not match the namespace sent on the request',
      );
    }
    const rv = inMeta.resourceVersion;
    if (rv === undefined || rv === '') {
      if (def.custom) {
        throw new ApiError(
          422,
          'Invalid',
          `${qualifiedKind(def)} "${name}" is invalid: metadata.resourceVersion: Invalid value: 0x0: must be specified for an update`,
          [
            {
              reason: 'FieldValueInvalid',
              field: 'metadata.resourceVersion',
              message: 'Invalid value: 0x0: must be specified for an update',
            },
          ],
        );
      }
    } else if (rv !== old.metadata?.resourceVersion) {
      throw new ApiError(
        409,
        'Conflict',
        `Operation cannot be fulfilled on ${qualifiedResource(def)} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
      );
    }
    let next: K8sResource;
    if (opts.subresource === 'status') {
      if (!def.statusSubresource) throw notFound(def, `${name}/status`);
      next = structuredClone(old);
      if (input['status'] === undefined) delete next['status'];
      else next['status'] = structuredClone(input['status']);
    } else {
      next = structuredClone(input);
      if (def.statusSubresource) {
        if (old['status'] === undefined) delete next['status'];
        else next['status'] = structuredClone(old['status']);
      }
    }
    // Identity and server-managed metadata are never taken from the client.
    const oldMeta = old.metadata ?? {};
    next.metadata = {
      ...(opts.subresource === 'status' ? oldMeta : next.metadata),
      name,
      namespace: oldMeta.namespace,
      uid: oldMeta.uid,
      creationTimestamp: oldMeta.creationTimestamp,
      generation: oldMeta.generation,
      resourceVersion: oldMeta.resourceVersion,
    };
    const requestedFields = next.metadata.managedFields;
    delete next.metadata.managedFields;
    if (!def.namespaced) delete next.metadata.namespace;
    if (oldMeta.deletionTimestamp) next.metadata.deletionTimestamp = oldMeta.deletionTimestamp;
    else delete next.metadata.deletionTimestamp;
    next.apiVersion = groupVersion(def.group, def.version);
    next.kind = def.kind;
    if (def.kind === 'Namespace' && opts.subresource !== 'status') {
      next['status'] = old['status'];
    }
    const ctx = this.admissionContext('UPDATE', opts.subresource);
    applyDecodeDefaults(def.kind, next, ctx);
    const requested = opts.fieldManager !== undefined ? structuredClone(next) : undefined;
    mutate(def.kind, next, ctx);
    const out = this.validated(def, next, opts);
    validate(def.kind, out, old, ctx);
    // Field ownership is the server's: taken from an apply, else updated for an HTTP writer
    // (apiserver update.go and patch.go), else, for the in-process controllers, left as it was.
    const managedFields =
      opts.managedFields ??
      (requested && opts.fieldManager !== undefined
        ? recordWrite({
            live: old,
            next: withManagedFields(withoutMutations(out, requested, next), requestedFields),
            manager: opts.fieldManager,
            apiVersion: groupVersion(def.group, def.version),
            now: nowString(this.now()),
            subresource: opts.subresource,
          })
        : (oldMeta.managedFields as ManagedFieldsEntry[] | undefined));
    if (managedFields && managedFields.length > 0)
      out.metadata = { ...out.metadata, managedFields };
    else if (out.metadata) delete out.metadata.managedFields;
    if (!deepEqual(specPart(out), specPart(old))) {
      out.metadata = { ...out.metadata, generation: (oldMeta.generation ?? 1) + 1 };
    }
    // A write that changes nothing, field ownership included, stores nothing.
    if (
      deepEqual(stripVolatile(out), stripVolatile(old)) &&
      deepEqual(out.metadata?.managedFields ?? [], oldMeta.managedFields ?? [])
    )
      return current;
    const finalizers = out.metadata?.finalizers;
    if (out.metadata?.deletionTimestamp && (!finalizers || finalizers.length === 0)) {
      if (opts.dryRun) return current;
      return this.finishDelete(def, out, 'Background');
    }
    if (opts.dryRun) return { obj: out, json: JSON.stringify(out), rv: current.rv };
    out.metadata = { ...out.metadata, resourceVersion: String(this.store.nextResourceVersion()) };
    return this.store.put(def, out);
  }

  patchEntry(
    def: ResourceDef,
    namespace: string | undefined,
    name: string,
    patchType: PatchType,
    patch: unknown,
    opts: MutateOptions & { fieldManager?: string },
  ): Entry {
    const ns = def.namespaced ? namespace : undefined;
    const current = this.store.get(def, ns, name);
    if (patchType === 'apply') {
      if (!opts.fieldManager) {
        throw new ApiError(
          422,
          'Invalid',
          'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
          [
            {
              reason: 'FieldValueRequired',
              field: 'fieldManager',
              message: 'Required value: is required for apply patch',
            },
          ],
        );
      }
      if (!isObject(patch)) throw new ApiError(400, 'BadRequest', 'apply patch must be an object');
      if (!current) {
        if (opts.subresource === 'status') throw notFound(def, name);
        const meta = isObject(patch['metadata']) ? patch['metadata'] : {};
        const { managedFields } = serverSideApply({
          live: {},
          applied: patch,
          manager: opts.fieldManager,
          force: opts.force === true,
          apiVersion: groupVersion(def.group, def.version),
          now: nowString(this.now()),
        });
        return this.createEntry(
          def,
          ns,
          { ...patch, metadata: { ...meta, name } },
          {
            ...opts,
            managedFields,
          },
        );
      }
    }
    if (!current) throw notFound(def, name);
    if (patchType === 'strategic' && def.custom) {
      throw new ApiError(
        415,
        'UnsupportedMediaType',
        'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml',
      );
    }
    const base = structuredClone(current.obj);
    let patched: unknown;
    let appliedFields: ManagedFieldsEntry[] | undefined;
    switch (patchType) {
      case 'json':
        patched = applyJsonPatch(base, patch);
        break;
      case 'merge':
        if (!isObject(patch))
          throw new ApiError(400, 'BadRequest', 'merge patch must be a JSON object');
        patched = applyMergePatch(base, patch);
        break;
      case 'apply': {
        const applied = serverSideApply({
          live: base,
          applied: patch as Record<string, unknown>,
          manager: opts.fieldManager ?? '',
          force: opts.force === true,
          apiVersion: groupVersion(def.group, def.version),
          now: nowString(this.now()),
          subresource: opts.subresource,
        });
        patched = applied.obj;
        appliedFields = applied.managedFields;
        break;
      }
      case 'strategic':
        if (!isObject(patch))
          throw new ApiError(400, 'BadRequest', 'strategic merge patch must be a JSON object');
        patched = applyStrategicMergePatch(base, patch, def.mergeKeys ?? {});
        break;
    }
    if (!isObject(patched))
      throw new ApiError(422, 'Invalid', 'the patch produced a non-object result');
    const result = patched as K8sResource;
    // Patches are unconditional unless the patch itself carries a resourceVersion.
    const patchRv =
      isObject(patch) && isObject(patch['metadata'])
        ? patch['metadata']['resourceVersion']
        : undefined;
    result.metadata = {
      ...result.metadata,
      resourceVersion:
        typeof patchRv === 'string' ? patchRv : current.obj.metadata?.resourceVersion,
    };
    return this.updateEntry(def, ns, name, result, {
      ...opts,
      ...(appliedFields ? { managedFields: appliedFields } : {}),
    });
  }

  deleteEntry(
    def: ResourceDef,
    namespace: string | undefined,
    name: string,
    opts: DeleteOptions,
  ): Entry {
    const ns = def.namespaced ? namespace : undefined;
    const current = this.store.get(def, ns, name);
    if (!current) throw notFound(def, name);
    const obj = current.obj;
    const pre = opts.preconditions;
    if (pre?.uid && pre.uid !== obj.metadata?.uid) {
      throw new ApiError(
        409,
        'Conflict',
        `Operation cannot be fulfilled on ${qualifiedResource(def)} "${name}": Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${obj.metadata?.uid ?? ''}`,
      );
    }
    if (pre?.resourceVersion && pre.resourceVersion !== obj.metadata?.resourceVersion) {
      throw new ApiError(
        409,
        'Conflict',
        `Operation cannot be fulfilled on ${qualifiedResource(def)} "${name}": Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${obj.metadata?.resourceVersion ?? ''}`,
      );
    }
    validate(def.kind, obj, obj, this.admissionContext('DELETE'));
    if (opts.dryRun) return current;
    const finalizers = obj.metadata?.finalizers ?? [];
    if (finalizers.length > 0) {
      if (obj.metadata?.deletionTimestamp) return current;
      const marked: K8sResource = {
        ...structuredClone(obj),
        metadata: {
          ...obj.metadata,
          deletionTimestamp: nowString(this.now()),
          deletionGracePeriodSeconds: 0,
          resourceVersion: String(this.store.nextResourceVersion()),
        },
      };
      return this.store.put(def, marked);
    }
    return this.finishDelete(def, obj, opts.propagationPolicy ?? 'Background');
  }

  private finishDelete(
    def: ResourceDef,
    obj: K8sResource,
    policy: 'Background' | 'Foreground' | 'Orphan',
  ): Entry {
    const uid = obj.metadata?.uid;
    if (def.kind === 'Namespace') {
      const ns = obj.metadata?.name;
      for (const d of RESOURCES) {
        if (!d.namespaced) continue;
        for (const e of this.entries(d, ns)) {
          const still = this.store.get(d, ns, e.obj.metadata?.name ?? '');
          if (still) this.finishDelete(d, still.obj, 'Background');
        }
      }
    }
    if (policy === 'Foreground') this.collectDependents(uid, 'Background');
    const gone = this.store.remove(def, obj);
    if (policy !== 'Foreground') this.collectDependents(uid, policy);
    return gone;
  }

  /** The garbage collector, run synchronously: dependents of a deleted owner go too. */
  private collectDependents(uid: string | undefined, policy: 'Background' | 'Orphan'): void {
    if (!uid) return;
    for (const [t, table] of this.store.allTables()) {
      const d = this.defsByKey.get(t);
      if (!d) continue;
      for (const e of [...table.values()]) {
        const refs: OwnerReference[] = e.obj.metadata?.ownerReferences ?? [];
        if (!refs.some((r) => r.uid === uid)) continue;
        const remaining = refs.filter((r) => r.uid !== uid);
        const livingOwner = remaining.some((r) => this.store.byUid(r.uid) !== undefined);
        const still = this.store.get(d, e.obj.metadata?.namespace, e.obj.metadata?.name ?? '');
        if (!still) continue;
        if (policy === 'Orphan' || livingOwner) {
          const next = structuredClone(still.obj);
          next.metadata = {
            ...next.metadata,
            ownerReferences: remaining,
            resourceVersion: String(this.store.nextResourceVersion()),
          };
          if (remaining.length === 0) delete next.metadata.ownerReferences;
          this.store.put(d, next);
        } else if ((still.obj.metadata?.finalizers ?? []).length > 0) {
          this.deleteEntry(d, still.obj.metadata?.namespace, still.obj.metadata?.name ?? '', {});
        } else {
          this.finishDelete(d, still.obj, 'Background');
        }
      }
    }
  }

  /** Creates the namespaces every fresh cluster starts with. */
  bootstrap(): void {
    const nsDef = this.def({ group: '', plural: 'namespaces' } as ResourceType);
    for (const name of BOOT_NAMESPACES) {
      if (!this.store.get(nsDef, undefined, name)) {
        this.createEntry(nsDef, undefined, { metadata: { name } }, {});
      }
    }
  }

  objectKeyOf(obj: K8sResource): string {
    return objectKey(obj.metadata?.namespace, obj.metadata?.name ?? '');
  }
}
