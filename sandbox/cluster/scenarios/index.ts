// Seed data of the sandbox cluster. `demo` is a small bare-metal OpenShift cluster that shows
// every feature in a known state (see DEMO below), `empty` only the cluster-config objects, and
// `scale` a deterministic large cluster for benchmarks with policies already settled.
import type { K8sResource } from '../../../src/shared/model/k8s';
import type { NodeRole } from '../../../src/features/policies/__fixtures__/nodeNetworkStates';
import {
  buildNodeNetworkState,
  nicMac,
  nodeMachineIp,
} from '../../../src/features/policies/__fixtures__/nodeNetworkStates';
import type { ClusterApi } from '../api';
import { ApiError } from '../api';
import { createWithStatus } from '../controllers/runtime';
import { enactmentConditions, policyConditions } from '../controllers/nmstate/conditions';
import { applyFailureMessage } from '../controllers/nmstate/handler';
import { reconcileNmstateOperator } from '../controllers/nmstate/operator';
import { applyDefaultVlanFiltering } from '../../../src/features/policies/logic/applyDesiredState';
import { DEMO_BARE_METAL, DEMO_NADS, DEMO_PODS, DEMO_POLICIES } from './demo';

export type ScenarioName = 'demo' | 'empty' | 'scale';

const SCENARIO_TIME = '2026-03-02T09:00:00Z';

/** Creates `obj` (status included); an object that already exists (bootstrap namespaces) is kept. */
export function ensure(api: ClusterApi, group: string, kind: string, obj: K8sResource): void {
  const type = api.resourceType(group, kind);
  const withKind: K8sResource = {
    apiVersion: type.group === '' ? type.version : `${type.group}/${type.version}`,
    kind,
    ...obj,
  };
  try {
    createWithStatus(api, type, withKind);
  } catch (e) {
    if (e instanceof ApiError && e.code === 409) return;
    throw e;
  }
}

function clusterConfig(api: ClusterApi, namespaces: string[]): void {
  for (const name of namespaces)
    ensure(api, '', 'Namespace', { metadata: { name }, status: { phase: 'Active' } });
  ensure(api, 'config.openshift.io', 'Network', {
    metadata: { name: 'cluster' },
    spec: {
      clusterNetwork: [{ cidr: '10.128.0.0/14', hostPrefix: 23 }],
      serviceNetwork: ['172.30.0.0/16'],
      networkType: 'OVNKubernetes',
      externalIP: { policy: {} },
    },
    status: {
      clusterNetwork: [{ cidr: '10.128.0.0/14', hostPrefix: 23 }],
      serviceNetwork: ['172.30.0.0/16'],
      networkType: 'OVNKubernetes',
      clusterNetworkMTU: 1400,
    },
  });
  ensure(api, 'config.openshift.io', 'Infrastructure', {
    metadata: { name: 'cluster' },
    spec: { platformSpec: { type: 'BareMetal', baremetal: {} }, cloudConfig: { name: '' } },
    status: {
      infrastructureName: 'ocp4-x7k2p',
      platform: 'BareMetal',
      platformStatus: {
        type: 'BareMetal',
        baremetal: {
          apiServerInternalIPs: ['192.168.111.5'],
          ingressIPs: ['192.168.111.4'],
          machineNetworks: ['192.168.111.0/24', 'fd00:1101::/64'],
        },
      },
      apiServerURL: 'https://api.ocp4.example.com:6443',
      apiServerInternalURI: 'https://api-int.ocp4.example.com:6443',
      etcdDiscoveryDomain: '',
      controlPlaneTopology: 'HighlyAvailable',
      infrastructureTopology: 'HighlyAvailable',
      cpuPartitioning: 'None',
    },
  });
  ensure(api, 'operator.openshift.io', 'Network', {
    metadata: { name: 'cluster' },
    spec: {
      managementState: 'Managed',
      clusterNetwork: [{ cidr: '10.128.0.0/14', hostPrefix: 23 }],
      serviceNetwork: ['172.30.0.0/16'],
      defaultNetwork: {
        type: 'OVNKubernetes',
        ovnKubernetesConfig: {
          mtu: 1400,
          genevePort: 6081,
          ipv4: {
            internalJoinSubnet: '100.64.0.0/16',
            internalTransitSwitchSubnet: '100.88.0.0/16',
          },
          ipv6: { internalJoinSubnet: 'fd98::/64', internalTransitSwitchSubnet: 'fd97::/64' },
          gatewayConfig: {
            routingViaHost: false,
            ipv4: { internalMasqueradeSubnet: '169.254.0.0/17' },
            ipv6: { internalMasqueradeSubnet: 'fd69::/112' },
          },
        },
      },
      useMultiNetworkPolicy: false,
      disableMultiNetwork: false,
      // The documented shim that makes the network operator run the CNI dhcp daemon, which the
      // demo's dhcp attachment needs.
      additionalNetworks: [
        {
          name: 'dhcp-shim',
          namespace: 'default',
          type: 'Raw',
          rawCNIConfig: JSON.stringify({
            name: 'dhcp-shim',
            cniVersion: '0.3.1',
            type: 'bridge',
            ipam: { type: 'dhcp' },
          }),
        },
      ],
    },
  });
}

