// Recording, reading and pruning policy revisions. Revisions are written by every user of the
// plugin and may be edited or truncated by anyone with access to the namespace, so parsing
// never trusts them and never throws: a bad object is reported as unavailable.
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import {
  DEFAULT_REVISION_NAMESPACE,
  REVISION_AUTHOR_ANNOTATION,
  REVISION_OUTCOMES,
  REVISION_OUTCOME_ANNOTATION,
  REVISION_POLICY_LABEL,
  REVISION_POLICY_NAME_ANNOTATION,
  REVISION_POLICY_UID_LABEL,
  REVISION_RECORDER,
  REVISION_RECORDER_ANNOTATION,
  type ControllerRevision,
  type RevisionManager,
  type ParseRevisionResult,
  type PolicyRevision,
  type RevisionOutcome,
} from '../model/revision';
import { isRecord } from '../../../shared/logic/isRecord';
import { LABEL_SAFE } from '../../../shared/logic/labels';

const MAX_NAME = 253;

/** FNV-1a, 32 bit: a short stable suffix to keep shortened names unique. */
export const shortHash = (text: string): string => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
};

/**
 * `<policy>-<generation>` when that is a valid object name; otherwise a lower-cased, sanitised
 * and shortened policy name plus a hash of the original, so distinct policies never collide.
 */
export const getRevisionName = (policyName: string, generation: number): string => {
  const suffix = `-${generation}`;
  const plain = `${policyName}${suffix}`;
  if (plain.length <= MAX_NAME && /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(plain)) return plain;
  const cleaned = policyName
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
  const hash = shortHash(policyName);
  const room = MAX_NAME - suffix.length - hash.length - 1;
  const stem = cleaned.slice(0, room).replace(/[^a-z0-9]+$/, '');
  return `${stem ? `${stem}-` : ''}${hash}${suffix}`;
};

/** Label values are at most 63 label-safe characters; policy names already are, by admission. */
export const getPolicyLabelValue = (policyName: string): string =>
  policyName.length <= 63 && LABEL_SAFE.test(policyName)
    ? policyName
    : `h-${shortHash(policyName)}`;

export interface BuildRevisionOptions {
  now: string;
  author?: string;
  namespace?: string;
  outcome?: RevisionOutcome;
}

export const buildRevision = (
  policy: NodeNetworkConfigurationPolicy,
  { now, author, namespace = DEFAULT_REVISION_NAMESPACE, outcome }: BuildRevisionOptions,
): ControllerRevision => {
  const generation = policy.metadata.generation ?? 0;
  const annotations: Record<string, string> = {
    [REVISION_POLICY_NAME_ANNOTATION]: policy.metadata.name,
    [REVISION_RECORDER_ANNOTATION]: REVISION_RECORDER,
  };
  const uid = policy.metadata.uid;
  if (author) annotations[REVISION_AUTHOR_ANNOTATION] = author;
  if (outcome) annotations[REVISION_OUTCOME_ANNOTATION] = outcome;
  const data: ControllerRevision['data'] = {
    spec: structuredClone(policy.spec),
    generation,
    recordedAt: now,
  };
  if (author) data.author = author;
  if (outcome) data.outcome = outcome;
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: getRevisionName(policy.metadata.name, generation),
      namespace,
      labels: {
        [REVISION_POLICY_LABEL]: getPolicyLabelValue(policy.metadata.name),
        ...(uid ? { [REVISION_POLICY_UID_LABEL]: uid } : {}),
      },
      annotations,
      // The policy owns its history: the garbage collector deletes it with the policy, and a
      // policy re-created under the same name (a new UID) never inherits it. A namespaced
      // dependent may name a cluster-scoped owner (Kubernetes docs, "Owners and dependents").
      ...(uid
        ? {
            ownerReferences: [
              {
                apiVersion: 'nmstate.io/v1',
                kind: 'NodeNetworkConfigurationPolicy',
                name: policy.metadata.name,
                uid,
              },
            ],
          }
        : {}),
    },
    data,
    revision: generation,
  };
};

/**
 * The revision object with an observed outcome recorded (for an update by the data layer). Only
 * an annotation changes: the apps API refuses any change to a stored revision's `data`.
 */
export const withRevisionOutcome = (
  cr: ControllerRevision,
  outcome: RevisionOutcome,
): ControllerRevision => withAnnotation(cr, REVISION_OUTCOME_ANNOTATION, outcome);

/**
 * The revision object with its author recorded, for a revision another writer (usually the
 * history watcher, which cannot know who wrote) created first. An annotation, as `data` is
 * immutable.
 */
export const withRevisionAuthor = (cr: ControllerRevision, author: string): ControllerRevision =>
  withAnnotation(cr, REVISION_AUTHOR_ANNOTATION, author);

const withAnnotation = (cr: ControllerRevision, key: string, value: string): ControllerRevision => {
  const next = structuredClone(cr);
  next.metadata.annotations = { ...next.metadata.annotations, [key]: value };
  return next;
};

const isOutcome = (v: unknown): v is RevisionOutcome =>
  (REVISION_OUTCOMES as readonly unknown[]).includes(v);

