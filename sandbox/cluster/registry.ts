// Every resource type the sandbox serves: names, scope, versions and schema, mirroring upstream
// (kube-apiserver built-ins and the project's CRDs). Discovery, routing and storage all read
// from this one table.
import type { K8sResource } from '../../src/shared/model/k8s';
import type { ResourceType } from './api';
import {
  bareMetalHostSchema,
  bareMetalSwitchSchema,
  hardwareDataSchema,
  hostNetworkAttachmentSchema,
  ironicSchema,
} from './schemas/metal3';
import {
  nmstateSchema,
  nodeNetworkConfigurationEnactmentSchema,
  nodeNetworkConfigurationPolicySchema,
  nodeNetworkStateSchema,
} from './schemas/nmstate';
import { networkAttachmentDefinitionSchema, openshiftPreservedSchema } from './schemas/other';
import { infraEnvSchema, nmStateConfigSchema } from './schemas/agent';
import type { Schema } from './schemas/schema';

export interface PrinterColumn {
  name: string;
  type: 'string' | 'integer' | 'date';
  value: (obj: K8sResource) => string | number | undefined;
}

export interface ResourceDef extends ResourceType {
  singular: string;
  shortNames: string[];
  categories: string[];
  /** Served versions; `version` (the stored one) is always among them. */
  versions: string[];
  verbs: string[];
  statusSubresource: boolean;
  /** Custom resources get CRD semantics (schema, no strategic merge, conditional update). */
  custom: boolean;
  schema?: Schema;
  printerColumns: PrinterColumn[];
  /** Strategic-merge patch keys (list field name → merge key) for built-in kinds. */
  mergeKeys?: Record<string, string>;
}

const ALL_VERBS = [
  'create',
  'delete',
  'deletecollection',
  'get',
  'list',
  'patch',
  'update',
  'watch',
];

type Conditions = { type?: string; status?: string; reason?: string }[];

function conditionsOf(obj: K8sResource): Conditions {
  const status = obj['status'] as { conditions?: Conditions } | undefined;
  return Array.isArray(status?.conditions) ? status.conditions : [];
}

function trueConditions(obj: K8sResource, field: 'type' | 'reason'): string {
  return conditionsOf(obj)
    .filter((c) => c.status === 'True')
    .map((c) => c[field] ?? '')
    .join(' ');
}

function specField(obj: K8sResource, key: string): string | number | undefined {
  const spec = obj['spec'] as Record<string, unknown> | undefined;
  const value = spec?.[key];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

const statusColumns: PrinterColumn[] = [
  { name: 'Status', type: 'string', value: (o) => trueConditions(o, 'type') },
  { name: 'Reason', type: 'string', value: (o) => trueConditions(o, 'reason') },
];

// Strategic merge keys of core/v1 types that matter for the sandbox's kinds.
const podMergeKeys: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  volumes: 'name',
  env: 'name',
  ports: 'containerPort',
  volumeMounts: 'mountPath',
  imagePullSecrets: 'name',
  conditions: 'type',
  containerStatuses: 'name',
  ownerReferences: 'uid',
  podIPs: 'ip',
};
const nodeMergeKeys: Record<string, string> = {
  conditions: 'type',
  addresses: 'type',
  taints: 'key',
  ownerReferences: 'uid',
};

function def(
  d: Omit<
    ResourceDef,
    | 'versions'
    | 'verbs'
    | 'statusSubresource'
    | 'custom'
    | 'printerColumns'
    | 'shortNames'
    | 'categories'
  > &
    Partial<
      Pick<
        ResourceDef,
        | 'versions'
        | 'verbs'
        | 'statusSubresource'
        | 'custom'
        | 'printerColumns'
        | 'shortNames'
        | 'categories'
      >
    >,
): ResourceDef {
  return {
    versions: [d.version],
    verbs: ALL_VERBS,
    statusSubresource: false,
    custom: false,
    printerColumns: [],
    shortNames: [],
    categories: [],
    ...d,
  };
}