interface NodeSpec {
  name: string;
  role: NodeRole;
  index: number;
  labels?: Record<string, string>;
  missingNics?: string[];
  extraVlans?: number;
  veths?: number;
}

/**
 * What a node can allocate. Workers have an SR-IOV pool of eight VFs on ens2f0 (the demo's
 * sriov-net NAD asks for it) and the kubevirt bridge marker's resource for br-vm.
 */
function nodeResources(spec: NodeSpec): Record<string, string> {
  const base = {
    cpu: '15500m',
    memory: '64838392Ki',
    pods: '250',
    'ephemeral-storage': '114345831029',
  };
  if (spec.role !== 'worker') return base;
  return { ...base, 'openshift.io/ens2f0vfs': '8', 'bridge.network.kubevirt.io/br-vm': '1k' };
}

function createNode(api: ClusterApi, spec: NodeSpec, domain = 'ocp4.example.com'): void {
  const roleLabels: Record<string, string> =
    spec.role === 'master'
      ? { 'node-role.kubernetes.io/control-plane': '', 'node-role.kubernetes.io/master': '' }
      : { 'node-role.kubernetes.io/worker': '' };
  const nodeT = api.resourceType('', 'Node');
  const machine = `ocp4-${spec.name}`;
  const node = createWithStatus<K8sResource>(api, nodeT, {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: spec.name,
      labels: {
        'beta.kubernetes.io/arch': 'amd64',
        'beta.kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/hostname': spec.name,
        'kubernetes.io/os': 'linux',
        'node.openshift.io/os_id': 'rhcos',
        ...roleLabels,
        ...(spec.labels ?? {}),
      },
      annotations: {
        'machine.openshift.io/machine': `openshift-machine-api/${machine}`,
        'k8s.ovn.org/node-primary-ifaddr': JSON.stringify({
          ipv4: `${nodeMachineIp(spec.role, spec.index)}/24`,
        }),
      },
    },
    spec: {
      ...(spec.role === 'master'
        ? { taints: [{ key: 'node-role.kubernetes.io/master', effect: 'NoSchedule' }] }
        : {}),
    },
    status: {
      conditions: [
        {
          type: 'MemoryPressure',
          status: 'False',
          reason: 'KubeletHasSufficientMemory',
          message: 'kubelet has sufficient memory available',
        },
        {
          type: 'DiskPressure',
          status: 'False',
          reason: 'KubeletHasNoDiskPressure',
          message: 'kubelet has no disk pressure',
        },
        {
          type: 'PIDPressure',
          status: 'False',
          reason: 'KubeletHasSufficientPID',
          message: 'kubelet has sufficient PID available',
        },
        {
          type: 'Ready',
          status: 'True',
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status',
        },
      ],
      capacity: nodeResources(spec),
      allocatable: nodeResources(spec),
      addresses: [
        { type: 'InternalIP', address: nodeMachineIp(spec.role, spec.index) },
        { type: 'Hostname', address: spec.name },
      ],
      nodeInfo: {
        architecture: 'amd64',
        containerRuntimeVersion: 'cri-o://1.32.4-3.rhaos4.19.git0c4d6f2.el9',
        kernelVersion: '5.14.0-570.19.1.el9_6.x86_64',
        kubeletVersion: 'v1.32.5',
        operatingSystem: 'linux',
        osImage: 'Red Hat Enterprise Linux CoreOS 9.6.20250612-0 (Plow)',
        machineID: `${spec.index}b7d2c1e9f04a4c8b9d3e2f1a0c9b8d7`.slice(0, 32),
      },
    },
  });
  const nns = buildNodeNetworkState({
    nodeName: spec.name,
    role: spec.role,
    index: spec.index,
    missingNics: spec.missingNics ?? [],
    extraVlans: spec.extraVlans ?? 0,
    veths: spec.veths ?? 0,
    nodeUid: node.metadata?.uid,
    updated: SCENARIO_TIME,
    cluster: { domain, machineCidrPrefix: '192.168.111', machineV6Prefix: 'fd00:1101:' },
  });
  createWithStatus(api, api.resourceType('nmstate.io', 'NodeNetworkState'), nns);
}

