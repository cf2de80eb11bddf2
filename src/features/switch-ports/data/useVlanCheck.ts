// The inputs of the cross-layer VLAN check, watched live: Metal3 objects, nodes and their
// network state, and the policies/NADs/pods the check reads. Pods come through a lean watch that
// keeps only pods using a NAD, trimmed (nads/logic/podDigest); a one-node view (the node's
// topology and Network tab) reads that node's Node, NodeNetworkState and pods only.
// The check alone (the topology's switch-port marks, the overview's count) needs only this
// module; the switch-ports page adds its host and switch views (useSwitchPortsData), which the
// topology does not download.
import { useEffect, useMemo, useState } from 'react';
import type { K8sResourceCommon } from '@openshift-console/dynamic-plugin-sdk';
import { useConsoleFlag } from '../../../shared/useConsoleFlag';
import { gateFromFlag } from '../../../shared/k8s/useWatchedList';
import type { WatchGate } from '../../../shared/k8s/useWatchedList';
import { FLAGS } from '../../../shared/flags';
import {
  BareMetalHostGVK,
  BareMetalHostModel,
  BareMetalSwitchGVK,
  HardwareDataGVK,
  HardwareDataModel,
  HostNetworkAttachmentGVK,
  NadGVK,
  NodeGVK,
  NodeModel,
  NodeNetworkStateGVK,
  NodeNetworkStateModel,
  PolicyGVK,
} from '../../../shared/k8s/models';
import { useAttachedPods } from '../../nads/data/useAttachedPods';
import { LEAN_LARGE_PAGE_SIZE } from '../../../shared/k8s/leanWatch';
import { useLeanList } from '../../../shared/k8s/useLeanWatch';
import {
  digestHardwareDataForVlanCheck,
  digestHostForVlanCheck,
  digestNnsForVlanCheck,
  digestNodeForVlanCheck,
} from '../logic/leanDigests';
import { useWatchedLists } from '../../../shared/k8s/useWatchedLists';
import type { WatchedResult } from '../../../shared/k8s/useWatchedList';
import type { Node } from '../../../shared/model/k8s';
import type {
  BareMetalHost,
  BareMetalSwitch,
  HardwareData,
  HostNetworkAttachment,
} from '../../../shared/model/metal3';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import type {
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { checkVlanConsistencySteps } from '../logic/checkVlanConsistency';
import { switchPortKey } from '../logic/portKey';
import type { PortImpactInputs } from '../logic/portImpact';
import type { VlanMismatch } from '../model/types';

const nnsDigest = (obj: K8sResourceCommon) => digestNnsForVlanCheck(obj);
const nodeDigest = (obj: K8sResourceCommon) => digestNodeForVlanCheck(obj);
const hostDigest = (obj: K8sResourceCommon) => digestHostForVlanCheck(obj);
const hardwareDataDigest = (obj: K8sResourceCommon) => digestHardwareDataForVlanCheck(obj);

/** Every list the check joins, and the check's input built from them. */
export interface VlanCheckInputs {
  hosts: BareMetalHost[];
  switches: BareMetalSwitch[];
  attachments: HostNetworkAttachment[];
  hardwareData: HardwareData[];
  nodes: Node[];
  nodeNetworkStates: NodeNetworkState[];
  policies: NodeNetworkConfigurationPolicy[];
  impactInputs: PortImpactInputs;
  /** The primary result (hosts) for loading/error display. */
  primary: WatchedResult<unknown>;
  isLoading: boolean;
}

/** An unsaved NAD or policy to check in place of (or in addition to) the stored one. */
export interface VlanCheckDraft {
  nad?: NetworkAttachmentDefinition;
  policy?: NodeNetworkConfigurationPolicy;
}

function withDraft<T extends { metadata: { name: string; namespace?: string } }>(
  list: T[],
  draft: T | undefined,
): T[] {
  if (!draft?.metadata.name) return list;
  const same = (o: T) =>
    o.metadata.name === draft.metadata.name && o.metadata.namespace === draft.metadata.namespace;
  return list.some(same) ? list.map((o) => (same(o) ? draft : o)) : [...list, draft];
}

/**
 * NodeNetworkStates and Nodes that a page already holds as lean digests a superset of the
 * check's (the cluster topology's, topology/logic/leanDigests.ts): the check reads them instead
 * of listing both kinds a second time.
 */
export interface SharedNodeLists {
  nodeNetworkStates: readonly NodeNetworkState[];
  nodes: readonly Node[];
  /** Either list is still arriving. */
  isLoading: boolean;
}

export interface VlanCheckScope {
  /** An unsaved NAD or policy, so editors check what the user is about to save. */
  draft?: VlanCheckDraft;
  /** False (e.g. no Metal3 on this cluster) watches nothing and finds nothing. */
  enabled?: boolean;
  /** One node's view: its Node, NodeNetworkState and pods instead of every node's. */
  node?: string;
  /**
   * Only the VLAN check is needed (the cluster topology, the overview): every node's
   * NodeNetworkState and Node come through lean watches as the check's digests
   * (logic/leanDigests.ts) instead of whole objects in the console's store.
   * `nodeNetworkStates` then holds digests.
   */
  checkOnly?: boolean;
  /** With `checkOnly` and no `node`: the NNS and Nodes come from the page, not from watches. */
  shared?: SharedNodeLists;
}

/** `switchesInstalled` false skips the switch/attachment watches (their CRDs are absent). */
export function useVlanCheckInputs(
  /** The switch CRDs' console flag; undefined while the console has not evaluated it. */
  switchesInstalled: boolean | undefined,
  scope: VlanCheckScope = {},
): VlanCheckInputs {
  const { draft, enabled = true, node, checkOnly = false, shared } = scope;
  const on = { enabled };
  const lean = enabled && checkOnly && node === undefined;
  const oneNode =
    node === undefined
      ? { enabled: enabled && !lean }
      : { enabled, fieldSelector: `metadata.name=${node}` };
  const switchGate: WatchGate = enabled ? gateFromFlag(switchesInstalled) : false;
  // The cluster-wide check reads hosts and their inventories as digests too: at 2,000 nodes they
  // are 4,000 objects the console's store would hold whole.
  const stored = { enabled: enabled && !lean };
  const lists = useWatchedLists({
    hosts: { gvk: BareMetalHostGVK, opts: stored },
    hardwareData: { gvk: HardwareDataGVK, opts: stored },
    switches: { gvk: BareMetalSwitchGVK, opts: { enabled: switchGate } },
    attachments: { gvk: HostNetworkAttachmentGVK, opts: { enabled: switchGate } },
    nodes: { gvk: NodeGVK, opts: oneNode },
    nns: { gvk: NodeNetworkStateGVK, opts: oneNode },
    policies: { gvk: PolicyGVK, opts: on },
    nads: { gvk: NadGVK, opts: on },
  });
  const sharedLists = lean ? shared : undefined;
  const ownLean = lean && sharedLists === undefined;
  const leanNodes = useLeanList<Node>({ model: NodeModel, digest: nodeDigest, enabled: ownLean });
  const leanNns = useLeanList<NodeNetworkState>({
    model: NodeNetworkStateModel,
    digest: nnsDigest,
    pageSize: LEAN_LARGE_PAGE_SIZE,
    enabled: ownLean,
  });
  const leanHosts = useLeanList<BareMetalHost>({
    model: BareMetalHostModel,
    digest: hostDigest,
    enabled: lean,
  });
  const leanHardwareData = useLeanList<HardwareData>({
    model: HardwareDataModel,
    digest: hardwareDataDigest,
    enabled: lean,
  });
  const podList = useAttachedPods({ node, enabled });
  const hosts = (lean ? leanHosts.data : lists.hosts.data) as BareMetalHost[];
  const hardwareData = (lean ? leanHardwareData.data : lists.hardwareData.data) as HardwareData[];
  const switches = lists.switches.data as BareMetalSwitch[];
  const attachments = lists.attachments.data as HostNetworkAttachment[];
  const nodes = (sharedLists?.nodes ?? (lean ? leanNodes.data : lists.nodes.data)) as Node[];
  const nns = (sharedLists?.nodeNetworkStates ??
    (lean ? leanNns.data : lists.nns.data)) as NodeNetworkState[];
  const storedPolicies = lists.policies.data as NodeNetworkConfigurationPolicy[];
  const storedNads = lists.nads.data as NetworkAttachmentDefinition[];
  const policies = useMemo(
    () => withDraft(storedPolicies, draft?.policy),
    [storedPolicies, draft?.policy],
  );
  const nads = useMemo(() => withDraft(storedNads, draft?.nad), [storedNads, draft?.nad]);
  const pods = podList.data;
  const podsLoaded = !podList.isLoading && !podList.error;

  const impactInputs = useMemo(
    (): PortImpactInputs => ({
      nodes,
      bareMetalHosts: hosts,
      hardwareData,
      hostNetworkAttachments: attachments,
      switches,
      nodeNetworkStates: nns,
      policies,
      nads,
      // Without pods (e.g. no permission to list them) every NAD counts, one severity lower.
      ...(podsLoaded ? { pods } : {}),
    }),
    [nodes, hosts, hardwareData, attachments, switches, nns, policies, nads, pods, podsLoaded],
  );
  const isLoading =
    sharedLists?.isLoading === true ||
    podList.isLoading ||
    leanNodes.isLoading ||
    leanNns.isLoading ||
    leanHosts.isLoading ||
    leanHardwareData.isLoading ||
    Object.values(lists).some((r) => (r as WatchedResult<unknown>).isLoading);
  return {
    hosts,
    switches,
    attachments,
    hardwareData,
    nodes,
    nodeNetworkStates: nns,
    policies,
    impactInputs,
    primary: lists.hosts,
    isLoading,
  };
}

/** The VLAN check's findings grouped by switch port, for marking ports on the topology. */
export function useSwitchPortMismatches(
  enabled: boolean,
  /** Check this node only (the one-node topology): nothing of other nodes is watched. */
  node?: string,
  /** The cluster topology's NNS and Node digests (see SharedNodeLists). */
  shared?: SharedNodeLists,
): ReadonlyMap<string, VlanMismatch[]> {
  const switchesInstalled = useConsoleFlag(FLAGS.metal3Switches);
  const { mismatches } = useVlanCheck(switchesInstalled, enabled, node, shared);
  return useMemo(() => {
    const byPort = new Map<string, VlanMismatch[]>();
    for (const m of mismatches) {
      if (!m.switchID || !m.port || m.severity === 'info') continue;
      const key = switchPortKey(m.switchID, m.port);
      byPort.set(key, [...(byPort.get(key) ?? []), m]);
    }
    return byPort;
  }, [mismatches]);
}

const NO_MISMATCHES: VlanMismatch[] = [];

/** Longest slice of the check in one task: the heartbeat and input get a turn in between. */
const CHECK_SLICE_MS = 8;

/**
 * The check after the render that changed its inputs, in slices of a few milliseconds, one task
 * each, for the topology's marks and the overview's count: at 500 nodes it takes about a tenth
 * of a second, which as one task was the longest main-thread block of the topology's load
 * (issue 23: <= 200 ms). Inputs that change again before it finished cancel it, and the check
 * starts over on the new ones. It runs once every list has arrived (`ready`): over part of the
 * lists it would report mismatches that are not there (a host whose node state has not arrived
 * needs nothing on its ports yet) and redo the whole check for every page of every list.
 */
function useDeferredCheck(
  inputs: PortImpactInputs,
  ready: boolean,
): { result: VlanMismatch[]; checked: boolean } {
  // `checked`: the check has run once over complete lists. Until then the empty result is not
  // "no mismatches", so callers keep showing that it is loading.
  const [state, setState] = useState({ result: NO_MISMATCHES, checked: false });
  useEffect(() => {
    if (!ready) return undefined;
    const steps = checkVlanConsistencySteps(inputs);
    let timer = 0;
    const slice = () => {
      const end = performance.now() + CHECK_SLICE_MS;
      for (;;) {
        const r = steps.next();
        if (r.done) {
          setState({ result: r.value, checked: true });
          return;
        }
        if (performance.now() >= end) break;
      }
      timer = window.setTimeout(slice, 0);
    };
    timer = window.setTimeout(slice, 0);
    return () => window.clearTimeout(timer);
  }, [inputs, ready]);
  return state;
}

/**
 * The check alone, over lean digests, in a task of its own after the render that changed its
 * inputs (see useDeferredCheck).
 */
export function useVlanCheck(
  switchesInstalled: boolean | undefined,
  enabled: boolean,
  node?: string,
  shared?: SharedNodeLists,
): { mismatches: VlanMismatch[]; isLoading: boolean } {
  const inputs = useVlanCheckInputs(switchesInstalled, {
    enabled,
    node,
    checkOnly: true,
    shared,
  });
  const check = useDeferredCheck(inputs.impactInputs, !inputs.isLoading);
  return { mismatches: check.result, isLoading: inputs.isLoading || !check.checked };
}