export const RESOURCES: readonly ResourceDef[] = [
  def({
    group: '',
    version: 'v1',
    plural: 'namespaces',
    singular: 'namespace',
    kind: 'Namespace',
    namespaced: false,
    shortNames: ['ns'],
    verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
    statusSubresource: true,
    printerColumns: [
      {
        name: 'Status',
        type: 'string',
        value: (o) => (o['status'] as { phase?: string } | undefined)?.phase,
      },
    ],
  }),
  def({
    group: '',
    version: 'v1',
    plural: 'nodes',
    singular: 'node',
    kind: 'Node',
    namespaced: false,
    shortNames: ['no'],
    statusSubresource: true,
    mergeKeys: nodeMergeKeys,
    printerColumns: [
      {
        name: 'Status',
        type: 'string',
        value: (o) =>
          conditionsOf(o).find((c) => c.type === 'Ready')?.status === 'True' ? 'Ready' : 'NotReady',
      },
    ],
  }),
  def({
    group: '',
    version: 'v1',
    plural: 'pods',
    singular: 'pod',
    kind: 'Pod',
    namespaced: true,
    shortNames: ['po'],
    categories: ['all'],
    statusSubresource: true,
    mergeKeys: podMergeKeys,
    printerColumns: [
      {
        name: 'Status',
        type: 'string',
        value: (o) => (o['status'] as { phase?: string } | undefined)?.phase,
      },
      { name: 'Node', type: 'string', value: (o) => specField(o, 'nodeName') },
    ],
  }),
  def({
    group: '',
    version: 'v1',
    plural: 'events',
    singular: 'event',
    kind: 'Event',
    namespaced: true,
    shortNames: ['ev'],
    printerColumns: [
      { name: 'Type', type: 'string', value: (o) => o['type'] as string | undefined },
      { name: 'Reason', type: 'string', value: (o) => o['reason'] as string | undefined },
      { name: 'Message', type: 'string', value: (o) => o['message'] as string | undefined },
    ],
  }),
  def({
    group: '',
    version: 'v1',
    plural: 'secrets',
    singular: 'secret',
    kind: 'Secret',
    namespaced: true,
  }),
  def({
    group: '',
    version: 'v1',
    plural: 'configmaps',
    singular: 'configmap',
    kind: 'ConfigMap',
    namespaced: true,
    shortNames: ['cm'],
  }),
  // The NMState operator's operands (kubernetes-nmstate deploy/handler/operator.yaml): the
  // handler DaemonSet and the webhook/metrics Deployments, whose status the operator summarises
  // into the NMState conditions (controllers/operator/nmstate_controller.go reconcileStatus).
  def({
    group: 'apps',
    version: 'v1',
    plural: 'daemonsets',
    singular: 'daemonset',
    kind: 'DaemonSet',
    namespaced: true,
    shortNames: ['ds'],
    categories: ['all'],
    statusSubresource: true,
  }),
  def({
    group: 'apps',
    version: 'v1',
    plural: 'deployments',
    singular: 'deployment',
    kind: 'Deployment',
    namespaced: true,
    shortNames: ['deploy'],
    categories: ['all'],
    statusSubresource: true,
  }),
  def({
    group: 'apps',
    version: 'v1',
    plural: 'controllerrevisions',
    singular: 'controllerrevision',
    kind: 'ControllerRevision',
    namespaced: true,
  }),
  def({
    group: 'authorization.k8s.io',
    version: 'v1',
    plural: 'selfsubjectaccessreviews',
    singular: 'selfsubjectaccessreview',
    kind: 'SelfSubjectAccessReview',
    namespaced: false,
    verbs: ['create'],
  }),
  def({
    group: 'authorization.k8s.io',
    version: 'v1',
    plural: 'selfsubjectrulesreviews',
    singular: 'selfsubjectrulesreview',
    kind: 'SelfSubjectRulesReview',
    namespaced: false,
    verbs: ['create'],
  }),
  def({
    group: 'authentication.k8s.io',
    version: 'v1',
    plural: 'selfsubjectreviews',
    singular: 'selfsubjectreview',
    kind: 'SelfSubjectReview',
    namespaced: false,
    verbs: ['create'],
  }),
  def({
    group: 'nmstate.io',
    version: 'v1beta1',
    plural: 'nodenetworkstates',
    singular: 'nodenetworkstate',
    kind: 'NodeNetworkState',
    namespaced: false,
    shortNames: ['nns'],
    statusSubresource: true,
    custom: true,
    schema: nodeNetworkStateSchema,
  }),
  def({
    group: 'nmstate.io',
    version: 'v1',
    versions: ['v1', 'v1beta1'],
    plural: 'nodenetworkconfigurationpolicies',
    singular: 'nodenetworkconfigurationpolicy',
    kind: 'NodeNetworkConfigurationPolicy',
    namespaced: false,
    shortNames: ['nncp'],
    statusSubresource: true,
    custom: true,
    schema: nodeNetworkConfigurationPolicySchema,
    printerColumns: statusColumns,
  }),
  def({
    group: 'nmstate.io',
    version: 'v1beta1',
    plural: 'nodenetworkconfigurationenactments',
    singular: 'nodenetworkconfigurationenactment',
    kind: 'NodeNetworkConfigurationEnactment',
    namespaced: false,
    shortNames: ['nnce'],
    statusSubresource: true,
    custom: true,
    schema: nodeNetworkConfigurationEnactmentSchema,
    printerColumns: statusColumns,
  }),
  def({
    group: 'nmstate.io',
    version: 'v1',
    versions: ['v1', 'v1beta1'],
    plural: 'nmstates',
    singular: 'nmstate',
    kind: 'NMState',
    namespaced: false,
    statusSubresource: true,
    custom: true,
    schema: nmstateSchema,
    printerColumns: statusColumns,
  }),
  def({
    group: 'k8s.cni.cncf.io',
    version: 'v1',
    plural: 'network-attachment-definitions',
    singular: 'network-attachment-definition',
    kind: 'NetworkAttachmentDefinition',
    namespaced: true,
    shortNames: ['net-attach-def'],
    custom: true,
    schema: networkAttachmentDefinitionSchema,
  }),
  def({
    group: 'metal3.io',
    version: 'v1alpha1',
    plural: 'baremetalhosts',
    singular: 'baremetalhost',
    kind: 'BareMetalHost',
    namespaced: true,
    shortNames: ['bmh', 'bmhost'],
    statusSubresource: true,
    custom: true,
    schema: bareMetalHostSchema,
    printerColumns: [
      {
        name: 'State',
        type: 'string',
        value: (o) =>
          (o['status'] as { provisioning?: { state?: string } } | undefined)?.provisioning?.state,
      },
      { name: 'Online', type: 'string', value: (o) => String(specField(o, 'online') ?? '') },
    ],
  }),
  def({
    group: 'metal3.io',
    version: 'v1alpha1',
    plural: 'hardwaredata',
    singular: 'hardwaredata',
    kind: 'HardwareData',
    namespaced: true,
    shortNames: ['hd'],
    custom: true,
    schema: hardwareDataSchema,
  }),
  def({
    group: 'metal3.io',
    version: 'v1alpha1',
    plural: 'baremetalswitches',
    singular: 'baremetalswitch',
    kind: 'BareMetalSwitch',
    namespaced: true,
    shortNames: ['bms'],
    statusSubresource: true,
    custom: true,
    schema: bareMetalSwitchSchema,
    printerColumns: [
      { name: 'Driver', type: 'string', value: (o) => specField(o, 'driver') },
      { name: 'Device Type', type: 'string', value: (o) => specField(o, 'deviceType') },
      { name: 'Address', type: 'string', value: (o) => specField(o, 'address') },
      {
        name: 'Valid',
        type: 'string',
        value: (o) => conditionsOf(o).find((c) => c.type === 'Valid')?.status,
      },
    ],
  }),
  def({
    group: 'metal3.io',
    version: 'v1alpha1',
    plural: 'hostnetworkattachments',
    singular: 'hostnetworkattachment',
    kind: 'HostNetworkAttachment',
    namespaced: true,
    statusSubresource: true,
    custom: true,
    schema: hostNetworkAttachmentSchema,
    printerColumns: [
      { name: 'Mode', type: 'string', value: (o) => specField(o, 'mode') },
      { name: 'Native VLAN', type: 'integer', value: (o) => specField(o, 'nativeVLAN') },
    ],
  }),
  def({
    group: 'ironic.metal3.io',
    version: 'v1alpha1',
    plural: 'ironics',
    singular: 'ironic',
    kind: 'Ironic',
    namespaced: true,
    statusSubresource: true,
    custom: true,
    schema: ironicSchema,
  }),
  def({
    group: 'agent-install.openshift.io',
    version: 'v1beta1',
    plural: 'nmstateconfigs',
    singular: 'nmstateconfig',
    kind: 'NMStateConfig',
    namespaced: true,
    statusSubresource: true,
    custom: true,
    schema: nmStateConfigSchema,
  }),
  def({
    group: 'agent-install.openshift.io',
    version: 'v1beta1',
    plural: 'infraenvs',
    singular: 'infraenv',
    kind: 'InfraEnv',
    namespaced: true,
    statusSubresource: true,
    custom: true,
    schema: infraEnvSchema,
  }),
  def({
    group: 'config.openshift.io',
    version: 'v1',
    plural: 'networks',
    singular: 'network',
    kind: 'Network',
    namespaced: false,
    statusSubresource: true,
    custom: true,
    schema: openshiftPreservedSchema,
  }),
  def({
    group: 'config.openshift.io',
    version: 'v1',
    plural: 'infrastructures',
    singular: 'infrastructure',
    kind: 'Infrastructure',
    namespaced: false,
    statusSubresource: true,
    custom: true,
    schema: openshiftPreservedSchema,
  }),
  // The console operator's configuration (openshift/api operator/v1 types_console.go): the chart's
  // enablement Job appends the plugin to spec.plugins of the object named `cluster`.
  def({
    group: 'operator.openshift.io',
    version: 'v1',
    plural: 'consoles',
    singular: 'console',
    kind: 'Console',
    namespaced: false,
    statusSubresource: true,
    custom: true,
    schema: openshiftPreservedSchema,
  }),
  def({
    group: 'operator.openshift.io',
    version: 'v1',
    plural: 'networks',
    singular: 'network',
    kind: 'Network',
    namespaced: false,
    statusSubresource: true,
    custom: true,
    schema: openshiftPreservedSchema,
  }),
];