function nmstateOperator(api: ClusterApi): void {
  // On OpenShift, OLM runs the operator's own Deployment from the bundle
  // (kubernetes-nmstate deploy/operator/operator.yaml: `app: kubernetes-nmstate-operator`); the
  // operator then creates the handler and its siblings (controllers/nmstate/operator.ts).
  ensure(api, 'apps', 'Deployment', {
    metadata: {
      name: 'nmstate-operator',
      namespace: 'openshift-nmstate',
      labels: { app: 'kubernetes-nmstate-operator' },
    },
    spec: { replicas: 1, selector: { matchLabels: { name: 'kubernetes-nmstate-operator' } } },
    status: {
      replicas: 1,
      readyReplicas: 1,
      availableReplicas: 1,
      updatedReplicas: 1,
      observedGeneration: 1,
    },
  });
  ensure(api, 'nmstate.io', 'NMState', {
    metadata: { name: 'nmstate' },
    spec: {
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      probeConfiguration: { dns: { host: 'root-servers.net' } },
    },
    status: {
      conditions: [
        {
          type: 'Available',
          status: 'True',
          reason: 'SuccessfullyDeployed',
          message: 'All components are available and ready',
          lastHeartbeatTime: SCENARIO_TIME,
          lastTransitionTime: SCENARIO_TIME,
        },
        {
          type: 'Progressing',
          status: 'False',
          reason: 'SuccessfullyDeployed',
          message: 'All components are available and ready',
          lastHeartbeatTime: SCENARIO_TIME,
          lastTransitionTime: SCENARIO_TIME,
        },
        {
          type: 'Degraded',
          status: 'False',
          reason: 'SuccessfullyDeployed',
          message: 'All components are available and ready',
          lastHeartbeatTime: SCENARIO_TIME,
          lastTransitionTime: SCENARIO_TIME,
        },
      ],
    },
  });
}

function loadDemo(api: ClusterApi): void {
  clusterConfig(api, [
    'default',
    'openshift-nmstate',
    'openshift-machine-api',
    'openshift-multus',
    'tenant-a',
    'tenant-b',
  ]);
  nmstateOperator(api);
  for (let i = 0; i < 3; i++) createNode(api, { name: `master-${i}`, role: 'master', index: i });
  for (let i = 0; i < 3; i++) {
    createNode(api, {
      name: `worker-${i}`,
      role: 'worker',
      index: i,
      labels: { 'topology.kubernetes.io/zone': `rack-${i % 2 === 0 ? 'a' : 'b'}` },
      missingNics: i === 2 ? ['ens2f1'] : [],
    });
  }
  for (const p of DEMO_POLICIES) ensure(api, 'nmstate.io', 'NodeNetworkConfigurationPolicy', p);
  for (const [group, kind, obj] of DEMO_BARE_METAL) ensure(api, group, kind, obj);
  for (const nad of DEMO_NADS) ensure(api, 'k8s.cni.cncf.io', 'NetworkAttachmentDefinition', nad);
  for (const pod of DEMO_PODS) ensure(api, '', 'Pod', pod);
}

function loadEmpty(api: ClusterApi): void {
  clusterConfig(api, [
    'default',
    'openshift-nmstate',
    'openshift-machine-api',
    'tenant-a',
    'tenant-b',
  ]);
}

/** A stable PRNG (mulberry32) so the scale cluster is identical on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RACK_SIZE = 40;

/**
 * `wide`: every one of the 50 policies selects every worker, so 2,000 nodes carry 100,000
 * enactments (issue #23's policy-list scale); otherwise 5 select every worker and 45 one rack each.
 */
