// Policy history stored in the cluster as apps/v1 ControllerRevisions, one per policy generation.
import type { K8sResource, ObjectMeta } from '../../../shared/model/k8s';
import type { NodeNetworkConfigurationPolicySpec } from '../../../shared/model/nmstate';

export const DEFAULT_REVISION_NAMESPACE = 'openshift-nmstate';

/**
 * The namespace the plugin reads and writes policy history in: the one place to configure it.
 * It must equal the Helm chart's `rbac.historyNamespace` (charts/switchboard/values.yaml), which
 * grants policy authors the ControllerRevision rights there; a mismatch leaves authors unable to
 * record history and everyone reading an empty one.
 */
export const HISTORY_NAMESPACE = DEFAULT_REVISION_NAMESPACE;
export const REVISION_POLICY_LABEL = 'switchboard.openshift.io/policy';
export const REVISION_OUTCOME_ANNOTATION = 'switchboard.openshift.io/outcome';
export const REVISION_AUTHOR_ANNOTATION = 'switchboard.openshift.io/author';
export const REVISION_POLICY_NAME_ANNOTATION = 'switchboard.openshift.io/policy-name';
export const REVISION_POLICY_UID_LABEL = 'switchboard.openshift.io/policy-uid';
/** Set by the plugin's own recording flow (with `fieldManager` of the same name). */
export const REVISION_RECORDER_ANNOTATION = 'switchboard.openshift.io/recorded-by';
export const REVISION_RECORDER = 'switchboard';
export const DEFAULT_REVISIONS_KEPT = 20;

/** What was observed for a generation: Available on all nodes, Failing on some, Aborted … */
export type RevisionOutcome = 'Available' | 'Failing' | 'Aborted' | 'Progressing' | 'Unknown';
export const REVISION_OUTCOMES: readonly RevisionOutcome[] = [
  'Available',
  'Failing',
  'Aborted',
  'Progressing',
  'Unknown',
];

export interface RevisionData {
  spec: NodeNetworkConfigurationPolicySpec;
  generation: number;
  recordedAt: string;
  author?: string;
  outcome?: RevisionOutcome;
  [key: string]: unknown;
}

export interface ControllerRevision extends K8sResource {
  apiVersion: 'apps/v1';
  kind: 'ControllerRevision';
  metadata: ObjectMeta & { name: string; namespace: string };
  data: RevisionData;
  revision: number;
}

/** A parsed, trusted revision. */
export interface PolicyRevision {
  name: string;
  namespace: string;
  policyName: string;
  generation: number;
  spec: NodeNetworkConfigurationPolicySpec;
  recordedAt: string;
  author: string | null;
  outcome: RevisionOutcome | null;
  resourceVersion: string | null;
  /** UID of the NodeNetworkConfigurationPolicy in the ownerReferences, if any. */
  ownerUid: string | null;
  recorder: string | null;
  /** The API server's creation time (not editable). */
  createdAt: string | null;
  /** The `revision` field (apps/v1), which the plugin sets to the generation. */
  revisionNumber: number | null;
  /** managedFields as the server keeps them; null when it keeps none. */
  managers: RevisionManager[] | null;
  /** The annotated author differs from the one in the (immutable) data. */
  authorMismatch?: boolean;
}

export interface RevisionManager {
  manager: string;
  operation: string;
  time: string | null;
  /** This entry owns the author annotation. */
  ownsAuthor: boolean;
}

export type RevisionUnavailableReason =
  | 'revision.notAnObject'
  | 'revision.wrongKind'
  | 'revision.missingPolicyLabel'
  | 'revision.missingData'
  | 'revision.invalidSpec'
  | 'revision.invalidGeneration'
  | 'revision.invalidRecordedAt';

export type ParseRevisionResult =
  | { ok: true; revision: PolicyRevision }
  | { ok: false; reason: RevisionUnavailableReason; name: string | null };