export function typeKey(t: Pick<ResourceType, 'group' | 'plural'>): string {
  return t.group === '' ? t.plural : `${t.plural}.${t.group}`;
}

const byKey = new Map(RESOURCES.map((r) => [typeKey(r), r]));

export function findByPlural(group: string, plural: string): ResourceDef | undefined {
  return byKey.get(typeKey({ group, plural }));
}

export function findByKind(group: string, kind: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.group === group && r.kind === kind);
}

export function groupVersion(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}

/** Groups in discovery order with their served versions, preferred (storage) version first. */
export function servedGroups(): { group: string; versions: string[]; preferred: string }[] {
  const out = new Map<string, { group: string; versions: string[]; preferred: string }>();
  for (const r of RESOURCES) {
    if (r.group === '') continue;
    let g = out.get(r.group);
    if (!g) {
      g = { group: r.group, versions: [], preferred: r.version };
      out.set(r.group, g);
    }
    for (const v of r.versions) if (!g.versions.includes(v)) g.versions.push(v);
  }
  for (const g of out.values()) {
    g.versions.sort((a, b) => versionPriority(b) - versionPriority(a));
    g.preferred = g.versions[0] ?? g.preferred;
  }
  return [...out.values()];
}

/** Kubernetes version ordering: GA above beta above alpha, then by number. */
function versionPriority(version: string): number {
  const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(version);
  if (!m) return 0;
  const major = Number(m[1]);
  const level = m[2] === undefined ? 3 : m[2] === 'beta' ? 2 : 1;
  return level * 1_000_000 + major * 1000 + Number(m[3] ?? 0);
}