function loadScale(api: ClusterApi, nodeCount: number, wide: boolean): void {
  clusterConfig(api, [
    'default',
    'openshift-nmstate',
    'openshift-machine-api',
    'tenant-a',
    'tenant-b',
  ]);
  nmstateOperator(api);
  const random = seeded(20260302);
  const width = String(Math.max(nodeCount - 1, 1)).length;
  const nodes: { name: string; rack: string; role: NodeRole }[] = [];
  for (let i = 0; i < nodeCount; i++) {
    const role: NodeRole = i < 3 ? 'master' : 'worker';
    const name = role === 'master' ? `master-${i}` : `worker-${String(i - 3).padStart(width, '0')}`;
    const rack = `rack-${String(Math.floor(i / RACK_SIZE)).padStart(2, '0')}`;
    nodes.push({ name, rack, role });
    createNode(api, {
      name,
      role,
      index: role === 'master' ? i : i - 3,
      labels: { 'topology.kubernetes.io/zone': rack },
      extraVlans: role === 'worker' ? 14 : 0,
      veths: 6,
      missingNics: random() < 0.02 ? ['ens2f1'] : [],
    });
  }
  const nncpT = api.resourceType('nmstate.io', 'NodeNetworkConfigurationPolicy');
  const nnceT = api.resourceType('nmstate.io', 'NodeNetworkConfigurationEnactment');
  const racks = [...new Set(nodes.map((n) => n.rack))];
  const now = SCENARIO_TIME;
  for (let p = 0; p < 50; p++) {
    const clusterWide = wide || p < 5;
    const rack = racks[p % racks.length] ?? 'rack-00';
    const name = clusterWide ? `workers-vlan-${500 + p}` : `${rack}-vlan-${500 + p}`;
    const selector: Record<string, string> = clusterWide
      ? { 'node-role.kubernetes.io/worker': '' }
      : { 'topology.kubernetes.io/zone': rack, 'node-role.kubernetes.io/worker': '' };
    const desiredState = {
      interfaces: [
        {
          name: `bond0.${500 + p}`,
          type: 'vlan',
          state: 'up',
          vlan: { 'base-iface': 'bond0', id: 500 + p },
        },
        {
          name: `br${500 + p}`,
          type: 'linux-bridge',
          state: 'up',
          bridge: { options: { stp: { enabled: false } }, port: [{ name: `bond0.${500 + p}` }] },
        },
      ],
    };
    const policy = createWithStatus<K8sResource>(api, nncpT, {
      apiVersion: 'nmstate.io/v1',
      kind: 'NodeNetworkConfigurationPolicy',
      metadata: { name },
      spec: { nodeSelector: selector, maxUnavailable: clusterWide ? '10%' : 3, desiredState },
    });
    const generation = policy.metadata?.generation ?? 1;
    const matching = nodes.filter((n) => n.role === 'worker' && (clusterWide || n.rack === rack));
    // Every seventh policy failed on one node, so failure views have data at scale too.
    const failedNode =
      p % 7 === 3 ? matching[Math.floor(random() * matching.length)]?.name : undefined;
    for (const n of matching) {
      const failed = n.name === failedNode;
      const conditions = enactmentConditions(
        failed
          ? {
              kind: 'failed',
              message: applyFailureMessage(
                n.name,
                new Date(now),
                `NmstateError: InvalidArgument: Interface bond0 does not exist, it is required as base interface of vlan bond0.${500 + p}`,
              ),
            }
          : { kind: 'success' },
      ).map((c) => ({ ...c, lastHeartbeatTime: now, lastTransitionTime: now }));
      createWithStatus(api, nnceT, {
        apiVersion: 'nmstate.io/v1beta1',
        kind: 'NodeNetworkConfigurationEnactment',
        metadata: {
          name: `${n.name}.${name}`,
          labels: { 'nmstate.io/node': n.name, 'nmstate.io/policy': name },
          ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: n.name, uid: '' }],
        },
        status: {
          policyGeneration: generation,
          desiredState: applyDefaultVlanFiltering(desiredState),
          conditions,
        },
      });
    }
    const failed = failedNode === undefined ? 0 : 1;
    const conditions = policyConditions({
      matching: matching.length,
      available: matching.length - failed,
      failed,
      aborted: 0,
    }).map((c) => ({ ...c, lastHeartbeatTime: now, lastTransitionTime: now }));
    api.update(
      nncpT,
      {
        ...policy,
        status: {
          conditions,
          unavailableNodeCountMap: failed === 0 ? {} : { [String(generation)]: 0 },
          unavailableNodeCount: 0,
        },
      },
      { subresource: 'status' },
    );
  }
}

export function loadScenario(
  name: ScenarioName | (string & {}),
  api: ClusterApi,
  options: { nodes?: number; widePolicies?: boolean } = {},
): void {
  switch (name) {
    case 'demo':
      loadDemo(api);
      break;
    case 'empty':
      loadEmpty(api);
      break;
    case 'scale':
      loadScale(api, options.nodes ?? 500, options.widePolicies ?? false);
      break;
    default:
      throw new Error(`unknown scenario "${name}" (expected demo, empty or scale)`);
  }
  // The operator has already deployed its operands on a cluster that starts settled.
  reconcileNmstateOperator(api);
}

export { nicMac };
