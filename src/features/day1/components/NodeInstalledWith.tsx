import { useMemo } from 'react';
import { useFlag } from '@openshift-console/dynamic-plugin-sdk';
import { FLAGS } from '../../../shared/flags';
import {
  BareMetalHostGVK,
  HardwareDataGVK,
  NodeGVK,
  NodeNetworkStateGVK,
  PolicyGVK,
} from '../../../shared/k8s/models';
import { useWatchedLists } from '../../../shared/k8s/useWatchedLists';
import type { Node } from '../../../shared/model/k8s';
import type { BareMetalHost, HardwareData } from '../../../shared/model/metal3';
import type {
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { findHostForNode } from '../../switch-ports/logic/checkVlanConsistency';
import { InstalledWithSection } from './InstalledWithSection';

/** The node topology's "installed with": finds the node's BareMetalHost, then its day-1 config. */
export function NodeInstalledWith({ node }: { node: string }) {
  const metal3 = useFlag(FLAGS.metal3);
  const on = { enabled: metal3 };
  // This node's Node and NodeNetworkState by name: the Network tab must not hold every node's
  // state in the console's store to show one. Hosts are still all read: which one is this
  // node's is decided from their consumer references and MACs (findHostForNode).
  const thisNode = { enabled: metal3, fieldSelector: `metadata.name=${node}` };
  const lists = useWatchedLists({
    hosts: { gvk: BareMetalHostGVK, opts: on },
    hardwareData: { gvk: HardwareDataGVK, opts: on },
    nodes: { gvk: NodeGVK, opts: thisNode },
    nns: { gvk: NodeNetworkStateGVK, opts: thisNode },
    policies: { gvk: PolicyGVK, opts: on },
  });
  const hosts = lists.hosts.data as BareMetalHost[];
  const hardwareData = lists.hardwareData.data as HardwareData[];
  const nodes = lists.nodes.data as Node[];
  const states = lists.nns.data as NodeNetworkState[];
  const policies = lists.policies.data as NodeNetworkConfigurationPolicy[];
  const nodeObj = nodes.find((n) => n.metadata.name === node);
  const nns = states.find((n) => n.metadata.name === node);
  const host = useMemo(
    () => (nodeObj ? findHostForNode(nodeObj, hosts, { nns, hardwareData }) : undefined),
    [nodeObj, hosts, nns, hardwareData],
  );
  if (!metal3 || !host) return null;
  return (
    <InstalledWithSection
      host={host}
      hardwareData={hardwareData.find(
        (d) =>
          d.metadata.name === host.metadata.name &&
          d.metadata.namespace === host.metadata.namespace,
      )}
      node={nodeObj}
      nns={nns}
      policies={policies}
      testId="node-installed-with"
    />
  );
}