export const parseRevision = (cr: unknown): ParseRevisionResult => {
  if (!isRecord(cr)) return { ok: false, reason: 'revision.notAnObject', name: null };
  const metadata = isRecord(cr.metadata) ? cr.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : null;
  const fail = (
    reason: Extract<ParseRevisionResult, { ok: false }>['reason'],
  ): ParseRevisionResult => ({ ok: false, reason, name });
  if (
    cr.kind !== 'ControllerRevision' ||
    typeof cr.apiVersion !== 'string' ||
    !cr.apiVersion.startsWith('apps/')
  )
    return fail('revision.wrongKind');
  const labels = isRecord(metadata.labels) ? metadata.labels : {};
  const annotations = isRecord(metadata.annotations) ? metadata.annotations : {};
  const label = labels[REVISION_POLICY_LABEL];
  if (typeof label !== 'string' || label === '') return fail('revision.missingPolicyLabel');
  const fullName = annotations[REVISION_POLICY_NAME_ANNOTATION];
  const policyName = typeof fullName === 'string' && fullName !== '' ? fullName : label;
  const data = cr.data;
  if (!isRecord(data)) return fail('revision.missingData');
  if (!isRecord(data.spec)) return fail('revision.invalidSpec');
  const spec = data.spec;
  if (spec.desiredState !== undefined && !isRecord(spec.desiredState))
    return fail('revision.invalidSpec');
  const generation = typeof data.generation === 'number' ? data.generation : cr.revision;
  if (typeof generation !== 'number' || !Number.isInteger(generation) || generation < 0)
    return fail('revision.invalidGeneration');
  if (typeof data.recordedAt !== 'string' || Number.isNaN(Date.parse(data.recordedAt)))
    return fail('revision.invalidRecordedAt');
  const annotatedOutcome = annotations[REVISION_OUTCOME_ANNOTATION];
  const outcome = isOutcome(annotatedOutcome)
    ? annotatedOutcome
    : isOutcome(data.outcome)
      ? data.outcome
      : null;
  // The annotation is what the plugin writes (also when signing later); `data` is immutable once
  // created, so a differing data.author shows the annotation was changed afterwards.
  const annotated = annotations[REVISION_AUTHOR_ANNOTATION];
  const author =
    typeof annotated === 'string' && annotated !== ''
      ? annotated
      : typeof data.author === 'string'
        ? data.author
        : null;
  const owner = (Array.isArray(metadata.ownerReferences) ? metadata.ownerReferences : []).find(
    (r: unknown) =>
      isRecord(r) && r.kind === 'NodeNetworkConfigurationPolicy' && typeof r.uid === 'string',
  ) as { uid: string } | undefined;
  const recorder = annotations[REVISION_RECORDER_ANNOTATION];
  return {
    ok: true,
    revision: {
      name: name ?? '',
      namespace: typeof metadata.namespace === 'string' ? metadata.namespace : '',
      policyName,
      generation,
      spec: structuredClone(spec),
      recordedAt: data.recordedAt,
      author,
      outcome,
      resourceVersion:
        typeof metadata.resourceVersion === 'string' ? metadata.resourceVersion : null,
      ownerUid: owner?.uid ?? null,
      recorder: typeof recorder === 'string' ? recorder : null,
      createdAt: typeof metadata.creationTimestamp === 'string' ? metadata.creationTimestamp : null,
      revisionNumber: typeof cr.revision === 'number' ? cr.revision : null,
      managers: parseManagers(metadata.managedFields),
      ...(typeof data.author === 'string' &&
      typeof annotated === 'string' &&
      data.author !== annotated
        ? { authorMismatch: true }
        : {}),
    },
  };
};

const AUTHOR_FIELD = `f:${REVISION_AUTHOR_ANNOTATION}`;

/** The server's field ownership; which entry owns the author annotation. */
const parseManagers = (raw: unknown): RevisionManager[] | null => {
  if (!Array.isArray(raw) || raw.length === 0) return null;
  return raw.filter(isRecord).map((m) => {
    const fields = isRecord(m.fieldsV1) ? m.fieldsV1 : {};
    const meta = isRecord(fields['f:metadata']) ? fields['f:metadata'] : {};
    const ann = isRecord(meta['f:annotations']) ? meta['f:annotations'] : {};
    return {
      manager: typeof m.manager === 'string' ? m.manager : '',
      operation: typeof m.operation === 'string' ? m.operation : '',
      time: typeof m.time === 'string' ? m.time : null,
      ownsAuthor: AUTHOR_FIELD in ann,
    };
  });
};

/** Splits a list into usable revisions (newest first) and unavailable ones. */
export const parseRevisions = (
  objects: readonly unknown[],
): { revisions: PolicyRevision[]; unavailable: Extract<ParseRevisionResult, { ok: false }>[] } => {
  const revisions: PolicyRevision[] = [];
  const unavailable: Extract<ParseRevisionResult, { ok: false }>[] = [];
  for (const o of objects) {
    const r = parseRevision(o);
    if (r.ok) revisions.push(r.revision);
    else unavailable.push(r);
  }
  return { revisions: sortRevisions(revisions), unavailable };
};

/** Newest first: by generation, then by recording time. */
export const sortRevisions = (revisions: readonly PolicyRevision[]): PolicyRevision[] =>
  [...revisions].sort(
    (a, b) => b.generation - a.generation || b.recordedAt.localeCompare(a.recordedAt),
  );

/** First sight of a generation that has no revision yet: record one. */
export const needsRevision = (
  policy: NodeNetworkConfigurationPolicy,
  revisions: readonly PolicyRevision[],
): boolean => {
  const generation = policy.metadata.generation;
  if (typeof generation !== 'number') return false;
  return !revisions.some(
    (r) => r.policyName === policy.metadata.name && r.generation === generation,
  );
};
